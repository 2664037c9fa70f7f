// The page's side of the worker protocol (see worker.js): request ids and promises.

export class EngineError extends Error {
  constructor(type, message) {
    super(message);
    this.type = type; // "InvalidInput" | "IllegalMove" | "Internal" | "Cancelled" | "Unavailable"
  }
}

export class EngineClient {
  // onEvent({event, ...}) receives progress, ready, failed and log events.
  // wasmUrl: Pyodide's pyodide.asm.wasm, compiled here for the worker (see worker.js).
  constructor(workerUrl, wasmUrl, onEvent) {
    this.nextId = 1;
    this.pending = new Map(); // id -> {resolve, reject}
    this.onEvent = onEvent;
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

  receive(message) {
    if (message.event) {
      this.onEvent(message);
      return;
    }
    const waiting = this.pending.get(message.id);
    if (!waiting) return; // a cancelled job's late answer
    this.pending.delete(message.id);
    if (message.error) waiting.reject(new EngineError(message.error.type, message.error.message));
    else waiting.resolve(message.result);
  }

  fail(message) {
    for (const waiting of this.pending.values()) waiting.reject(new EngineError("Unavailable", message));
    this.pending.clear();
    this.onEvent({ event: "failed", message });
  }

  get busy() {
    return this.pending.size;
  }

  // One API call; resolves to its result, rejects with an EngineError.
  request(method, params = {}) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ id, method, params });
    return promise;
  }

  // A long search run in slices: {promise, cancel()}. A cancelled job rejects
  // with an EngineError of type "Cancelled".
  job(params) {
    const id = this.nextId++;
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    this.worker.postMessage({ id, method: "job", params });
    const cancel = () => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.delete(id);
      this.worker.postMessage({ cancel: id });
      waiting.reject(new EngineError("Cancelled", "cancelled"));
    };
    return { promise, cancel };
  }

  // Stop the worker; whatever was pending rejects as Unavailable.
  terminate(reason = "the game engine was stopped") {
    this.worker.terminate();
    for (const waiting of this.pending.values()) waiting.reject(new EngineError("Unavailable", reason));
    this.pending.clear();
  }
}
