// @ts-check
// The table view made for this browser and kept fitted to its room.
//
// How far fans spread depends on the cards' corner index as this browser draws
// it (layout.js). Measuring it lays out 52 probe cards, about 120 ms on a phone,
// which the first table must not wait for: it is laid out with what this browser
// measured before under the same stylesheets, else with app.css's own values
// (measured ones differ by a pixel at most), and measured once the first table is
// painted and the page is idle. The cards keep their size while a sheet (stuck,
// lost) or the solution player is docked below the table (render.js holdCards):
// nothing jumps when one comes; the table is laid out again when its room changes.

import { TableView } from "./render.js";
import { loadIndex, storeIndex } from "../platform/remembered.js";
import { whenIdle } from "../platform/idle.js";
import { whenDocked } from "../panels/panel.js";
import { STYLE_HASH } from "../build-info.js";

/** @typedef {import("../engine/protocol.js").State} State */

/**
 * @param {HTMLElement} table
 * @param {{largerCards: boolean}} prefs
 * @param {() => State | null} current  the table on screen
 * @returns {{view: TableView, measureWhenPainted: (painted: Promise<unknown>) => void}}
 */
export function makeTableView(table, prefs, current) {
  const fingerprint = `${STYLE_HASH} ${devicePixelRatio} ${navigator.userAgent}`;
  const measured = loadIndex(fingerprint);
  const view = new TableView(table, measured ?? undefined);
  view.setLargerCards(prefs.largerCards);
  const player = /** @type {HTMLElement} */ (document.querySelector("#player"));
  let sheetDocked = false;
  const holdCards = () => view.holdCards(sheetDocked || !player.hidden);
  whenDocked((docked) => {
    sheetDocked = docked;
    holdCards();
  });
  new ResizeObserver(() => {
    holdCards();
    const state = current();
    if (state) view.render(state);
    else view.relayout();
  }).observe(table);
  const measureWhenPainted = (/** @type {Promise<unknown>} */ painted) => {
    if (!measured) painted.then(() => whenIdle(() => storeIndex(fingerprint, view.remeasure())));
  };
  return { view, measureWhenPainted };
}
