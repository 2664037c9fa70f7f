// The deal in the address bar: "#clover-leaf/123". Parsed as plain strings;
// whether the game exists and the number is valid is for the engine to say.

// {game, deal} from the current hash, null when there is none, or {bad: text}.
export function readAddress(hash = location.hash) {
  const text = decodeURIComponent(hash.replace(/^#/, "")).trim();
  if (!text) return null;
  const match = /^([a-z0-9-]{1,40})\/([^/]{1,40})$/i.exec(text);
  if (!match) return { bad: text.slice(0, 60) };
  return { game: match[1].toLowerCase(), deal: match[2] };
}

export function addressFor(game, deal) {
  return deal ? `#${game}/${deal}` : "";
}

// Show the current deal in the address without adding a history entry.
export function writeAddress(game, deal) {
  const hash = addressFor(game, deal);
  if (location.hash === hash || (!hash && !location.hash)) return;
  const url = new URL(location.href);
  url.hash = hash;
  history.replaceState(null, "", hash ? url.href : url.href.replace(/#.*$/, ""));
}
