// @ts-check
// What a screen reader hears: names for the cards, fans and foundations of the
// state on the table, and a polite live region that tells what just happened
// (moves, auto moves, undo, a new deal, a win, a stuck game). Built from the
// engine's state, never read back from the DOM.

import { SUITS } from "./cards.js";
import { cardWord, t } from "../words/i18n.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Move} Move */

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

// Name every card, fan and foundation of `state`; view: the TableView. (A card's
// drawn rank and pips are hidden from screen readers where it is made, cards.js:
// its name is its label.)
/** @param {State} state @param {import("./render.js").TableView} view */
export function label(state, view) {
  state.fans.forEach((fan, i) => {
    const element = view.fanElements[i];
    if (!element) return;
    const number = i + 1;
    put(element, "role", "group");
    put(element, "aria-label", fan.length ? t("fan.name", { fan: number }) : t("fan.empty", { fan: number }));
    /** @type {string[]} */
    const ids = [];
    fan.forEach((card, index) => {
      const cardElement = view.cardElement(card);
      if (!cardElement) return;
      const id = `card-${card}`;
      put(cardElement, "id", id);
      ids.push(id);
      put(cardElement, "aria-hidden", null);
      const name = cardWord(card);
      put(
        cardElement,
        "aria-label",
        index === fan.length - 1
          ? t("card.top", { card: name, fan: number })
          : t("card.inFan", { card: name, fan: number, index: index + 1, count: fan.length }),
      );
    });
    put(element, "aria-owns", ids.join(" "));
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
    put(element, "role", "img");
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
  // Cards on a foundation: the top one is named, the ones under it are hidden.
  const tops = new Set(state.foundations.map((foundation) => foundation.top));
  for (const [card, element] of view.cards) {
    if (element.dataset.where !== "F") continue;
    put(element, "id", `card-${card}`);
    if (tops.has(card)) {
      put(element, "aria-hidden", null);
      put(element, "aria-label", t("card.onFoundation", { card: cardWord(card) }));
    } else {
      put(element, "aria-hidden", "true");
    }
  }
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

// What the last change was (the engine says: state.change), said in the live
// region; `previous` is null when the table shows another game than before.
/** @param {State} state @param {State | null | undefined} previous @param {{won?: string, stuck?: string}} [words] */
export function announceChange(state, previous, { won = "", stuck = "" } = {}) {
  const parts = [];
  if (!previous || state.change === "new" || state.change === "restore") {
    parts.push(t("announce.newDeal", { game: t(`game.${state.game}`), deal: state.deal ?? "" }));
  } else if (state.change === "undo") {
    parts.push(t("announce.undo"));
  } else if (state.change === "none") {
    return; // nothing happened on the table (a setting)
  } else {
    const moves = state.lastMoves.slice(0, 6).map(moveSentence);
    if (moves.length) parts.push(moves.join(" "));
  }
  if (state.won && won) parts.push(won);
  else if (state.stuck && stuck) parts.push(stuck);
  if (parts.length) announce(parts.join(" "));
}
