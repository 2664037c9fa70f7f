// @ts-check
// Why a position is lost, in the player's language: the engine's `why` object
// (docs/protocol.md, "Why a position is lost") as one or two sentences. The
// engine decides the reason and its cards; this only words them, from the
// current language's texts (i18n.js), each card named in the form its
// placeholder asks for. The panels that show it light the object's cards.

import { cardWord, formatNumber, listWords, nameCard, t } from "./i18n.js";

/**
 * A lost verdict's reason, as the engine gives it.
 * @typedef {object} Why
 * @property {string} kind  "deadEnd", "suits", "schedule", "capacity", "room", "order" or "search"
 * @property {string[]} cards  the cards that decide it ("5C"), all on the table; none for "search"
 * @property {string} [card]  deadEnd: the card that can never move
 * @property {string[]} [suits]  suits: the suits of the lost projection ("H", "C")
 * @property {{under: string, over: string, after: boolean}} [block]  suits: one card lying under another
 * @property {number} [free]  capacity: the free places
 * @property {number} [limit]  capacity: the most cards a fan holds
 * @property {number} [cases]  order: the levels of cases the proof split
 * @property {number} [lines]  search: the positions the search went through
 */

/** A suit's sign, as the cards on the table show it. */
const SIGNS = { S: "\u2660", H: "\u2665", D: "\u2666", C: "\u2663" };

/**
 * A card as its face shows it ("10\u2665"), the same in every language: a list of
 * cards is read at a glance against the lit cards, and fits a phone's sheet.
 * @param {string} code  "TH"
 */
export function cardFace(code) {
  const rank = code.slice(0, -1);
  return `${rank === "T" ? "10" : rank}${SIGNS[/** @type {keyof typeof SIGNS} */ (code.slice(-1))] ?? ""}`;
}

/**
 * The reason in words; a kind this page does not know gets the plain verdict.
 * @param {Why} why
 * @returns {string}
 */
export function whyText(why) {
  const cards = listWords(why.cards.map(cardFace));
  switch (why.kind) {
    case "deadEnd":
      return t("why.deadEnd", { card: cardWord(why.card ?? why.cards[0]) });
    case "suits": {
      const suits = listWords((why.suits ?? []).map((suit) => t(`suit.${suit}`)));
      const first = t("why.suits", { suits, cards });
      const block = why.block;
      if (!block) return first;
      const under = cardWord(block.under);
      const over = cardWord(block.over);
      return `${first} ${t(block.after ? "why.block.after" : "why.block", { under, over })}`;
    }
    case "capacity":
      return t("why.capacity", { count: why.free ?? 0 });
    case "search":
      return t("why.search", { count: why.lines ?? 0, lines: formatNumber(why.lines ?? 0) });
    case "schedule":
    case "room":
    case "order":
      return t(`why.${why.kind}`, { cards });
    default:
      return t("lost.text");
  }
}

/**
 * The lit cards named in words, for a screen reader (the sentences show them by
 * their faces): "" where none is lit.
 * @param {Why} why
 * @returns {string}
 */
export function litText(why) {
  if (!why.cards.length) return "";
  return t("why.lit", { cards: listWords(why.cards.map((code) => nameCard(code))) });
}
