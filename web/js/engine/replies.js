// @ts-check
// The engine's answers checked before anything of the page uses them: what the
// page relies on, cheaply. A table is drawn and stored, so its state must have
// the engine's shape (platform/drawn.js, the check a saved table gets before it
// is drawn) and its save must look like a save (a JSON object with a version and
// its game, no longer than the engine reads); statistics are stored, a hint's or
// a solution's save kept. An answer of the wrong shape is no answer: a fault in
// the engine (a corrupted heap, a bug) made it, and engine.js treats its worker
// as gone, so nothing bad is drawn or saved over a good game, and the request is
// asked again of a new worker restored from the last good save.

import { TEXT_BYTES } from "../build-info.js";
import { readDrawn } from "../platform/drawn.js";
import { fitsBytes } from "../platform/text-size.js";

/** The methods that answer a table ({state, save, count}). */
const TABLE_METHODS = new Set(["new", "restore", "state", "play", "click", "undo", "redo", "restart", "redeal", "settings"]);
/** The methods that answer statistics ({stats, summary}). */
const STATS_METHODS = new Set(["statsSummary", "statsRecord", "statsReset"]);
/** The jobs whose result carries the game's save (the page keeps it). */
const SAVING_JOBS = new Set(["hint", "check", "solution"]);
const BUCKETS = ["all", "solvable", "daily"];

/** @param {unknown} value @returns {value is Record<string, unknown>} */
const isObject = (value) => typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * Whether `save` looks like a save the engine wrote: a JSON object with a version
 * and a game (`game`, when given, the table's), no longer than the engine reads.
 * The engine checks the rest when it restores it.
 * @param {unknown} save @param {string | null} [game]
 */
export function looksLikeSave(save, game = null) {
  if (typeof save !== "string" || !fitsBytes(save, TEXT_BYTES.save)) return false;
  let data;
  try {
    data = JSON.parse(save);
  } catch {
    return false;
  }
  return isObject(data) && Number.isInteger(data.v) && typeof data.game === "string" && (game === null || data.game === game);
}

/** @param {unknown} move */
const isMove = (move) => isObject(move) && (typeof move.card === "string" || move.to === "redeal");

/** @param {unknown} count */
function isCount(count) {
  if (count === null) return true;
  if (!isObject(count)) return false;
  return typeof count.game === "string" && typeof count.won === "boolean" && Number.isInteger(count.moves);
}

/** @param {unknown} table @returns {string | null} */
function tableFault(table) {
  if (!isObject(table)) return "a table that is not an object";
  const state = table.state;
  if (readDrawn(state) === null) return "a state of the wrong shape";
  const { lastMoves, game } = /** @type {Record<string, unknown>} */ (state);
  if (!Array.isArray(lastMoves) || !lastMoves.every(isMove)) return "last moves of the wrong shape";
  if (!looksLikeSave(table.save, /** @type {string} */ (game))) return "a save that cannot be read";
  if (!isCount(table.count)) return "a count of the wrong shape";
  return null;
}

/** @param {unknown} reply @returns {string | null} */
function statsFault(reply) {
  if (!isObject(reply)) return "statistics that are not an object";
  if (typeof reply.stats !== "string" || !fitsBytes(reply.stats, TEXT_BYTES.stats)) return "statistics text that cannot be kept";
  const summary = reply.summary;
  if (!isObject(summary) || !BUCKETS.every((kind) => isObject(summary[kind]))) return "a summary of the wrong shape";
  return null;
}

/**
 * What is wrong with the `result` the engine answered to `message` (the request
 * as posted), or null when the page may use it.
 * @param {{method: string, params?: any}} message
 * @param {unknown} result
 * @returns {string | null}
 */
export function replyFault(message, result) {
  const { method, params } = message;
  if (TABLE_METHODS.has(method)) return tableFault(result);
  if (STATS_METHODS.has(method)) return statsFault(result);
  if (method === "job" && SAVING_JOBS.has(params?.kind)) {
    if (!isObject(result)) return "a search's result that is not an object";
    if (result.save !== null && result.save !== undefined && !looksLikeSave(result.save)) return "a save that cannot be read";
    if (result.moves !== undefined && !(Array.isArray(result.moves) && result.moves.every(isMove))) return "moves of the wrong shape";
  }
  return null;
}
