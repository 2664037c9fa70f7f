// @ts-check
// A foundation's place on the table: its suit and the way it builds, drawn under
// its cards, and a badge above them that keeps the direction ("A→K") in sight
// once cards cover it. render.js places and updates them.

import { isRed, suitIcon } from "./cards.js";

/** @typedef {import("../engine/protocol.js").Foundation} Foundation */

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
  // From the rank it starts with to the rank it ends with.
  badge.textContent = down ? "K\u2192A" : "A\u2192K";
  badge.dataset.up = String(!down);
  badge.hidden = foundation.count === 13;
}
