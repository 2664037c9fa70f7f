// The cards a dragged card takes along (web/js/table/carried.js): the cards on it
// in its fan, unless the draw takes it alone.
import assert from "node:assert/strict";
import { test } from "node:test";

import { carried } from "../../web/js/table/carried.js";

const fans = [["9S", "8S", "7S"], ["KH"]];

test("a card under others takes them along, the order they lie in", () => {
  assert.deepEqual(carried({ fans }, "9S"), ["8S", "7S"]);
  assert.deepEqual(carried({ fans }, "8S"), ["7S"]);
});

test("a top card, a card in no fan and a drawn card move alone", () => {
  assert.deepEqual(carried({ fans }, "7S"), []);
  assert.deepEqual(carried({ fans }, "KH"), []);
  assert.deepEqual(carried({ fans }, "AC"), []);
  assert.deepEqual(carried({ fans, drawable: ["8S"] }, "8S"), [], "the card on a drawn card stays");
});
