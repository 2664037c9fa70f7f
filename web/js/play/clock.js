// @ts-check
// The time played on the deal: it starts with the player's first move (not when
// the cards appear), stops at a win or in a stuck game, pauses while the page is
// hidden, and starts over with a new deal or a restart (the table's change says which).

import { showClock } from "../panels/bar.js";

/** @typedef {import("./game.js").Shown} Shown */

export class Clock {
  constructor() {
    this.elapsed = 0; // milliseconds counted before `since`
    /** @type {number | null} */
    this.since = null; // performance.now() when it last started running, or null
    this.started = false; // the first move was made: the clock runs from then on
    this.stopped = false; // the game is won: the clock shows its time and stays
    window.setInterval(() => showClock(this.value()), 1000);
    document.addEventListener("visibilitychange", () => this.follow());
  }

  /** Milliseconds played. */
  value() {
    return this.elapsed + (this.since === null ? 0 : performance.now() - this.since);
  }

  /**
   * Start over for another deal (or a restored one: `elapsed` played, `started` or not).
   * @param {number} [elapsed]
   * @param {boolean} [started]
   */
  reset(elapsed = 0, started = false) {
    this.elapsed = elapsed;
    this.since = null;
    this.started = started;
    this.stopped = false;
    this.follow();
  }

  /**
   * A table was shown: a new deal or a restart starts over, the first move starts the clock, a win stops it.
   * @param {Shown} shown
   */
  shown({ state }) {
    if (state.change === "new" || state.change === "restart") this.reset();
    if (state.moves > 0) this.started = true;
    this.stopped = state.finished; // nothing left to play: time no longer counts (an undo runs it again)
    this.follow();
  }

  /** Run when the game has started, is not won and the page is visible; else hold. */
  follow() {
    const run = this.started && !this.stopped && document.visibilityState === "visible";
    if (run && this.since === null) this.since = performance.now();
    if (!run && this.since !== null) {
      this.elapsed = this.value();
      this.since = null;
    }
    showClock(this.value());
  }
}
