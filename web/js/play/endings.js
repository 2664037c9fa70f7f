// @ts-check
// The end of a game: the win, and a table where nothing can move. A stuck game
// asks the solver at once where it was lost, so the way back is one button
// (guidance.js then shows the lost panel in the stuck panel's place). A game the
// app solved (its solution shown, solution.js) ends with "solved by the app":
// the engine counts it in no statistics (State.solutionShown).

import { hidePanel, panelKind } from "../panels/panel.js";
import { showStuckPanel, showWonPanel } from "../panels/endings.js";
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
   * @param {{newDeal: (game?: string, options?: {ask?: boolean, solvable?: boolean}) => void, restart: (options?: {ask?: boolean}) => void}} deals
   * @param {{explainStuck: () => void}} guidance
   * @param {(tab: string) => void} openInfo  the info dialog's tab ("stats")
   */
  constructor(app, game, clock, deals, guidance, openInfo) {
    this.app = app;
    this.clock = clock;
    this.guidance = guidance;
    /** @type {{time: boolean, moves: boolean} | null} the records the win on the table beat, once counted */
    this.improved = null;
    /** @type {import("../panels/endings.js").EndActions} what the panels' buttons do */
    this.actions = {
      newDeal: () => deals.newDeal(undefined, { ask: false }),
      winnable: () => deals.newDeal(undefined, { ask: false, solvable: true }),
      restart: (options) => deals.restart(options),
      undo: () => game.undo(),
      stats: () => openInfo("stats"),
    };
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
   * The win panel: the result, the records it beat, and what next.
   * @param {State} state
   */
  celebrate(state) {
    showWonPanel(state, { seconds: this.clock.value() / 1000, improved: this.improved }, this.actions);
  }

  /** @param {State} state */
  showStuck(state) {
    showStuckPanel(state, Boolean(gameInfo(this.app, state.game)?.redeals), this.actions);
    this.guidance.explainStuck(); // why it is lost, also where no move can be undone
  }
}
