// @ts-check
// The player's display preferences, kept across visits: language, theme, a
// four-colour deck, a left-handed layout, larger cards and sounds. They only change how the page
// looks, reads and sounds (attributes on <html> that the CSS follows, sound.js);
// the engine never sees them.

import { setSoundOn } from "./sound.js";
import { asRecord, KEYS, readJson, writeJson } from "./storage.js";

/** @typedef {{lang: string, theme: string, fourColour: boolean, leftHanded: boolean, largerCards: boolean, sounds: boolean}} Prefs */

/** @type {Readonly<Prefs>} */
export const DEFAULT_PREFS = Object.freeze({
  lang: "auto", // "auto" (the browser's language) or "en" | "de" | "es" | "ru"
  theme: "system", // "system" (follows prefers-color-scheme), "light" or "dark"
  fourColour: false, // clubs green, diamonds blue
  leftHanded: false, // controls on the left
  largerCards: false, // cards as large as the fans on the table allow (table/layout.js designLength)
  sounds: false, // short sounds for a move, a foundation card, a win (sound.js)
});
/** @type {Record<string, readonly string[]>} */
const CHOICES = { lang: ["auto", "en", "de", "es", "ru"], theme: ["system", "light", "dark"] };

/** @returns {Prefs} */
export function loadPrefs() {
  /** @type {Record<string, unknown>} */
  const prefs = { ...DEFAULT_PREFS };
  const stored = readJson(KEYS.prefs, asRecord);
  for (const [key, value] of Object.entries(DEFAULT_PREFS)) {
    const wanted = stored?.[key];
    if (typeof value === "boolean" && typeof wanted === "boolean") prefs[key] = wanted;
    if (typeof wanted === "string" && CHOICES[key]?.includes(wanted)) prefs[key] = wanted;
  }
  return /** @type {Prefs} */ (prefs);
}

/** @param {Prefs} prefs */
export function storePrefs(prefs) {
  writeJson(KEYS.prefs, prefs);
}

const darkQuery = window.matchMedia?.("(prefers-color-scheme: dark)");
const themeMeta = () => /** @type {HTMLMetaElement | null} */ (document.querySelector('meta[name="theme-color"]'));
const lightThemeColour = themeMeta()?.content ?? "#1d6b3c";

/**
 * Reflect the preferences on <html>: data-theme="light|dark" (resolved),
 * data-deck="four", data-hand="left"; the meta theme colour follows the theme;
 * sounds on or off.
 * @param {Prefs} prefs
 */
export function applyPrefs(prefs) {
  setSoundOn(prefs.sounds);
  const root = document.documentElement;
  const dark = prefs.theme === "dark" || (prefs.theme === "system" && Boolean(darkQuery?.matches));
  root.dataset.theme = dark ? "dark" : "light";
  root.dataset.themeChoice = prefs.theme;
  root.style.colorScheme = dark ? "dark" : "light";
  if (prefs.fourColour) root.dataset.deck = "four";
  else delete root.dataset.deck;
  if (prefs.leftHanded) root.dataset.hand = "left";
  else delete root.dataset.hand;
  const meta = themeMeta();
  if (meta) meta.content = dark ? "#0c1712" : lightThemeColour;
}

/**
 * Re-apply when the system theme changes (matters while theme is "system").
 * @param {Prefs} prefs
 */
export function followSystemTheme(prefs) {
  darkQuery?.addEventListener?.("change", () => applyPrefs(prefs));
}
