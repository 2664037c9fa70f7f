// @ts-check
// The cards a dragged card takes along (drag.js): in the games that move runs,
// the cards on it in its fan. None for a fan's top card, a card in a free cell or
// on a foundation, nor for a card the draw takes (state.drawable: the card on it
// stays). Whether a card may move at all is the engine's (state.movable); this
// only reads where the cards on it lie.

/** @typedef {import("../engine/protocol.js").Card} Card */

/**
 * @param {{fans: Card[][], drawable?: Card[]}} state
 * @param {Card} card
 * @returns {Card[]}
 */
export function carried(state, card) {
  if (state.drawable?.includes(card)) return [];
  for (const fan of state.fans) {
    const index = fan.indexOf(card);
    if (index >= 0) return fan.slice(index + 1);
  }
  return [];
}
