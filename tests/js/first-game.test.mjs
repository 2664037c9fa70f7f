// The first game, chosen before the engine starts (web/js/startup/first-game.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { chooseFirstGame, restoresSave, sameSettings } from "../../web/js/startup/first-game.js";

const built = {
  defaultGame: "clover-leaf",
  banks: { "clover-leaf": "py/deals-clover-leaf-0123.json" },
  bankSettings: { clickToPlay: true, autoMove: true, autoComplete: true },
};
const settings = { clickToPlay: true, autoMove: true, autoComplete: true };
/** @param {object} [fields] */
const record = (fields = {}) => ({ save: "{}", game: "fan", deal: "7", elapsed: 0, started: true, daily: null, drawn: null, ...fields });

test("a newcomer with the default settings is dealt from the default game's bank", () => {
  assert.deepEqual(chooseFirstGame({ address: null, record: null, settings }, built), { address: null, record: null, bank: "clover-leaf" });
});

test("a newcomer whose settings differ from the bank's gets no banked table", () => {
  const first = chooseFirstGame({ address: null, record: null, settings: { ...settings, autoMove: false } }, built);
  assert.equal(first.bank, null);
});

test("a build without a bank for the default game deals no banked table", () => {
  assert.equal(chooseFirstGame({ address: null, record: null, settings }, { ...built, banks: {} }).bank, null);
});

test("an address or a saved game comes before the bank", () => {
  const address = { game: "fan", deal: "3" };
  assert.equal(chooseFirstGame({ address, record: null, settings }, built).bank, null);
  assert.equal(chooseFirstGame({ address: null, record: record(), settings }, built).bank, null);
  assert.equal(chooseFirstGame({ address: { bad: "%zz" }, record: null, settings }, built).bank, null);
});

test("the saved game is restored without an address, with a bad one or with its own", () => {
  for (const address of [null, { bad: "x" }, { game: "fan", deal: "7" }]) {
    assert.equal(restoresSave({ address, record: record(), bank: null }), true, JSON.stringify(address));
  }
});

test("a link over a game in progress keeps that game; over a finished or unstarted one it does not", () => {
  const address = { game: "fan", deal: "8" };
  assert.equal(restoresSave({ address, record: record(), bank: null }), true);
  assert.equal(restoresSave({ address, record: record({ started: false }), bank: null }), false);
  const won = /** @type {any} */ ({ won: true });
  assert.equal(restoresSave({ address, record: record({ drawn: won }), bank: null }), false);
  assert.equal(restoresSave({ address, record: null, bank: null }), false);
});

test("settings are the same when every wanted one is what was made", () => {
  assert.equal(sameSettings({ a: true, b: false }, { a: true, b: false }), true);
  assert.equal(sameSettings({ a: true, b: true }, { a: true, b: false }), false);
  assert.equal(sameSettings({ a: true }, { a: true, b: false }), false);
});
