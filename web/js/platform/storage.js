// @ts-check
// What the browser keeps between visits (localStorage), and the only file that
// touches it. Nothing stored can stop the app: a value that cannot be read is
// set aside under a backup key (nothing is silently destroyed), the caller
// starts clean and the player is told once; storage that is full or disabled
// (private modes) lets the game go on, and the player is told once that it will
// not be kept.

import { LEVELS } from "../engine/protocol.js";

/** @typedef {import("../engine/protocol.js").Level} Level */

export const KEYS = Object.freeze({
  settings: "cloverleaf.settings.v1", // the player's game settings (DEFAULT_SETTINGS)
  prefs: "cloverleaf.prefs.v1", // display preferences (prefs.js)
  save: "cloverleaf.save.v1", // the game in progress (loadGame)
  table: "cloverleaf.table.v1", // the last table's shape, drawn before the engine starts
  stats: "cloverleaf.stats.v1", // the engine's statistics text (stats.js)
  intro: "cloverleaf.intro.v1", // the games whose first-visit overlay was closed (overlay.js)
  owner: "cloverleaf.owner.v1", // which tab plays the game now, and when it last said so (tabs.js)
  index: "cloverleaf.index.v1", // the cards' corner index as this browser draws it (render.js measureIndex)
});

// Texts longer than this are not the app's: set aside unread.
export const MAX_TEXT = 1_000_000;
const BACKUP = ".unreadable"; // suffix of the key a bad value is kept under

/** @typedef {"unreadable" | "unavailable"} Problem */
/** @typedef {(problem: Problem, key: string) => void} ProblemListener */
/** @type {Set<ProblemListener>} */
const listeners = new Set();
/** @type {Map<string, [Problem, string]>} */
const told = new Map();

/**
 * Call `listener(problem, key)` the first time each problem happens (also for
 * those that happened before): "unreadable" (the value under `key` was set
 * aside), "unavailable" (storage is full or disabled: nothing more will be kept;
 * reported once, whatever the key).
 * @param {ProblemListener} listener
 */
export function onProblem(listener) {
  listeners.add(listener);
  for (const [problem, key] of told.values()) listener(problem, key);
}

/**
 * @param {Problem} problem
 * @param {string} key
 */
function report(problem, key) {
  const id = problem === "unavailable" ? problem : `${problem}:${key}`;
  if (told.has(id)) return;
  told.set(id, [problem, key]);
  for (const listener of listeners) listener(problem, key);
}

/**
 * The text stored under `key`, or null (nothing stored, or no storage).
 * @param {string} key
 * @returns {string | null}
 */
export function readText(key) {
  let text;
  try {
    text = localStorage.getItem(key);
  } catch {
    return null; // storage disabled: play without it
  }
  if (text !== null && text.length > MAX_TEXT) {
    setAside(key, text);
    return null;
  }
  return text;
}

/**
 * Store `text` under `key` (null removes it); false when it could not be kept.
 * @param {string} key
 * @param {string | null} text
 * @returns {boolean}
 */
export function writeText(key, text) {
  try {
    if (text === null) localStorage.removeItem(key);
    else localStorage.setItem(key, text);
    return true;
  } catch {
    report("unavailable", key);
    return false;
  }
}

/**
 * Keep an unreadable `text` under the backup key (`key` + ".unreadable") and free `key`.
 * The key is freed first, so the backup fits wherever the value did; were there
 * no room even so, its first thousand characters are kept.
 * @param {string} key
 * @param {string} text
 */
export function setAside(key, text) {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing to free, nothing to keep
  }
  for (const kept of [text, text.slice(0, 1000)]) {
    try {
      localStorage.setItem(key + BACKUP, kept);
      break;
    } catch {
      // no room: try the shorter backup, else the value is dropped
    }
  }
  report("unreadable", key);
}

/**
 * Whether values can be kept at all (false: storage is disabled). A full storage
 * still answers true: what is small may fit.
 */
export function canStore() {
  const probe = "cloverleaf.probe";
  try {
    localStorage.setItem(probe, "1");
    localStorage.removeItem(probe);
    return true;
  } catch (error) {
    return /** @type {any} */ (error)?.name === "QuotaExceededError";
  }
}

/**
 * Call `listener(key)` when another tab of this site changes a stored value
 * (the browser's storage event; this tab's own writes are not reported).
 * @param {(key: string | null) => void} listener  key null: the whole storage was cleared
 */
export function onChangeElsewhere(listener) {
  window.addEventListener("storage", (event) => {
    if (event.key === null || event.key.startsWith("cloverleaf.")) listener(event.key);
  });
}

/**
 * The JSON stored under `key`, checked by `read` (which returns the value or
 * throws); null when nothing usable is stored (an unreadable value is set aside).
 * @template T
 * @param {string} key
 * @param {(data: unknown) => T} read
 * @returns {T | null}
 */
export function readJson(key, read) {
  const text = readText(key);
  if (text === null) return null;
  try {
    return read(JSON.parse(text));
  } catch {
    setAside(key, text);
    return null;
  }
}

/**
 * @param {string} key
 * @param {unknown} value  null removes the key
 * @returns {boolean}
 */
export function writeJson(key, value) {
  return writeText(key, value === null ? null : JSON.stringify(value));
}

/** @param {unknown} data */
export const isObject = (data) => typeof data === "object" && data !== null && !Array.isArray(data);

/**
 * `data` as a plain object, for readJson (anything else is unreadable).
 * @param {unknown} data
 * @returns {Record<string, unknown>}
 */
export function asRecord(data) {
  if (!isObject(data)) throw new Error("not an object");
  return /** @type {Record<string, unknown>} */ (data);
}

// ---- the player's game settings -------------------------------------------------

/** @type {Readonly<Settings>} */
export const DEFAULT_SETTINGS = Object.freeze({
  clickToPlay: true, // a click or tap plays the card where the engine's click rule says
  autoMove: true, // cards go to the foundations by themselves when safe
  autoComplete: true, // the game finishes itself once only foundation moves remain
  solvableOnly: true, // new deals are ones the solver proved winnable
  animations: true, // cards slide (never when the system asks for reduced motion)
  warnLost: false, // the solver checks each move in the background and says when the game becomes lost
  level: "any", // the difficulty of new solvable deals: any, or one of protocol.js's LEVELS
});
/**
 * @typedef {{clickToPlay: boolean, autoMove: boolean, autoComplete: boolean, solvableOnly: boolean, animations: boolean,
 *   warnLost: boolean, level: "any" | Level}} Settings
 */

/** The settings the engine keeps (the others are the page's). */
export const ENGINE_SETTINGS = /** @type {const} */ (["clickToPlay", "autoMove", "autoComplete"]);

/** @returns {Settings} */
export function loadSettings() {
  const settings = { ...DEFAULT_SETTINGS };
  const stored = readJson(KEYS.settings, asRecord);
  for (const key of /** @type {(keyof Settings)[]} */ (Object.keys(DEFAULT_SETTINGS))) {
    const value = stored?.[key];
    if (typeof value === "boolean" && typeof DEFAULT_SETTINGS[key] === "boolean") /** @type {any} */ (settings)[key] = value;
  }
  const level = stored?.level;
  if (typeof level === "string" && /** @type {readonly string[]} */ (LEVELS).includes(level)) settings.level = /** @type {Level} */ (level);
  return settings;
}

/** @param {Settings} settings */
export function storeSettings(settings) {
  writeJson(KEYS.settings, settings);
}

// ---- the first-visit overlay -------------------------------------------------------

/**
 * The games whose first-visit overlay the player closed; null when storage
 * cannot keep it (then the overlay is not shown: it could never stay closed).
 * @returns {string[] | null}
 */
export function loadIntroSeen() {
  try {
    localStorage.getItem(KEYS.intro); // throws when storage is disabled
  } catch {
    return null;
  }
  const seen = readJson(KEYS.intro, (data) => {
    if (!Array.isArray(data)) throw new Error("not a list");
    return data.filter((game) => typeof game === "string").slice(0, 100);
  });
  return seen ?? [];
}

/**
 * @param {string[]} games
 * @returns {boolean} whether it was kept
 */
export function storeIntroSeen(games) {
  return writeJson(KEYS.intro, games);
}

// ---- the game in progress -----------------------------------------------------

/**
 * The game in progress as the page keeps it.
 * @typedef {object} GameRecord
 * @property {string} save  the engine's save text
 * @property {string} game
 * @property {string | null} deal
 * @property {number} elapsed  milliseconds played
 * @property {boolean} started  whether the clock has started (the first move was made)
 * @property {string | null} daily  the date, when it is the deal of the day
 * @property {import("../engine/protocol.js").State | null} drawn  the table last drawn, to show before the engine starts
 */

// The longest time played that is kept, in milliseconds: the engine's statistics
// take times up to 10^9 seconds (py/cloverleaf/stats.py MAX_SECONDS).
export const MAX_ELAPSED_MS = 1e12;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The game in progress, or null when none is kept (an unreadable one is set aside).
 * Every field is checked here, so nothing kept can reach the engine, the clock or
 * the table in a shape they do not expect; the engine checks the save itself.
 * @returns {GameRecord | null}
 */
export function loadGame() {
  return readJson(KEYS.save, (data) => {
    if (!isObject(data)) throw new Error("not a record");
    const record = /** @type {Record<string, unknown>} */ (data);
    if (typeof record.save !== "string" || typeof record.game !== "string") throw new Error("no save");
    const elapsed = Number(record.elapsed);
    return {
      save: record.save,
      game: record.game,
      deal: typeof record.deal === "string" ? record.deal : null,
      elapsed: Number.isFinite(elapsed) && elapsed >= 0 && elapsed <= MAX_ELAPSED_MS ? elapsed : 0,
      started: record.started !== false,
      daily: typeof record.daily === "string" && DATE.test(record.daily) ? record.daily : null,
      drawn: readDrawn(record.drawn),
    };
  });
}

const CARD = /^[A2-9TJQK][CSHD]$/;
/** @param {unknown} value */
const isCard = (value) => typeof value === "string" && CARD.test(value);
/** @param {unknown} value */
const isCount = (value) => Number.isInteger(value) && /** @type {number} */ (value) >= 0 && /** @type {number} */ (value) <= 1e9;
/** @param {unknown} value */
const isDest = (value) => value === "F" || (Number.isInteger(value) && /** @type {number} */ (value) >= 1 && /** @type {number} */ (value) <= 30);

/**
 * The table last drawn, when it has the shape of the engine's state (two decks at
 * most, thirty fans at most); null otherwise. Drawn before the engine starts, so
 * nothing here may be trusted unchecked.
 * @param {unknown} data
 * @returns {import("../engine/protocol.js").State | null}
 */
export function readDrawn(data) {
  if (!isObject(data)) return null;
  const state = /** @type {Record<string, unknown>} */ (data);
  const { fans, foundations, movable, click } = state;
  if (typeof state.game !== "string" || !/^[a-z0-9-]{1,40}$/.test(state.game)) return null;
  if (!Array.isArray(fans) || fans.length < 1 || fans.length > 30) return null;
  if (!fans.every((fan) => Array.isArray(fan) && fan.every(isCard))) return null;
  if (fans.flat().length > 104) return null;
  if (!Array.isArray(foundations) || foundations.length > 8) return null;
  const foundationOk = (/** @type {any} */ f) =>
    isObject(f) && ["C", "S", "H", "D"].includes(f.suit) && (f.top === null || isCard(f.top)) &&
    Number.isInteger(f.count) && f.count >= 0 && f.count <= 26 && typeof f.up === "boolean";
  if (!foundations.every(foundationOk)) return null;
  const destsOk = (/** @type {unknown} */ map, /** @type {(value: unknown) => boolean} */ ok) =>
    isObject(map) && Object.entries(/** @type {object} */ (map)).every(([card, value]) => isCard(card) && ok(value));
  if (!destsOk(movable, (dests) => Array.isArray(dests) && dests.every(isDest))) return null;
  if (!destsOk(click, isDest)) return null;
  if (!isCount(state.moves) || !isCount(state.redealsLeft)) return null;
  const flags = ["canRedeal", "won", "stuck", "canUndo", "canRedo"];
  if (!flags.every((flag) => typeof state[flag] === "boolean")) return null;
  if (state.deal !== null && (typeof state.deal !== "string" || state.deal.length > 40)) return null;
  const settings = isObject(state.settings) ? /** @type {Record<string, unknown>} */ (state.settings) : {};
  return /** @type {import("../engine/protocol.js").State} */ (/** @type {unknown} */ ({
    ...state,
    gameName: typeof state.gameName === "string" ? state.gameName.slice(0, 60) : state.game,
    settings: Object.fromEntries(ENGINE_SETTINGS.map((key) => [key, settings[key] !== false])),
    lastMoves: [],
  }));
}

/** @param {GameRecord | null} record */
export function storeGame(record) {
  writeJson(KEYS.save, record);
}

/** The saved game could not be restored: keep it aside and forget it. */
export function setAsideGame() {
  const text = readText(KEYS.save);
  if (text !== null) setAside(KEYS.save, text);
}

// ---- the last table's shape ------------------------------------------------------

/** @returns {{fans: number, name: string}} */
export function loadShape() {
  const shape = readJson(KEYS.table, (data) => {
    const value = /** @type {any} */ (data);
    if (!Number.isInteger(value?.fans) || value.fans < 1 || value.fans > 30) throw new Error("bad shape");
    return { fans: Number(value.fans), name: typeof value.name === "string" ? value.name.slice(0, 60) : "Clover Leaf" };
  });
  return shape ?? { fans: 16, name: "Clover Leaf" };
}

/** @param {{fans: number, name: string}} shape */
export function storeShape(shape) {
  writeJson(KEYS.table, shape);
}

// ---- the corner index as this browser draws it -------------------------------------

/** @typedef {import("../table/layout.js").IndexSize} IndexSize */

/** @param {unknown} value  a + b * cardW: a in pixels, b a share of the card's width */
const isLine = (value) => {
  const line = /** @type {any} */ (value);
  return isObject(line) && Math.abs(line.a) <= 100 && line.b >= 0 && line.b <= 2;
};

/**
 * The corner index measured in an earlier visit under the same `fingerprint`
 * (build and browser), or null. It is derived data, measured again whenever it
 * is missing: one that cannot be read is simply measured and written again,
 * unsaid (nothing of the player's is in it).
 * @param {string} fingerprint
 * @returns {IndexSize | null}
 */
export function loadIndex(fingerprint) {
  const text = readText(KEYS.index);
  if (text === null) return null;
  try {
    const { fingerprint: measuredUnder, vertical, horizontal } = JSON.parse(text);
    if (measuredUnder !== fingerprint || !isLine(vertical) || !isLine(horizontal)) return null;
    return { vertical: { a: vertical.a, b: vertical.b }, horizontal: { a: horizontal.a, b: horizontal.b } };
  } catch {
    return null;
  }
}

/**
 * @param {string} fingerprint
 * @param {IndexSize} index
 */
export function storeIndex(fingerprint, index) {
  writeJson(KEYS.index, { fingerprint, ...index });
}
