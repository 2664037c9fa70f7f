// @ts-check
// Sharing the deal on the table: its address (#game/deal), which opens the same
// deal anywhere. On a phone the system's share sheet (Web Share API); elsewhere,
// or when there is none, the clipboard; when even that is refused, the link is
// shown to copy by hand.

import { addressFor } from "./address.js";
import { gameName } from "./bar.js";
import { t } from "./i18n.js";
import { notice } from "./notice.js";

/** @typedef {import("./protocol.js").State} State */

/**
 * The deal's address: this page's, with the deal after the #.
 * @param {State} state
 */
export function dealLink(state) {
  return location.href.replace(/#.*$/, "") + addressFor(state.game, state.deal);
}

/** Whether the share sheet suits this device: it has one, and a touch screen is its pointer. */
function shareSheet() {
  return typeof navigator.share === "function" && matchMedia("(pointer: coarse)").matches;
}

/**
 * Share the deal on the table.
 * @param {State | null} state
 */
export async function shareDeal(state) {
  if (!state?.deal) return;
  const link = dealLink(state);
  if (shareSheet()) {
    const data = { title: t("share.title", { game: gameName(state.game, state.gameName), deal: state.deal }), url: link };
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (/** @type {any} */ (error)?.name === "AbortError") return; // the player closed the sheet
    }
  }
  try {
    await navigator.clipboard.writeText(link);
    notice(t("about.copied", { link }), 5000);
  } catch {
    notice(t("about.copyFailed", { link }), 12000);
  }
}
