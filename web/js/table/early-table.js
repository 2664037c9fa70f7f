// @ts-check
// The table drawn before the engine has started, so the player never waits for
// Python to see one: the saved table as it was left, else a deal from the
// build's bank (proved winnable, made by the engine itself), else the outlines of
// the game to come. startup.js chooses which (first-game.js) and, once the
// engine is up, shows the engine's own table in its place.

import { gameInfo } from "../play/state.js";
import { loadShape } from "../platform/storage.js";
import { restoresSave } from "../startup/first-game.js";
import { withBooks } from "../book/book-play.js";
import { errorText } from "../engine/engine-error.js";

/** @typedef {import("../startup/first-game.js").FirstGame} FirstGame */
/** @typedef {import("../engine/protocol.js").State} State */

/**
 * What the early tables are drawn with.
 * @typedef {object} Drawers
 * @property {import("../play/state.js").AppState} app
 * @property {import("../play/game.js").Game} game  draws a table before the engine has it (drawEarly)
 * @property {import("../table/render.js").TableView} view  draws the outlines (preview)
 */

/**
 * What can be drawn without waiting for anything: the saved table, else the
 * outlines of the game to come.
 * @param {FirstGame} first
 * @param {Drawers} drawers
 */
export function drawAtOnce(first, { app, game, view }) {
  const { address, record } = first;
  const saved = record?.drawn ?? null;
  const addressed = address && "game" in address ? address : null;
  if (saved && record && restoresSave(first)) {
    // Its time shown, not running, until the engine has the game.
    game.drawEarly({ ...saved, time: { played: record.elapsed, running: false } }, { daily: record.daily });
    return;
  }
  const shape = loadShape();
  const info = addressed ? gameInfo(app, addressed.game) : null;
  const name = document.querySelector("#game-name");
  if (name) name.textContent = info?.name ?? shape.name;
  view.preview(info?.fans ?? shape.fans);
}

/**
 * A deal for a newcomer, of those the build put in the page (each with an
 * opening book: book/), drawn at once.
 * @param {readonly State[]} states  not empty
 * @param {Pick<Drawers, "game">} drawers
 * @returns {State}
 */
export function drawNewcomerDeal(states, { game }) {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  const state = structuredClone(states[value % states.length]);
  game.drawEarly(state, { daily: null });
  return state;
}

/**
 * A deal from the default game's bank (one with an opening book: book/), drawn as
 * soon as it arrives; null when none could be read.
 * @param {Promise<Response>} bank
 * @param {Pick<Drawers, "app" | "game">} drawers
 * @returns {Promise<State | null>}
 */
export async function drawFromBank(bank, { app, game }) {
  try {
    const response = await bank;
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const states = withBooks(/** @type {State[]} */ ((await response.json()).states));
    const [value] = crypto.getRandomValues(new Uint32Array(1));
    const state = states[value % states.length];
    if (app.engine === "failed" || app.table || game.drawn) return state;
    game.drawEarly(state, { daily: null });
    return state;
  } catch (error) {
    console.warn(`deal bank not read: ${errorText(error)}`);
    return null;
  }
}
