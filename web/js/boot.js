// @ts-check
// The page's first script: it starts the game engine's worker (worker.js) at once,
// before the page's own code (the bundle main.js) has been downloaded or parsed.
//
// A returning player's start is a race between the worker (Python restored from
// its snapshot) and the page drawing the saved table: started here, the worker
// fetches, compiles and restores while the page's thread is still busy with the
// bundle, and never waits for it (a worker's start needs a moment of the page's
// thread, which a long task would hold up). A newcomer's downloads start here too.
// The worker's first messages are kept until the engine client (engine.js) takes
// the worker.

/**
 * @typedef {object} EarlyWorker
 * @property {Worker | null} worker  null when it could not be created
 * @property {any[]} messages  what it said before it was taken
 * @property {string[]} errors  its errors before it was taken
 */

/** @returns {EarlyWorker} */
function startWorker() {
  performance.mark("cloverleaf:engine-start"); // bench/startup.py reads it
  /** @type {EarlyWorker} */
  const early = { worker: null, messages: [], errors: [] };
  try {
    const worker = new Worker(new URL("./worker.js", import.meta.url), { type: "module" });
    worker.onmessage = (event) => early.messages.push(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      early.errors.push(event.message || "worker error");
    };
    early.worker = worker;
  } catch (error) {
    early.errors.push(String(/** @type {any} */ (error)?.message ?? error));
  }
  return early;
}

const early = startWorker();

/**
 * The engine's worker, for the engine client: its kept messages and errors are
 * handed over first, then everything else goes to `onMessage` and `onError`.
 * Once only; null when the worker could not be created (`onError` was told why).
 * @param {(message: any) => void} onMessage
 * @param {(message: string) => void} onError
 * @returns {Worker | null}
 */
export function takeEngineWorker(onMessage, onError) {
  const { worker, messages, errors } = early;
  early.messages = [];
  early.errors = [];
  if (worker) {
    worker.onmessage = (event) => onMessage(event.data);
    worker.onerror = (event) => {
      event.preventDefault();
      onError(event.message || "worker error");
    };
  }
  for (const message of messages) onMessage(message);
  for (const error of errors) onError(error);
  return worker;
}
