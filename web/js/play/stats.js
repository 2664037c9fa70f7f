// @ts-check
// Where the player's statistics are kept, and one result counted at a time.
//
// What counts, and in which buckets, is the engine's decision (py/cloverleaf/
// counting.py): a table that finished a game carries its `count`, and this file
// only hands it back to the engine's statistics (py/cloverleaf/stats.py) with
// the time played and stores the text it answers (storage.js).
//
// Several tabs share the statistics (tabs.js): only the tab that owns the game
// counts, and each result is read, counted and written back whole under a lock
// shared by the tabs, from the text as stored at that moment (never from a copy
// kept since start-up), so no tab overwrites another's results.

import { KEYS, MAX_ELAPSED_MS, readText, setAside, writeText } from "../platform/storage.js";

/** @typedef {import("../engine/protocol.js").Count} Count */
/** @typedef {import("../engine/protocol.js").StatsReply} StatsReply */
/** @typedef {import("../engine/protocol.js").RecordReply} RecordReply */

/**
 * @typedef {object} Sharing  how this tab shares the statistics with others (tabs.js)
 * @property {() => boolean} mayCount  whether this tab owns the game (only its results count)
 * @property {<T>(name: string, task: () => Promise<T>) => Promise<T>} exclusive  run a task no other tab runs at once
 */

/** @type {Sharing} */
const ALONE = { mayCount: () => true, exclusive: (_name, task) => task() };

export class StatsKeeper {
  /**
   * @param {(method: string, params: object) => Promise<any>} request  the engine client
   * @param {Sharing} [sharing]
   */
  constructor(request, sharing = ALONE) {
    this.request = request;
    this.sharing = sharing;
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
  }

  /**
   * Run engine calls one after another, and never at once with another tab's,
   * so two results never race on the text.
   * @template T
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  serial(task) {
    const shared = () => this.sharing.exclusive("stats", task);
    const run = this.queue.then(shared, shared);
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * One statistics call with the text as stored now. Text the engine cannot read
   * is set aside (storage.js tells the player) and the call is made afresh; a
   * call refused for another reason leaves the text as it is.
   * @param {string} method
   * @param {object} params
   * @returns {Promise<StatsReply>}
   */
  async call(method, params) {
    const text = readText(KEYS.stats);
    try {
      return await this.request(method, { ...params, stats: text });
    } catch (error) {
      if (/** @type {any} */ (error)?.type !== "InvalidInput" || text === null || (await this.readable(text))) throw error;
      setAside(KEYS.stats, text);
      return this.request(method, { ...params, stats: null });
    }
  }

  /**
   * Whether the engine reads `text` (a refusal may be about another parameter).
   * @param {string} text
   */
  async readable(text) {
    try {
      await this.request("statsSummary", { stats: text });
      return true;
    } catch (error) {
      if (/** @type {any} */ (error)?.type === "InvalidInput") return false;
      throw error;
    }
  }

  /**
   * Check the stored statistics now (start-up), so unreadable ones are set aside
   * and the player told with the first table, not at the end of a game.
   */
  check() {
    return this.serial(async () => {
      const text = readText(KEYS.stats);
      if (text !== null && !(await this.readable(text))) setAside(KEYS.stats, text);
    });
  }

  /** @param {StatsReply} reply */
  keep(reply) {
    writeText(KEYS.stats, reply.stats);
    return reply.summary;
  }

  /**
   * Count a finished game the engine reported (a table's `count`), played in
   * `seconds`. Resolves to the engine's reply (the new summary, and which records
   * a win beat), or null when another tab owns the game (it counts there).
   * @param {Count} count
   * @param {number} seconds
   * @returns {Promise<RecordReply | null>}
   */
  record(count, seconds) {
    if (!this.sharing.mayCount()) return Promise.resolve(null);
    const time = Number.isFinite(seconds) ? Math.min(MAX_ELAPSED_MS / 1000, Math.max(0, Math.round(seconds * 10) / 10)) : 0;
    return this.serial(async () => {
      const reply = /** @type {RecordReply} */ (await this.call("statsRecord", { ...count, seconds: time }));
      this.keep(reply);
      return reply;
    });
  }

  /** @param {string} game */
  summary(game) {
    return this.serial(async () => (await this.call("statsSummary", { game })).summary);
  }

  /** @param {string} game */
  reset(game) {
    return this.serial(async () => this.keep(await this.call("statsReset", { game })));
  }
}
