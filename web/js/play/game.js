// @ts-check
// The game on the table: the player's moves go to the engine, and each table the
// engine answers is shown. Showing a table is one step for everyone: the table
// view draws it, the bar shows it, and every listener (the clock, the saved
// game, the statistics, the endings, screen readers, keyboard play) hears of it
// through onShow. The engine decides every move, and which finished game counts
// in the statistics (a table's `count`, handed to onCount before anyone hears of
// the table: the clock still holds the time of the game counted); this file only
// asks and shows.

import { setAnimations } from "../table/anim.js";
import { showState } from "../panels/bar.js";
import { has } from "../words/i18n.js";
import { showWaiting } from "../panels/loading.js";
import { moveWentThrough, report } from "../panels/report.js";
import { gameInfo, sameTable } from "./state.js";
import { ENGINE_SETTINGS } from "../build-info.js";
import { engineSettings, storeSettings } from "../platform/settings.js";
import { writeAddress } from "../platform/address.js";
import { errorText } from "../engine/engine-error.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Table} Table */
/** @typedef {import("../engine/protocol.js").Count} Count */
/** @typedef {import("../engine/protocol.js").Dest} Dest */
/** @typedef {import("../engine/protocol.js").TableMethod} TableMethod */
/** @typedef {import("../engine/protocol.js").Methods[TableMethod]["params"]} TableParams */
/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("../table/render.js").TableView} TableView */
/**
 * What listeners hear after each table shown.
 * @typedef {{state: State, previous: State | null, animate: boolean, fresh: boolean}} Shown
 */

export class Game {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {TableView} view
   */
  constructor(app, engine, view) {
    this.app = app;
    this.engine = engine;
    this.view = view;
    /** @type {Set<(shown: Shown) => void>} */
    this.listeners = new Set();
    /** @type {Set<() => void>} */
    this.beforeMove = new Set();
    /** Whether this tab may play: another tab may have the game (tabs.js). */
    this.mayPlay = () => true;
    /** A finished game to count (main.js hands it to the statistics). */
    this.onCount = (/** @type {Count} */ count) => {};
    /** The table on screen before the engine has answered for it (start-up), or null. @type {State | null} */
    this.drawn = null;
    /**
     * The moves made on the early table, in order, until start-up says whether
     * the engine's table is that table (playEarlyMoves); null after.
     * @type {{method: TableMethod, params: TableParams, send: (answer: Promise<Table> | null) => void}[] | null}
     */
    this.earlyMoves = [];
    this.waiting = 0; // moves made on the early table, waiting for the engine
    this.unanswered = 0; // moves made on the early table and not yet answered (or dropped)
    /** @type {(() => void)[]} */
    this.whenAnswered = [];
    this.book = /** @type {import("../book/book-play.js").BookPlay | null} */ (null); // answers early moves at once
  }

  /**
   * Run `then` once every move made on the early table has been answered (and
   * the frame that shows it painted) or dropped: at once when none is left.
   * (The first-visit overlay waits so: its modal dialog restyles the whole page,
   * which on a slow phone held up the answer to a tap made while the engine
   * started by a tenth of a second.)
   * @param {() => void} then
   */
  afterEarlyMoves(then) {
    if (this.unanswered === 0) then();
    else this.whenAnswered.push(then);
  }

  /**
   * Hear of every table shown; returns the function that stops listening.
   * @param {(shown: Shown) => void} listener
   */
  onShow(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Be told before each request that changes the game (to stop a hint search).
   * @param {() => void} listener
   */
  onBeforeMove(listener) {
    this.beforeMove.add(listener);
  }

  get ready() {
    return this.app.engine === "ready" && this.app.table !== null && this.mayPlay() && !this.book?.ahead;
  }

  /** The table on screen: the engine's, or the one drawn before the engine started. */
  get table() {
    return this.app.table ?? this.drawn;
  }

  /** Whether cards can be tapped and dragged: the engine is ready, or a table is drawn while it starts. */
  get playable() {
    return this.ready || (this.drawn !== null && this.app.engine !== "failed" && this.mayPlay());
  }

  /**
   * Draw a table the engine has not answered yet (start-up: a saved table, a deal
   * from the bank). Moves made on it wait for settleEarly; nobody else hears of it.
   * @param {State} state
   * @param {{daily: string | null}} context
   */
  drawEarly(state, { daily }) {
    this.drawn = state;
    document.body.dataset.drawn = "early";
    this.view.render(state);
    if (has("status.moves")) showState(state, gameInfo(this.app, state.game), { daily });
    performance.mark("cloverleaf:drawn"); // bench/startup.py reads it
  }

  /**
   * The engine's table is the one drawn early (`same`), or not: the moves made
   * on it are sent to the engine now, in the order they were made, or dropped.
   * Sent as soon as the engine answers with that table (show), before it is shown
   * again and everyone hears of it (the save, the labels): the engine plays the
   * first tap meanwhile.
   * Once; later calls do nothing.
   * @param {boolean} same
   */
  playEarlyMoves(same) {
    const moves = this.earlyMoves ?? [];
    this.earlyMoves = null;
    const play = same && this.app.engine === "ready" && this.mayPlay();
    for (const { method, params, send } of moves) send(play ? this.request(method, params) : null);
  }

  /**
   * Start-up is over: the moves made on the early table are played when the
   * engine's table is that table (`same`), else dropped (unless playEarlyMoves did already).
   * @param {boolean} same
   */
  settleEarly(same) {
    this.drawn = null;
    delete document.body.dataset.drawn;
    this.playEarlyMoves(same);
  }

  /**
   * Show a table the engine answered.
   * @param {Table} table
   * @param {{animate?: boolean, fresh?: boolean}} [options]  fresh: another deal than before
   */
  show({ state, save, count }, { animate = false, fresh = false } = {}) {
    // The table drawn early, now the engine's: the moves made on it go first.
    if (this.earlyMoves && !this.book?.ahead && sameTable(this.drawn, state)) this.playEarlyMoves(true);
    const app = this.app;
    if (count) this.onCount(count);
    const previous = fresh ? null : app.table;
    app.table = state;
    app.save = save;
    const order = state.lastMoves.flatMap((move) => (move.card ? [move.card] : []));
    this.view.render(state, { animate, order });
    this.redrawBar();
    writeAddress(state.game, state.deal);
    const shown = { state, previous, animate, fresh };
    for (const listener of this.listeners) listener(shown);
  }

  /** Draw the bar again (after a language change, a new daily date). */
  redrawBar() {
    const state = this.table;
    if (state) showState(state, gameInfo(this.app, state.game), { daily: state.daily ?? null });
  }

  /**
   * A request that changes the game; its table is shown. True when it went through.
   * @param {TableMethod} method
   * @param {TableParams} [params]
   * @param {{animate?: boolean, card?: string, onto?: string | null}} [options]  card: the card it is
   *   about, onto: the top card of the fan it was offered to, for a refusal's words
   */
  async act(method, params = {}, { animate = true, card, onto } = {}) {
    const early = !this.ready;
    if (early) this.unanswered += 1;
    try {
      const answer = await (early ? this.afterStart(method, params, card) : this.request(method, params));
      if (!answer) return false;
      moveWentThrough();
      this.show(answer, { animate });
      return true;
    } catch (error) {
      report(error, { card, onto });
      return false;
    } finally {
      if (early) this.answered();
    }
  }

  /** A move made on the early table was answered or dropped: once none is left, what waited for them runs. */
  answered() {
    const waiting = --this.unanswered === 0 ? this.whenAnswered.splice(0) : [];
    if (waiting.length) requestAnimationFrame(() => setTimeout(() => waiting.forEach((then) => then())));
  }

  /**
   * Tell the engine something of the page that is no move (it is hidden or shown
   * again), and show the table it answers; nothing is said when it cannot answer.
   * @param {"visible" | "solutionStop"} method
   * @param {TableParams} params
   */
  async report(method, params) {
    if (!this.ready) return;
    try {
      this.show(await this.engine.request(method, params));
    } catch (error) {
      console.warn(`${method}: ${errorText(error)}`);
    }
  }

  /**
   * A request that changes the game, sent now (those who must know hear first:
   * a hint's search stops); its answer.
   * @param {TableMethod} method
   * @param {TableParams} params
   * @returns {Promise<Table>}
   */
  request(method, params) {
    for (const listener of this.beforeMove) listener();
    return this.engine.request(method, params);
  }

  /**
   * A move made on the early table waits for the engine, its card marked: the
   * engine's answer once playEarlyMoves has sent it, null when it is dropped (the
   * engine's table is not the one it was made on).
   * @param {TableMethod} method
   * @param {TableParams} params
   * @param {string} [card]
   * @returns {Promise<Table | null>}
   */
  async afterStart(method, params, card) {
    const moves = this.earlyMoves;
    if (!this.playable || !moves) return null;
    const known = moves.length ? null : this.book?.answer(method, /** @type {Record<string, unknown>} */ (params));
    if (known) return known; // the opening book's answer, when no move waits before this one
    showWaiting(++this.waiting);
    if (card) this.view.cardElement(card)?.classList.add("card--waiting");
    try {
      return await new Promise((send) => moves.push({ method, params, send }));
    } finally {
      showWaiting(--this.waiting);
      if (card) this.view.cardElement(card)?.classList.remove("card--waiting");
    }
  }

  // ---- the player's moves -------------------------------------------------------

  /** @param {string} card */
  click(card) {
    return this.act("click", { card }, { card });
  }

  /**
   * @param {string} card
   * @param {Dest} to
   */
  drop(card, to) {
    const onto = typeof to === "number" ? (this.table?.fans[to - 1]?.at(-1) ?? null) : null;
    return this.act("play", { card, to }, { card, onto });
  }

  undo(count = 1) {
    return this.table?.canUndo ? this.act("undo", { count }) : Promise.resolve(false);
  }

  redo() {
    return this.table?.canRedo ? this.act("redo") : Promise.resolve(false);
  }

  redeal() {
    return this.act("redeal");
  }

  /**
   * Change one of the player's settings; the engine's own are sent to it.
   * @param {string} key
   * @param {boolean | string} value
   */
  changeSetting(key, value) {
    const settings = /** @type {Record<string, boolean | string>} */ (this.app.settings);
    settings[key] = value;
    storeSettings(this.app.settings);
    if (key === "animations") setAnimations(Boolean(value));
    if (/** @type {readonly string[]} */ (ENGINE_SETTINGS).includes(key)) this.act("settings", { [key]: value }, { animate: false });
  }

  /** The player's engine settings, as the engine's "settings" method takes them. */
  engineSettings() {
    return engineSettings(this.app.settings);
  }
}
