// @ts-check
// Playing with the keyboard alone. The cards that can move form one row that the
// arrow keys walk (a roving tabindex: Tab enters the table at the card last
// chosen); Enter plays the focused card as a click does; Space (or D) picks a
// destination among the engine's legal ones, cycling, and Enter then plays the
// card there; Escape cancels the pick. N deals anew, F1 (or ?) opens the help.
// Ctrl+Z, Ctrl+Y, H and Escape (a message) are in play/shortcuts.js, S and the
// solution player's keys in play/solution.js: all of them bound to the one keymap
// (platform/keymap.js), which says which comes first. Which moves are legal is the
// engine's (state.movable), and so is the card each destination puts the card on
// (state.onto): this file only walks, says and reports the player's choice.

import { cardWord, t } from "../words/i18n.js";
import { announce } from "./a11y.js";
import { PRECEDENCE } from "../platform/keymap.js";
import { listen, unbindAll } from "../platform/listen.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Card} Card */
/** @typedef {import("../engine/protocol.js").Dest} Dest */

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

/**
 * Bind the table's keys; `update` follows each state drawn, `unbind` undoes it all.
 * @param {HTMLElement} root
 * @param {import("./render.js").TableView} view
 * @param {CardKeyHandlers} handlers
 * @param {import("../platform/keymap.js").Keymap} keymap
 */
export function bindCardKeys(root, view, handlers, keymap) {
  /** @type {string | null} */
  let focusCard = null; // the card with tabindex 0
  /** @type {{card: Card, options: Dest[], index: number} | null} */
  let pick = null; // while choosing a destination
  let keyboard = false; // the player is playing with the keyboard

  const movableCards = (/** @type {State | null} */ state) => {
    const cards = Object.keys(state?.movable ?? {}).filter((card) => (state?.movable[card] ?? []).length);
    const rank = (/** @type {Card} */ card) => {
      const where = view.placeOf(card)?.where ?? "F";
      return where === "F" ? 1000 : where === "cell" ? 999 : Number(where); // the free cells after the fans
    };
    return cards.sort((a, b) => rank(a) - rank(b));
  };

  function clearPick() {
    if (!pick) return;
    pick = null;
    view.highlight("is-target", null, []);
    root.classList.remove("table--picking");
  }

  /** @param {Card | null} card @param {{move?: boolean}} [options] */
  function setFocus(card, { move = true } = {}) {
    focusCard = card;
    for (const element of /** @type {NodeListOf<HTMLElement>} */ (root.querySelectorAll(".card[tabindex='0']"))) {
      if (element.dataset.card !== card) element.tabIndex = -1;
    }
    const element = card ? view.cardElement(card) : null;
    if (!element) return;
    element.tabIndex = 0;
    if (move) element.focus({ preventScroll: true });
  }

  // After each drawn state: movable cards are buttons in the tab order (one at a
  // time), the rest are images; the focus stays on a card the player can use.
  /** @param {State} state */
  function update(state) {
    clearPick();
    const cards = movableCards(state);
    const movable = new Set(cards);
    for (const [card, element] of view.cards) {
      if (movable.has(card)) {
        element.setAttribute("role", "button");
        if (!element.hasAttribute("tabindex")) element.tabIndex = -1;
      } else {
        element.setAttribute("role", "img");
        element.removeAttribute("tabindex");
      }
    }
    const active = document.activeElement;
    const hadFocus = keyboard && (!active || active === document.body || active.classList.contains("card") || active === root);
    if (focusCard === null || !movable.has(focusCard)) {
      // The nearest movable card after the old one in the row, else the first.
      const old = focusCard ? view.placeOf(focusCard) : null;
      const after = old && old.where !== "F" ? cards.find((card) => Number(view.placeOf(card)?.where) >= Number(old.where)) : null;
      focusCard = after ?? cards[0] ?? null;
    }
    setFocus(focusCard, { move: hadFocus && Boolean(focusCard) && document.activeElement !== view.cardElement(focusCard) });
  }

  /** @param {number} delta */
  function step(delta) {
    const cards = movableCards(handlers.state());
    if (!cards.length) {
      announce(t("keys.noCards"));
      return;
    }
    const at = focusCard === null ? -1 : cards.indexOf(focusCard);
    const next = at < 0 ? cards[0] : cards[(at + delta + cards.length) % cards.length];
    clearPick();
    setFocus(next);
  }

  /** A destination in words, with the card a move there goes onto (the engine's state.onto). @param {Dest} to @param {Card | null} onto */
  function destinationText(to, onto) {
    if (to === "F") return t("keys.destFoundation");
    if (to === "cell") return t("keys.destCell");
    return onto ? t("keys.destFan", { fan: to, target: cardWord(onto) }) : t("keys.destEmpty", { fan: to });
  }

  function choose() {
    const state = handlers.state();
    const card = focusCard;
    if (!state || !card) return;
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
    announce(t("keys.destination", { destination: destinationText(to, onto) }));
  }

  /** The element a key event went to. @param {KeyboardEvent} event */
  const targetOf = (event) => /** @type {HTMLElement} */ (event.target);
  /** Whether the key went to a card of the table. @param {KeyboardEvent} event */
  const onCard = (event) => Boolean(targetOf(event).classList?.contains("card") && root.contains(targetOf(event)));
  /** Whether the key went to no control: a card, the table or the page itself. @param {KeyboardEvent} event */
  const free = (event) => {
    const target = targetOf(event);
    return onCard(event) || target === document.body || target === root || target === document.documentElement;
  };
  /** A key for the table: not from the message panel, and only while the table takes moves. @param {KeyboardEvent} event */
  const playing = (event) => !targetOf(event).closest?.("#panel") && handlers.enabled();

  /** @param {KeyboardEvent} event */
  function enter(event) {
    keyboard = true;
    const card = /** @type {string} */ (targetOf(event).dataset.card);
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

  /** @type {import("../platform/keymap.js").KeyBinding[]} */
  const bindings = [
    { keys: ["F1"], run: () => handlers.help() },
    { keys: ["?"], when: free, run: () => handlers.help() },
    { keys: ["n"], shift: false, when: (event) => playing(event) && free(event), run: () => handlers.newDeal() },
    {
      keys: ["ArrowRight", "ArrowDown", "ArrowLeft", "ArrowUp"],
      when: (event) => playing(event) && free(event),
      run: (event) => {
        keyboard = true;
        step(event.key === "ArrowRight" || event.key === "ArrowDown" ? 1 : -1);
      },
    },
    {
      keys: [" ", "d"],
      when: (event) => playing(event) && onCard(event),
      run: () => {
        keyboard = true;
        choose();
      },
    },
    { keys: ["Enter"], when: (event) => playing(event) && onCard(event), run: enter },
    {
      keys: ["Escape"],
      when: (event) => playing(event) && free(event) && pick !== null,
      run: () => {
        clearPick();
        announce(t("keys.cancelled"));
      },
    },
  ];

  /** A card that gets focus (Tab, a click) becomes the one the arrows start from. @param {FocusEvent} event */
  function onFocus(event) {
    const target = /** @type {HTMLElement} */ (event.target);
    const card = target.classList?.contains("card") ? target.dataset.card : null;
    if (card && card !== focusCard && handlers.state()?.movable[card]) {
      clearPick();
      setFocus(card, { move: false });
    }
  }
  const onPointer = () => {
    keyboard = false;
    clearPick();
  };

  return {
    update,
    unbind: unbindAll([
      keymap.bind(PRECEDENCE.table, bindings),
      listen(root, "focusin", onFocus),
      listen(root, "pointerdown", onPointer, { capture: true }),
    ]),
  };
}
