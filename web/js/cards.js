// @ts-check
// Card faces: built from DOM nodes and the suit symbols defined once in index.html
// (<symbol id="suit-C"> ...), so they are crisp at any size and download nothing.

import { has, t } from "./i18n.js";

const SVG = "http://www.w3.org/2000/svg";
export const SUITS = ["C", "S", "H", "D"]; // the foundations' order
const SUIT_NAMES = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const RANK_NAMES = {
  A: "ace", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven",
  8: "eight", 9: "nine", T: "ten", J: "jack", Q: "queen", K: "king",
};

export const rankOf = (card) => card.slice(0, -1);
export const suitOf = (card) => card.slice(-1);
export const isRed = (card) => suitOf(card) === "H" || suitOf(card) === "D";
export const rankLabel = (card) => (rankOf(card) === "T" ? "10" : rankOf(card));
// The card's name in the player's language ("seven of clubs", "Kreuz-Sieben").
export const cardName = (card) =>
  has("card.name")
    ? t("card.name", { rank: t(`rank.${rankOf(card)}`), suit: t(`suit.${suitOf(card)}`) })
    : `${RANK_NAMES[rankOf(card)]} of ${SUIT_NAMES[suitOf(card)]}`;

export function suitIcon(suit, className) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", className);
  svg.setAttribute("viewBox", "0 0 100 100");
  svg.setAttribute("aria-hidden", "true");
  const use = document.createElementNS(SVG, "use");
  use.setAttribute("href", `#suit-${suit}`);
  svg.append(use);
  return svg;
}

// A new card element for `card` ("8H"); render.js positions it.
export function createCard(card) {
  const element = document.createElement("div");
  const rank = rankOf(card);
  const face = rank === "J" || rank === "Q" || rank === "K";
  element.className = `card ${isRed(card) ? "card--red" : "card--black"}${face ? " card--face" : ""}`;
  if (rank === "T") element.classList.add("card--ten"); // two digits: a narrower index
  element.dataset.card = card;
  element.setAttribute("role", "img");
  element.setAttribute("aria-label", cardName(card));

  const index = document.createElement("span");
  index.className = "card__index";
  const label = document.createElement("span");
  label.className = "card__rank";
  label.dataset.rank = rankLabel(card); // drawn by CSS: the card's name is its aria-label
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
  // Its name is its label (a11y.js): the drawn rank and pips say the same to the eye.
  index.setAttribute("aria-hidden", "true");
  middle.setAttribute("aria-hidden", "true");
  element.append(index, middle);
  return element;
}
