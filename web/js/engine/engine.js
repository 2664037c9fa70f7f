// @ts-check
// The page's side of the worker protocol (protocol.js): requests with ids, their
// promises, jobs that can be cancelled, and the worker's events.
//
// The engine is watched once it has started: a worker that is gone (its error event, a crash
// that ends its thread, a runtime that reports a fatal error, which is never called again,
// silence while an answer is awaited, or a request it holds no more though the page waits for
// its answer: watch.js), or that answers something of the wrong shape (replies.js: checked
// before anything of the page uses it) is replaced by a new one without reloading the page,
// which is watched while it starts too. The new worker first restores the game the page last
// saved (what it draws) with the player's settings, as a reload would; then every request
// still waiting for an answer is asked again, in order: a tap is played on the same deal, a
// hint or a solution's search starts again. Nothing of this runs before the first start is
// over, so the watch costs the first table nothing. Two restarts within a minute and a third
// loss ends it: the page then says so once, with a Reload button (the game is saved after
// every move).

import { startAnotherEngineWorker, takeEngineWorker } from "../boot.js";
import { EngineError, errorText } from "./engine-error.js";
import { Pending } from "./pending.js";
import { replyFault } from "./replies.js";
import { SILENCE_MS, START_SILENCE_MS, Watch } from "./watch.js";

// The page's modules ask for EngineError here, with the client.
export { EngineError };

const RESTARTS = { most: 2, withinMs: 60_000 };
/** How long a new worker may take to start (a first start has its own bound, startup.js). */
const RESTART_START_MS = 60_000;

/** @typedef {import("./protocol.js").FromWorker} FromWorker */
/** @typedef {import("./protocol.js").Methods} Methods */
/**
 * What the page hears of the engine: the worker's start-up and log events, and the
 * client's own word that it restarted the worker or gave up on it.
 * @typedef {Exclude<Extract<FromWorker, {event: string}>, {event: "fatal"}>
 *   | {event: "restarted", snapshot: boolean} | {event: "stopped", message: string}} EngineEvent
 */
/** @typedef {import("./protocol.js").Jobs} Jobs */
/**
 * A job under way: its result, and how to cancel it (the promise then rejects as Cancelled).
 * @template T
 * @typedef {{promise: Promise<T>, cancel: () => void}} Job
 */

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
    this.pending = new Pending((awaited) => {
      this.onPending(awaited);
      this.watch();
    });
    /** The worker's progress, ready, failed and log events go here, and restarted and stopped. @type {(event: EngineEvent) => void} */
    this.onEvent = () => {};
    this.onPending = onPending;
    /**
     * What a new worker is asked first, to hold the game the page shows (main.js):
     * [method, params] pairs, answered before anything else is asked again.
     * @type {() => [string, object][]}
     */
    this.recovery = () => [];
    /** @type {Worker | null} */
    this.worker = null;
    this.started = false;
    /** @type {any[]} messages posted before the worker was taken */
    this.queue = [];
    this.generation = 0; // which worker is the current one: an older one's messages are ignored
    this.up = false; // the current worker has started: it is watched
    this.recovering = false; // a new worker restores the game: requests wait to be asked again
    this.stopped = false; // terminated, or given up: never restarted
    /** @type {number[]} when each restart happened (Date.now) */
    this.restarts = [];
    this.startTimer = 0;
    // While a new worker starts, the requests waiting have not been sent to it yet.
    const sent = () => (this.recovering ? [] : this.pending.ids());
    this.watcher = new Watch((n) => this.worker?.postMessage({ ping: n }), (why) => this.lost(why), sent);
  }

  /** Take the worker boot.js started (once). */
  start() {
    if (this.started) return;
    this.started = true;
    const generation = this.generation;
    this.worker = takeEngineWorker(
      (message) => generation === this.generation && this.receive(message),
      (message) => {
        if (generation !== this.generation) return;
        if (this.up) this.lost(`worker error: ${message}`);
        else this.fail(`the game engine could not be loaded (${message})`);
      },
    );
    for (const message of this.queue) this.worker?.postMessage(message);
    this.queue = [];
  }

  /** @param {import("./protocol.js").ToWorker} message */
  post(message) {
    if (this.recovering) return; // requests are asked again once the new worker holds the game
    if (this.worker) this.worker.postMessage(message);
    else if (!this.started) this.queue.push(message);
  }

  /** @param {FromWorker} message */
  receive(message) {
    this.watcher.heard();
    if ("event" in message) {
      if (message.event === "ready") this.up = true;
      if (message.event === "fatal") return this.lost(`the runtime failed: ${message.message}`);
      this.onEvent(message);
      this.watch();
      return;
    }
    if ("pong" in message) return this.watcher.ponged(message.pong, message.held);
    this.answer(message);
  }

  /** @param {Extract<FromWorker, {id: number}>} message  {id, result} or {id, error} */
  answer(message) {
    const waiting = this.pending.get(message.id);
    if (!waiting) return; // a cancelled job's late answer
    const fault = "error" in message ? null : replyFault(waiting.message, message.result);
    if (fault) return this.lost(`it answered ${waiting.message.method} with ${fault}`); // asked again of a new worker
    this.pending.remove(message.id);
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
    for (const each of this.pending.takeAll()) each.reject(new EngineError("Unavailable", message));
  }

  // ---- the watch ----------------------------------------------------------------

  /** Watch the worker while an answer is awaited (after its first start only), and a new one while it starts. */
  watch() {
    const starting = this.recovering && this.worker !== null;
    this.watcher.set(starting || (this.up && this.pending.size > 0), starting ? START_SILENCE_MS : SILENCE_MS);
  }

  /**
   * The worker is gone: a new one, unless two restarts happened within a minute.
   * @param {string} why
   */
  lost(why) {
    if (this.stopped) return;
    console.warn(`the game engine stopped (${why})`);
    this.generation += 1;
    const generation = this.generation;
    this.worker?.terminate();
    this.worker = null;
    this.up = false;
    this.watch();
    clearTimeout(this.startTimer);
    const now = Date.now();
    this.restarts = this.restarts.filter((time) => now - time < RESTARTS.withinMs);
    if (this.restarts.length >= RESTARTS.most) return this.giveUp(why);
    this.restarts.push(now);
    for (const id of this.pending.internal()) this.pending.remove(id); // a recovery cut short
    this.recovering = true;
    this.worker = startAnotherEngineWorker(
      (message) => generation === this.generation && this.receiveWhileRestarting(message),
      (message) => generation === this.generation && this.lost(`worker error: ${message}`),
    );
    this.startTimer = window.setTimeout(
      () => generation === this.generation && this.lost("the new worker did not start"),
      RESTART_START_MS,
    );
    this.watch(); // a new worker killed while it starts says nothing more: its silence tells
  }

  /**
   * A new worker's messages: once it has started, the game is restored and the
   * requests still waiting are asked again; then it is watched as the first was.
   * @param {FromWorker} message
   */
  receiveWhileRestarting(message) {
    this.watcher.heard();
    if (!this.recovering) return this.receive(message);
    if ("event" in message) {
      if (message.event === "ready") this.recover(message);
      else if (message.event === "failed" || message.event === "fatal") this.lost(`the new worker failed: ${message.message}`);
      else if (message.event === "log") this.onEvent(message);
      return;
    }
    if ("id" in message) this.answer(message); // the recovery's own requests
  }

  /**
   * The new worker has started: it restores the game first, then every request
   * still waiting is asked again in the order it was made; when the game cannot
   * be restored, they are refused (EngineError "Restarted").
   * @param {{snapshot?: boolean}} ready
   */
  async recover(ready) {
    clearTimeout(this.startTimer);
    const generation = this.generation;
    const worker = /** @type {Worker} */ (this.worker);
    const steps = this.recovery().map(([method, params]) => {
      const id = this.nextId++;
      const message = { id, method, params };
      const answer = this.pending.add(id, message, true, true);
      worker.postMessage(message);
      return answer;
    });
    let restored = true;
    try {
      await Promise.all(steps);
    } catch (error) {
      restored = false;
      console.warn(`the game could not be restored in the new engine: ${errorText(error)}`);
    }
    if (generation !== this.generation) return;
    this.recovering = false;
    this.up = true;
    for (const [id, each] of this.pending.toAskAgain()) {
      if (restored) worker.postMessage(each.message);
      else {
        this.pending.remove(id);
        each.reject(new EngineError("Restarted", "the game engine restarted without the game"));
      }
    }
    this.watch();
    this.onEvent({ event: "restarted", snapshot: Boolean(ready.snapshot) });
  }

  /** @param {string} why */
  giveUp(why) {
    this.stopped = true;
    this.recovering = false;
    this.onEvent({ event: "stopped", message: why });
    this.rejectAll(`the game engine stopped: ${why}`);
  }

  // ---- requests -----------------------------------------------------------------

  /**
   * One API call (protocol.js METHODS); resolves to its result, rejects with an EngineError.
   * @template {keyof Methods} M
   * @param {M} method
   * @param {Methods[M]["params"]} [params]
   * @returns {Promise<Methods[M]["answer"]>}
   */
  request(method, params = {}) {
    if (this.started && !this.worker) return Promise.reject(new EngineError("Unavailable", "the game engine did not start"));
    const id = this.nextId++;
    const message = { id, method, params };
    // The answer has the method's shape: replies.js checked it before it was settled (answer).
    const promise = /** @type {Promise<Methods[M]["answer"]>} */ (this.pending.add(id, message));
    this.post(message);
    return promise;
  }

  /**
   * A long search run in slices. A cancelled job rejects with an EngineError of type "Cancelled".
   * @template {keyof Jobs} K
   * @param {{kind: K} & Jobs[K]["params"]} params  "jobStart"'s parameters
   * @param {{background?: boolean}} [options]  background: a job the player did not ask for
   *   (it is not counted as pending)
   * @returns {Job<Jobs[K]["result"]>}
   */
  job(params, { background = false } = {}) {
    const id = this.nextId++;
    const message = { id, method: "job", params };
    const promise = /** @type {Promise<Jobs[K]["result"]>} */ (this.pending.add(id, message, background));
    this.post(message);
    const cancel = () => {
      const waiting = this.pending.get(id);
      if (!waiting) return;
      this.pending.remove(id);
      this.post({ cancel: id });
      waiting.reject(new EngineError("Cancelled", "cancelled"));
    };
    return { promise, cancel };
  }

  /**
   * Resolves once no request the player made waits for an answer (background
   * jobs aside), and the table each answered has been shown.
   * @returns {Promise<void>}
   */
  async settled() {
    while (this.pending.awaited > 0) await new Promise((resolve) => setTimeout(resolve, 10));
  }

  /** Tell the worker the page's first table is on screen (protocol.js, {painted}). */
  tablePainted() {
    this.post({ painted: true });
  }

  /** Stop the worker for good; whatever was pending rejects as Unavailable. */
  terminate(reason = "the game engine was stopped") {
    this.stopped = true;
    this.generation += 1;
    clearTimeout(this.startTimer);
    this.worker?.terminate();
    this.queue = [];
    this.up = false;
    this.rejectAll(reason);
  }
}
