// @ts-check
// Offline play: registers the service worker (sw.js, written by build.sh) that
// precaches every file of the app, so it starts and plays with no network after
// one visit.
//
// When a new build is published, the browser finds the new sw.js on the next
// visit (its own update check on navigation, or our registration), installs it
// and (skipWaiting + clients.claim) hands it this page; the page then reloads
// once so the player sees the new version at once rather than on the visit
// after. The game in progress is saved after every move, so the reload loses
// nothing. The listener is attached at once, because the browser's own update
// check can finish before the table is ready.

const worker = new URL("../sw.js", import.meta.url);
const scope = new URL("../", import.meta.url);
// Every platform feature is optional: without a service worker (an old browser,
// a private window, a policy) the app plays online, and nothing here throws.
const supported = Boolean(navigator.serviceWorker) && /^https?:$/.test(location.protocol);

function reloadOnUpdate() {
  const hadController = Boolean(navigator.serviceWorker.controller);
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (!hadController || reloading) return;
    reloading = true;
    location.reload();
  });
}

export async function registerServiceWorker() {
  if (!supported) return null;
  try {
    return await navigator.serviceWorker.register(worker, { scope: scope.href, updateViaCache: "none" });
  } catch (error) {
    // Playing online still works; only offline start-up is lost.
    console.warn(`offline play is not available: ${(error instanceof Error ? error.message : String(error))}`);
    return null;
  }
}

// Register once the table is playable, so precaching (which reads every file of
// the app) never competes with start-up for the network or the CPU.
/** @param {() => unknown} callback */
function whenStarted(callback) {
  const started = () => document.body && document.body.dataset.status !== "loading";
  if (started()) return callback();
  const observer = new MutationObserver(() => {
    if (!started()) return;
    observer.disconnect();
    callback();
  });
  observer.observe(document.documentElement, { subtree: true, attributes: true, attributeFilter: ["data-status"] });
}

// The service worker could not store every file (no room left, a download that
// is not the build's): the app does not work offline yet, and the browser tries
// again on a later visit. The page says so once a build (main.js listens).
function listenForStoreFailures() {
  navigator.serviceWorker.addEventListener("message", (event) => {
    const { offline, cache } = event.data ?? {};
    if (offline) dispatchEvent(new CustomEvent("cloverleaf:offline-unavailable", { detail: { reason: offline, cache } }));
  });
  navigator.serviceWorker.startMessages();
}

if (supported) {
  try {
    reloadOnUpdate();
    listenForStoreFailures();
    whenStarted(registerServiceWorker);
  } catch (error) {
    console.warn(`offline play is not available: ${(error instanceof Error ? error.message : String(error))}`);
  }
}
