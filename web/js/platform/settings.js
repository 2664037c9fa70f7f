// @ts-check
// The player's settings, kept between visits (through storage.js). Which settings
// there are, their defaults and the values a choice takes are the engine's facts
// (py/cloverleaf/page_facts.py), generated into build-info.js: nothing here names one.

import { DEFAULT_SETTINGS, ENGINE_SETTINGS, SETTING_CHOICES } from "../build-info.js";
import { asRecord, KEYS, readJson, writeJson } from "./storage.js";

/** @typedef {import("../build-info.js").Settings} Settings */

/**
 * The player's settings: each stored one that has its default's type (and, for a
 * choice, one of its values), else the default. The settings, their defaults and
 * their values are the engine's facts (py/cloverleaf/page_facts.py, in build-info.js).
 * @returns {Settings}
 */
export function loadSettings() {
  /** @type {Record<string, unknown>} */
  const settings = { ...DEFAULT_SETTINGS };
  const stored = readJson(KEYS.settings, asRecord);
  for (const [key, fallback] of Object.entries(DEFAULT_SETTINGS)) {
    const value = stored?.[key];
    const choices = SETTING_CHOICES[key];
    if (typeof value !== typeof fallback || (choices && !choices.includes(String(value)))) continue;
    settings[key] = value;
  }
  return /** @type {Settings} */ (settings);
}

/** @param {Settings} settings */
export function storeSettings(settings) {
  writeJson(KEYS.settings, settings);
}

/**
 * The settings the engine keeps (the rest are the page's), as its "settings" method takes them.
 * @param {Settings} settings
 */
export function engineSettings(settings) {
  return Object.fromEntries(ENGINE_SETTINGS.map((key) => [key, settings[key]]));
}
