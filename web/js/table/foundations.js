// @ts-check
// A foundation's place on the table: its suit and the way it builds, drawn under
// its cards, and a badge above them that keeps the direction ("A→K") in sight
// once cards cover it. Foundations that build in alternate colours (Scotch
// Patience: the state's `builds` is "colours") name in their badge the rank and
// the suits they take next, as the state's `next` says. render.js places and
// updates them.

import { isRed, rankLabel, suitIcon, suitOf } from "./cards.js";

/** @typedef {import("../engine/protocol.js").Foundation} Foundation */
/** @typedef {import("../engine/protocol.js").Card} Card */

/**
 * The elements of one suit's foundation, empty.
 * @param {string} suit
 * @returns {{element: HTMLElement, badge: HTMLElement}}
 */
export function createFoundation(suit) {
  const element = document.createElement("div");
  element.className = "foundation";
  element.dataset.foundation = suit;
  element.append(suitIcon(suit, "foundation__suit"));
  const direction = document.createElement("span");
  direction.className = "foundation__direction";
  direction.setAttribute("aria-hidden", "true"); // a11y.js names the foundation in words
  element.append(direction);
  if (isRed(`A${suit}`)) element.classList.add("foundation--red");
  const badge = document.createElement("span");
  badge.className = "foundation__badge";
  badge.dataset.badge = suit;
  badge.setAttribute("aria-hidden", "true"); // a11y.js names the foundation in words
  return { element, badge };
}

/**
 * Show which way `foundation` builds and how many cards it holds; the badge goes
 * once the foundation is full.
 * @param {HTMLElement} element
 * @param {HTMLElement} badge
 * @param {Foundation} foundation
 */
export function showFoundation(element, badge, foundation) {
  const down = foundation.up === false;
  // Drawn by CSS (app.css): words for the eye only, the cell's name says it (a11y.js).
  /** @type {HTMLElement} */ (element.querySelector(".foundation__direction")).dataset.direction = down ? "K\u2193" : "A\u2191";
  element.dataset.count = String(foundation.count);
  badge.dataset.up = String(!down);
  badge.hidden = foundation.count === 13;
  const next = foundation.builds === "colours" ? foundation.next ?? [] : null;
  element.classList.toggle("foundation--colours", next !== null);
  if (next === null) {
    // From the rank it starts with to the rank it ends with.
    badge.textContent = down ? "K\u2192A" : "A\u2192K";
    delete badge.dataset.next;
    return;
  }
  // What it takes next: "5" and the suits of the colour it takes ("a black five").
  const shown = next.map((card) => `${rankLabel(card)}${suitOf(card)}`).join(" ");
  if (badge.dataset.next === shown) return;
  badge.dataset.next = shown;
  badge.replaceChildren(...(next.length ? [`\u2192${rankLabel(next[0])}`] : []));
  for (const card of next) {
    badge.append(suitIcon(suitOf(card), `foundation__badge-suit foundation__badge-suit--${isRed(card) ? "red" : "black"}`));
  }
}

/**
 * The suit of the foundation a card goes to: where foundations build in
 * alternate colours, the first that takes it next, as the engine chooses (its
 * `foundation_for`); else the card's own suit.
 * @param {Foundation[]} foundations
 * @param {Card} card
 */
export function foundationFor(foundations, card) {
  return foundations.find((foundation) => foundation.builds === "colours" && foundation.next?.includes(card))?.suit ?? suitOf(card);
}
