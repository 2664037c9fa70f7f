// @ts-check
// The solution shown on the table: the engine's plan played back one decision at
// a time, each a real move of the game, so the player can take over at any
// point. Where the solution stands is the engine's (State.help.solution: its
// place is kept by position, so an undo or a move of the player's own that
// follows it keeps it, and any other move ends it); this file asks for the
// solution, steps it at a pace the eye can follow (panels/solution-pace.js), and
// the dock (panels/solution-dock.js) draws it and takes the buttons and keys.
// From then on the game counts in no statistics (the engine keeps that).

import { t } from "../words/i18n.js";
import { notice } from "../panels/notice.js";
import { report } from "../panels/report.js";
import { SolutionDock } from "../panels/solution-dock.js";
import { Pace } from "../panels/solution-pace.js";
import { Search } from "../panels/search.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("../table/render.js").TableView} TableView */

export class Solution {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {TableView} view
   * @param {{stop: () => void}} help  the searches of help, stopped while the solution is looked for
   */
  constructor(app, engine, game, view, help) {
    this.app = app;
    this.game = game;
    this.help = help;
    this.pace = new Pace(() => this.forward(), () => this.draw());
    this.search = new Search(engine); // the solution job running
    game.onShow(() => this.draw());
    const forward = () => {
      this.pace.pause();
      return this.forward();
    };
    this.dock = new SolutionDock(
      view,
      { start: () => this.start(), back: () => this.back(), play: () => this.togglePlay(), forward, speed: () => this.pace.faster(), stop: () => this.takeOver() },
      { active: () => this.active, ready: () => this.game.ready },
    );
  }

  /** Where the solution on show stands, or null. */
  get shown() {
    return this.app.table?.help.solution ?? null;
  }

  /** Whether the solution player is on show: looking for it, or on its line. */
  get active() {
    return this.search.running || this.shown !== null;
  }

  /**
   * Show the solution from the position on the table, or from `undo` decisions
   * back (the last winnable position a lost panel names).
   * @param {{undo?: number}} [options]
   */
  async start({ undo = 0 } = {}) {
    if (this.shown) return this.togglePlay();
    if (!this.game.ready || !this.app.table || this.app.table.won || this.search.running) return;
    this.help.stop();
    this.pace.stop();
    if (undo > 0 && !(await this.game.undo(undo))) return;
    const state = this.app.table;
    this.draw(t("solution.looking"));
    try {
      const result = await this.search.run({ kind: "solution" }, "solve");
      if (this.app.table !== state) return;
      this.game.show(result, { animate: true });
      if (!result.moves.length && result.verdict !== "lost") notice(t(result.more ? "solution.more" : "solution.none"), 5000);
      if (this.shown) this.pace.play(this.pace.interval / 2);
    } catch (error) {
      report(error); // says nothing of a cancelled search
    } finally {
      this.draw();
    }
  }

  /** Take over: the engine stops showing the solution, and the player plays on. */
  async takeOver() {
    this.pace.stop();
    this.search.cancel();
    if (!this.shown) return this.dock.hide();
    await this.game.act("solutionStop", {}, { animate: false });
    if (this.app.table && !this.app.table.won) notice(t("solution.yourTurn"), 2500);
  }

  togglePlay() {
    if (this.shown?.next) this.pace.toggle();
  }

  /** One step forward: the solution's next decision, played as the player's would be. */
  async forward() {
    const shown = this.shown;
    if (!shown || this.app.table?.won) return this.pace.stop();
    const next = shown.next;
    if (!next) {
      this.pace.stop();
      // A likely line (not proven) ends here; a solution ends short of the win only where auto move went
      // another way than the solver's line: the rest is looked for.
      if (shown.likely) return notice(t("solution.stops", { cards: shown.foundations }), 6000);
      return this.start();
    }
    await (next.card ? this.game.drop(next.card, next.to) : this.game.redeal());
    this.pace.stepped();
  }

  /** One step back: an undo along the solution's line (never before where it started). */
  async back() {
    if (!this.shown?.step) return;
    this.pace.pause();
    await this.game.undo(1);
  }

  /**
   * Draw the dock (hidden when no solution is on show).
   * @param {string} [status]  a message in place of the progress (while searching)
   */
  draw(status) {
    const shown = this.shown;
    const state = this.app.table;
    if (!shown && !this.search.running) {
      this.pace.stop();
      return this.dock.hide();
    }
    if (!state) return;
    const { playing, speed } = this.pace;
    const words = status ?? (this.search.running ? t("solution.looking") : null);
    const [step, total] = shown ? [shown.step, shown.total] : [0, 0];
    this.dock.draw({ playing, speed, status: words, move: step, total, next: shown?.next ?? null, canBack: step > 0 });
  }

  /** Redraw in the player's language. */
  redraw() {
    this.draw();
  }
}
