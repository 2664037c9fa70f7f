// @ts-check
// The table beside the sheets docked below it (the stuck and lost sheets, the
// solution player: panels.css). A docked sheet takes the table's room on the page
// but never its layout: the table is laid out for the height it has without the
// sheet, so no card shrinks or moves when one comes or goes, and the table scrolls
// to show what lies under the sheet. This is what the best phone apps do with a
// bottom sheet over their content: the content stays put and can be scrolled
// into view, rather than being laid out again for a shorter box.

/** What docks below the table. */
const DOCKED = ".panel--docked:not([hidden]), .player:not([hidden])";

/**
 * The height `table` is laid out for: its own, and while a sheet is docked below
 * it (`docked`), the sheet's too.
 * @param {HTMLElement} table @param {boolean} docked
 */
export function roomOf(table, docked) {
  let height = table.clientHeight;
  if (docked) for (const sheet of document.querySelectorAll(DOCKED)) height += sheet.getBoundingClientRect().height;
  return Math.round(height);
}

/**
 * A table shorter than its layout's `height` (a sheet docked) scrolls over that
 * whole height (app.css .table--docked), and takes the keyboard's focus so that it
 * can be scrolled without a pointer too; otherwise it is back at its top.
 * @param {HTMLElement} table @param {number} height
 */
export function scrollOver(table, height) {
  const docked = height > table.clientHeight;
  table.style.setProperty("--room", `${height}px`);
  if (docked === table.classList.contains("table--docked")) return;
  table.classList.toggle("table--docked", docked);
  if (docked) table.tabIndex = 0;
  else {
    table.removeAttribute("tabindex");
    table.scrollTop = 0;
  }
}
