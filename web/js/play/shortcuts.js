// @ts-check
// The app's keyboard shortcuts: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, H
// hint, Escape closes a message; bound to the page's keymap (platform/keymap.js)
// after the solution player's keys and the table's. Returns their unbind.

import { PRECEDENCE } from "../platform/keymap.js";

/**
 * @param {Record<string, () => unknown>} actions  the app's actions, by name
 * @param {import("../platform/keymap.js").Keymap} keymap
 * @returns {() => void}
 */
export function bindShortcuts(actions, keymap) {
  /** @param {string} name */
  const run = (name) => () => actions[name]?.();
  return keymap.bind(PRECEDENCE.app, [
    { keys: ["z"], command: true, shift: false, run: run("undo") },
    { keys: ["z"], command: true, shift: true, run: run("redo") },
    { keys: ["y"], command: true, run: run("redo") },
    { keys: ["h"], shift: false, run: run("hint") },
    { keys: ["Escape"], run: run("escape") },
  ]);
}
