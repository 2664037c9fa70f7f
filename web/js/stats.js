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

import { asRecord, KEYS, readJson, readText, setAside, writeJson, writeText } from "./storage.js";

/** @typedef {import("./protocol.js").State} State */
/** @typedef {import("./protocol.js").StatsReply} StatsReply */
/** @typedef {{key: string, solvable: boolean, counted: boolean, shown: boolean}} Current */

/**
 * The game on the table, as statistics see it: game, deal and the daily date.
 * @param {State} state
 * @param {string | null} daily
 */
export const gameKey = (state, daily) => `${state.game}/${state.deal ?? ""}/${daily ?? ""}`;

export class StatsKeeper {
  /**
   * @param {(method: string, params: object) => Promise<any>} request  the engine client
   */
  constructor(request) {
    this.request = request;
    /** @type {string | null} */
    this.text = readText(KEYS.stats);
    /** @type {Current | null} */
    this.current = readJson(KEYS.statsCurrent, (data) => {
      const stored = asRecord(data);
      if (typeof stored.key !== "string") throw new Error("no key");
      return {
        key: stored.key,
        solvable: Boolean(stored.solvable),
        counted: Boolean(stored.counted),
        shown: Boolean(stored.shown),
      };
    });
    /** @type {Promise<unknown>} */
    this.queue = Promise.resolve();
  }

  storeCurrent() {
    writeJson(KEYS.statsCurrent, this.current);
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
   * Run engine calls one after another, so two results never race on the text.
   * @template T
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  serial(task) {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  /**
   * @param {string} method
   * @param {object} params
   * @returns {Promise<StatsReply>}
   */
  async call(method, params) {
    try {
      return await this.request(method, { ...params, stats: this.text });
    } catch (error) {
      if (/** @type {any} */ (error)?.type !== "InvalidInput" || this.text === null) throw error;
      // The stored text cannot be read: keep it aside, start afresh (storage.js tells the player).
      setAside(KEYS.stats, this.text);
      this.text = null;
      return this.request(method, { ...params, stats: null });
    }
  }

  /** @param {StatsReply} reply */
  keep(reply) {
    this.text = reply.stats;
    writeText(KEYS.stats, this.text);
    return reply.summary;
  }

  /**
   * @param {State} state
   * @param {boolean} won
   * @param {number} seconds
   * @param {string | null} daily
   */
  record(state, won, seconds, daily) {
    const current = /** @type {Current} */ (this.current);
    current.counted = true;
    this.storeCurrent();
    /** @type {Record<string, unknown>} */
    const params = {
      game: state.game,
      won,
      moves: state.moves,
      seconds: Math.max(0, Math.round(seconds * 10) / 10),
      solvable: current.solvable,
    };
    if (daily) params.daily = daily;
    return this.serial(async () => this.keep(await this.call("statsRecord", params)));
  }

  /**
   * The state on the table changed; a first win is recorded (not one the app
   * solved). Resolves to the new summary when something was recorded, else null.
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
    const summary = await this.record(state, false, seconds, daily);
    current.counted = false; // a restart plays the same deal again: it may count anew
    this.storeCurrent();
    return summary;
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
