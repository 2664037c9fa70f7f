// @ts-check
// Drawing the table from a state object: a keyed DOM diff, cards placed with
// `transform`. Nothing here reads game facts back from the DOM; the DOM only
// mirrors the last state and layout it was given.
//
// Test and style hooks: every card element has data-card="8H", data-where="F" or
// the 1-based fan number, and data-index (0 = bottom of its fan); fans are
// [data-fan="3"], foundations [data-foundation="C"], free cells [data-cell="1"]
// (a card in one has data-where="cell" and data-index, the cell's from 0).

import { createCard, suitOf, SUITS } from "./cards.js";
import { createFoundation, foundationFor, showFoundation } from "./foundations.js";
import { FreeCells } from "./cells.js";
import { measureIndex, sameIndex } from "./index-measure.js";
import { computeLayout, designLength, designLengths } from "./layout.js";
import { CSS_INDEX, NO_RESERVE } from "./grid.js";
import { capacity, fanCapacity, fanRect } from "./fan-geometry.js";
import { roomOf, scrollOver } from "./docked-room.js";
import { placesFor } from "./places.js";
import { moveDuration } from "./anim.js";
import { slide } from "./slide.js";
import { dropRegions } from "./drop-regions.js";
import { gridRows } from "./a11y.js";

/** @typedef {import("./layout.js").IndexSize} IndexSize */
/** @typedef {import("./layout.js").Layout} Layout */
/** @typedef {import("./grid.js").Reserve} Reserve */
/** @typedef {import("./places.js").Place} Place */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Card} Card */
/** @typedef {import("../engine/protocol.js").Dest} Dest */

const RESERVE_GAP = 2; // felt between the redeal button and the foundations, beside the table's margin

export class TableView {
  /**
   * @param {HTMLElement} root
   * @param {IndexSize} [index]  the corner index to lay out with until remeasure():
   *   the one this browser measured before, else app.css's
   */
  constructor(root, index = CSS_INDEX) {
    this.root = root;
    /** @type {Map<Card, HTMLElement>} */
    this.cards = new Map();
    /** @type {Map<Card, Place>} what the DOM shows */
    this.places = new Map();
    /** @type {HTMLElement[]} */
    this.fanElements = [];
    this.freeCells = new FreeCells(root); // Free Fan's
    /** @type {Map<string, HTMLElement>} suit -> its foundation */
    this.foundationElements = new Map();
    /** @type {Map<string, HTMLElement>} suit -> the foundation's direction ("A→K"), drawn above its cards */
    this.badges = new Map();
    /** @type {(Layout & {stale?: boolean}) | null} */
    this.layout = null;
    this.fanCount = 0;
    /** @type {State | null} */
    this.state = null;
    /** @type {Reserve} the redeal button's corner, kept free of the foundations (reserveOf) */
    this.reserve = NO_RESERVE;
    this.holding = false; // a sheet is docked below the table: the layout keeps its room (holdCards)
    this.larger = false; // the player's larger cards (setLargerCards)
    this.index = index; // the corner index's size (measureIndex)
    this.length = 0; // the fan length the layout holds readably (layout.js designLength)
    /** @type {number[] | null} with larger cards, the length each fan is laid out for (layout.js designLengths) */
    this.lengths = null;
    /** @type {number[]} the length of each fan of the state drawn */
    this.fanLengths = [];
    this.longest = 0; // the longest fan of the state drawn
    /** @type {HTMLElement | null} the redeal button, in the table's corner (index.html) */
    this.redeal = root.querySelector(".redeal");
    // Its words change with the language and the redeals left, and it comes and
    // goes with the game: whatever its size, the foundations keep clear of it.
    if (this.redeal && typeof ResizeObserver === "function") {
      new ResizeObserver(() => this.followReserve()).observe(this.redeal);
    }
    for (const suit of SUITS) {
      const { element, badge } = createFoundation(suit);
      root.append(element, badge);
      this.foundationElements.set(suit, element);
      this.badges.set(suit, badge);
    }
  }

  /** Show `fanCount` empty fans before any state is known (while Python loads). @param {number} fanCount */
  preview(fanCount) {
    this.setFanCount(fanCount);
    this.relayout();
  }

  /** @param {number} count */
  setFanCount(count) {
    if (count === this.fanCount) return;
    this.fanCount = count;
    this.length = 0;
    this.lengths = null;
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

  // While `hold` (a sheet or the solution player docked below the table), the
  // table is laid out for the room it has without them: a sheet takes the
  // table's room on the page but never its layout, so the cards keep their size and
  // place, and the table scrolls to show what lies under the sheet (docked-room.js).
  /** @param {boolean} hold */
  holdCards(hold) {
    this.holding = hold;
  }

  // Larger cards (the player's setting): as large as the fans on the table allow
  // (layout.js, its header's rule), the fans closer together (grid.js tight). The
  // same rule whichever way it was turned on: its design starts from the fans on
  // the table at the next render.
  /** @param {boolean} larger */
  setLargerCards(larger) {
    if (larger === this.larger) return;
    this.larger = larger;
    this.length = 0;
    this.lengths = null;
    this.layout = null;
  }

  // The corner the redeal button takes, as drawn (its side and width follow the
  // player's hand and language): the room from the table's edge to the button's
  // far side, and a little felt; none while it is hidden.
  /** @returns {Reserve} */
  reserveOf() {
    const button = this.redeal;
    const width = this.root.clientWidth;
    if (!button || button.hidden || !button.offsetWidth || !width) return NO_RESERVE;
    const left = button.offsetLeft;
    const right = left + button.offsetWidth;
    return left + button.offsetWidth / 2 < width / 2
      ? { pixels: right + RESERVE_GAP, side: "left" }
      : { pixels: width - left + RESERVE_GAP, side: "right" };
  }

  // The redeal button changed size, came or went: the table laid out again when its corner moved.
  followReserve() {
    const reserve = this.reserveOf();
    if (reserve.pixels === this.reserve.pixels && reserve.side === this.reserve.side) return;
    if (this.state) this.render(this.state);
    else this.relayout();
  }

  // Make the layout hold the fans of `state` readably, with hysteresis: it
  // changes only when a fan outgrows its cell or the fans got much shorter.
  /** @param {State} state */
  fitFans(state) {
    const fans = state.fans.map((fan) => fan.length);
    const longest = Math.max(0, ...fans);
    this.fanLengths = fans;
    this.longest = longest;
    const layout = this.layout;
    let changed;
    if (this.larger) {
      // (without a layout yet, each fan fits the length it was designed for)
      const capacities = layout ? fans.map((_, i) => fanCapacity(layout, i)) : this.lengths;
      const lengths = designLengths(this.lengths, capacities, fans);
      changed = lengths !== this.lengths;
      this.lengths = lengths;
    } else {
      // (without a layout yet, the next one is made for the current length)
      const room = layout ? capacity(layout) : this.length;
      const length = designLength(this.length, room, longest, this.fanCount);
      changed = length !== this.length;
      this.length = length;
    }
    if (changed) this.layout = layout && { ...layout, stale: true };
  }

  // Recompute the geometry for the table's room (docked-room.js); true when it changed.
  relayout() {
    const width = this.root.clientWidth;
    const height = roomOf(this.root, this.holding);
    const layout = this.layout;
    const reserve = this.reserveOf();
    if (width && height) scrollOver(this.root, height);
    const sameReserve = reserve.pixels === this.reserve.pixels && reserve.side === this.reserve.side;
    if (layout && !layout.stale && sameReserve && layout.width === width && layout.height === height) return false;
    if (!width || !height || !this.fanCount) return false;
    this.reserve = reserve;
    // Never shorter than the fans (a layout of another size may hold less).
    const lengths = this.lengths?.length === this.fanCount ? this.lengths.map((length, i) => Math.max(length, this.fanLengths[i] ?? 0)) : undefined;
    this.layout = computeLayout(width, height, this.fanCount, {
      reserve,
      ...(lengths ? { lengths } : { length: this.length ? Math.max(this.length, this.longest) : undefined }),
      index: this.index,
      previous: layout,
      tight: this.larger,
      cells: this.freeCells.elements.length,
    });
    const placed = this.layout;
    const { cardW, cardH, orientation } = placed;
    this.root.style.setProperty("--cw", `${cardW}px`);
    this.root.style.setProperty("--ch", `${cardH}px`);
    this.root.classList.toggle("table--vertical", orientation === "vertical");
    this.root.classList.toggle("table--horizontal", orientation === "horizontal");
    SUITS.forEach((suit, i) => {
      const { x, y } = placed.foundations[i];
      /** @type {HTMLElement} */ (this.foundationElements.get(suit)).style.transform = `translate(${x}px, ${y}px)`;
      /** @type {HTMLElement} */ (this.badges.get(suit)).style.transform = `translate(${x + cardW / 2}px, ${y + cardH}px) translate(-50%, -60%)`;
    });
    this.freeCells.place(placed);
    this.placeFans();
    gridRows(this); // the screen reader's rows follow the layout's
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
    const layout = this.layout;
    if (!layout) return;
    this.fanElements.forEach((element, i) => {
      const count = this.state ? this.state.fans[i]?.length ?? 0 : 0;
      const rect = fanRect(layout, i, count);
      element.style.transform = `translate(${rect.x}px, ${rect.y}px)`;
      element.style.width = `${rect.w}px`;
      element.style.height = `${rect.h}px`;
      element.classList.toggle("fan--empty", count === 0);
    });
  }

  // Draw `state`. animate: slide the cards that moved; order: cards to move first
  // (in that order, each a little after the previous one).
  /** @param {State} state @param {{animate?: boolean, order?: Card[]}} [options] */
  render(state, { animate = false, order = [] } = {}) {
    const fanCountChanged = state.fans.length !== this.fanCount;
    this.state = state;
    this.setFanCount(state.fans.length);
    // Cells that come or go: another game, laid out anew and drawn without sliding.
    if (this.freeCells.setCount(state.cells?.length ?? 0)) [this.layout, animate] = [null, false];
    this.fitFans(state);
    this.relayout();
    if (!this.layout) return;
    if (fanCountChanged) animate = false;
    this.placeFans();
    const places = placesFor(this.layout, state);
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
      const [element, badge] = [this.foundationElements.get(suit), this.badges.get(suit)];
      if (element && badge) showFoundation(element, badge, state.foundations[i]);
    });
  }

  /**
   * Move an element to `place` with a transition, above everything while moving (slide.js).
   * @param {HTMLElement} element @param {Place} place @param {number} duration @param {number} [delay]
   */
  slide(element, place, duration, delay = 0) {
    slide(element, place, duration, delay, () => this.places.get(element.dataset.card ?? "")?.z ?? place.z);
  }

  /** Put a card back where the state says it is (after a drag), sliding if asked. @param {Card} card @param {number} duration */
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

  /** The card's top-left corner as drawn (from our records, not the DOM). @param {Card} card */
  placeOf(card) {
    return this.places.get(card) ?? null;
  }

  /** Where a dragged card may be let go (drop-regions.js). @returns {import("./drop-regions.js").DropRegion[]} */
  dropRegions() {
    return this.layout && this.state ? dropRegions(this.layout, this.state) : [];
  }

  /**
   * Highlight destinations ("F" highlights the foundation that takes the card,
   * "cell" the free cell it would go to: the first empty one).
   * @param {string} className @param {Card | null} card @param {Dest[]} destinations
   */
  highlight(className, card, destinations) {
    for (const element of this.root.querySelectorAll(`.${className}`)) element.classList.remove(className);
    if (!card) return;
    for (const to of destinations) {
      let element;
      if (to === "F") element = this.foundationElements.get(this.state ? foundationFor(this.state.foundations, card) : suitOf(card));
      else if (to === "cell") element = this.freeCells.target(this.state?.cells);
      else element = this.fanElements[to - 1];
      element?.classList.add(className);
    }
  }

  /** Mark `cards` (one card, a list, or null for none) with `className`, and no other card. @param {string} className @param {Card | Card[] | null} cards */
  markCard(className, cards) {
    for (const element of this.root.querySelectorAll(`.card.${className}`)) element.classList.remove(className);
    for (const card of cards ? [cards].flat() : []) this.cards.get(card)?.classList.add(className);
  }

  /** @param {Card} card */
  cardElement(card) {
    return this.cards.get(card) ?? null;
  }
}
