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
 * @property {() => void} running  called when it says it runs (or fails)
 */

/** A new engine worker (worker.js). */
function newWorker() {
  const url = new URL("./worker.js", import.meta.url);
  // A page the service worker controls has every file in its cache: the worker
  // then need not count the bytes it reads for the loading bar.
  if (navigator.serviceWorker?.controller) url.search = "stored";
  return new Worker(url, { type: "module" });
}

/** @returns {EarlyWorker} */
function startWorker() {
  performance.mark("cloverleaf:engine-start"); // bench/startup.py reads it
  /** @type {EarlyWorker} */
  const early = { worker: null, messages: [], errors: [], running: () => {} };
  try {
    const worker = newWorker();
    worker.onmessage = (event) => {
      early.messages.push(event.data);
      early.running();
    };
    worker.onerror = (event) => {
      event.preventDefault();
      early.errors.push(event.message || "worker error");
      early.running();
    };
    early.worker = worker;
  } catch (error) {
    early.errors.push((error instanceof Error ? error.message : String(error)));
  }
  return early;
}

const early = startWorker();

// How long a returning player's page waits for the worker to run before its own
// code goes on. Chromium starts a worker's thread from the page's thread, once
// the worker's script has been read: the page's first long task (the bundle, the
// first table's layout; a few hundred milliseconds on a phone) held it up by as
// much, measured. Waiting here lets it start first: the engine is up sooner, the
// saved table drawn a moment later. A newcomer's page never waits (its worker
// script comes over the network, and the first table must not wait for it).
const RUNNING_WAIT_MS = 300;
if (early.worker && navigator.serviceWorker?.controller) {
  await new Promise((resolve) => {
    early.running = () => resolve(undefined);
    setTimeout(resolve, RUNNING_WAIT_MS);
  });
}

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

/**
 * Another engine worker, for the engine client that lost the first one (engine.js
 * restarts it): its messages go to `onMessage`, its errors to `onError`. Null when
 * it could not be created (`onError` was told why).
 * @param {(message: any) => void} onMessage
 * @param {(message: string) => void} onError
 * @returns {Worker | null}
 */
export function startAnotherEngineWorker(onMessage, onError) {
  let worker;
  try {
    worker = newWorker();
  } catch (error) {
    onError((error instanceof Error ? error.message : String(error)));
    return null;
  }
  worker.onmessage = (event) => onMessage(event.data);
  worker.onerror = (event) => {
    event.preventDefault();
    onError(event.message || "worker error");
  };
  return worker;
}
