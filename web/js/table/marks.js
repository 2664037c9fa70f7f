// @ts-check
// The solver's marks on the table: a hinted move (its card and where it goes,
// or the redeal button), drawn dashed when the search could not prove it (a
// likely move), and the cards a lost verdict's reason names, lit calmly until
// the panel that says the reason closes or the game moves. Each mark is only a
// class on the elements the view drew (css/app.css draws them); which cards, and
// whether a move is proven, is the engine's answer (panels/help-view.js draws the engine's help).

/** @typedef {import("./render.js").TableView} TableView */
/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../engine/protocol.js").Card} Card */

/** The hinted card, and with it the "not proven" outline of a likely move. */
export const HINT = "card--hint";
const LIKELY = "card--likely";
const LIKELY_TO = "is-likely"; // on its destination, beside "is-hint"
/** The cards of why the game is lost. */
export const WHY = "card--why";

function redealButton() {
  return document.querySelector("#redeal");
}

/**
 * Mark a hinted move on the table: its card and its destination, or the redeal button.
 * @param {TableView} view
 * @param {Move} move
 * @param {boolean} likely  the search could not prove it: dashed, not solid
 */
export function markHint(view, move, likely) {
  clearHint(view);
  if (!move.card) {
    redealButton()?.classList.add("is-hint");
    redealButton()?.classList.toggle(LIKELY_TO, likely);
    return;
  }
  view.markCard(HINT, move.card);
  view.markCard(LIKELY, likely ? move.card : null);
  view.highlight("is-hint", move.card, [move.to]);
  view.highlight(LIKELY_TO, likely ? move.card : null, [move.to]);
}

/** Take a hinted move's marks off the table. @param {TableView} view */
export function clearHint(view) {
  redealButton()?.classList.remove("is-hint", LIKELY_TO);
  view.markCard(HINT, null);
  view.markCard(LIKELY, null);
  view.highlight("is-hint", null, []);
  view.highlight(LIKELY_TO, null, []);
}

/**
 * Light `cards` (and no other) as the reason a game is lost; none puts the lights out.
 * @param {TableView} view
 * @param {Card[] | null | undefined} cards
 */
export function lightCards(view, cards) {
  view.markCard(WHY, cards?.length ? cards : null);
  // A sheet docked below the table may leave its lowest rows out of sight (docked-room.js): the
  // table scrolls, never shrinks, so that the lit cards are seen, read by their index strip.
  if (!cards?.length) return;
  const table = view.root;
  const strip = (view.layout?.cardH ?? 0) / 3 + 8; // the index, and a little felt below it
  const lit = cards.map((card) => view.places.get(card)).filter((place) => place !== undefined);
  if (!lit.length) return;
  const top = Math.min(...lit.map((place) => place.y));
  const bottom = Math.max(...lit.map((place) => place.y)) + strip;
  if (bottom > table.scrollTop + table.clientHeight) table.scrollTop = Math.min(top, bottom - table.clientHeight);
  else if (top < table.scrollTop) table.scrollTop = top;
}
