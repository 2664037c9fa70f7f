// Why a position is lost, in words (web/js/words/why.js): every kind of the
// engine's `why` object becomes its sentences, in English and in the other
// languages, with each card named in the form the language asks for.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { test } from "node:test";

import { useTables } from "../../web/js/words/i18n.js";
import { litText, whyText } from "../../web/js/words/why.js";

const texts = (lang) => JSON.parse(readFileSync(new URL(`../../web/i18n/${lang}.json`, import.meta.url), "utf8"));
const ENGLISH = texts("en");

/** @param {string} lang */
function speak(lang) {
  useTables(lang, lang === "en" ? ENGLISH : texts(lang), ENGLISH);
}

const WHYS = {
  deadEnd: { kind: "deadEnd", cards: ["6C", "5C", "7C"], card: "6C" },
  suits: {
    kind: "suits", cards: ["4H", "5H", "6H", "4C", "5C"], suits: ["H", "C"],
    block: { under: "5C", over: "4H", after: false },
  },
  suitsAfter: { kind: "suits", cards: ["QD", "JD", "TD"], suits: ["D"], block: { under: "JD", over: "QD", after: true } },
  schedule: { kind: "schedule", cards: ["4C", "6C", "4S"] },
  capacity: { kind: "capacity", cards: ["AC", "2C"], free: 2, limit: 3 },
  room: { kind: "room", cards: ["2C", "5C"] },
  order: { kind: "order", cards: ["8C", "9C", "4H"], cases: 2 },
  search: { kind: "search", cards: [], lines: 48213 },
};

test("every kind is put in English sentences that show its cards by their faces", () => {
  speak("en");
  assert.equal(
    whyText(WHYS.deadEnd),
    "The six of clubs can never move: the card before it on its foundation and every card it could go onto lie under it.",
  );
  assert.equal(
    whyText(WHYS.suits),
    "These cards of hearts and clubs cannot all reach the foundations, whatever you play: 4\u2665, 5\u2665, "
      + "6\u2665, 4\u2663, and 5\u2663. For one, the five of clubs lies under the four of hearts.",
  );
  assert.match(whyText(WHYS.suitsAfter), /The jack of diamonds lies under the queen of diamonds, which has to go up after it\.$/);
  assert.equal(
    whyText(WHYS.schedule),
    "These cards can never move: 4\u2663, 6\u2663, and 4\u2660. "
      + "Each of them waits for a card that lies under one of them.",
  );
  assert.match(whyText(WHYS.capacity), /^The fans run out of room in any order of play: 2 places are free/);
  assert.match(whyText(WHYS.room), /^These cards can never reach the foundations: 2\u2663 and 5\u2663\./);
  assert.match(whyText(WHYS.order), /^These cards cannot go up in any order: 8\u2663, 9\u2663, and 4\u2665\./);
  assert.equal(whyText(WHYS.search), "Every one of 48,213 lines from here was tried; none wins.");
});

test("every kind is put in German, with the cards in the grammatical forms German asks for", () => {
  speak("de");
  assert.match(whyText(WHYS.deadEnd), /^Die Kreuz-Sechs kann sich nie mehr bewegen/);
  assert.match(whyText(WHYS.suits), /^Diese Karten in Herz und Kreuz .*Zum Beispiel liegt die Kreuz-Fünf tiefer als die Herz-Vier\.$/);
  assert.match(whyText(WHYS.suitsAfter), /Der Karo-Bube liegt im Fächer tiefer als die Karo-Dame/);
  assert.match(whyText(WHYS.schedule), /^Diese Karten können sich nie bewegen: 4\u2663, 6\u2663 und 4\u2660\./);
  assert.match(whyText(WHYS.capacity), /2 Plätze sind frei/);
  assert.match(whyText(WHYS.room), /2\u2663 und 5\u2663/);
  assert.match(whyText(WHYS.order), /^Diese Karten können in keiner Reihenfolge hinauf/);
  assert.equal(whyText(WHYS.search), "Alle 48.213 Wege von hier wurden versucht; keiner gewinnt.");
});

test("Russian words each count in its own plural form, and Spanish names each card with its article", () => {
  speak("ru");
  assert.match(whyText(WHYS.search), /все 48\s213 вариантов/);
  assert.match(whyText(WHYS.capacity), /свободно 2 места/);
  assert.match(whyText(WHYS.deadEnd), /^Шестёрка треф больше никогда не сдвинется/);
  speak("es");
  assert.match(whyText(WHYS.deadEnd), /^El seis de tréboles ya no podrá moverse/);
  assert.match(whyText(WHYS.suits), /^Estas cartas de corazones y tréboles/);
});

test("no text of the four languages is left as a key or with a placeholder unfilled", () => {
  for (const lang of ["en", "de", "es", "ru"]) {
    speak(lang);
    for (const why of Object.values(WHYS)) {
      const text = whyText(why);
      assert.doesNotMatch(text, /why\.|\{|\}/, `${lang}: ${text}`);
    }
  }
});

test("a kind the page does not know yet gets the plain verdict", () => {
  speak("en");
  assert.equal(whyText({ kind: "newer", cards: [] }), "This position cannot be won, whatever you play.");
});

test("the lit cards are named in words for a screen reader, whatever the kind", () => {
  speak("en");
  assert.equal(litText(WHYS.deadEnd), "The lit cards: six of clubs, five of clubs, and seven of clubs.");
  assert.equal(litText(WHYS.capacity), "The lit cards: ace of clubs and two of clubs.");
  assert.equal(litText(WHYS.room), "The lit cards: two of clubs and five of clubs.");
  assert.equal(litText(WHYS.search), "");
  speak("ru");
  assert.match(litText(WHYS.deadEnd), /^Подсвеченные карты: шестёрка треф/);
});
