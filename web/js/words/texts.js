// @ts-check
// The page's own words in the player's language: the static parts of index.html
// (buttons, dialogs, settings), found by selector so the markup needs no changes,
// and the display settings (language, theme, four-colour deck, left-handed
// layout, sounds) added to the settings dialog. Everything is set with textContent.

import { DEFAULT_SETTINGS } from "../build-info.js";
import { LANGUAGE_NAMES, LANGUAGES, t } from "./i18n.js";

const BUTTONS = ["new", "restart", "undo", "redo", "hint", "solve", "games", "daily", "settings", "info", "share", "menu"];
// The settings the dialog shows as switches: every one that is a flag.
const FLAG_SETTINGS = Object.entries(DEFAULT_SETTINGS).filter(([, value]) => typeof value === "boolean").map(([key]) => key);

/** @typedef {import("../platform/prefs.js").Prefs} Prefs */
/** A display setting changed: its name and its new value. @typedef {(name: string, value: string | boolean) => void} PrefChange */

const $ = (/** @type {string} */ selector) => /** @type {HTMLElement | null} */ (document.querySelector(selector));

/** @param {string} name @param {string[]} options @param {string} value @param {PrefChange} change */
function choiceSetting(name, options, value, change) {
  const label = document.createElement("label");
  label.className = "setting setting--choice";
  const text = document.createElement("span");
  text.dataset.text = `settings.${name}`;
  const select = document.createElement("select");
  select.dataset.pref = name;
  for (const option of options) {
    const element = document.createElement("option");
    element.value = option;
    select.append(element);
  }
  select.value = value;
  select.addEventListener("change", () => change(name, select.value));
  label.append(text, select);
  return label;
}

/** @param {string} name @param {boolean} value @param {PrefChange} change */
function toggleSetting(name, value, change) {
  const label = document.createElement("label");
  label.className = "setting";
  const input = document.createElement("input");
  input.type = "checkbox";
  input.dataset.pref = name;
  input.checked = value;
  input.addEventListener("change", () => change(name, input.checked));
  const text = document.createElement("span");
  text.dataset.prefText = name;
  label.append(input, " ", text);
  return label;
}

// The display settings, added once to the settings dialog; change(name, value).
/** @param {Prefs} prefs @param {PrefChange} change */
export function addDisplaySettings(prefs, change) {
  const form = $("#settings-dialog .dialog__body");
  if (!form || form.querySelector("[data-pref]")) return;
  const heading = document.createElement("h3");
  heading.className = "settings__group";
  heading.dataset.text = "settings.display";
  const group = document.createElement("div");
  group.className = "settings__display";
  group.append(
    heading,
    choiceSetting("language", ["auto", ...LANGUAGES], prefs.lang, (_name, value) => change("lang", value)),
    choiceSetting("theme", ["system", "light", "dark"], prefs.theme, change),
    toggleSetting("fourColour", prefs.fourColour, change),
    toggleSetting("leftHanded", prefs.leftHanded, change),
    toggleSetting("largerCards", prefs.largerCards, change),
    toggleSetting("sounds", prefs.sounds, change),
  );
  form.insertBefore(group, form.querySelector(".dialog__actions"));
}

/** @param {HTMLElement} span @param {string} key */
function setSettingText(span, key) {
  const note = document.createElement("small");
  note.textContent = t(`${key}.note`);
  span.replaceChildren(t(key), " ", note);
}

// Put every static text of the page in the current language.
export function translatePage() {
  for (const action of BUTTONS) {
    const button = $(`.bar [data-action="${action}"]`);
    if (!button) continue;
    const label = button.querySelector("span");
    if (label) label.textContent = t(`button.${action}`);
    button.title = t(`button.${action}.title`);
    const item = $(`#menu-dialog [data-menu-action="${action}"] span`);
    if (item) item.textContent = t(`menu.${action}`); // the menu has room for longer words
  }
  const menuTitle = $("#menu-title");
  if (menuTitle) menuTitle.textContent = t("menu.title");
  const menuClose = $("#menu-dialog [data-menu-close]");
  if (menuClose) menuClose.textContent = t("button.close");
  $(".bar__buttons")?.setAttribute("aria-label", t("bar.controls"));
  $("#table")?.setAttribute("aria-label", t("bar.table"));
  const redeal = $("#redeal");
  const left = $("#redeals-left");
  if (redeal && left) redeal.replaceChildren(t("button.redeal"), " ", left);
  const gamesTitle = $("#games-title");
  if (gamesTitle) gamesTitle.textContent = t("games.title");
  const gamesClose = $("#games-dialog .dialog__actions button");
  if (gamesClose) gamesClose.textContent = t("button.close");
  const settingsTitle = $("#settings-title");
  if (settingsTitle) settingsTitle.textContent = t("settings.title");
  const settingsDone = $("#settings-dialog .dialog__actions button");
  if (settingsDone) settingsDone.textContent = t("button.done");
  for (const key of FLAG_SETTINGS) {
    const span = $(`#settings-dialog input[data-setting="${key}"]`)?.parentElement?.querySelector("span");
    if (span) setSettingText(span, `settings.${key}`);
  }
  for (const span of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#settings-dialog span[data-pref-text]"))) {
    setSettingText(span, `settings.${span.dataset.prefText}`);
  }
  for (const element of /** @type {NodeListOf<HTMLElement>} */ (document.querySelectorAll("#settings-dialog [data-text]"))) {
    element.textContent = t(element.dataset.text ?? "");
  }
  for (const option of /** @type {NodeListOf<HTMLOptionElement>} */ (document.querySelectorAll('select[data-pref="language"] option'))) {
    option.textContent = option.value === "auto" ? t("settings.language.auto") : LANGUAGE_NAMES[/** @type {keyof typeof LANGUAGE_NAMES} */ (option.value)];
    if (option.value !== "auto") option.lang = option.value;
  }
  for (const option of /** @type {NodeListOf<HTMLOptionElement>} */ (document.querySelectorAll('select[data-setting-choice="level"] option'))) {
    option.textContent = t(option.value === "any" ? "settings.level.any" : `level.${option.value}`);
  }
  for (const option of /** @type {NodeListOf<HTMLOptionElement>} */ (document.querySelectorAll('select[data-pref="theme"] option'))) {
    option.textContent = t(`settings.theme.${option.value}`);
  }
}
