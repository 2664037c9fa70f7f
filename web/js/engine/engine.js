// @ts-check
// The page's side of the worker protocol (protocol.js): requests with ids, their
// promises, jobs that can be cancelled, and the worker's events.

import { takeEngineWorker } from "../boot.js";

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
   * The worker is started by the page's first script (boot.js) and taken here
   * with start(), once the page has drawn its first table; requests made before
   * then wait and are sent in order, and what the worker said meanwhile is kept.
   * @param {(pending: number) => void} [onPending]  how many requests wait for an answer
   *   (background jobs not counted: nothing the player asked for waits on them)
   */
  constructor(onPending = () => {}) {
    this.nextId = 1;
    /** @type {Map<number, Waiting>} */
    this.pending = new Map();
    /** @type {Set<number>} the pending ids that are background jobs */
    this.background = new Set();
    /** The worker's progress, ready, failed and log events go here. @type {(event: any) => void} */
    this.onEvent = () => {};
    this.onPending = onPending;
    /** @type {Worker | null} */
    this.worker = null;
    this.started = false;
    /** @type {any[]} messages posted before the worker was taken */
    this.queue = [];
  }

  /** Take the worker boot.js started (once). */
  start() {
    if (this.started) return;
    this.started = true;
    this.worker = takeEngineWorker(
      (message) => this.receive(message),
      (message) => this.fail(`the game engine could not be loaded (${message})`),
    );
    for (const message of this.queue) this.worker?.postMessage(message);
    this.queue = [];
  }

  /** @param {any} message */
  post(message) {
    if (this.worker) this.worker.postMessage(message);
    else if (!this.started) this.queue.push(message);
  }

  /** @param {FromWorker} message */
  receive(message) {
    if ("event" in message) {
      this.onEvent(message);
      return;
    }
    if ("pong" in message) return;
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
    this.onEvent({ event: "failed", message });
    this.rejectAll(message);
  }

  /** @param {string} message */
  rejectAll(message) {
    const waiting = [...this.pending.values()];
    this.pending.clear();
    this.background.clear();
    this.onPending(0);
    for (const each of waiting) each.reject(new EngineError("Unavailable", message));
  }

  /**
   * @param {number} id
   * @param {boolean} [background]  not counted as pending
   * @returns {Promise<any>}
   */
  expect(id, background = false) {
    const promise = new Promise((resolve, reject) => this.pending.set(id, { resolve, reject }));
    if (background) this.background.add(id);
    this.onPending(this.pending.size - this.background.size);
    return promise;
  }

  /** @param {number} id */
  settle(id) {
    this.pending.delete(id);
    this.background.delete(id);
    this.onPending(this.pending.size - this.background.size);
  }

  /**
   * One API call (protocol.js METHODS); resolves to its result, rejects with an EngineError.
   * @param {string} method
   * @param {object} [params]
   * @returns {Promise<any>}
   */
  request(method, params = {}) {
    if (this.started && !this.worker) return Promise.reject(new EngineError("Unavailable", "the game engine did not start"));
    const id = this.nextId++;
    const promise = this.expect(id);
    this.post({ id, method, params });
    return promise;
  }

  /**
   * A long search run in slices. A cancelled job rejects with an EngineError of type "Cancelled".
   * @param {object} params  "jobStart"'s parameters
   * @param {{background?: boolean}} [options]  background: a job the player did not ask for
   *   (it is not counted as pending)
   * @returns {{promise: Promise<any>, cancel: () => void}}
   */
  job(params, { background = false } = {}) {
    const id = this.nextId++;
    const promise = this.expect(id, background);
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

  /** Tell the worker the page's first table is on screen (protocol.js, {painted}). */
  tablePainted() {
    this.post({ painted: true });
  }

  /** Stop the worker; whatever was pending rejects as Unavailable. */
  terminate(reason = "the game engine was stopped") {
    this.worker?.terminate();
    this.queue = [];
    this.rejectAll(reason);
  }
}
