// @ts-check
// The cards' corner index as this browser draws it: how far it reaches from the
// card's edge, which is what layout.js needs to keep every covered card readable.
// app.css decides it (layout.js CSS_INDEX is its nominal value); fonts and the
// browser's rounding decide the rest, so it is measured.

import { createCard } from "./cards.js";

/** @typedef {import("./layout.js").IndexSize} IndexSize */
/** @typedef {import("./layout.js").Orientation} Orientation */

const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];
const ORIENTATIONS = /** @type {const} */ (["vertical", "horizontal"]);

// How far a card's corner index reaches from the card's outer edge, measured from
// the CSS (app.css draws it) on hidden probe cards of two sizes, as a + b * cardW:
// downwards when fans spread down, rightwards when they spread right (the index
// is then stacked). The widest rank counts. See layout.js CSS_INDEX.
// It lays out 52 probe cards: about 120 ms on a phone, so it is never done before
// the first table is drawn (TableView.remeasure).
/**
 * @param {HTMLElement} root  where the probes are laid out (they are removed again)
 * @returns {IndexSize}
 */
export function measureIndex(root) {
  const sizes = [60, 120];
  /** @type {{orientation: Orientation, probe: HTMLElement}[]} */
  const probes = [];
  for (const orientation of ORIENTATIONS) {
    for (const cardW of sizes) {
      const probe = document.createElement("div");
      probe.className = `table--${orientation}`;
      probe.setAttribute("aria-hidden", "true");
      probe.style.cssText = `position:absolute;left:0;top:0;visibility:hidden;pointer-events:none;--cw:${cardW}px;--ch:${Math.round(cardW * 1.4)}px`;
      for (const rank of RANKS) probe.append(createCard(`${rank}H`));
      probes.push({ orientation, probe });
    }
  }
  // All four probes in at once and measured together: one layout, not four
  // (each costs tens of milliseconds on a phone, before the first table is drawn).
  root.append(...probes.map(({ probe }) => probe));
  /** @type {Record<Orientation, number[]>} */
  const extents = { vertical: [], horizontal: [] };
  for (const { orientation, probe } of probes) {
    let extent = 0;
    for (const card of probe.children) {
      const outer = card.getBoundingClientRect();
      const index = /** @type {Element} */ (card.querySelector(".card__index")).getBoundingClientRect();
      extent = Math.max(extent, orientation === "vertical" ? index.bottom - outer.top : index.right - outer.left);
    }
    extents[orientation].push(extent);
  }
  for (const { probe } of probes) probe.remove();
  const line = (/** @type {number[]} */ [small, large]) => {
    const b = (large - small) / (sizes[1] - sizes[0]);
    return { a: small - b * sizes[0], b };
  };
  return { vertical: line(extents.vertical), horizontal: line(extents.horizontal) };
}

/**
 * Whether two corner-index measurements lay a table out alike: the same extent,
 * to a hundredth of a pixel, for cards from 24 to 120 pixels wide.
 * @param {IndexSize} a
 * @param {IndexSize} b
 */
export function sameIndex(a, b) {
  return ORIENTATIONS.every((o) =>
    [24, 120].every((cardW) => Math.abs(a[o].a + a[o].b * cardW - (b[o].a + b[o].b * cardW)) < 0.01),
  );
}
