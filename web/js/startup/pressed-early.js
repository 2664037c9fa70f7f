// @ts-check
// Hint and Solve pressed while the engine starts: kept like a tapped card, and
// answered once the engine is ready. A press waits in the same line as the taps
// made on the early table (game.js afterStart), so it is answered after them and
// on the table they made; it carries the same marks (body[data-waiting], the
// loading bar's words) and its button is marked as waiting (is-waiting). When the
// engine's table is not the one on screen, it is dropped, as the taps are.
// Pressed again while it waits, it is kept once. The loading bar says what
// waits in its own words (loading.js showPressed).

import { showPressed } from "../panels/loading.js";

/** @typedef {import("../play/game.js").Game} Game */

export class PressedEarly {
  /** @param {Game} game */
  constructor(game) {
    this.game = game;
    /** @type {Set<string>} the actions waiting for the engine */
    this.waiting = new Set();
    /** Something was asked of the engine before it was ready (the first-visit overlay then waits: panels/overlay.js). */
    this.asked = false;
  }

  /**
   * Run `action` now, or once the engine is ready when it is starting.
   * @param {string} name  the button's data-action ("hint", "solve")
   * @param {() => unknown} action
   */
  async press(name, action) {
    const game = this.game;
    if (game.ready || !game.playable || !game.earlyMoves) return action();
    if (this.waiting.has(name)) return;
    this.waiting.add(name);
    this.asked = true;
    showPressed(name, true);
    const buttons = document.querySelectorAll(`[data-action="${name}"]`);
    for (const button of buttons) button.classList.add("is-waiting");
    try {
      // A "state" request in the taps' line: answered once they are.
      const answer = await game.afterStart("state", {});
      if (answer) game.afterEarlyMoves(() => action());
    } finally {
      this.waiting.delete(name);
      showPressed(name, false);
      for (const button of buttons) button.classList.remove("is-waiting");
    }
  }
}
