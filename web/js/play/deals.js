// @ts-check
// Which deal is on the table: a new deal (proved winnable when the player asks
// for solvable deals), the deal of the day, a deal a link names (platform/links.js),
// a restart. Leaving a game in progress asks first. Whether the game left counts
// is the engine's decision (the table it answers carries the result: counting.py),
// as is how the deal was opened and what leaving loses (State.leaving).

import { Links } from "../platform/links.js";
import { localDate } from "../platform/today.js";
import { t } from "../words/i18n.js";
import { notice } from "../panels/notice.js";
import { hidePanel } from "../panels/panel.js";
import { askLeave } from "../panels/leave.js";
import { report } from "../panels/report.js";
import { currentGame } from "./state.js";
import { Search } from "../panels/search.js";
import { errorType } from "../engine/engine-error.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("../engine/protocol.js").DealResult} DealResult */
/** @typedef {import("../engine/protocol.js").Opening} Opening */

export class Deals {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   */
  constructor(app, engine, game) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.search = new Search(engine); // the solvable-deal or daily search running
    this.links = new Links(app, engine, this); // the deals the address names
  }

  /** Whether leaving now would lose something: a game in progress, or decisions to redo (the engine says: State.leaving). */
  get losesOnLeaving() {
    return Boolean(this.app.table?.leaving);
  }

  /** Ask before leaving loses something; resolves true to go on. */
  confirmLeave() {
    const loses = this.app.table?.leaving;
    return loses ? askLeave(loses) : Promise.resolve(true);
  }

  /**
   * Deal `deal` of `game` (a random deal when null) onto the table, opened as
   * `opening` (the engine's default: a link). Throws the engine's error (an
   * unknown game, a bad number).
   * @param {string} game
   * @param {string | null} deal
   * @param {{opening?: Opening, dealt?: any}} [options]
   *   dealt: the engine's table of this very deal, when start-up had it dealt already
   */
  async open(game, deal, { opening, dealt = null } = {}) {
    for (const listener of this.game.beforeMove) listener();
    const params = deal ? { game, deal, ...(opening ? { opening } : {}) } : { game };
    const table = dealt ?? (await this.engine.request("new", params));
    hidePanel();
    this.game.show(table, { fresh: true });
  }

  /**
   * A new deal of `game`: a proved-winnable one when the setting (or `solvable`) asks for it.
   * @param {string} [game]
   * @param {{ask?: boolean, solvable?: boolean}} [options]  ask: confirm first when a game is in progress
   */
  async newDeal(game = currentGame(this.app), { ask = true, solvable = false } = {}) {
    if (ask && !(await this.confirmLeave())) return;
    /** @type {string | null} */
    let deal = null;
    if (this.app.settings.solvableOnly || solvable) {
      try {
        // The walk starts at a random deal (the engine draws it), at the level the player chose.
        const params = { kind: /** @type {const} */ ("solvable"), game, level: this.app.settings.level };
        const result = await this.search.run(params, "new", t("deal.finding"));
        deal = result.deal;
        if (result.verdict !== "solved") notice(t("deal.notProved"), 4000);
      } catch (error) {
        const type = errorType(error);
        if (type === "Cancelled") return;
        report(error);
        if (type === "Unavailable") return;
        // The search failed: a deal not proved winnable, rather than no table at all.
      }
    }
    try {
      await this.open(game, deal, { opening: "solvable" });
    } catch (error) {
      report(error);
    }
  }

  /** The deal of the day of the game on the table. */
  async daily() {
    if (!(await this.confirmLeave())) return;
    const game = currentGame(this.app);
    try {
      const result = /** @type {DealResult} */ (await this.search.run({ kind: "daily", game, date: localDate() }, "daily", t("daily.finding")));
      await this.open(game, result.deal, { opening: "daily" });
    } catch (error) {
      report(error);
    }
  }

  /**
   * Play this deal again from its start (the engine counts the attempt left).
   * @param {{ask?: boolean}} [options]  ask: confirm first when a game is in progress
   */
  async restart({ ask = true } = {}) {
    if (ask && !(await this.confirmLeave())) return;
    await this.game.act("restart", {}, { animate: false });
  }
}
