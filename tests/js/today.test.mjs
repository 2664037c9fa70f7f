import { test } from "node:test";
import assert from "node:assert/strict";
import { localDate } from "../../web/js/platform/today.js";

test("the local date is the browser's calendar day, zero-padded", () => {
  assert.equal(localDate(new Date(2024, 0, 5, 23, 59)), "2024-01-05");
  assert.equal(localDate(new Date(2031, 11, 31, 0, 0)), "2031-12-31");
});
