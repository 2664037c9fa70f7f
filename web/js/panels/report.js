// @ts-check
// A refused or failed request, said to the player in their words. The engine's
// own message (English, with details) goes to the console; what the player reads
// is chosen by the error's kind and reason (protocol.js ErrorKind), never by
// reading the engine's words.

import { EngineError } from "../engine/engine.js";
import { cardWord, t } from "../words/i18n.js";
import { notice, shownNotice } from "./notice.js";
import { KEYS, onProblem, readText, writeText } from "../platform/storage.js";

/** The last refusal said, while it may still be on show. */
let refusal = "";

/** A move went through: a refusal still on show no longer applies, and goes. */
export function moveWentThrough() {
  if (refusal && shownNotice() === refusal) notice("");
  refusal = "";
}

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
 * What a refusal is about: the card it was about, and, for a card offered to a
 * fan, that fan's top card (the one it did not go on).
 * @typedef {{card?: string, onto?: string | null}} Refused
 */

/**
 * The player's sentence for a refused request.
 * @param {EngineError} error
 * @param {Refused} [about]
 */
export function refusalText(error, { card, onto } = {}) {
  if (error.type === "IllegalMove") {
    const named = (/** @type {string} */ key, extra = {}) =>
      card ? t(key, { card: cardWord(card), ...extra }) : t("error.illegal");
    switch (error.reason) {
      case "covered":
        return named("error.covered");
      case "nowhere":
        return named("error.nowhere");
      case "build":
        return onto ? named("error.build", { onto: cardWord(onto) }) : t("error.illegal");
      case "full":
        return t("error.full");
      case "empty":
        return named("error.empty");
      case "foundation":
        return named("error.foundation");
      case "cells":
        return t("error.cells");
      case "run":
        return named("error.run");
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
 * Say why a card the player dragged cannot move, in the engine's words (its
 * refusal of a click on that card: covered, or nowhere to go).
 * @param {string} card
 * @param {(card: string) => Promise<unknown>} ask  the engine's "whyStuck" (it always refuses)
 */
export function sayStuck(card, ask) {
  ask(card).catch((error) => report(error, { card }));
}

/**
 * Tell the player that a request failed (nothing for a cancelled job).
 * @param {unknown} error
 * @param {Refused} [about]
 */
export function report(error, about = {}) {
  if (!(error instanceof EngineError)) {
    console.error(error);
    notice(t("error.page"));
    return;
  }
  if (error.type === "Cancelled") return;
  if (error.type === "IllegalMove" || error.type === "InvalidInput") {
    console.info(`game engine: ${error.message}`);
    refusal = refusalText(error, about);
    notice(refusal);
  } else if (error.type === "Unavailable") onUnavailable(error.message);
  else if (error.type === "Restarted") notice(t("error.restarted"));
  else {
    console.error(`game engine: ${error.message}`);
    notice(t("error.engine"));
  }
}

/**
 * What storage and the service worker report, told to the player (`tell` keeps it
 * until the first table is dealt): unreadable stored data set aside, storage
 * unavailable, the app not stored for offline play (said once a build: the
 * browser tries again on a later visit).
 * @param {(words: () => string) => void} tell
 */
export function sayPlatformProblems(tell) {
  onProblem((problem, key) => {
    if (problem === "unavailable") tell(() => t("storage.unavailable"));
    else if (key === KEYS.save) tell(() => t("save.unreadable"));
    else if (key === KEYS.stats) tell(() => t("stats.unreadable"));
    else tell(() => t("storage.unreadable"));
  });
  addEventListener("cloverleaf:offline-unavailable", (event) => {
    const { reason, cache } = /** @type {CustomEvent} */ (event).detail ?? {};
    if (readText(KEYS.offline) === String(cache)) return;
    writeText(KEYS.offline, String(cache));
    tell(() => t(reason === "no-room" ? "offline.noRoom" : "offline.failed"));
  });
}
