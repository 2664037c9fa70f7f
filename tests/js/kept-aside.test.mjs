// What the page keeps, measured and set aside by one rule (web/js/platform/storage.js,
// web/js/platform/stats-store.js): sizes in UTF-8 bytes as the engine counts them, a save or
// statistics text longer than the engine reads set aside without being sent, and
// every value set aside kept beside the earlier ones, never written over.
import assert from "node:assert/strict";
import { beforeEach, test } from "node:test";

import { TEXT_BYTES } from "../../dist/js/build-info.js";
import { StatsKeeper } from "../../web/js/platform/stats-store.js";
import { BACKUP_COPIES, backupKeys, KEYS, loadGame, readText, setAside } from "../../web/js/platform/storage.js";
import { fitsBytes, utf8Bytes } from "../../web/js/platform/text-size.js";

/** localStorage as a browser keeps it, in memory. */
class MemoryStorage {
  constructor() {
    /** @type {Map<string, string>} */
    this.values = new Map();
  }
  getItem(/** @type {string} */ key) {
    return this.values.get(key) ?? null;
  }
  setItem(/** @type {string} */ key, /** @type {string} */ value) {
    this.values.set(key, String(value));
  }
  removeItem(/** @type {string} */ key) {
    this.values.delete(key);
  }
  get length() {
    return this.values.size;
  }
}

/** @type {MemoryStorage} */
let storage;
beforeEach(() => {
  storage = new MemoryStorage();
  globalThis.localStorage = /** @type {any} */ (storage);
});

const HOSTILE = { "600,000 é": "é".repeat(600_000), "200,000 U+0001": "\u0001".repeat(200_000) };

test("a text's size is its UTF-8 bytes, as the engine counts them (a lone surrogate three)", () => {
  for (const text of ["", "a", "é", "€", "😀", "a😀é€", "\ud800", "\udc00x", "\ud800\ud800", "\u0001".repeat(9)]) {
    assert.equal(utf8Bytes(text), Buffer.byteLength(text, "utf8"), JSON.stringify(text));
  }
  assert.equal(utf8Bytes(HOSTILE["600,000 é"]), 1_200_000);
  assert.ok(fitsBytes("é".repeat(TEXT_BYTES.stats / 2), TEXT_BYTES.stats));
  assert.ok(!fitsBytes("é".repeat(TEXT_BYTES.stats / 2 + 1), TEXT_BYTES.stats));
  assert.ok(!fitsBytes("x".repeat(TEXT_BYTES.stats + 1), TEXT_BYTES.stats));
});

test("a text longer than the engine reads is set aside when it is read, whatever its length in characters", () => {
  const text = "é".repeat(TEXT_BYTES.stats / 2 + 1); // far fewer characters than the limit's bytes
  storage.setItem(KEYS.stats, text);
  assert.equal(readText(KEYS.stats, TEXT_BYTES.stats), null);
  assert.equal(storage.getItem(KEYS.stats), null);
  assert.equal(storage.getItem(`${KEYS.stats}.unreadable`), text);
});

test("every value set aside is kept beside the earlier ones, up to a bound, never written over", () => {
  const texts = Array.from({ length: BACKUP_COPIES + 2 }, (_, i) => `not statistics ${i}`);
  for (const text of texts) {
    storage.setItem(KEYS.stats, text);
    setAside(KEYS.stats, text);
    assert.equal(storage.getItem(KEYS.stats), null);
  }
  assert.deepEqual(backupKeys(KEYS.stats).map((key) => storage.getItem(key)), texts.slice(0, BACKUP_COPIES));
  assert.equal(backupKeys(KEYS.stats)[0], `${KEYS.stats}.unreadable`);
  setAside(KEYS.stats, texts[0]); // a text kept already takes no second place
  assert.equal(storage.values.size, BACKUP_COPIES);
});

test("a saved game whose save is longer than the engine reads is set aside, not sent", () => {
  const record = { save: "x".repeat(TEXT_BYTES.save + 1), game: "clover-leaf", deal: "1", elapsed: 0, started: true };
  storage.setItem(KEYS.save, JSON.stringify(record));
  assert.equal(loadGame(), null);
  assert.equal(storage.getItem(`${KEYS.save}.unreadable`), JSON.stringify(record));
});

/**
 * The engine's statistics calls as the page makes them: what each was sent, and
 * answers as the engine gives them (statistics it did not write itself are
 * unreadable here: setAside, and the answer starts from fresh statistics).
 */
function engine() {
  /** @type {{method: string, params: any}[]} */
  const sent = [];
  let written = { text: "", played: 0 };
  /** @param {string} method @param {any} params */
  const request = async (method, params) => {
    sent.push({ method, params });
    const readable = params.stats === null || params.stats === written.text;
    let played = readable && params.stats !== null ? written.played : 0;
    if (method === "statsRecord") played += 1;
    written = { text: JSON.stringify({ v: 1, played }), played };
    return { stats: written.text, summary: { all: { played } }, ...(readable ? {} : { setAside: true }) };
  };
  return { sent, request };
}

for (const [name, hostile] of Object.entries(HOSTILE)) {
  test(`statistics of ${name} are kept aside unsent, and the next game is counted`, async () => {
    storage.setItem(KEYS.stats, hostile);
    const { sent, request } = engine();
    const keeper = new StatsKeeper(request);
    await keeper.check();
    assert.equal(sent[0].params.stats, null, "sent to the engine");
    assert.equal(storage.getItem(`${KEYS.stats}.unreadable`), hostile);
    const count = { game: "clover-leaf", won: false, moves: 3, solvable: true, daily: null, hints: 0 };
    const reply = await keeper.record(count, 12.3);
    assert.equal(reply?.summary.all.played, 1);
    assert.equal(storage.getItem(KEYS.stats), '{"v":1,"played":1}');
    assert.equal(storage.getItem(`${KEYS.stats}.unreadable`), hostile);
  });
}

test("statistics the engine cannot read are set aside as it says, after those set aside before", async () => {
  const { request } = engine();
  const keeper = new StatsKeeper(request);
  for (const text of ["{oops", "[1, 2"]) {
    storage.setItem(KEYS.stats, text);
    await keeper.summary("clover-leaf");
    assert.equal(storage.getItem(KEYS.stats), null);
  }
  assert.deepEqual(backupKeys(KEYS.stats).slice(0, 3).map((key) => storage.getItem(key)), ["{oops", "[1, 2", null]);
});
