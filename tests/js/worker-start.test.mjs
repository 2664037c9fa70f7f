// The worker's pure decisions (web/js/engine/): why a start-up download failed
// (failure.js), and how many nodes a job's next slice searches (sliced-jobs.js).
import assert from "node:assert/strict";
import { test } from "node:test";

import { failureKind } from "../../web/js/engine/failure.js";
import { resized, SLICE_MS, SLICE_NODES } from "../../web/js/engine/sliced-jobs.js";

test("a download that did not come is the network's failure, one that came damaged is broken", () => {
  assert.equal(failureKind(new TypeError("Failed to fetch")), "network");
  assert.equal(failureKind(new TypeError("NetworkError when attempting to fetch resource.")), "network");
  assert.equal(failureKind(new Error("HTTP 503 for pyodide.asm.wasm.zst")), "network");
  assert.equal(failureKind(new Error("import failed", { cause: new TypeError("Load failed") })), "network");
  assert.equal(failureKind(new WebAssembly.CompileError("expected magic word")), "broken");
  assert.equal(failureKind(new Error("invalid zstd data")), "broken");
  assert.equal(failureKind(new TypeError("x is not a function")), "broken");
  assert.equal(failureKind("a string thrown"), "broken");
  assert.equal(failureKind(undefined), "broken");
});

test("a slice that took too long is made smaller, one that was quick larger, at most by half or double", () => {
  assert.equal(resized(1000, SLICE_MS), 1000);
  assert.equal(resized(1000, SLICE_MS * 2), 500);
  assert.equal(resized(1000, SLICE_MS * 100), 500);
  assert.equal(resized(1000, SLICE_MS / 2), 2000);
  assert.equal(resized(1000, 0), 2000);
});

test("a slice is never smaller nor larger than its bounds", () => {
  assert.equal(resized(SLICE_NODES.least, SLICE_MS * 10), SLICE_NODES.least);
  assert.equal(resized(SLICE_NODES.most, 0), SLICE_NODES.most);
});
