// Where every card goes (web/js/table/places.js): the fans' cards in their fans
// bottom first, the foundations' cards stacked in the order each one builds.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { DEAL_BANK, DEFAULT_GAME } from "../../dist/js/build-info.js";
import { computeLayout } from "../../web/js/table/layout.js";
import { placesFor } from "../../web/js/table/places.js";

const bank = JSON.parse(readFileSync(new URL(`../../dist/${DEAL_BANK[DEFAULT_GAME]}`, import.meta.url), "utf8"));

test("every card of a dealt table has one place: in its fan, or on its foundation", () => {
  const state = bank.states[0];
  const layout = computeLayout(1024, 768, state.fans.length);
  const places = placesFor(layout, state);
  assert.equal(places.size, 52);
  state.fans.forEach((fan, i) => {
    fan.forEach((card, index) => {
      assert.deepEqual([places.get(card)?.where, places.get(card)?.index], [String(i + 1), index]);
      if (index) assert.ok(/** @type {any} */ (places.get(card)).z > /** @type {any} */ (places.get(fan[index - 1])).z);
    });
  });
  for (const [card, place] of places) {
    if (place.where === "F") assert.ok(!state.fans.flat().includes(card), card);
  }
});

test("a foundation building down stacks its King first, one building up its Ace", () => {
  const state = { fans: [[], [], [], []], foundations: [
    { suit: "C", top: "KC", count: 13, up: true },
    { suit: "S", top: "AS", count: 13, up: false },
    { suit: "H", top: "KH", count: 13, up: true },
    { suit: "D", top: "KD", count: 13, up: true },
  ] };
  const places = placesFor(computeLayout(800, 600, 4), state);
  assert.equal(places.get("AC")?.index, 0);
  assert.equal(places.get("KC")?.index, 12);
  assert.equal(places.get("KS")?.index, 0);
  assert.equal(places.get("AS")?.index, 12);
  assert.ok(/** @type {any} */ (places.get("AS")).z > /** @type {any} */ (places.get("KS")).z);
});
