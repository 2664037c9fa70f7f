// The engine's answers checked before the page draws or keeps them
// (web/js/engine/replies.js): a table, statistics, a search's save of the wrong
// shape is refused (engine.js then replaces the worker), the engine's own pass.
// tests/test_reply_shapes.py runs the check on the engine's real answers too.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { DEAL_BANK, DEFAULT_GAME, TEXT_BYTES } from "../../dist/js/build-info.js";
import { looksLikeSave, replyFault } from "../../web/js/engine/replies.js";

/** A table as the engine answers it: the first of the default game's deal bank, and a save of it. */
function engineTable() {
  const bank = JSON.parse(readFileSync(new URL(`../../dist/${DEAL_BANK[DEFAULT_GAME]}`, import.meta.url), "utf8"));
  const state = structuredClone(bank.states[0]);
  const save = JSON.stringify({ v: 2, game: state.game, deal: state.deal, open: "", moves: [], redo: [] });
  return { state, save, count: null };
}

const CLICK = { method: "click", params: { card: "7D" } };

test("a table of the engine's shape passes", () => {
  assert.equal(replyFault(CLICK, engineTable()), null);
  const counted = { ...engineTable(), count: { game: "clover-leaf", won: false, moves: 3, solvable: true, daily: null, hints: 0 } };
  assert.equal(replyFault({ method: "new", params: {} }, counted), null);
});

test("a table whose fans are not a list, or whose save cannot be read, is refused", () => {
  const table = engineTable();
  table.state.fans = /** @type {any} */ ("not a list");
  assert.match(String(replyFault(CLICK, table)), /state/);
  for (const save of [null, 5, "", "garbage", "[1, 2]", '{"v": "2", "game": "clover-leaf"}', '{"v": 2, "game": "fan"}', "x".repeat(TEXT_BYTES.save + 1)]) {
    assert.match(String(replyFault(CLICK, { ...engineTable(), save })), /save/, String(save).slice(0, 40));
  }
  assert.ok(replyFault(CLICK, null));
  assert.ok(replyFault(CLICK, { ...engineTable(), count: "lost" }));
  assert.ok(replyFault(CLICK, { ...engineTable(), state: { ...engineTable().state, lastMoves: "7D>F" } }));
});

test("statistics that cannot be kept, and a search's save that cannot be read, are refused", () => {
  const summary = { all: { played: 1 }, solvable: { played: 0 }, daily: { played: 0 } };
  const stats = { method: "statsRecord", params: {} };
  assert.equal(replyFault(stats, { stats: '{"v":1,"games":{}}', summary }), null);
  assert.ok(replyFault(stats, { stats: 5, summary }));
  assert.ok(replyFault(stats, { stats: "x".repeat(TEXT_BYTES.stats + 1), summary }));
  assert.ok(replyFault(stats, { stats: "{}", summary: { all: {} } }));
  const hint = { method: "job", params: { kind: "hint" } };
  assert.equal(replyFault(hint, { verdict: "solved", save: null }), null);
  assert.equal(replyFault(hint, { verdict: "solved", save: engineTable().save }), null);
  assert.ok(replyFault(hint, { verdict: "solved", save: "garbage" }));
  assert.ok(replyFault({ method: "job", params: { kind: "solution" } }, { save: null, moves: "all of them" }));
  // What the page keeps nothing of passes as it is.
  assert.equal(replyFault({ method: "job", params: { kind: "difficulty" } }, { deal: "1" }), null);
  assert.equal(replyFault({ method: "version", params: {} }, "0.1.0"), null);
});

test("a save looks like one when it is a JSON object with a version and its game", () => {
  assert.ok(looksLikeSave('{"v":2,"game":"fan"}'));
  assert.ok(looksLikeSave('{"v":2,"game":"fan"}', "fan"));
  assert.ok(!looksLikeSave('{"v":2,"game":"fan"}', "trefoil"));
  assert.ok(!looksLikeSave('{"v":2.5,"game":"fan"}'));
});
