// @ts-check
// The panels at the end of a game, in the player's words: the win (its result,
// whether it had help, the solver's plan beside it where the engine says they
// compare, the records it beat, what next) or "solved by the app" for a game whose
// solution was shown (it counts in no statistics), and a table where nothing can
// move. Drawn from each table shown (the engine says won, stuck, and why a stuck
// game was lost: help-view.js shows that in the stuck panel's place).

import { formatDuration, t } from "../words/i18n.js";
import { hidePanel, panelKind, showPanel } from "./panel.js";
import { shareResult } from "../platform/share.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").RecordReply} RecordReply */
/** @typedef {{state: State, previous: State | null}} Shown */

export class Endings {
  /**
   * @param {EndActions} actions  what the panels' buttons do
   * @param {(game: string) => boolean} redeals  whether a game has redeals (the stuck text says none is left)
   */
  constructor(actions, redeals) {
    this.actions = actions;
    this.redeals = redeals;
    /** @type {{time: boolean, moves: boolean} | null} the records the win on the table beat, once counted */
    this.improved = null;
    /** @type {State | null} */
    this.state = null;
  }

  /** @param {Shown} shown */
  shown({ state, previous }) {
    this.state = state;
    document.querySelector("#table")?.classList.toggle("table--won", state.won);
    if (state.won) {
      if (!previous?.won || panelKind() !== "won") showWonPanel(state, this.improved, this.actions);
      return;
    }
    this.improved = null;
    hidePanel("won");
    if (state.stuck && !previous?.stuck) showStuckPanel(state, this.redeals(state.game), this.actions);
    if (!state.stuck) hidePanel("stuck");
  }

  /**
   * A game was counted: when it is the win on the table, say which records it beat.
   * @param {RecordReply | null} reply
   */
  recorded(reply) {
    const state = this.state;
    if (!reply || !state?.won || panelKind() !== "won") return;
    this.improved = reply.improved;
    if (reply.improved.time || reply.improved.moves) showWonPanel(state, this.improved, this.actions);
  }
}
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
 * @param {{time: boolean, moves: boolean} | null} improved  the records beaten (the button "share" shares the
 *   result; the panel stays)
 * @param {EndActions} actions
 */
export function showWonPanel(state, improved, actions) {
  const time = formatDuration(state.time.played / 1000);
  const share = () => {
    shareResult(state, time);
    showWonPanel(state, improved, actions); // the panel stays: sharing is not leaving
  };
  const newDeal = { label: t("button.newDeal"), name: "new", primary: true, action: actions.newDeal };
  const again = { label: t("button.playAgain"), name: "restart", action: () => actions.restart({ ask: false }) };
  if (state.solutionShown) {
    showPanel("won", t("won.solvedTitle"), t("won.solvedText"), [newDeal, again]);
    return;
  }
  const lines = [t("won.text", { moves: t("status.moves", { count: state.moves }), time })];
  if (state.hints) lines.push(t("won.helped", { count: state.hints }));
  if (state.help.par) lines.push(t("won.par", { moves: t("status.moves", { count: state.help.par }) }));
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
