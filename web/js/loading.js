// @ts-check
// The loading bar while the engine starts, and the page's status for tests and
// benches (body[data-status]: "loading" | "ready" | "error").

import { t } from "./i18n.js";

/** How far along each start-up stage is, in percent. */
const STAGES = { download: 15, python: 40, package: 85, dealing: 95 };

/** @param {string} stage */
export function showProgress(stage) {
  const percent = STAGES[/** @type {keyof typeof STAGES} */ (stage)] ?? 50;
  const text = document.querySelector("#loading-text");
  const bar = /** @type {HTMLElement | null} */ (document.querySelector("#loading-bar"));
  if (text) text.textContent = t(stage in STAGES ? `loading.${stage}` : "loading.other");
  if (bar) bar.style.width = `${percent}%`;
}

/** @param {"loading" | "ready" | "error"} status */
export function setStatus(status) {
  document.body.dataset.status = status;
}
