// Files compressed with Zstandard for a first visit's download (run by build.sh):
//
//   node scripts/zstd.mjs PYODIDE_DIR FILE...      writes FILE.zst beside each FILE
//
// A static host compresses with gzip, or not at all (zips): a frame made here is
// about a fifth smaller than gzip for the wasm, and a quarter smaller than the
// deflated zip for the standard library, whose zip is stored uncompressed so the
// frame compresses across its files. On a phone's 4G that is most of a second.
// The page decodes them as they arrive (web/js/engine/zstd.js, with fzstd).
//
// Compressed by Python's own compression.zstd in Pyodide (Python 3.14), so the
// build needs no zstd program. The window is 2 MB (window_log 21): the page's
// streaming decoder (fzstd) moves its whole window once per 128 kB block, and
// the level's own 8 MB window would move four times the bytes to save 0.4% of
// the download (2,893,640 bytes of wasm against 2,905,560 with the zstd program).
//
// Every frame is then decoded with the page's own decoder, both whole and as a
// stream in chunks of two sizes, and must give back every byte: a decoder that failed a
// file would break the page's start, so the build fails instead.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

import { decodedBytes, zstdDecoder } from "../web/js/engine/zstd.js";

const LEVEL = 19;
const WINDOW_LOG = 21;

const [pyodideDir, ...files] = process.argv.slice(2);
if (!files.length) {
  console.error("usage: node scripts/zstd.mjs PYODIDE_DIR FILE...");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: path.resolve(pyodideDir) + "/", stdout: () => {} });
const compress = pyodide.runPython(`
from compression import zstd

def compress(data):
    options = {zstd.CompressionParameter.compression_level: ${LEVEL},
               zstd.CompressionParameter.window_log: ${WINDOW_LOG}}
    return zstd.compress(bytes(data.to_py()), options=options)
compress
`);

/** The bytes `frame` decodes to through the page's streaming decoder, fed `chunk` bytes at a time. */
async function streamed(frame, chunk) {
  const source = new ReadableStream({
    start(controller) {
      for (let at = 0; at < frame.length; at += chunk) controller.enqueue(frame.subarray(at, at + chunk));
      controller.close();
    },
  });
  return new Uint8Array(await new Response(source.pipeThrough(zstdDecoder())).arrayBuffer());
}

const same = (a, b) => a.length === b.length && Buffer.from(a.buffer, a.byteOffset, a.length).equals(b);

for (const file of files) {
  const plain = fs.readFileSync(file);
  const proxy = compress(new Uint8Array(plain));
  const frame = proxy.toJs();
  proxy.destroy();
  for (const [how, decoded] of [
    ["whole", decodedBytes(frame)],
    ["streamed", await streamed(frame, 16_384)],
    ["streamed in odd chunks", await streamed(frame, 1021)],
  ]) {
    if (!same(decoded, plain)) {
      console.error(`${file}: the page's decoder (${how}) does not give back the file's bytes`);
      process.exit(1);
    }
  }
  fs.writeFileSync(`${file}.zst`, frame);
  const gzip = zlib.gzipSync(plain, { level: 6 }).length;
  console.error(
    `zstd: ${path.basename(file)} ${plain.length.toLocaleString("en")} bytes -> ` +
      `${frame.length.toLocaleString("en")} (gzip -6: ${gzip.toLocaleString("en")})`,
  );
}
