// @ts-check
// The requests waiting for the engine's answers, by id: how to settle each, the
// message to ask it again of a new worker (engine.js), and how many of them the
// player waits on: background jobs and the client's own requests aside.

/**
 * A request waiting for its answer: how to settle it, and the message to ask it
 * again of a new worker (internal: the client's own, never asked again).
 * @typedef {{resolve: (value: any) => void, reject: (error: import("./engine-error.js").EngineError) => void,
 *   message: any, internal?: boolean}} Waiting
 */

export class Pending {
  /** @param {(awaited: number) => void} changed  told after every change how many requests the player waits on */
  constructor(changed) {
    /** @type {Map<number, Waiting>} */
    this.waiting = new Map();
    /** @type {Set<number>} the ids that are background jobs (or the client's own) */
    this.background = new Set();
    this.changed = changed;
  }

  /** How many requests wait. */
  get size() {
    return this.waiting.size;
  }

  /** How many requests the player waits on. */
  get awaited() {
    return this.waiting.size - this.background.size;
  }

  /** The ids of every request waiting. */
  ids() {
    return [...this.waiting.keys()];
  }

  /** @param {number} id */
  get(id) {
    return this.waiting.get(id);
  }

  /**
   * Request `id` waits for its answer: the promise it settles.
   * @param {number} id
   * @param {Extract<import("./protocol.js").ToWorker, {method: string}>} message  what was posted, to ask again of a new worker
   * @param {boolean} [background]  not counted as awaited
   * @param {boolean} [internal]  the client's own request: never asked again
   * @returns {Promise<unknown>}
   */
  add(id, message, background = false, internal = false) {
    const promise = new Promise((resolve, reject) => this.waiting.set(id, { resolve, reject, message, internal }));
    if (background || internal) this.background.add(id);
    this.changed(this.awaited);
    return promise;
  }

  /** Request `id` waits no more (its caller settles it). @param {number} id */
  remove(id) {
    this.waiting.delete(id);
    this.background.delete(id);
    this.changed(this.awaited);
  }

  /** Every request, none waiting any more (their caller rejects them). */
  takeAll() {
    const all = [...this.waiting.values()];
    this.waiting.clear();
    this.background.clear();
    this.changed(0);
    return all;
  }

  /** The client's own requests' ids. */
  internal() {
    return [...this.waiting].filter(([, each]) => each.internal).map(([id]) => id);
  }

  /** The requests to ask again of a new worker, in the order they were made. @returns {[number, Waiting][]} */
  toAskAgain() {
    return [...this.waiting.entries()].filter(([, each]) => !each.internal).sort(([a], [b]) => a - b);
  }
}
