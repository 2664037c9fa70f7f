// @ts-check
// Animation policy: how long a card slides, given the player's "animations"
// setting and the system's prefers-reduced-motion.

const MOVE_MS = 170;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");
let enabled = true;

/** @param {boolean} on */
export function setAnimations(on) {
  enabled = Boolean(on);
  document.documentElement.classList.toggle("no-motion", !animationsOn());
}

export function animationsOn() {
  return enabled && !reducedMotion.matches;
}

reducedMotion.addEventListener("change", () => setAnimations(enabled));

// Milliseconds a move slides for; 0 means jump.
export function moveDuration() {
  return animationsOn() ? MOVE_MS : 0;
}
