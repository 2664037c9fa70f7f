// The deal in the address bar (web/js/platform/address.js): read as plain
// strings, anything odd reported as bad, never thrown.
import assert from "node:assert/strict";
import { test } from "node:test";

import { addressFor, readAddress } from "../../web/js/platform/address.js";

test("a game and a deal are read, the game's id in lower case", () => {
  assert.deepEqual(readAddress("#clover-leaf/617"), { game: "clover-leaf", deal: "617" });
  assert.deepEqual(readAddress("#Fan/12"), { game: "fan", deal: "12" });
  assert.deepEqual(readAddress("#fan%2F12"), { game: "fan", deal: "12" });
});

test("no address names no deal", () => {
  assert.equal(readAddress(""), null);
  assert.equal(readAddress("#"), null);
  assert.equal(readAddress("#%20"), null);
});

test("an address of another shape is bad, cut to sixty characters", () => {
  assert.deepEqual(readAddress("#fan"), { bad: "fan" });
  assert.deepEqual(readAddress("#fan/1/2"), { bad: "fan/1/2" });
  assert.deepEqual(readAddress("#%zz"), { bad: "%zz" });
  assert.equal(/** @type {{bad: string}} */ (readAddress(`#${"x".repeat(100)}`)).bad.length, 60);
});

test("the deal is read as a string, for the engine to judge", () => {
  assert.deepEqual(readAddress("#fan/-4"), { game: "fan", deal: "-4" });
  assert.deepEqual(readAddress("#fan/99999999999999999999"), { game: "fan", deal: "99999999999999999999" });
});

test("an address is written for a deal, and none for a position typed by hand", () => {
  assert.equal(addressFor("fan", "12"), "#fan/12");
  assert.equal(addressFor("fan", null), "");
  assert.deepEqual(readAddress(addressFor("la-belle-lucie", "5")), { game: "la-belle-lucie", deal: "5" });
});
