// @ts-check
// Help from the solver: a hint (the next move of a plan that wins; pressing it
// again and again wins the game), and, when the position can no longer be won,
// the move that lost it with one button back to the last winnable position.
// The searching is the engine's (a hint job in the worker); this file asks,
// marks the hinted card and its destination, and says it in the player's words.

import { setBusy } from "./bar.js";
import { cardName } from "./cards.js";
import { t } from "./i18n.js";
import { notice } from "./notice.js";
import { showPanel } from "./panel.js";
import { report } from "./report.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("./engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./render.js").TableView} TableView */
/** @typedef {import("./protocol.js").Move} Move */
/** @typedef {import("./protocol.js").HintResult} HintResult */

/**
 * A move in words: "seven of hearts onto eight of hearts".
 * @param {Move} move
 * @param {string | null} onto  the card it goes (or went) onto, null for an empty fan
 */
export function moveText(move, onto) {
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
   * @param {{newDeal: () => void}} deals
   */
  constructor(app, engine, game, view, deals) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.view = view;
    this.deals = deals;
    /** @type {{promise: Promise<any>, cancel: () => void} | null} */
    this.job = null; // the hint search running
    game.onBeforeMove(() => this.stop());
    game.onShow(() => this.clear());
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

  /** Stop a hint search (a move was made, or the player pressed Hint again). */
  stop() {
    if (!this.job) return;
    this.job.cancel();
    this.job = null;
    setBusy("hint", false);
    notice("");
  }

  /** Hint pressed: search, or stop the search running. */
  async hint() {
    if (this.job) {
      this.stop();
      return;
    }
    const state = this.app.table;
    if (!this.game.ready || !state || state.won) return;
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
      report(error);
      return;
    }
    this.job = null;
    setBusy("hint", false);
    notice("");
    if (this.app.table !== state) return; // the game moved on meanwhile
    this.showResult(result);
  }

  /**
   * The table is stuck: find where the game was lost, and show it in place of
   * the stuck panel (when the table has not changed meanwhile).
   */
  async explainStuck() {
    const state = this.app.table;
    if (this.job || !state) return;
    const job = this.engine.job({ kind: "check" });
    this.job = job;
    try {
      /** @type {HintResult} */
      const result = await job.promise;
      if (this.job === job) this.job = null;
      if (this.app.table === state && result.verdict === "lost" && result.undo) this.showLost(result);
    } catch (error) {
      if (this.job === job) this.job = null;
      report(error);
    }
  }

  /** @param {HintResult} result */
  showResult(result) {
    if (result.verdict === "lost") this.showLost(result);
    else if (result.verdict === "solved" && result.back > 0) this.showBack(result.back);
    else if (result.move) this.showMove(result.move);
    else notice(t("hint.none"), 4000);
  }

  /** @param {Move} move */
  showMove(move) {
    const state = /** @type {import("./protocol.js").State} */ (this.app.table);
    let text;
    if (!move.card) {
      document.querySelector("#redeal")?.classList.add("is-hint");
      text = t("hint.redeal");
    } else {
      this.view.markCard("card--hint", move.card);
      this.view.highlight("is-hint", move.card, [move.to]);
      const card = cardName(move.card);
      const fan = move.to === "F" ? [] : state.fans[move.to - 1] ?? [];
      if (move.to === "F") text = t("hint.toFoundation", { card });
      else if (fan.length) text = t("hint.onto", { card, target: cardName(fan[fan.length - 1]) });
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
    ]);
  }

  /**
   * The position is lost: say which move lost it and offer the way back.
   * @param {HintResult} result
   */
  showLost(result) {
    const { undo, lostMove } = result;
    /** @type {import("./panel.js").PanelAction[]} */
    const actions = [];
    let text = t("lost.text");
    if (undo && lostMove) {
      text = `${t("lost.move", { number: lostMove.number, move: moveText(lostMove.move, lostMove.onto) })} ${t("lost.back", { count: undo })}`;
      actions.push({ label: t("lost.undo", { count: undo }), name: "undo", primary: true, action: () => this.game.undo(undo) });
    } else if (this.app.table?.canUndo) {
      actions.push({ label: t("button.undo"), name: "undo", action: () => this.game.undo() });
    }
    actions.push({ label: t("button.newDeal"), name: "new", primary: !undo, action: () => this.deals.newDeal() });
    showPanel("lost", t("lost.title"), text, actions);
  }
}
