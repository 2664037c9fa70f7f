// @ts-check
// Geometry of the table: where every card, fan and foundation goes, in CSS pixels.
//
// A pure function of the table's size, the number of fans, the length every fan
// must be able to reach (the design length) and the size of a card's corner
// index. It tries every grid of fans (c columns by r rows) with fans spread
// downwards ("vertical") or to the right ("horizontal") and keeps the one with
// the largest cards in which a fan of the design length still shows the whole
// index of every covered card: the readable step. Shorter fans spread out more
// (up to ROOMY readable steps) and squeeze towards it as they grow.
//
// The design length comes from designLength(), from the longest fan on the table
// with hysteresis: the layout changes only when a fan outgrows what its cell holds
// readably (it then makes room for GROW more cards) or when the fans have become
// much shorter, never back and forth on every move.

export const CARD_RATIO = 1.4; // height / width
const MAX_CARD_W = 118;
const MIN_CARD_W = 24; // below this no index is readable: fans squeeze instead
const GAP = 0.12; // space between fans, as a share of the card's width
const UNDER_FOUNDATIONS = 0.18; // space under the foundation row, as a share of the card's height
// A short fan's step: up to this many readable steps, short of uncovering the middle
// pips (app.css .card__middle) of covered cards.
const ROOMY = { vertical: 1.5, horizontal: 1.3 };
const GROW = 3; // room made for this many more cards when a fan outgrows its cell
const SHRINK = 6; // back to larger cards when the longest fan is this much shorter than designed
const KEEP = 0.92; // keep the previous arrangement while its cards are this large against the best
// Overlapping rows of horizontal fans (keepCards) stay this far apart, as a share of
// the card's width: below the stacked corner index (app.css .table--horizontal).
const ROW_OVERLAP_PITCH = 0.72;

// The corner index's extent from the card's outer edge, in pixels, as a + b * cardW:
// down to the index's bottom edge (vertical fans: a covered card shows its top)
// and to its right edge (horizontal fans: a covered card shows its left side).
// These are app.css's values; index-measure.js measures the real ones.
/** @typedef {{vertical: {a: number, b: number}, horizontal: {a: number, b: number}}} IndexSize */
/** @typedef {"vertical" | "horizontal"} Orientation */
/** A grid of fans: `columns` by `rows`, spread down or right. @typedef {{orientation: Orientation, columns: number, rows: number}} Arrangement */
/** @typedef {Arrangement & {cardW: number}} Sized */
/**
 * One fan's place: its first card's corner, how far it may spread from there, its cell.
 * @typedef {{x: number, y: number, extent: number, cell: {x: number, y: number, w: number, h: number}}} FanPlace
 */
/**
 * The table's geometry in CSS pixels; `step`: the readable step (computeLayout adds the design length it holds).
 * @typedef {Sized & {width: number, height: number, cardH: number, step: number, foundations: {x: number, y: number}[],
 *   fans: FanPlace[]}} Placed
 */
/** @typedef {Placed & {length: number, designed?: number}} Layout */
/** @type {Readonly<IndexSize>} */
export const CSS_INDEX = Object.freeze({
  vertical: Object.freeze({ a: 1, b: 0.36 }),
  horizontal: Object.freeze({ a: 1, b: 0.32 }),
});

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

// The smallest offset between two cards of a fan that shows the covered card's
// whole index, in whole pixels.
/** @param {IndexSize} index @param {Orientation} orientation @param {number} cardW */
export function readableStep(index, orientation, cardW) {
  const { a, b } = index[orientation];
  return Math.ceil(a + b * cardW);
}

/** @param {number} width @param {number} height */
function pad(width, height) {
  return Math.max(4, Math.round(Math.min(width, height) * 0.012));
}

/** @param {number} cardW @param {number} reserve @param {number} innerW */
function foundationsWidth(cardW, reserve, innerW) {
  const roomy = 4 * cardW + 3 * Math.max(4, Math.round(cardW * 0.25));
  if (!reserve || roomy <= innerW - reserve) return roomy;
  return 4 * cardW + 3 * Math.max(2, Math.round(cardW * 0.08));
}

// Every grid worth trying: c columns by r rows, fans spread down or right.
/** @param {number} fanCount @returns {Arrangement[]} */
export function arrangements(fanCount) {
  const list = [];
  for (const orientation of /** @type {Orientation[]} */ (["vertical", "horizontal"])) {
    for (let columns = 1; columns <= fanCount; columns++) {
      const rows = Math.ceil(fanCount / columns);
      if (columns > 1 && Math.ceil(fanCount / (columns - 1)) === rows) continue; // same rows, wider cells
      list.push({ orientation, columns, rows });
    }
  }
  return list;
}

// The largest card width (whole pixels) with which `arrangement` holds fans of
// `length` cards readably, or 0 when it cannot.
/** @param {Arrangement} arrangement @param {number} width @param {number} height @param {number} fanCount
 *  @param {number} length @param {IndexSize} [index] @param {number} [reserve] */
export function fit(arrangement, width, height, fanCount, length, index = CSS_INDEX, reserve = 0) {
  const { orientation, columns, rows } = arrangement;
  const p = pad(width, height);
  const innerW = width - 2 * p;
  const innerH = height - 2 * p;
  const { a, b } = index[orientation];
  const steps = length - 1;
  const foundationRow = CARD_RATIO * (1 + UNDER_FOUNDATIONS);
  let cardW;
  if (orientation === "vertical") {
    const byWidth = innerW / (columns * (1 + GAP));
    // the foundation row, then `rows` rows of fans of `length` cards (steps rounded up)
    const byHeight = (innerH - rows * steps * (a + 1)) / (foundationRow + rows * (CARD_RATIO + steps * b + GAP));
    cardW = Math.min(byWidth, byHeight);
  } else {
    const byWidth = (innerW / columns - steps * (a + 1)) / (1 + steps * b + GAP);
    const byHeight = innerH / (foundationRow + rows * CARD_RATIO * (1 + GAP));
    cardW = Math.min(byWidth, byHeight);
  }
  if (reserve) cardW = Math.min(cardW, (innerW - reserve - 6) / 4.24);
  cardW = Math.floor(Math.min(cardW, MAX_CARD_W));
  // The estimate ignores a few rounded pixels: check it on the placed table.
  while (cardW >= MIN_CARD_W) {
    const layout = place({ ...arrangement, cardW }, width, height, fanCount, reserve, index);
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
 *  @param {IndexSize} index @param {number} reserve @param {Arrangement | null} previous @returns {Sized | null} */
function choose(width, height, fanCount, length, index, reserve, previous) {
  /** @type {Sized | null} */
  let best = null;
  /** @type {Sized | null} */
  let sameArrangement = null;
  /** @type {Sized | null} */
  let sameOrientation = null;
  for (const arrangement of arrangements(fanCount)) {
    const cardW = fit(arrangement, width, height, fanCount, length, index, reserve);
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
// arrangement is kept while it stays nearly as good, so the fans do not move about).
// The result says which length it holds (`length`: less than asked only when no
// arrangement holds that many readably; longer fans then squeeze in their cells).
/**
 * @param {number} width
 * @param {number} height
 * @param {number} fanCount
 * @param {{reserve?: number, length?: number, index?: IndexSize, previous?: Arrangement | null}} [options]
 * @returns {Layout}
 */
export function computeLayout(width, height, fanCount, options = {}) {
  const { reserve = 0, index = CSS_INDEX, previous = null } = options;
  for (let length = options.length ?? baseLength(fanCount); length >= 2; length--) {
    const chosen = choose(width, height, fanCount, length, index, reserve, previous);
    if (chosen) return { ...place(chosen, width, height, fanCount, reserve, index), length };
  }
  /** @type {Sized} */
  const fallback = { orientation: "vertical", columns: fanCount, rows: 1, cardW: MIN_CARD_W };
  return { ...place(fallback, width, height, fanCount, reserve, index), length: 1 };
}

// `layout`'s cards and grid in a width x height box that is shorter (a sheet
// docked below the table): the same card size, columns and rows, so that nothing
// shrinks or jumps to another grid while the sheet is up. The rows come closer
// and the fans squeeze into their shorter cells. Rows of horizontal fans may
// come closer than a card's height (six rows on a Pixel 7 under a tall sheet):
// each row then lies over the lower part of the one above (render.js draws the
// lower rows on top), whose corner indices stay in sight. When even that leaves
// no room, `layout` stays as it is, its lowest cards under the sheet until it
// goes. Null when the width changed.
//
// The result's `designed` is the capacity the cards were laid out for (the
// original layout's): while they are kept, the fans outgrow that, not the
// squeezed cells.
/** @param {Layout} layout @param {number} width @param {number} height @param {number} fanCount
 *  @param {number} [reserve] @param {IndexSize} [index] @returns {Layout | null} */
export function keepCards(layout, width, height, fanCount, reserve = 0, index = CSS_INDEX) {
  if (width !== layout.width) return null;
  const designed = layout.designed ?? capacity(layout);
  const kept = { ...place(layout, width, height, fanCount, reserve, index), length: layout.length, designed };
  const size = kept.orientation === "vertical" ? kept.cardH : kept.cardW;
  if (kept.fans.every((fan) => fan.extent >= size && fan.y + kept.cardH <= height)) return kept;
  if (kept.orientation === "horizontal" && kept.rows > 1) {
    const p = pad(width, height);
    const top = p + kept.cardH + Math.round(kept.cardH * UNDER_FOUNDATIONS);
    const pitch = Math.floor((height - p - top - kept.cardH) / (kept.rows - 1));
    if (pitch >= Math.ceil(kept.cardW * ROW_OVERLAP_PITCH)) {
      return { ...kept, fans: kept.fans.map((fan, i) => ({ ...fan, y: top + Math.floor(i / kept.columns) * pitch })) };
    }
  }
  return { ...layout, height, designed };
}

/** @param {Sized} sized @param {number} width @param {number} height @param {number} fanCount
 *  @param {number} reserve @param {IndexSize} index @returns {Placed} */
function place({ orientation, columns, rows, cardW }, width, height, fanCount, reserve, index) {
  const p = pad(width, height);
  const innerW = width - 2 * p;
  const cardH = Math.round(cardW * CARD_RATIO);
  const gap = Math.max(2, Math.round(cardW * GAP));
  const rowW = foundationsWidth(cardW, reserve, innerW);
  const foundationGap = (rowW - 4 * cardW) / 3;
  // Centred, unless that would run under the reserved corner.
  const foundationX = Math.max(p, Math.min((width - rowW) / 2, width - reserve - p - rowW));
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
  return { width, height, orientation, columns, rows, cardW, cardH, step, foundations, fans };
}

// How many cards every fan of `layout` holds with each covered index readable.
/** @param {Placed} layout */
export function capacity(layout) {
  const size = layout.orientation === "vertical" ? layout.cardH : layout.cardW;
  const extent = Math.min(...layout.fans.map((fan) => fan.extent));
  return 1 + Math.max(0, Math.floor((extent - size) / layout.step));
}

// Offset between consecutive cards of a fan holding `count` cards: as roomy as
// the cell allows, down to the readable step; below it only for a fan longer
// than any arrangement holds (it stays inside its cell).
/** @param {Placed} layout @param {FanPlace} fan @param {number} count */
export function fanStep(layout, fan, count) {
  const size = layout.orientation === "vertical" ? layout.cardH : layout.cardW;
  const roomy = Math.round(layout.step * ROOMY[layout.orientation]);
  if (count <= 1) return roomy;
  const room = Math.floor((fan.extent - size) / (count - 1));
  return Math.max(1, Math.min(roomy, room));
}

// Top-left corner of the card at `index` (0 = bottom) of fan `fanIndex` (0-based).
/** @param {Placed} layout @param {number} fanIndex @param {number} index @param {number} count */
export function cardInFan(layout, fanIndex, index, count) {
  const fan = layout.fans[fanIndex];
  const step = fanStep(layout, fan, count);
  return layout.orientation === "vertical"
    ? { x: fan.x, y: fan.y + index * step }
    : { x: fan.x + index * step, y: fan.y };
}

// The rectangle a fan occupies with `count` cards (its base card when empty).
/** @param {Placed} layout @param {number} fanIndex @param {number} count */
export function fanRect(layout, fanIndex, count) {
  const fan = layout.fans[fanIndex];
  const last = cardInFan(layout, fanIndex, Math.max(0, count - 1), Math.max(1, count));
  return {
    x: fan.x,
    y: fan.y,
    w: last.x - fan.x + layout.cardW,
    h: last.y - fan.y + layout.cardH,
  };
}
