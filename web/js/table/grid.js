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

// The corner index's extent from the card's outer edge, in pixels, as a + b * cardW:
// down to the index's bottom edge (vertical fans: a covered card shows its top)
// and to its right edge (horizontal fans: a covered card shows its left side).
// These are app.css's values; index-measure.js measures the real ones.
/** @typedef {{vertical: {a: number, b: number}, horizontal: {a: number, b: number}}} IndexSize */
/** @typedef {"vertical" | "horizontal"} Orientation */
/** A grid of fans: `columns` by `rows`, spread down or right; `tight`: close together (gapShare). @typedef {{orientation: Orientation, columns: number, rows: number, tight?: boolean}} Arrangement */
/** @typedef {Arrangement & {cardW: number}} Sized */
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

/** The gap between the row's cards. @param {number} cardW @param {number} reserve @param {number} innerW @param {number} cells */
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

// The arrangement `sized` placed in a width x height box, the foundation row
// kept clear of `reserve` pixels at its right end, with `cells` free cells at its left.
/** @param {Sized} sized @param {number} width @param {number} height @param {number} fanCount
 *  @param {number} reserve @param {IndexSize} index @param {number} [cells] @returns {Placed} */
export function placeGrid({ orientation, columns, rows, cardW, tight }, width, height, fanCount, reserve, index, cells = 0) {
  const p = pad(width, height);
  const innerW = width - 2 * p;
  const cardH = Math.round(cardW * CARD_RATIO);
  const gap = Math.max(2, Math.round(cardW * gapShare({ tight })));
  const foundationGap = rowGap(cardW, reserve, innerW, cells);
  const rowW = rowWidth(cardW, foundationGap, cells);
  // Centred, unless that would run under the reserved corner.
  const rowX = Math.max(p, Math.min((width - rowW) / 2, width - reserve - p - rowW));
  const cellSlots = Array.from({ length: cells }, (_, i) => ({ x: Math.round(rowX + i * (cardW + foundationGap)), y: p }));
  const foundationX = cells ? rowX + cells * cardW + (cells - 1) * foundationGap + cellsApart(cardW, cells) : rowX;
  const foundations = [0, 1, 2, 3].map((i) => ({ x: Math.round(foundationX + i * (cardW + foundationGap)), y: p }));

  const top = p + cardH + Math.round(cardH * UNDER_FOUNDATIONS);
  const innerH = height - top - p;
  let cellW;
  let cellH;
  if (orientation === "vertical") {
    cellW = Math.min(innerW / columns, cardW * (1 + GAP) * 1.35);
    cellH = innerH / rows;
  } else {
    cellW = innerW / columns;
    cellH = Math.min(innerH / rows, cardH * (1 + GAP) * 1.6);
  }
  const gridW = cellW * columns;
  const left = p + (innerW - gridW) / 2;
  const fans = [];
  for (let i = 0; i < fanCount; i++) {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const cellX = left + column * cellW;
    const cellY = top + row * cellH;
    const x = Math.round(orientation === "vertical" ? cellX + (cellW - cardW) / 2 : cellX + gap / 2);
    const y = Math.round(cellY + (orientation === "vertical" ? gap / 2 : (cellH - cardH) / 2));
    // The room the fan may spread into, from its first card's corner.
    const extent = orientation === "vertical" ? cellY + cellH - gap / 2 - y : cellX + cellW - gap / 2 - x;
    fans.push({ x, y, extent: Math.floor(extent), cell: { x: cellX, y: cellY, w: cellW, h: cellH } });
  }
  const step = readableStep(index, orientation, cardW);
  return { width, height, orientation, columns, rows, cardW, ...(tight ? { tight } : {}), cardH, step, foundations, cells: cellSlots, fans };
}
