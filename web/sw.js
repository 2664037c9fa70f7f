// The service worker: Clover Leaf plays offline after one visit.
//
// build.sh writes dist/sw.js as three lines of data followed by this file,
// bundled (esbuild) with the decoder it imports:
//   const CACHE_NAME = "cloverleaf-<hash of every precached file>";
//   const PRECACHE = ["./", "./index.html", ...];   // every file of dist/
//   const DIGESTS = {"./index.html": [size, served, stored], ...};
// (scripts/precache.py), so the worker's bytes change whenever any file of the
// app changes: the browser then installs the new worker, which fills a new
// cache, and its activation deletes the old one. Nothing here is listed by hand.
//
// Every file is stored only once its bytes are the build's (DIGESTS: the SHA-256
// of the bytes as served and, for a file stored decoded, of the bytes stored),
// and the worker takes control only once every file is stored: a store that
// fails (no room, a damaged download) fails the install, the browser tries again
// on a later visit, and the page says once that offline play is not available.
//
// Answers are cache-first (the files of one build never change under their
// names); anything not precached goes to the network, and requests to other
// origins are never touched (the app makes none). A stored file can still be
// damaged later (a disk, a browser's bug): the small files (the page, its
// scripts, styles and texts) are checked against their digest each time they
// are served, the large ones (the runtime, the standard library, the package,
// the snapshot) when a start fails (the page or the engine's worker asks
// HEAL_PATH); a damaged file is dropped and fetched again, and when the network
// cannot give it, the page is told at once, in words, instead of a start that
// never ends.

/* global CACHE_NAME, PRECACHE, DIGESTS */
import { DECODED, decodedBytes } from "./js/engine/zstd.js";
import { DAMAGED } from "./js/platform/stored-files.js";

const CACHE_PREFIX = "cloverleaf-";
/** Asked by the page or the engine's worker when a start failed: every stored file is checked (answers Healed). */
const HEAL_PATH = "__heal__";
/** Files up to this size are checked each time they are served (a few milliseconds in all, off the page's thread). */
const CHECK_ON_SERVE_BYTES = 600_000;

/** The engine's worker script, which gets the page's own Content-Security-Policy as a header. */
const WORKER_KEY = "./js/worker.js";
/**
 * The page's policy (index.html's meta, word for word: a test keeps them equal).
 * A worker does not inherit the page's policy: it takes its own from its script's
 * response headers, which a static host does not set, so the service worker adds
 * it. (A first visit, before this worker controls the page, starts the engine's
 * worker without one.)
 */
const WORKER_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'";

const scope = () => new URL("./", self.registration.scope);

/** The precache key ("./js/main.js", "./" for the app's root) of a URL of this origin, or null when it is outside the scope. */
function keyOf(url) {
  const path = new URL(url).pathname;
  const root = scope().pathname;
  if (!path.startsWith(root)) return null;
  return `./${decodeURIComponent(path.slice(root.length))}`;
}

async function sha256(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

class Damaged extends Error {}

// Files whose names carry their version (Pyodide's folder, the hashed Python
// zip) may come from the HTTP cache the page just filled: no second download of
// 13 MB. The others (page, scripts, styles) keep their names across builds, so
// they skip the HTTP cache: a new build never precaches stale bytes. A file whose
// bytes are not the build's is asked for once more past the HTTP cache.
const versioned = (key) => key.startsWith("./vendor/") || key.startsWith("./py/");

/**
 * The file `key` from the network, checked, as it is stored: decoded when the
 * build shipped it compressed. Rejects with Damaged when its bytes are not the
 * build's (twice), or with the network's error.
 */
async function fetchChecked(key, firstMode = versioned(key) ? "default" : "reload") {
  const [, served, stored] = DIGESTS[key];
  for (const mode of firstMode === "reload" ? ["reload"] : [firstMode, "reload"]) {
    const response = await fetch(new Request(new URL(key, scope()).href, { cache: mode }));
    if (!response.ok) throw new Error(`HTTP ${response.status} for ${key}`);
    const bytes = new Uint8Array(await response.arrayBuffer());
    const digest = await sha256(bytes);
    const type = response.headers.get("Content-Type") ?? "application/octet-stream";
    if (digest === served) return storable(key, bytes, type);
    // Bytes a server already decoded (Content-Encoding) are kept as they came.
    if (stored && digest === stored) return new Response(bytes, { headers: decodedHeaders(key) });
  }
  throw new Damaged(`${key}: the bytes received are not the build's`);
}

// Compressed files are stored decoded, once, here, under their own names: a
// returning player's start then reads them as they are instead of decoding them
// at every start. The start-up snapshot (scripts/snapshot.mjs) comes gzipped, 5
// MB rather than 13 (inflating it took a third of a second on a phone); the
// runtime and both zips come as Zstandard frames (scripts/zstd.mjs). The worker
// takes what the DECODED header marks as it is (js/engine/zstd.js), and compiles the
// wasm straight from the cache.
async function storable(key, bytes, type) {
  const [, , stored] = DIGESTS[key];
  if (!stored) return new Response(bytes, { headers: { "Content-Type": type } });
  const plain = key.endsWith(".snapshot.gz") ? await inflated(bytes) : decodedBytes(bytes);
  if ((await sha256(plain)) !== stored) throw new Damaged(`${key}: its decoded bytes are not the build's`);
  return new Response(plain, { headers: decodedHeaders(key) });
}

function decodedHeaders(key) {
  if (key.endsWith(".snapshot.gz")) return { "Content-Type": "application/octet-stream" };
  const type = key.endsWith(".wasm.zst") ? "application/wasm" : "application/octet-stream";
  return { "Content-Type": type, [DECODED]: "zstd" };
}

/** Gzipped `bytes` inflated. */
async function inflated(bytes) {
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/** Whether the stored `response` for `key` holds the build's bytes; its bytes (or null when damaged). */
async function storedBytes(key, response) {
  const [, served, stored] = DIGESTS[key];
  const bytes = new Uint8Array(await response.arrayBuffer());
  const digest = await sha256(bytes);
  return digest === (stored ?? served) || digest === served ? bytes : null;
}

/** Tell every page of the app something (offline.js listens). */
async function tellPages(message) {
  for (const client of await self.clients.matchAll({ includeUncontrolled: true, type: "window" })) client.postMessage(message);
}

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    try {
      await Promise.all(PRECACHE.map(async (key) => cache.put(key, await fetchChecked(key))));
    } catch (error) {
      // Nothing half stored: the browser installs this worker again on a later
      // visit, and until then the app plays online (or from an older complete cache).
      await caches.delete(CACHE_NAME);
      const room = error?.name === "QuotaExceededError";
      await tellPages({ offline: room ? "no-room" : "failed", cache: CACHE_NAME, message: String(error?.message ?? error) });
      throw error;
    }
    await self.skipWaiting();
  })());
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

// ---- healing ----------------------------------------------------------------------

let healing = null;

/**
 * Every stored file checked against its digest; each damaged or missing one
 * dropped and fetched again. Resolves to {damaged, missing, repaired, unrepaired}:
 * the keys found damaged or missing, and how many of them are stored again.
 */
function heal() {
  healing ??= (async () => {
    const cache = await caches.open(CACHE_NAME);
    const bad = [];
    const missing = [];
    for (const key of PRECACHE) {
      const response = await cache.match(key);
      if (!response) missing.push(key);
      else if (!(await storedBytes(key, response))) bad.push(key);
    }
    const unrepaired = [];
    for (const key of [...bad, ...missing]) {
      await cache.delete(key);
      try {
        await cache.put(key, await fetchChecked(key, "reload"));
      } catch {
        unrepaired.push(key);
      }
    }
    return { damaged: bad, missing, repaired: bad.length + missing.length - unrepaired.length, unrepaired };
  })().finally(() => (healing = null));
  return healing;
}

// ---- answers ----------------------------------------------------------------------

// The words of a stand-in for a damaged file, in the player's language when its
// stored texts can be read, else in English.
async function damagedWords() {
  const english = "A stored file of the app is damaged: connect to the internet once to repair it, then reload.";
  try {
    const lang = String(self.navigator.language ?? "en").toLowerCase().split("-")[0];
    const cache = await caches.open(CACHE_NAME);
    for (const name of [lang, "en"]) {
      const response = await cache.match(`./i18n/${name}.json`);
      const text = response && (await response.json())["error.damaged"];
      if (typeof text === "string") return text;
    }
  } catch {
    // English, then.
  }
  return english;
}

/**
 * What to answer for a file that is damaged and cannot be fetched again: for the
 * page, a page that says so; for a script (the page's or the engine's worker), a
 * script that says so (the worker's as a failed start, protocol.js); else an error.
 */
async function damagedStandIn(request) {
  const words = await damagedWords();
  const headers = { [DAMAGED]: "1", "Cache-Control": "no-store" };
  if (request.mode === "navigate" || request.destination === "document") {
    const html = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
      `<title>Clover Leaf</title></head><body data-status="error" style="font: 1.1rem system-ui, sans-serif; margin: 2rem; max-width: 36rem">` +
      `<h1>Clover Leaf</h1><p id="damaged">${escapeHtml(words)}</p></body></html>`;
    return new Response(html, { status: 200, headers: { ...headers, "Content-Type": "text/html; charset=utf-8" } });
  }
  if (["script", "worker"].includes(request.destination)) {
    const message = JSON.stringify(words);
    const script = `if (typeof document === "undefined") { self.postMessage({ event: "failed", reason: "damaged", message: "a stored file of the app is damaged" }); }\n` +
      `else { const show = () => { document.body.dataset.status = "error"; document.body.dataset.damaged = "1";` +
      ` const panel = document.querySelector("#panel"), text = document.querySelector("#panel-text");` +
      ` if (panel && text) { text.textContent = ${message}; panel.hidden = false; }` +
      ` else document.body.prepend(Object.assign(document.createElement("p"), { textContent: ${message} })); };` +
      ` if (document.body) show(); else addEventListener("DOMContentLoaded", show); }\n`;
    return new Response(script, { status: 200, headers: { ...headers, "Content-Type": "text/javascript" } });
  }
  return new Response(null, { status: 503, statusText: "Damaged", headers });
}

function escapeHtml(text) {
  return text.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]);
}

/** The stored answer for `key`, checked when it is small; a damaged one is fetched again. */
async function storedAnswer(cache, key, cached, request) {
  const [size] = DIGESTS[key];
  if (size > CHECK_ON_SERVE_BYTES) return cached;
  const bytes = await storedBytes(key, cached.clone());
  if (bytes) return new Response(bytes, { headers: cached.headers });
  console.warn(`stored file damaged: ${key}`);
  await cache.delete(key);
  return storeAgain(cache, key, request);
}

/** The page is stored under two keys, the app's root and its own name: each stands in for the other. */
const PAGE_KEYS = ["./", "./index.html"];

/**
 * A stored file gone or damaged: fetched whole, checked and stored again, whatever
 * asked for it (the page's navigation as well as a script or the engine's worker);
 * when it cannot be (offline), the page's other stored copy when it is sound, else
 * the page is told (a stand-in that says a stored file is damaged).
 * @param {Cache} cache
 * @param {string} key
 * @param {Request} request
 */
async function storeAgain(cache, key, request) {
  try {
    const fresh = await fetchChecked(key, "reload");
    await cache.put(key, fresh.clone());
    return fresh;
  } catch {
    const twin = PAGE_KEYS.includes(key) ? PAGE_KEYS.find((other) => other !== key) : null;
    const stored = twin ? await cache.match(twin) : null;
    const bytes = stored ? await storedBytes(twin, stored.clone()) : null;
    if (bytes) return new Response(bytes, { headers: stored.headers });
    return damagedStandIn(request);
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return;
  const key = keyOf(url.href);
  event.respondWith((async () => {
    if (key === `./${HEAL_PATH}`) {
      const result = await heal().catch((error) => ({ error: String(error?.message ?? error) }));
      return new Response(JSON.stringify(result), { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
    }
    const cache = await caches.open(CACHE_NAME);
    if (key !== null && key in DIGESTS) {
      const cached = await cache.match(key);
      // Every file was stored before this worker took control: one missing was
      // dropped by the browser, or found damaged when it could not be fetched again.
      return withPolicy(key, cached ? await storedAnswer(cache, key, cached, request) : await storeAgain(cache, key, request));
    }
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    if (request.mode === "navigate") return navigation(request);
    return fetch(request);
  })());
});

/**
 * The answer for `key`, with the page's policy when it is the engine's worker script.
 * @param {string} key @param {Response} response
 */
function withPolicy(key, response) {
  if (key !== WORKER_KEY) return response;
  const headers = new Headers(response.headers);
  headers.set("Content-Security-Policy", WORKER_POLICY);
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * A page of the app's scope that is not one of its files (a path typed or kept
 * from an older version: /help/, /a/b/c): the network's answer when it has the
 * page, else the app's root, by a redirect, so that the page's relative
 * addresses resolve (the address's #game/deal goes along).
 */
async function navigation(request) {
  const root = scope().href;
  try {
    const response = await fetch(request);
    if (response.ok) return response;
  } catch {
    // Offline: the app's root.
  }
  return Response.redirect(root, 302);
}
