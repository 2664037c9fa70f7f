// @ts-check
// What a screen reader hears: the table as an ARIA grid (a row of foundations,
// then the rows of fans as the layout places them; each fan and foundation a
// cell, named with its cards), the names of the state on the table, and a polite live region that tells what just happened
// (a move and every card the automatic moves sent home, the move an undo took
// back, a new deal, a win, a stuck game), briefly. Built from the engine's state
// and the layout, never read back from the DOM. The keys that walk the grid are
// keyboard.js's.
//
// Why a grid (ARIA's grid pattern): its cells are what a player moves between
// (fans and foundations, by their place on the screen), a screen reader
// switches to its keys mode in it (the table's keys reach the page), and it says
// where a cell lies.

import { SUITS } from "./cards.js";
import { cardWord, listWords, nameCard, t } from "../words/i18n.js";
import { moveText } from "../words/moves.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../engine/protocol.js").Card} Card */

/** @type {HTMLElement | null} */
let region = null;

// The live region: visually hidden, announced politely.
/** @returns {HTMLElement} */
function liveRegion() {
  if (!region) {
    region = document.createElement("div");
    region.id = "announcer";
    region.className = "visually-hidden";
    region.setAttribute("aria-live", "polite");
    region.setAttribute("aria-atomic", "true");
    document.body.append(region);
  }
  return region;
}

let clearTimer = 0;
// Say `text` once (the same text twice in a row is said twice).
/** @param {string} text */
export function announce(text) {
  const element = liveRegion();
  clearTimeout(clearTimer);
  element.textContent = "";
  // A new text node after a tick, so a repeated message is announced again.
  setTimeout(() => {
    element.textContent = text;
    clearTimer = setTimeout(() => (element.textContent = ""), 8000);
  }, 30);
}

/**
 * Set an attribute only when its value changes (null: remove it). A table's
 * labels are written after every move, and most of them stay as they were:
 * rewriting all of them cost about 10 ms of a slowed phone's main thread per
 * move, measured, each write a DOM mutation of its own.
 * @param {Element} element
 * @param {string} name
 * @param {string | null} value
 */
function put(element, name, value) {
  if (element.getAttribute(name) === value) return;
  if (value === null) element.removeAttribute(name);
  else element.setAttribute(name, value);
}

// The grid and its rows as the layout places the cells: the foundations (and
// the redeal button's cell), then each row of fans. The cells are moved into
// their rows, which take no room: each cell keeps its place on the table
// (render.js places it there, and calls this whenever the layout changes; the
// rows are not positioned). The cards stay the
// table's own children, hidden from screen readers: each cell names its cards,
// and a card that slides from fan to fan is never moved in the page.
/** @param {import("./render.js").TableView} view */
export function gridRows(view) {
  const root = view.root;
  const layout = view.layout;
  if (!layout) return;
  let grid = /** @type {HTMLElement | null} */ (root.querySelector(":scope > .table__grid"));
  if (!grid) {
    grid = document.createElement("div");
    grid.className = "table__grid";
    grid.setAttribute("role", "grid");
    root.prepend(grid);
  }
  put(grid, "aria-label", t("bar.table"));
  const redeal = root.querySelector("#redeal-cell");
  /** @type {Element[][]} */
  const rows = [[...SUITS.map((suit) => view.foundationElements.get(suit)).filter((cell) => cell !== undefined), ...(redeal ? [redeal] : [])]];
  view.fanElements.forEach((element, i) => (rows[1 + Math.floor(i / layout.columns)] ??= []).push(element));
  const existing = [...grid.children];
  rows.forEach((cells, i) => {
    let row = existing[i];
    if (!row) {
      row = document.createElement("div");
      row.className = "table__row";
      row.setAttribute("role", "row");
      grid.append(row);
    }
    if (cells.length !== row.children.length || cells.some((cell, j) => row.children[j] !== cell)) row.replaceChildren(...cells);
  });
  for (const extra of existing.slice(rows.length)) extra.remove();
}

/**
 * A fan in words, its top card first (the one that moves): "Fan 3: seven of
 * hearts, over eight of spades and two of clubs".
 * @param {Card[]} fan  from its bottom card to its top
 * @param {number} number
 */
export function fanWords(fan, number) {
  const top = fan.at(-1);
  if (!top) return t("fan.empty", { fan: number });
  const under = fan.slice(0, -1).reverse().map((card) => nameCard(card));
  return under.length
    ? t("fan.cards", { fan: number, card: cardWord(top), under: listWords(under) })
    : t("fan.card", { fan: number, card: cardWord(top) });
}

// Name every fan and foundation of `state`, the grid's cells; view: the
// TableView. (A card's drawn rank and pips are hidden from screen readers where
// it is made, cards.js: its cell names it.)
/** @param {State} state @param {import("./render.js").TableView} view */
export function label(state, view) {
  state.fans.forEach((fan, i) => {
    const element = view.fanElements[i];
    if (!element) return;
    put(element, "id", `fan-${i + 1}`);
    put(element, "role", "gridcell");
    put(element, "aria-label", fanWords(fan, i + 1));
  });
  // The free cells (Free Fan): each a group named as a fan is, holding its card.
  (state.cells ?? []).forEach((card, i) => {
    const element = view.freeCells.elements[i];
    if (element) {
      put(element, "role", "group");
      put(element, "aria-label", card ? t("cell.name", { cell: i + 1 }) : t("cell.empty", { cell: i + 1 }));
      put(element, "aria-owns", card ? `card-${card}` : null);
    }
    const cardElement = card ? view.cardElement(card) : null;
    if (!card || !cardElement) return;
    put(cardElement, "id", `card-${card}`);
    put(cardElement, "aria-hidden", null);
    put(cardElement, "aria-label", t("card.inCell", { card: cardWord(card), cell: i + 1 }));
  });
  SUITS.forEach((suit, i) => {
    const foundation = state.foundations[i];
    const element = view.foundationElements.get(suit);
    if (!element || !foundation) return;
    const suitName = t(`suit.${suit}`);
    put(element, "id", `foundation-${suit}`);
    put(element, "role", "gridcell");
    const name = foundation.top
      ? t("foundation.name", { suit: suitName, count: foundation.count, card: cardWord(foundation.top) })
      : t("foundation.empty", { suit: suitName });
    // Foundations in alternate colours (Scotch Patience) also say what they take next.
    const [card, other] = foundation.builds === "colours" ? foundation.next ?? [] : [];
    const next = other
      ? t("foundation.takesTwo", { card: cardWord(card), other: cardWord(other) })
      : card ? t("foundation.takesOne", { card: cardWord(card) }) : "";
    put(element, "aria-label", next ? `${name}; ${next}` : name);
  });
  gridRows(view);
}

// One engine move ({card, to, onto}, or a redeal) as a sentence.
/** @param {Move} move */
export function moveSentence(move) {
  if (!move.card) return t("announce.redeal");
  const { card, to, onto } = move;
  if (to === "F") return t("announce.toFoundation", { card: cardWord(card) });
  if (to === "cell") return t("announce.toCell", { card: cardWord(card) });
  return onto
    ? t("announce.onto", { card: cardWord(card), target: cardWord(onto), fan: to })
    : t("announce.toEmpty", { card: cardWord(card), fan: to });
}

// The moves of one change, briefly: the first (the player's, or the first of a
// redo) as a sentence, then every card the automatic moves sent home in one
// list, and any other automatic move as a sentence of its own.
/** @param {Move[]} moves */
export function movesSaid(moves) {
  if (!moves.length) return "";
  const [first, ...automatic] = moves;
  const home = automatic.filter((move) => move.card && move.to === "F").map((move) => nameCard(/** @type {string} */ (move.card)));
  const others = automatic.filter((move) => !(move.card && move.to === "F")).map(moveSentence);
  const parts = [moveSentence(first), ...others];
  if (home.length) parts.push(t("announce.home", { cards: listWords(home) }));
  return parts.join(" ");
}

// What the last change was (the engine says: state.change), said in the live
// region; `previous` is null when the table shows another game than before.
/** @param {State} state @param {State | null | undefined} previous @param {{won?: string, stuck?: string}} [words] */
export function announceChange(state, previous, { won = "", stuck = "" } = {}) {
  const parts = [];
  if (!previous || state.change === "new" || state.change === "restore") {
    parts.push(t("announce.newDeal", { game: t(`game.${state.game}`), deal: state.deal ?? "" }));
  } else if (state.change === "undo") {
    // The decisions taken back, as the engine reports them (state.undone).
    const undone = state.undone ?? [];
    parts.push(undone.length ? t("announce.undone", { moves: listWords(undone.map((move) => moveText(move))) }) : t("announce.undo"));
  } else if (state.change === "none") {
    return; // nothing happened on the table (a setting)
  } else {
    const moves = movesSaid(state.lastMoves);
    if (moves) parts.push(moves);
  }
  if (state.won && won) parts.push(won);
  else if (state.stuck && stuck) parts.push(stuck);
  if (parts.length) announce(parts.join(" "));
}
