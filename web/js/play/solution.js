// @ts-check
// The solution shown on the table: the solver's plan played back one decision
// at a time, each a real move of the game through the engine, so what the table
// shows is the game itself and the player can take over at any point. Play and
// pause, one step forward (the plan's next decision) and one back (an undo), by
// buttons or keys (Right, Left, Space; Escape takes over), at a pace the eye can
// follow (three speeds). Taking over only stops the playing: any move of the
// player's own does it too.
//
// The plan is the engine's (the session keeps it, api.py "plan"): when none
// passes where the game stands, a hint search finds one first; a position
// already lost is said so by the lost panel, which offers the solution from the
// last position that could still be won.

import { setBusy } from "../panels/bar.js";
import { t } from "../words/i18n.js";
import { notice } from "../panels/notice.js";
import { panelKind } from "../panels/panel.js";
import { report } from "../panels/report.js";
import { LOST, moveText } from "./guidance.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./game.js").Shown} Shown */
/** @typedef {import("../table/render.js").TableView} TableView */
/** @typedef {import("./stats.js").StatsKeeper} StatsKeeper */
/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../engine/protocol.js").HintResult} HintResult */

/** Milliseconds between two steps at each speed: slow enough to follow, then quicker. */
export const STEP_MS = Object.freeze([1300, 650, 300]);
const SPEED_LABELS = ["1\u00d7", "2\u00d7", "4\u00d7"];

const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));

export class Solution {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {TableView} view
   * @param {StatsKeeper} stats
   * @param {{showLost: (result: HintResult) => void, clear: () => void, stop: () => void}} guidance
   */
  constructor(app, engine, game, view, stats, guidance) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.view = view;
    this.stats = stats;
    this.guidance = guidance;
    this.active = false; // the player (its dock) is on show
    this.playing = false; // stepping by itself (false: paused)
    this.speed = 0; // index into STEP_MS
    this.played = 0; // steps forward the app made since it started, less the steps back
    this.stepping = false; // a request of ours is changing the game (it is not the player's move)
    this.busy = false; // a step is under way
    this.timer = 0;
    /** @type {{promise: Promise<any>, cancel: () => void} | null} */
    this.search = null; // the hint search finding a plan
    /** @type {Move[]} */
    this.moves = []; // the plan's decisions from the position on the table
    game.onBeforeMove(() => {
      if (!this.stepping) this.stop();
    });
    game.onShow((shown) => this.shown(shown));
    this.bindButtons();
  }

  // ---- starting and stopping --------------------------------------------------

  /**
   * Show the solution from the position on the table, or from `undo` decisions
   * back (the last winnable position a lost panel names).
   * @param {{undo?: number}} [options]
   */
  async start({ undo = 0 } = {}) {
    const state = this.app.table;
    if (!this.game.ready || !state || state.won || this.search) return;
    if (this.active) {
      this.togglePlay();
      return;
    }
    this.guidance.stop();
    this.guidance.clear();
    this.active = true;
    this.playing = false;
    this.played = 0;
    this.moves = [];
    this.draw(t("solution.looking"));
    if (undo > 0 && !(await this.ours(() => this.game.undo(undo)))) {
      this.stop();
      return;
    }
    if (!(await this.loadPlan())) return;
    this.playing = true;
    this.draw();
    this.schedule(STEP_MS[this.speed] / 2);
  }

  /** Stop showing the solution: the player takes over from the position on the table. */
  stop() {
    clearTimeout(this.timer);
    this.search?.cancel();
    this.search = null;
    setBusy("solve", false);
    if (!this.active) return;
    this.active = false;
    this.playing = false;
    this.moves = [];
    this.view.markCard("card--next", null);
    this.view.highlight("is-next", null, []);
    $("#player").hidden = true;
    delete document.body.dataset.player;
  }

  /** Take over: stop, and say whose turn it is. */
  takeOver() {
    const wasActive = this.active;
    this.stop();
    if (wasActive && this.app.table && !this.app.table.won) notice(t("solution.yourTurn"), 2500);
  }

  togglePlay() {
    if (!this.active || !this.moves.length) return;
    this.playing = !this.playing;
    this.draw();
    if (this.playing) this.schedule(150);
    else clearTimeout(this.timer);
  }

  /** The next speed (1×, 2×, 4×, then 1× again). */
  faster() {
    this.speed = (this.speed + 1) % STEP_MS.length;
    this.draw();
    if (this.playing) this.schedule(STEP_MS[this.speed]);
  }

  // ---- the steps ------------------------------------------------------------------

  /**
   * Run a request that changes the game as ours (it does not stop the player).
   * @param {() => Promise<boolean>} request
   */
  async ours(request) {
    this.stepping = true;
    try {
      return await request();
    } finally {
      this.stepping = false;
    }
  }

  /**
   * The plan from the position on the table, searched for when none passes
   * here; false (and the player stopped) when there is none to show.
   */
  async loadPlan() {
    const state = this.app.table;
    try {
      /** @type {Move[]} */
      let moves = (await this.engine.request("plan")).moves;
      if (!moves.length) {
        const result = await this.find();
        if (!this.active || this.app.table !== state) return false;
        if (result.verdict === "solved" && result.back > 0) {
          if (!(await this.ours(() => this.game.undo(result.back)))) return this.fail();
        } else if (result.verdict === LOST) {
          this.stop();
          this.guidance.showLost(result);
          return false;
        } else if (result.verdict !== "solved") {
          return this.fail(t(result.more ? "solution.more" : "solution.none")); // asked again, the search goes on
        }
        moves = (await this.engine.request("plan")).moves;
      }
      if (!this.active) return false;
      if (!moves.length) return this.fail(t("solution.none"));
      this.moves = moves;
      return true;
    } catch (error) {
      report(error); // says nothing of a cancelled search
      return this.fail();
    }
  }

  /** A hint search for the position on the table (the engine keeps its solution as the plan). */
  async find() {
    const search = this.engine.job({ kind: "hint" });
    this.search = search;
    setBusy("solve", true);
    try {
      return /** @type {HintResult} */ (await search.promise);
    } finally {
      if (this.search === search) {
        this.search = null;
        setBusy("solve", false);
      }
    }
  }

  /**
   * Stop, saying why (when there is something to say); false, for loadPlan.
   * @param {string} [text]
   */
  fail(text) {
    this.stop();
    if (text) notice(text, 5000);
    return false;
  }

  /** One step forward: the plan's next decision, played through the engine. */
  async forward() {
    if (!this.active || this.busy || this.app.table?.won) return;
    const went = await this.step(async () => {
      if (!this.moves.length && !(await this.loadPlan())) return false;
      const move = this.moves[0];
      // From the app's first step on, a win is the app's, not the player's (stats.js).
      const before = this.app.table;
      if (before) this.stats.solutionShown(before, this.app.daily);
      const played = await this.ours(() => (move.card ? this.game.drop(move.card, move.to) : this.game.redeal()));
      if (!played) return false;
      this.played += 1;
      const state = /** @type {import("../engine/protocol.js").State} */ (this.app.table);
      if (!this.active) return false;
      this.moves = state.won ? [] : (await this.engine.request("plan")).moves;
      return state.won || this.moves.length > 0 || (await this.loadPlan());
    });
    if (!went) return;
    this.draw();
    if (this.playing) this.schedule(STEP_MS[this.speed]);
  }

  /** One step back: undo the app's last step (never further back than where it started). */
  async back() {
    if (!this.active || this.busy || this.played === 0) return;
    this.pause();
    const went = await this.step(async () => {
      if (!(await this.ours(() => this.game.undo(1)))) return false;
      this.played -= 1;
      this.moves = (await this.engine.request("plan")).moves;
      return true;
    });
    if (went) this.draw();
  }

  /**
   * Run one step with `busy` set: false when it did not go through; a failure is
   * reported and ends the solution.
   * @param {() => Promise<boolean>} work
   */
  async step(work) {
    this.busy = true;
    try {
      return await work();
    } catch (error) {
      report(error);
      this.stop();
      return false;
    } finally {
      this.busy = false;
    }
  }

  pause() {
    if (!this.playing) return;
    this.playing = false;
    clearTimeout(this.timer);
    this.draw();
  }

  /** @param {number} ms */
  schedule(ms) {
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.tick(), ms);
  }

  /** The next automatic step, unless something asks the player first (a question, a dialog). */
  tick() {
    if (!this.active || !this.playing) return;
    if (panelKind() === "confirm" || document.querySelector("dialog[open]") || document.hidden) {
      this.schedule(STEP_MS[this.speed]);
      return;
    }
    this.forward();
  }

  /**
   * Each table shown: a new deal stops the player, a win ends it (the won panel says the rest).
   * @param {Shown} shown
   */
  shown({ state, fresh }) {
    if (!this.active) return;
    if (fresh || state.won) this.stop();
  }

  /**
   * The plan's next move when it moves `card`, while the solution is on show:
   * a click on that card takes over with the move shown.
   * @param {string} card
   * @returns {Move | null}
   */
  nextFor(card) {
    const next = this.active ? this.moves[0] : undefined;
    return next && next.card === card ? next : null;
  }

  // ---- the dock -------------------------------------------------------------------

  bindButtons() {
    /** @type {Record<string, () => unknown>} */
    const actions = {
      back: () => this.back(),
      play: () => this.togglePlay(),
      forward: () => {
        this.pause();
        return this.forward();
      },
      speed: () => this.faster(),
      stop: () => this.takeOver(),
    };
    for (const button of document.querySelectorAll("#player [data-player]")) {
      const name = /** @type {HTMLElement} */ (button).dataset.player ?? "";
      button.addEventListener("click", () => actions[name]?.());
    }
  }

  /**
   * Draw the dock: where the solution stands, the next move, the buttons' states.
   * @param {string} [status]  a message in place of the progress (while searching)
   */
  draw(status) {
    const state = this.app.table;
    if (!this.active || !state) return;
    const dock = $("#player");
    dock.hidden = false;
    document.body.dataset.player = this.playing ? "playing" : "paused";
    const next = this.moves[0] ?? null;
    const total = state.moves + this.moves.length;
    $("#player-status").textContent = status ?? t("solution.progress", { move: state.moves, total });
    $("#player-next").textContent = !status && next ? t("solution.next", { move: moveText(next, this.ontoOf(next)) }) : "";
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(`#player [data-player="${name}"]`));
    button("back").disabled = Boolean(status) || this.played === 0;
    button("forward").disabled = Boolean(status) || !next;
    const play = button("play");
    play.disabled = Boolean(status) || !next;
    play.dataset.playing = String(this.playing);
    play.setAttribute("aria-label", this.playing ? t("solution.pause") : t("solution.play"));
    play.title = `${this.playing ? t("solution.pause") : t("solution.play")} (${t("solution.spaceKey")})`;
    button("back").title = `${t("solution.back")} (\u2190)`;
    button("back").setAttribute("aria-label", t("solution.back"));
    button("forward").title = `${t("solution.forward")} (\u2192)`;
    button("forward").setAttribute("aria-label", t("solution.forward"));
    const speed = button("speed");
    speed.textContent = SPEED_LABELS[this.speed];
    speed.title = t("solution.speed");
    speed.setAttribute("aria-label", `${t("solution.speed")}: ${SPEED_LABELS[this.speed]}`);
    const stop = button("stop");
    stop.textContent = t("solution.takeOver");
    stop.title = `${t("solution.takeOver")} (Esc)`;
    dock.setAttribute("aria-label", t("solution.title"));
    // While paused, the move a step forward would make is marked on the table.
    const marked = !this.playing && !status && next?.card ? next : null;
    this.view.markCard("card--next", marked ? /** @type {string} */ (marked.card) : null);
    this.view.highlight("is-next", marked?.card ?? null, marked ? [marked.to] : []);
  }

  /**
   * The card a move would go onto (null for a foundation, an empty fan or a redeal).
   * @param {Move} move
   */
  ontoOf(move) {
    if (!move.card || move.to === "F") return null;
    const fan = this.app.table?.fans[move.to - 1] ?? [];
    return fan.length ? fan[fan.length - 1] : null;
  }

  /** Redraw in the player's language. */
  redraw() {
    if (this.active) this.draw(this.search ? t("solution.looking") : undefined);
  }

  // ---- keys -----------------------------------------------------------------------

  /**
   * While the solution is on show: Right and Left step, Space plays or pauses,
   * Escape takes over. S starts it. Bound to the page's keymap before the table's
   * own keys (main.js); none while the panel asks a question.
   * @returns {import("../platform/keymap.js").KeyBinding[]}
   */
  keyBindings() {
    const asking = () => panelKind() === "confirm";
    const onButton = (/** @type {KeyboardEvent} */ event) => Boolean(/** @type {HTMLElement} */ (event.target).closest?.("button, a"));
    const showing = () => this.active && !asking();
    return [
      { keys: ["s"], shift: false, when: (event) => !this.active && !asking() && !onButton(event) && this.game.ready, run: () => this.start() },
      {
        keys: ["ArrowRight"],
        when: showing,
        run: () => {
          this.pause();
          return this.forward();
        },
      },
      { keys: ["ArrowLeft"], when: showing, run: () => this.back() },
      { keys: [" "], when: (event) => showing() && !onButton(event), run: () => this.togglePlay() },
      { keys: ["Escape"], when: showing, run: () => this.takeOver() },
    ];
  }
}
