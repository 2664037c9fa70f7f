// @ts-check
// The end of a game: the win, and a table where nothing can move. A stuck game
// asks the solver at once where it was lost, so the way back is one button
// (guidance.js then shows the lost panel in the stuck panel's place). A game the
// app solved (its solution shown, solution.js) ends with "solved by the app":
// the engine counts it in no statistics (State.solutionShown).

import { formatDuration, t } from "../words/i18n.js";
import { hidePanel, panelKind, showPanel } from "../panels/panel.js";
import { shareResult } from "../platform/share.js";
import { gameInfo } from "./state.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Shown} Shown */
/** @typedef {import("./clock.js").Clock} Clock */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").RecordReply} RecordReply */

export class Endings {
  /**
   * @param {AppState} app
   * @param {Game} game
   * @param {Clock} clock
   * @param {{newDeal: (game?: string, options?: {ask?: boolean}) => void, restart: (options?: {ask?: boolean}) => void}} deals
   * @param {{explainStuck: () => void}} guidance
   * @param {(tab: string) => void} openInfo  the info dialog's tab ("stats")
   */
  constructor(app, game, clock, deals, guidance, openInfo) {
    this.app = app;
    this.game = game;
    this.clock = clock;
    this.deals = deals;
    this.guidance = guidance;
    this.openInfo = openInfo;
    /** @type {{time: boolean, moves: boolean} | null} the records the win on the table beat, once counted */
    this.improved = null;
    game.onShow((shown) => this.shown(shown));
  }

  /**
   * A game was counted: when it is the win on the table, say which records it beat.
   * @param {RecordReply | null} reply
   */
  recorded(reply) {
    const table = this.app.table;
    if (!reply || !table?.won || panelKind() !== "won") return;
    this.improved = reply.improved;
    if (reply.improved.time || reply.improved.moves) this.celebrate(table);
  }

  /** @param {Shown} shown */
  shown({ state, previous }) {
    document.querySelector("#table")?.classList.toggle("table--won", state.won);
    if (state.won) {
      if (!previous?.won || panelKind() !== "won") this.celebrate(state);
      return;
    }
    this.improved = null;
    hidePanel("won");
    hidePanel("lost");
    if (state.stuck) this.showStuck(state);
    else hidePanel("stuck");
  }

  /**
   * The win panel: the result, the records it beat, and what next: a new deal,
   * this deal again, the result shared, the statistics.
   * @param {State} state
   */
  celebrate(state) {
    const newDeal = { label: t("button.newDeal"), name: "new", primary: true, action: () => this.deals.newDeal(undefined, { ask: false }) };
    const again = { label: t("button.playAgain"), name: "restart", action: () => this.deals.restart({ ask: false }) };
    if (state.solutionShown) {
      showPanel("won", t("won.solvedTitle"), t("won.solvedText"), [newDeal, again]);
      return;
    }
    const time = formatDuration(this.clock.value() / 1000);
    const lines = [t("won.text", { moves: t("status.moves", { count: state.moves }), time })];
    if (this.improved?.time) lines.push(t("won.bestTime"));
    if (this.improved?.moves) lines.push(t("won.fewestMoves"));
    /** @type {import("../panels/panel.js").PanelAction[]} */
    const actions = [newDeal, again];
    if (state.deal) {
      actions.push({
        label: t("button.shareResult"),
        name: "share",
        action: () => {
          shareResult(state, time);
          this.celebrate(state); // the panel stays: sharing is not leaving
        },
      });
    }
    actions.push({ label: t("tab.stats"), name: "stats", action: () => this.openInfo("stats") });
    showPanel("won", t("won.title"), lines.join(" "), actions);
  }

  /** @param {State} state */
  showStuck(state) {
    /** @type {import("../panels/panel.js").PanelAction[]} */
    const actions = [];
    if (state.canUndo) actions.push({ label: t("button.undo"), name: "undo", action: () => this.game.undo() });
    actions.push({ label: t("button.restart"), name: "restart", action: () => this.deals.restart() });
    actions.push({
      label: t("button.newDeal"), name: "new", primary: true, action: () => this.deals.newDeal(undefined, { ask: false }),
    });
    const text = gameInfo(this.app, state.game)?.redeals ? t("stuck.textRedeal") : t("stuck.text");
    showPanel("stuck", t("stuck.title"), text, actions);
    if (state.canUndo) this.guidance.explainStuck();
  }
}
