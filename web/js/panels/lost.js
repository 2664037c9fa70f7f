// @ts-check
// The panels of a game gone astray, in the player's words: every win passes
// through an earlier position (take back so many decisions), and a position
// lost (the move that lost it, the way back, the solution from there, a
// restart, a new deal; or, when the walk back ran out of budget, a search
// further), with why it is lost under it: the reason's sentences, set apart as
// the lit cards on the table are (help-view.js lights them). What the solver
// found comes from the engine (State.help); what each button does, from the
// controller.

import { cardWord, t } from "../words/i18n.js";
import { litText, whyText } from "../words/why.js";
import { showPanel } from "./panel.js";

/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../engine/protocol.js").LostShown} LostShown */
/** @typedef {import("./panel.js").PanelAction} PanelAction */
/** @typedef {import("../words/why.js").Why} Why */

/** What the walk back found when the deal is lost from its start (LostShown.earlier). */
const LOST = "lost";

/**
 * A move in words: "seven of hearts onto eight of hearts".
 * @param {Move} move  as the engine reports it, with the card it goes (or went) onto
 * @param {string | null} [onto]  that card, when the report gives it beside the move (lostMove)
 */
export function moveText(move, onto = move.onto ?? null) {
  if (!move.card) return t("move.redeal");
  if (move.to === "F") return t("move.toFoundation", { card: cardWord(move.card) });
  if (move.to === "cell") return t("move.toCell", { card: cardWord(move.card) });
  return onto
    ? t("move.onto", { card: cardWord(move.card), target: cardWord(onto) })
    : t("move.toEmpty", { card: cardWord(move.card) });
}

/**
 * What the panels' buttons do.
 * @typedef {object} LostActions
 * @property {(count: number) => unknown} undo  take back so many decisions
 * @property {(undo: number) => unknown} solve  show the solution from so many decisions back
 * @property {() => unknown} restart
 * @property {() => unknown} newDeal
 * @property {() => unknown} winnable  a new deal proved winnable
 * @property {() => unknown} searchOn  search further (a hint asked again)
 */

/**
 * Every win passes through the position `back` decisions ago.
 * @param {number} back
 * @param {LostActions} actions
 * @returns {string} what the panel says
 */
export function showBackPanel(back, actions) {
  const text = t("hint.back", { count: back });
  showPanel("lost", t("hint.backTitle"), text, [
    { label: t("lost.undo", { count: back }), name: "undo", primary: true, action: () => actions.undo(back) },
    { label: t("solution.show"), name: "solve", action: () => actions.solve(back) },
  ]);
  return text;
}

/**
 * Add why the position is lost to the panel on show, under its text (nothing
 * for no reason: an older engine's result): the reason's sentences, and the lit
 * cards named for a screen reader where those do not name them all.
 * @param {Why | null | undefined} why
 */
export function sayWhy(why) {
  const text = document.getElementById("panel-text");
  if (!why || !text) return;
  const reason = document.createElement("span");
  reason.className = "panel__why";
  reason.textContent = whyText(why);
  const lit = litText(why);
  if (lit) {
    const named = document.createElement("span");
    named.className = "visually-hidden";
    named.textContent = ` ${lit}`;
    reason.append(named);
  }
  text.append(" ", reason);
  // Kept short on a phone (app.css): a reason that scrolls takes the keyboard's focus too.
  if (reason.scrollHeight > reason.clientHeight) reason.tabIndex = 0;
}

/**
 * The position is lost: say which move lost it and why, and offer the way
 * back, the solution from there, a restart and a new deal.
 * @param {LostShown} lost
 * @param {{stuck: boolean, canUndo: boolean, close?: () => void}} table  stuck: no move is left (the stuck
 *   panel's place); close: the panel went away without one of its actions
 * @param {LostActions} actions
 */
export function showLostPanel({ undo, move: lostMove, earlier, more, why }, { stuck, canUndo, close }, actions) {
  /** @type {PanelAction[]} */
  const buttons = [];
  let text = t("lost.text");
  const restart = { label: t("button.restart"), name: "restart", action: actions.restart };
  if (earlier === LOST) {
    // Lost from its start: a restart plays the same lost cards, so none is offered.
    text = t("lost.deal");
    buttons.push({ label: t("lostDeal.winnable"), name: "winnable", primary: true, action: actions.winnable });
    buttons.push({ label: t("button.newDeal"), name: "new", action: actions.newDeal });
  } else {
    if (undo && lostMove) {
      const move = t("lost.move", { number: lostMove.number, move: moveText(lostMove.move, lostMove.onto) });
      text = `${move} ${t("lost.back", { count: undo })}`;
      buttons.push(
        { label: t("lost.undo", { count: undo }), name: "undo", primary: true, action: () => actions.undo(undo) },
        { label: t("solution.show"), name: "solve", action: () => actions.solve(undo) },
      );
    } else {
      if (more) {
        // The walk back ran out of budget before it found a winnable position: asking again goes on with it.
        text = `${text} ${t("lost.notYet")}`;
        buttons.push({ label: t("lost.searchOn"), name: "more", primary: true, action: actions.searchOn });
      }
      if (canUndo) buttons.push({ label: t("button.undo"), name: "undo", action: () => actions.undo(1) });
    }
    buttons.push(restart, { label: t("button.newDeal"), name: "new", primary: !undo && !more, action: actions.newDeal });
  }
  showPanel("lost", stuck ? t("stuck.title") : t("lost.title"), text, buttons, { close });
  sayWhy(why);
}
