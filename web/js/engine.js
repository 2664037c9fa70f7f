// @ts-check
// The page's side of the worker protocol (protocol.js): requests with ids, their
// promises, jobs that can be cancelled, and the worker's events.

/** @typedef {import("./protocol.js").ErrorKind} ErrorKind */
/** @typedef {import("./protocol.js").IllegalReason} IllegalReason */
/** @typedef {import("./protocol.js").FromWorker} FromWorker */

export class EngineError extends Error {
  /**
   * @param {ErrorKind} type
   * @param {string} message  the engine's words, for the console (the page says its own)
   * @param {IllegalReason} [reason]  for an IllegalMove: which kind of refusal
   */
  constructor(type, message, reason) {
    super(message);
    this.type = type;
    this.reason = reason;
  }
}

/** @typedef {{resolve: (value: any) => void, reject: (error: EngineError) => void}} Waiting */

/**
 * What the page downloads for the worker: Pyodide's WebAssembly (compiled here),
 * the standard library and our package (handed over as bytes).
 * @typedef {{wasm: URL, stdlib: URL, package: URL}} Downloads
 */

/**
 * Read `response`'s body, telling `onBytes` how much has arrived.
 * @param {Response} response
 * @param {(bytes: number) => void} onBytes
 * @returns {Promise<ArrayBuffer>}
 */
async function readCounted(response, onBytes) {
  if (!response.ok || !response.body) throw new Error(`HTTP ${response.status}`);
  const reader = response.body.getReader();
  /** @type {Uint8Array[]} */
  const chunks = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    received += value.byteLength;
    onBytes(received);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes.buffer;
}

export class EngineClient {
  /**
   * The worker starts with start(), not here, so the page can draw its table
   * first; requests made before then wait and are sent in order.
   * @param {URL} workerUrl
   * @param {Downloads} downloads  compiled and read here for the worker (see worker.js)
   * @param {(pending: number) => void} [onPending]  how many requests wait for an answer
   */
  constructor(workerUrl, downloads, onPending = () => {}) {
    this.workerUrl = workerUrl;
    this.downloads = downloads;
    this.nextId = 1;
    /** @type {Map<number, Waiting>} */
    this.pending = new Map();
    /** The worker's progress, ready, failed and log events go here. @type {(event: any) => void} */
    this.onEvent = () => {};
    this.onPending = onPending;
    /** @type {Worker | null} */
    this.worker = null;
    /** @type {any[]} messages posted before the worker started */
    this.queue = [];
    /** Bytes received of each download, for the loading bar. @type {Record<string, number>} */
    this.received = {};
  }

  /** Start the worker and the downloads it needs (once). */
  start() {
    if (this.worker) return;
    const worker = new Worker(this.workerUrl, { type: "module" });
    this.worker = worker;
    worker.onmessage = (event) => this.receive(event.data);
    worker.onerror = (event) => {
      event.preventDefault?.();
      this.fail(`the game engine could not be loaded (${event.message || "worker error"})`);
    };
    // Chromium keeps compiled code in its cache only for compilations on the
    // page, so a return visit is about a second faster when the page compiles.
    // The byte count reads a copy of the stream, so the compilation still sees
    // the response as fetched (its cache entry).
    fetch(this.downloads.wasm)
      .then((response) => {
        readCounted(response.clone(), (bytes) => this.downloaded("wasm", bytes)).catch(() => {});
        return WebAssembly.compileStreaming(response);
      })
      .then(
        (module) => {
          performance.mark("cloverleaf:wasm-compiled");
          worker.postMessage({ wasm: module });
        },
        () => worker.postMessage({ wasm: null }), // the worker then loads it itself
      );
    for (const file of /** @type {const} */ (["stdlib", "package"])) {
      fetch(this.downloads[file])
        .then((response) => readCounted(response, (bytes) => this.downloaded(file, bytes)))
        .then(
          (bytes) => {
            performance.mark(`cloverleaf:${file}-downloaded`);
            worker.postMessage({ file, bytes }, [bytes]);
          },
          () => worker.postMessage({ file, bytes: null }), // the worker fetches it itself
        );
    }
    for (const message of this.queue) worker.postMessage(message);
    this.queue = [];
  }

  /**
   * @param {string} file
   * @param {number} bytes  received so far
   */
  downloaded(file, bytes) {
    this.received[file] = bytes;
    this.onEvent({ event: "progress", stage: "download", received: { ...this.received } });
  }

  /** @param {any} message */
  post(message) {
    if (this.worker) this.worker.postMessage(message);
    else this.queue.push(message);
  }

  /** @param {FromWorker} message */
  receive(message) {
    if ("event" in message) {
      this.onEvent(message);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return; // a cancelled job's late answer
    this.settle(message.id);
    if ("error" in message) {
      const { type, message: text, reason } = message.error;
      waiting.reject(new EngineError(type, text, reason));
    } else waiting.resolve(message.result);
  }

  /** @param {string} message */
  fail(message) {
    this.rejectAll(message);
    this.onEvent({ event: "failed", message });
  }

  /** @param {string} message */
  rejectAll(message) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.onPending(0);
    for (const each of waiting) each.reject(new EngineError("Unavailable", message));
  }

  /**
   * @param {number} id
   * @returns {Promise<any>}
   */
  expect(id) {
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.onPending(this.pending.size);
    return promise;
  }

  /** @param {number} id */
  settle(id) {
    this.pending.delete(id);
    this.onPending(this.pending.size);
  }

  /**
   * One API call (protocol.js METHODS); resolves to its result, rejects with an EngineError.
   * @param {string} method
   * @param {object} [params]
   * @returns {Promise<any>}
   */
  request(method, params = {}) {
    const id = this.nextId++;
    const promise = this.expect(id);
    this.post({ id, method, params });
    return promise;
  }

  /**
   * A long search run in slices. A cancelled job rejects with an EngineError of type "Cancelled".
   * @param {object} params  "jobStart"'s parameters
   * @returns {{promise: Promise<any>, cancel: () => void}}
   */
  job(params) {
    const id = this.nextId++;
    const promise = this.expect(id);
    this.post({ id, method: "job", params });
    const cancel = () => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.settle(id);
      this.post({ cancel: id });
      waiting.reject(new EngineError("Cancelled", "cancelled"));
    };
    return { promise, cancel };
  }

  /** Stop the worker; whatever was pending rejects as Unavailable. */
  terminate(reason = "the game engine was stopped") {
    this.worker?.terminate();
    this.queue = [];
    this.rejectAll(reason);
  }
}
