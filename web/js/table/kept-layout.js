// @ts-check
// The cards kept while a sheet is docked below the table (render.js holdCards):
// the same card size and grid in a shorter box, so nothing shrinks or jumps.

import { CSS_INDEX, pad, placeGrid, UNDER_FOUNDATIONS } from "./grid.js";
import { capacity } from "./fan-geometry.js";

/** @typedef {import("./grid.js").IndexSize} IndexSize */
/** @typedef {import("./layout.js").Layout} Layout */

// Overlapping rows of horizontal fans stay this far apart, as a share of the
// card's width: below the stacked corner index (app.css .table--horizontal).
const ROW_OVERLAP_PITCH = 0.72;

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
  const kept = { ...placeGrid(layout, width, height, fanCount, reserve, index), length: layout.length, designed };
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
