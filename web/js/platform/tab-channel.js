// @ts-check
// The tabs' channel (BroadcastChannel): "Play here" asks the owner to hand the
// game over ("yield"), and an owner that goes says so ("released"), each message
// signed with the sending tab's id (ownership.js).

const CHANNEL = "cloverleaf.tabs";

/** @typedef {{type: "yield" | "released", from: string}} TabMessage */

/** A new tab's id: random, so two tabs opened at once never share one. */
export function newTabId() {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `${a.toString(36)}${b.toString(36)}`;
}

/** The tabs' channel, or null where there is none (or it may not be opened here). */
export function openChannel() {
  try {
    return typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  } catch {
    return null;
  }
}

/**
 * Tell the other tabs `type`, from tab `from` (nothing when there is no channel).
 * @param {BroadcastChannel | null} channel @param {TabMessage["type"]} type @param {string} from
 */
export function tellTabs(channel, type, from) {
  try {
    channel?.postMessage({ type, from });
  } catch {
    // the channel is closed (the page is going away)
  }
}
