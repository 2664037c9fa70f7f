// @ts-check
// Short messages on the page (#notice): a hint, a refused move, a warning. Set
// with textContent only: text from the engine or the address is never markup.

let timer = 0;

// A notice stands in the bar over the title and counters, never over a control
// (css/phone.css puts a phone's controls at the bottom; on a desktop it starts
// after the controls beside the title, clearOfControls): a press on the bar puts
// it away, and a press on a button goes to that button.
document.querySelector(".bar")?.addEventListener("pointerdown", () => notice(""), { capture: true });

/**
 * Show `text` for `ms` milliseconds (0: until the next notice); "" hides it.
 * @param {string} text
 * @param {number} [ms]
 */
export function notice(text, ms = 3500) {
  const element = /** @type {HTMLElement} */ (document.querySelector("#notice"));
  clearTimeout(timer);
  if (!text) {
    show(element, false);
    return;
  }
  element.textContent = text;
  clearOfControls(element);
  show(element, true);
  if (ms > 0) timer = window.setTimeout(() => show(element, false), ms);
}

// The notice shown or hidden; while it shows, its box (the bar's name and
// counters) keeps the game's name, the deal and the clock in sight in a line of
// smaller words above it, where the box has no room beside it (css/phone.css).
/** @param {HTMLElement} element @param {boolean} shown */
function show(element, shown) {
  element.hidden = !shown;
  element.parentElement?.classList.toggle("bar__info--notice", shown);
}

/** The notice on show, or "" when none is. */
export function shownNotice() {
  const element = /** @type {HTMLElement} */ (document.querySelector("#notice"));
  return element.hidden ? "" : (element.textContent ?? "");
}

// The notice's left edge after the controls that share its box (the Share button
// beside the title on a desktop), so it covers none of them; where none is in
// sight (a phone's bar), the style sheet's place.
/** @param {HTMLElement} element */
function clearOfControls(element) {
  const box = element.parentElement;
  if (!box) return;
  const left = box.getBoundingClientRect().left;
  let clear = 0;
  for (const control of box.querySelectorAll("button")) {
    const { right, width } = control.getBoundingClientRect();
    if (width > 0) clear = Math.max(clear, Math.ceil(right - left) + 4);
  }
  element.style.left = clear ? `${clear}px` : "";
}
