// @ts-check
// The solution player's pace: playing by itself or paused, at three speeds (slow
// enough to follow, then quicker). A step waits while something asks the player
// first (a question, a dialog) or the page is hidden. What a step is, and when
// the player starts and stops, is play/solution.js's; this file only keeps time.

import { panelKind } from "./panel.js";

/** Milliseconds between two steps at each speed. */
export const STEP_MS = Object.freeze([1300, 650, 300]);

export class Pace {
  /**
   * @param {() => unknown} step  the next step
   * @param {() => void} draw  the dock drawn again (playing or paused, the speed)
   */
  constructor(step, draw) {
    this.step = step;
    this.draw = draw;
    this.playing = false; // stepping by itself (false: paused)
    this.speed = 0; // index into STEP_MS
    this.timer = 0;
  }

  /** Milliseconds between two steps at the speed chosen. */
  get interval() {
    return STEP_MS[this.speed];
  }

  /** Play from now on, the first step in `ms`. */
  play(ms = this.interval) {
    this.playing = true;
    this.draw();
    this.schedule(ms);
  }

  pause() {
    if (!this.playing) return;
    this.stop();
    this.draw();
  }

  /** Paused, and nothing drawn (the player is closing). */
  stop() {
    this.playing = false;
    clearTimeout(this.timer);
  }

  toggle() {
    if (this.playing) this.pause();
    else this.play(150);
  }

  /** The next speed (1×, 2×, 4×, then 1× again). */
  faster() {
    this.speed = (this.speed + 1) % STEP_MS.length;
    this.draw();
    this.stepped();
  }

  /** A step was made: the next one after the pace's interval, while playing. */
  stepped() {
    if (this.playing) this.schedule(this.interval);
  }

  /** @param {number} ms */
  schedule(ms) {
    clearTimeout(this.timer);
    this.timer = window.setTimeout(() => this.tick(), ms);
  }

  tick() {
    if (!this.playing) return;
    if (panelKind() === "confirm" || document.querySelector("dialog[open]") || document.hidden) this.schedule(this.interval);
    else this.step();
  }
}
