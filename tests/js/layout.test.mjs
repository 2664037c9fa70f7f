// The table's geometry (web/js/table/layout.js), on the screens the page meets:
// every card inside the table, no two fans' cells overlapping, and a fan of the
// design length showing the whole index of every covered card.
import assert from "node:assert/strict";
import { test } from "node:test";

import { baseLength, computeLayout, designLength, designLengths } from "../../web/js/table/layout.js";
import { CSS_INDEX, readableStep } from "../../web/js/table/grid.js";
import { capacity, cardInFan, fanCapacity, fanRect } from "../../web/js/table/fan-geometry.js";

const SCREENS = [[360, 640], [390, 844], [844, 390], [768, 1024], [1366, 768], [1920, 1080], [320, 480]];
const FAN_COUNTS = [6, 8, 12, 13, 16, 17, 18]; // 12: Alexander the Great; 13: Quads, Quads +, Lucky Piles

/** @param {{x: number, y: number, w: number, h: number}} a @param {{x: number, y: number, w: number, h: number}} b */
const overlap = (a, b) => a.x < b.x + b.w - 0.5 && b.x < a.x + a.w - 0.5 && a.y < b.y + b.h - 0.5 && b.y < a.y + a.h - 0.5;

test("every fan of the design length fits its cell readably, inside the table", () => {
  for (const [width, height] of SCREENS) {
    for (const fans of FAN_COUNTS) {
      const layout = computeLayout(width, height, fans);
      const where = `${fans} fans on ${width}x${height}`;
      assert.ok(layout.length >= 2, where);
      assert.ok(capacity(layout) >= layout.length, where);
      for (let fan = 0; fan < fans; fan++) {
        const rect = fanRect(layout, fan, layout.length);
        assert.ok(rect.x >= 0 && rect.y >= 0 && rect.x + rect.w <= width && rect.y + rect.h <= height, `${where}: fan ${fan + 1}`);
        const second = cardInFan(layout, fan, 1, layout.length);
        const first = cardInFan(layout, fan, 0, layout.length);
        assert.ok(second.x - first.x + second.y - first.y >= layout.step, `${where}: fan ${fan + 1} covers an index`);
      }
    }
  }
});

test("no two fans' cells overlap, nor a fan and the foundations", () => {
  for (const [width, height] of SCREENS) {
    for (const fans of FAN_COUNTS) {
      const layout = computeLayout(width, height, fans);
      const cells = layout.fans.map((fan) => fan.cell);
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) assert.ok(!overlap(cells[i], cells[j]), `${fans} fans, ${width}x${height}: ${i + 1} and ${j + 1}`);
      }
      const row = { x: 0, y: 0, w: width, h: layout.foundations[0].y + layout.cardH };
      for (const cell of cells) assert.ok(cell.y >= row.h, `${fans} fans, ${width}x${height}: under the foundations`);
    }
  }
});

test("the redeal button's corner is kept free of the foundations, on the side it stands", () => {
  for (const [width, height] of SCREENS) {
    for (const pixels of [80, 112]) {
      const right = computeLayout(width, height, 16, { reserve: { pixels, side: "right" } });
      const last = right.foundations[3];
      assert.ok(last.x + right.cardW <= width - pixels, `${width}x${height}, ${pixels} px right: ${JSON.stringify(last)}`);
      // A left hand: the button in the left corner, the first foundation clear of it.
      const left = computeLayout(width, height, 16, { reserve: { pixels, side: "left" } });
      assert.ok(left.foundations[0].x >= pixels, `${width}x${height}, ${pixels} px left: ${JSON.stringify(left.foundations[0])}`);
      assert.ok(left.foundations[3].x + left.cardW <= width, `${width}x${height}: the row inside the table`);
      assert.equal(left.cardW, right.cardW, "either hand, the same cards");
    }
  }
});

test("the arrangement is kept while it stays nearly as good, so fans do not move about", () => {
  const before = computeLayout(1366, 768, 16);
  const after = computeLayout(1360, 760, 16, { previous: before });
  assert.deepEqual([after.orientation, after.columns, after.rows], [before.orientation, before.columns, before.rows]);
});

test("the design length grows when a fan outgrows its cell and shrinks only when fans are much shorter", () => {
  assert.equal(designLength(0, 10, 3, 16), baseLength(16));
  assert.equal(designLength(8, 10, 9, 16), 8); // fits its cell: kept
  assert.equal(designLength(8, 10, 11, 16), 14); // outgrew the cell: room for three more
  assert.equal(designLength(14, 16, 9, 16), 14); // shorter, not much: kept
  assert.equal(designLength(14, 16, 4, 16), 6); // much shorter: the longest fan and room for two
});

test("the readable step shows the whole corner index", () => {
  assert.equal(readableStep(CSS_INDEX, "vertical", 100), Math.ceil(1 + 0.36 * 100));
  assert.equal(readableStep({ ...CSS_INDEX, horizontal: { a: 2.5, b: 0.5 } }, "horizontal", 40), 23);
});

// Fan lengths met in play, with one fan of five (Trefoil deal 5 after four hinted
// moves; Clover Leaf deal 17 after eleven; Fan deal 17 after six).
const FIVE_CARD_TABLES = [
  [4, 4, 3, 3, 3, 0, 3, 3, 3, 3, 3, 3, 5, 2, 2, 2],
  [3, 3, 3, 2, 3, 4, 2, 1, 2, 4, 4, 1, 3, 5, 3, 3],
  [3, 3, 2, 2, 3, 2, 4, 4, 2, 5, 3, 2, 2, 2, 2, 1, 3, 2],
];

test("larger cards hold every fan as it is readably, inside the table, cells apart", () => {
  for (const [width, height] of SCREENS) {
    for (const fans of [...FIVE_CARD_TABLES, [9, 1, 1, 1, 2, 3, 4, 8, 1, 1, 1, 1, 7, 2, 2, 2], new Array(18).fill(3)]) {
      const layout = computeLayout(width, height, fans.length, { lengths: fans, tight: true });
      const where = `${fans} on ${width}x${height}`;
      fans.forEach((length, i) => {
        assert.ok(fanCapacity(layout, i) >= Math.max(2, length), `${where}: fan ${i + 1}`);
        const rect = fanRect(layout, i, length);
        assert.ok(rect.x >= 0 && rect.y >= 0 && rect.x + rect.w <= width + 0.5 && rect.y + rect.h <= height + 0.5, `${where}: fan ${i + 1} inside`);
      });
      const cells = layout.fans.map((fan) => fan.cell);
      for (let i = 0; i < cells.length; i++) {
        for (let j = i + 1; j < cells.length; j++) assert.ok(!overlap(cells[i], cells[j]), `${where}: ${i + 1} and ${j + 1}`);
      }
    }
  }
});

test("free cells share the foundation row at its left, clear of the foundations and the reserved corner", () => {
  for (const [width, height] of SCREENS) {
    for (const pixels of [0, 104]) {
      const reserve = { pixels, side: /** @type {const} */ ("right") };
      const layout = computeLayout(width, height, 18, { cells: 2, reserve });
      const where = `2 cells, reserve ${pixels}, ${width}x${height}`;
      const row = [...layout.cells, ...layout.foundations];
      assert.equal(layout.cells.length, 2, where);
      row.forEach((slot, i) => {
        assert.equal(slot.y, layout.foundations[0].y, `${where}: slot ${i} in the row`);
        assert.ok(slot.x >= 0, `${where}: slot ${i} inside`);
        if (i) assert.ok(slot.x >= row[i - 1].x + layout.cardW, `${where}: slot ${i} clear of the one before`);
      });
      const last = layout.foundations[3];
      assert.ok(last.x + layout.cardW <= width - pixels, `${where}: the corner kept free`);
      assert.ok(layout.foundations[0].x - layout.cells[1].x - layout.cardW > layout.foundations[1].x - layout.foundations[0].x - layout.cardW,
        `${where}: the cells set apart from the foundations`);
      for (const fan of layout.fans) assert.ok(fan.cell.y >= last.y + layout.cardH, `${where}: fans under the row`);
    }
  }
});

test("with larger cards each row of fans is only as long as its own longest fan", () => {
  // One fan of five among fans of three: its row is longer than the others, and
  // the cards larger than a table laid out for five in every row.
  const fans = FIVE_CARD_TABLES[0];
  const layout = computeLayout(360, 538, fans.length, { lengths: fans, tight: true });
  const everywhere = computeLayout(360, 538, fans.length, { length: 5, tight: true });
  assert.equal(layout.orientation, "vertical");
  const heights = layout.fans.map((fan) => fan.cell.h);
  const longRow = Math.floor(fans.indexOf(5) / layout.columns);
  assert.ok(heights.every((h, i) => Math.floor(i / layout.columns) === longRow || h < heights[fans.indexOf(5)]), String(heights));
  assert.ok(layout.cardW > everywhere.cardW, `${layout.cardW} against ${everywhere.cardW}`);
});

test("on a 360x640 phone, larger cards on a table with a 5-card fan are 1.15 times the deal's", () => {
  // The table's box there (a 360x640 phone less its two bars), and the normal
  // layout a deal opens with (room for two more cards than its fans hold).
  for (const fans of [FIVE_CARD_TABLES[0], FIVE_CARD_TABLES[2]]) {
    const normal = computeLayout(360, 538, fans.length);
    const larger = computeLayout(360, 538, fans.length, { lengths: fans, tight: true, reserve: { pixels: 108, side: "left" } });
    assert.ok(larger.cardW >= 1.15 * normal.cardW, `${larger.cardW} against ${normal.cardW}`);
  }
});

test("larger cards keep their layout while the fans fit, and fit the fans again when one outgrows it or all get shorter", () => {
  const fans = [3, 3, 5, 2];
  assert.deepEqual(designLengths(null, null, fans), [3, 3, 5, 2]); // at first, the fans as they are
  assert.deepEqual(designLengths(null, null, [0, 1, 3]), [2, 2, 3]); // two cards at least
  const design = [3, 3, 5, 2];
  assert.equal(designLengths(design, [4, 4, 5, 4], [4, 3, 5, 2]), design); // every fan fits its cell: kept
  assert.deepEqual(designLengths(design, [4, 4, 5, 4], [3, 3, 6, 2]), [3, 3, 6, 2]); // one outgrew its cell
  assert.equal(designLengths(design, [4, 4, 5, 4], [3, 3, 4, 2]), design); // one card shorter: kept
  assert.deepEqual(designLengths(design, [4, 4, 5, 4], [3, 3, 3, 2]), [3, 3, 3, 2]); // two shorter: larger again
});

test("a game without free cells is laid out as before: no cells, the same cards", () => {
  for (const [width, height] of SCREENS) {
    const plain = computeLayout(width, height, 18);
    assert.deepEqual(plain.cells, []);
    assert.deepEqual(computeLayout(width, height, 18, { cells: 0 }), plain);
  }
});

test("on a phone, two free cells cost Free Fan's fans no card size", () => {
  for (const [width, height] of [[360, 560], [412, 760]]) {
    assert.equal(computeLayout(width, height, 18, { cells: 2 }).cardW, computeLayout(width, height, 18).cardW, `${width}x${height}`);
  }
});
