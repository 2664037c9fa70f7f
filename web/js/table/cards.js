// @ts-check
// Card faces: built from DOM nodes and the suits' shapes (SUIT_PATHS), so they are
// crisp at any size and download nothing.

const SVG = "http://www.w3.org/2000/svg";
export const SUITS = ["C", "S", "H", "D"]; // the foundations' order

/** @param {string} card "8H" */
export const rankOf = (card) => card.slice(0, -1);
/** @param {string} card */
export const suitOf = (card) => card.slice(-1);
/** @param {string} card */
export const isRed = (card) => suitOf(card) === "H" || suitOf(card) === "D";
/** @param {string} card */
export const rankLabel = (card) => (rankOf(card) === "T" ? "10" : rankOf(card));

// The suits' shapes, in a 100x100 box (one path each: the club's three leaves are
// drawn clockwise like its stem, so that where they overlap they add up).
/** @type {Record<string, string>} */
const SUIT_PATHS = {
  C: "M28 27a22 22 0 1 1 44 0a22 22 0 1 1-44 0zM4 59a22 22 0 1 1 44 0a22 22 0 1 1-44 0zM52 59a22 22 0 1 1 44 0a22 22 0 1 1-44 0zM45 45h10c0 24 4 39 15 52H30c11-13 15-28 15-52z",
  S: "M50 3C24 27 4 43 4 63c0 14 10 23 22 23 9 0 16-4 20-11-1 9-5 16-13 22h34c-8-6-12-13-13-22 4 7 11 11 20 11 12 0 22-9 22-23C96 43 76 27 50 3z",
  H: "M50 93C22 70 3 53 3 31 3 15 15 5 29 5c9 0 17 5 21 14 4-9 12-14 21-14 14 0 26 10 26 26 0 22-19 39-47 62z",
  D: "M50 2 87 50 50 98 13 50z",
};

// A suit's shape as an SVG of its own, not a <use> of a shared symbol: each <use>
// carries a shadow tree of its own, and a table has 104 of them. The first table's
// first frame on a slowed phone, measured: 136 ms with <use>, 114 with paths, 103
// with no suits drawn at all.
/** @param {string} suit @param {string} className */
export function suitIcon(suit, className) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", SUIT_PATHS[suit]);
  svg.append(path);
  return svg;
}

/** A new card element for `card` ("8H"); render.js positions it. @param {string} card */
export function createCard(card) {
  const element = document.createElement("div");
  const rank = rankOf(card);
  const face = rank === "J" || rank === "Q" || rank === "K";
  element.className = `card ${isRed(card) ? "card--red" : "card--black"}${face ? " card--face" : ""}`;
  if (rank === "T") element.classList.add("card--ten"); // two digits: a narrower index
  element.dataset.card = card;
  // Named by the cell it lies in (a11y.js): its fan's or its foundation's, the grid's.
  element.setAttribute("aria-hidden", "true");

  const index = document.createElement("span");
  index.className = "card__index";
  const label = document.createElement("span");
  label.className = "card__rank";
  label.dataset.rank = rankLabel(card); // drawn by CSS: its cell names the card (a11y.js)
  index.append(label, suitIcon(suitOf(card), "card__suit"));

  const middle = document.createElement("span");
  middle.className = "card__middle";
  if (face) {
    const letter = document.createElement("span");
    letter.className = "card__letter";
    letter.dataset.rank = rank;
    middle.append(letter);
  }
  middle.append(suitIcon(suitOf(card), "card__pip"));
  element.append(index, middle);
  return element;
}
