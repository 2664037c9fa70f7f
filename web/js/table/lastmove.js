// @ts-check
// The player's last move marked on the table: the card that moved and the card
// it went onto, until the game changes again. An undo, a restart or a new deal
// leaves nothing marked. Read from the engine's state (lastMoves: the player's
// move first, with the card it went onto, then the automatic moves it set off;
// change: what the change was), never from the DOM.

/** @typedef {import("../play/game.js").Game} Game */
/** @typedef {import("../play/game.js").Shown} Shown */
/** @typedef {import("./render.js").TableView} TableView */
/** @typedef {import("../engine/protocol.js").State} State */

export const LAST_MOVE = "card--last";

/**
 * The cards to mark after `state`: the card the last decision moved and the
 * card under it, while both are still where that move left them. A card auto
 * move has taken on to its foundation is marked there alone; a redeal marks none.
 * @param {State} state
 * @returns {string[]}
 */
export function lastMoveCards(state) {
  const move = state.lastMoves[0];
  if (!move?.card) return [];
  if (move.to === "F") return [move.card];
  if (move.to === "cell") return state.cells?.includes(move.card) ? [move.card] : [];
  const fan = state.fans[move.to - 1] ?? [];
  const index = fan.indexOf(move.card);
  if (index < 0) return state.foundations.some((foundation) => foundation.top === move.card) ? [move.card] : [];
  return move.onto && fan[index - 1] === move.onto ? [move.card, move.onto] : [move.card];
}

export class LastMove {
  /**
   * @param {Game} game
   * @param {TableView} view
   */
  constructor(game, view) {
    this.view = view;
    game.onShow((shown) => this.shown(shown));
  }

  /**
   * A decision made (a move, a redo) is marked; nothing on the table changed (a
   * setting) keeps the mark; anything else clears it.
   * @param {Shown} shown
   */
  shown({ state, fresh }) {
    if (state.change === "none" && !fresh) return;
    const decided = !fresh && (state.change === "decision" || state.change === "redo");
    this.view.markCard(LAST_MOVE, decided ? lastMoveCards(state) : null);
  }
}
