// @ts-nocheck (Pyodide's objects and the worker globals are untyped here)
// The engine's home: a module Web Worker running Pyodide and the cloverleaf package.
//
// Its messages are declared in protocol.js (ToWorker, FromWorker) and described
// in docs/protocol.md. Every request waits for start-up; requests are answered in
// the order they came, except jobs, which run a slice at a time between other
// requests, so a move is answered while a hint is being searched.

import {
  DOWNLOAD_BYTES,
  EXTRACT_DIR,
  PACKAGE_ZIP,
  PYODIDE_DIR,
  PYODIDE_LOCK,
  SNAPSHOT,
  SNAPSHOT_SHA256,
  STDLIB_ZIP,
} from "./build-info.js";
import { isSparseSnapshot, readSnapshot, restoreSparse } from "./engine/snapshot-format.js";
import { DECODED, zstdDecoder } from "./engine/zstd.js";

// A job runs a slice at a time, and a request that arrives meanwhile (a tap)
// waits for the slice under way: slices are sized to last about SLICE_MS on this
// device. A fixed 3000 nodes took about 80 ms on a desktop and 300 ms on a phone
// four times slower, and a tap waited that long behind the deal's difficulty
// rating or a hint. The size never changes what a job finds: a search gives the
// same answer however its nodes are sliced (cloverleaf.solver.search).
const SLICE_MS = 10;
const SLICE_NODES = { first: 300, least: 50, most: 50_000 };
let sliceNodes = SLICE_NODES.first;

/** The next slice's size, after a full slice of `nodes` took `ms`: towards SLICE_MS, at most doubling or halving. */
function resized(nodes, ms) {
  const factor = Math.min(2, Math.max(0.5, SLICE_MS / Math.max(ms, 0.1)));
  return Math.round(Math.min(SLICE_NODES.most, Math.max(SLICE_NODES.least, nodes * factor)));
}

let api = null; // the Python function cloverleaf.api.call, once loaded
// Set when the runtime failed under a call (a fatal error in the interpreter, out
// of memory): it is never called again, and the page starts a new worker ({event: "fatal"}).
let fatal = null;

function post(message) {
  self.postMessage(message);
}

const now = () => performance.timeOrigin + performance.now();

// When each start-up stage ended, on an absolute clock: the page turns them into
// performance marks "cloverleaf:<stage>" on its own timeline (bench/startup.py).
const times = { "worker-started": now() };
const mark = (stage) => (times[stage] = now());
post({ event: "started" });

// ---- everything the start needs, asked for at once ----------------------------
//
// This worker is started by the page's first script (boot.js), before the page's
// own code has even been parsed, and it fetches all it needs itself, at once: the
// WebAssembly runtime (decoded and compiled here as it arrives), Pyodide's
// JavaScript, the standard library, our package and, for a returning player, the
// stored memory snapshot. Nothing waits for the page's thread, which is busy
// drawing the table. The runtime, the library and the package come as Zstandard
// frames the build made (zstd.js), decoded on the way in.
// (Chromium keeps compiled WebAssembly in its code cache only for compilations on
// a page, never in a worker, but compiling here costs a returning player less than
// a second page-thread task that holds up this worker's start: measured.)

const indexURL = new URL(`../${PYODIDE_DIR}`, import.meta.url).href;
const wasmUrl = new URL("pyodide.asm.wasm", indexURL).href; // what Pyodide asks for
const wasmZstUrl = new URL("pyodide.asm.wasm.zst", indexURL).href; // what the build ships
const stdlibUrl = new URL(`../${STDLIB_ZIP}`, import.meta.url).href;
const originalFetch = self.fetch;

// Bytes received of each download, for the page's loading bar: sent at most every
// PROGRESS_MS, and once more when a download ends. Not counted when every file
// comes from the service worker's cache (boot.js says so): counting costs a
// returning player's start tens of milliseconds on a phone, for a bar that would
// fill at once.
const PROGRESS_MS = 100;
const STORED = new URL(import.meta.url).search === "?stored";
const received = {};
let progressTimer = 0;
function count(name, bytes, done = false) {
  received[name] = bytes;
  if (progressTimer && !done) return;
  clearTimeout(progressTimer);
  progressTimer = setTimeout(() => (progressTimer = 0), PROGRESS_MS);
  post({ event: "progress", stage: "download", received: { ...received } });
}

// A stream that passes bytes through, counting them under `name`.
function counter(name) {
  let bytes = 0;
  return new TransformStream({
    transform(chunk, controller) {
      bytes += chunk.byteLength;
      count(name, bytes);
      controller.enqueue(chunk);
    },
    flush: () => count(name, bytes, true),
  });
}

// Decoding and compiling the runtime as it arrives takes the CPU while the page
// draws its first table: on a phone's CPU (4x slower, two cores here) that
// delayed the table's first frame by about 200 ms, measured. So the bytes are
// read as they come (the download goes on at full speed) but held until the
// page says its table is painted ({painted}), or PAINT_WAIT_MS after this worker
// started when no page says so; decoding and compiling then catch up long before
// the last byte arrives.
const PAINT_WAIT_MS = 1500;
let pagePainted = () => {};
const painted = new Promise((resolve) => {
  pagePainted = resolve;
  setTimeout(resolve, PAINT_WAIT_MS);
});

// A stream that holds its chunks until `gate` settles, reading on meanwhile.
function heldUntil(gate) {
  let open = false;
  let readable = null;
  const held = [];
  gate.then(() => {
    open = true;
    for (const chunk of held) readable.enqueue(chunk);
    held.length = 0;
  });
  return new TransformStream({
    start: (controller) => void (readable = controller),
    transform: (chunk, controller) => (open ? controller.enqueue(chunk) : held.push(chunk)),
    flush: () => gate, // the held chunks are passed on first
  });
}

// The file at `url`, decoded as it arrives (zstd.js) once the page's table is
// painted, and counted for the bar under `name` (null: not counted), as a
// Response of type `type`; as it is when the service worker stored it decoded.
async function decodedDownload(url, name, type = "application/octet-stream") {
  const response = await originalFetch(url);
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status} for ${url.split("/").pop()}`);
  if (response.headers.has(DECODED)) return response;
  const body = STORED || !name ? response.body : response.body.pipeThrough(counter(name));
  return new Response(body.pipeThrough(heldUntil(painted)).pipeThrough(zstdDecoder()), { headers: { "Content-Type": type } });
}

// The bytes of the file at `url`, decoded (see decodedDownload).
async function download(url, name) {
  return (await decodedDownload(url, name)).arrayBuffer();
}

// WebAssembly.Module, compiled while its bytes arrive.
// A download the network broke off is asked for once more.
async function compileRuntime() {
  const compile = () => WebAssembly.compileStreaming(decodedDownload(wasmZstUrl, "wasm", "application/wasm"));
  const module = await compile().catch((error) => {
    if (failureKind(error) === "network") return compile();
    throw error;
  });
  mark("wasm-compiled");
  return module;
}

// Pyodide's two scripts, imported together (it would import the second only after the first).
async function importRuntime() {
  try {
    const [{ loadPyodide }, { default: createPyodideModule }] = await Promise.all([
      import(new URL("pyodide.mjs", indexURL).href),
      import(new URL("pyodide.asm.mjs", indexURL).href),
    ]);
    count("runtime", DOWNLOAD_BYTES.runtime, true);
    mark("runtime-imported");
    return { loadPyodide, createPyodideModule };
  } catch (error) {
    throw new Error(`the Python runtime could not be downloaded (${error.message})`, { cause: error });
  }
}

// The memory snapshot build.sh made (Python started, our package imported), but
// only when the service worker has already stored it: restoring it skips most of
// the start-up, yet it is a 5 MB download, which a first visit should not wait for
// (on a phone's 4G it would cost about as much as it saves). The service worker
// stores it with the rest of the app after the first start, inflated once
// (web/sw.js); one still gzipped (stored by an older service worker, or not yet
// inflated) is inflated here, which checks its CRC. Its bytes are checked against
// the build's SHA-256 (off this thread, while the rest loads): damaged bytes are
// refused, and Python starts the usual way.
async function storedSnapshot() {
  if (!SNAPSHOT || !self.caches) return null;
  try {
    const response = await caches.match(new URL(`../${SNAPSHOT}`, import.meta.url).href);
    if (!response?.ok) return null;
    let bytes = new Uint8Array(await response.arrayBuffer());
    mark("snapshot-read");
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
      mark("snapshot-inflated");
    }
    if (!isSparseSnapshot(bytes)) throw new Error("not a snapshot of this build");
    const digest = crypto.subtle.digest("SHA-256", bytes);
    const snapshot = readSnapshot(bytes);
    const hex = Array.from(new Uint8Array(await digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    if (hex !== SNAPSHOT_SHA256) throw new Error("its bytes are damaged");
    mark("snapshot-checked");
    return snapshot;
  } catch (error) {
    post({ event: "log", level: "warn", text: `start-up snapshot not used: ${error?.message ?? error}` });
    snapshotRefused = true;
    return null;
  }
}

// A stored snapshot that could not be used is fetched again by the service worker
// (web/sw.js checks every stored file), once this start is over: the next start
// restores it instead of starting Python the slow way again.
let snapshotRefused = false;
function healStoredFiles() {
  originalFetch(new URL("../__heal__", import.meta.url).href).catch(() => {});
}

// Why a start-up download or compilation failed: "network" when the bytes did not
// come (the connection), "broken" when they came but are not what the build made
// (a compile, decode or import error: a damaged file, which no wait will mend).
function failureKind(error) {
  const cause = error?.cause ?? error;
  if (cause?.name === "TypeError" && /fetch|network|load/i.test(String(cause.message))) return "network";
  if (/^HTTP \d/.test(String(cause?.message))) return "network";
  return "broken";
}

// Settled promises only, read when needed: a failure is reported where it matters.
const quiet = (promise) => (promise.catch(() => {}), promise);
const runtimeModule = quiet(compileRuntime());
const runtimeScripts = quiet(importRuntime());
const stdlibBytes = quiet(download(stdlibUrl, "stdlib"));
// Our package is first needed once Python is up, which takes most of a second
// after the runtime and the standard library are here: on a first visit it is
// asked for then, so that it does not share the link with them (on a phone's 4G,
// its 0.2 MB delayed Python's start by 0.2 s). From the cache, at once.
const packageBytes = quiet(
  (STORED ? Promise.resolve() : Promise.allSettled([runtimeModule, stdlibBytes])).then(() =>
    download(new URL(`../${PACKAGE_ZIP}`, import.meta.url).href, null),
  ),
);
const snapshotBytes = storedSnapshot();

// Pyodide fetches the wasm and the standard library itself: both are answered
// with what is already on its way here. (A second start, after a snapshot that
// could not be restored, is served the same way.) When that first download
// failed, Pyodide's request downloads the file once more, and Pyodide says what
// failed if that fails too.
self.fetch = async (input, init) => {
  const url = String(input?.url ?? input);
  if (url === wasmUrl) {
    // No second download when the module is compiled: an empty stand-in answer.
    return (await runtimeModule.then(Boolean, () => false)) ? new Response(null) : decodedDownload(wasmZstUrl, null, "application/wasm");
  }
  if (url === stdlibUrl) {
    try {
      return new Response(await stdlibBytes);
    } catch {
      return decodedDownload(stdlibUrl, null);
    }
  }
  return originalFetch(input, init);
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

const jobs = new Map(); // request id -> {job: Python job number, cancelled: bool}
const cancelledEarly = new Set(); // job requests cancelled before they started

function progress(stage) {
  post({ event: "progress", stage });
}

// The start, ended at once when a file it needs is broken or cannot be had: Pyodide
// itself would wait for ever for a runtime that cannot be compiled.
async function start() {
  const never = new Promise(() => {});
  const failure = (promise, { network = true } = {}) =>
    promise.then(
      () => never,
      (error) => {
        if (network || failureKind(error) === "broken") throw error;
        return never; // the network: Pyodide asks for it once more, and says so if that fails too
      },
    );
  return Promise.race([startPython(), failure(runtimeModule), failure(runtimeScripts), failure(stdlibBytes, { network: false })]);
}

async function startPython() {
  const { loadPyodide, createPyodideModule } = await runtimeScripts;
  const options = {
    indexURL,
    stdLibURL: stdlibUrl,
    lockFileContents: PYODIDE_LOCK,
    createPyodideModule: (settings) => {
      mark("module-created");
      return createPyodideModule(settings);
    },
    packages: [],
    stdout: (text) => post({ event: "log", level: "info", text }),
    stderr: (text) => post({ event: "log", level: "error", text }),
  };
  const restoredPyodide = await restore(loadPyodide, options, await snapshotBytes);
  const pyodide = restoredPyodide ?? (await loadPyodide(options));
  mark("runtime");
  progress("package");
  // After a snapshot the package's modules are all imported already (and its
  // folder is on sys.path): its files, which only tracebacks in the console read,
  // are unpacked once the start's first requests have been answered.
  if (restoredPyodide) setTimeout(() => unpackPackage(pyodide).catch(() => {}), UNPACK_LATER_MS);
  else await unpackPackage(pyodide);
  api = pyodide.pyimport("cloverleaf.api").call; // kept for the worker's lifetime
  const version = callPython("version", {});
  mark("package");
  post({ event: "ready", version: version.ok ?? null, snapshot: restoredPyodide !== null, times });
  if (snapshotRefused) setTimeout(healStoredFiles, UNPACK_LATER_MS);
}

const UNPACK_LATER_MS = 3000;

// Our package's files into EXTRACT_DIR, which is put on sys.path.
async function unpackPackage(pyodide) {
  let zip;
  try {
    zip = await packageBytes;
  } catch (error) {
    throw new Error(`the game package could not be downloaded (${error.message})`, { cause: error });
  }
  pyodide.unpackArchive(zip, "zip", { extractDir: EXTRACT_DIR });
  pyodide.runPython(`import sys\nif ${JSON.stringify(EXTRACT_DIR)} not in sys.path: sys.path.insert(0, ${JSON.stringify(EXTRACT_DIR)})`);
}

// Pyodide from the snapshot's bytes, or null when there are none or they cannot
// be restored (another Pyodide build, damaged bytes): then start the usual way.
async function restore(loadPyodide, options, snapshot) {
  if (!snapshot) return null;
  try {
    return await loadPyodide({
      ...options,
      // Zeros of the snapshot's length (never written: the pages stay unmapped),
      // by which Pyodide sizes the memory; restoreSparse writes the memory itself.
      _loadSnapshot: new Uint8Array(snapshot.length),
      createPyodideModule: async (settings) => {
        const module = await options.createPyodideModule(settings);
        restoreSparse(module, snapshot);
        return module;
      },
    });
  } catch (error) {
    post({ event: "log", level: "warn", text: `start-up snapshot not restored: ${error}` });
    return null;
  }
}

// One synchronous call into Python: {ok} or {error}. Never throws. api.call
// never raises, so a call that throws means the runtime itself failed (a fatal
// error in the interpreter, out of memory): it is not called again, and the page
// is told ({event: "fatal"}) and starts a new worker from the game it saved, where
// the requests it still waits for are asked again (so none is answered here).
function callPython(method, params) {
  if (fatal) return { fatal };
  try {
    return JSON.parse(api(method, JSON.stringify(params ?? {})));
  } catch (error) {
    fatal = String(error?.message ?? error);
    post({ event: "log", level: "error", text: `engine call ${method} failed: ${fatal}` });
    post({ event: "fatal", message: fatal });
    return { fatal };
  }
}

function reply(id, answer) {
  if ("fatal" in answer) return; // the page asks again, of a new worker
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
      const started = performance.now();
      const step = callPython("jobStep", { job: record.job, nodes: sliceNodes });
      if (!("ok" in step)) return reply(id, step);
      if (step.ok.done) return reply(id, { ok: step.ok.result });
      sliceNodes = resized(sliceNodes, performance.now() - started);
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
  post({ event: "failed", message: String(error?.message ?? error), reason: failureKind(error) });
  throw error;
});
ready.catch(() => {});

self.onmessage = async (event) => {
  const message = event.data ?? {};
  if ("cancel" in message) {
    cancelJob(message.cancel);
    return;
  }
  if ("painted" in message) {
    pagePainted();
    return;
  }
  if ("ping" in message) {
    post({ pong: message.ping }); // between two slices of a job: the page knows this worker runs
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
