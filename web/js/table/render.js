// @ts-check
// Drawing the table from a state object: a keyed DOM diff, cards placed with
// `transform`. Nothing here reads game facts back from the DOM; the DOM only
// mirrors the last state and layout it was given.
//
// Test and style hooks: every card element has data-card="8H", data-where="F" or
// the 1-based fan number, and data-index (0 = bottom of its fan); fans are
// [data-fan="3"], foundations [data-foundation="C"].

import { createCard, isRed, rankOf, suitIcon, suitOf, SUITS } from "./cards.js";
import { capacity, cardInFan, computeLayout, CSS_INDEX, designLength, fanRect, keepCards } from "./layout.js";
import { moveDuration } from "./anim.js";

/** @typedef {import("./layout.js").IndexSize} IndexSize */

const RANK_VALUE = { A: 1, T: 10, J: 11, Q: 12, K: 13 };
const rankValue = (card) => RANK_VALUE[rankOf(card)] ?? Number(rankOf(card));
const Z_FAN = 10;
const Z_ROW = 24; // a row of horizontal fans above the row over it (at most 7 rows, 24 cards a fan: under Z_MOVING)
const Z_FOUNDATION = 10;
const Z_MOVING = 200;
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"];

// How far a card's corner index reaches from the card's outer edge, measured from
// the CSS (app.css draws it) on hidden probe cards of two sizes, as a + b * cardW:
// downwards when fans spread down, rightwards when they spread right (the index
// is then stacked). The widest rank counts. See layout.js CSS_INDEX.
// It lays out 52 probe cards: about 120 ms on a phone, so it is never done before
// the first table is drawn (TableView.remeasure).
export function measureIndex(root) {
  const sizes = [60, 120];
  /** @type {{orientation: string, probe: HTMLElement}[]} */
  const probes = [];
  for (const orientation of ["vertical", "horizontal"]) {
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
function sameIndex(a, b) {
  return ["vertical", "horizontal"].every((o) =>
    [24, 120].every((cardW) => Math.abs(a[o].a + a[o].b * cardW - (b[o].a + b[o].b * cardW)) < 0.01),
  );
}

export class TableView {
  /**
   * @param {HTMLElement} root
   * @param {IndexSize} [index]  the corner index to lay out with until remeasure():
   *   the one this browser measured before, else app.css's
   */
  constructor(root, index = CSS_INDEX) {
    this.root = root;
    this.cards = new Map(); // card -> element
    this.places = new Map(); // card -> {x, y, z, where, index}: what the DOM shows
    this.fanElements = [];
    this.foundationElements = new Map(); // suit -> element
    this.badges = new Map(); // suit -> the foundation's direction ("A→K"), drawn above its cards
    this.layout = null;
    this.fanCount = 0;
    this.state = null;
    this.reserve = 0; // pixels kept free right of the foundations (redeal button)
    this.holding = false; // the cards keep their size while a sheet is docked (holdCards)
    this.larger = false; // the player's larger cards (setLargerCards)
    this.index = index; // the corner index's size (measureIndex)
    this.length = 0; // the fan length the layout holds readably (layout.js designLength)
    this.longest = 0; // the longest fan of the state drawn
    for (const suit of SUITS) {
      const element = document.createElement("div");
      element.className = "foundation";
      element.dataset.foundation = suit;
      element.append(suitIcon(suit, "foundation__suit"));
      const direction = document.createElement("span");
      direction.className = "foundation__direction";
      element.append(direction);
      if (isRed(`A${suit}`)) element.classList.add("foundation--red");
      root.append(element);
      this.foundationElements.set(suit, element);
      const badge = document.createElement("span");
      badge.className = "foundation__badge";
      badge.dataset.badge = suit;
      badge.setAttribute("aria-hidden", "true"); // a11y.js names the foundation in words
      root.append(badge);
      this.badges.set(suit, badge);
    }
  }

  // Show `fanCount` empty fans before any state is known (while Python loads).
  preview(fanCount) {
    this.setFanCount(fanCount);
    this.relayout();
  }

  setFanCount(count) {
    if (count === this.fanCount) return;
    this.fanCount = count;
    this.length = 0;
    for (const element of this.fanElements) element.remove();
    this.fanElements = [];
    for (let i = 0; i < count; i++) {
      const element = document.createElement("div");
      element.className = "fan";
      element.dataset.fan = String(i + 1);
      this.root.append(element);
      this.fanElements.push(element);
    }
    this.layout = null;
  }

  // While `hold` (a sheet or the solution player docked below the table), a
  // shorter table keeps its cards' size and grid (layout.js keepCards) until a
  // fan outgrows what they were laid out for; after it, the table (its size
  // changed again) is laid out for its whole room.
  holdCards(hold) {
    this.holding = hold;
  }

  // Larger cards (the player's setting): the layout keeps no room ahead for
  // growing fans (layout.js designLength). Takes effect at the next render.
  setLargerCards(larger) {
    if (larger === this.larger) return;
    this.larger = larger;
    this.length = 0;
    this.layout = null;
  }

  // Keep `pixels` free at the right end of the foundation row.
  setReserve(pixels) {
    if (pixels === this.reserve) return;
    this.reserve = pixels;
    this.layout = null;
  }

  // Make the layout hold the longest fan of `state` readably, with hysteresis:
  // it changes only when a fan outgrows its cell or the fans got much shorter.
  fitFans(state) {
    const longest = Math.max(0, ...state.fans.map((fan) => fan.length));
    this.longest = longest;
    // (without a layout yet, the next one is made for the current length; a layout
    // kept while a sheet is docked holds what it was designed for, layout.js keepCards)
    const room = this.layout ? (this.layout.designed ?? capacity(this.layout)) : this.length;
    const length = designLength(this.length, room, longest, this.fanCount, this.larger);
    if (length !== this.length) {
      this.length = length;
      this.layout = this.layout && { ...this.layout, stale: true };
    }
  }

  // Recompute the geometry for the table's current size; true when it changed.
  relayout() {
    const width = this.root.clientWidth;
    const height = this.root.clientHeight;
    const layout = this.layout;
    if (layout && !layout.stale && layout.width === width && layout.height === height) return false;
    if (!width || !height || !this.fanCount) return false;
    const kept = this.holding && layout && !layout.stale ? keepCards(layout, width, height, this.fanCount, this.reserve, this.index) : null;
    this.layout = kept ?? computeLayout(width, height, this.fanCount, {
      reserve: this.reserve,
      // never shorter than the longest fan (a layout of another size may hold less)
      length: this.length ? Math.max(this.length, this.longest) : undefined,
      index: this.index,
      previous: layout,
    });
    const { cardW, cardH, orientation } = this.layout;
    this.root.style.setProperty("--cw", `${cardW}px`);
    this.root.style.setProperty("--ch", `${cardH}px`);
    this.root.classList.toggle("table--vertical", orientation === "vertical");
    this.root.classList.toggle("table--horizontal", orientation === "horizontal");
    SUITS.forEach((suit, i) => {
      const { x, y } = this.layout.foundations[i];
      this.foundationElements.get(suit).style.transform = `translate(${x}px, ${y}px)`;
      this.badges.get(suit).style.transform = `translate(${x + cardW / 2}px, ${y + cardH}px) translate(-50%, -60%)`;
    });
    this.placeFans();
    return true;
  }

  // Measure the corner index as this browser draws it and, when that differs from
  // the one the table was laid out with, lay it out again; returns the measurement.
  remeasure() {
    const measured = measureIndex(this.root);
    if (!sameIndex(measured, this.index)) {
      this.index = measured;
      this.layout = null;
      if (this.state) this.render(this.state);
      else this.relayout();
    }
    return measured;
  }

  placeFans() {
    if (!this.layout) return;
    this.fanElements.forEach((element, i) => {
      const count = this.state ? this.state.fans[i]?.length ?? 0 : 0;
      const rect = fanRect(this.layout, i, count);
      element.style.transform = `translate(${rect.x}px, ${rect.y}px)`;
      element.style.width = `${rect.w}px`;
      element.style.height = `${rect.h}px`;
      element.classList.toggle("fan--empty", count === 0);
    });
  }

  // Where each of the 52 cards goes for `state`.
  placesFor(state) {
    const places = new Map();
    state.fans.forEach((fan, fanIndex) => {
      fan.forEach((card, index) => {
        const { x, y } = cardInFan(this.layout, fanIndex, index, fan.length);
        // Rows of horizontal fans may overlap (layout.js keepCards): a lower row lies
        // on top, leaving the upper row's corner indices in sight.
        const row = this.layout.orientation === "horizontal" ? Math.floor(fanIndex / this.layout.columns) : 0;
        places.set(card, { x, y, z: Z_FAN + row * Z_ROW + index, where: String(fanIndex + 1), index });
      });
    });
    state.foundations.forEach((foundation, i) => {
      const { x, y } = this.layout.foundations[i];
      for (const rank of ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"]) {
        const card = rank + foundation.suit;
        if (places.has(card)) continue;
        const order = foundation.up === false ? 14 - rankValue(card) : rankValue(card);
        places.set(card, { x, y, z: Z_FOUNDATION + order, where: "F", index: order - 1 });
      }
    });
    return places;
  }

  // Draw `state`. animate: slide the cards that moved; order: cards to move first
  // (in that order, each a little after the previous one).
  /** @param {any} state @param {{animate?: boolean, order?: string[]}} [options] */
  render(state, { animate = false, order = [] } = {}) {
    const fanCountChanged = state.fans.length !== this.fanCount;
    this.state = state;
    this.setFanCount(state.fans.length);
    this.fitFans(state);
    this.relayout();
    if (!this.layout) return;
    if (fanCountChanged) animate = false;
    this.placeFans();
    const places = this.placesFor(state);
    const duration = animate ? moveDuration() : 0;
    let delayIndex = 0;
    const delays = new Map(order.map((card) => [card, delayIndex++]));
    for (const [card, place] of places) {
      let element = this.cards.get(card);
      const old = this.places.get(card);
      if (!element) {
        element = createCard(card);
        this.cards.set(card, element);
        this.root.append(element);
      }
      const moved = !old || old.x !== place.x || old.y !== place.y;
      element.dataset.where = place.where;
      element.dataset.index = String(place.index);
      element.classList.toggle("card--movable", Boolean(state.movable[card]));
      if (moved && old && duration > 0) {
        const delay = (delays.get(card) ?? 0) * Math.round(duration * 0.45);
        this.slide(element, place, duration, delay);
      } else if (moved || !old || old.z !== place.z) {
        if (!element.classList.contains("card--moving")) element.style.zIndex = String(place.z);
        element.style.transform = `translate(${place.x}px, ${place.y}px)`;
      }
      this.places.set(card, place);
    }
    SUITS.forEach((suit, i) => {
      const foundation = state.foundations[i];
      const element = this.foundationElements.get(suit);
      element.querySelector(".foundation__direction").textContent =
        foundation.up === false ? "K\u2193" : "A\u2191";
      element.dataset.count = String(foundation.count);
      // Which way it builds, in sight even when cards cover the foundation: from
      // the rank it starts with to the rank it ends with.
      const badge = this.badges.get(suit);
      badge.textContent = foundation.up === false ? "K\u2192A" : "A\u2192K";
      badge.dataset.up = String(foundation.up !== false);
      badge.hidden = foundation.count === 13;
    });
  }

  // Move an element to `place` with a transition, above everything while moving.
  slide(element, place, duration, delay = 0) {
    element.classList.add("card--moving");
    element.style.zIndex = String(Z_MOVING + delay);
    element.style.transitionDuration = `${duration}ms`;
    element.style.transitionDelay = `${delay}ms`;
    element.style.transform = `translate(${place.x}px, ${place.y}px)`;
    const token = {};
    element._slide = token;
    const finish = () => {
      if (element._slide !== token) return;
      element._slide = null;
      element.classList.remove("card--moving");
      element.style.transitionDuration = "";
      element.style.transitionDelay = "";
      element.style.zIndex = String(this.places.get(element.dataset.card)?.z ?? place.z);
    };
    setTimeout(finish, duration + delay + 50);
  }

  // Put a card back where the state says it is (after a drag), sliding if asked.
  returnCard(card, duration) {
    const element = this.cards.get(card);
    const place = this.places.get(card);
    if (!element || !place) return;
    if (duration > 0) this.slide(element, place, duration);
    else {
      element.style.zIndex = String(place.z);
      element.style.transform = `translate(${place.x}px, ${place.y}px)`;
    }
  }

  // Card's current top-left corner as drawn (from our records, not the DOM).
  placeOf(card) {
    return this.places.get(card) ?? null;
  }

  // Drop regions: each fan's rectangle (grown to a full card's room beyond its top)
  // and each foundation, in table coordinates; `to` as the API writes it.
  dropRegions() {
    if (!this.layout || !this.state) return [];
    const { cardW, cardH } = this.layout;
    const regions = this.state.fans.map((fan, i) => {
      const rect = fanRect(this.layout, i, fan.length);
      return { to: i + 1, rect: { x: rect.x, y: rect.y, w: rect.w, h: rect.h } };
    });
    SUITS.forEach((suit, i) => {
      const { x, y } = this.layout.foundations[i];
      regions.push({ to: "F", suit, rect: { x, y, w: cardW, h: cardH } });
    });
    return regions;
  }

  // Highlight destinations ("F" highlights the card's own foundation).
  highlight(className, card, destinations) {
    for (const element of this.root.querySelectorAll(`.${className}`)) element.classList.remove(className);
    if (!card) return;
    for (const to of destinations) {
      const element = to === "F" ? this.foundationElements.get(suitOf(card)) : this.fanElements[to - 1];
      element?.classList.add(className);
    }
  }

  // Mark `cards` (one card, a list, or null for none) with `className`, and no other card.
  markCard(className, cards) {
    for (const element of this.root.querySelectorAll(`.card.${className}`)) element.classList.remove(className);
    for (const card of cards ? [cards].flat() : []) this.cards.get(card)?.classList.add(className);
  }

  cardElement(card) {
    return this.cards.get(card) ?? null;
  }
}
