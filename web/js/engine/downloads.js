// @ts-check
// The worker's start-up downloads: counted for the page's loading bar, held until
// the page's first table is painted, and decoded as they arrive (the build ships
// the runtime, the standard library and the package as Zstandard frames, zstd.js).

import { DECODED, zstdDecoder } from "./zstd.js";
import { post } from "./to-page.js";

/** The browser's own fetch, taken before the start answers Pyodide's requests itself (start-files.js). */
export const networkFetch = self.fetch.bind(self);

// Bytes received of each download, for the page's loading bar: sent at most every
// PROGRESS_MS, and once more when a download ends. Not counted when every file
// comes from the service worker's cache (boot.js says so): counting costs a
// returning player's start tens of milliseconds on a phone, for a bar that would
// fill at once.
const PROGRESS_MS = 100;
/** @type {Record<string, number>} */
const received = {};
let progressTimer = 0;

/**
 * `bytes` of the download `name` have come (`done`: all of them).
 * @param {string} name @param {number} bytes @param {boolean} [done]
 */
export function count(name, bytes, done = false) {
  received[name] = bytes;
  if (progressTimer && !done) return;
  clearTimeout(progressTimer);
  progressTimer = setTimeout(() => (progressTimer = 0), PROGRESS_MS);
  post({ event: "progress", stage: "download", received: { ...received } });
}

/** A stream that passes bytes through, counting them under `name`. @param {string} name */
function counter(name) {
  let bytes = 0;
  return new TransformStream({
    /** @param {Uint8Array} chunk @param {TransformStreamDefaultController<Uint8Array>} controller */
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      count(name, bytes);
      controller.enqueue(chunk);
    },
    flush: () => count(name, bytes, true),
  });
}

// Decoding and compiling the runtime as it arrives takes the CPU while the page
// draws its first table: on a phone's CPU (4x slower, two cores here) that
// delayed the table's first frame by about 200 ms, measured. So the bytes are
// read as they come (the download goes on at full speed) but held until the
// page says its table is painted ({painted}), or PAINT_WAIT_MS after this worker
// started when no page says so; decoding and compiling then catch up long before
// the last byte arrives.
const PAINT_WAIT_MS = 1500;
/** @type {() => void} */
let painted = () => {};
const paintedGate = new Promise((resolve) => {
  painted = () => resolve(undefined);
  setTimeout(resolve, PAINT_WAIT_MS);
});

/** The page says its first table is on screen ({painted}): held downloads go on. */
export function pagePainted() {
  painted();
}

/** A stream that holds its chunks until `gate` settles, reading on meanwhile. @param {Promise<unknown>} gate */
function heldUntil(gate) {
  let open = false;
  /** @type {TransformStreamDefaultController<Uint8Array> | null} */
  let readable = null;
  /** @type {Uint8Array[]} */
  const held = [];
  gate.then(() => {
    open = true;
    for (const chunk of held) readable?.enqueue(chunk);
    held.length = 0;
  });
  return new TransformStream({
    start: (controller) => void (readable = controller),
    /** @param {Uint8Array} chunk @param {TransformStreamDefaultController<Uint8Array>} controller */
    transform: (chunk, controller) => void (open ? controller.enqueue(chunk) : held.push(chunk)),
    flush: () => gate.then(() => {}), // the held chunks are passed on first
  });
}

/**
 * The file at `url`, decoded as it arrives (zstd.js) once the page's table is
 * painted, and counted for the bar under `name` (null: not counted, nor when
 * `stored`: every file comes from the service worker's cache), as a Response of
 * type `type`; as it is when the service worker stored it decoded.
 * @param {string} url @param {string | null} name @param {{stored: boolean, type?: string}} options
 * @returns {Promise<Response>}
 */
export async function decodedDownload(url, name, { stored, type = "application/octet-stream" }) {
  const response = await networkFetch(url);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} for ${url.split("/").pop()}`);
  if (response.headers.has(DECODED)) return response;
  const body = stored || !name ? response.body : response.body.pipeThrough(counter(name));
  return new Response(body.pipeThrough(heldUntil(paintedGate)).pipeThrough(zstdDecoder()), { headers: { "Content-Type": type } });
}

/**
 * The bytes of the file at `url`, decoded (see decodedDownload).
 * @param {string} url @param {string | null} name @param {boolean} stored
 */
export async function download(url, name, stored) {
  return (await decodedDownload(url, name, { stored })).arrayBuffer();
}
