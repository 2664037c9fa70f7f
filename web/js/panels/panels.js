// @ts-check
// The info dialog: three tabs for the game on the table. Help (web/help/<lang>/
// <game>.json, inserted as text, never as HTML), Statistics (the engine's summary
// in a table, a chart of up to the last 30 results, a reset with confirmation) and
// About (version, game and deal with a link to copy, where to report a problem).

import { APP_VERSION, DEFAULT_GAME } from "../build-info.js";
import { ISSUES_URL } from "../platform/config.js";
import { formatDate, language, t } from "../words/i18n.js";
import { el } from "./element.js";
import { resetControls, statsContent } from "./stats-tab.js";
import { errorText } from "../engine/engine-error.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").StatsReply} StatsReply */
/** @typedef {"help" | "stats" | "about"} Tab */

/** @type {Tab[]} */
const TABS = ["help", "stats", "about"];

/**
 * What the panels show and do.
 * @typedef {object} InfoContext
 * @property {() => State | null} state  the engine state on the table
 * @property {() => string | null} daily  the date, while the deal of the day is on the table
 * @property {{summary: (game: string) => Promise<StatsReply["summary"]>, reset: (game: string) => Promise<unknown>,
 *   setAside: () => Promise<unknown>}} stats
 * @property {(text: string) => void} notice  a short message on the page
 * @property {() => void} [intro]  show the first-visit overlay again
 */

/** A game's help: sections of a heading and paragraphs (web/help/<lang>/<game>.json). @typedef {{sections?: {heading?: string, paragraphs?: string[]}[]}} Help */

/** @type {Map<string, Promise<Help>>} "de/fan" -> the help, loading */
const helpCache = new Map();

/** @param {string} lang @param {string} game @returns {Promise<Help>} */
function loadHelp(lang, game) {
  const key = `${lang}/${game}`;
  if (!helpCache.has(key)) {
    // Relative to the bundle, js/main.js (import.meta.url is the bundle's, not this file's).
    const url = new URL(`../help/${lang}/${game}.json`, import.meta.url);
    const promise = fetch(url).then((response) => {
      if (!response.ok) throw new Error(`help ${key}: HTTP ${response.status}`);
      return response.json();
    });
    promise.catch(() => helpCache.delete(key));
    helpCache.set(key, promise);
  }
  return /** @type {Promise<Help>} */ (helpCache.get(key));
}

export class InfoPanels {
  /** @param {InfoContext} context */
  constructor(context) {
    this.context = context;
    /** @type {Tab} */
    this.tab = "help";
    /** @type {HTMLDialogElement | null} */
    this.dialog = null;
    this.token = 0;
    // Made by build(), the first time the dialog opens.
    /** @type {Record<Tab, HTMLElement>} */
    this.tabButtons = /** @type {Record<Tab, HTMLElement>} */ ({});
    /** @type {Record<Tab, HTMLElement>} */
    this.tabPanels = /** @type {Record<Tab, HTMLElement>} */ ({});
    this.title = document.createElement("h2");
    this.close = document.createElement("button");
    this.tablist = document.createElement("div");
  }

  build() {
    if (this.dialog) return;
    const dialog = el("dialog", { id: "info-dialog", className: "dialog info", "aria-labelledby": "info-title" });
    const title = el("h2", { id: "info-title", className: "info__title" });
    const close = el("button", { type: "button", className: "info__close", "data-info-close": "" });
    close.addEventListener("click", () => dialog.close());
    const tablist = el("div", { role: "tablist", className: "info__tabs" });
    for (const name of TABS) {
      const button = el("button", {
        type: "button", role: "tab", id: `info-tab-${name}`, "aria-controls": `info-${name}`, "data-tab": name,
      });
      button.addEventListener("click", () => this.show(name));
      button.addEventListener("keydown", (event) => this.tabKey(event, name));
      tablist.append(button);
      this.tabButtons[name] = button;
      const panel = el("section", {
        role: "tabpanel", id: `info-${name}`, className: `info__panel info__panel--${name}`,
        "aria-labelledby": `info-tab-${name}`, tabindex: "0",
      });
      this.tabPanels[name] = panel;
    }
    const head = el("div", { className: "info__head" }, title, close);
    const body = el("div", { className: "info__body" }, head, tablist, ...Object.values(this.tabPanels));
    dialog.append(body);
    document.body.append(dialog);
    this.dialog = dialog;
    this.title = title;
    this.close = close;
    this.tablist = tablist;
  }

  /**
   * Left/Right (and Home/End) move between the tabs, as the ARIA tabs pattern says.
   * @param {KeyboardEvent} event
   * @param {Tab} name
   */
  tabKey(event, name) {
    const at = TABS.indexOf(name);
    const next = /** @type {Record<string, number>} */ ({ ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 })[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[(next + TABS.length) % TABS.length];
    this.show(tab);
    this.tabButtons[tab].focus();
  }

  isOpen() {
    return Boolean(this.dialog?.open);
  }

  /** @param {string} [tab]  a Tab; another name opens Help */
  open(tab = this.tab) {
    this.build();
    this.show(tab);
    const dialog = /** @type {HTMLDialogElement} */ (this.dialog);
    if (!dialog.open) dialog.showModal();
    this.tabButtons[this.tab].focus();
  }

  // Redraw whatever is shown (after a language change or a new state).
  refresh() {
    if (this.isOpen()) this.show(this.tab);
  }

  /** @param {string} tab  a Tab; another name shows Help */
  show(tab) {
    this.tab = TABS.find((name) => name === tab) ?? "help";
    const state = this.context.state();
    const game = state?.game ?? DEFAULT_GAME;
    this.title.textContent = t(`game.${game}`);
    this.close.setAttribute("aria-label", t("button.close"));
    this.close.textContent = "\u00d7";
    this.tablist.setAttribute("aria-label", t("info.tabs"));
    for (const name of TABS) {
      const selected = name === this.tab;
      this.tabButtons[name].textContent = t(`tab.${name}`);
      this.tabButtons[name].setAttribute("aria-selected", String(selected));
      this.tabButtons[name].tabIndex = selected ? 0 : -1;
      this.tabPanels[name].hidden = !selected;
    }
    if (this.dialog) this.dialog.dataset.tab = this.tab;
    const token = ++this.token;
    if (this.tab === "help") this.showHelp(game, token);
    else if (this.tab === "stats") this.showStats(game, token);
    else this.showAbout(state);
  }

  /** @param {string} game @param {number} token  the show this is for (a later one supersedes it) */
  async showHelp(game, token) {
    const panel = this.tabPanels.help;
    panel.setAttribute("aria-busy", "true");
    if (!panel.dataset.shown || panel.dataset.shown !== `${language()}/${game}`) {
      panel.replaceChildren(el("p", { className: "info__note", text: t("help.loading") }));
    }
    let help;
    try {
      help = await loadHelp(language(), game);
    } catch (error) {
      console.warn(`help: ${error}`);
      if (token === this.token) panel.replaceChildren(el("p", { className: "info__note", text: t("help.failed") }));
      panel.removeAttribute("aria-busy");
      return;
    }
    if (token !== this.token) return;
    const children = [];
    if (this.context.intro) {
      // The first-visit overlay's three lines, again.
      const intro = el("button", { type: "button", className: "info__intro", "data-intro": "" });
      intro.textContent = t("intro.open");
      intro.addEventListener("click", () => {
        this.dialog?.close();
        this.context.intro?.();
      });
      children.push(el("p", {}, intro));
    }
    for (const section of help.sections ?? []) {
      children.push(el("h3", { text: String(section.heading ?? "") }));
      for (const paragraph of section.paragraphs ?? []) children.push(el("p", { text: String(paragraph) }));
    }
    children.push(el("h3", { text: t("help.keys") }), el("p", { text: t("help.keysText") }));
    panel.replaceChildren(...children);
    panel.dataset.shown = `${language()}/${game}`;
    panel.removeAttribute("aria-busy");
  }

  /** @param {string} game @param {number} token */
  async showStats(game, token) {
    const panel = this.tabPanels.stats;
    panel.setAttribute("aria-busy", "true"); // until the engine's summary is drawn
    let summary;
    try {
      summary = await this.context.stats.summary(game);
    } catch (error) {
      console.warn(`statistics: ${errorText(error)}`);
      if (token !== this.token) return;
      // Nothing to show, but a way out: the stored text set aside (kept, not
      // deleted), and the statistics started afresh.
      const setAside = async () => {
        await this.context.stats.setAside();
        await this.showStats(game, ++this.token);
      };
      panel.replaceChildren(el("p", { className: "info__note", text: t("stats.failed") }), ...resetControls(t("stats.confirmAside"), setAside));
      panel.removeAttribute("aria-busy");
      return;
    }
    if (token !== this.token) return;
    panel.replaceChildren(...statsContent(game, summary, () => this.resetStats(game)));
    panel.removeAttribute("aria-busy");
  }

  /**
   * Reset the game's statistics (confirmed in the tab), say so and show them anew.
   * @param {string} game
   */
  async resetStats(game) {
    this.tabPanels.stats.setAttribute("aria-busy", "true");
    try {
      await this.context.stats.reset(game);
      this.context.notice(t("stats.wasReset", { game: t(`game.${game}`) }));
    } catch (error) {
      console.warn(`statistics reset: ${errorText(error)}`);
    }
    await this.showStats(game, ++this.token);
    /** @type {HTMLElement | null} */ (this.tabPanels.stats.querySelector("[data-stats-reset]"))?.focus();
  }

  /** @param {State | null} state */
  showAbout(state) {
    const panel = this.tabPanels.about;
    const game = state?.game ?? DEFAULT_GAME;
    const deal = state?.deal ?? "";
    const daily = this.context.daily();
    const link = deal ? `${location.href.replace(/#.*$/, "")}#${game}/${deal}` : "";
    const facts = el(
      "dl",
      { className: "about__facts" },
      el("dt", { text: t("about.game") }),
      el("dd", { text: t(`game.${game}`) }),
      el("dt", { text: t("about.deal") }),
      el("dd", {
        "data-about-deal": "",
        text: deal ? `${deal}${daily ? ` (${t("status.daily", { date: formatDate(daily, { dateStyle: "long" }) })})` : ""}` : t("about.dealNone"),
      }),
    );
    const input = el("input", { type: "text", readonly: "", className: "about__link", "aria-label": t("about.copy"), value: link });
    input.value = link;
    input.addEventListener("focus", () => input.select());
    const copy = el("button", { type: "button", "data-about-copy": "" });
    copy.textContent = t("about.copy");
    copy.disabled = !link;
    const status = el("p", { className: "about__status", role: "status" });
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        status.textContent = t("about.copied", { link });
      } catch {
        input.focus();
        input.select();
        status.textContent = t("about.copyFailed", { link });
      }
    });
    const report = el("a", {
      href: ISSUES_URL, target: "_blank", rel: "noopener noreferrer", className: "about__report", "data-about-report": "",
    });
    report.textContent = t("about.report");
    const note = el("span", { className: "visually-hidden", text: ` (${t("about.reportNote")})` });
    report.append(note);
    panel.replaceChildren(
      el("p", { className: "about__name" }, el("strong", { text: "Clover Leaf" }), " ", el("span", { "data-about-version": "", text: t("about.version", { version: APP_VERSION }) })),
      el("p", { text: t("app.description") }),
      facts,
      el("div", { className: "about__copy" }, input, copy),
      status,
      el("p", {}, report),
      el("p", { className: "info__note", text: t("about.offline") }),
    );
  }
}
