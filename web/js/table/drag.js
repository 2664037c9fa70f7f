// @ts-check
// Pressing, clicking and dragging cards: one Pointer Events path for mouse, pen and
// touch. A press that travels less than the threshold is a click; further, it is a
// drag. While dragging, the card's legal destinations (from the engine's state) are
// highlighted; on release the card is offered to the fan, free cell or foundation
// under it and the engine decides. A drop on nothing, or a refused one, slides the
// card back. A card that heads a run takes the cards on it along (carried.js).

import { listen, unbindAll } from "../platform/listen.js";
import { carried } from "./carried.js";
import { meantFor } from "./drop-regions.js";

/** @typedef {import("../engine/protocol.js").Card} Card */
/** @typedef {import("../engine/protocol.js").Dest} Dest */
/** @typedef {import("./render.js").TableView} TableView */

/** How far a press travels before it is a drag, in pixels, by pointer type. @type {Record<string, number>} */
const THRESHOLD = { mouse: 5, pen: 6, touch: 9 };

/**
 * What the table's presses are for.
 * @typedef {object} PointerHandlers
 * @property {() => boolean} enabled  presses are ignored while false
 * @property {(card: Card) => Dest[] | undefined} destinations  legal destinations (state.movable)
 * @property {(card: Card) => void} click  a click or tap on a card
 * @property {(card: Card, to: Dest) => Promise<boolean>} drop  a drop; resolves false when refused
 * @property {(card: Card) => void} [dragStart]  a drag began (e.g. to clear a hint)
 * @property {(card: Card) => void} [stuck]  a drag of a card that cannot move (to say why)
 */

/**
 * A press in progress: the card, its element and pointer, where it started, and
 * (once it travels far enough) the drag's destinations and last point.
 * @typedef {{card: string, element: HTMLElement, pointerId: number, type: string,
 *   start: {x: number, y: number}, origin: import("./places.js").Place, dragging: boolean, refused?: boolean,
 *   destinations?: Dest[], point?: {x: number, y: number}, offset?: {x: number, y: number},
 *   along?: {card: string, element: HTMLElement, origin: import("./places.js").Place}[]}} Press
 */

/**
 * Bind the table's presses; returns the function that unbinds them all.
 * @param {HTMLElement} root
 * @param {TableView} view
 * @param {PointerHandlers} handlers
 * @param {() => number} returnDuration  how long a refused card slides back, in ms
 */
export function bindPointer(root, view, handlers, returnDuration) {
  /** @type {Press | null} */
  let press = null;

  // (in the table's layout: a table with a sheet docked below may be scrolled, docked-room.js)
  const tablePoint = (/** @type {PointerEvent} */ event) => {
    const rect = root.getBoundingClientRect();
    const x = event.clientX - rect.left - root.clientLeft + root.scrollLeft;
    return { x, y: event.clientY - rect.top - root.clientTop + root.scrollTop };
  };

  /** @param {PointerEvent} event */
  function onDown(event) {
    if (press || !event.isPrimary || (event.pointerType === "mouse" && event.button !== 0)) return;
    const element = /** @type {HTMLElement | null} */ (/** @type {Element | null} */ (event.target)?.closest?.(".card") ?? null);
    if (!element || !root.contains(element) || !handlers.enabled()) return;
    const card = element.dataset.card;
    const origin = card ? view.placeOf(card) : null;
    if (!card || !origin) return;
    event.preventDefault();
    press = { card, element, pointerId: event.pointerId, type: event.pointerType, start: tablePoint(event), origin, dragging: false };
    try {
      root.setPointerCapture(event.pointerId);
    } catch {
      // synthetic events may have no active pointer; capture is only a convenience
    }
  }

  /** @param {Press} press */
  function startDrag(press) {
    const destinations = handlers.destinations(press.card);
    if (!destinations || destinations.length === 0) return false;
    press.dragging = true;
    press.destinations = destinations;
    press.element.classList.add("card--dragging");
    press.element.classList.remove("card--moving");
    press.element.style.transitionDelay = "";
    press.element.style.zIndex = "500";
    // The cards on it that move with it, above it as they lie.
    press.along = [];
    carried(view.state ?? { fans: [] }, press.card).forEach((card, i) => {
      const element = view.cardElement(card);
      const origin = view.placeOf(card);
      if (!element || !origin) return;
      element.classList.add("card--dragging");
      element.classList.remove("card--moving");
      element.style.transitionDelay = "";
      element.style.zIndex = String(501 + i);
      press.along?.push({ card, element, origin });
    });
    root.classList.add("table--dragging");
    view.highlight("is-target", press.card, destinations);
    handlers.dragStart?.(press.card);
    return true;
  }

  /** @param {PointerEvent} event */
  function onMove(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    const point = tablePoint(event);
    const dx = point.x - press.start.x;
    const dy = point.y - press.start.y;
    if (!press.dragging) {
      if (Math.hypot(dx, dy) < (THRESHOLD[press.type] ?? 6)) return;
      if (!startDrag(press)) {
        press.refused = true; // an immovable card: the press is neither click nor drag
        handlers.stuck?.(press.card);
        return;
      }
    }
    event.preventDefault();
    press.element.style.transform = `translate(${press.origin.x + dx}px, ${press.origin.y + dy}px)`;
    for (const { element, origin } of press.along ?? []) element.style.transform = `translate(${origin.x + dx}px, ${origin.y + dy}px)`;
    press.point = point;
    press.offset = { x: dx, y: dy };
  }

  /** @param {Press} press */
  function endDrag(press) {
    press.element.classList.remove("card--dragging");
    for (const { element } of press.along ?? []) element.classList.remove("card--dragging");
    root.classList.remove("table--dragging");
    view.highlight("is-target", null, []);
  }

  /**
   * The destination under the pointer, else the legal one the card overlaps most.
   * @param {Press} press
   * @param {{x: number, y: number}} point
   * @param {{x: number, y: number}} offset
   */
  function dropTarget(press, point, offset) {
    const regions = view.dropRegions().filter((region) => meantFor(region, press.card));
    const inside = (/** @type {{x: number, y: number, w: number, h: number}} */ rect, /** @type {{x: number, y: number}} */ p) => p.x >= rect.x && p.x <= rect.x + rect.w && p.y >= rect.y && p.y <= rect.y + rect.h;
    const under = regions.find((region) => inside(region.rect, point));
    if (under) return under.to;
    if (!view.layout) return null;
    const { cardW, cardH } = view.layout;
    const card = { x: press.origin.x + offset.x, y: press.origin.y + offset.y, w: cardW, h: cardH };
    /** @type {Dest | null} */
    let best = null;
    let bestArea = 0;
    for (const region of regions) {
      if (!press.destinations?.includes(region.to)) continue;
      const w = Math.min(card.x + card.w, region.rect.x + region.rect.w) - Math.max(card.x, region.rect.x);
      const h = Math.min(card.y + card.h, region.rect.y + region.rect.h) - Math.max(card.y, region.rect.y);
      if (w > 0 && h > 0 && w * h > bestArea) {
        bestArea = w * h;
        best = region.to;
      }
    }
    return best;
  }

  /** @param {PointerEvent} event */
  async function onUp(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    const current = press;
    press = null;
    if (!current.dragging) {
      if (!current.refused) handlers.click(current.card);
      return;
    }
    endDrag(current);
    const to = dropTarget(current, current.point ?? current.start, current.offset ?? { x: 0, y: 0 });
    const home = current.origin.where;
    const back = () => {
      for (const card of [current.card, ...(current.along ?? []).map((along) => along.card)]) view.returnCard(card, returnDuration());
    };
    if (to === null || String(to) === home) {
      back();
      return;
    }
    const played = await handlers.drop(current.card, to);
    if (!played) back();
  }

  /** @param {PointerEvent} event */
  function onCancel(event) {
    if (!press || event.pointerId !== press.pointerId) return;
    const current = press;
    if (current.dragging) {
      endDrag(current);
      for (const card of [current.card, ...(current.along ?? []).map((along) => along.card)]) view.returnCard(card, returnDuration());
    }
    press = null;
  }

  return unbindAll([
    listen(root, "pointerdown", onDown),
    listen(root, "pointermove", onMove),
    listen(root, "pointerup", onUp),
    listen(root, "pointercancel", onCancel),
  ]);
}
