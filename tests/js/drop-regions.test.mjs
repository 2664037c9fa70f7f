// Where a dragged card may be let go (web/js/table/drop-regions.js): every fan,
// as long as it is drawn, and every foundation, a card's size each.
import assert from "node:assert/strict";
import { test } from "node:test";

import { computeLayout } from "../../web/js/table/layout.js";
import { fanRect } from "../../web/js/table/fan-geometry.js";
import { dropRegions, meantFor } from "../../web/js/table/drop-regions.js";
import { foundationFor } from "../../web/js/table/foundations.js";

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

test("every free cell is a drop region of a card's size, to \"cell\"", () => {
  const layout = computeLayout(1024, 768, 2, { cells: 2 });
  const cells = dropRegions(layout, { fans: [[], []], cells: [null, "5D"] }).filter((region) => region.to === "cell");
  assert.deepEqual(cells.map((region) => region.rect), layout.cells.map(({ x, y }) => ({ x, y, w: layout.cardW, h: layout.cardH })));
  assert.ok(cells.every((region) => meantFor(region, "5D")));
});

test("a foundation is meant for its suit's cards, or in alternate colours for the cards it takes next", () => {
  const layout = computeLayout(1024, 768, 1);
  const suits = dropRegions(layout, { fans: [[]] }).filter((region) => region.to === "F");
  assert.deepEqual(suits.filter((region) => meantFor(region, "7H")).map((region) => region.suit), ["H"]);
  const foundations = [
    { suit: "C", top: "AC", count: 1, up: true, builds: "colours", next: ["2H", "2D"] },
    { suit: "S", top: null, count: 0, up: true, builds: "colours", next: ["AS"] },
    { suit: "H", top: "AH", count: 1, up: true, builds: "colours", next: ["2C", "2S"] },
    { suit: "D", top: "2S", count: 2, up: true, builds: "colours", next: ["3H", "3D"] },
  ];
  const colours = dropRegions(layout, { fans: [[]], foundations }).filter((region) => region.to === "F");
  assert.deepEqual(colours.filter((region) => meantFor(region, "2D")).map((region) => region.suit), ["C"]);
  assert.deepEqual(colours.filter((region) => meantFor(region, "3H")).map((region) => region.suit), ["D"]);
  assert.deepEqual([foundationFor(foundations, "2D"), foundationFor(foundations, "2C"), foundationFor(foundations, "AS")], ["C", "H", "S"]);
  assert.equal(foundationFor([{ suit: "C", top: null, count: 0, up: true }], "5D"), "D", "in suit: the card's own");
});
