// @ts-check
// The table's geometry chosen: the grid of fans and the card size, in CSS pixels
// (grid.js places the chosen grid; fan-geometry.js reads a fan's cards from it).
//
// A pure function of the table's size, the number of fans, the length every fan
// must be able to reach (the design length) and the size of a card's corner
// index. It tries every grid of fans (c columns by r rows) with fans spread
// downwards ("vertical") or to the right ("horizontal") and keeps the one with
// the largest cards in which a fan of the design length still shows the whole
// index of every covered card: the readable step. Shorter fans spread out more
// (fan-geometry.js) and squeeze towards it as they grow.
//
// The design length comes from designLength(), from the longest fan on the table
// with hysteresis: the layout changes only when a fan outgrows what its cell holds
// readably (it then makes room for GROW more cards) or when the fans have become
// much shorter, never back and forth on every move.

import { CARD_RATIO, CSS_INDEX, gapShare, pad, placeGrid, rowCardWidth, UNDER_FOUNDATIONS } from "./grid.js";
import { capacity } from "./fan-geometry.js";

const MAX_CARD_W = 118;
const MIN_CARD_W = 24; // below this no index is readable: fans squeeze instead
const GROW = 3; // room made for this many more cards when a fan outgrows its cell
const SHRINK = 6; // back to larger cards when the longest fan is this much shorter than designed
const KEEP = 0.92; // keep the previous arrangement while its cards are this large against the best

/** @typedef {import("./grid.js").IndexSize} IndexSize */
/** @typedef {import("./grid.js").Orientation} Orientation */
/** @typedef {import("./grid.js").Arrangement} Arrangement */
/** @typedef {import("./grid.js").Sized} Sized */
/** @typedef {import("./grid.js").Placed} Placed */
/** A placed grid and the design length it holds. @typedef {Placed & {length: number}} Layout */

// The length a fan is designed for at the deal: its deal size plus room for two.
/** @param {number} fanCount */
export function baseLength(fanCount) {
  return Math.max(3, Math.round(52 / fanCount)) + 2;
}

// The design length for the next drawing: `current` (the last one, 0 at first)
// while the longest fan fits its cell readably (`capacity` cards) and is not far
// shorter than designed; otherwise the longest fan plus room to grow (two at
// first, as at the deal; GROW once a fan has outgrown its cell). With `larger`
// cards (a player's setting) no room is kept ahead: the cards are as large as
// the fans on the table allow, and the fans are laid out again, one card more
// each time, whenever one outgrows its cell: the cards give way only then.
/** @param {number} current @param {number} capacity @param {number} longest @param {number} fanCount @param {boolean} [larger] */
export function designLength(current, capacity, longest, fanCount, larger = false) {
  if (current && longest <= capacity && longest + SHRINK > current) return current;
  const room = larger ? (current && longest > capacity ? 1 : 0) : current && longest > capacity ? GROW : 2;
  return Math.max(larger ? 2 : baseLength(fanCount), longest + room);
}

// Every grid worth trying: c columns by r rows, fans spread down or right
// (close together when `tight`, grid.js gapShare).
/** @param {number} fanCount @param {boolean} [tight] @returns {Arrangement[]} */
export function arrangements(fanCount, tight = false) {
  const list = [];
  for (const orientation of /** @type {Orientation[]} */ (["vertical", "horizontal"])) {
    for (let columns = 1; columns <= fanCount; columns++) {
      const rows = Math.ceil(fanCount / columns);
      if (columns > 1 && Math.ceil(fanCount / (columns - 1)) === rows) continue; // same rows, wider cells
      list.push(tight ? { orientation, columns, rows, tight } : { orientation, columns, rows });
    }
  }
  return list;
}

// The largest card width (whole pixels) with which `arrangement` holds fans of
// `length` cards readably, or 0 when it cannot; the foundation row (with `cells`
// free cells) fits beside the reserved corner.
/** @param {Arrangement} arrangement @param {number} width @param {number} height @param {number} fanCount
 *  @param {number} length @param {IndexSize} [index] @param {number} [reserve] @param {number} [cells] */
export function fit(arrangement, width, height, fanCount, length, index = CSS_INDEX, reserve = 0, cells = 0) {
  const { orientation, columns, rows } = arrangement;
  const p = pad(width, height);
  const innerW = width - 2 * p;
  const innerH = height - 2 * p;
  const { a, b } = index[orientation];
  const gap = gapShare(arrangement);
  const steps = length - 1;
  const foundationRow = CARD_RATIO * (1 + UNDER_FOUNDATIONS);
  let cardW;
  if (orientation === "vertical") {
    const byWidth = innerW / (columns * (1 + gap));
    // the foundation row, then `rows` rows of fans of `length` cards (steps rounded up)
    const byHeight = (innerH - rows * steps * (a + 1)) / (foundationRow + rows * (CARD_RATIO + steps * b + gap));
    cardW = Math.min(byWidth, byHeight);
  } else {
    const byWidth = (innerW / columns - steps * (a + 1)) / (1 + steps * b + gap);
    const byHeight = innerH / (foundationRow + rows * CARD_RATIO * (1 + gap));
    cardW = Math.min(byWidth, byHeight);
  }
  if (reserve || cells) cardW = Math.min(cardW, rowCardWidth(innerW - reserve - 6, cells));
  cardW = Math.floor(Math.min(cardW, MAX_CARD_W));
  // The estimate ignores a few rounded pixels: check it on the placed table.
  while (cardW >= MIN_CARD_W) {
    const layout = placeGrid({ ...arrangement, cardW }, width, height, fanCount, reserve, index, cells);
    if (capacity(layout) >= length) return cardW;
    cardW -= 1;
  }
  return 0;
}

// Larger cards; at equal size (within 2%) fewer rows: longer room for the fans.
/** @param {Sized} candidate @param {Sized | null} best */
function better(candidate, best) {
  return (
    !best ||
    candidate.cardW > best.cardW * 1.02 ||
    (candidate.cardW >= best.cardW * 0.98 && candidate.rows < best.rows)
  );
}

// The arrangement with the largest cards for `length`, or null when none fits.
// Fans should not move about: the previous arrangement is kept, else its
// orientation, while its cards are nearly as large (KEEP) as the best's.
/** @param {number} width @param {number} height @param {number} fanCount @param {number} length
 *  @param {IndexSize} index @param {number} reserve @param {Arrangement | null} previous @param {boolean} tight
 *  @param {number} cells @returns {Sized | null} */
function choose(width, height, fanCount, length, index, reserve, previous, tight, cells) {
  /** @type {Sized | null} */
  let best = null;
  /** @type {Sized | null} */
  let sameArrangement = null;
  /** @type {Sized | null} */
  let sameOrientation = null;
  for (const arrangement of arrangements(fanCount, tight)) {
    const cardW = fit(arrangement, width, height, fanCount, length, index, reserve, cells);
    if (!cardW) continue;
    const candidate = { ...arrangement, cardW };
    if (better(candidate, best)) best = candidate;
    if (previous?.orientation === arrangement.orientation) {
      if (better(candidate, sameOrientation)) sameOrientation = candidate;
      if (previous.columns === arrangement.columns) sameArrangement = candidate;
    }
  }
  for (const choice of [sameArrangement, sameOrientation]) {
    if (choice && best && choice.cardW >= best.cardW * KEEP) return choice;
  }
  return best;
}

// The table's geometry for `fanCount` fans in a width x height box.
// options: reserve (pixels kept free at the right of the foundation row, for the
// redeal button), length (the design length: every fan can reach it readably),
// index (the measured corner index, as CSS_INDEX), previous (the last layout: its
// arrangement is kept while it stays nearly as good, so the fans do not move about),
// tight (the fans closer together, for larger cards: grid.js gapShare), cells (the
// free cells the foundation row holds at its left, Free Fan).
// The result says which length it holds (`length`: less than asked only when no
// arrangement holds that many readably; longer fans then squeeze in their cells).
/**
 * @param {number} width
 * @param {number} height
 * @param {number} fanCount
 * @param {{reserve?: number, length?: number, index?: IndexSize, previous?: Arrangement | null, tight?: boolean,
 *   cells?: number}} [options]
 * @returns {Layout}
 */
export function computeLayout(width, height, fanCount, options = {}) {
  const { reserve = 0, index = CSS_INDEX, previous = null, tight = false, cells = 0 } = options;
  for (let length = options.length ?? baseLength(fanCount); length >= 2; length--) {
    const chosen = choose(width, height, fanCount, length, index, reserve, previous, tight, cells);
    if (chosen) return { ...placeGrid(chosen, width, height, fanCount, reserve, index, cells), length };
  }
  /** @type {Sized} */
  const fallback = { orientation: "vertical", columns: fanCount, rows: 1, cardW: MIN_CARD_W, tight };
  return { ...placeGrid(fallback, width, height, fanCount, reserve, index, cells), length: 1 };
}
