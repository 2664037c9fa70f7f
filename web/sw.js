// The service worker: Clover Leaf plays offline after one visit.
//
// build.sh writes dist/sw.js as two lines of data followed by this file:
//   const CACHE_NAME = "cloverleaf-<hash of every precached file>";
//   const PRECACHE = ["./", "./index.html", ...];   // every file of dist/
// so the worker's bytes change whenever any file of the app changes: the browser
// then installs the new worker, which fills a new cache, and its activation
// deletes the old one. Nothing here is listed by hand.
//
// Answers are cache-first (the files of one build never change under their
// names); anything not precached goes to the network, and requests to other
// origins are never touched (the app makes none).

/* global CACHE_NAME, PRECACHE */
const CACHE_PREFIX = "cloverleaf-";

self.addEventListener("install", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE_NAME);
    // Files whose names carry their version (Pyodide's folder, the hashed Python
    // zip) may come from the HTTP cache the page just filled: no second download
    // of 13 MB. The others (page, scripts, styles) keep their names across builds,
    // so they skip the HTTP cache: a new build never precaches stale bytes.
    const versioned = (url) => url.startsWith("./vendor/") || url.startsWith("./py/");
    await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: versioned(url) ? "default" : "reload" })));
    for (const url of PRECACHE.filter((name) => name.endsWith(".snapshot.gz"))) await storeInflated(cache, url);
    await self.skipWaiting();
  })());
});

// The start-up snapshot (scripts/snapshot.mjs) comes gzipped, 5 MB rather than
// 13, and is stored inflated, once, here: a returning player's start then reads
// it as it is instead of inflating it at every start (a third of a second on a
// phone). Inflating checks the gzip CRC: bytes damaged on the way are not stored
// (the worker then starts Python the usual way). Bytes a server already inflated
// (Content-Encoding: gzip) are kept as they came.
async function storeInflated(cache, url) {
  const stored = await cache.match(url);
  if (!stored) return;
  const bytes = new Uint8Array(await stored.arrayBuffer());
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return;
  try {
    const inflated = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
    const plain = await new Response(inflated).arrayBuffer();
    await cache.put(url, new Response(plain, { headers: { "Content-Type": "application/octet-stream" } }));
  } catch {
    await cache.delete(url);
  }
}

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(CACHE_PREFIX) && name !== CACHE_NAME) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith((async () => {
    const cache = await caches.open(CACHE_NAME);
    const cached = await cache.match(request, { ignoreSearch: true });
    if (cached) return cached;
    if (request.mode === "navigate") {
      const page = await cache.match(new URL("./", self.registration.scope).href);
      if (page) return page;
    }
    return fetch(request);
  })());
});
