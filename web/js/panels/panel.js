// @ts-check
// The message panel: won, stuck, lost, an error at start-up. Every kind but the
// error can be closed (its Close button, or Escape), so a panel never traps the
// player. Stuck and lost are a sheet docked at the bottom edge, in the page's
// flow: the table gives up the room, its cards keeping their size and grid
// (whenDocked, render.js holdCards), so the sheet never covers a card and
// nothing jumps (web/css/panels.css); the others float above the table.

import { t } from "../words/i18n.js";
import { keepFocus } from "./focus.js";

/** @typedef {"won" | "stuck" | "lost" | "confirm" | "error" | "tab"} PanelKind */

/** The kinds shown as a sheet at the bottom edge, beside the table rather than over it. */
const DOCKED = new Set(["stuck", "lost"]);
/** @typedef {{label: string, name: string, action: () => void, primary?: boolean}} PanelAction */

const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));

/** Told whether a sheet is docked, whenever that changes (the table keeps its cards meanwhile). */
let onDocked = (/** @type {boolean} */ _docked) => {};

/**
 * Hear whether a sheet (stuck, lost) is docked below the table.
 * @param {(docked: boolean) => void} listener
 */
export function whenDocked(listener) {
  onDocked = listener;
}

/** What closing the panel without choosing an action means (see showPanel). */
let onClose = () => {};
/** The kind of panel on show, or null: kept here, never read back from the page. @type {PanelKind | null} */
let shown = null;

/**
 * Show a panel of `kind` with a title, a text and its actions (a Close is added
 * to every kind but "error", unless `closeButton` is false: a question whose
 * first action already says the same). `close` runs when the panel goes away
 * without one of its actions: Close, Escape, or another panel taking its place.
 * The first primary action has the focus.
 * @param {PanelKind} kind
 * @param {string} title
 * @param {string} text
 * @param {PanelAction[]} actions
 * @param {{close?: () => void, closeButton?: boolean}} [options]
 */
export function showPanel(kind, title, text, actions, { close = () => {}, closeButton = true } = {}) {
  hidePanel();
  onClose = close;
  shown = kind;
  const panel = $("#panel");
  panel.dataset.panel = kind;
  $("#panel-title").textContent = title;
  $("#panel-text").textContent = text;
  const box = $("#panel-actions");
  box.replaceChildren();
  /** @type {PanelAction[]} */
  const all = kind === "error" || !closeButton ? actions : [...actions, { label: t("button.close"), name: "close", action: close }];
  panel.classList.toggle("panel--docked", DOCKED.has(kind));
  onDocked(DOCKED.has(kind));
  for (const { label, action, primary, name } of all) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    button.dataset.panelAction = name;
    if (primary) button.classList.add("primary");
    if (name === "close" && DOCKED.has(kind)) {
      // A sheet's Close is the × in its corner: the row of actions keeps its room.
      button.className = "panel__close";
      button.textContent = "\u00d7";
      button.title = label;
      button.setAttribute("aria-label", label);
    }
    button.addEventListener("click", () => {
      onClose = () => {};
      hidePanel();
      action();
    });
    box.append(button);
  }
  panel.hidden = false;
  /** @type {HTMLElement | null} */ (box.querySelector("button.primary, button"))?.focus({ preventScroll: true });
}

/**
 * Hide the panel (only when it is of `kind`, when given).
 * @param {PanelKind} [kind]
 */
export function hidePanel(kind) {
  const panel = $("#panel");
  if (shown === null || (kind && shown !== kind)) return;
  shown = null;
  if (panel.contains(document.activeElement)) keepFocus(); // its button had it: the table takes it
  panel.hidden = true;
  delete panel.dataset.panel;
  onDocked(false);
  const closed = onClose;
  onClose = () => {};
  closed();
}

/** The kind of panel on show, or null. @returns {PanelKind | null} */
export function panelKind() {
  return shown;
}
