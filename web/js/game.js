// @ts-check
// The game on the table: the player's moves go to the engine, and each table the
// engine answers is shown. Showing a table is one step for everyone: the table
// view draws it, the bar shows it, and every listener (the clock, the saved
// game, the statistics, the endings, screen readers, keyboard play) hears of it
// through onShow. The engine decides every move; this file only asks and shows.

import { setAnimations } from "./anim.js";
import { showState } from "./bar.js";
import { report } from "./report.js";
import { gameInfo } from "./state.js";
import { ENGINE_SETTINGS, storeSettings } from "./storage.js";
import { writeAddress } from "./address.js";

/** @typedef {import("./protocol.js").State} State */
/** @typedef {import("./protocol.js").Table} Table */
/** @typedef {import("./protocol.js").Dest} Dest */
/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("./engine.js").EngineClient} EngineClient */
/** @typedef {import("./render.js").TableView} TableView */
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
    return this.app.engine === "ready" && this.app.table !== null && this.mayPlay();
  }

  /**
   * Show a table the engine answered.
   * @param {Table} table
   * @param {{animate?: boolean, fresh?: boolean}} [options]  fresh: another deal than before
   */
  show({ state, save }, { animate = false, fresh = false } = {}) {
    const app = this.app;
    const previous = fresh ? null : app.table;
    app.table = state;
    app.save = save;
    this.view.setReserve(gameInfo(app, state.game)?.redeals ? 104 : 0);
    const order = state.lastMoves.flatMap((move) => (move.card ? [move.card] : []));
    this.view.render(state, { animate, order });
    this.redrawBar();
    writeAddress(state.game, state.deal);
    const shown = { state, previous, animate, fresh };
    for (const listener of this.listeners) listener(shown);
  }

  /** Draw the bar again (after a language change, a new daily date). */
  redrawBar() {
    const state = this.app.table;
    if (state) showState(state, gameInfo(this.app, state.game), { daily: this.app.daily });
  }

  /**
   * A request that changes the game; its table is shown. True when it went through.
   * @param {string} method
   * @param {object} [params]
   * @param {{animate?: boolean, card?: string}} [options]  card: the card it is about, for a refusal's words
   */
  async act(method, params = {}, { animate = true, card } = {}) {
    if (!this.ready) return false;
    for (const listener of this.beforeMove) listener();
    try {
      this.show(await this.engine.request(method, params), { animate });
      return true;
    } catch (error) {
      report(error, { card });
      return false;
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
    return this.act("play", { card, to }, { card });
  }

  undo(count = 1) {
    return this.app.table?.canUndo ? this.act("undo", { count }) : Promise.resolve(false);
  }

  redo() {
    return this.app.table?.canRedo ? this.act("redo") : Promise.resolve(false);
  }

  redeal() {
    return this.act("redeal");
  }

  /**
   * Change one of the player's settings; the engine's own are sent to it.
   * @param {string} key
   * @param {boolean} value
   */
  changeSetting(key, value) {
    const settings = /** @type {Record<string, boolean>} */ (this.app.settings);
    settings[key] = value;
    storeSettings(this.app.settings);
    if (key === "animations") setAnimations(value);
    if (/** @type {readonly string[]} */ (ENGINE_SETTINGS).includes(key)) this.act("settings", { [key]: value }, { animate: false });
  }

  /** The player's engine settings, as the engine's "settings" method takes them. */
  engineSettings() {
    return Object.fromEntries(ENGINE_SETTINGS.map((key) => [key, this.app.settings[key]]));
  }
}
