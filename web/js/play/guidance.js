// @ts-check
// Help from the solver: a hint (the next move of a plan that wins; pressing it
// again and again wins the game), and, when the position can no longer be won,
// the move that lost it with one button back to the last winnable position and
// one to watch the solution from there. With the setting "tell me when the game
// becomes lost" on, every move is checked in the background (the next move
// cancels the check) and a game that has just become lost is said at once.
// The searching is the engine's (hint and check jobs in the worker); this file
// asks, marks the hinted card and its destination, and says it in the player's
// words.

import { setBusy } from "../panels/bar.js";
import { cardName } from "../table/cards.js";
import { t } from "../words/i18n.js";
import { notice } from "../panels/notice.js";
import { panelKind, showPanel } from "../panels/panel.js";
import { report } from "../panels/report.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Shown} Shown */
/** @typedef {import("../table/render.js").TableView} TableView */
/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../engine/protocol.js").HintResult} HintResult */
/** @typedef {{promise: Promise<any>, cancel: () => void}} Job */

/** The verdict of a position proved lost (protocol.js HintResult). */
export const LOST = "lost";

/**
 * A move in words: "seven of hearts onto eight of hearts".
 * @param {Move} move  as the engine reports it, with the card it goes (or went) onto
 * @param {string | null} [onto]  that card, when the report gives it beside the move (lostMove)
 */
export function moveText(move, onto = move.onto ?? null) {
  if (!move.card) return t("move.redeal");
  if (move.to === "F") return t("move.toFoundation", { card: cardName(move.card) });
  return onto
    ? t("move.onto", { card: cardName(move.card), target: cardName(onto) })
    : t("move.toEmpty", { card: cardName(move.card) });
}

export class Guidance {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {TableView} view
   * @param {{newDeal: (game?: string, options?: {ask?: boolean}) => void, restart: (options?: {ask?: boolean}) => void}} deals
   */
  constructor(app, engine, game, view, deals) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.view = view;
    this.deals = deals;
    /** @type {Job | null} */
    this.job = null; // the hint search the player asked for
    /** @type {Job | null} */
    this.check = null; // a search the player did not ask for: after a move, or on a stuck table
    /** The lost move last said after a background check: the same is not said again. @type {number | null} */
    this.toldLost = null;
    /** Show the solution, from `undo` decisions back (main.js wires solution.js). */
    this.showSolution = (/** @type {{undo?: number}} */ options) => {};
    /** Whether the app is playing the solution (no background check then). */
    this.solving = () => false;
    game.onBeforeMove(() => this.stop());
    game.onShow((shown) => {
      this.clear();
      this.afterMove(shown);
    });
  }

  /** Take the hint off the table: its marks and its words. */
  clear() {
    if (!this.app.hint) return;
    this.app.hint = null;
    document.querySelector("#redeal")?.classList.remove("is-hint");
    this.view.markCard("card--hint", null);
    this.view.highlight("is-hint", null, []);
    notice("");
  }

  /** Stop the searches (a move was made, or the player pressed Hint again). */
  stop() {
    this.stopCheck();
    if (!this.job) return;
    this.job.cancel();
    this.job = null;
    setBusy("hint", false);
    notice("");
  }

  stopCheck() {
    this.check?.cancel();
    this.check = null;
  }

  /** Hint pressed: search, or stop the search running. */
  async hint() {
    if (this.job) {
      this.stop();
      return;
    }
    const state = this.app.table;
    if (!this.game.ready || !state || state.won) return;
    this.stopCheck(); // the hint finds a lost game too
    this.clear();
    const job = this.engine.job({ kind: "hint" });
    this.job = job;
    setBusy("hint", true);
    notice(t("hint.looking"), 0);
    /** @type {HintResult} */
    let result;
    try {
      result = await job.promise;
    } catch (error) {
      if (this.job === job) this.stop();
      report(error); // says nothing of a cancelled search
      return;
    }
    this.job = null;
    setBusy("hint", false);
    notice("");
    if (this.app.table !== state) return; // the game moved on meanwhile
    this.game.keepSave(result.save); // the hint is kept as help given
    this.showResult(result);
  }

  /**
   * A search the player did not ask for, on the table as it is; `found` gets
   * its result if the table has not changed meanwhile.
   * @param {(result: HintResult) => void} found
   */
  async background(found) {
    const state = this.app.table;
    if (this.job || !state) return;
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

  /**
   * The table is stuck: find where the game was lost, and show it in place of
   * the stuck panel (when the table has not changed meanwhile); where the
   * search ran out of budget first, the lost panel offers to search further.
   */
  explainStuck() {
    return this.background((result) => {
      if (result.verdict === LOST && (result.undo || result.earlier === LOST || result.more)) {
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
    if (!this.app.settings.warnLost || fresh || state.won || state.stuck || state.moves === 0 || this.solving()) return;
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
    else if (result.move) this.showMove(result.move);
    else notice(t(result.more ? "hint.more" : "hint.none"), 6000);
  }

  /** @param {Move} move */
  showMove(move) {
    let text;
    if (!move.card) {
      document.querySelector("#redeal")?.classList.add("is-hint");
      text = t("hint.redeal");
    } else {
      this.view.markCard("card--hint", move.card);
      this.view.highlight("is-hint", move.card, [move.to]);
      const card = cardName(move.card);
      if (move.to === "F") text = t("hint.toFoundation", { card });
      else if (move.onto) text = t("hint.onto", { card, target: cardName(move.onto) });
      else text = t("hint.toEmpty", { card });
    }
    this.app.hint = { move, text };
    notice(text, 6000);
  }

  /**
   * Every win passes through the position `back` decisions ago.
   * @param {number} back
   */
  showBack(back) {
    const text = t("hint.back", { count: back });
    this.app.hint = { move: null, text };
    showPanel("lost", t("hint.backTitle"), text, [
      { label: t("lost.undo", { count: back }), name: "undo", primary: true, action: () => this.game.undo(back) },
      { label: t("solution.show"), name: "solve", action: () => this.showSolution({ undo: back }) },
    ]);
  }

  /**
   * The position is lost: say which move lost it, and offer the way back, the
   * solution from there, a restart and a new deal.
   * @param {HintResult} result
   * @param {{stuck?: boolean}} [options]  stuck: the table has no move left (the stuck panel's place)
   */
  showLost(result, { stuck = false } = {}) {
    const { undo, lostMove, earlier } = result;
    /** @type {import("../panels/panel.js").PanelAction[]} */
    const actions = [];
    let text = t("lost.text");
    const newDeal = () => this.deals.newDeal(undefined, { ask: false });
    const restart = { label: t("button.restart"), name: "restart", action: () => this.deals.restart({ ask: false }) };
    if (earlier === LOST) {
      text = t("lost.deal");
      actions.push({ label: t("button.newDeal"), name: "new", primary: true, action: newDeal }, restart);
    } else {
      if (undo && lostMove) {
        const move = t("lost.move", { number: lostMove.number, move: moveText(lostMove.move, lostMove.onto) });
        text = `${move} ${t("lost.back", { count: undo })}`;
        actions.push(
          { label: t("lost.undo", { count: undo }), name: "undo", primary: true, action: () => this.game.undo(undo) },
          { label: t("solution.show"), name: "solve", action: () => this.showSolution({ undo }) },
        );
      } else {
        if (result.more) {
          // The walk back ran out of budget before it found a winnable position: asking again goes on with it.
          text = `${text} ${t("lost.notYet")}`;
          actions.push({ label: t("lost.searchOn"), name: "more", primary: true, action: () => this.hint() });
        }
        if (this.app.table?.canUndo) actions.push({ label: t("button.undo"), name: "undo", action: () => this.game.undo() });
      }
      const primaryTaken = Boolean(undo) || Boolean(result.more);
      actions.push(restart, { label: t("button.newDeal"), name: "new", primary: !primaryTaken, action: newDeal });
    }
    showPanel("lost", stuck ? t("stuck.title") : t("lost.title"), text, actions);
  }
}
