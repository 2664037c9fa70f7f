// @ts-check
// The end of a game: the win, and a table where nothing can move. A stuck game
// asks the solver at once where it was lost, so the way back is one button
// (guidance.js then shows the lost panel in the stuck panel's place). A game the
// app solved (its solution shown, solution.js) ends with "solved by the app":
// it counts in no statistics (stats.js).

import { formatDuration, t } from "./i18n.js";
import { hidePanel, panelKind, showPanel } from "./panel.js";
import { gameInfo } from "./state.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Shown} Shown */
/** @typedef {import("./clock.js").Clock} Clock */
/** @typedef {import("./protocol.js").State} State */
/** @typedef {import("./stats.js").StatsKeeper} StatsKeeper */

export class Endings {
  /**
   * @param {AppState} app
   * @param {Game} game
   * @param {Clock} clock
   * @param {{newDeal: (game?: string, options?: {ask?: boolean}) => void, restart: (options?: {ask?: boolean}) => void}} deals
   * @param {{explainStuck: () => void}} guidance
   * @param {(tab: string) => void} openInfo  the info dialog's tab ("stats")
   * @param {StatsKeeper} stats
   */
  constructor(app, game, clock, deals, guidance, openInfo, stats) {
    this.app = app;
    this.stats = stats;
    this.game = game;
    this.clock = clock;
    this.deals = deals;
    this.guidance = guidance;
    this.openInfo = openInfo;
    game.onShow((shown) => this.shown(shown));
  }

  /** @param {Shown} shown */
  shown({ state, previous }) {
    document.querySelector("#table")?.classList.toggle("table--won", state.won);
    if (state.won) {
      if (!previous?.won || panelKind() !== "won") this.celebrate(state);
      return;
    }
    hidePanel("won");
    hidePanel("lost");
    if (state.stuck) this.showStuck(state);
    else hidePanel("stuck");
  }

  /** @param {State} state */
  celebrate(state) {
    const newDeal = { label: t("button.newDeal"), name: "new", primary: true, action: () => this.deals.newDeal(undefined, { ask: false }) };
    if (this.stats.isShown(state, this.app.daily)) {
      showPanel("won", t("won.solvedTitle"), t("won.solvedText"), [
        newDeal,
        { label: t("button.restart"), name: "restart", action: () => this.deals.restart({ ask: false }) },
      ]);
      return;
    }
    const time = formatDuration(this.clock.value() / 1000);
    showPanel("won", t("won.title"), t("won.text", { moves: t("status.moves", { count: state.moves }), time }), [
      newDeal,
      { label: t("tab.stats"), name: "stats", action: () => this.openInfo("stats") },
    ]);
  }

  /** @param {State} state */
  showStuck(state) {
    /** @type {import("./panel.js").PanelAction[]} */
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
