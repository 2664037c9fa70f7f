// @ts-check
// The panels at the end of a game, in the player's words: the win (its result,
// the records it beat, what next) or "solved by the app" for a game whose
// solution was shown (it counts in no statistics), and a table where nothing can
// move. The controller (play/endings.js) says when, and what each button does.

import { formatDuration, t } from "../words/i18n.js";
import { showPanel } from "./panel.js";
import { shareResult } from "../platform/share.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("./panel.js").PanelAction} PanelAction */

/**
 * What the end panels' buttons do.
 * @typedef {object} EndActions
 * @property {() => unknown} newDeal
 * @property {() => unknown} winnable  a new deal proved winnable
 * @property {(options?: {ask?: boolean}) => unknown} restart
 * @property {() => unknown} undo
 * @property {() => unknown} stats  the statistics shown
 */

/**
 * @param {State} state  the won table
 * @param {{seconds: number, improved: {time: boolean, moves: boolean} | null}} result
 *   the time played and the records beaten (the button "share" shares them; the panel stays)
 * @param {EndActions} actions
 */
export function showWonPanel(state, { seconds, improved }, actions) {
  const time = formatDuration(seconds);
  const share = () => {
    shareResult(state, time);
    showWonPanel(state, { seconds, improved }, actions); // the panel stays: sharing is not leaving
  };
  const newDeal = { label: t("button.newDeal"), name: "new", primary: true, action: actions.newDeal };
  const again = { label: t("button.playAgain"), name: "restart", action: () => actions.restart({ ask: false }) };
  if (state.solutionShown) {
    showPanel("won", t("won.solvedTitle"), t("won.solvedText"), [newDeal, again]);
    return;
  }
  const lines = [t("won.text", { moves: t("status.moves", { count: state.moves }), time })];
  if (state.par) lines.push(t("won.par", { moves: t("status.moves", { count: state.par }) }));
  if (improved?.time) lines.push(t("won.bestTime"));
  if (improved?.moves) lines.push(t("won.fewestMoves"));
  /** @type {PanelAction[]} */
  const buttons = [newDeal, again];
  if (state.deal) buttons.push({ label: t("button.shareResult"), name: "share", action: share });
  buttons.push({ label: t("tab.stats"), name: "stats", action: actions.stats });
  showPanel("won", t("won.title"), lines.join(" "), buttons);
}

/**
 * @param {State} state  the stuck table
 * @param {boolean} redeals  the game has redeals (the text says none is left)
 * @param {EndActions} actions
 */
export function showStuckPanel(state, redeals, actions) {
  /** @type {PanelAction[]} */
  const buttons = [];
  if (state.canUndo) buttons.push({ label: t("button.undo"), name: "undo", action: actions.undo });
  const text = redeals ? t("stuck.textRedeal") : t("stuck.text");
  if (state.lostFromStart) {
    // The same cards lose again: no restart, but a deal that can be won.
    buttons.push({ label: t("lostDeal.winnable"), name: "winnable", primary: true, action: actions.winnable });
    showPanel("stuck", t("stuck.title"), `${text} ${t("lostDeal.text")}`, buttons);
    return;
  }
  buttons.push({ label: t("button.restart"), name: "restart", action: () => actions.restart() });
  buttons.push({ label: t("button.newDeal"), name: "new", primary: true, action: actions.newDeal });
  showPanel("stuck", t("stuck.title"), text, buttons);
}
