// @ts-check
// The start-up snapshot as stored: Pyodide's memory snapshot without its zeros.
//
// A snapshot (scripts/snapshot.mjs) is a header and the whole WebAssembly memory:
// 31 MB, of which about 13 MB is not zeros, in a dozen long runs. Stored sparse,
// a returning player's start reads those 13 MB and lays them into a zeroed buffer
// of the full size, which is much cheaper on a phone than inflating the gzipped
// 31 MB at every start (the service worker inflates the download once, web/sw.js).
//
// Layout, little-endian 32-bit words:
//   magic "CLsp", format version (1), full length, run count,
//   then per run: its offset and its length (multiples of PAGE, but the last),
//   then the runs' bytes, one after the other.
// The build writes it (packSnapshot, in Node); the worker reads it (unpackSnapshot).

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
 * The full snapshot again, as loadPyodide's _loadSnapshot takes it (the worker's side).
 * Throws on anything that is not a whole sparse snapshot of this format.
 * @param {Uint8Array} packed
 * @returns {Uint8Array}
 */
export function unpackSnapshot(packed) {
  if (!isSparseSnapshot(packed)) throw new Error("not a stored snapshot");
  const words = new DataView(packed.buffer, packed.byteOffset, packed.byteLength);
  if (words.getUint32(4, true) !== VERSION) throw new Error("stored snapshot of another format version");
  const length = words.getUint32(8, true);
  const count = words.getUint32(12, true);
  let at = (HEADER_WORDS + 2 * count) * 4;
  if (at > packed.byteLength) throw new Error("stored snapshot cut short");
  const snapshot = new Uint8Array(length); // zeros, as the pages left out
  for (let i = 0; i < count; i++) {
    const offset = words.getUint32(16 + 8 * i, true);
    const size = words.getUint32(20 + 8 * i, true);
    if (offset + size > length || at + size > packed.byteLength) throw new Error("stored snapshot cut short");
    snapshot.set(packed.subarray(at, at + size), offset);
    at += size;
  }
  if (at !== packed.byteLength) throw new Error("stored snapshot of the wrong length");
  return snapshot;
}
