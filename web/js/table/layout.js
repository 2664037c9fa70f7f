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
//
// Larger cards (the player's setting) follow one rule, the same whichever way
// the setting was turned on (in a game, or before it opened): the cards are as
// large as the fans on the table allow. "Allow" means: every fan as it is now
// shows the whole index of every covered card, and no more room is kept than
// that (designLengths): no room ahead for growing fans, and each row of vertical
// fans (column of horizontal ones) only as long as its own longest fan, the
// room left over shared evenly between them; the fans lie closer together and
// the foundation row keeps only the room its badges need (grid.js tight). The
// layout is made again when a fan outgrows its cell (the cards give way a
// little) or when the longest fan has become LARGER_SHRINK cards shorter than
// the one it was made for (the cards grow again), never on every move.

import { CARD_RATIO, CSS_INDEX, gapShare, laneLengths, NO_RESERVE, pad, placeGrid, rowCardWidth, underFoundations } from "./grid.js";
import { fanCapacity } from "./fan-geometry.js";

const MAX_CARD_W = 118;
const MIN_CARD_W = 24; // below this no index is readable: fans squeeze instead
const GROW = 3; // room made for this many more cards when a fan outgrows its cell
const SHRINK = 6; // back to larger cards when the longest fan is this much shorter than designed
const LARGER_SHRINK = 2; // the same for larger cards, which keep no room ahead
const KEEP = 0.92; // keep the previous arrangement while its cards are this large against the best

/** @typedef {import("./grid.js").IndexSize} IndexSize */
/** @typedef {import("./grid.js").Orientation} Orientation */
/** @typedef {import("./grid.js").Arrangement} Arrangement */
/** @typedef {import("./grid.js").Sized} Sized */
/** @typedef {import("./grid.js").Placed} Placed */
/** @typedef {import("./grid.js").Reserve} Reserve */
/** A placed grid and the design lengths it holds: one a fan, and the longest. @typedef {Placed & {length: number, lengths: number[]}} Layout */

// The length a fan is designed for at the deal: its deal size plus room for two.
/** @param {number} fanCount */
export function baseLength(fanCount) {
  return Math.max(3, Math.round(52 / fanCount)) + 2;
}

// The design length for the next drawing: `current` (the last one, 0 at first)
// while the longest fan fits its cell readably (`capacity` cards) and is not far
// shorter than designed; otherwise the longest fan plus room to grow (two at
// first, as at the deal; GROW once a fan has outgrown its cell).
/** @param {number} current @param {number} capacity @param {number} longest @param {number} fanCount */
export function designLength(current, capacity, longest, fanCount) {
  if (current && longest <= capacity && longest + SHRINK > current) return current;
  const room = current && longest > capacity ? GROW : 2;
  return Math.max(baseLength(fanCount), longest + room);
}

// Larger cards' design, one length a fan (the header's rule): `current` (the
// last design, null at first) while every fan fits its cell readably
// (`capacities`, one a fan, as the layout made for `current` holds them) and the
// longest is less than LARGER_SHRINK shorter than designed; otherwise the fans as
// they are (`fans`: their lengths), two cards at least.
/** @param {number[] | null} current @param {number[] | null} capacities @param {number[]} fans */
export function designLengths(current, capacities, fans) {
  const fits = fans.every((length, i) => length <= (capacities?.[i] ?? 0));
  if (current?.length === fans.length && fits && Math.max(0, ...fans) + LARGER_SHRINK > Math.max(...current)) return current;
  return fans.map((length) => Math.max(2, length));
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

// The largest card width (whole pixels) with which `arrangement` holds every fan
// readably at its design length (`lengths`, one a fan), or 0 when it cannot; the
// foundation row (with `cells` free cells) fits beside the reserved corner.
/** @param {Arrangement} arrangement @param {number} width @param {number} height @param {number[]} lengths
 *  @param {IndexSize} [index] @param {Reserve} [reserve] @param {number} [cells] */
export function fit(arrangement, width, height, lengths, index = CSS_INDEX, reserve = NO_RESERVE, cells = 0) {
  const { orientation, columns, rows } = arrangement;
  const p = pad(width, height);
  const innerW = width - 2 * p;
  const innerH = height - 2 * p;
  const { a, b } = index[orientation];
  const gap = gapShare(arrangement);
  // The steps of each lane's longest fan, and of all lanes together.
  const laneSteps = laneLengths(arrangement, lengths).map((length) => length - 1);
  const steps = laneSteps.reduce((sum, count) => sum + count, 0);
  const foundationRow = CARD_RATIO * (1 + underFoundations(arrangement));
  let cardW;
  if (orientation === "vertical") {
    const byWidth = innerW / (columns * (1 + gap));
    // the foundation row, then the rows of fans, each as long as its longest (steps rounded up)
    const byHeight = (innerH - steps * (a + 1)) / (foundationRow + rows * (CARD_RATIO + gap) + steps * b);
    cardW = Math.min(byWidth, byHeight);
  } else {
    const byWidth = (innerW - steps * (a + 1)) / (columns * (1 + gap) + steps * b);
    const byHeight = innerH / (foundationRow + rows * CARD_RATIO * (1 + gap));
    cardW = Math.min(byWidth, byHeight);
  }
  if (reserve.pixels || cells) cardW = Math.min(cardW, rowCardWidth(innerW - reserve.pixels - 6, cells));
  cardW = Math.floor(Math.min(cardW, MAX_CARD_W));
  // The estimate ignores a few rounded pixels: check it on the placed table.
  while (cardW >= MIN_CARD_W) {
    const layout = placeGrid({ ...arrangement, cardW }, width, height, lengths.length, reserve, index, lengths, cells);
    if (lengths.every((length, i) => fanCapacity(layout, i) >= length)) return cardW;
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

// The arrangement with the largest cards for `lengths`, or null when none fits.
// Fans should not move about: the previous arrangement is kept, else its
// orientation, while its cards are nearly as large (KEEP) as the best's.
/** @param {number} width @param {number} height @param {number[]} lengths
 *  @param {IndexSize} index @param {Reserve} reserve @param {Arrangement | null} previous @param {boolean} tight
 *  @param {number} cells @returns {Sized | null} */
function choose(width, height, lengths, index, reserve, previous, tight, cells) {
  /** @type {Sized | null} */
  let best = null;
  /** @type {Sized | null} */
  let sameArrangement = null;
  /** @type {Sized | null} */
  let sameOrientation = null;
  for (const arrangement of arrangements(lengths.length, tight)) {
    const cardW = fit(arrangement, width, height, lengths, index, reserve, cells);
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
// options: reserve (room kept free at one end of the foundation row, for the
// redeal button: grid.js Reserve), length (the design length: every fan can reach
// it readably), lengths (instead of one length, one a fan: each row of vertical
// fans, or column of horizontal ones, is as long as its longest fan needs, which
// is how larger cards fit the fans on the table), index (the measured corner index,
// as CSS_INDEX), previous (the last layout: its arrangement is kept while it stays
// nearly as good, so the fans do not move about), tight (the fans closer together,
// for larger cards: grid.js gapShare), cells (the free cells the foundation row
// holds at its left, Free Fan).
// The result says which lengths it holds (`lengths`, one a fan, and `length`, the
// longest: less than asked only when no arrangement holds that many readably;
// longer fans then squeeze in their cells).
/**
 * @param {number} width
 * @param {number} height
 * @param {number} fanCount
 * @param {{reserve?: Reserve, length?: number, lengths?: number[], index?: IndexSize, previous?: Arrangement | null, tight?: boolean,
 *   cells?: number}} [options]
 * @returns {Layout}
 */
export function computeLayout(width, height, fanCount, options = {}) {
  const { reserve = NO_RESERVE, index = CSS_INDEX, previous = null, tight = false, cells = 0 } = options;
  const asked = options.lengths?.length === fanCount
    ? options.lengths.map((length) => Math.max(2, length))
    : new Array(fanCount).fill(options.length ?? baseLength(fanCount));
  for (let longest = Math.max(2, ...asked); longest >= 2; longest--) {
    const lengths = asked.map((length) => Math.min(length, longest));
    const chosen = choose(width, height, lengths, index, reserve, previous, tight, cells);
    if (chosen) return { ...placeGrid(chosen, width, height, fanCount, reserve, index, lengths, cells), length: longest, lengths };
  }
  /** @type {Sized} */
  const fallback = { orientation: "vertical", columns: fanCount, rows: 1, cardW: MIN_CARD_W, tight };
  return { ...placeGrid(fallback, width, height, fanCount, reserve, index, null, cells), length: 1, lengths: new Array(fanCount).fill(1) };
}
