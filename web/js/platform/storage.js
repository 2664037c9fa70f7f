// @ts-check
// What the browser keeps between visits (localStorage), and the only file that
// touches it: the mechanism (read, write, set aside, tell), the game in progress
// and the last table's shape. The player's settings are kept by settings.js, the
// page's small remembered things by remembered.js, both through this file. Nothing stored can stop the app: a value that cannot be read is
// set aside under a backup key (nothing is silently destroyed), the caller
// starts clean and the player is told once; storage that is full or disabled
// (private modes) lets the game go on, and the player is told once that it will
// not be kept.
// Sizes count in UTF-8 bytes, as the engine counts them (text-size.js): a save or
// statistics text longer than the engine reads (TEXT_BYTES) is set aside here,
// as the engine would refuse it (a parameter that long could not even be sent).

import { DEFAULT_GAME_SHAPE, TEXT_BYTES } from "../build-info.js";
import { readDrawn } from "./drawn.js";
import { fitsBytes } from "./text-size.js";
import { errorName } from "../engine/engine-error.js";

export const KEYS = Object.freeze({
  settings: "cloverleaf.settings.v1", // the player's settings (build-info.js DEFAULT_SETTINGS)
  prefs: "cloverleaf.prefs.v1", // display preferences (prefs.js)
  save: "cloverleaf.save.v1", // the game in progress (loadGame)
  table: "cloverleaf.table.v1", // the last table's shape, drawn before the engine starts
  stats: "cloverleaf.stats.v1", // the engine's statistics text (stats.js)
  intro: "cloverleaf.intro.v1", // the games whose first-visit overlay was closed (overlay.js)
  owner: "cloverleaf.owner.v1", // which tab plays the game now, and when it last said so (tabs.js)
  index: "cloverleaf.index.v1", // the cards' corner index as this browser draws it (table/index-measure.js)
  offline: "cloverleaf.offline-said.v1", // the build whose failure to store the app for offline play was said (main.js)
});

// Texts longer than this, in UTF-8 bytes, are not the app's: set aside unread.
export const MAX_TEXT_BYTES = 1_000_000;
const BACKUP = ".unreadable"; // suffix of the keys bad values are kept under
// How many unreadable values of one key are kept: the first under key.unreadable,
// the next under key.unreadable.2, and so on; none is ever written over, and
// once every place is taken a later one is not kept.
export const BACKUP_COPIES = 5;

/**
 * The keys the unreadable values of `key` are kept under, earliest first.
 * @param {string} key
 */
export function backupKeys(key) {
  return Array.from({ length: BACKUP_COPIES }, (_, i) => key + BACKUP + (i ? `.${i + 1}` : ""));
}

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
 * The text stored under `key`, or null (nothing stored, or no storage). A text
 * over `maxBytes` UTF-8 bytes is set aside unread.
 * @param {string} key
 * @param {number} [maxBytes]  the engine's limit for the text (TEXT_BYTES), else the page's own
 * @returns {string | null}
 */
export function readText(key, maxBytes = MAX_TEXT_BYTES) {
  let text;
  try {
    text = localStorage.getItem(key);
  } catch {
    return null; // storage disabled: play without it
  }
  if (text !== null && !fitsBytes(text, maxBytes)) {
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
 * Keep an unreadable `text` under the first free backup key of `key` (backupKeys)
 * and free `key`: the values set aside before stay as they were. The key is freed
 * first, so the backup fits wherever the value did; were there no room even so,
 * its first thousand characters are kept. A text kept already is not kept twice.
 * @param {string} key
 * @param {string} text
 */
export function setAside(key, text) {
  try {
    localStorage.removeItem(key);
  } catch {
    // storage disabled: nothing to free, nothing to keep
  }
  keepAside(key, text);
  report("unreadable", key);
}

/** @param {string} key @param {string} text */
function keepAside(key, text) {
  try {
    const kept = backupKeys(key).map((backup) => [backup, localStorage.getItem(backup)]);
    if (kept.some(([, value]) => value === text)) return;
    const free = kept.find(([, value]) => value === null)?.[0];
    if (!free) return console.warn(`${key}: ${BACKUP_COPIES} unreadable values are kept already; this one is not`);
    for (const copy of [text, text.slice(0, 1000)]) {
      try {
        return localStorage.setItem(free, copy);
      } catch {
        // no room: try the shorter backup, else the value is dropped
      }
    }
  } catch {
    // storage disabled: nothing to keep
  }
}

/** Whether stored values can be read at all (false: storage is disabled, as in some private modes). */
export function canRead() {
  try {
    void localStorage.length;
    return true;
  } catch {
    return false;
  }
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
    return errorName(error) === "QuotaExceededError";
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
    if (!fitsBytes(record.save, TEXT_BYTES.save)) throw new Error("a save longer than the engine reads");
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
    const value = /** @type {{fans?: unknown, name?: unknown} | null} */ (data);
    if (!Number.isInteger(value?.fans) || Number(value?.fans) < 1 || Number(value?.fans) > 30) throw new Error("bad shape");
    return { fans: Number(value?.fans), name: typeof value?.name === "string" ? value.name.slice(0, 60) : DEFAULT_GAME_SHAPE.name };
  });
  return shape ?? { ...DEFAULT_GAME_SHAPE };
}

/** @param {{fans: number, name: string}} shape */
export function storeShape(shape) {
  writeJson(KEYS.table, shape);
}
