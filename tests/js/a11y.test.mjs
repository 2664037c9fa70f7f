// What a screen reader hears of the table (web/js/table/a11y.js): a move with
// every card the automatic moves sent home, briefly, and each fan's cell named
// with its cards, its top card first.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { useTables } from "../../web/js/words/i18n.js";
import { fanWords, movesSaid } from "../../web/js/table/a11y.js";

const texts = (lang) => JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), "utf8"));
const ENGLISH = texts("en");

test("a move is said in one sentence, and every card the automatic moves sent home in one list", () => {
  useTables("en", ENGLISH, ENGLISH);
  // A winning move that sends ten cards home: all ten are said, not the first few.
  const home = ["4C", "5C", "6C", "7C", "8C", "9C", "TC", "JC", "QC", "KC"].map((card) => ({ card, to: "F", onto: null }));
  const said = movesSaid([{ card: "3C", to: "F", onto: null }, ...home]);
  assert.equal(
    said,
    "Three of clubs to its foundation. To the foundations: four of clubs, five of clubs, six of clubs, seven of clubs, "
      + "eight of clubs, nine of clubs, ten of clubs, jack of clubs, queen of clubs, and king of clubs.",
  );
  assert.equal(movesSaid([{ card: "7H", to: 3, onto: "8H" }]), "Seven of hearts onto eight of hearts, fan 3.");
  assert.equal(movesSaid([]), "");
});

test("a fan's cell is named by its cards, the top one first, in every language", () => {
  useTables("en", ENGLISH, ENGLISH);
  assert.equal(fanWords(["2C", "8S", "7H"], 3), "Fan 3: seven of hearts, over eight of spades and two of clubs");
  assert.equal(fanWords(["7H"], 3), "Fan 3: seven of hearts");
  assert.equal(fanWords([], 4), "Fan 4, empty");
  for (const lang of ["de", "es", "ru"]) {
    useTables(lang, texts(lang), ENGLISH);
    const words = fanWords(["2C", "7H"], 5);
    assert.match(words, /5/, lang);
    assert.doesNotMatch(words, /[{}]/, lang);
  }
});
