// The service worker: Clover Leaf plays offline after one visit.
//
// build.sh writes dist/sw.js as two lines of data followed by this file, bundled
// (esbuild) with the decoder it imports:
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
import { DECODED, decodedBytes } from "./js/engine/zstd.js";

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
    for (const url of PRECACHE.filter((name) => name.endsWith(".snapshot.gz"))) await storeDecoded(cache, url, inflated);
    for (const url of PRECACHE.filter((name) => name.endsWith(".zst"))) {
      const type = url.endsWith(".wasm.zst") ? "application/wasm" : "application/octet-stream";
      await storeDecoded(cache, url, decodedBytes, { "Content-Type": type, [DECODED]: "zstd" });
    }
    await self.skipWaiting();
  })());
});

// Compressed files are stored decoded, once, here, under their own names: a
// returning player's start then reads them as they are instead of decoding them
// at every start. The start-up snapshot (scripts/snapshot.mjs) comes gzipped, 5
// MB rather than 13 (inflating it took a third of a second on a phone); the
// runtime and both zips come as Zstandard frames (scripts/zstd.mjs), and the
// worker passes on bytes that are no frame as they are (js/engine/zstd.js). Inflating
// checks the gzip CRC and decoding the frame's structure: bytes that cannot be
// decoded are not stored (the worker then downloads them, or starts Python the
// usual way). Bytes a server already decoded (Content-Encoding) are kept as
// they came. The worker takes what `headers` mark as decoded as it is
// (js/engine/zstd.js), and compiles the wasm straight from the cache.
async function storeDecoded(cache, url, decode, headers = { "Content-Type": "application/octet-stream" }) {
  const stored = await cache.match(url);
  if (!stored) return;
  try {
    const bytes = new Uint8Array(await stored.arrayBuffer());
    const plain = await decode(bytes);
    if (plain === bytes) return;
    await cache.put(url, new Response(plain, { headers }));
  } catch {
    await cache.delete(url);
  }
}

/** Gzipped `bytes` inflated, or `bytes` themselves when they are not gzip. */
async function inflated(bytes) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes;
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
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
