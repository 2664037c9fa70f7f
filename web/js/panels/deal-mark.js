// @ts-check
// What the page knows of the deal on the table before it is played: its level
// beside the deal number (easy, medium, hard, as the solver rated it), or, for a
// deal its rating proved lost from its start, "cannot be won" there and one
// sheet that says so, with a button to a winnable deal. When to show which is
// the engine's answer (State.level, State.rated, State.lostFromStart and
// State.help.startWhy: the engine rates each deal in the background, play/help.js).

import { t } from "../words/i18n.js";
import { sayWhy } from "./lost.js";
import { showPanel } from "./panel.js";

/** @typedef {import("../engine/protocol.js").Level} Level */

/** @type {[Level | null, boolean]} the mark shown last, said again in another language */
let shown = [null, false];
/** The deal ("game/deal") whose loss from its start was said last: said once. @type {string | null} */
let saidLost = null;

/**
 * The mark of the deal on a table shown, and, the first time the engine knows a
 * deal is lost from its start, the sheet that says so.
 * @param {import("../engine/protocol.js").State} state
 * @param {() => unknown} winnable  a new deal proved winnable
 */
export function drawDealMark(state, winnable) {
  showDealMark(state.rated ? state.level : null, state.lostFromStart);
  const key = `${state.game}/${state.deal}`;
  if (!state.lostFromStart || key === saidLost) return;
  saidLost = key;
  // Said after the other listeners of the table, which close a lost sheet for a new table.
  setTimeout(() => showLostDeal(winnable, state.help.startWhy));
}

/**
 * The mark beside the deal number: its level, "cannot be won", or none (hidden).
 * @param {Level | null} level
 * @param {boolean} [lost]  the deal is lost from its start
 */
export function showDealMark(level, lost = false) {
  shown = [level, lost];
  const label = document.getElementById("deal-level");
  if (!label) return;
  const mark = lost ? "lost" : level;
  label.hidden = !mark;
  label.textContent = mark ? t(`level.${mark}`) : "";
  if (mark) label.dataset.level = mark;
  else delete label.dataset.level;
  label.title = mark ? t(lost ? "level.lostTitle" : "level.title") : "";
}

/** The texts changed language: the mark said again. */
export function redrawDealMark() {
  showDealMark(...shown);
}

/**
 * The deal on the table cannot be won: one line, why when the rating said it,
 * and the way to a winnable deal (no restart: the same cards lose again).
 * @param {() => unknown} winnable  a new deal proved winnable
 * @param {import("../words/why.js").Why | null} [why]  the rating's reason (its cards are not lit: they
 *   were the deal's at its start)
 */
export function showLostDeal(winnable, why = null) {
  showDealMark(null, true);
  showPanel("lost", t("lostDeal.title"), t("lostDeal.text"), [
    { label: t("lostDeal.winnable"), name: "winnable", primary: true, action: winnable },
  ]);
  sayWhy(why);
}
