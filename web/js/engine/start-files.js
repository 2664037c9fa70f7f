// @ts-check
// Everything the worker's start needs, asked for at once.
//
// This worker is started by the page's first script (boot.js), before the page's
// own code has even been parsed, and it fetches all it needs itself, at once: the
// WebAssembly runtime (decoded and compiled here as it arrives), Pyodide's
// JavaScript, the standard library, our package and, for a returning player, the
// stored memory snapshot. Nothing waits for the page's thread, which is busy
// drawing the table. The runtime, the library and the package come as Zstandard
// frames the build made (zstd.js), decoded on the way in (downloads.js).
// (Chromium keeps compiled WebAssembly in its code cache only for compilations on
// a page, never in a worker, but compiling here costs a returning player less than
// a second page-thread task that holds up this worker's start: measured.)
//
// Pyodide fetches the wasm and the standard library itself: both are answered
// with what is already on its way here. (A second start, after a snapshot that
// could not be restored, is served the same way.) When that first download
// failed, Pyodide's request downloads the file once more, and Pyodide says what
// failed if that fails too.

import { errorText } from "./engine-error.js";
import { DOWNLOAD_BYTES } from "../build-info.js";
import { count, decodedDownload, download, networkFetch } from "./downloads.js";
import { failureKind } from "./failure.js";
import { storedSnapshot } from "./stored-snapshot.js";
import { mark, progress } from "./to-page.js";

/**
 * Where the start's files are, as the build names them.
 * @typedef {object} StartUrls
 * @property {string} index  Pyodide's folder (its indexURL)
 * @property {string} stdlib  the standard library's zip
 * @property {string} package  our package's zip
 * @property {string | null} snapshot  the start-up snapshot, null when the build made none
 * @property {string} snapshotSha256  the snapshot's SHA-256, as the build computed it
 */

/**
 * The start's files on their way: settled promises only, read when needed, so a
 * failure is reported where it matters.
 * @typedef {object} StartFiles
 * @property {Promise<WebAssembly.Module>} runtimeModule  the runtime, compiled while its bytes arrive
 * @property {Promise<{loadPyodide: any, createPyodideModule: any}>} runtimeScripts  Pyodide's two scripts
 * @property {Promise<ArrayBuffer>} stdlibBytes  the standard library's zip
 * @property {Promise<ArrayBuffer>} packageBytes  our package's zip
 * @property {Promise<import("./snapshot-format.js").SparseSnapshot | null>} snapshotBytes  the stored snapshot, if any
 * @property {StartUrls} urls
 */

/** @template T @param {Promise<T>} promise @returns {Promise<T>} */
const quiet = (promise) => (promise.catch(() => {}), promise);

/**
 * Ask for every file the start needs, and answer Pyodide's own requests for
 * them with these. `stored`: every file comes from the service worker's cache
 * (boot.js says so): nothing is counted for the loading bar, nothing waits.
 * @param {StartUrls} urls @param {boolean} stored
 * @returns {StartFiles}
 */
export function askForStartFiles(urls, stored) {
  const wasmUrl = new URL("pyodide.asm.wasm", urls.index).href; // what Pyodide asks for
  const wasmZstUrl = new URL("pyodide.asm.wasm.zst", urls.index).href; // what the build ships
  const wasmDownload = () => decodedDownload(wasmZstUrl, "wasm", { stored, type: "application/wasm" });
  const runtimeModule = quiet(compileRuntime(wasmDownload));
  const runtimeScripts = quiet(importRuntime(urls.index));
  const stdlibBytes = quiet(download(urls.stdlib, "stdlib", stored));
  // Our package is first needed once Python is up, which takes most of a second
  // after the runtime and the standard library are here: on a first visit it is
  // asked for then, so that it does not share the link with them (on a phone's 4G,
  // its 0.2 MB delayed Python's start by 0.2 s). From the cache, at once.
  const packageBytes = quiet(
    (stored ? Promise.resolve() : Promise.allSettled([runtimeModule, stdlibBytes])).then(() =>
      download(urls.package, null, stored),
    ),
  );
  const snapshotBytes = storedSnapshot(urls.snapshot, urls.snapshotSha256, stored);

  self.fetch = async (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url === wasmUrl) {
      // No second download when the module is compiled: an empty stand-in answer.
      return (await runtimeModule.then(Boolean, () => false))
        ? new Response(null)
        : decodedDownload(wasmZstUrl, null, { stored, type: "application/wasm" });
    }
    if (url === urls.stdlib) {
      try {
        return new Response(await stdlibBytes);
      } catch {
        return decodedDownload(urls.stdlib, null, { stored });
      }
    }
    return networkFetch(input, init);
  };
  const instantiateStreaming = WebAssembly.instantiateStreaming;
  WebAssembly.instantiateStreaming = async (source, imports) => {
    mark("instantiate-asked");
    const module = await runtimeModule.catch(() => null);
    // Python starts now: the wasm is here (its download was the longest stage).
    progress("python");
    if (!module) return instantiateStreaming(source, imports);
    const instance = await WebAssembly.instantiate(module, imports);
    mark("instantiated");
    return { instance, module };
  };
  return { runtimeModule, runtimeScripts, stdlibBytes, packageBytes, snapshotBytes, urls };
}

/**
 * WebAssembly.Module, compiled while its bytes arrive.
 * A download the network broke off is asked for once more.
 * @param {() => Promise<Response>} wasmDownload
 */
async function compileRuntime(wasmDownload) {
  const compile = () => WebAssembly.compileStreaming(wasmDownload());
  const module = await compile().catch((error) => {
    if (failureKind(error) === "network") return compile();
    throw error;
  });
  mark("wasm-compiled");
  return module;
}

/**
 * Pyodide's two scripts, imported together (it would import the second only after the first).
 * @param {string} indexURL
 */
async function importRuntime(indexURL) {
  try {
    const [{ loadPyodide }, { default: createPyodideModule }] = await Promise.all([
      import(new URL("pyodide.mjs", indexURL).href),
      import(new URL("pyodide.asm.mjs", indexURL).href),
    ]);
    count("runtime", DOWNLOAD_BYTES.runtime, true);
    mark("runtime-imported");
    return { loadPyodide, createPyodideModule };
  } catch (error) {
    throw new Error(`the Python runtime could not be downloaded (${errorText(error)})`, { cause: error });
  }
}
