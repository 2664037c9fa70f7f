// @ts-check
// Where a dragged card may be let go (drag.js): each fan's rectangle (grown to a
// full card's room beyond its top) and each foundation, in table coordinates,
// with `to` as the API writes it.

import { SUITS } from "./cards.js";
import { fanRect } from "./fan-geometry.js";

/** @typedef {import("../engine/protocol.js").Dest} Dest */
/** @typedef {{to: Dest, suit?: string, rect: {x: number, y: number, w: number, h: number}}} DropRegion */

/**
 * The drop regions of `state` drawn on `layout`.
 * @param {import("./grid.js").Placed} layout @param {{fans: string[][]}} state
 * @returns {DropRegion[]}
 */
export function dropRegions(layout, state) {
  const { cardW, cardH } = layout;
  /** @type {DropRegion[]} */
  const regions = state.fans.map((fan, i) => {
    const rect = fanRect(layout, i, fan.length);
    return { to: i + 1, rect: { x: rect.x, y: rect.y, w: rect.w, h: rect.h } };
  });
  SUITS.forEach((suit, i) => {
    const { x, y } = layout.foundations[i];
    regions.push({ to: "F", suit, rect: { x, y, w: cardW, h: cardH } });
  });
  return regions;
}
