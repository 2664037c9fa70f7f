// @ts-check
// What the page remembers for itself between visits (through storage.js): the
// games whose first-visit overlay was closed, and the cards' corner index as
// this browser draws it.

import { canRead, isObject, KEYS, readJson, readText, writeJson } from "./storage.js";

// ---- the first-visit overlay -------------------------------------------------------

/**
 * The games whose first-visit overlay the player closed; null when storage
 * cannot keep it (then the overlay is not shown: it could never stay closed).
 * @returns {string[] | null}
 */
export function loadIntroSeen() {
  if (!canRead()) return null;
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

// ---- the corner index as this browser draws it -------------------------------------

/** @typedef {import("../table/layout.js").IndexSize} IndexSize */

/** @param {unknown} value  a + b * cardW: a in pixels, b a share of the card's width */
const isLine = (value) => {
  const line = /** @type {{a?: unknown, b?: unknown}} */ (value);
  return isObject(line) && Math.abs(Number(line.a)) <= 100 && Number(line.b) >= 0 && Number(line.b) <= 2;
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
