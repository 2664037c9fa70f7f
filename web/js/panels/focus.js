// @ts-check
// The focus is never lost. When a dialog or the message panel closes and the
// focus would fall to the page's body (the next Tab would leave the page, and a
// screen reader starts again from its top), it goes to the table: the cell the
// arrow keys start from (table/keyboard.js keeps one in the tab order), else the
// table itself. A browser gives a closed dialog's focus back to what
// had it before, and the message panel does the same (panel.js); this catches
// what had none (the first-visit dialog opens on its own) or is gone.

/** The table, the page's content. */
const table = () => /** @type {HTMLElement | null} */ (document.querySelector("#table"));

/** Whether the focus is nowhere: on the body, on nothing, or on what is no longer drawn (a hidden panel's button, until the browser notices). */
const nowhere = () => {
  const active = document.activeElement;
  return !active || active === document.body || active === document.documentElement || !active.getClientRects().length;
};

/** Put the focus on the table: its cell in the tab order, else the table itself. */
export function focusTable() {
  const root = table();
  if (!root) return;
  const cell = /** @type {HTMLElement | null} */ (root.querySelector('[tabindex="0"]'));
  if (cell) return cell.focus({ preventScroll: true });
  if (!root.hasAttribute("tabindex")) root.tabIndex = -1; // focusable by the page, not by Tab
  root.focus({ preventScroll: true });
}

/** After what closed has had its say (a browser puts a dialog's focus back, another panel takes it): the table, if the focus is nowhere. */
export function keepFocus() {
  setTimeout(() => {
    if (nowhere() && !document.querySelector("dialog[open]")) focusTable();
  });
}

// Every dialog of the page ("close" does not bubble: heard on its way down).
document.addEventListener(
  "close",
  (event) => {
    if (event.target instanceof HTMLDialogElement) keepFocus();
  },
  true,
);
