// @ts-check
// The table a returning player left, read back from storage before the engine
// has started: drawn at once (startup/), so nothing in it is trusted unchecked.
// The State's fields and their kinds are the engine's (py/cloverleaf/page_facts.py,
// generated into build-info.js): a flag or a count the engine adds is checked here
// without a line of this file changing.

import { DEFAULT_SETTINGS, ENGINE_SETTINGS, STATE_FIELDS } from "../build-info.js";

/** @typedef {import("../engine/protocol.js").State} State */

const CARD = /^[A2-9TJQK][CSHD]$/;
const SUITS = ["C", "S", "H", "D"];
const MAX_FANS = 30;
const MAX_CARDS = 104; // two decks

/** @param {unknown} value */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);
/** @param {unknown} value */
const isCard = (value) => typeof value === "string" && CARD.test(value);
/** @param {unknown} value */
const isCount = (value) => typeof value === "number" && Number.isInteger(value) && value >= 0 && value <= 1e9;
/** @param {unknown} value */
const isDest = (value) =>
  value === "F" || value === "cell" || (typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= MAX_FANS);
const MAX_CELLS = 8;

/** @param {unknown} value */
function isFoundation(value) {
  if (!isObject(value)) return false;
  const { suit, top, count, up, builds, next } = /** @type {Record<string, unknown>} */ (value);
  // What it builds and takes next: absent from a table saved before them (read as in suit).
  const takes = next === undefined || (Array.isArray(next) && next.length <= 4 && next.every(isCard));
  const kind = builds === undefined || builds === "suit" || builds === "colours";
  return SUITS.includes(String(suit)) && (top === null || isCard(top)) && isCount(count) && Number(count) <= 26 && typeof up === "boolean" && takes && kind;
}

/**
 * Whether `map` is an object of cards, each with a value `ok` accepts.
 * @param {unknown} map
 * @param {(value: unknown) => boolean} ok
 */
const cardMap = (map, ok) => isObject(map) && Object.entries(/** @type {object} */ (map)).every(([card, value]) => isCard(card) && ok(value));

/** The fields the engine declares of a kind ("boolean", "number"). @param {string} kind */
const fieldsOf = (kind) => Object.entries(STATE_FIELDS).filter(([, of]) => of === kind).map(([name]) => name);

/**
 * The table last drawn, when it has the shape of the engine's state (two decks at
 * most, thirty fans at most); null otherwise. Its settings are the engine's only
 * (each as stored, else as by default), its name at most 60 characters, its last
 * moves and the moves an undo took back dropped (they were said already), and no
 * help nor clock running: they are the engine's to say once it has the game.
 * @param {unknown} data
 * @returns {State | null}
 */
export function readDrawn(data) {
  if (!isObject(data)) return null;
  const state = /** @type {Record<string, unknown>} */ (data);
  const { fans, foundations, movable, onto, click, deal, cells, drawable } = state;
  if (typeof state.game !== "string" || !/^[a-z0-9-]{1,40}$/.test(state.game)) return null;
  if (!Array.isArray(fans) || fans.length < 1 || fans.length > MAX_FANS) return null;
  if (!fans.every((fan) => Array.isArray(fan) && fan.every(isCard))) return null;
  if (fans.flat().length > MAX_CARDS) return null;
  // Free cells and the cards a draw takes: absent from a table saved before them, read as none.
  if (cells !== undefined && !(Array.isArray(cells) && cells.length <= MAX_CELLS && cells.every((card) => card === null || isCard(card)))) return null;
  if (drawable !== undefined && !(Array.isArray(drawable) && drawable.length <= MAX_CARDS && drawable.every(isCard))) return null;
  if (!Array.isArray(foundations) || foundations.length > 8 || !foundations.every(isFoundation)) return null;
  if (!cardMap(movable, (dests) => Array.isArray(dests) && dests.every(isDest))) return null;
  if (!cardMap(click, isDest)) return null;
  // The card each destination puts a movable card on (the keyboard says it), one
  // per destination: a table drawn by a build before it is not drawn early.
  /** @param {unknown} cards */
  const isOnto = (cards) => Array.isArray(cards) && cards.every((card) => card === null || isCard(card));
  if (!cardMap(onto, isOnto)) return null;
  const dests = /** @type {Record<string, unknown[]>} */ (movable);
  const ontos = /** @type {Record<string, unknown[] | undefined>} */ (onto);
  if (!Object.keys(dests).every((card) => ontos[card]?.length === dests[card].length)) return null;
  if (!fieldsOf("number").every((name) => isCount(state[name]))) return null;
  if (!fieldsOf("boolean").every((name) => typeof state[name] === "boolean")) return null;
  if (deal !== null && (typeof deal !== "string" || deal.length > 40)) return null;
  const settings = isObject(state.settings) ? /** @type {Record<string, unknown>} */ (state.settings) : {};
  return /** @type {State} */ (/** @type {unknown} */ ({
    ...state,
    gameName: typeof state.gameName === "string" ? state.gameName.slice(0, 60) : state.game,
    cells: cells ?? [],
    drawable: drawable ?? [],
    settings: Object.fromEntries(ENGINE_SETTINGS.map((key) => [key, typeof settings[key] === "boolean" ? settings[key] : DEFAULT_SETTINGS[key]])),
    lastMoves: [],
    undone: [],
    // Help and the clock are the engine's to say once it has the game: none is drawn before.
    time: { played: 0, running: false },
    help: { hint: null, lost: null, solution: null, work: false, par: null, startWhy: null },
  }));
}
