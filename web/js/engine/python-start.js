// @ts-check
// Python started in the worker: from the stored snapshot when there is one that
// restores, else the usual way, then our package unpacked and its API loaded.
// The start ends at once when a file it needs is broken or cannot be had: Pyodide
// itself would wait for ever for a runtime that cannot be compiled.

import { errorText } from "./engine-error.js";
import { EXTRACT_DIR, PYODIDE_LOCK } from "../build-info.js";
import { restoreSparse } from "./snapshot-format.js";
import { failureKind } from "./failure.js";
import { callPython, usePython } from "./python-calls.js";
import { healStoredFiles, snapshotRefused } from "./stored-snapshot.js";
import { log, mark, post, progress, times } from "./to-page.js";

/** @typedef {import("./start-files.js").StartFiles} StartFiles */

// After a snapshot the package's modules are all imported already (and its
// folder is on sys.path): its files, which only tracebacks in the console read,
// are unpacked once the start's first requests have been answered. A refused
// snapshot is fetched again by the service worker after as long.
const UNPACK_LATER_MS = 3000;

/**
 * Start Python from `files` (start-files.js); resolves once the API answers, and
 * rejects at once when a file the start needs is broken or cannot be had.
 * @param {StartFiles} files @param {string} healUrl  the service worker's repair (stored-snapshot.js)
 * @returns {Promise<void>}
 */
export async function startPython(files, healUrl) {
  /** @type {Promise<never>} */
  const never = new Promise(() => {});
  /** @param {Promise<unknown>} promise */
  const failure = (promise, { network = true } = {}) =>
    promise.then(
      () => never,
      (error) => {
        if (network || failureKind(error) === "broken") throw error;
        return never; // the network: Pyodide asks for it once more, and says so if that fails too
      },
    );
  return Promise.race([
    loadPython(files, healUrl),
    failure(files.runtimeModule),
    failure(files.runtimeScripts),
    failure(files.stdlibBytes, { network: false }),
  ]);
}

/** @param {StartFiles} files @param {string} healUrl */
async function loadPython(files, healUrl) {
  const { loadPyodide, createPyodideModule } = await files.runtimeScripts;
  const options = {
    indexURL: files.urls.index,
    stdLibURL: files.urls.stdlib,
    lockFileContents: PYODIDE_LOCK,
    /** @param {any} settings */
    createPyodideModule: (settings) => {
      mark("module-created");
      return createPyodideModule(settings);
    },
    packages: [],
    stdout: (/** @type {string} */ text) => log("info", text),
    stderr: (/** @type {string} */ text) => log("error", text),
  };
  const restoredPyodide = await restore(loadPyodide, options, await files.snapshotBytes);
  const pyodide = restoredPyodide ?? (await loadPyodide(options));
  mark("runtime");
  progress("package");
  if (restoredPyodide) setTimeout(() => unpackPackage(pyodide, files.packageBytes).catch(() => {}), UNPACK_LATER_MS);
  else await unpackPackage(pyodide, files.packageBytes);
  usePython(pyodide.pyimport("cloverleaf.api").call); // kept for the worker's lifetime
  const version = callPython("version", {});
  mark("package");
  post({ event: "ready", version: "ok" in version ? version.ok : null, snapshot: restoredPyodide !== null, times });
  if (snapshotRefused()) setTimeout(() => healStoredFiles(healUrl), UNPACK_LATER_MS);
}

/**
 * Our package's files into EXTRACT_DIR, which is put on sys.path.
 * @param {any} pyodide @param {Promise<ArrayBuffer>} packageBytes
 */
async function unpackPackage(pyodide, packageBytes) {
  let zip;
  try {
    zip = await packageBytes;
  } catch (error) {
    throw new Error(`the game package could not be downloaded (${errorText(error)})`, { cause: error });
  }
  pyodide.unpackArchive(zip, "zip", { extractDir: EXTRACT_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(EXTRACT_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})`);
}

/**
 * Pyodide from the snapshot's bytes, or null when there are none or they cannot
 * be restored (another Pyodide build, damaged bytes): then start the usual way.
 * @param {any} loadPyodide @param {{createPyodideModule: (settings: any) => any}} options
 * @param {import("./snapshot-format.js").SparseSnapshot | null} snapshot
 */
async function restore(loadPyodide, options, snapshot) {
  if (!snapshot) return null;
  try {
    return await loadPyodide({
      ...options,
      // Zeros of the snapshot's length (never written: the pages stay unmapped),
      // by which Pyodide sizes the memory; restoreSparse writes the memory itself.
      _loadSnapshot: new Uint8Array(snapshot.length),
      createPyodideModule: async (/** @type {any} */ settings) => {
        const module = await options.createPyodideModule(settings);
        restoreSparse(module, snapshot);
        return module;
      },
    });
  } catch (error) {
    log("warn", `start-up snapshot not restored: ${error}`);
    return null;
  }
}
