// @ts-check
// Keyboard shortcuts: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, H hint,
// Escape closes a message. Returns the function that unbinds them.

export function bindShortcuts(actions) {
  function onKey(event) {
    if (event.defaultPrevented || event.altKey) return;
    if (event.target.closest?.("input, textarea, select, dialog[open]")) return;
    const key = event.key.toLowerCase();
    const command = event.ctrlKey || event.metaKey;
    /** @type {string | null} */
    let action = null;
    if (command && key === "z") action = event.shiftKey ? "redo" : "undo";
    else if (command && key === "y") action = "redo";
    else if (!command && !event.shiftKey && key === "h") action = "hint";
    else if (!command && key === "escape") action = "escape";
    if (!action || !actions[action]) return;
    event.preventDefault();
    actions[action]();
  }
  window.addEventListener("keydown", onKey);
  return () => window.removeEventListener("keydown", onKey);
}
