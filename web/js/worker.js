// @ts-nocheck (Pyodide's objects and the worker globals are untyped here)
// The engine's home: a module Web Worker running Pyodide and the cloverleaf package.
//
// Its messages are declared in protocol.js (ToWorker, FromWorker) and described
// in docs/protocol.md. Every request waits for start-up; requests are answered in
// the order they came, except jobs, which run a slice at a time between other
// requests, so a move is answered while a hint is being searched.

import { EXTRACT_DIR, PACKAGE_ZIP, PYODIDE_DIR, PYODIDE_LOCK, SNAPSHOT, STDLIB_ZIP } from "./build-info.js";

const SLICE_NODES = 3000; // solver nodes per slice: a few ms in Pyodide

let api = null; // the Python function cloverleaf.api.call, once loaded

// The page downloads what the worker needs and hands it over (engine.js): it
// starts those downloads before this worker exists, counts their bytes for the
// loading bar, and compiles pyodide.asm.wasm itself ({wasm: module}, or {wasm:
// null} when it could not), because Chromium keeps compiled code in its cache
// only for compilations on the page: a return visit is about a second faster.
// The standard library and the package come as bytes ({file, bytes}, or bytes
// null: then this worker fetches the file itself).
function fromPage() {
  let resolve;
  const promise = new Promise((done) => (resolve = done));
  return { promise, resolve };
}
const pageWasm = fromPage();
const pageFiles = { stdlib: fromPage(), package: fromPage() };
const stdlibUrl = new URL(`../${STDLIB_ZIP}`, import.meta.url).href;

// Pyodide fetches the wasm and the standard library itself: both are answered
// with what the page sent. (A second start, after a snapshot that could not be
// restored, is served the same way.)
const originalFetch = self.fetch;
self.fetch = async (input, init) => {
  const url = String(input?.url ?? input);
  if (url.endsWith("/pyodide.asm.wasm")) {
    // No second download when the page sent the module: an empty stand-in answer.
    return (await pageWasm.promise) ? new Response(null) : originalFetch(input, init);
  }
  if (url === stdlibUrl) {
    const bytes = await pageFiles.stdlib.promise;
    return bytes ? new Response(bytes) : originalFetch(input, init);
  }
  return originalFetch(input, init);
};
const instantiateStreaming = WebAssembly.instantiateStreaming;
WebAssembly.instantiateStreaming = async (source, imports) => {
  const module = await pageWasm.promise;
  if (!module) return instantiateStreaming(source, imports);
  return { instance: await WebAssembly.instantiate(module, imports), module };
};

const jobs = new Map(); // request id -> {job: Python job number, cancelled: bool}
const cancelledEarly = new Set(); // job requests cancelled before they started

function post(message) {
  self.postMessage(message);
}

const now = () => performance.timeOrigin + performance.now();

function progress(stage) {
  post({ event: "progress", stage });
}

async function packageBytes() {
  const bytes = await pageFiles.package.promise;
  if (bytes) return bytes;
  const response = await originalFetch(new URL(`../${PACKAGE_ZIP}`, import.meta.url));
  if (!response.ok) throw new Error(`the game package could not be downloaded (HTTP ${response.status})`);
  return response.arrayBuffer();
}

// The memory snapshot build.sh made (Python started, our package imported), but
// only when the service worker has already stored it: restoring it skips most of
// the start-up, yet it is a 6.6 MB download, which a first visit should not wait
// for (on a phone's 4G it would cost about as much as it saves, and double the
// download). The service worker stores it with the rest of the app after the
// first start. Inflating also checks the gzip CRC: damaged bytes are refused here.
async function cachedSnapshot() {
  if (!SNAPSHOT || !self.caches) return null;
  try {
    const response = await caches.match(new URL(`../${SNAPSHOT}`, import.meta.url).href);
    if (!response?.ok) return null;
    const bytes = new Uint8Array(await response.arrayBuffer());
    // A server that sent it with Content-Encoding: gzip had it inflated already.
    if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(inflated).arrayBuffer());
  } catch (error) {
    post({ event: "log", level: "warn", text: `start-up snapshot not used: ${error}` });
    return null;
  }
}

async function start() {
  const snapshot = cachedSnapshot();
  const packageBuffer = packageBytes();
  packageBuffer.catch(() => {}); // reported below, once awaited
  const indexURL = new URL(`../${PYODIDE_DIR}`, import.meta.url).href;
  let loadPyodide, createPyodideModule;
  try {
    // Both at once: Pyodide would import its runtime only after its loader.
    [{ loadPyodide }, { default: createPyodideModule }] = await Promise.all([
      import(new URL("pyodide.mjs", indexURL).href),
      import(new URL("pyodide.asm.mjs", indexURL).href),
    ]);
  } catch (error) {
    throw new Error(`the Python runtime could not be downloaded (${error.message})`, { cause: error });
  }
  progress("python");
  const options = {
    indexURL,
    stdLibURL: stdlibUrl,
    lockFileContents: PYODIDE_LOCK,
    createPyodideModule,
    packages: [],
    stdout: (text) => post({ event: "log", level: "info", text }),
    stderr: (text) => post({ event: "log", level: "error", text }),
  };
  const restoredPyodide = await restore(loadPyodide, options, await snapshot);
  const pyodide = restoredPyodide ?? (await loadPyodide(options));
  const loaded = now();
  progress("package");
  // Unpacked even after a snapshot (its modules are already imported): the
  // files serve tracebacks and anything read lazily.
  pyodide.unpackArchive(await packageBuffer, "zip", { extractDir: EXTRACT_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(EXTRACT_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})`);
  api = pyodide.pyimport("cloverleaf.api").call; // kept for the worker's lifetime
  const version = callPython("version", {});
  // When each stage ended, on the page's clock (performance.timeOrigin differs).
  const times = { runtime: loaded, package: now() };
  post({ event: "ready", version: version.ok ?? null, snapshot: restoredPyodide !== null, times });
}

// Pyodide from the snapshot's bytes, or null when there are none or they cannot
// be restored (another Pyodide build, damaged bytes): then start the usual way.
async function restore(loadPyodide, options, snapshotBytes) {
  if (!snapshotBytes) return null;
  try {
    return await loadPyodide({ ...options, _loadSnapshot: snapshotBytes });
  } catch (error) {
    post({ event: "log", level: "warn", text: `start-up snapshot not restored: ${error}` });
    return null;
  }
}

// One synchronous call into Python: {ok} or {error}. Never throws.
function callPython(method, params) {
  try {
    return JSON.parse(api(method, JSON.stringify(params ?? {})));
  } catch (error) {
    // Only a bug in the worker or the runtime gets here (api.call never raises).
    post({ event: "log", level: "error", text: `engine call ${method} failed: ${error}` });
    return { error: { type: "Internal", message: "The game engine failed. Reload the page to continue." } };
  }
}

function reply(id, answer) {
  if ("ok" in answer) post({ id, result: answer.ok });
  else post({ id, error: answer.error });
}

// Yield to the event loop (a macrotask, so queued messages are handled first).
const channel = new MessageChannel();
const waiting = [];
channel.port1.onmessage = () => waiting.shift()?.();
function yieldToEvents() {
  return new Promise((resolve) => {
    waiting.push(resolve);
    channel.port2.postMessage(null);
  });
}

async function runJob(id, params) {
  if (cancelledEarly.delete(id)) return;
  const started = callPython("jobStart", params);
  if (!("ok" in started)) return reply(id, started);
  const record = { job: started.ok.job, cancelled: false };
  jobs.set(id, record);
  try {
    for (;;) {
      await yieldToEvents();
      if (record.cancelled) return;
      const step = callPython("jobStep", { job: record.job, nodes: SLICE_NODES });
      if (!("ok" in step)) return reply(id, step);
      if (step.ok.done) return reply(id, { ok: step.ok.result });
    }
  } finally {
    jobs.delete(id);
  }
}

function cancelJob(id) {
  const record = jobs.get(id);
  if (!record) {
    cancelledEarly.add(id); // not started yet (or already finished: then harmless)
    post({ id, error: { type: "Cancelled", message: "cancelled" } });
    return;
  }
  if (record.cancelled) return;
  record.cancelled = true;
  callPython("jobCancel", { job: record.job });
  post({ id, error: { type: "Cancelled", message: "cancelled" } });
}

const ready = start().catch((error) => {
  post({ event: "failed", message: String(error?.message ?? error) });
  throw error;
});
ready.catch(() => {});

self.onmessage = async (event) => {
  const message = event.data ?? {};
  if ("wasm" in message) {
    pageWasm.resolve(message.wasm instanceof WebAssembly.Module ? message.wasm : null);
    return;
  }
  if ("file" in message) {
    pageFiles[message.file]?.resolve(message.bytes instanceof ArrayBuffer ? message.bytes : null);
    return;
  }
  if ("cancel" in message) {
    cancelJob(message.cancel);
    return;
  }
  const { id, method, params } = message;
  try {
    await ready;
  } catch {
    post({ id, error: { type: "Unavailable", message: "The game engine did not start." } });
    return;
  }
  if (method === "job") runJob(id, params);
  else reply(id, callPython(method, params));
};
