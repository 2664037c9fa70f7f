// @ts-check
// Sharing the deal on the table: its address (#game/deal), which opens the same
// deal anywhere, alone or with the result of a won game. On a phone the system's share sheet (Web Share API); elsewhere,
// or when there is none, the clipboard; when even that is refused, the link is
// shown to copy by hand.

import { addressFor } from "./address.js";
import { gameName } from "../panels/bar.js";
import { t } from "../words/i18n.js";
import { notice } from "../panels/notice.js";
import { errorName } from "../engine/engine-error.js";

/** @typedef {import("../engine/protocol.js").State} State */

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
  const title = t("share.title", { game: gameName(state.game, state.gameName), deal: state.deal });
  await share(title, null, dealLink(state));
}

/**
 * Share a won game: "Clover Leaf #617 won in 44 moves, 2:31" and the deal's address,
 * so a friend can try the same deal.
 * @param {State} state
 * @param {string} time  the time it took, as the clock shows it
 */
export async function shareResult(state, time) {
  if (!state.deal) return;
  const text = t("share.result", {
    game: gameName(state.game, state.gameName),
    deal: state.deal,
    moves: t("status.moves", { count: state.moves }),
    time,
  });
  await share(text, text, dealLink(state));
}

/**
 * The share sheet on a phone; elsewhere, or when it fails, the clipboard
 * (text and link on one line); when even that is refused, the words to copy by hand.
 * @param {string} title
 * @param {string | null} text  the words before the link (null: the link alone)
 * @param {string} link
 */
async function share(title, text, link) {
  if (shareSheet()) {
    const data = text ? { title, text, url: link } : { title, url: link };
    try {
      await navigator.share(data);
      return;
    } catch (error) {
      if (errorName(error) === "AbortError") return; // the player closed the sheet
    }
  }
  const copied = text ? `${text} ${link}` : link;
  try {
    await navigator.clipboard.writeText(copied);
    notice(t("about.copied", { link: copied }), 5000);
  } catch {
    notice(t("about.copyFailed", { link: copied }), 12000);
  }
}
