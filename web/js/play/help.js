// @ts-check
// Help asked for and help the engine wants: Hint pressed runs the engine's hint
// job, and after every table shown, when the engine says it has a search to run
// in the background (State.help.work: the deal's rating, the check that proves a
// likely hint, says when the game has just been lost, or finds why a stuck game
// was lost), the page runs it, a slice at a time in the worker, and shows the
// table it answers. What to search, what it means and what to show are the
// coach's (py/cloverleaf/coach.py); panels/help-view.js draws it.

import { t } from "../words/i18n.js";
import { report } from "../panels/report.js";
import { errorText, errorType } from "../engine/engine-error.js";
import { Search } from "../panels/search.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("../engine/protocol.js").State} State */

export class Help {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   */
  constructor(app, engine, game) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.hinting = new Search(engine); // the hint the player asked for
    /** The background work running, if any. @type {{cancel: () => void} | null} */
    this.working = null;
    /** A hint's answer is about to be shown: what it says is drawn even when it said the same before. */
    this.answered = () => {};
    game.onBeforeMove(() => this.stop());
    game.onShow(({ state }) => this.follow(state));
  }

  /** Stop the searches (a move is being made, or Hint was pressed again). */
  stop() {
    this.hinting.cancel();
    this.stopWork();
  }

  stopWork() {
    this.working?.cancel();
    this.working = null;
  }

  /** Hint pressed: search (its table shows the hint), or stop the search running. */
  async hint() {
    const state = this.app.table;
    if (this.hinting.running) return this.stop();
    if (!this.game.ready || !state || state.won) return;
    this.stopWork();
    try {
      const result = await this.hinting.run({ kind: "hint" }, "hint", t("hint.looking"));
      if (this.app.table !== state || !result.state) return;
      this.answered();
      this.game.show(result);
    } catch (error) {
      report(error); // says nothing of a cancelled search
    }
  }

  /**
   * A table was shown: run the background work it asks for, once the moves made
   * while the engine started are answered (they come first).
   * @param {State} state
   */
  follow(state) {
    if (!state.help.work || this.working || this.hinting.running) return;
    const waiting = { cancel: () => {} };
    this.working = waiting;
    this.game.afterEarlyMoves(() => {
      if (this.working !== waiting) return;
      this.working = null;
      const table = this.app.table;
      if (table?.help.work && !this.hinting.running) this.run(table);
    });
  }

  /**
   * Run the background work `state` asks for, and show the table it answers while the game is where it was.
   * @param {State} state
   */
  run(state) {
    const job = this.engine.job({ kind: "work" }, { background: true });
    this.working = job;
    job.promise.then(
      (table) => {
        if (this.working !== job) return;
        this.working = null;
        if (this.app.table === state) this.game.show(table);
      },
      (error) => {
        if (this.working === job) this.working = null;
        if (errorType(error) !== "Cancelled") console.warn(`help: ${errorText(error)}`);
      },
    );
  }
}
