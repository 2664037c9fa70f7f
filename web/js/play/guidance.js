// @ts-check
// Help from the solver: a hint (the next move of a plan that wins; pressing it
// again and again wins the game), and, when the position can no longer be won,
// the move that lost it with one button back to the last winnable position and
// one to watch the solution from there. With the setting "tell me when the game
// becomes lost" on, every move is checked in the background (the next move
// cancels the check) and a game that has just become lost is said at once.
// The searching is the engine's (hint and check jobs in the worker); this file
// asks, marks the hinted move (dashed when not proven) or lights the cards of
// why the game is lost (table/marks.js), and says it in the player's words.

import { t } from "../words/i18n.js";
import { hintText } from "../words/hint.js";
import { notice } from "../panels/notice.js";
import { panelKind } from "../panels/panel.js";
import { LOST, showBackPanel, showLostPanel } from "../panels/lost.js";
import { report } from "../panels/report.js";
import { clearHint, lightCards, markHint } from "../table/marks.js";
import { Search } from "./search.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Shown} Shown */
/** @typedef {import("../table/render.js").TableView} TableView */
/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../engine/protocol.js").HintResult} HintResult */
/** @typedef {{promise: Promise<any>, cancel: () => void}} Job */

export class Guidance {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {TableView} view
   * @param {{newDeal: (game?: string, options?: {ask?: boolean, solvable?: boolean}) => void, restart: (options?: {ask?: boolean}) => void}} deals
   */
  constructor(app, engine, game, view, deals) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.view = view;
    this.deals = deals;
    this.hinting = new Search(engine); // the hint search the player asked for
    /** @type {Job | null} */
    this.check = null; // a search the player did not ask for: after a move, or on a stuck table
    /** The lost move last said after a background check: the same is not said again. @type {number | null} */
    this.toldLost = null;
    /** Show the solution, from `undo` decisions back (main.js wires solution.js). */
    this.showSolution = (/** @type {{undo?: number}} */ options) => {};
    /** Whether the app is playing the solution (no background check then). */
    this.solving = () => false;
    /** @type {import("../panels/lost.js").LostActions} what the lost panel's buttons do */
    this.lostActions = {
      undo: (count) => this.game.undo(count),
      solve: (undo) => this.showSolution({ undo }),
      restart: () => this.deals.restart({ ask: false }),
      newDeal: () => this.deals.newDeal(undefined, { ask: false }),
      winnable: () => this.deals.newDeal(undefined, { ask: false, solvable: true }),
      searchOn: () => this.hint(),
    };
    game.onBeforeMove(() => this.stop());
    game.onShow((shown) => {
      this.clear();
      this.afterMove(shown);
    });
  }

  /** Take the hint off the table (its marks and its words), and the lost game's lights. */
  clear() {
    lightCards(this.view, null);
    if (!this.app.hint) return;
    this.app.hint = null;
    clearHint(this.view);
    notice("");
  }

  /** Stop the searches (a move was made, or the player pressed Hint again). */
  stop() {
    this.stopCheck();
    this.hinting.cancel();
  }

  stopCheck() {
    this.check?.cancel();
    this.check = null;
  }

  /** Hint pressed: search, or stop the search running. */
  async hint() {
    const state = this.app.table;
    if (this.hinting.running) this.stop();
    else if (this.game.ready && state && !state.won) {
      this.stopCheck(); // the hint finds a lost game too
      this.clear();
      try {
        const result = /** @type {HintResult} */ (await this.hinting.run({ kind: "hint" }, "hint", t("hint.looking")));
        if (this.app.table !== state) return; // the game moved on meanwhile
        this.game.keepSave(result.save); // the hint is kept as help given
        this.showResult(result);
        if (result.likely) this.proveLikely();
      } catch (error) {
        report(error); // says nothing of a cancelled search
      }
    }
  }

  /**
   * A search the player did not ask for, on the table as it is; `found` gets
   * its result if the table has not changed meanwhile.
   * @param {(result: HintResult) => void} found
   */
  async background(found) {
    const state = this.app.table;
    if (this.hinting.running || !state) return;
    this.stopCheck();
    const job = this.engine.job({ kind: "check" });
    this.check = job;
    try {
      /** @type {HintResult} */
      const result = await job.promise;
      if (this.check === job) this.check = null;
      if (this.app.table === state) found(result);
    } catch (error) {
      if (this.check === job) this.check = null;
      report(error);
    }
  }

  /** A likely move is shown: the search goes on in the background, and its proven answer takes the move's place. */
  proveLikely() {
    this.background((found) => (found.likely ? found.more && this.proveLikely() : this.showResult(found)));
  }

  /**
   * The table is stuck: find where the game was lost, and show it in place of
   * the stuck panel (when the table has not changed meanwhile); where the
   * search ran out of budget first, the lost panel offers to search further.
   */
  explainStuck() {
    return this.background((result) => {
      if (result.verdict === LOST && (result.undo || result.earlier === LOST || result.more || result.why)) {
        this.showLost(result, { stuck: true });
      }
    });
  }

  /**
   * After each move, with "tell me when the game becomes lost" on: check the
   * position in the background and say at once when it has just been lost.
   * @param {Shown} shown
   */
  afterMove({ state, fresh }) {
    if (!this.game.ready || !this.app.settings.warnLost || fresh || !state.inProgress || this.solving()) return;
    this.background((result) => {
      if (result.verdict === "solved") this.toldLost = null;
      if (result.verdict !== LOST) return;
      const number = result.lostMove?.number ?? 0;
      if (number === this.toldLost || panelKind() === "confirm") return;
      this.toldLost = number;
      this.showLost(result);
    });
  }

  /** @param {HintResult} result */
  showResult(result) {
    if (result.verdict === LOST) this.showLost(result);
    else if (result.verdict === "solved" && result.back > 0) this.showBack(result.back);
    else if (result.move) this.showMove(result.move, result);
    else notice(t(result.more ? "hint.more" : "hint.none"), 6000);
  }

  /**
   * @param {Move} move
   * @param {{likely?: boolean, redeal?: string | null}} [why]  a likely move is said to be unproven; a needed redeal, why
   */
  showMove(move, { likely = false, redeal = null } = {}) {
    markHint(this.view, move, likely);
    const text = hintText(move, { likely, redeal });
    this.app.hint = { move, text };
    notice(text, 6000);
  }

  /**
   * Every win passes through the position `back` decisions ago.
   * @param {number} back
   */
  showBack(back) {
    this.app.hint = { move: null, text: showBackPanel(back, this.lostActions) };
  }

  /**
   * The position is lost: the lost panel says which move lost it and why, with
   * the cards of why lit until it closes or the game moves, and offers the way on.
   * @param {HintResult} result
   * @param {{stuck?: boolean}} [options]  stuck: the table has no move left (the stuck panel's place)
   */
  showLost(result, { stuck = false } = {}) {
    const close = () => lightCards(this.view, null);
    showLostPanel(result, { stuck, canUndo: Boolean(this.app.table?.canUndo), close }, this.lostActions);
    lightCards(this.view, result.why?.cards);
  }
}
