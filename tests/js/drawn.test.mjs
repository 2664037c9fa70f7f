// The table a returning player left, read back before the engine starts
// (web/js/platform/drawn.js): a table of the engine's shape is drawn, anything
// else is refused, whatever the browser kept.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { DEAL_BANK, DEFAULT_GAME } from "../../dist/js/build-info.js";
import { readDrawn } from "../../web/js/platform/drawn.js";

/** A state the engine made: the first of the default game's deal bank. */
function engineState() {
  const bank = JSON.parse(readFileSync(new URL(`../../dist/${DEAL_BANK[DEFAULT_GAME]}`, import.meta.url), "utf8"));
  return structuredClone(bank.states[0]);
}

test("a table the engine drew is read back as it was, with its last moves dropped and no help on show", () => {
  const state = engineState();
  const read = readDrawn(state);
  const help = { hint: null, lost: null, solution: null, work: false, par: null, startWhy: null };
  assert.deepEqual(read, { ...state, lastMoves: [], undone: [], time: { played: 0, running: false }, help });
});

test("anything that is not a table is refused", () => {
  for (const data of [null, 3, "table", [], {}, { game: "clover-leaf" }]) assert.equal(readDrawn(data), null);
});

test("a table with a card that does not exist is refused", () => {
  const state = engineState();
  state.fans[0][0] = "1X";
  assert.equal(readDrawn(state), null);
});

test("a table of more than two decks or thirty fans is refused", () => {
  const state = engineState();
  state.fans = Array.from({ length: 31 }, () => ["AH"]);
  assert.equal(readDrawn(state), null);
  state.fans = Array.from({ length: 30 }, () => Array(4).fill("AH"));
  assert.equal(readDrawn(state), null);
});

test("every flag and count the engine declares is checked", () => {
  for (const [field, bad] of [["won", "yes"], ["canUndo", 1], ["moves", -1], ["redealsLeft", 1.5], ["moves", "3"]]) {
    const state = engineState();
    state[field] = bad;
    assert.equal(readDrawn(state), null, field);
  }
});

test("a destination outside the table or a foundation of no suit is refused", () => {
  const state = engineState();
  const [card] = Object.keys(state.movable);
  state.movable[card] = [31];
  assert.equal(readDrawn(state), null);
  const other = engineState();
  other.foundations[0].suit = "X";
  assert.equal(readDrawn(other), null);
});

test("a table without the card each destination goes onto, or with another card count, is refused", () => {
  const state = engineState();
  delete state.onto;
  assert.equal(readDrawn(state), null, "a table drawn before onto");
  const [card] = Object.keys(state.movable);
  const other = engineState();
  other.onto[card] = [...other.onto[card], null];
  assert.equal(readDrawn(other), null, "one more than the destinations");
  const third = engineState();
  third.onto[card] = third.onto[card].map(() => "1X");
  assert.equal(readDrawn(third), null, "a card that does not exist");
});

test("the settings kept are the engine's only, each as stored, else as by default", () => {
  const state = engineState();
  state.settings = { autoMove: false, solvableOnly: false, warnLost: "yes", extra: 1 };
  assert.deepEqual(readDrawn(state)?.settings, { clickToPlay: true, autoMove: false, autoComplete: true, warnLost: false });
});

test("a long name is cut and a missing one is the game's id", () => {
  const state = engineState();
  state.gameName = "x".repeat(500);
  assert.equal(readDrawn(state)?.gameName.length, 60);
  delete state.gameName;
  assert.equal(readDrawn(state)?.gameName, state.game);
});

/** The first table of a game's deal bank, as the engine made it. @param {string} game */
function bankState(game) {
  const bank = JSON.parse(readFileSync(new URL(`../../dist/${DEAL_BANK[game]}`, import.meta.url), "utf8"));
  return structuredClone(bank.states[0]);
}

test("a Free Fan table keeps its free cells, and a card goes to a cell", () => {
  const state = bankState("free-fan");
  state.cells = ["7H", null];
  const [card] = Object.keys(state.movable);
  state.movable[card] = ["cell"];
  state.onto[card] = [null];
  const read = readDrawn(state);
  assert.deepEqual(read?.cells, ["7H", null]);
  assert.deepEqual(read?.movable[card], ["cell"]);
  for (const cells of [["7H", "XX"], "7H", Array(9).fill(null)]) assert.equal(readDrawn({ ...state, cells }), null, JSON.stringify(cells));
});

test("the cards a draw takes are kept; a table saved before cells and draws reads as having none", () => {
  const state = bankState("three-shuffles-and-a-draw");
  assert.ok(state.drawable.length, "the bank's deal has cards to draw");
  assert.deepEqual(readDrawn(state)?.drawable, state.drawable);
  assert.equal(readDrawn({ ...state, drawable: ["1X"] }), null);
  const older = engineState();
  delete older.cells;
  delete older.drawable;
  assert.deepEqual([readDrawn(older)?.cells, readDrawn(older)?.drawable], [[], []]);
});

test("a foundation saying it takes something that is no card, or builds no known way, is refused", () => {
  const state = bankState("scotch-patience");
  assert.ok(readDrawn(state), "the engine's Scotch Patience table");
  for (const [field, bad] of [["next", "2H"], ["next", [7]], ["next", Array(5).fill("2H")], ["builds", "rank"]]) {
    const other = structuredClone(state);
    other.foundations[0][field] = bad;
    assert.equal(readDrawn(other), null, `${field}: ${JSON.stringify(bad)}`);
  }
});
