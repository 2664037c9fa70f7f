// The cards kept while a sheet is docked below the table (web/js/table/kept-layout.js):
// the same size and grid in a shorter box, never when the width changed.
import assert from "node:assert/strict";
import { test } from "node:test";

import { computeLayout } from "../../web/js/table/layout.js";
import { capacity } from "../../web/js/table/fan-geometry.js";
import { keepCards } from "../../web/js/table/kept-layout.js";

const grid = (/** @type {import("../../web/js/table/layout.js").Layout} */ layout) =>
  [layout.orientation, layout.columns, layout.rows, layout.cardW, layout.cardH];

test("a shorter table keeps its cards' size and grid, and remembers what they were laid out for", () => {
  const layout = computeLayout(1366, 768, 18);
  const kept = keepCards(layout, 1366, 600, 18);
  assert.ok(kept);
  assert.deepEqual(grid(kept), grid(layout));
  assert.equal(kept.height, 600);
  assert.equal(kept.designed, capacity(layout));
  assert.equal(kept.length, layout.length);
});

test("cards are kept from the first layout's design, however often the table shrinks again", () => {
  const layout = computeLayout(1366, 768, 18);
  const once = /** @type {NonNullable<ReturnType<typeof keepCards>>} */ (keepCards(layout, 1366, 700, 18));
  const twice = keepCards(once, 1366, 620, 18);
  assert.equal(twice?.designed, capacity(layout));
});

test("no cards are kept when the table's width changed", () => {
  const layout = computeLayout(1366, 768, 18);
  assert.equal(keepCards(layout, 1200, 600, 18), null);
});

test("rows of horizontal fans come closer than a card's height, never closer than the corner index", () => {
  const layout = computeLayout(1366, 768, 16, { length: 8 }); // four rows of horizontal fans
  assert.deepEqual([layout.orientation, layout.rows], ["horizontal", 4]);
  const kept = keepCards(layout, 1366, 538, 16);
  assert.ok(kept);
  assert.deepEqual(grid(kept), grid(layout));
  const rowTops = [...new Set(kept.fans.map((fan) => fan.y))].sort((a, b) => a - b);
  const pitches = rowTops.slice(1).map((y, i) => y - rowTops[i]);
  assert.equal(pitches.length, 3);
  for (const pitch of pitches) assert.ok(pitch < kept.cardH && pitch >= Math.ceil(kept.cardW * 0.72), String(pitch));
  assert.ok(rowTops[3] + kept.cardH <= 538);
});

test("when even overlapping rows leave no room, the layout stays as it was, only shorter", () => {
  const layout = computeLayout(1366, 768, 16, { length: 8 });
  const kept = keepCards(layout, 1366, 300, 16);
  assert.deepEqual(kept?.fans, layout.fans);
  assert.equal(kept?.height, 300);
});
