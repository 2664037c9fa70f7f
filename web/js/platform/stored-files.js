// @ts-check
// The files the service worker stored (web/sw.js), checked when a start fails.
//
// A start can fail because a stored file is damaged (a disk, a browser's bug):
// the runtime does not compile, a script does not import. The service worker
// then checks every stored file against the build's digest of it, drops each
// damaged one and fetches it again; this asks it to, and says what it found.
// Once repaired, the page loads again by itself (once a minute at most, so a
// fault that no repair mends never turns into a loop of reloads).

/**
 * What the service worker found and did (sw.js heal()).
 * @typedef {{damaged: string[], missing: string[], repaired: number, unrepaired: string[]}} Healed
 */

/**
 * The header on the service worker's stand-in for a stored file that is damaged
 * and could not be fetched again (web/sw.js): a page, a script, or an empty 503.
 */
export const DAMAGED = "X-Cloverleaf-Damaged";

const RELOADED_KEY = "cloverleaf.repairReload";
const RELOAD_GUARD_MS = 60_000;

/**
 * Every stored file checked, the damaged ones fetched again; null when no
 * service worker controls the page (nothing is stored) or it could not answer.
 * @returns {Promise<Healed | null>}
 */
export async function checkStoredFiles() {
  if (!navigator.serviceWorker?.controller) return null;
  try {
    const response = await fetch(new URL("__heal__", document.baseURI), { cache: "no-store" });
    const healed = await response.json();
    if (!Array.isArray(healed?.unrepaired)) return null;
    console.warn(`stored files: ${JSON.stringify(healed)}`);
    return healed;
  } catch {
    return null;
  }
}

/**
 * Load the page again after a repair, unless it did so less than a minute ago
 * (or cannot tell: no session storage); true when it reloads.
 */
export function reloadAfterRepair() {
  try {
    const last = Number(sessionStorage.getItem(RELOADED_KEY));
    if (last && Date.now() - last < RELOAD_GUARD_MS) return false;
    sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  } catch {
    return false;
  }
  location.reload();
  return true;
}
