// @ts-check
// The first-visit overlay: three lines about the game on the table (the goal,
// which way each foundation builds, how to move), shown the first time each
// game is dealt and never again once closed; Help opens it again. When the
// browser cannot keep that it was closed (storage full or off), it is not shown
// by itself: it would come back on every visit.

import { gameName } from "./bar.js";
import { t } from "../words/i18n.js";
import { loadIntroSeen, storeIntroSeen } from "../platform/remembered.js";

/** @typedef {import("../play/game.js").Game} Game */
/** @typedef {import("../play/game.js").Shown} Shown */
/** @typedef {import("../engine/protocol.js").State} State */

const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));

export class Overlay {
  /**
   * @param {Game} game
   * @param {() => State | null} state  the state on the table
   * @param {() => boolean} [askedEarly]  the player asked for help (Hint, Solve) before the engine was ready
   */
  constructor(game, state, askedEarly = () => false) {
    this.state = state;
    this.askedEarly = askedEarly;
    this.first = true; // the first table shown: the one the engine started on
    this.dialog = /** @type {HTMLDialogElement} */ ($("#intro-dialog"));
    /** @type {string | null} */
    this.game = null; // the game the overlay is about while open
    this.dialog.addEventListener("close", () => this.closed());
    game.onShow((shown) => this.shown(shown));
    this.afterEarlyMoves = (/** @type {() => void} */ then) => game.afterEarlyMoves(then);
  }

  /**
   * A new game on the table: its overlay, the first time, once the moves made
   * while the engine started have been answered, unless they began the game.
   * @param {Shown} shown
   */
  shown({ state, fresh }) {
    if (!fresh) return;
    this.afterEarlyMoves(() => {
      const first = this.first;
      this.first = false;
      const now = this.state();
      if (this.dialog.open || document.querySelector("dialog[open]") || now?.game !== state.game) return;
      // A game already begun (a tap made while the engine started was played),
      // or help asked for on it (its answer would be hidden), is not covered:
      // the overlay waits for this game's next fresh deal.
      if (now.moves > 0 || (first && this.askedEarly())) return;
      // Written back first: a storage that cannot keep it (full, off) shows nothing.
      const seen = loadIntroSeen();
      if (seen && !seen.includes(state.game) && storeIntroSeen(seen)) this.open(this.state());
    });
  }

  /**
   * Show the overlay of the game on the table (Help's "How to play").
   * @param {State | null} [state]
   */
  open(state = this.state()) {
    if (!state) return;
    this.game = state.game;
    this.fill(state.game, gameName(state.game, state.gameName));
    if (!this.dialog.open) this.dialog.showModal();
    /** @type {HTMLElement | null} */ (this.dialog.querySelector("button"))?.focus();
  }

  /**
   * @param {string} game
   * @param {string} name
   */
  fill(game, name) {
    $("#intro-title").textContent = t("intro.title", { game: name });
    $("#intro-goal-label").textContent = t("intro.goalLabel");
    $("#intro-goal").textContent = t("intro.goal");
    $("#intro-foundations-label").textContent = t("intro.foundationsLabel");
    $("#intro-foundations").textContent = t(`intro.foundations.${game}`);
    $("#intro-moves-label").textContent = t("intro.movesLabel");
    $("#intro-moves").textContent = t(`intro.moves.${game}`);
    $("#intro-close").textContent = t("intro.play");
  }

  /** Redraw in the player's language. */
  redraw() {
    const state = this.state();
    if (this.dialog.open && state) this.fill(state.game, gameName(state.game, state.gameName));
  }

  /** Closed (its button or Escape): never shown by itself again for this game. */
  closed() {
    const game = this.game;
    this.game = null;
    const seen = loadIntroSeen();
    if (game && seen && !seen.includes(game)) storeIntroSeen([...seen, game]);
  }
}
