// @ts-check
// Where every card of a state goes on a laid-out table: a pure function of the
// layout (layout.js) and the state, which render.js then makes the DOM show.
// A foundation holds all thirteen cards of its suit, those not in a fan stacked
// in the order it builds (Ace to King, or King to Ace), the last one on top.

import { cardInFan } from "./fan-geometry.js";
import { rankOf } from "./cards.js";

/** @typedef {import("./layout.js").Placed} Placed */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Card} Card */

/**
 * A card's place: its top-left corner, its stacking order, where it is ("F" or the
 * 1-based fan number, as the API writes destinations) and its index there (0 = bottom).
 * @typedef {{x: number, y: number, z: number, where: string, index: number}} Place
 */

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const Z_FAN = 10; // a fan's bottom card; each card above one more
const Z_ROW = 24; // a row of horizontal fans above the row over it (at most 7 rows of 24 cards: under a sliding card)
const Z_FOUNDATION = 10; // a foundation's first card; each card above one more

/** @param {Card} card */
const rankValue = (card) => RANKS.indexOf(rankOf(card)) + 1;

/**
 * @param {Placed} layout
 * @param {Pick<State, "fans" | "foundations">} state
 * @returns {Map<Card, Place>}
 */
export function placesFor(layout, state) {
  /** @type {Map<Card, Place>} */
  const places = new Map();
  state.fans.forEach((fan, fanIndex) => {
    fan.forEach((card, index) => {
      const { x, y } = cardInFan(layout, fanIndex, index, fan.length);
      // A lower row of horizontal fans lies on top of the one above, should they meet.
      const row = layout.orientation === "horizontal" ? Math.floor(fanIndex / layout.columns) : 0;
      places.set(card, { x, y, z: Z_FAN + row * Z_ROW + index, where: String(fanIndex + 1), index });
    });
  });
  state.foundations.forEach((foundation, i) => {
    const { x, y } = layout.foundations[i];
    for (const rank of RANKS) {
      const card = rank + foundation.suit;
      if (places.has(card)) continue;
      const order = foundation.up === false ? 14 - rankValue(card) : rankValue(card);
      places.set(card, { x, y, z: Z_FOUNDATION + order, where: "F", index: order - 1 });
    }
  });
  return places;
}
