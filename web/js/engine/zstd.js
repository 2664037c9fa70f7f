// @ts-check
// Downloads the build compressed with Zstandard, decoded as they arrive.
//
// A first visit on a phone's 4G waits mostly for bytes: the runtime, the
// standard library and our package. A static host such as GitHub Pages
// compresses with gzip only (and zips not at all), so the build ships these
// files as Zstandard frames it made itself (scripts/zstd.mjs), about a fifth
// smaller than gzip for the wasm, and the standard library zip stored
// uncompressed inside one frame, which compresses across its files (a zip's
// entries are each compressed alone). They are decoded here by fzstd, a small
// decoder in plain JavaScript; the build proves that it gives back every byte.
//
// The service worker stores each file decoded, once (web/sw.js), marked with
// the DECODED header: a returning player's start reads those bytes as they are,
// without a stream of our own in between (the wasm then compiles straight from
// the cache). Anything else is looked at: bytes that do not start with a
// Zstandard frame's magic number (as a server that decoded them itself would
// hand them over) are passed on as they are.

import { Decompress, decompress } from "fzstd";

const MAGIC = [0x28, 0xb5, 0x2f, 0xfd]; // a Zstandard frame's first four bytes

/** The header the service worker puts on a file it stored decoded. */
export const DECODED = "X-Cloverleaf-Decoded";

/** Whether `bytes` start a Zstandard frame. @param {Uint8Array} bytes */
export function isZstd(bytes) {
  return bytes.length >= MAGIC.length && MAGIC.every((byte, index) => bytes[index] === byte);
}

/** `bytes` decoded when they are a Zstandard frame, else as they are. @param {Uint8Array} bytes */
export function decodedBytes(bytes) {
  return isZstd(bytes) ? decompress(bytes) : bytes;
}

/**
 * A stream that decodes Zstandard bytes as they come, and passes on any other
 * bytes untouched (decided by the first four). A truncated or damaged frame
 * makes the stream fail, so nothing half-decoded reaches Python.
 * @returns {TransformStream<Uint8Array, Uint8Array>}
 */
export function zstdDecoder() {
  /** @type {Uint8Array | null} the first bytes, until there are enough to decide */
  let head = new Uint8Array(0);
  /** @type {Decompress | null} fzstd's decoder, once the bytes are known to be Zstandard */
  let decoder = null;
  let plain = false; // the bytes are not Zstandard: passed on
  return new TransformStream({
    transform(chunk, controller) {
      if (!decoder && !plain) {
        head = concat(head ?? new Uint8Array(0), chunk);
        if (head.length < MAGIC.length) return;
        chunk = head;
        head = null;
        if (isZstd(chunk)) decoder = new Decompress((data) => data.length && controller.enqueue(data));
        else plain = true;
      }
      if (plain) controller.enqueue(chunk);
      else decoder?.push(chunk, false);
    },
    flush(controller) {
      if (head?.length) controller.enqueue(head); // fewer than four bytes in all
      decoder?.push(new Uint8Array(0), true); // throws if the frame is incomplete
    },
  });
}

/** @param {Uint8Array} first @param {Uint8Array} second */
function concat(first, second) {
  const both = new Uint8Array(first.length + second.length);
  both.set(first);
  both.set(second, first.length);
  return both;
}
