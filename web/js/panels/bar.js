// @ts-check
// The bar above the table: the game's name, the deal, moves, the clock, and
// which buttons can be used. Drawn from the state; it never reads the DOM back.

import { formatDate, formatDuration, t } from "../words/i18n.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").GameInfo} GameInfo */

const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));
const button = (/** @type {string} */ action) =>
  /** @type {HTMLButtonElement | null} */ (document.querySelector(`[data-action="${action}"]`));

/**
 * The game's name in the player's language (the engine's English name when there is none).
 * @param {string} id
 * @param {string} fallback
 */
export function gameName(id, fallback) {
  const name = t(`game.${id}`);
  return name === `game.${id}` ? fallback : name;
}

/**
 * The bar and the redeal button for a state.
 * @param {State} state
 * @param {GameInfo | null} game
 * @param {{daily: string | null}} context
 */
export function showState(state, game, { daily }) {
  showClock(state.time);
  const name = gameName(state.game, state.gameName);
  $("#game-name").textContent = name;
  $("#deal-label").textContent = daily
    ? t("status.daily", { date: formatDate(daily, { day: "numeric", month: "short" }) }) // the bar is narrow
    : state.deal
      ? t("status.deal", { deal: state.deal })
      : "";
  $("#moves").textContent = t("status.moves", { count: state.moves });
  // "La Belle Lucie · Clover Leaf", but the app's namesake only once.
  document.title = name === t("app.name") ? name : t("title.page", { game: name });
  setDisabled("undo", !state.canUndo);
  setDisabled("redo", !state.canRedo);
  setDisabled("restart", !state.canUndo && !state.canRedo);
  setDisabled("hint", state.won);
  setDisabled("solve", state.won);
  setDisabled("share", !state.deal);
  const redeal = /** @type {HTMLButtonElement} */ ($("#redeal"));
  redeal.hidden = !(game && game.redeals > 0);
  redeal.disabled = !state.canRedeal;
  $("#redeals-left").textContent = t("redeal.left", { count: state.redealsLeft });
  const nothingMoves = !state.won && Object.keys(state.movable).length === 0;
  redeal.classList.toggle("is-urgent", nothingMoves && state.canRedeal);
  // The draw (Three Shuffles and a Draw): how many are left, beside the redeal button.
  const draws = $("#draws-left");
  draws.hidden = !(game && game.draws > 0);
  draws.textContent = t("draw.left", { count: state.drawsLeft ?? 0 });
  draws.classList.toggle("is-used", !state.drawsLeft);
  const body = document.body.dataset;
  body.game = state.game;
  body.deal = state.deal ?? "";
  body.moves = String(state.moves);
  body.won = String(state.won);
  body.stuck = String(state.stuck);
}

/**
 * @param {string} action
 * @param {boolean} disabled
 */
function setDisabled(action, disabled) {
  const element = button(action);
  if (element) element.disabled = disabled;
}

/** The time played as the engine last answered it, and when (performance.now()) while it runs. */
const clock = { played: 0, since: /** @type {number | null} */ (null), ticking: 0 };

/**
 * The time played on the bar: the engine counts it (State.time, py/cloverleaf/clock.py);
 * while it runs, the seconds since that answer are added as they pass.
 * @param {{played: number, running: boolean}} time
 */
export function showClock({ played, running }) {
  clock.played = played;
  clock.since = running ? performance.now() : null;
  if (running && !clock.ticking) clock.ticking = window.setInterval(tick, 1000);
  if (!running && clock.ticking) clock.ticking = (window.clearInterval(clock.ticking), 0);
  tick();
}

function tick() {
  const ms = clock.played + (clock.since === null ? 0 : performance.now() - clock.since);
  $("#clock").textContent = formatDuration(ms / 1000);
}

/**
 * Show that the action's search is running (a second press stops it).
 * @param {string} action
 * @param {boolean} busy
 */
export function setBusy(action, busy) {
  const element = button(action);
  element?.classList.toggle("is-busy", busy);
  element?.setAttribute("aria-busy", String(busy));
}

/**
 * The bar's buttons show their words only when every word fits its button
 * (English on a 360 px phone does; Spanish, German and Russian do not): the
 * buttons then show their icons alone, larger, rather than clipped words. The
 * words stay in the page for screen readers, and in each button's tooltip.
 */
export function fitButtonLabels() {
  const buttons = document.querySelector(".bar__buttons");
  if (!buttons) return;
  buttons.classList.remove("bar__buttons--icons");
  const clipped = [...buttons.querySelectorAll("button > span")].some(
    (label) => label instanceof HTMLElement && label.offsetParent !== null && label.scrollWidth > label.clientWidth + 0.5,
  );
  buttons.classList.toggle("bar__buttons--icons", clipped);
}

let fitting = 0;
/**
 * Fit the labels at the next frame, once however often it is asked for (after the
 * words changed). Measured then, the page is laid out once for the frame rather
 * than in the middle of a task: asked at once after the player's language had
 * loaded, the measuring laid out the whole page there, the table just drawn
 * included, and the frame then laid out what changed after it again.
 */
export function fitButtonLabelsSoon() {
  if (fitting) return;
  fitting = requestAnimationFrame(() => {
    fitting = 0;
    fitButtonLabels();
  });
}

/** Fit the labels now and whenever the bar's width changes. */
export function keepButtonLabelsFitted() {
  const buttons = document.querySelector(".bar__buttons");
  if (!buttons) return;
  let width = -1;
  new ResizeObserver(([entry]) => {
    if (entry.contentRect.width === width) return; // only the labels' own change: nothing to do
    width = entry.contentRect.width;
    fitButtonLabels();
  }).observe(buttons);
}
