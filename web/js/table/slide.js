// @ts-check
// A card sliding to its place: a CSS transition of its transform, above every
// card at rest while it moves (render.js). A later slide of the same card
// overrides an earlier one, whose end then changes nothing.

/** Which slide an element is in. @type {WeakMap<HTMLElement, object>} */
const slides = new WeakMap();

const Z_MOVING = 200; // a sliding card's stacking order, above every card at rest

/**
 * Move `element` to (x, y) with a transition of `duration` ms after `delay` ms;
 * at its end it goes back into the stack at `restingZ()` (asked then: the card
 * may have moved on meanwhile).
 * @param {HTMLElement} element @param {{x: number, y: number}} to @param {number} duration @param {number} delay
 * @param {() => number} restingZ
 */
export function slide(element, { x, y }, duration, delay, restingZ) {
  element.classList.add("card--moving");
  element.style.zIndex = String(Z_MOVING + delay);
  element.style.transitionDuration = `${duration}ms`;
  element.style.transitionDelay = `${delay}ms`;
  element.style.transform = `translate(${x}px, ${y}px)`;
  const token = {};
  slides.set(element, token);
  const finish = () => {
    if (slides.get(element) !== token) return;
    slides.delete(element);
    element.classList.remove("card--moving");
    element.style.transitionDuration = "";
    element.style.transitionDelay = "";
    element.style.zIndex = String(restingZ());
  };
  setTimeout(finish, duration + delay + 50);
}
