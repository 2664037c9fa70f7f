// Prepare the Python package for the page in Pyodide itself (run by build.sh):
//
//   node scripts/snapshot.mjs PYODIDE_DIR PACKAGE_DIR EXTRACT_DIR WORK_DIR
//
// PACKAGE_DIR is py/cloverleaf. Writes, under WORK_DIR:
//   package/cloverleaf/...  the sources and their bytecode (__pycache__/*.pyc), which
//                           scripts/package.py zips for the page;
//   snapshot.gz             a Pyodide memory snapshot with the package imported.
//
// Bytecode: compiled by Pyodide's own Python (these machines have no CPython of the
// same version), as unchecked-hash .pyc files, valid whatever time stamps the
// unpacked files get: the zip is named after a hash of its content, so sources and
// bytecode never disagree. Importing the package from bytecode takes about a fifth
// of the time of compiling it at every start.
//
// Snapshot: a player's start-up is CPU-bound. Pyodide spends most of it starting the
// interpreter (stdlib imports, its own bootstrap), then we import our package. A
// snapshot is the WebAssembly memory right after all of that, taken once here: the
// worker hands it to loadPyodide({_loadSnapshot}) and skips that work. It fits only
// the exact pyodide.asm.wasm it was made with (Pyodide checks its build id), so
// build.sh makes it from the same npm package it copies into dist/. The package is
// imported from EXTRACT_DIR, where the worker unpacks the zip too.
//
// What the snapshot fixes for every player: Python's string hash seed (0 here) and
// the state of the `random` module's shared generator. Neither matters: deal
// numbers come from random.SystemRandom (the browser's crypto) and the solver never
// depends on hash order. Written gzipped (level 9): the worker inflates it with
// DecompressionStream, which checks its CRC, so damaged bytes are refused.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

const [pyodideDir, packageDir, extractDir, workDir] = process.argv.slice(2);
if (!workDir) {
  console.error("usage: node scripts/snapshot.mjs PYODIDE_DIR PACKAGE_DIR EXTRACT_DIR WORK_DIR");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: path.resolve(pyodideDir) + "/",
  env: { PYTHONHASHSEED: "0" },
  stdout: () => {},
  _makeSnapshot: true,
});
const { FS } = pyodide;
const packageName = path.basename(path.resolve(packageDir));

// Host -> Pyodide: the sources, without any bytecode the host may have written.
function copyIn(hostDir, pyDir) {
  FS.mkdirTree(pyDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || /\.py[co]$/.test(entry.name)) continue;
    const from = path.join(hostDir, entry.name);
    const to = `${pyDir}/${entry.name}`;
    if (entry.isDirectory()) copyIn(from, to);
    else FS.writeFile(to, new Uint8Array(fs.readFileSync(from)));
  }
}

// Pyodide -> host: sources and bytecode, for the zip.
function copyOut(pyDir, hostDir) {
  fs.mkdirSync(hostDir, { recursive: true });
  for (const name of FS.readdir(pyDir)) {
    if (name === "." || name === "..") continue;
    const from = `${pyDir}/${name}`;
    const to = path.join(hostDir, name);
    if (FS.isDir(FS.stat(from).mode)) copyOut(from, to);
    else fs.writeFileSync(to, FS.readFile(from));
  }
}

copyIn(packageDir, `${extractDir}/${packageName}`);
const count = pyodide.runPython(`
import compileall, gc, importlib, pkgutil, py_compile, sys
root = ${JSON.stringify(extractDir)}
compileall.compile_dir(
    root, quiet=1, invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH
)
sys.path.insert(0, root)
package = importlib.import_module(${JSON.stringify(packageName)})
names = [package.__name__] + [
    module.name
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + ".")
    if not module.name.endswith(".__main__")
]
for name in names:
    importlib.import_module(name)
del compileall, importlib, pkgutil, py_compile, package, name, root
gc.collect()
len(names)
`);
const packageOut = path.join(workDir, "package");
fs.rmSync(packageOut, { recursive: true, force: true });
copyOut(`${extractDir}/${packageName}`, path.join(packageOut, packageName));

const snapshot = pyodide.makeMemorySnapshot();
const packed = zlib.gzipSync(snapshot, { level: 9 });
fs.writeFileSync(path.join(workDir, "snapshot.gz"), packed);
console.error(
  `snapshot: ${count} modules imported, ${snapshot.length.toLocaleString("en")} bytes, ` +
    `${packed.length.toLocaleString("en")} gzipped`,
);
