// @ts-check
// Where the player's statistics are kept, and one result counted at a time.
//
// What counts, and in which buckets, is the engine's decision (py/cloverleaf/
// counting.py): a table that finished a game carries its `count` (with the time
// played, py/cloverleaf/clock.py), and this file only hands it back to the
// engine's statistics (py/cloverleaf/stats.py) and stores the text it answers (storage.js).
//
// Several tabs share the statistics (tabs.js): only the tab that owns the game
// counts, and each result is read, counted and written back whole under a lock
// shared by the tabs, from the text as stored at that moment (never from a copy
// kept since start-up), so no tab overwrites another's results.

import { TEXT_BYTES } from "../build-info.js";
import { KEYS, readText, setAside, writeText } from "./storage.js";

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
   * @param {import("../engine/engine.js").EngineClient["request"]} request  the engine client's
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
   * is answered from fresh statistics (the reply says `setAside`): the text is set
   * aside (storage.js tells the player).
   * @template {"statsSummary" | "statsRecord" | "statsReset"} M
   * @param {M} method
   * @param {Omit<import("../engine/protocol.js").Methods[M]["params"], "stats">} params
   * @returns {Promise<import("../engine/protocol.js").Methods[M]["answer"]>}
   */
  async call(method, params) {
    const text = readText(KEYS.stats, TEXT_BYTES.stats); // longer than the engine reads: set aside here
    const sent = /** @type {import("../engine/protocol.js").Methods[M]["params"]} */ ({ ...params, stats: text });
    const reply = await this.request(method, sent);
    if (reply.setAside && text !== null) setAside(KEYS.stats, text);
    return reply;
  }

  /**
   * Check the stored statistics now (start-up), so unreadable ones are set aside
   * and the player told with the first table, not at the end of a game.
   */
  check() {
    return this.serial(() => this.call("statsSummary", {}));
  }

  /** @param {StatsReply} reply */
  keep(reply) {
    writeText(KEYS.stats, reply.stats);
    return reply.summary;
  }

  /**
   * Count a finished game the engine reported (a table's `count`). Resolves to
   * the engine's reply (the new summary, and which records a win beat), or null
   * when another tab owns the game (it counts there).
   * @param {Count} count
   * @returns {Promise<RecordReply | null>}
   */
  record(count) {
    if (!this.sharing.mayCount()) return Promise.resolve(null);
    return this.serial(async () => {
      const reply = /** @type {RecordReply} */ (await this.call("statsRecord", count));
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

  /**
   * Start afresh without the engine (the Statistics tab, when they could not be
   * loaded): the stored text is set aside, kept as unreadable text is.
   */
  setAside() {
    return this.serial(async () => {
      const text = readText(KEYS.stats, TEXT_BYTES.stats);
      if (text !== null) setAside(KEYS.stats, text);
    });
  }
}
