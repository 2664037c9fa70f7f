// @ts-check
// A hinted move in the player's language: where the card goes, whether the move
// is only likely (the search could not decide: docs/protocol.md, `likely`), and
// why a redeal is hinted (`redeal`). The engine decides all three; this words them.

import { cardWord, t } from "./i18n.js";

/** @typedef {import("../engine/protocol.js").Move} Move */

/** @type {Readonly<Record<string, string>>} the words of each reason a redeal is hinted for (`redeal`) */
const REDEAL_WORDS = { needed: "hint.redealNeeded", movesAbout: "hint.redealMovesAbout" };

/**
 * @param {Move} move  the hinted move (no card: a redeal)
 * @param {{likely?: boolean, redeal?: string | null}} [why]
 */
export function hintText(move, { likely = false, redeal = null } = {}) {
  let text;
  if (!move.card) text = t(REDEAL_WORDS[redeal ?? ""] ?? "hint.redeal");
  else {
    const card = cardWord(move.card);
    if (move.to === "F") text = t("hint.toFoundation", { card });
    else if (move.to === "cell") text = t("hint.toCell", { card });
    else if (move.onto) text = t("hint.onto", { card, target: cardWord(move.onto) });
    else text = t("hint.toEmpty", { card });
  }
  return likely ? `${text} ${t("hint.likely")}` : text;
}
