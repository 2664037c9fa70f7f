// The page's one keymap (web/js/platform/keymap.js): the first binding that
// matches and applies takes the key, in order of precedence; every binding can
// be undone; no key is taken in a field, under an open dialog or with Alt.
import assert from "node:assert/strict";
import { test } from "node:test";

import { Keymap, PRECEDENCE } from "../../web/js/platform/keymap.js";

/** A page with one keydown listener and, when `dialog`, an open dialog. */
function page({ dialog = false } = {}) {
  const listeners = new Set();
  return {
    listeners,
    addEventListener: (_type, listener) => listeners.add(listener),
    removeEventListener: (_type, listener) => listeners.delete(listener),
    querySelector: (selector) => (dialog && selector === "dialog[open]" ? {} : null),
    /** Press `key`; returns whether the page kept the browser from acting on it. */
    press(key, { ctrlKey = false, shiftKey = false, altKey = false, field = false } = {}) {
      const event = {
        key, ctrlKey, shiftKey, altKey, metaKey: false, defaultPrevented: false,
        target: { closest: (selector) => (field && selector.includes("input") ? {} : null) },
        preventDefault() { this.defaultPrevented = true; },
        stopPropagation() {},
      };
      for (const listener of listeners) listener(event);
      return event.defaultPrevented;
    },
  };
}

test("the solution's Escape comes before the table's, which comes before the app's", () => {
  const target = page();
  const keymap = new Keymap(target);
  const said = [];
  let solving = true;
  let picking = true;
  keymap.bind(PRECEDENCE.app, [{ keys: ["Escape"], run: () => said.push("app") }]);
  keymap.bind(PRECEDENCE.table, [{ keys: ["Escape"], when: () => picking, run: () => said.push("table") }]);
  keymap.bind(PRECEDENCE.solution, [{ keys: ["Escape"], when: () => solving, run: () => said.push("solution") }]);
  target.press("Escape");
  solving = false;
  target.press("Escape");
  picking = false;
  target.press("Escape");
  assert.deepEqual(said, ["solution", "table", "app"]);
});

test("a key no binding takes is left to the browser", () => {
  const target = page();
  const keymap = new Keymap(target);
  keymap.bind(PRECEDENCE.table, [{ keys: ["ArrowRight"], when: () => false, run: () => assert.fail("not now") }]);
  assert.equal(target.press("ArrowRight"), false);
  assert.equal(target.press("x"), false);
});

test("letters match in either case; Ctrl and Shift are matched as bound", () => {
  const target = page();
  const keymap = new Keymap(target);
  const said = [];
  keymap.bind(PRECEDENCE.app, [
    { keys: ["z"], command: true, shift: false, run: () => said.push("undo") },
    { keys: ["z"], command: true, shift: true, run: () => said.push("redo") },
    { keys: ["h"], shift: false, run: () => said.push("hint") },
  ]);
  target.press("z", { ctrlKey: true });
  target.press("Z", { ctrlKey: true, shiftKey: true });
  target.press("z"); // no Ctrl: not undo
  target.press("H", { shiftKey: true }); // Shift: not a hint
  target.press("h", { ctrlKey: true }); // Ctrl: not a hint
  target.press("h");
  assert.deepEqual(said, ["undo", "redo", "hint"]);
});

test("no key is taken in a field, under an open dialog or with Alt held", () => {
  let runs = 0;
  for (const [options, pressed] of [[{ dialog: true }, {}], [{}, { field: true }], [{}, { altKey: true }]]) {
    const target = page(options);
    new Keymap(target).bind(PRECEDENCE.app, [{ keys: ["h"], run: () => runs++ }]);
    assert.equal(target.press("h", pressed), false);
  }
  assert.equal(runs, 0);
});

test("every binding can be undone, and the keymap itself", () => {
  const target = page();
  const keymap = new Keymap(target);
  let runs = 0;
  const unbind = keymap.bind(PRECEDENCE.table, [{ keys: ["n"], run: () => runs++ }]);
  const other = keymap.bind(PRECEDENCE.app, [{ keys: ["n"], run: () => (runs += 10) }]);
  target.press("n");
  unbind();
  target.press("n");
  other();
  target.press("n");
  keymap.detach();
  assert.equal(target.listeners.size, 0);
  assert.equal(runs, 11);
});
