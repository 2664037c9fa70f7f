// Where a dragged card may be let go (web/js/table/drop-regions.js): every fan,
// as long as it is drawn, and every foundation, a card's size each.
import assert from "node:assert/strict";
import { test } from "node:test";

import { computeLayout } from "../../web/js/table/layout.js";
import { fanRect } from "../../web/js/table/fan-geometry.js";
import { dropRegions } from "../../web/js/table/drop-regions.js";

test("every fan is a drop region the size of its drawn cards, and every foundation one of a card", () => {
  const state = { fans: [["AS", "2S", "3S"], [], ["KH"]] };
  const layout = computeLayout(1024, 768, 3);
  const regions = dropRegions(layout, state);
  assert.deepEqual(regions.map((region) => region.to), [1, 2, 3, "F", "F", "F", "F"]);
  assert.deepEqual(regions.filter((region) => region.to === "F").map((region) => region.suit), ["C", "S", "H", "D"]);
  assert.deepEqual(regions[0].rect, fanRect(layout, 0, 3));
  assert.deepEqual([regions[1].rect.w, regions[1].rect.h], [layout.cardW, layout.cardH], "an empty fan takes a card");
  const reach = (/** @type {{w: number, h: number}} */ rect) => rect.w + rect.h;
  assert.ok(reach(regions[0].rect) > reach(regions[2].rect), "a longer fan is a longer region");
  for (const region of regions.slice(3)) assert.deepEqual([region.rect.w, region.rect.h], [layout.cardW, layout.cardH]);
});
