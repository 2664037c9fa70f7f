// @ts-check
// Playing with the keyboard alone. The cards that can move form one row that the
// arrow keys walk (a roving tabindex: Tab enters the table at the card last
// chosen); Enter plays the focused card as a click does; Space (or D) picks a
// destination among the engine's legal ones, cycling, and Enter then plays the
// card there; Escape cancels the pick. N deals anew, F1 (or ?) opens the help.
// Ctrl+Z, Ctrl+Y and H are in play/shortcuts.js, S (the solution) in
// play/solution.js. Which moves are legal is the engine's (state.movable); this
// file only walks and reports the player's choice.

import { cardWord, t } from "../words/i18n.js";
import { announce } from "./a11y.js";

// handlers: {
//   state(): the engine state on the table (or null)
//   enabled(): keys are ignored while false
//   click(card): play a card as a click does
//   play(card, to): play a card to a destination ("F" or a fan number)
//   newDeal(), help(): the N and F1 shortcuts
// }
export function bindCardKeys(root, view, handlers) {
  /** @type {string | null} */
  let focusCard = null; // the card with tabindex 0
  /** @type {{card: string, options: any[], index: number} | null} */
  let pick = null; // while choosing a destination
  let keyboard = false; // the player is playing with the keyboard

  const movableCards = (state) => {
    const cards = Object.keys(state?.movable ?? {}).filter((card) => (state.movable[card] ?? []).length);
    const rank = (card) => {
      const where = view.placeOf(card)?.where ?? "F";
      return where === "F" ? 1000 : Number(where);
    };
    return cards.sort((a, b) => rank(a) - rank(b));
  };

  function clearPick() {
    if (!pick) return;
    pick = null;
    view.highlight("is-target", null, []);
    root.classList.remove("table--picking");
  }

  function setFocus(card, { move = true } = {}) {
    focusCard = card;
    for (const element of root.querySelectorAll(".card[tabindex='0']")) {
      if (element.dataset.card !== card) element.tabIndex = -1;
    }
    const element = card ? view.cardElement(card) : null;
    if (!element) return;
    element.tabIndex = 0;
    if (move) element.focus({ preventScroll: true });
  }

  // After each drawn state: movable cards are buttons in the tab order (one at a
  // time), the rest are images; the focus stays on a card the player can use.
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
    const hadFocus = keyboard && (!active || active === document.body || active.classList?.contains("card") || active === root);
    if (focusCard === null || !movable.has(focusCard)) {
      // The nearest movable card after the old one in the row, else the first.
      const old = focusCard ? view.placeOf(focusCard) : null;
      const after = old && old.where !== "F" ? cards.find((card) => Number(view.placeOf(card)?.where) >= Number(old.where)) : null;
      focusCard = after ?? cards[0] ?? null;
    }
    setFocus(focusCard, { move: hadFocus && Boolean(focusCard) && document.activeElement !== view.cardElement(focusCard) });
  }

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

  function destinationText(card, to, state) {
    if (to === "F") return t("keys.destFoundation");
    const fan = state.fans[to - 1] ?? [];
    const top = fan[fan.length - 1];
    return top ? t("keys.destFan", { fan: to, target: cardWord(top) }) : t("keys.destEmpty", { fan: to });
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
    announce(t("keys.destination", { destination: destinationText(card, to, state) }));
  }

  function onKey(event) {
    if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target;
    if (target.closest?.("input, textarea, select") || document.querySelector("dialog[open]")) return;
    const key = event.key;
    if (key === "F1") {
      event.preventDefault();
      handlers.help();
      return;
    }
    if (target.closest?.("#panel")) return;
    const onCard = Boolean(target.classList?.contains("card") && root.contains(target));
    const free = onCard || target === document.body || target === root || target === document.documentElement;
    if (key === "?" && free) {
      event.preventDefault();
      handlers.help();
      return;
    }
    if (!handlers.enabled()) return;
    if (free && (key === "n" || key === "N") && !event.shiftKey) {
      event.preventDefault();
      handlers.newDeal();
      return;
    }
    if (!free) return;
    if (key === "ArrowRight" || key === "ArrowDown" || key === "ArrowLeft" || key === "ArrowUp") {
      event.preventDefault();
      keyboard = true;
      step(key === "ArrowRight" || key === "ArrowDown" ? 1 : -1);
    } else if (onCard && (key === " " || key === "d" || key === "D")) {
      event.preventDefault();
      keyboard = true;
      choose();
    } else if (onCard && key === "Enter") {
      event.preventDefault();
      keyboard = true;
      const card = target.dataset.card;
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
    } else if (key === "Escape" && pick) {
      event.preventDefault();
      clearPick();
      announce(t("keys.cancelled"));
    }
  }

  // A card that gets focus (Tab, a click) becomes the one the arrows start from.
  function onFocus(event) {
    const card = event.target.classList?.contains("card") ? event.target.dataset.card : null;
    if (card && card !== focusCard && handlers.state()?.movable[card]) {
      clearPick();
      setFocus(card, { move: false });
    }
  }
  const onPointer = () => {
    keyboard = false;
    clearPick();
  };

  document.addEventListener("keydown", onKey);
  root.addEventListener("focusin", onFocus);
  root.addEventListener("pointerdown", onPointer, true);
  return {
    update,
    unbind() {
      document.removeEventListener("keydown", onKey);
      root.removeEventListener("focusin", onFocus);
      root.removeEventListener("pointerdown", onPointer, true);
    },
  };
}
