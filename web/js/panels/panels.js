// @ts-check
// The info dialog: three tabs for the game on the table. Help (web/help/<lang>/
// <game>.json, inserted as text, never as HTML), Statistics (the engine's summary
// in a table, a chart of up to the last 30 results, a reset with confirmation) and
// About (version, game and deal with a link to copy, where to report a problem).

import { APP_VERSION } from "../build-info.js";
import { ISSUES_URL } from "../platform/config.js";
import { formatDate, formatDuration, formatNumber, language, t } from "../words/i18n.js";

const SVG = "http://www.w3.org/2000/svg";
const TABS = ["help", "stats", "about"];

function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") element.textContent = value;
    else if (key === "className") element.className = value;
    else element.setAttribute(key, value);
  }
  element.append(...children);
  return element;
}

const helpCache = new Map(); // "de/clover-leaf" -> Promise of the help JSON

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
  return helpCache.get(key);
}

// context: {
//   state(): the engine state on the table (or null); daily(): the daily date or null
//   stats: the StatsKeeper; notice(text): a short message on the page
//   intro(): show the first-visit overlay again (optional)
// }
export class InfoPanels {
  /** @param {any} context */
  constructor(context) {
    this.context = context;
    this.tab = "help";
    /** @type {HTMLDialogElement | null} */
    this.dialog = null;
    this.token = 0;
    // Made by build(), the first time the dialog opens.
    /** @type {Record<string, HTMLElement>} */
    this.tabButtons = {};
    /** @type {Record<string, HTMLElement>} */
    this.tabPanels = {};
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
    this.tabButtons = {};
    this.tabPanels = {};
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

  // Left/Right (and Home/End) move between the tabs, as the ARIA tabs pattern says.
  tabKey(event, name) {
    const at = TABS.indexOf(name);
    const next = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: TABS.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = TABS[(next + TABS.length) % TABS.length];
    this.show(tab);
    this.tabButtons[tab].focus();
  }

  isOpen() {
    return Boolean(this.dialog?.open);
  }

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

  show(tab) {
    this.tab = TABS.includes(tab) ? tab : "help";
    const state = this.context.state();
    const game = state?.game ?? "clover-leaf";
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

  async showStats(game, token) {
    const panel = this.tabPanels.stats;
    panel.setAttribute("aria-busy", "true"); // until the engine's summary is drawn
    let summary;
    try {
      summary = await this.context.stats.summary(game);
    } catch (error) {
      console.warn(`statistics: ${/** @type {any} */ (error)?.message ?? error}`);
      if (token !== this.token) return;
      panel.replaceChildren(el("p", { className: "info__note", text: t("stats.failed") }));
      panel.removeAttribute("aria-busy");
      return;
    }
    if (token !== this.token) return;
    panel.replaceChildren(...this.statsContent(game, summary));
    panel.removeAttribute("aria-busy");
  }

  statsContent(game, summary) {
    const none = t("stats.none");
    const number = (value) => (value === null || value === undefined ? none : formatNumber(value));
    /** @type {[string, (bucket: any, kind: string) => string][]} */
    const rows = [
      ["played", (b) => number(b.played)],
      ["won", (b) => number(b.won)],
      ["winRate", (b) => (b.win_rate === null ? none : formatNumber(b.win_rate, { style: "percent", maximumFractionDigits: 0 }))],
      ["streak", (b) => number(b.streak)],
      ["bestStreak", (b) => number(b.best_streak)],
      ["bestTime", (b) => (b.best_time === null ? none : formatDuration(b.best_time))],
      ["fewestMoves", (b) => number(b.fewest_moves)],
      ["dayStreak", (b, kind) => (kind === "daily" ? number(b.day_streak) : "")],
      ["bestDayStreak", (b, kind) => (kind === "daily" ? number(b.best_day_streak) : "")],
    ];
    const kinds = ["all", "solvable", "daily"];
    // Short column heads, so three columns fit a phone in every language; the
    // full name is what a screen reader says.
    const columnHead = (kind) =>
      el(
        "th",
        { scope: "col", "data-kind": kind },
        el("span", { "aria-hidden": "true", text: t(`stats.${kind}.short`) }),
        el("span", { className: "visually-hidden", text: t(`stats.${kind}`) }),
      );
    const head = el("tr", {}, el("td"), ...kinds.map(columnHead));
    const body = el("tbody");
    for (const [key, value] of rows) {
      const row = el("tr", { "data-stat": key }, el("th", { scope: "row", text: t(`stats.${key}`) }));
      for (const kind of kinds) row.append(el("td", { "data-kind": kind, text: value(summary[kind], kind) }));
      body.append(row);
    }
    const table = el("table", { className: "stats" }, el("caption", { className: "visually-hidden", text: t("stats.title", { game: t(`game.${game}`) }) }), el("thead", {}, head), body);

    const recent = summary.all.recent ?? [];
    const chartBox = el("figure", { className: "stats__chart" });
    if (recent.length === 1) {
      // One result makes no chart (a lone bar, unlabelled): it is said in words.
      chartBox.append(el("p", { className: "info__note", text: t(recent[0] ? "stats.oneWon" : "stats.oneLost") }));
    } else if (recent.length) {
      chartBox.append(el("figcaption", { text: t("stats.recent", { count: recent.length }) }), resultsChart(recent));
    } else {
      chartBox.append(el("p", { className: "info__note", text: t("stats.recentNone") }));
    }

    const reset = el("button", { type: "button", className: "stats__reset", "data-stats-reset": "" });
    reset.textContent = t("stats.reset");
    const confirmBox = el("div", { className: "stats__confirm", role: "group", "aria-labelledby": "stats-confirm-text" });
    confirmBox.hidden = true;
    const question = el("p", { id: "stats-confirm-text", text: t("stats.confirm", { game: t(`game.${game}`) }) });
    const yes = el("button", { type: "button", className: "danger", "data-stats-confirm": "" });
    yes.textContent = t("stats.confirmYes");
    const no = el("button", { type: "button", "data-stats-cancel": "" });
    no.textContent = t("button.cancel");
    confirmBox.append(question, el("div", { className: "stats__confirm-actions" }, yes, no));
    reset.addEventListener("click", () => {
      confirmBox.hidden = false;
      reset.hidden = true;
      no.focus();
    });
    no.addEventListener("click", () => {
      confirmBox.hidden = true;
      reset.hidden = false;
      reset.focus();
    });
    yes.addEventListener("click", async () => {
      this.tabPanels.stats.setAttribute("aria-busy", "true");
      try {
        await this.context.stats.reset(game);
        this.context.notice(t("stats.wasReset", { game: t(`game.${game}`) }));
      } catch (error) {
        console.warn(`statistics reset: ${/** @type {any} */ (error)?.message ?? error}`);
      }
      await this.showStats(game, ++this.token);
      /** @type {HTMLElement | null} */ (this.tabPanels.stats.querySelector("[data-stats-reset]"))?.focus();
    });
    return [chartBox, table, reset, confirmBox];
  }

  showAbout(state) {
    const panel = this.tabPanels.about;
    const game = state?.game ?? "clover-leaf";
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

// The last results as bars: a win rises above the line, a loss hangs below it,
// so the chart does not rely on colour alone. Oldest first.
export function resultsChart(recent) {
  const width = 300;
  const height = 64;
  const slot = width / 30;
  const middle = height / 2;
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${width} ${height}`);
  svg.setAttribute("class", "chart");
  svg.setAttribute("preserveAspectRatio", "none"); // bars spread over the panel's width
  svg.setAttribute("role", "img");
  const won = recent.filter(Boolean).length;
  svg.setAttribute("aria-label", t("stats.chart", { count: recent.length, won, lost: recent.length - won }));
  const line = document.createElementNS(SVG, "line");
  line.setAttribute("x1", "0");
  line.setAttribute("x2", String(width));
  line.setAttribute("y1", String(middle));
  line.setAttribute("y2", String(middle));
  line.setAttribute("class", "chart__axis");
  svg.append(line);
  recent.forEach((result, i) => {
    const bar = document.createElementNS(SVG, "rect");
    const x = i * slot + slot * 0.15;
    bar.setAttribute("x", x.toFixed(1));
    bar.setAttribute("width", (slot * 0.7).toFixed(1));
    bar.setAttribute("y", String(result ? 4 : middle + 1));
    bar.setAttribute("height", String(result ? middle - 5 : middle * 0.55));
    bar.setAttribute("rx", "1.5");
    bar.setAttribute("class", result ? "chart__win" : "chart__loss");
    svg.append(bar);
  });
  return svg;
}
