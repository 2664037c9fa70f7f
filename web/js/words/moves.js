// @ts-check
// A move in words, as the engine reports it (the card it goes onto comes with
// it: docs/protocol.md, Values): the lost panel's move that lost the game, the
// solution player's next move, the move an undo took back.

import { cardWord, t } from "./i18n.js";

/** @typedef {import("../engine/protocol.js").Move} Move */

/**
 * A move in words: "seven of hearts onto eight of hearts".
 * @param {Move} move  as the engine reports it, with the card it goes (or went) onto
 * @param {string | null} [onto]  that card, when the report gives it beside the move (lostMove)
 */
export function moveText(move, onto = move.onto ?? null) {
  if (!move.card) return t("move.redeal");
  if (move.to === "F") return t("move.toFoundation", { card: cardWord(move.card) });
  if (move.to === "cell") return t("move.toCell", { card: cardWord(move.card) });
  return onto
    ? t("move.onto", { card: cardWord(move.card), target: cardWord(onto) })
    : t("move.toEmpty", { card: cardWord(move.card) });
}
