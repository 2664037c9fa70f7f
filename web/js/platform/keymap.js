// @ts-check
// The page's keys, in one place: one keydown listener, and every key binding
// declared to it (the solution player's, the table's, the app's shortcuts) in the
// order they take precedence, each one undone by the function bind returns.
//
// Escape and the arrows mean different things at different times (step the
// solution, walk the cards, cancel a pick, close a message): each binding says
// when it applies (`when`), and the first binding that matches and applies takes
// the key; the others never see it. No key is taken while the player types in a
// field or a dialog is open (the dialog's own keys work), nor with Alt held.

/**
 * One key binding.
 * @typedef {object} KeyBinding
 * @property {string[]} keys  KeyboardEvent.key values; a letter matches in either case ("s": s or S)
 * @property {boolean} [command]  true: Ctrl (or Cmd) must be held; else neither may be
 * @property {boolean} [shift]  true: Shift must be held; false: it may not be; absent: either
 * @property {(event: KeyboardEvent) => boolean} [when]  whether the binding applies now (absent: always)
 * @property {(event: KeyboardEvent) => unknown} run  what the key does
 */

/** Bindings by precedence: the solution player's keys come before the table's, which come before the app's. */
export const PRECEDENCE = Object.freeze({ solution: 2, table: 1, app: 0 });

/**
 * The key as bindings name it: a letter in lower case, any other key as the browser names it.
 * @param {KeyboardEvent} event
 */
const keyName = (event) => (event.key.length === 1 ? event.key.toLowerCase() : event.key);

/**
 * Whether the page's keys stay out of this event: the player types in a field,
 * a dialog is open, or Alt is held (the browser's and the system's).
 * @param {KeyboardEvent} event
 * @param {Pick<Document, "querySelector">} page
 */
function leftAlone(event, page) {
  if (event.defaultPrevented || event.altKey) return true;
  const target = /** @type {Element | null} */ (event.target);
  return Boolean(target?.closest?.("input, textarea, select") || page.querySelector("dialog[open]"));
}

/**
 * @param {KeyBinding} binding
 * @param {KeyboardEvent} event
 */
function matches(binding, event) {
  if (!binding.keys.includes(keyName(event))) return false;
  if (Boolean(binding.command) !== (event.ctrlKey || event.metaKey)) return false;
  if (binding.shift !== undefined && binding.shift !== event.shiftKey) return false;
  return binding.when ? binding.when(event) : true;
}

export class Keymap {
  /** @param {Pick<Document, "addEventListener" | "removeEventListener" | "querySelector">} [target]  where the one listener goes */
  constructor(target = document) {
    this.page = target;
    /** @type {{binding: KeyBinding, precedence: number}[]} in precedence order, then binding order */
    this.bindings = [];
    /** @param {KeyboardEvent} event */
    const onKey = (event) => this.dispatch(event);
    // In the capture phase: the page's keys come before any element's own.
    target.addEventListener("keydown", onKey, true);
    this.detach = () => target.removeEventListener("keydown", onKey, true);
  }

  /**
   * Bind `bindings` at `precedence`; returns the function that unbinds them.
   * @param {number} precedence  one of PRECEDENCE
   * @param {KeyBinding[]} bindings
   * @returns {() => void}
   */
  bind(precedence, bindings) {
    const entries = bindings.map((binding) => ({ binding, precedence }));
    this.bindings.push(...entries);
    this.bindings.sort((a, b) => b.precedence - a.precedence); // stable: binding order kept within a level
    return () => {
      this.bindings = this.bindings.filter((entry) => !entries.includes(entry));
    };
  }

  /**
   * Give the key to the first binding that matches it and applies now.
   * @param {KeyboardEvent} event
   * @returns {boolean} whether a binding took it
   */
  dispatch(event) {
    if (leftAlone(event, this.page)) return false;
    const entry = this.bindings.find(({ binding }) => matches(binding, event));
    if (!entry) return false;
    event.preventDefault();
    event.stopPropagation();
    entry.binding.run(event);
    return true;
  }
}
