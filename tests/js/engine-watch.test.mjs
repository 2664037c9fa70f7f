// The page's side of the worker (web/js/engine/): the watch that finds a worker
// gone silent (watch.js), and the requests waiting for answers (pending.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { Pending } from "../../web/js/engine/pending.js";
import { PING_MS, SILENCE_MS, START_SILENCE_MS, Watch } from "../../web/js/engine/watch.js";

/**
 * A watch on a clock the test moves; what it pinged and why it gave the worker up.
 * `awaited`: the requests the page waits for.
 */
function watched(awaited = /** @type {number[]} */ ([])) {
  const seen = { now: 0, pings: /** @type {number[]} */ ([]), gone: /** @type {string[]} */ ([]) };
  const watch = new Watch((n) => seen.pings.push(n), (why) => seen.gone.push(why), () => [...awaited], () => seen.now);
  return { watch, seen };
}

test("a worker that answers every ping is never given up", () => {
  const { watch, seen } = watched();
  for (let i = 1; i <= 30; i++) {
    seen.now = i * PING_MS;
    watch.check();
    seen.now += 5;
    watch.heard();
  }
  assert.equal(seen.pings.length, 30);
  assert.deepEqual(seen.gone, []);
});

test("a worker silent for longer than SILENCE_MS after a ping is given up", () => {
  const { watch, seen } = watched();
  seen.now = PING_MS;
  watch.check();
  assert.equal(seen.pings.length, 1);
  for (let t = 2 * PING_MS; t <= PING_MS + SILENCE_MS; t += PING_MS) {
    seen.now = t;
    watch.check();
  }
  assert.deepEqual(seen.gone, [], "not before SILENCE_MS");
  seen.now = 2 * PING_MS + SILENCE_MS;
  watch.check();
  assert.equal(seen.gone.length, 1);
  assert.equal(seen.pings.length, 1, "no second ping while the first is unanswered");
});

test("a check that comes late starts over with a new ping instead of giving up", () => {
  const { watch, seen } = watched();
  seen.now = PING_MS;
  watch.check();
  seen.now = PING_MS + SILENCE_MS * 2; // the page's thread was busy, or its timers slowed
  watch.check();
  assert.deepEqual(seen.gone, []);
  assert.equal(seen.pings.length, 2);
});

test("a request the page waits for, sent before a ping, that the worker holds no more gives the worker up at its pong", () => {
  const awaited = [7];
  const { watch, seen } = watched(awaited);
  seen.now = PING_MS;
  watch.check();
  awaited.push(8); // sent after the ping: the pong cannot answer for it
  watch.heard();
  watch.ponged(seen.pings[0], []);
  assert.equal(seen.gone.length, 1);
  assert.match(seen.gone[0], /request 7/);
});

test("a request held, answered before the pong or sent after the ping is no sign of a lost answer", () => {
  const awaited = [3, 4];
  const { watch, seen } = watched(awaited);
  const held = [3, 4]; // 3, a search, runs throughout
  for (let i = 1; i <= 5; i++) {
    seen.now = i * PING_MS;
    watch.check();
    if (i === 2) {
      held.splice(held.indexOf(4), 1);
      awaited.splice(awaited.indexOf(4), 1); // answered: the answer came before the pong
    }
    if (i === 3) awaited.push(9); // a new request, after this ping: held from the next one
    watch.heard();
    watch.ponged(seen.pings.at(-1) ?? 0, i > 3 ? [...held, 9] : held);
  }
  assert.deepEqual(seen.gone, []);
  watch.ponged(12345, []); // a pong to no ping of this watch (an older one's)
  assert.deepEqual(seen.gone, []);
});

test("a worker that is starting may be silent for START_SILENCE_MS, not more", () => {
  const { watch, seen } = watched();
  globalThis.window = /** @type {any} */ ({ setInterval: () => 1 });
  watch.set(true, START_SILENCE_MS);
  seen.now = PING_MS;
  watch.check();
  for (let t = 2 * PING_MS; t <= PING_MS + START_SILENCE_MS; t += PING_MS) {
    seen.now = t;
    watch.check();
  }
  assert.ok(START_SILENCE_MS > SILENCE_MS);
  assert.deepEqual(seen.gone, [], "not before START_SILENCE_MS");
  seen.now = 2 * PING_MS + START_SILENCE_MS;
  watch.check();
  assert.equal(seen.gone.length, 1);
});

test("the player waits on the requests they made, not on background jobs nor the client's own", async () => {
  const counts = /** @type {number[]} */ ([]);
  const pending = new Pending((awaited) => counts.push(awaited));
  const tap = pending.add(1, { id: 1 });
  pending.add(2, { id: 2 }, true);
  pending.add(3, { id: 3 }, true, true);
  assert.deepEqual([pending.size, pending.awaited], [3, 1]);
  assert.deepEqual(pending.internal(), [3]);
  assert.deepEqual(pending.toAskAgain().map(([id]) => id), [1, 2]);
  const waiting = pending.get(1);
  pending.remove(1);
  waiting?.resolve("played");
  assert.equal(await tap, "played");
  assert.deepEqual(counts, [1, 1, 1, 0]);
  assert.equal(pending.takeAll().length, 2);
  assert.equal(pending.size, 0);
});

test("requests are asked again of a new worker in the order they were made", () => {
  const pending = new Pending(() => {});
  for (const id of [5, 2, 9]) pending.add(id, { id });
  assert.deepEqual(pending.toAskAgain().map(([id]) => id), [2, 5, 9]);
});
