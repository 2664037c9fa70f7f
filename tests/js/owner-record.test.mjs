// The owner record (web/js/platform/owner-record.js): which tab plays the shared
// game, read back strictly, and when an owner that stopped renewing it is gone.
import assert from "node:assert/strict";
import { test } from "node:test";

import { GONE_MS, ownerAlive, parseOwner } from "../../web/js/platform/owner-record.js";

test("an owner record is a tab's id and the time it last said so; anything else is no owner", () => {
  assert.deepEqual(parseOwner('{"id": "k3x9", "at": 1700000000000}'), { id: "k3x9", at: 1700000000000 });
  for (const text of [null, "", "{", "[]", '{"id": 3, "at": 1}', '{"id": "a"}', '{"id": "a", "at": "1"}', '{"id": "a", "at": null}']) {
    assert.equal(parseOwner(text), null, String(text));
  }
});

test("a record that asks its owner to hand the game over says to which tab; anything else there is dropped", () => {
  assert.deepEqual(parseOwner('{"id": "k3x9", "at": 5, "yieldTo": "q7"}'), { id: "k3x9", at: 5, yieldTo: "q7" });
  assert.deepEqual(parseOwner('{"id": "k3x9", "at": 5, "yieldTo": 7}'), { id: "k3x9", at: 5 });
});

test("an owner is gone once it has not renewed its record for GONE_MS, or it dates from another clock's future", () => {
  const now = 1_700_000_000_000;
  assert.ok(ownerAlive({ id: "a", at: now - GONE_MS + 1 }, now));
  assert.ok(!ownerAlive({ id: "a", at: now - GONE_MS }, now));
  assert.ok(ownerAlive({ id: "a", at: now + GONE_MS - 1 }, now));
  assert.ok(!ownerAlive({ id: "a", at: now + GONE_MS }, now));
});
