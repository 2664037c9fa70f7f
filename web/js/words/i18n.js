// @ts-check
// The page's four languages. Texts live in web/i18n/<lang>.json as flat string
// tables ({"key": "text with {placeholders}"}); a plural text is an object keyed by
// Intl.PluralRules categories ({"one": "{count} move", "other": "{count} moves"}).
// t(key, params) looks a key up in the current language, then in English, then
// shows the key itself, so a missing text is visible but never breaks the page.
// The English texts are built into the page (build-info.js ENGLISH, written by
// scripts/package.py from en.json, handed over by main.js with useTables before
// anything is drawn): words, never keys, even before a language file has loaded
// or when it cannot be read (the start-up's error panel comes before any file
// when the engine cannot start).
//
// The language is the player's choice when made (prefs.js keeps it), else the
// first of the browser's languages that we have, else English.

import { DAMAGED } from "../platform/stored-files.js";

export const LANGUAGES = ["en", "de", "es", "ru"];
// Each language's own name, for the language setting (never translated).
export const LANGUAGE_NAMES = { en: "English", de: "Deutsch", es: "Español", ru: "Русский" };

/** A language's texts: a string, or a plural's forms by Intl.PluralRules category. @typedef {Record<string, string | Record<string, string>>} Texts */
/** Placeholders' values. @typedef {Record<string, unknown>} Params */

let current = "en";
/** @type {Texts} */
let fallback = {};
let table = fallback;
let plurals = new Intl.PluralRules("en");
/** @type {Set<(lang: string) => void>} */
const listeners = new Set();

// The first of the browser's languages we have ("de-AT" -> "de"), else "en".
export function browserLanguage(languages = navigator.languages ?? [navigator.language]) {
  for (const tag of languages ?? []) {
    const base = String(tag ?? "").toLowerCase().split("-")[0];
    if (LANGUAGES.includes(base)) return base;
  }
  return "en";
}

export function language() {
  return current;
}

// Whether the last language file asked for was a stored file found damaged that
// could not be fetched again (the service worker's stand-in says so): the page then
// says so, in English, the words it has.
let damaged = false;

/** @type {{lang: string, format: Intl.ListFormat} | null} the current language's list format, made once */
let lists = null;

/** Words joined as the language lists them ("a, b and c"). @param {string[]} words */
export function listWords(words) {
  if (lists?.lang !== current) lists = { lang: current, format: new Intl.ListFormat(current, { type: "conjunction" }) };
  return lists.format.format(words);
}

/** @param {string} lang @returns {Promise<Texts>} */
async function fetchTable(lang) {
  // Relative to the bundle, js/main.js (import.meta.url is the bundle's, not this file's).
  const response = await fetch(new URL(`../i18n/${lang}.json`, import.meta.url));
  damaged = response.headers.has(DAMAGED);
  if (!response.ok) throw new Error(`i18n/${lang}.json: HTTP ${response.status}`);
  return response.json();
}

/** Whether the player's language could not be had because its stored file is damaged (the page is in English). */
export function languageDamaged() {
  return damaged;
}

// Load and switch to `lang` ("auto" or null: the browser's); resolves when done.
// Every onChange listener then runs so the page can redraw its texts.
/** @param {string | null | undefined} lang */
export async function setLanguage(lang) {
  const wanted = lang && LANGUAGES.includes(lang) ? lang : browserLanguage();
  damaged = false;
  table = wanted === "en" ? fallback : await fetchTable(wanted).catch(() => fallback);
  current = table === fallback ? "en" : wanted;
  plurals = new Intl.PluralRules(current);
  document.documentElement.lang = current;
  for (const listener of listeners) listener(current);
  return current;
}

// Call `listener(lang)` after every language change; returns the unbind function.
/** @param {(lang: string) => void} listener */
export function onChange(listener) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * A card as a text's parameter (cardWord("7D")): the text names it in the form
 * its placeholder asks for, so each language keeps its own grammar. {card} is
 * the plain name; {card:acc}, {card:the}, ... a form the language defines
 * (Russian's accusative after "на", Spanish's and German's article), read from
 * its keys card.name.FORM, rank.R.FORM, suit.S.FORM and article.R.FORM, each
 * falling back to the plain key. A placeholder written with a capital, {Card},
 * starts a sentence: its first letter is made a capital.
 */
export class CardWord {
  /** @param {string} code  "7D", "TH" */
  constructor(code) {
    this.code = code;
  }
}

/** @param {string} code */
export const cardWord = (code) => new CardWord(code);

/**
 * The card `code` named in `form` ("" for the plain name) in the current language.
 * @param {string} code
 * @param {string} [form]
 * @returns {string}
 */
export function nameCard(code, form = "") {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  // A form is the current language's own: English's plain words never stand in for it.
  const inForm = (/** @type {string} */ key) => (form && `${key}.${form}` in table ? `${key}.${form}` : key);
  const article = form && `article.${rank}.${form}` in table ? t(`article.${rank}.${form}`) : "";
  const words = { rank: t(inForm(`rank.${rank}`)), suit: t(inForm(`suit.${suit}`)), article };
  return t(inForm("card.name"), words).trim();
}

const capital = (/** @type {string} */ text) => text.charAt(0).toLocaleUpperCase(current) + text.slice(1);

/** @param {string} text @param {Params} params @returns {string} */
function fill(text, params) {
  /** @param {string} whole @param {string} written @param {string} [form] @returns {string} */
  const one = (whole, written, form = "") => {
    const name = written in params ? written : written.charAt(0).toLowerCase() + written.slice(1);
    if (!(name in params)) return whole;
    const value = params[name];
    const words = value instanceof CardWord ? nameCard(value.code, form) : String(value);
    return name === written ? words : capital(words);
  };
  return text.replace(/\{(\w+)(?::(\w+))?\}/g, one);
}

// Use these string tables (the current language's and English's) as they are:
// what setLanguage does once it has fetched them, and what the unit tests do.
/** @param {string} lang @param {Texts} texts @param {Texts} english */
export function useTables(lang, texts, english) {
  fallback = english;
  table = texts;
  current = lang;
  plurals = new Intl.PluralRules(lang);
}

// The text for `key` in the current language with {name} placeholders filled.
// A plural text picks its form by params.count; a card given as cardWord(code)
// is named in the form its placeholder asks for (CardWord).
/** @param {string} key @param {Params} [params] @returns {string} */
export function t(key, params = {}) {
  const entry = table[key] ?? fallback[key];
  if (entry === undefined) return key;
  if (typeof entry === "object") {
    const rules = table[key] === entry ? plurals : new Intl.PluralRules("en");
    return fill(String(entry[rules.select(Number(params.count ?? 0))] ?? entry.other), params);
  }
  return fill(String(entry), params);
}

// True when the current language has a text for `key` (or English does).
/** @param {string} key */
export function has(key) {
  return key in table || key in fallback;
}

// Numbers and percentages in the current language's style.
/** @param {number} value @param {Intl.NumberFormatOptions} [options] */
export function formatNumber(value, options) {
  return new Intl.NumberFormat(current, options).format(value);
}

// A time played, "2:31" or "1:02:05", from seconds (the clock, statistics, a win).
/** @param {number} seconds */
export function formatDuration(seconds) {
  const total = Math.max(0, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

// A calendar day ("2026-11-30", as the daily deal is named) in the current
// language's style, read as that local day (no time zone can shift it):
// "Nov 30, 2026", "30.11.2026", "30 нояб. 2026 г.". `options` are
// Intl.DateTimeFormat's; anything that is not such a day is shown as it is.
/**
 * @param {string} day
 * @param {Intl.DateTimeFormatOptions} [options]
 */
export function formatDate(day, options = { dateStyle: "medium" }) {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(String(day ?? ""));
  if (!match) return String(day ?? "");
  const date = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Intl.DateTimeFormat(current, options).format(date);
}
