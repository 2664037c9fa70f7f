// A file the build compressed with Zstandard, decoded by the page's own decoder
// (web/js/engine/zstd.js), for the tests and benches that read dist/ from outside a page:
//
//   node scripts/unzstd.mjs FILE.zst OUT
//
// A file that is no Zstandard frame is copied as it is, as the page passes it on.

import fs from "node:fs";

import { decodedBytes } from "../web/js/engine/zstd.js";

const [source, target] = process.argv.slice(2);
if (!target) {
  console.error("usage: node scripts/unzstd.mjs FILE.zst OUT");
  process.exit(2);
}
fs.writeFileSync(target, decodedBytes(new Uint8Array(fs.readFileSync(source))));
