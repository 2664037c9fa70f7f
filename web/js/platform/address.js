// @ts-check
// The deal in the address bar: "#clover-leaf/123". Parsed as plain strings;
// whether the game exists and the number is valid is for the engine to say. An
// address that cannot even be decoded ("#%zz") is reported, never thrown.

/** @typedef {{game: string, deal: string} | {bad: string}} Address */

/**
 * The deal the address names, null when it names none, or {bad: text}.
 * @param {string} [hash]
 * @returns {Address | null}
 */
export function readAddress(hash = location.hash) {
  const raw = hash.replace(/^#/, "");
  let text;
  try {
    text = decodeURIComponent(raw).trim();
  } catch {
    return { bad: raw.slice(0, 60) }; // a malformed escape such as %zz
  }
  if (!text) return null;
  const match = /^([a-z0-9-]{1,40})\/([^/]{1,40})$/i.exec(text);
  if (!match) return { bad: text.slice(0, 60) };
  return { game: match[1].toLowerCase(), deal: match[2] };
}

/**
 * @param {string} game
 * @param {string | null} deal
 */
export function addressFor(game, deal) {
  return deal ? `#${game}/${deal}` : "";
}

/**
 * Show the current deal in the address without adding a history entry.
 * @param {string} game
 * @param {string | null} deal
 */
export function writeAddress(game, deal) {
  const hash = addressFor(game, deal);
  if (location.hash === hash || (!hash && !location.hash)) return;
  const url = new URL(location.href);
  url.hash = hash;
  history.replaceState(null, "", hash ? url.href : url.href.replace(/#.*$/, ""));
}

/**
 * Load the page again at its address, without the start-up bound a link may carry
 * for the tests (?timeout=N, startup.js): a link that made a start fail with it
 * does not make the reload fail too.
 */
export function reloadPage() {
  const url = new URL(location.href);
  if (!url.searchParams.has("timeout")) return location.reload();
  url.searchParams.delete("timeout");
  location.replace(url.href);
}
