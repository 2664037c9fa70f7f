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

test("a card in a free cell lies in its cell, the cell's number its index", () => {
  const state = { fans: [["KC"], []], cells: [null, "7H"], foundations: ["C", "S", "H", "D"].map((suit) => ({ suit, top: null, count: 0, up: true })) };
  const layout = computeLayout(800, 600, 2, { cells: 2 });
  const places = placesFor(layout, state);
  assert.deepEqual(places.get("7H"), { ...layout.cells[1], z: 10, where: "cell", index: 1 });
  assert.equal(places.size, 52);
});

// Scotch Patience: each foundation numbered by its Ace's suit, building up in
// alternate colours whatever the suit; the state names only the tops.
test("foundations in alternate colours show their tops, each card beneath on a foundation of its rank and colour", () => {
  const foundation = (/** @type {string} */ suit, /** @type {string | null} */ top, /** @type {number} */ count) =>
    ({ suit, top, count, up: true, builds: "colours", next: [] });
  // Clubs' Ace: red 2, black 3, red 4 (4H on top); hearts' Ace: black 2 on top; diamonds' Ace: black 2, red 3 (3D on top).
  const onFoundations = ["AC", "2D", "3S", "4H", "AH", "2C", "AD", "2S", "3D"];
  const all = ["C", "S", "H", "D"].flatMap((suit) => ["A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K"].map((rank) => rank + suit));
  const state = {
    fans: [all.filter((card) => !onFoundations.includes(card))],
    foundations: [foundation("C", "4H", 4), foundation("S", null, 0), foundation("H", "2C", 2), foundation("D", "3D", 3)],
  };
  const layout = computeLayout(800, 600, 1);
  const places = placesFor(layout, state);
  assert.equal(places.size, 52);
  const on = (/** @type {string} */ card) => layout.foundations.findIndex((slot) => slot.x === places.get(card)?.x);
  assert.deepEqual([on("4H"), on("2C"), on("3D")], [0, 2, 3], "each top on its foundation");
  assert.deepEqual([on("AC"), on("AH"), on("AD")], [0, 2, 3], "each Ace under its own foundation's cards");
  assert.equal(on("3S"), 0, "the black 3 of the black Ace's foundation");
  assert.equal(places.get("4H")?.index, 3);
  for (const [card, index] of [["AC", 0], ["2D", 1], ["3S", 2]]) {
    assert.equal(places.get(card)?.index, index, card);
    assert.ok(/** @type {any} */ (places.get(card)).z < /** @type {any} */ (places.get("4H")).z, `${card} under the top`);
  }
  // The two black 2s: one under the diamonds' 3D, and 2C is the hearts' top; the red 2 under the clubs' cards.
  assert.equal(on("2S"), 3);
  assert.equal(on("2D"), 0);
  for (const [card, place] of places) if (place.where === "F") assert.ok(onFoundations.includes(card), card);
});
