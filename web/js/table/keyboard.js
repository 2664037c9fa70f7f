// @ts-check
// Playing with the keyboard alone, and with a screen reader. The table is an
// ARIA grid (a11y.js builds and names it): a row of foundations (with the
// redeal button), then the rows of fans as the layout places them. Each fan and
// foundation is a cell that takes the focus (its top card is the one it plays),
// and one cell at a time is in the tab order (a roving tabindex: Tab enters the
// table where the player left it). The arrows move by place on the screen: Left and Right along a row
// (on to the next row at its end), Up and Down to the nearest cell of the row
// above or below; Home and End go to the ends of a row, Ctrl+Home and Ctrl+End
// to the first and last cells; a fan's number (1 to 9, or two digits typed
// together) goes to that fan; G goes to the hinted card, and a hint asked from
// the keyboard takes the focus there by itself. Enter plays the focused card as
// a click does; Space (or D) picks a destination among the engine's legal ones,
// cycling, and Enter then plays the card there; Escape cancels the pick. N deals
// anew, F1 (or ?) opens the help. A screen reader's click (browse mode sends
// one, with no pointer) plays a card as Enter does.
//
// Ctrl+Z, Ctrl+Y, H and Escape (a message) are in play/shortcuts.js, S and the
// solution player's keys in play/solution.js: all of them bound to the one keymap
// (platform/keymap.js), which says which comes first. Which moves are legal is the
// engine's (state.movable), and so is the card each destination puts the card on
// (state.onto): this file only walks, says and reports the player's choice.

import { cardWord, t } from "../words/i18n.js";
import { announce } from "./a11y.js";
import { SUITS } from "./cards.js";
import { HINT } from "./marks.js";
import { PRECEDENCE } from "../platform/keymap.js";
import { listen, unbindAll } from "../platform/listen.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Card} Card */
/** @typedef {import("../engine/protocol.js").Dest} Dest */
/** @typedef {{x: number, y: number, w: number, h: number}} Rect */
/**
 * A cell of the grid: `key` names it ("fan:3", "foundation:C", "redeal"), `row` is
 * its row (0: the foundations), `rect` where it lies, `target` what takes the focus
 * (the fan's or foundation's element, the redeal button), `card` the card it plays.
 * @typedef {{key: string, row: number, rect: Rect, target: HTMLElement, card: Card | null}} Cell
 */

/**
 * What the table's keys are for.
 * @typedef {object} CardKeyHandlers
 * @property {() => State | null} state  the engine state on the table
 * @property {() => boolean} enabled  the table's keys are ignored while false
 * @property {(card: Card) => unknown} click  play a card as a click does
 * @property {(card: Card, to: Dest) => unknown} play  play a card to a destination
 * @property {() => unknown} newDeal  N
 * @property {() => unknown} help  F1 and ?
 */

const DIGITS_MS = 900; // two digits typed within this are one fan's number

/** Whether the player's last input was the keyboard (platform/input.js): the focus then follows the play. */
const byKeyboard = () => document.documentElement.dataset.input === "keyboard";
const POINTER_MS = 700; // a click this soon after a press is the pointer's (drag.js), not a screen reader's

/**
 * Bind the table's keys; `update` follows each state drawn, `unbind` undoes it all.
 * @param {HTMLElement} root
 * @param {import("./render.js").TableView} view
 * @param {CardKeyHandlers} handlers
 * @param {import("../platform/keymap.js").Keymap} keymap
 */
export function bindCardKeys(root, view, handlers, keymap) {
  let focusKey = ""; // the cell in the tab order
  /** @type {{card: Card, options: Dest[], index: number} | null} */
  let pick = null; // while choosing a destination
  let toldHow = false; // how a pick is played was said once
  let digits = ""; // a fan's number being typed
  let digitsAt = 0;
  let pressedAt = -Infinity; // the pointer's last press on the table
  /** @type {Element | null} */
  let hinted = null; // the hint's mark last seen

  /** Every cell of the table as laid out, in rows. @returns {Cell[]} */
  function cells() {
    const layout = view.layout;
    const state = handlers.state();
    if (!layout || !state) return [];
    /** @type {Cell[]} */
    const list = [];
    // The free cells first (Free Fan): the foundation row holds them at its left.
    view.freeCells.elements.forEach((target, i) => {
      const { x, y } = layout.cells[i] ?? { x: 0, y: 0 };
      const rect = { x, y, w: layout.cardW, h: layout.cardH };
      list.push({ key: `cell:${i + 1}`, row: 0, rect, target, card: state.cells?.[i] ?? null });
    });
    SUITS.forEach((suit, i) => {
      const target = view.foundationElements.get(suit);
      const { x, y } = layout.foundations[i];
      const rect = { x, y, w: layout.cardW, h: layout.cardH };
      if (target) list.push({ key: `foundation:${suit}`, row: 0, rect, target, card: state.foundations[i]?.top ?? null });
    });
    const redeal = view.redeal;
    if (redeal && !redeal.hidden && redeal.offsetWidth) {
      const rect = { x: redeal.offsetLeft, y: redeal.offsetTop, w: redeal.offsetWidth, h: redeal.offsetHeight };
      list.push({ key: "redeal", row: 0, rect, target: redeal, card: null });
    }
    view.fanElements.forEach((target, i) => {
      const place = layout.fans[i];
      const row = 1 + Math.floor(i / layout.columns);
      if (place) list.push({ key: `fan:${i + 1}`, row, rect: place.cell, target, card: state.fans[i]?.at(-1) ?? null });
    });
    return list;
  }

  /** The cell `element` is or lies in (a card: the fan or foundation it lies in). @param {Element | null} element */
  function cellKeyOf(element) {
    if (!(element instanceof HTMLElement) || !root.contains(element)) return null;
    if (element === view.redeal) return "redeal";
    if (element.dataset.fan) return `fan:${element.dataset.fan}`;
    if (element.dataset.cell) return `cell:${element.dataset.cell}`;
    if (element.dataset.foundation) return `foundation:${element.dataset.foundation}`;
    const where = element.dataset.where;
    if (!element.classList.contains("card") || !where) return null;
    if (where === "cell") return `cell:${1 + (handlers.state()?.cells?.indexOf(element.dataset.card ?? "") ?? 0)}`;
    return where === "F" ? `foundation:${(element.dataset.card ?? "").slice(-1)}` : `fan:${where}`;
  }

  function clearPick() {
    if (!pick) return;
    pick = null;
    view.highlight("is-target", null, []);
    root.classList.remove("table--picking");
  }

  /**
   * Make `key`'s cell the one in the tab order (and give it the focus when `move`).
   * @param {string} key @param {{move?: boolean, all?: Cell[]}} [options]
   */
  function setFocus(key, { move = true, all = cells() } = {}) {
    const cell = all.find((each) => each.key === key) ?? all.find((each) => each.key.startsWith("fan:")) ?? all[0];
    if (!cell) return;
    focusKey = cell.key;
    const targets = new Set(all.map((each) => each.target));
    for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll("[tabindex]"))) {
      if (element !== root && !targets.has(element)) element.removeAttribute("tabindex");
    }
    for (const each of all) each.target.tabIndex = each === cell ? 0 : -1;
    if (move && document.activeElement !== cell.target) cell.target.focus({ preventScroll: true });
  }

  /** Whether the focus is on the table, or nowhere (as after a card it was on moved). */
  const focusHere = () => {
    const active = document.activeElement;
    return !active || active === document.body || root.contains(active);
  };

  // After each drawn state: the focus stays on its cell (a played card's fan
  // then offers its next card).
  /** @param {State} state */
  function update(state) {
    clearPick();
    const all = cells();
    if (!all.some((cell) => cell.key === focusKey)) {
      // At first, the first fan whose card can move.
      focusKey = all.find((cell) => cell.key.startsWith("fan:") && cell.card && state.movable[cell.card])?.key ?? "";
    }
    // The keyboard's player keeps the focus on the cell (a played card's fan shows its next card).
    setFocus(focusKey, { move: byKeyboard() && focusHere(), all });
  }

  /**
   * The cell next to `from` towards `direction`, by place on the screen, or null at an edge.
   * @param {Cell[]} all @param {Cell} from @param {"left" | "right" | "up" | "down"} direction
   */
  function neighbour(all, from, direction) {
    const rows = [...new Set(all.map((cell) => cell.row))].sort((a, b) => a - b);
    const inRow = (/** @type {number} */ row) => all.filter((cell) => cell.row === row).sort((a, b) => a.rect.x - b.rect.x);
    const at = rows.indexOf(from.row);
    if (direction === "left" || direction === "right") {
      const row = inRow(from.row);
      const next = row[row.indexOf(from) + (direction === "right" ? 1 : -1)];
      if (next) return next;
      const other = rows[at + (direction === "right" ? 1 : -1)]; // on to the next row's first, or the last row's last
      if (other === undefined) return null;
      const cellsThere = inRow(other);
      return direction === "right" ? cellsThere[0] : cellsThere[cellsThere.length - 1];
    }
    const other = rows[at + (direction === "down" ? 1 : -1)];
    if (other === undefined) return null;
    const middle = (/** @type {Cell} */ cell) => cell.rect.x + cell.rect.w / 2;
    return inRow(other).reduce((best, cell) => (Math.abs(middle(cell) - middle(from)) < Math.abs(middle(best) - middle(from)) ? cell : best));
  }

  /** @param {"left" | "right" | "up" | "down" | "home" | "end" | "first" | "last"} where */
  function go(where) {
    const all = cells();
    const from = all.find((cell) => cell.key === focusKey) ?? all[0];
    if (!from) return;
    const row = all.filter((cell) => cell.row === from.row).sort((a, b) => a.rect.x - b.rect.x);
    const lastRow = Math.max(...all.map((cell) => cell.row));
    let to;
    if (where === "home") to = row[0];
    else if (where === "end") to = row[row.length - 1];
    else if (where === "first") to = all.filter((cell) => cell.row === 0).sort((a, b) => a.rect.x - b.rect.x)[0];
    else if (where === "last") to = all.filter((cell) => cell.row === lastRow).sort((a, b) => b.rect.x - a.rect.x)[0];
    else to = neighbour(all, from, where);
    if (!to) return;
    clearPick();
    setFocus(to.key, { all });
  }

  /** A digit of a fan's number: alone, or after another typed just before. @param {string} digit */
  function fanNumber(digit) {
    const count = handlers.state()?.fans.length ?? 0;
    const now = performance.now();
    const joined = now - digitsAt < DIGITS_MS ? digits + digit : digit;
    digits = Number(joined) >= 1 && Number(joined) <= count ? joined : digit;
    digitsAt = now;
    const number = Number(digits);
    if (number >= 1 && number <= count) {
      clearPick();
      setFocus(`fan:${number}`);
    }
  }

  /** To the hinted card (or the redeal button when a redeal is hinted). */
  function toHint() {
    const mark = root.querySelector(`.card.${HINT}, .redeal.is-hint`);
    const key = cellKeyOf(mark);
    if (!key) {
      announce(t("keys.noHint"));
      return;
    }
    clearPick();
    setFocus(key);
  }

  /** A destination in words, with the card a move there goes onto (the engine's state.onto). @param {Dest} to @param {Card | null} onto */
  function destinationText(to, onto) {
    if (to === "F") return t("keys.destFoundation");
    if (to === "cell") return t("keys.destCell");
    return onto ? t("keys.destFan", { fan: to, target: cardWord(onto) }) : t("keys.destEmpty", { fan: to });
  }

  /** @param {Card} card */
  function choose(card) {
    const state = handlers.state();
    if (!state) return;
    if (!pick || pick.card !== card) {
      const options = state.movable[card] ?? [];
      if (!options.length) {
        announce(t("keys.noDestination", { card: cardWord(card) }));
        return;
      }
      pick = { card, options, index: 0 };
    } else {
      pick.index = (pick.index + 1) % pick.options.length;
    }
    const to = pick.options[pick.index];
    view.highlight("is-target", card, [to]);
    root.classList.add("table--picking");
    const onto = state.onto[card]?.[pick.index] ?? null;
    // How to finish a pick is said the first time only.
    const how = toldHow ? "" : ` ${t("keys.pickHow")}`;
    toldHow = true;
    announce(`${t("keys.destination", { destination: destinationText(to, onto) })}${how}`);
  }

  /** Play `card` as a click does, or say why it cannot move. @param {Card} card */
  function activate(card) {
    if (pick && pick.card === card) {
      const to = pick.options[pick.index];
      clearPick();
      handlers.play(card, to);
    } else if (handlers.state()?.movable[card]) {
      clearPick();
      handlers.click(card);
    } else {
      announce(t("keys.noDestination", { card: cardWord(card) }));
    }
  }

  /** The element a key event went to. @param {KeyboardEvent} event */
  const targetOf = (event) => /** @type {HTMLElement} */ (event.target);
  /** The card a key plays: its cell's, when it went to a cell with a card. @param {Event} event */
  const cardOf = (event) => {
    const key = cellKeyOf(/** @type {Element} */ (event.target));
    return key ? (cells().find((cell) => cell.key === key)?.card ?? null) : null;
  };
  /** Whether the key went to no control: a cell of the table, the table or the page itself. @param {KeyboardEvent} event */
  const free = (event) => {
    const target = targetOf(event);
    if (target === document.body || target === root || target === document.documentElement) return true;
    return cellKeyOf(target) !== null && target !== view.redeal;
  };
  /** Whether the key went to the table's grid: a cell, or the redeal button in it. @param {KeyboardEvent} event */
  const inGrid = (event) => free(event) || targetOf(event) === view.redeal;
  /** A key for the table: not from the message panel, and only while the table takes moves. @param {KeyboardEvent} event */
  const playing = (event) => !targetOf(event).closest?.("#panel") && handlers.enabled();
  /** @type {Record<string, "left" | "right" | "up" | "down">} */
  const ARROWS = { ArrowLeft: "left", ArrowRight: "right", ArrowUp: "up", ArrowDown: "down" };

  /** @type {import("../platform/keymap.js").KeyBinding[]} */
  const bindings = [
    { keys: ["F1"], run: () => handlers.help() },
    { keys: ["?"], when: free, run: () => handlers.help() },
    { keys: ["n"], shift: false, when: (event) => playing(event) && free(event), run: () => handlers.newDeal() },
    {
      keys: Object.keys(ARROWS),
      when: (event) => playing(event) && inGrid(event),
      run: (event) => go(ARROWS[event.key]),
    },
    { keys: ["Home", "End"], when: (event) => playing(event) && inGrid(event), run: (event) => go(event.key === "Home" ? "home" : "end") },
    {
      keys: ["Home", "End"],
      command: true,
      when: (event) => playing(event) && inGrid(event),
      run: (event) => go(event.key === "Home" ? "first" : "last"),
    },
    {
      keys: ["1", "2", "3", "4", "5", "6", "7", "8", "9", "0"],
      when: (event) => playing(event) && inGrid(event),
      run: (event) => fanNumber(event.key),
    },
    { keys: ["g"], shift: false, when: (event) => playing(event) && inGrid(event), run: () => toHint() },
    {
      keys: [" ", "d"],
      when: (event) => playing(event) && cardOf(event) !== null,
      run: (event) => choose(/** @type {Card} */ (cardOf(event))),
    },
    {
      keys: ["Enter"],
      when: (event) => playing(event) && cardOf(event) !== null,
      run: (event) => activate(/** @type {Card} */ (cardOf(event))),
    },
    {
      keys: ["Escape"],
      when: (event) => playing(event) && free(event) && pick !== null,
      run: () => {
        clearPick();
        announce(t("keys.cancelled"));
      },
    },
  ];

  /** A cell that gets the focus (Tab, a click) becomes the one the keys start from. @param {FocusEvent} event */
  function onFocus(event) {
    const key = cellKeyOf(/** @type {Element} */ (event.target));
    if (key && key !== focusKey) {
      clearPick();
      setFocus(key, { move: false });
    }
  }
  const onPointer = () => {
    pressedAt = performance.now();
    clearPick();
  };
  /** A click on a cell with no press before it: a screen reader's, in browse mode. @param {MouseEvent} event */
  function onClick(event) {
    if (performance.now() - pressedAt < POINTER_MS || !handlers.enabled()) return;
    const key = cellKeyOf(/** @type {Element} */ (event.target));
    const card = cardOf(event);
    if (!key || key === "redeal" || !card) return;
    setFocus(key, { move: false });
    activate(card);
  }
  // A hint asked from the keyboard takes the focus to its card (or the redeal button).
  const watchHint = new MutationObserver(() => {
    const mark = root.querySelector(`.card.${HINT}, .redeal.is-hint`);
    if (mark === hinted) return;
    hinted = mark;
    const key = cellKeyOf(mark);
    if (key && byKeyboard() && focusHere()) setFocus(key);
  });
  watchHint.observe(root, { attributes: true, attributeFilter: ["class"], subtree: true });

  return {
    update,
    unbind: unbindAll([
      keymap.bind(PRECEDENCE.table, bindings),
      listen(root, "focusin", onFocus),
      listen(root, "pointerdown", onPointer, { capture: true }),
      listen(root, "click", onClick),
      () => watchHint.disconnect(),
    ]),
  };
}
