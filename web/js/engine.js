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

export class EngineClient {
  /**
   * @param {URL} workerUrl
   * @param {URL} wasmUrl  Pyodide's pyodide.asm.wasm, compiled here for the worker (see worker.js)
   * @param {(pending: number) => void} [onPending]  how many requests wait for an answer
   */
  constructor(workerUrl, wasmUrl, onPending = () => {}) {
    this.nextId = 1;
    /** @type {Map<number, Waiting>} */
    this.pending = new Map();
    /** The worker's progress, ready, failed and log events go here. @type {(event: any) => void} */
    this.onEvent = () => {};
    this.onPending = onPending;
    this.worker = new Worker(workerUrl, { type: "module" });
    WebAssembly.compileStreaming(fetch(wasmUrl)).then(
      (module) => this.worker.postMessage({ wasm: module }),
      () => this.worker.postMessage({ wasm: null }), // the worker then loads it itself
    );
    this.worker.onmessage = (event) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault?.();
      this.fail(`the game engine could not be loaded (${event.message || "worker error"})`);
    };
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
    this.worker.postMessage({ id, method, params });
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
    this.worker.postMessage({ id, method: "job", params });
    const cancel = () => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.settle(id);
      this.worker.postMessage({ cancel: id });
      waiting.reject(new EngineError("Cancelled", "cancelled"));
    };
    return { promise, cancel };
  }

  /** Stop the worker; whatever was pending rejects as Unavailable. */
  terminate(reason = "the game engine was stopped") {
    this.worker.terminate();
    this.rejectAll(reason);
  }
}
