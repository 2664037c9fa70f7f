// @ts-check
// Start Pyodide in Node, install wheels with micropip, run Python read from stdin
// (used by tests/test_wheel.py):
//
//   node tests/run_in_pyodide.mjs PYODIDE_DIR MICROPIP_WHEEL WHEEL... < code.py
//
// The way a person would use our wheel from a Pyodide console or JupyterLite:
// micropip first, then `await micropip.install(<wheel URL>)`. Only PYODIDE_DIR's
// own files are used (no CDN, no network): the npm package does not ship micropip,
// so the caller hands over micropip's wheel (downloaded from PyPI), which
// loadPackage takes by path. What the Python code prints goes to stdout; Pyodide's
// and micropip's messages go to stderr. Exit status 1, with Python's traceback on
// stderr, when anything fails.

import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, micropipWheel, ...wheels] = process.argv.slice(2);
if (!micropipWheel || wheels.length === 0) {
  console.error("usage: node tests/run_in_pyodide.mjs PYODIDE_DIR MICROPIP_WHEEL WHEEL... < code.py");
  process.exit(2);
}

/** @returns {Promise<string>} everything on stdin */
async function readStdin() {
  const chunks = [];
  for await (const chunk of process.stdin) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
}

try {
  const code = await readStdin();
  const { loadPyodide } = await import(pathToFileURL(path.resolve(pyodideDir, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({
    indexURL: path.resolve(pyodideDir) + "/",
    stdout: (/** @type {string} */ line) => process.stdout.write(line + "\n"),
    stderr: (/** @type {string} */ line) => process.stderr.write(line + "\n"),
  });

  // loadPackage never rejects: on failure it logs and resolves to what it did load.
  const problems = [];
  const loaded = await pyodide.loadPackage(path.resolve(micropipWheel), {
    messageCallback: (/** @type {string} */ message) => console.error(message),
    errorCallback: (/** @type {string} */ message) => problems.push(message),
  });
  if (problems.length > 0 || !loaded.some((/** @type {{name: string}} */ pkg) => pkg.name === "micropip")) {
    throw new Error(`micropip did not load from ${micropipWheel}: ${problems.join("; ") || "nothing loaded"}`);
  }

  // micropip reads file: URLs from Node's file system.
  pyodide.globals.set("wheel_urls", pyodide.toPy(wheels.map((wheel) => pathToFileURL(path.resolve(wheel)).href)));
  await pyodide.runPythonAsync("import micropip\nawait micropip.install(wheel_urls)\ndel wheel_urls");
  await pyodide.runPythonAsync(code);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
