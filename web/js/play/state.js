// @ts-check
// The page's state: one plain object that the controllers change and the views
// read. It is never read back from the DOM. The engine's state of the game (what
// is on the table) is one field of it: the engine decides, the page remembers.

import { DEFAULT_GAME } from "../build-info.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").GameInfo} GameInfo */
/** @typedef {import("../build-info.js").Settings} Settings */

export { DEFAULT_GAME } from "../build-info.js";

/**
 * @typedef {object} AppState
 * @property {"starting" | "ready" | "failed"} engine  whether the engine answers
 * @property {State | null} table  the state the engine last returned: what is drawn
 * @property {string | null} save  the engine's save text of that state
 * @property {GameInfo[]} games  the catalogue
 * @property {Settings} settings  the player's settings
 */

/**
 * @param {Settings} settings
 * @returns {AppState}
 */
export function createState(settings) {
  return {
    engine: "starting",
    table: null,
    save: null,
    games: [],
    settings,
  };
}

/**
 * The catalogue's entry of a game, or null.
 * @param {AppState} app
 * @param {string} id
 * @returns {GameInfo | null}
 */
export function gameInfo(app, id) {
  return app.games.find((game) => game.id === id) ?? null;
}

/** @param {AppState} app */
export function currentGame(app) {
  return app.table?.game ?? DEFAULT_GAME;
}

/**
 * Whether two states show the same table: the same deal, the same cards in the same places.
 * @param {State | null} a
 * @param {State | null} b
 */
export function sameTable(a, b) {
  if (!a || !b) return false;
  const key = (/** @type {State} */ s) => JSON.stringify([s.game, s.deal, s.moves, s.fans, s.foundations]);
  return key(a) === key(b);
}
