// @ts-check
// The player's language and display preferences, applied as they change: the
// settings dialog's display group (words/texts.js), the page's words put in the
// chosen language, the larger cards laid out at once.
//
// The table is drawn at once; the words follow when the language has loaded.
// Until then the page's own words (index.html's English) are not shown to a
// player of another language: css/phone.css hides them while <html data-words="pending">.

import { browserLanguage, LANGUAGES, onChange, setLanguage } from "../words/i18n.js";
import { addDisplaySettings, translatePage } from "../words/texts.js";
import { applyPrefs, storePrefs } from "../platform/prefs.js";
import { label } from "../table/a11y.js";
import { fitButtonLabelsSoon } from "./bar.js";

/** @typedef {import("../platform/prefs.js").Prefs} Prefs */
/** @typedef {import("../engine/protocol.js").State} State */

/**
 * @param {Prefs} prefs
 * @param {{view: import("../table/render.js").TableView, current: () => State | null, redraw: () => void}} page
 *   the table view, the table on screen, and what else says words (drawn again in another language)
 * @returns {Promise<unknown>} the player's language, loaded (or not: English stays)
 */
export function followDisplay(prefs, { view, current, redraw }) {
  addDisplaySettings(prefs, (name, value) => {
    const choices = /** @type {Record<string, unknown>} */ (prefs);
    choices[name] = value;
    storePrefs(prefs);
    applyPrefs(prefs);
    if (name === "lang") setLanguage(String(value));
    if (name === "largerCards") {
      view.setLargerCards(Boolean(value));
      const state = current();
      if (state) view.render(state);
    }
  });
  onChange(() => {
    translatePage();
    fitButtonLabelsSoon();
    const state = current();
    if (state) label(state, view);
    redraw();
  });
  const root = document.documentElement;
  if ((LANGUAGES.includes(prefs.lang) ? prefs.lang : browserLanguage()) !== "en") root.dataset.words = "pending";
  return setLanguage(prefs.lang)
    .catch((error) => console.warn(`texts: ${error}`))
    .finally(() => delete root.dataset.words);
}
