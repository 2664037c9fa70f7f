// @ts-check
// A grid of fans placed on the table: the foundation row above, each fan's cell
// and the room its cards may spread into, in CSS pixels, for a chosen arrangement
// (c columns by r rows, fans spread down or right) and card width. Which
// arrangement and width is layout.js's choice; reading a fan's cards from the
// result is fan-geometry.js's.

export const CARD_RATIO = 1.4; // height / width
export const GAP = 0.12; // space between fans, as a share of the card's width
export const TIGHT_GAP = 0.04; // the same with larger cards (a player's setting): the room goes to the cards
export const UNDER_FOUNDATIONS = 0.18; // space under the foundation row, as a share of the card's height
export const TIGHT_UNDER_FOUNDATIONS = 0.1; // the same with larger cards: room for the direction badges only

// The corner index's extent from the card's outer edge, in pixels, as a + b * cardW:
// down to the index's bottom edge (vertical fans: a covered card shows its top)
// and to its right edge (horizontal fans: a covered card shows its left side).
// These are app.css's values; index-measure.js measures the real ones.
/** @typedef {{vertical: {a: number, b: number}, horizontal: {a: number, b: number}}} IndexSize */
/** @typedef {"vertical" | "horizontal"} Orientation */
/** A grid of fans: `columns` by `rows`, spread down or right; `tight`: close together (gapShare). @typedef {{orientation: Orientation, columns: number, rows: number, tight?: boolean}} Arrangement */
/** @typedef {Arrangement & {cardW: number}} Sized */
/**
 * Room kept free at one end of the foundation row (for the redeal button): `pixels` from the
 * table's edge on `side`, the side the button stands on (left-handed: the left).
 * @typedef {{pixels: number, side: "left" | "right"}} Reserve
 */
/**
 * One fan's place: its first card's corner, how far it may spread from there, its cell.
 * @typedef {{x: number, y: number, extent: number, cell: {x: number, y: number, w: number, h: number}}} FanPlace
 */
/**
 * The table's geometry in CSS pixels; `step`: the readable step (computeLayout adds the design length it holds);
 * `cells`: each free cell's corner, in the foundation row (none in games without free cells).
 * @typedef {Sized & {width: number, height: number, cardH: number, step: number, foundations: {x: number, y: number}[],
 *   cells: {x: number, y: number}[], fans: FanPlace[]}} Placed
 */
/** @type {Readonly<IndexSize>} */
export const CSS_INDEX = Object.freeze({
  vertical: Object.freeze({ a: 1, b: 0.36 }),
  horizontal: Object.freeze({ a: 1, b: 0.32 }),
});

// The smallest offset between two cards of a fan that shows the covered card's
// whole index, in whole pixels.
/** @param {IndexSize} index @param {Orientation} orientation @param {number} cardW */
export function readableStep(index, orientation, cardW) {
  const { a, b } = index[orientation];
  return Math.ceil(a + b * cardW);
}

// The space between fans, as a share of the card's width.
/** @param {{tight?: boolean}} arrangement */
export function gapShare(arrangement) {
  return arrangement.tight ? TIGHT_GAP : GAP;
}

// The space under the foundation row, as a share of the card's height.
/** @param {{tight?: boolean}} arrangement */
export function underFoundations(arrangement) {
  return arrangement.tight ? TIGHT_UNDER_FOUNDATIONS : UNDER_FOUNDATIONS;
}

// The table's margin, on every side.
/** @param {number} width @param {number} height */
export function pad(width, height) {
  return Math.max(4, Math.round(Math.min(width, height) * 0.012));
}

// The foundation row: the free cells first (Free Fan), set apart from the four
// foundations by CELLS_APART of a card, then the foundations. Roomy gaps, or
// close ones where the row would run under the reserved corner.
const CELLS_APART = 0.3;

/** The space between the free cells and the foundations. @param {number} cardW @param {number} cells */
const cellsApart = (cardW, cells) => (cells ? Math.round(cardW * CELLS_APART) : 0);

/** The row's width with `gap` between its cards. @param {number} cardW @param {number} gap @param {number} cells */
const rowWidth = (cardW, gap, cells) => (4 + cells) * cardW + (3 + Math.max(0, cells - 1)) * gap + cellsApart(cardW, cells);

/** The gap between the row's cards. @param {number} cardW @param {number} reserve  pixels @param {number} innerW @param {number} cells */
function rowGap(cardW, reserve, innerW, cells) {
  const roomy = Math.max(4, Math.round(cardW * 0.25));
  if ((!reserve && !cells) || rowWidth(cardW, roomy, cells) <= innerW - reserve) return roomy;
  return Math.max(2, Math.round(cardW * 0.08));
}

// The widest card with which the row, its gaps close, fits in `room` pixels
// (layout.js caps the cards by it where a corner is reserved or cells share the row).
/** @param {number} room @param {number} cells */
export function rowCardWidth(room, cells) {
  return room / (4 + cells + 0.08 * (3 + Math.max(0, cells - 1)) + (cells ? CELLS_APART : 0));
}

/** No room kept at either end of the foundation row. @type {Readonly<Reserve>} */
export const NO_RESERVE = Object.freeze({ pixels: 0, side: "right" });

// The foundation row's left edge: centred, unless that would run under the
// reserved corner (at the right end, or at the left for a left hand).
/** @param {number} width @param {number} rowW @param {number} p @param {Reserve} reserve */
function foundationsLeft(width, rowW, p, reserve) {
  const centred = (width - rowW) / 2;
  if (reserve.side === "left") return Math.min(width - p - rowW, Math.max(centred, reserve.pixels + p));
  return Math.max(p, Math.min(centred, width - reserve.pixels - p - rowW));
}

// The lane of fan `i`: the line of cells whose room along the spread it shares
// (vertical fans: its row; horizontal fans: its column).
/** @param {Arrangement} arrangement @param {number} i */
export function laneOf({ orientation, columns }, i) {
  return orientation === "vertical" ? Math.floor(i / columns) : i % columns;
}

// The design length of each lane: the longest any fan in it is designed for.
/** @param {Arrangement} arrangement @param {number[]} lengths  per fan */
export function laneLengths(arrangement, lengths) {
  const lanes = arrangement.orientation === "vertical" ? arrangement.rows : arrangement.columns;
  const result = new Array(lanes).fill(1);
  lengths.forEach((length, i) => {
    const lane = laneOf(arrangement, i);
    result[lane] = Math.max(result[lane], length);
  });
  return result;
}

// The arrangement `sized` placed in a width x height box, the foundation row
// kept clear of the reserved corner, with `cells` free cells at its left. `lengths` (per fan) shares the room along
// the spread between the lanes (rows of vertical fans, columns of horizontal
// ones): each gets what its longest fan needs readably, and the rest is shared
// evenly; without them (or with equal lanes) every lane gets the same room.
/** @param {Sized} sized @param {number} width @param {number} height @param {number} fanCount
 *  @param {Reserve} reserve @param {IndexSize} index @param {number[] | null} [lengths] @param {number} [cells]
 *  @returns {Placed} */
export function placeGrid(sized, width, height, fanCount, reserve, index, lengths = null, cells = 0) {
  const { orientation, columns, rows, cardW, tight } = sized;
  const p = pad(width, height);
  const innerW = width - 2 * p;
  const cardH = Math.round(cardW * CARD_RATIO);
  const gap = Math.max(2, Math.round(cardW * gapShare({ tight })));
  const foundationGap = rowGap(cardW, reserve.pixels, innerW, cells);
  const rowW = rowWidth(cardW, foundationGap, cells);
  const rowX = foundationsLeft(width, rowW, p, reserve);
  const cellSlots = Array.from({ length: cells }, (_, i) => ({ x: Math.round(rowX + i * (cardW + foundationGap)), y: p }));
  const foundationX = cells ? rowX + cells * cardW + (cells - 1) * foundationGap + cellsApart(cardW, cells) : rowX;
  const foundations = [0, 1, 2, 3].map((i) => ({ x: Math.round(foundationX + i * (cardW + foundationGap)), y: p }));

  const top = p + cardH + Math.round(cardH * underFoundations({ tight }));
  const innerH = height - top - p;
  const step = readableStep(index, orientation, cardW);
  const vertical = orientation === "vertical";
  // Across the spread every cell is alike; along it, each lane takes its own room.
  const across = vertical ? Math.min(innerW / columns, cardW * (1 + GAP) * 1.35) : Math.min(innerH / rows, cardH * (1 + GAP) * 1.6);
  const laneCount = vertical ? rows : columns;
  const along = laneRooms(
    lengths ? laneLengths(sized, lengths) : new Array(laneCount).fill(1),
    vertical ? innerH : innerW,
    (length) => gap + (vertical ? cardH : cardW) + (length - 1) * step,
  );
  /** @param {number} lane */
  const laneStart = (lane) => along.slice(0, lane).reduce((sum, room) => sum + room, 0);
  const gridW = vertical ? across * columns : innerW;
  const left = p + (innerW - gridW) / 2;
  const fans = [];
  for (let i = 0; i < fanCount; i++) {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const lane = laneOf(sized, i);
    const cellX = vertical ? left + column * across : left + laneStart(lane);
    const cellY = vertical ? top + laneStart(lane) : top + row * across;
    const cellW = vertical ? across : along[lane];
    const cellH = vertical ? along[lane] : across;
    const x = Math.round(vertical ? cellX + (cellW - cardW) / 2 : cellX + gap / 2);
    const y = Math.round(cellY + (vertical ? gap / 2 : (cellH - cardH) / 2));
    // The room the fan may spread into, from its first card's corner.
    const extent = vertical ? cellY + cellH - gap / 2 - y : cellX + cellW - gap / 2 - x;
    fans.push({ x, y, extent: Math.floor(extent), cell: { x: cellX, y: cellY, w: cellW, h: cellH } });
  }
  return { width, height, orientation, columns, rows, cardW, ...(tight ? { tight } : {}), cardH, step, foundations, cells: cellSlots, fans };
}

// Each lane's room along the spread: what its design length needs, and an even
// share of what is left of `total` (every lane alike when the lengths are).
/** @param {number[]} lanes @param {number} total @param {(length: number) => number} need */
function laneRooms(lanes, total, need) {
  const needs = lanes.map(need);
  const spare = (total - needs.reduce((sum, room) => sum + room, 0)) / lanes.length;
  return needs.map((room) => room + spare);
}
