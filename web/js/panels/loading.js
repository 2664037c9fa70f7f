// @ts-check
// The loading bar while the engine starts, and the page's status for tests and
// benches (body[data-status]: "loading" | "ready" | "error").
//
// The bar must never look frozen on a slow phone. While the downloads run it
// shows the bytes received of the bytes expected (the build lists the sizes in
// build-info.js); then come the start-up stages, and during the longest of them,
// Python's own start (seconds of CPU on a phone, with no event to report), the
// bar keeps creeping toward the next stage's mark without reaching it.

import { DOWNLOAD_BYTES } from "../build-info.js";
import { has, onChange, t } from "../words/i18n.js";

/** Where each stage starts on the bar (percent), and how long its creep lasts (s). */
const STAGES = {
  download: { from: 2, to: 60, creep: 0 },
  python: { from: 60, to: 90, creep: 14 },
  package: { from: 90, to: 95, creep: 2 },
  dealing: { from: 95, to: 99, creep: 2 },
};
const EXPECTED = Object.values(DOWNLOAD_BYTES).reduce((sum, bytes) => sum + bytes, 0);

let stage = "download";
let waiting = 0;
/** @type {Set<string>} Hint or Solve pressed and waiting (pressed-early.js): said in their own words */
const pressed = new Set();

const bar = () => /** @type {HTMLElement | null} */ (document.querySelector("#loading-bar"));

/** The words with the bar: what waits (a move, a hint, the solution) first, else the stage. */
function showText() {
  const text = document.querySelector("#loading-text");
  const moves = waiting - pressed.size; // a press waits in the moves' line too
  let key = stage in STAGES ? `loading.${stage}` : "loading.other";
  if (moves > 0) key = "loading.waiting";
  else if (pressed.has("hint")) key = "loading.waitingHint";
  else if (pressed.has("solve")) key = "loading.waitingSolve";
  if (text && has(key)) text.textContent = t(key);
}
// Said again once the player's language has loaded (the first words are English, built in).
onChange(showText);

/**
 * @param {number} percent
 * @param {number} [seconds]  a slow creep to `percent` (0: at once)
 */
function fill(percent, seconds = 0) {
  const element = bar();
  if (!element) return;
  // A scale, not a width: the compositor animates it, so the creep costs the
  // page's thread nothing (a width is laid out and painted again at every frame,
  // most of a phone's main thread while Python starts).
  element.style.transition = seconds ? `transform ${seconds}s cubic-bezier(0.1, 0.6, 0.3, 1)` : "";
  element.style.transform = `scaleX(${(percent / 100).toFixed(3)})`;
  element.parentElement?.setAttribute("aria-valuenow", String(Math.round(percent)));
}

/**
 * A start-up stage began; during "download", `received` says the bytes of each file so far.
 * @param {string} name
 * @param {Record<string, number>} [received]
 */
export function showProgress(name, received) {
  const known = /** @type {keyof typeof STAGES} */ (name in STAGES ? name : "dealing");
  if (STAGES[known].from < STAGES[/** @type {keyof typeof STAGES} */ (stage)]?.from) return; // never backwards
  const changed = name !== stage;
  stage = name;
  showText();
  const { from, to, creep } = STAGES[known];
  if (known === "download") {
    const bytes = Object.values(received ?? {}).reduce((sum, value) => sum + value, 0);
    fill(from + ((to - from) * Math.min(bytes, EXPECTED)) / (EXPECTED || 1));
  } else if (changed) {
    fill(from);
    // The next frame starts the creep from there.
    requestAnimationFrame(() => requestAnimationFrame(() => stage === name && fill(to - 2, creep)));
  }
}

/**
 * How many moves made on the early table wait for the engine (0: none), also as body[data-waiting] for the tests.
 * @param {number} count
 */
export function showWaiting(count) {
  waiting = count;
  if (count > 0) document.body.dataset.waiting = String(count);
  else delete document.body.dataset.waiting;
  showText();
}

/**
 * Hint or Solve (`name`) pressed while the engine starts waits, or no longer does.
 * @param {string} name
 * @param {boolean} waits
 */
export function showPressed(name, waits) {
  if (waits) pressed.add(name);
  else pressed.delete(name);
  showText();
}

/** @param {"loading" | "ready" | "error"} status */
export function setStatus(status) {
  document.body.dataset.status = status;
}
