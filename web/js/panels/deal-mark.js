// @ts-check
// What the page knows of the deal on the table before it is played: its level
// beside the deal number (easy, medium, hard, as the solver rated it), or, for a
// deal its rating proved lost from its start, "cannot be won" there and one
// sheet that says so, with a button to a winnable deal. When to show which is
// the engine's answer (State.level, State.rated, State.lostFromStart and
// State.help.startWhy: the engine rates each deal in the background, play/help.js).

import { t } from "../words/i18n.js";
import { sayWhy } from "./lost.js";
import { panelKind, showPanel } from "./panel.js";

/** @typedef {import("../engine/protocol.js").Level} Level */
/** @typedef {import("../words/why.js").Why} Why */
/** What lights a reason's cards on the table (table/marks.js lightCards), null putting them out. @typedef {(cards: string[] | null) => void} Light */

/** @type {[Level | null, boolean]} the mark shown last, said again in another language */
let shown = [null, false];
/** @type {{winnable: () => unknown, why: Why | null, light: Light | null} | null} the lost deal's sheet on show */
let sheet = null;
/** The deal ("game/deal") whose loss from its start was said last: said once. @type {string | null} */
let saidLost = null;

/**
 * The mark of the deal on a table shown, and, the first time the engine knows a
 * deal is lost from its start, the sheet that says so, its reason's cards lit
 * while the table is still the deal's start (where the reason was proved).
 * @param {import("../engine/protocol.js").State} state
 * @param {() => unknown} winnable  a new deal proved winnable
 * @param {Light} light
 */
export function drawDealMark(state, winnable, light) {
  showDealMark(state.rated ? state.level : null, state.lostFromStart);
  const key = `${state.game}/${state.deal}`;
  if (!state.lostFromStart || key === saidLost) return;
  saidLost = key;
  // Said after the other listeners of the table, which close a lost sheet for a new table.
  setTimeout(() => showLostDeal(winnable, state.help.startWhy, state.moves === 0 ? light : null));
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

/** The texts changed language: the mark said again, and the lost deal's sheet with it. */
export function redrawDealMark() {
  showDealMark(...shown);
  if (sheet && panelKind() === "lost") showLostDeal(sheet.winnable, sheet.why, sheet.light);
}

/**
 * The deal on the table cannot be won: why, as the rating said it (else one
 * line saying so), and the way to a winnable deal (no restart: the same cards
 * lose again). The reason's cards are lit while the sheet shows, as the lost
 * panel lights them mid-game, when `light` is given: the table is still the
 * deal's start, where the reason was proved.
 * @param {() => unknown} winnable  a new deal proved winnable
 * @param {Why | null} [why]  the rating's reason
 * @param {Light | null} [light]
 */
export function showLostDeal(winnable, why = null, light = null) {
  showDealMark(null, true);
  const lit = Boolean(why?.cards.length && light);
  const shut = () => {
    sheet = null;
    if (lit) light?.(null);
  };
  const choose = () => {
    sheet = null;
    winnable();
  };
  // The title says the deal is lost: the reason follows it at once, the sheet no taller than it must be.
  showPanel("lost", t("lostDeal.title"), why ? "" : t("lostDeal.text"), [
    { label: t("lostDeal.winnable"), name: "winnable", primary: true, action: choose },
  ], { close: shut });
  sheet = { winnable, why, light };
  sayWhy(why, { lit });
  if (lit && why) light?.(why.cards);
}
