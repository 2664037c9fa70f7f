// @ts-check
// The solution shown on the table: the solver's plan played back one decision
// at a time, each a real move of the game through the engine, so what the table
// shows is the game itself and the player can take over at any point. Play and
// pause, one step forward (the plan's next decision) and one back (an undo), at
// a pace the eye can follow (panels/solution-pace.js); the dock (panels/solution-dock.js)
// draws it and takes the buttons and keys. Taking over only stops the playing:
// any move of the player's own does it too.
//
// What to show is the engine's answer to one "solution" job: the moves from
// where every win passes (`back` decisions ago, taken back first), or, for a
// position already lost, the loss, which the lost panel says (it offers the
// solution from the last position that could still be won). From then on the
// game counts in no statistics (the engine keeps that in its save).

import { t } from "../words/i18n.js";
import { notice } from "../panels/notice.js";
import { report } from "../panels/report.js";
import { SolutionDock } from "../panels/solution-dock.js";
import { Pace } from "../panels/solution-pace.js";
import { LOST } from "../panels/lost.js";
import { Search } from "./search.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Shown} Shown */
/** @typedef {import("../table/render.js").TableView} TableView */
/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../engine/protocol.js").HintResult} HintResult */
/** @typedef {import("../engine/protocol.js").SolutionResult} SolutionResult */

export class Solution {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {TableView} view
   * @param {{showLost: (result: HintResult) => void, clear: () => void, stop: () => void}} guidance
   */
  constructor(app, engine, game, view, guidance) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.guidance = guidance;
    this.active = false; // the player (its dock) is on show
    this.played = 0; // steps forward the app made since it started, less the steps back
    this.busy = false; // a request of ours is changing the game (it is not the player's move)
    this.pace = new Pace(() => this.forward(), () => this.draw());
    this.search = new Search(engine); // the solution job running
    /** @type {Move[]} */
    this.moves = []; // the solution's decisions, the first made at `base` decisions
    /** @type {{moves: number, foundations: number} | null} where a likely line (the search undecided) stops */
    this.stops = null;
    this.base = 0;
    game.onBeforeMove(() => {
      if (!this.busy) this.stop();
    });
    game.onShow((shown) => this.shown(shown));
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

  /**
   * Show the solution from the position on the table, or from `undo` decisions
   * back (the last winnable position a lost panel names).
   * @param {{undo?: number}} [options]
   */
  async start({ undo = 0 } = {}) {
    const state = this.app.table;
    if (!this.game.ready || !state || state.won || this.search.running) return;
    if (this.active) {
      this.togglePlay();
      return;
    }
    this.guidance.stop();
    this.guidance.clear();
    this.active = true;
    this.pace.stop();
    this.played = 0;
    this.moves = [];
    this.draw(t("solution.looking"));
    if (undo > 0 && !(await this.ours(() => this.game.undo(undo)))) {
      this.stop();
      return;
    }
    if (!(await this.load())) return;
    this.pace.play(this.pace.interval / 2);
  }

  /** Stop showing the solution: the player takes over from the position on the table. */
  stop() {
    this.pace.stop();
    this.search.cancel();
    if (!this.active) return;
    this.active = false;
    this.moves = [];
    this.dock.hide();
  }

  /** Take over: stop, and say whose turn it is. */
  takeOver() {
    const wasActive = this.active;
    this.stop();
    if (wasActive && this.app.table && !this.app.table.won) notice(t("solution.yourTurn"), 2500);
  }

  togglePlay() {
    if (this.active && this.next()) this.pace.toggle();
  }

  /** The solution's next decision from the position on the table, or null. */
  next() {
    const state = this.app.table;
    return (state && this.moves[state.moves - this.base]) || null;
  }

  /**
   * Run a request that changes the game as ours (it does not stop the player); true when it went through.
   * @param {() => Promise<boolean>} request
   */
  async ours(request) {
    this.busy = true;
    try {
      return await request();
    } finally {
      this.busy = false;
    }
  }

  /**
   * The solution from the position on the table (its earlier positions first
   * taken back when every win passes there); false (and the player stopped)
   * when there is none to show.
   */
  async load() {
    const state = this.app.table;
    try {
      const result = /** @type {SolutionResult} */ (await this.search.run({ kind: "solution" }, "solve"));
      if (!this.active || this.app.table !== state) return false;
      this.game.keepSave(result.save); // the game now counts in no statistics
      if (result.verdict === LOST) {
        this.stop();
        this.guidance.showLost(result);
        return false;
      }
      if (!result.moves.length) return this.fail(t(result.more ? "solution.more" : "solution.none")); // asked again, the search goes on
      if (result.back > 0 && !(await this.ours(() => this.game.undo(result.back)))) return this.fail();
      this.moves = result.moves;
      this.stops = result.likely ? result.stops : null;
      this.base = this.app.table?.moves ?? 0;
      return this.active;
    } catch (error) {
      report(error); // says nothing of a cancelled search
      return this.fail();
    }
  }

  /**
   * Stop, saying why (when there is something to say); false, for load.
   * @param {string} [text]
   */
  fail(text) {
    this.stop();
    if (text) notice(text, 5000);
    return false;
  }

  /** One step forward: the solution's next decision, played through the engine. */
  async forward() {
    if (!this.active || this.busy || this.app.table?.won) return;
    // A likely line (not proven) stops where it ends; a solution ends before the win only when auto move
    // went another way than the solver: find the rest.
    if (!this.next() && this.stops) return this.fail(t("solution.stops", { cards: this.stops.foundations }));
    if (!this.next() && !(await this.load())) return;
    const move = /** @type {Move} */ (this.next());
    if (!(await this.ours(() => (move.card ? this.game.drop(move.card, move.to) : this.game.redeal())))) return;
    this.played += 1;
    this.draw();
    this.pace.stepped();
  }

  /** One step back: undo the app's last step (never further back than where it started). */
  async back() {
    if (!this.active || this.busy || this.played === 0) return;
    this.pace.pause();
    if (!(await this.ours(() => this.game.undo(1)))) return;
    this.played -= 1;
    this.draw();
  }

  /**
   * Each table shown: a new deal stops the player, a win ends it (the won panel says the rest).
   * @param {Shown} shown
   */
  shown({ state, fresh }) {
    if (this.active && (fresh || state.won)) this.stop();
  }

  /**
   * The solution's next move when it moves `card`, while the solution is on show:
   * a click on that card takes over with the move shown.
   * @param {string} card
   * @returns {Move | null}
   */
  nextFor(card) {
    const next = this.active ? this.next() : null;
    return next && next.card === card ? next : null;
  }

  /**
   * Draw the dock.
   * @param {string} [status]  a message in place of the progress (while searching)
   */
  draw(status) {
    const state = this.app.table;
    if (!this.active || !state) return;
    const { playing, speed } = this.pace;
    const played = this.played;
    const total = this.base + this.moves.length;
    this.dock.draw({ playing, speed, status: status ?? null, move: state.moves, total, next: this.next(), canBack: played > 0 });
  }

  /** Redraw in the player's language. */
  redraw() {
    if (this.active) this.draw(this.search.running ? t("solution.looking") : undefined);
  }
}
