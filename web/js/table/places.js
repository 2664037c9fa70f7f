// @ts-check
// Where every card of a state goes on a laid-out table: a pure function of the
// layout (layout.js) and the state, which render.js then makes the DOM show.
// A foundation that builds in suit holds all thirteen cards of its suit, those
// not in a fan or a free cell stacked in the order it builds (Ace to King, or
// King to Ace), the last one on top. Foundations that build in alternate colours
// (Scotch Patience) each show the top card the state names; the cards under the
// tops, which the state does not name, lie where their rank and colour put them.

import { cardInFan } from "./fan-geometry.js";
import { isRed, rankOf, SUITS } from "./cards.js";

/** @typedef {import("./layout.js").Placed} Placed */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Card} Card */
/** @typedef {import("../engine/protocol.js").Foundation} Foundation */

/**
 * A card's place: its top-left corner, its stacking order, where it is ("F", "cell"
 * or the 1-based fan number, as the API writes destinations) and its index there
 * (0 = bottom of its fan or foundation; a free cell's number from 0).
 * @typedef {{x: number, y: number, z: number, where: string, index: number}} Place
 */

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const Z_FAN = 10; // a fan's bottom card; each card above one more
const Z_ROW = 24; // a row of horizontal fans above the row over it (at most 7 rows of 24 cards: under a sliding card)
const Z_FOUNDATION = 10; // a foundation's first card; each card above one more
const Z_CELL = 10; // a free cell's card

/** @param {Card} card */
const rankValue = (card) => RANKS.indexOf(rankOf(card)) + 1;

/**
 * @param {Placed} layout
 * @param {Pick<State, "fans" | "foundations"> & {cells?: (Card | null)[]}} state
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
  (state.cells ?? []).forEach((card, i) => {
    const cell = layout.cells?.[i];
    if (card && cell && !places.has(card)) places.set(card, { x: cell.x, y: cell.y, z: Z_CELL, where: "cell", index: i });
  });
  if (state.foundations.some((foundation) => foundation.builds === "colours")) placeAlternating(layout, state.foundations, places);
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

/**
 * The cards of foundations that build in alternate colours, added to `places`:
 * each top where the state says, and every other card on the foundations under
 * a top, on a foundation that holds its rank (it lies below that foundation's
 * top) in its colour (a foundation's card of rank index r has its base's colour
 * when r is even, the other one when r is odd: "builds": "colours"). Which of two
 * such foundations holds a card no player can see, nor the engine say.
 * @param {Placed} layout
 * @param {Foundation[]} foundations
 * @param {Map<Card, Place>} places
 */
function placeAlternating(layout, foundations, places) {
  const put = (/** @type {Card} */ card, /** @type {number} */ i, /** @type {number} */ index) => {
    const { x, y } = layout.foundations[i];
    places.set(card, { x, y, z: Z_FOUNDATION + index + 1, where: "F", index });
  };
  foundations.forEach((foundation, i) => {
    if (foundation.top && !places.has(foundation.top)) put(foundation.top, i, Math.max(0, foundation.count - 1));
  });
  /** @type {Set<string>} the slots taken: foundation and rank index */
  const taken = new Set();
  const rankIndex = (/** @type {Foundation} */ foundation, /** @type {Card} */ card) =>
    foundation.up === false ? 13 - rankValue(card) : rankValue(card) - 1;
  for (const suit of SUITS) {
    for (const rank of RANKS) {
      const card = rank + suit;
      if (places.has(card)) continue;
      const fits = (/** @type {number} */ i, /** @type {boolean} */ byColour) => {
        const foundation = foundations[i];
        const r = rankIndex(foundation, card);
        if (foundation.builds !== "colours" || r >= foundation.count - 1 || taken.has(`${i} ${r}`)) return false;
        return !byColour || isRed(card) === (isRed(`A${foundation.suit}`) !== (r % 2 === 1));
      };
      // Its colour's foundation; any that holds its rank when the state is not one play reaches.
      const i = [0, 1, 2, 3].find((f) => fits(f, true)) ?? [0, 1, 2, 3].find((f) => fits(f, false));
      if (i === undefined) continue; // left to its suit's foundation below
      const r = rankIndex(foundations[i], card);
      taken.add(`${i} ${r}`);
      put(card, i, r);
    }
  }
}
