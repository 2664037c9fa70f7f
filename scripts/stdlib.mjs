// The Python the page needs, made in Pyodide itself (run by build.sh):
//
//   node scripts/stdlib.mjs PYODIDE_DIR PACKAGE_DIR EXTRACT_DIR PLAN WORK_DIR
//
// PACKAGE_DIR is py/cloverleaf, PLAN scripts/api_plan.py. Writes, under WORK_DIR:
//   package.zip        the page's modules of the package (scripts/page-modules.mjs),
//                      sources and bytecode, which the worker unpacks into
//                      EXTRACT_DIR (pyodide.unpackArchive);
//   python_stdlib.zip  Pyodide's standard library trimmed to what the page uses;
//   api-plan.json      the API plan's answers (the proof below).
//
// Bytecode: compiled by Pyodide's own Python (these machines have no CPython of the
// same version), as unchecked-hash .pyc files, valid whatever time stamps the
// unpacked files get: the zip is named after a hash of its content, so sources and
// bytecode never disagree. Importing the package from bytecode takes about a fifth
// of the time of compiling it at every start. The zip is deterministic (sorted
// names, fixed time stamps).
//
// Both zips are stored, not deflated: the build compresses each whole for the
// download (scripts/zstd.mjs), which packs the files together far better than a
// zip's one-file-at-a-time deflate, and Python then reads its modules without
// inflating each one.
//
// The bytecode leaves out the docstrings of modules and functions (COMPILE below),
// as \`python -OO\` does, but keeps every assert and every class's docstring
// (dataclasses would otherwise build one from the signature at import time).
// Nothing the page runs reads them, and they are bytes every newcomer downloads
// before the first tap. Line numbers stay those of the sources, which the package
// zip keeps for tracebacks.
//
// The trimmed standard library: Pyodide's python_stdlib.zip is 2.5 MB (already
// deflated, so a server's gzip gains nothing) and a phone on 4G spends about two
// seconds on it, yet the page imports a fifth of it. What it needs is recorded:
// the modules Pyodide's own start-up imports, then our package, then everything
// the API plan (scripts/api_plan.py: every method, answered and refused, every
// job, statistics, an internal error) imports on its way; what compiling the
// bytecode imported is forgotten first, since the page never compiles. The
// trimmed zip holds exactly those files, each module as bytecode (unchecked-hash
// .pyc, compiled by Pyodide's own Python) in place of its source: Pyodide ships
// sources, which its Python compiles again at every start, the largest part of
// its start-up on a slow CPU. It is then proved
// complete: a second Pyodide starts from the trimmed zip alone, unpacks the
// package zip as the worker does, runs the plan again, and must give the same
// answers; any module missing fails the build here rather than a player's game.

import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { IMPORT_PAGE_MODULES } from "./page-modules.mjs";

const [pyodideDir, packageDir, extractDir, planFile, workDir] = process.argv.slice(2);
if (!workDir) {
  console.error("usage: node scripts/stdlib.mjs PYODIDE_DIR PACKAGE_DIR EXTRACT_DIR PLAN WORK_DIR");
  process.exit(2);
}

const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
const packageName = path.basename(path.resolve(packageDir));
const PLAN_DIR = "/tmp/cloverleaf-build";
const problems = [];

/** A Pyodide; `stdLibURL` when given, else the npm package's full standard library. */
async function start(stdLibURL) {
  return loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    ...(stdLibURL ? { stdLibURL } : {}),
    env: { PYTHONHASHSEED: "0" },
    stdout: () => {},
    stderr: (line) => problems.push(line),
  });
}

// Host -> Pyodide: the sources, without any bytecode the host may have written.
function copyIn(FS, hostDir, pyDir) {
  FS.mkdirTree(pyDir);
  for (const entry of fs.readdirSync(hostDir, { withFileTypes: true })) {
    if (entry.name === "__pycache__" || /\.py[co]$/.test(entry.name)) continue;
    const from = path.join(hostDir, entry.name);
    const to = `${pyDir}/${entry.name}`;
    if (entry.isDirectory()) copyIn(FS, from, to);
    else FS.writeFile(to, new Uint8Array(fs.readFileSync(from)));
  }
}

// Python: \`compile_bytecode(source, cfile, dfile)\` writes an unchecked-hash .pyc
// of \`source\` without the docstrings of its module and functions.
const COMPILE = `
import ast, importlib._bootstrap_external, importlib.util

def _drop_docstrings(tree):
    for node in ast.walk(tree):
        if not isinstance(node, (ast.Module, ast.FunctionDef, ast.AsyncFunctionDef)):
            continue
        body = node.body
        if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) \\
                and isinstance(body[0].value.value, str):
            if len(body) == 1:
                body[0] = ast.copy_location(ast.Pass(), body[0])
            else:
                del body[0]
    return tree

def compile_bytecode(source, cfile, dfile):
    with open(source, "rb") as file:
        data = file.read()
    tree = _drop_docstrings(ast.parse(data, filename=dfile))
    code = compile(tree, dfile, "exec", dont_inherit=True)
    pyc = importlib._bootstrap_external._code_to_hash_pyc(code, importlib.util.source_hash(data), checked=False)
    with open(cfile, "wb") as file:
        file.write(pyc)
`;

// Python, run in each Pyodide: import the page's modules, then the plan.
const IMPORT_AND_PLAN = `${IMPORT_PAGE_MODULES}
import json, sys
import_page_modules(${JSON.stringify(extractDir)})
sys.path.insert(0, ${JSON.stringify(PLAN_DIR)})
import api_plan
from cloverleaf import api as _api
plan_answers = json.dumps(api_plan.run(_api), sort_keys=True)
`;

// ---- 1. The full standard library: bytecode, the package zip, what is used ------

const full = await start();
full.FS.mkdirTree(PLAN_DIR);
full.FS.writeFile(`${PLAN_DIR}/api_plan.py`, new Uint8Array(fs.readFileSync(planFile)));
copyIn(full.FS, packageDir, `${extractDir}/${packageName}`);
const pageModuleCount = full.runPython(`${IMPORT_PAGE_MODULES}
import sys
_started_with = set(sys.modules)
${COMPILE}
# The page's modules, found by importing them from the sources: only their files go
# into the package zip (the command line's modules stay out).
_root = ${JSON.stringify(extractDir)}
_page = [sys.modules[name].__spec__.origin for name in import_page_modules(_root)]
import importlib.util, os, zipfile
_files = []
for _source in _page:
    _compiled = importlib.util.cache_from_source(_source)
    os.makedirs(os.path.dirname(_compiled), exist_ok=True)
    compile_bytecode(_source, _compiled, _source)
    _files += [os.path.relpath(_source, _root), os.path.relpath(_compiled, _root)]

def _deterministic_zip(root, files, target):
    with zipfile.ZipFile(target, "w", zipfile.ZIP_STORED) as archive:
        for name in files:
            info = zipfile.ZipInfo(name.replace(os.sep, "/"), date_time=(2020, 1, 1, 0, 0, 0))
            info.compress_type = zipfile.ZIP_STORED
            info.external_attr = 0o644 << 16
            with open(os.path.join(root, name), "rb") as source:
                archive.writestr(info, source.read())
_deterministic_zip(_root, sorted(_files), "/tmp/package.zip")
# The page never compiles, nor imports from these sources: forget what that
# imported, so that only what the page itself imports is recorded below.
for _name in set(sys.modules) - _started_with:
    del sys.modules[_name]
sys.path.remove(_root)
_count = len(_page)
del _name, _started_with, _deterministic_zip, compile_bytecode, _drop_docstrings, _root, _page, _files, _source, _compiled, import_page_modules
_count
`);
// As the worker does: the package unpacked from its zip (unpacking imports modules too).
full.unpackArchive(full.FS.readFile("/tmp/package.zip"), "zip", { extractDir });
full.runPython(IMPORT_AND_PLAN);
const fullAnswers = full.globals.get("plan_answers");
const zipPath = full.runPython("import sys; [p for p in sys.path if p.endswith('.zip')][0]");
const kept = full.runPython(`
import sys, zipfile
zip_path = ${JSON.stringify(zipPath)}
used = set()
for module in list(sys.modules.values()):
    origin = getattr(getattr(module, "__spec__", None), "origin", None) or ""
    if origin.startswith(zip_path + "/"):
        used.add(origin[len(zip_path) + 1:])
${COMPILE}
import os
with zipfile.ZipFile(zip_path) as source, zipfile.ZipFile("/tmp/python_stdlib.zip", "w") as target:
    for info in source.infolist():
        name = info.filename
        folder = name.endswith("/") and any(file.startswith(name) for file in used)
        if folder or (name in used and not name.endswith(".py")):
            target.writestr(info, source.read(name), compress_type=zipfile.ZIP_STORED)
        elif name in used:
            # Bytecode in place of the source: compiled once here, not at every start.
            plain = "/tmp/stdlib-sources/" + name
            os.makedirs(os.path.dirname(plain), exist_ok=True)
            with open(plain, "wb") as file:
                file.write(source.read(name))
            compile_bytecode(plain, plain + "c", zip_path + "/" + name)
            compiled = zipfile.ZipInfo(name + "c", date_time=info.date_time)
            compiled.compress_type = zipfile.ZIP_STORED
            compiled.external_attr = info.external_attr
            with open(plain + "c", "rb") as file:
                target.writestr(compiled, file.read())
len(used)
`);
fs.mkdirSync(workDir, { recursive: true });
fs.writeFileSync(path.join(workDir, "package.zip"), full.FS.readFile("/tmp/package.zip"));
const trimmedPath = path.join(workDir, "python_stdlib.zip");
fs.writeFileSync(trimmedPath, full.FS.readFile("/tmp/python_stdlib.zip"));

// ---- 2. The trimmed library alone, the package unpacked as the worker does ------

problems.length = 0;
const trimmed = await start(trimmedPath);
trimmed.FS.mkdirTree(PLAN_DIR);
trimmed.FS.writeFile(`${PLAN_DIR}/api_plan.py`, new Uint8Array(fs.readFileSync(planFile)));
let trimmedAnswers = null;
try {
  trimmed.unpackArchive(new Uint8Array(fs.readFileSync(path.join(workDir, "package.zip"))), "zip", {
    extractDir,
  });
  trimmed.runPython(IMPORT_AND_PLAN);
  trimmedAnswers = trimmed.globals.get("plan_answers");
} catch (error) {
  const message = String(error?.message ?? error);
  console.error(`the trimmed standard library fails the API plan:\n${message.slice(-3000)}`);
  process.exit(1);
}
if (trimmedAnswers !== fullAnswers) {
  const a = JSON.parse(fullAnswers);
  const b = JSON.parse(trimmedAnswers);
  const first = a.findIndex((answer, i) => JSON.stringify(answer) !== JSON.stringify(b[i]));
  console.error(
    `the trimmed standard library answers the API plan differently, first at call ${first}:\n` +
      `  full:    ${JSON.stringify(a[first])}\n  trimmed: ${JSON.stringify(b[first])}`,
  );
  process.exit(1);
}
// A missing module would change an answer (an Internal error); its traceback
// on stderr says which.
const missing = problems.filter((line) => /ModuleNotFoundError|ImportError/.test(line));
if (missing.length) {
  console.error(`the trimmed standard library misses modules:\n${problems.join("\n")}`);
  process.exit(1);
}
fs.writeFileSync(path.join(workDir, "api-plan.json"), trimmedAnswers);

const before = fs.statSync(path.resolve(pyodideDir, "python_stdlib.zip")).size;
const after = fs.statSync(trimmedPath).size;
console.error(
  `standard library: ${kept} files of ${before.toLocaleString("en")} bytes kept, ` +
    `${after.toLocaleString("en")} bytes; the package zip holds the page's ${pageModuleCount} modules; ` +
    `the API plan's ${JSON.parse(trimmedAnswers).length} calls ` +
    `answer the same on it`,
);
