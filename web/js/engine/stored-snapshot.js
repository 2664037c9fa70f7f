// @ts-check
// The memory snapshot build.sh made (Python started, our package imported), but
// only when the service worker has already stored it: restoring it skips most of
// the start-up, yet it is a 5 MB download, which a first visit should not wait for
// (on a phone's 4G it would cost about as much as it saves). The service worker
// stores it with the rest of the app after the first start, inflated once
// (web/sw.js); one still gzipped (stored by an older service worker, or not yet
// inflated) is inflated here, which checks its CRC. Its bytes are checked against
// the build's SHA-256 (off this thread, while the rest loads): damaged bytes are
// refused, and Python starts the usual way.
//
// A stored snapshot that could not be used is fetched again by the service worker
// (web/sw.js checks every stored file), once the start is over (healStoredFiles):
// the next start restores it instead of starting Python the slow way again.

import { isSparseSnapshot, readSnapshot } from "./snapshot-format.js";
import { networkFetch } from "./downloads.js";
import { log, mark } from "./to-page.js";
import { errorText } from "./engine-error.js";

/** @typedef {import("./snapshot-format.js").SparseSnapshot} Snapshot */

let refused = false;

/**
 * The stored snapshot at `url`, read and checked against `sha256`; null when there
 * is none (no `url`: the build made none) or it cannot be used. `stored`: the
 * service worker controls the page, so it stored every file of the app: a snapshot
 * missing then was dropped (a browser's clean-up, or found damaged while offline)
 * and is fetched again after the start, as a refused one is.
 * @param {string | null} url @param {string} sha256 @param {boolean} stored
 * @returns {Promise<Snapshot | null>}
 */
export async function storedSnapshot(url, sha256, stored) {
  if (!url || !self.caches) return null;
  try {
    const response = await caches.match(url);
    if (!response?.ok) {
      if (stored) throw new Error("it is missing from the service worker's cache");
      return null;
    }
    let bytes = new Uint8Array(await response.arrayBuffer());
    mark("snapshot-read");
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
      const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      bytes = new Uint8Array(await new Response(inflated).arrayBuffer());
      mark("snapshot-inflated");
    }
    if (!isSparseSnapshot(bytes)) throw new Error("not a snapshot of this build");
    const digest = crypto.subtle.digest("SHA-256", bytes);
    const snapshot = readSnapshot(bytes);
    const hex = Array.from(new Uint8Array(await digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
    if (hex !== sha256) throw new Error("its bytes are damaged");
    mark("snapshot-checked");
    return snapshot;
  } catch (error) {
    log("warn", `start-up snapshot not used: ${errorText(error)}`);
    refused = true;
    return null;
  }
}

/** Whether a stored snapshot could not be used, or was missing (the service worker should fetch it again). */
export function snapshotRefused() {
  return refused;
}

/** Ask the service worker to check its stored files and fetch the damaged ones again (`healUrl`: its address). @param {string} healUrl */
export function healStoredFiles(healUrl) {
  networkFetch(healUrl).catch(() => {});
}
