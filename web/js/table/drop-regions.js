// @ts-check
// Where a dragged card may be let go (drag.js): each fan's rectangle (grown to a
// full card's room beyond its top), each free cell and each foundation, in table
// coordinates, with `to` as the API writes it.

import { SUITS, suitOf } from "./cards.js";
import { fanRect } from "./fan-geometry.js";

/** @typedef {import("../engine/protocol.js").Dest} Dest */
/** @typedef {import("../engine/protocol.js").Card} Card */
/** @typedef {import("../engine/protocol.js").Foundation} Foundation */
/**
 * A place to let go. A foundation's says which cards it takes: its suit's, or
 * (foundations in alternate colours) the cards the state says it takes next.
 * @typedef {{to: Dest, suit?: string, next?: Card[], rect: {x: number, y: number, w: number, h: number}}} DropRegion
 */

/**
 * The drop regions of `state` drawn on `layout`.
 * @param {import("./grid.js").Placed} layout
 * @param {{fans: string[][], foundations?: Foundation[], cells?: (Card | null)[]}} state
 * @returns {DropRegion[]}
 */
export function dropRegions(layout, state) {
  const { cardW, cardH } = layout;
  /** @type {DropRegion[]} */
  const regions = state.fans.map((fan, i) => {
    const rect = fanRect(layout, i, fan.length);
    return { to: i + 1, rect: { x: rect.x, y: rect.y, w: rect.w, h: rect.h } };
  });
  for (const { x, y } of layout.cells ?? []) regions.push({ to: "cell", rect: { x, y, w: cardW, h: cardH } });
  SUITS.forEach((suit, i) => {
    const { x, y } = layout.foundations[i];
    const foundation = state.foundations?.[i];
    const rect = { x, y, w: cardW, h: cardH };
    regions.push(foundation?.builds === "colours" ? { to: "F", suit, next: foundation.next ?? [], rect } : { to: "F", suit, rect });
  });
  return regions;
}

/**
 * Whether a drop of `card` there can be meant: any fan or cell, and the foundations that take it.
 * @param {DropRegion} region @param {Card} card
 */
export function meantFor(region, card) {
  if (region.to !== "F") return true;
  return region.next ? region.next.includes(card) : region.suit === suitOf(card);
}
