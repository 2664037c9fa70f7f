// @ts-check
// A refused or failed request, said to the player in their words. The engine's
// own message (English, with details) goes to the console; what the player reads
// is chosen by the error's kind and reason (protocol.js ErrorKind), never by
// reading the engine's words.

import { EngineError } from "../engine/engine.js";
import { cardWord, t } from "../words/i18n.js";
import { notice } from "./notice.js";

/** @type {(message: string) => void} */
let onUnavailable = () => {};

/**
 * What to do when the engine is gone (start-up's failure screen).
 * @param {(message: string) => void} handler
 */
export function whenUnavailable(handler) {
  onUnavailable = handler;
}

/**
 * The player's sentence for a refused request; `card` is the card it was about.
 * @param {EngineError} error
 * @param {string} [card]
 */
export function refusalText(error, card) {
  if (error.type === "IllegalMove") {
    switch (error.reason) {
      case "covered":
        return card ? t("error.covered", { card: cardWord(card) }) : t("error.illegal");
      case "nowhere":
        return card ? t("error.nowhere", { card: cardWord(card) }) : t("error.illegal");
      case "click-off":
        return t("error.clickOff");
      case "no-undo":
        return t("error.nothingToUndo");
      case "no-redo":
        return t("error.nothingToRedo");
      default:
        return t("error.illegal");
    }
  }
  return t("error.input");
}

/**
 * Tell the player that a request failed (nothing for a cancelled job).
 * @param {unknown} error
 * @param {{card?: string}} [context]
 */
export function report(error, { card } = {}) {
  if (!(error instanceof EngineError)) {
    console.error(error);
    notice(t("error.page"));
    return;
  }
  if (error.type === "Cancelled") return;
  if (error.type === "IllegalMove" || error.type === "InvalidInput") {
    console.info(`game engine: ${error.message}`);
    notice(refusalText(error, card));
  } else if (error.type === "Unavailable") onUnavailable(error.message);
  else if (error.type === "Restarted") notice(t("error.restarted"));
  else {
    console.error(`game engine: ${error.message}`);
    notice(t("error.engine"));
  }
}
