// Write a Pyodide memory snapshot with the cloverleaf package imported.
//
//   node scripts/snapshot.mjs PYODIDE_DIR PACKAGE_ZIP EXTRACT_DIR OUT.gz
//
// Why: a player's start-up is CPU-bound. Pyodide spends most of it starting the
// interpreter (stdlib imports, its own bootstrap), then we import our package.
// A snapshot is the WebAssembly memory right after all of that, taken once at
// build time here in Node: the worker hands it to loadPyodide({_loadSnapshot})
// and skips that work on every start. The snapshot only fits the exact
// pyodide.asm.wasm it was made with (Pyodide checks its build id), so build.sh
// makes it from the same npm package it copies into dist/.
//
// What the snapshot fixes for every player: Python's string hash seed (set to 0
// here so that builds are reproducible) and the state of the `random` module's
// shared generator. Neither matters: deal numbers come from random.SystemRandom
// (the browser's crypto) and the solver never depends on hash order.
//
// Written gzipped (level 9): the worker inflates it with DecompressionStream,
// which also checks its CRC, so a damaged download is refused, not restored.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideDir, packageZip, extractDir, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR PACKAGE_ZIP EXTRACT_DIR OUT.gz");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  env: { PYTHONHASHSEED: "0" },
  stdout: () => {},
  _makeSnapshot: true,
});
pyodide.unpackArchive(new Uint8Array(fs.readFileSync(packageZip)), "zip", { extractDir });
// Import every module of the package, so that nothing is read from the file
// system later (the worker unpacks the zip too, for tracebacks and safety).
const imported = pyodide.runPython(`
import gc, importlib, pkgutil, sys
sys.path.insert(0, ${JSON.stringify(extractDir)})
import cloverleaf
names = ["cloverleaf"] + [
    m.name for m in pkgutil.walk_packages(cloverleaf.__path__, "cloverleaf.") if not m.name.endswith(".__main__")
]
for name in names:
    importlib.import_module(name)
gc.collect()
len(names)
`);
const snapshot = pyodide.makeMemorySnapshot();
const packed = zlib.gzipSync(snapshot, { level: 9 });
fs.writeFileSync(out, packed);
console.error(
  `snapshot: ${imported} modules imported, ${snapshot.length.toLocaleString("en")} bytes, ` +
    `${packed.length.toLocaleString("en")} gzipped`,
);
