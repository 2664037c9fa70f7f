// @ts-check
// The start-up snapshot as stored: Pyodide's memory snapshot without its zeros.
//
// A snapshot (scripts/snapshot.mjs) is a header and the whole WebAssembly memory:
// 31 MB, of which about 13 MB is not zeros, in a dozen long runs. Stored sparse,
// a returning player's start reads those 13 MB and writes them straight into
// Pyodide's memory, which is much cheaper on a phone than inflating the gzipped
// 31 MB at every start (the service worker inflates the download once, web/sw.js).
//
// Layout, little-endian 32-bit words:
//   magic "CLsp", format version (1), full length, run count,
//   then per run: its offset and its length (multiples of PAGE, but the last),
//   then the runs' bytes, one after the other.
// The build writes it (packSnapshot, in Node); the worker reads it (readSnapshot)
// and writes it into Pyodide's memory (restoreSparse).

const MAGIC = 0x70734c43; // "CLsp"
const VERSION = 1;
const PAGE = 4096;
const HEADER_WORDS = 4;

/**
 * Whether `bytes` start like a stored sparse snapshot.
 * @param {Uint8Array} bytes
 */
export function isSparseSnapshot(bytes) {
  return bytes.byteLength >= HEADER_WORDS * 4 && new DataView(bytes.buffer, bytes.byteOffset).getUint32(0, true) === MAGIC;
}

/**
 * The snapshot without its pages of zeros (the build's side).
 * @param {Uint8Array} snapshot  as Pyodide's makeMemorySnapshot gives it
 * @returns {Uint8Array}
 */
export function packSnapshot(snapshot) {
  /** @type {[number, number][]} */
  const runs = [];
  let start = -1;
  for (let page = 0; page < snapshot.length; page += PAGE) {
    const end = Math.min(page + PAGE, snapshot.length);
    let zero = true;
    for (let i = page; i < end; i++) {
      if (snapshot[i] !== 0) {
        zero = false;
        break;
      }
    }
    if (!zero && start < 0) start = page;
    if (zero && start >= 0) {
      runs.push([start, page - start]);
      start = -1;
    }
  }
  if (start >= 0) runs.push([start, snapshot.length - start]);
  const header = (HEADER_WORDS + 2 * runs.length) * 4;
  const size = header + runs.reduce((sum, [, length]) => sum + length, 0);
  const packed = new Uint8Array(size);
  const words = new DataView(packed.buffer);
  words.setUint32(0, MAGIC, true);
  words.setUint32(4, VERSION, true);
  words.setUint32(8, snapshot.length, true);
  words.setUint32(12, runs.length, true);
  let at = header;
  runs.forEach(([offset, length], i) => {
    words.setUint32(16 + 8 * i, offset, true);
    words.setUint32(20 + 8 * i, length, true);
    packed.set(snapshot.subarray(offset, offset + length), at);
    at += length;
  });
  return packed;
}

/**
 * A stored snapshot, checked, its runs read in place (nothing is copied): what
 * restoreSparse writes into Pyodide's memory. Throws on anything that is not a
 * whole sparse snapshot of this format.
 * @param {Uint8Array} packed
 * @returns {SparseSnapshot}
 */
export function readSnapshot(packed) {
  if (!isSparseSnapshot(packed)) throw new Error("not a stored snapshot");
  const words = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (words.getUint32(4, true) !== VERSION) throw new Error("stored snapshot of another format version");
  const length = words.getUint32(8, true);
  const count = words.getUint32(12, true);
  let at = (HEADER_WORDS + 2 * count) * 4;
  if (at > packed.byteLength) throw new Error("stored snapshot cut short");
  /** @type {[number, Uint8Array][]} */
  const runs = [];
  let end = 0;
  for (let i = 0; i < count; i++) {
    const offset = words.getUint32(16 + 8 * i, true);
    const size = words.getUint32(20 + 8 * i, true);
    if (offset < end || offset + size > length || at + size > packed.byteLength) throw new Error("stored snapshot cut short");
    runs.push([offset, packed.subarray(at, at + size)]);
    end = offset + size;
    at += size;
  }
  if (at !== packed.byteLength) throw new Error("stored snapshot of the wrong length");
  if (!runs.length || runs[0][0] !== 0 || runs[0][1].byteLength < PYODIDE_HEADER) throw new Error("stored snapshot without its header");
  return { length, runs };
}

/**
 * @typedef {object} SparseSnapshot
 * @property {number} length  the full snapshot's length (Pyodide sizes the memory by it)
 * @property {[number, Uint8Array][]} runs  where each run of bytes that are not all zeros starts, and its bytes
 */

// Pyodide's own snapshot starts with 32-bit words: its magic number, where the
// memory image starts, the length of its metadata (JSON from byte 48), and its build id.
const PYODIDE_HEADER = 48;

/**
 * Make Pyodide's module restore `snapshot` from its runs: each is written into
 * the WebAssembly memory where it belongs, and the gaps between them are zeroed.
 * Pyodide's own restoreSnapshot copies the whole 31 MB image, which the worker
 * would first have to lay out in a zeroed buffer of its own: two copies where one
 * of 13 MB does (about 0.1 s less on a phone). Pyodide's function still does the
 * rest, handed the image's header and metadata alone: it checks the magic number
 * and the build id, and reads the metadata. The memory is then byte for byte the
 * one Pyodide's own restore gives (scripts/snapshot.mjs checks that at every build).
 * Call it on the module createPyodideModule made, before Pyodide restores.
 * @param {any} module  the Emscripten module (its API and HEAP8)
 * @param {SparseSnapshot} snapshot
 */
export function restoreSparse(module, { length, runs }) {
  const restoreHeader = module.API?.restoreSnapshot;
  if (typeof restoreHeader !== "function" || !module.HEAP8) throw new Error("this Pyodide restores snapshots another way");
  module.API.restoreSnapshot = () => {
    const head = runs[0][1];
    const memoryStart = new DataView(head.buffer, head.byteOffset, PYODIDE_HEADER).getUint32(4, true);
    if (memoryStart > head.byteLength || memoryStart % 4) throw new Error("snapshot header out of place");
    const metadata = restoreHeader(head.slice(0, memoryStart));
    /** @type {Int8Array} */
    const heap = module.HEAP8;
    const image = length - memoryStart;
    if (image > heap.length) throw new Error("snapshot larger than the memory");
    let end = 0; // of what is written, in the memory
    for (const [offset, bytes] of runs) {
      const from = Math.max(offset, memoryStart);
      if (offset + bytes.byteLength <= from) continue; // the header alone
      if (from - memoryStart > end) heap.fill(0, end, from - memoryStart);
      heap.set(bytes.subarray(from - offset), from - memoryStart);
      end = offset + bytes.byteLength - memoryStart;
    }
    heap.fill(0, end, image);
    return metadata;
  };
}
