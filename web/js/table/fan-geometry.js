// @ts-check
// Reading a placed grid of fans (grid.js): how many cards a fan holds readably,
// how far apart its cards lie, and where each card and the whole fan go.

/** @typedef {import("./grid.js").Placed} Placed */
/** @typedef {import("./grid.js").FanPlace} FanPlace */

// A short fan's step: up to this many readable steps, short of uncovering the middle
// pips (app.css .card__middle) of covered cards.
const ROOMY = { vertical: 1.5, horizontal: 1.3 };

// How many cards fan `i` of `layout` holds with each covered index readable.
/** @param {Placed} layout @param {number} i */
export function fanCapacity(layout, i) {
  const size = layout.orientation === "vertical" ? layout.cardH : layout.cardW;
  return 1 + Math.max(0, Math.floor((layout.fans[i].extent - size) / layout.step));
}

// How many cards every fan of `layout` holds with each covered index readable.
/** @param {Placed} layout */
export function capacity(layout) {
  return Math.min(...layout.fans.map((_, i) => fanCapacity(layout, i)));
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
