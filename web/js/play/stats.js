// @ts-check
// When a game counts in the player's statistics, and where they are kept.
//
// The counting itself is the engine's (py/cloverleaf/stats.py): this file keeps
// the engine's statistics text (storage.js), hands it back with each result and
// shows nothing. A game counts once: a win when the table is won, a loss when the
// player leaves a game that had at least one move and was not won (a new deal,
// another game, a restart). A game the app solved for the player (the solution
// shown) counts neither way, nor does a restart of that deal (the player has
// seen the way); the next deal counts again. What game is on the table, and
// whether it was already counted, is kept too, so a reload neither loses nor
// repeats a result.
//
// Several tabs share the statistics (tabs.js): only the tab that owns the game
// counts, and each result is read, counted and written back whole under a lock
// shared by the tabs, from the text as stored at that moment (never from a copy
// kept since start-up), so no tab overwrites another's results.

import { asRecord, KEYS, MAX_ELAPSED_MS, readJson, readText, setAside, writeJson, writeText } from "../platform/storage.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").StatsReply} StatsReply */
/** @typedef {import("../engine/protocol.js").RecordReply} RecordReply */
/** @typedef {{key: string, solvable: boolean, counted: boolean, shown: boolean}} Current */

/**
 * The game on the table, as statistics see it: game, deal and the daily date.
 * @param {State} state
 * @param {string | null} daily
 */
export const gameKey = (state, daily) => `${state.game}/${state.deal ?? ""}/${daily ?? ""}`;

/** @returns {Current | null} */
function loadCurrent() {
  return readJson(KEYS.statsCurrent, (data) => {
    const stored = asRecord(data);
    if (typeof stored.key !== "string") throw new Error("no key");
    return {
      key: stored.key,
      solvable: Boolean(stored.solvable),
      counted: Boolean(stored.counted),
      shown: Boolean(stored.shown),
    };
  });
}

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
    /** @type {Current | null} */
    this.current = loadCurrent();
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
  }

  /** Which game counts now, as another tab left it (this tab takes the game over). */
  reload() {
    this.current = loadCurrent();
  }

  storeCurrent() {
    if (this.sharing.mayCount()) writeJson(KEYS.statsCurrent, this.current);
  }

  /**
   * A game is on the table: a new one (fresh) or one restored after a reload.
   * @param {State} state
   * @param {{daily?: string | null, solvable?: boolean, fresh?: boolean}} [options]
   */
  begin(state, { daily = null, solvable = false, fresh = true } = {}) {
    const key = gameKey(state, daily);
    if (!fresh && this.current?.key === key) return;
    const shown = this.current?.key === key && this.current.shown; // a restart after the solution was shown
    this.current = { key, solvable: Boolean(solvable || daily), counted: false, shown };
    this.storeCurrent();
  }

  /**
   * The app showed the solution of this game: a win no longer counts as the player's.
   * @param {State} state
   * @param {string | null} daily
   */
  solutionShown(state, daily) {
    if (!this.current || this.current.key !== gameKey(state, daily)) this.begin(state, { daily });
    const current = /** @type {Current} */ (this.current);
    current.shown = true;
    this.storeCurrent();
  }

  /**
   * Whether the game on the table was solved by the app (its win is not counted).
   * @param {State} state
   * @param {string | null} daily
   */
  isShown(state, daily) {
    return this.current?.key === gameKey(state, daily) && this.current.shown;
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
   * @param {State} state
   * @param {boolean} won
   * @param {number} seconds
   * @param {string | null} daily
   */
  record(state, won, seconds, daily) {
    if (!this.sharing.mayCount()) return Promise.resolve(null); // another tab has the game: it counts
    const current = /** @type {Current} */ (this.current);
    current.counted = true;
    this.storeCurrent();
    /** @type {Record<string, unknown>} */
    const params = {
      game: state.game,
      won,
      moves: state.moves,
      seconds: Number.isFinite(seconds) ? Math.min(MAX_ELAPSED_MS / 1000, Math.max(0, Math.round(seconds * 10) / 10)) : 0,
      solvable: current.solvable,
    };
    if (daily) params.daily = daily;
    return this.serial(async () => {
      const reply = /** @type {RecordReply} */ (await this.call("statsRecord", params));
      this.keep(reply);
      return reply;
    });
  }

  /**
   * The state on the table changed; a first win is recorded (not one the app
   * solved). Resolves to the engine's reply (the new summary, and which records
   * the win beat) when something was recorded, else null.
   * @param {State} state
   * @param {number} seconds
   * @param {string | null} daily
   */
  async seen(state, seconds, daily) {
    if (!state.won) return null;
    if (!this.current || this.current.key !== gameKey(state, daily)) this.begin(state, { daily });
    const current = /** @type {Current} */ (this.current);
    if (current.counted || current.shown) return null;
    return this.record(state, true, seconds, daily);
  }

  /**
   * The player leaves the game on the table (new deal, other game, restart): a
   * loss when it had a move and was neither won, counted, nor solved by the app.
   * @param {State | null} state
   * @param {number} seconds
   * @param {string | null} daily
   */
  async leave(state, seconds, daily) {
    if (!state || state.won || state.moves === 0) return null;
    if (!this.current || this.current.key !== gameKey(state, daily)) this.begin(state, { daily });
    const current = /** @type {Current} */ (this.current);
    if (current.counted || current.shown) return null;
    const reply = await this.record(state, false, seconds, daily);
    current.counted = false; // a restart plays the same deal again: it may count anew
    this.storeCurrent();
    return reply?.summary ?? null;
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
