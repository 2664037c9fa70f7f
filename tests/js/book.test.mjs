// The opening book read by the page (web/js/book/): differences applied, answers
// looked up, the deals a newcomer is given first. tests/test_opening_book.py
// checks the same decoder against the build's on a real book.
import assert from "node:assert/strict";
import { test } from "node:test";

import { patch } from "../../web/js/book/json-diff.js";
import { OpeningBook, requestKey } from "../../web/js/book/book.js";
import { withBooks } from "../../web/js/book/book-play.js";

test("an object's difference changes, adds and removes keys, and keeps the new key order", () => {
  const old = { a: 1, b: [1, 2], c: "x" };
  assert.deepEqual(patch([1, { b: [2, 1, []], d: [0, true] }, ["c"]], old), { a: 1, b: [1], d: true });
  const reordered = patch([1, {}, [], ["c", "a", "b"]], old);
  assert.deepEqual(Object.keys(reordered), ["c", "a", "b"]);
  assert.deepEqual(old, { a: 1, b: [1, 2], c: "x" }, "the old value is left as it was");
});

test("an array grows and a string is rebuilt around a new middle", () => {
  assert.deepEqual(patch([2, 3, [2, [0, "9D"]]], ["8S", "5S"]), ["8S", "5S", "9D"]);
  assert.equal(patch([3, 10, 2, '"KS>12"'], '{"moves":[]}'), '{"moves":["KS>12"]}');
  assert.throws(() => patch([7, 1], {}), /not a difference/);
});

/** A book of three nodes: the deal, a move (by a tap or a drag), a refusal. */
function tinyBook() {
  const deal = { state: { game: "fan", deal: "7", fans: [["8S", "5S"], []], moves: 0 }, save: "{}", count: null };
  const answers = { "click 5S": 1, "play 5S 2": 1, "click 8S": -1 };
  return {
    v: 1,
    game: "fan",
    deal: "7",
    depth: 1,
    refusals: [{ type: "IllegalMove", message: "8S is covered", reason: "covered" }],
    nodes: [
      [-1, [0, { table: deal, answers }]],
      [0, [1, { table: [1, { state: [1, { fans: [2, 2, [0, [2, 1, []], 1, [0, ["5S"]]]], moves: [0, 1] }, []] }, []] }, ["answers"]]],
    ],
  };
}

test("the book answers a request with the node it leads to, a refusal, or nothing", () => {
  const book = new OpeningBook(tinyBook());
  assert.deepEqual(book.answer(0, requestKey("click", { card: "5S" })), { node: 1 });
  assert.deepEqual(book.answer(0, requestKey("play", { to: 2, card: "5S" })), { node: 1 });
  assert.deepEqual(book.answer(0, "click 8S"), { refusal: { type: "IllegalMove", message: "8S is covered", reason: "covered" } });
  assert.equal(book.answer(0, "click 9H"), null);
  assert.equal(book.answer(1, "click 8S"), null, "a leaf answers nothing");
  assert.deepEqual(book.table(1).state.fans, [["8S"], ["5S"]]);
  assert.equal(book.hint(1), null);
});

test("a table handed out is the page's to keep: changing it changes the book in nothing", () => {
  const book = new OpeningBook(tinyBook());
  book.table(1).state.fans[0].push("KH");
  assert.deepEqual(book.table(1).state.fans, [["8S"], ["5S"]]);
});

test("what is not a book of this version is refused at once, a broken node when asked for", () => {
  assert.throws(() => new OpeningBook({ v: 2, nodes: [[-1, [0, {}]]], refusals: [] }), /not an opening book/);
  assert.throws(() => new OpeningBook(null), /not an opening book/);
  const broken = tinyBook();
  broken.nodes[1] = [3, [0, {}]];
  assert.throws(() => new OpeningBook(broken).node(1), /before its parent/);
});

test("a newcomer is given a deal with a book when the bank has one", () => {
  const states = /** @type {any[]} */ ([{ game: "fan", deal: "1" }, { game: "fan", deal: "2" }, { game: "fan", deal: "3" }]);
  assert.deepEqual(withBooks(states, { fan: { 2: "py/book-fan-2.json" } }).map((state) => state.deal), ["2"]);
  assert.equal(withBooks(states, {}).length, 3);
});

test("a saved game is found at the node whose game it is, whatever its time played and proof", () => {
  const data = tinyBook();
  const save = (moves) => `{"moves":${JSON.stringify(moves)},"proved":0,"time":0}`;
  data.nodes[0][1][1].table.save = save([]);
  data.nodes.push([0, [1, { table: [1, { save: [0, save(["5S>2"])] }, []], answers: [0, { "click 8S": -1 }] }, []]]);
  const book = new OpeningBook(data);
  assert.equal(book.nodeOfSave('{"moves":[],"proved":1,"time":65000}'), 0);
  assert.equal(book.nodeOfSave('{"moves":["5S>2"],"proved":1,"time":1200}'), 2);
  assert.equal(book.nodeOfSave('{"moves":["8S>1"],"proved":0,"time":0}'), null, "a game the book does not hold");
  // Node 1 holds the same game as node 2 but answers nothing: a player cannot be resumed there.
  data.nodes[1][1][1].table = [1, { save: [0, save(["5S>2"])] }, []];
  assert.equal(new OpeningBook(data).nodeOfSave(save(["5S>2"])), 2);
});
