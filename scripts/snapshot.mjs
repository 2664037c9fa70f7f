// A Pyodide memory snapshot with the page's Python imported (run by build.sh):
//
//   node scripts/snapshot.mjs PYODIDE_DIR EXTRACT_DIR WORK_DIR
//
// WORK_DIR holds what scripts/stdlib.mjs wrote (python_stdlib.zip, the trimmed
// standard library; package.zip, the package with its bytecode); this writes
// WORK_DIR/snapshot.gz.
//
// A player's start-up is CPU-bound. Pyodide spends most of it starting the
// interpreter (stdlib imports, its own bootstrap), then we import our package. A
// snapshot is the WebAssembly memory right after all of that, taken once here: the
// worker hands it to loadPyodide({_loadSnapshot}) and skips that work. It fits only
// the exact pyodide.asm.wasm it was made with (Pyodide checks its build id), so
// build.sh makes it from the same npm package it copies into dist/, and only the
// standard library zip it was made with: Python's zip importer keeps the zip's
// table of contents in memory, so the worker restores it with the very same
// trimmed zip. The package is unpacked into EXTRACT_DIR, as the worker does.
//
// What the snapshot fixes for every player: Python's string hash seed (0 here) and
// the state of the `random` module's shared generator. Neither matters: deal
// numbers come from random.SystemRandom (the browser's crypto) and the solver never
// depends on hash order.
//
// The same Python makes the same bytes: while the snapshot is made, the runtime's
// randomness (the generator's seed, which Python draws from the operating system)
// and its clocks (times of import, of the unpacked files) come from fixed
// sequences here. A release that changes only the page's JavaScript then keeps the
// snapshot's name and bytes, and no returning player downloads its 4.6 MB again.
//
// Stored sparse (web/js/engine/snapshot-format.js reads it back): the memory is 31 MB,
// but only about 13 MB of it is not zeros, in a dozen runs, so the file keeps the
// runs and their places only. Gzipped (level 9) for the download; the service
// worker inflates it once when it stores the app (web/sw.js), so a returning
// player's start reads 13 MB from the cache instead of inflating 31 MB, which
// took a third of a second on a phone's CPU at every start.

import nodeCrypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

import { packSnapshot, readSnapshot, restoreSparse } from "../web/js/engine/snapshot-format.js";
import { IMPORT_PAGE_MODULES } from "./page-modules.mjs";

const [pyodideDir, extractDir, workDir] = process.argv.slice(2);
if (!workDir) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR EXTRACT_DIR WORK_DIR");
  process.exit(2);
}

fixRandomnessAndClocks();
const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  stdLibURL: path.join(workDir, "python_stdlib.zip"),
  env: { PYTHONHASHSEED: "0" },
  stdout: () => {},
  _makeSnapshot: true,
});
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(path.join(workDir, "package.zip"))), "zip", { extractDir });
const count = pyodide.runPython(`${IMPORT_PAGE_MODULES}
import gc
count = len(import_page_modules(${JSON.stringify(extractDir)}))
del import_page_modules
gc.collect()
count
`);
pyodide.runPython("del count, gc");

const snapshot = pyodide.makeMemorySnapshot();
const sparse = packSnapshot(snapshot);
await checkSparseRestore(snapshot, sparse);
const packed = zlib.gzipSync(sparse, { level: 9 });
fs.writeFileSync(path.join(workDir, "snapshot.gz"), packed);
console.error(
  `snapshot: ${count} modules imported, ${snapshot.length.toLocaleString("en")} bytes, ` +
    `${sparse.length.toLocaleString("en")} stored sparse, ${packed.length.toLocaleString("en")} gzipped`,
);

// The worker restores the stored snapshot its own way (restoreSparse: the runs
// written straight into the memory). Proved here at every build: restored so in a
// fresh Pyodide, the memory is byte for byte what Pyodide's own restore of the
// whole snapshot gives, and the page's API answers.
async function checkSparseRestore(whole, packed) {
  const memoryAfterRestore = async (image, restoreOurWay) => {
    let memory = null;
    const restored = await loadPyodide({
      indexURL: path.resolve(pyodideDir) + "/",
      stdLibURL: path.join(workDir, "python_stdlib.zip"),
      _loadSnapshot: image,
      createPyodideModule: async (settings) => {
        const module = await (await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.asm.mjs")).href)).default(settings);
        restoreOurWay?.(module);
        const restore = module.API.restoreSnapshot;
        module.API.restoreSnapshot = (bytes) => {
          const metadata = restore(bytes);
          memory = module.HEAP8.slice();
          return metadata;
        };
        return module;
      },
    });
    return { memory, restored };
  };
  const theirs = await memoryAfterRestore(whole);
  const stored = readSnapshot(packed);
  const ours = await memoryAfterRestore(new Uint8Array(stored.length), (module) => restoreSparse(module, stored));
  const same = theirs.memory.length === ours.memory.length && Buffer.from(theirs.memory.buffer).equals(Buffer.from(ours.memory.buffer));
  if (!same) throw new Error("snapshot: the worker's restore (restoreSparse) gives another memory than Pyodide's");
  const version = JSON.parse(ours.restored.pyimport("cloverleaf.api").call("version", "{}"));
  if (!version.ok) throw new Error(`snapshot: the API does not answer after the worker's restore: ${JSON.stringify(version)}`);
}

// Randomness from a fixed sequence (xorshift32), and clocks that start at a fixed
// instant and advance a millisecond a reading: Pyodide's runtime reads both
// through Node's crypto.randomFillSync, Date.now and performance.now.
function fixRandomnessAndClocks() {
  let state = 0x2545f491;
  nodeCrypto.randomFillSync = (view, offset = 0, size) => {
    const bytes = new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
    const end = size === undefined ? bytes.length : offset + size;
    for (let i = offset; i < end; i += 1) {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      bytes[i] = state & 0xff;
    }
    return view;
  };
  const start = Date.UTC(2026, 0, 1);
  let ticks = 0;
  Date.now = () => start + ticks++;
  performance.now = () => ticks++;
}
