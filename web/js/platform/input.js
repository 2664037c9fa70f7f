// @ts-check
// Which kind of input the player used last, as <html data-input="touch|mouse|keyboard">:
// focus rings are for the keyboard, and a phone's dialogs, which put the focus
// on their first button, show none after a tap (css/phone.css).

const root = document.documentElement;

/** Follow the player's input from now on (before any, a touch screen's without a mouse is touch). */
export function followInput() {
  if (window.matchMedia?.("(hover: none) and (pointer: coarse)").matches) root.dataset.input = "touch";
  window.addEventListener(
    "pointerdown",
    (event) => {
      root.dataset.input = event.pointerType === "touch" || event.pointerType === "pen" ? "touch" : "mouse";
    },
    { capture: true, passive: true },
  );
  window.addEventListener(
    "keydown",
    (event) => {
      if (!event.metaKey && !event.ctrlKey && !event.altKey) root.dataset.input = "keyboard";
    },
    { capture: true, passive: true },
  );
}
