// @ts-check
// The info dialog's Statistics tab for one game: the engine's summary in a table
// (all games, the solvable deals, the deals of the day), a chart of up to the
// last 30 results, and a reset that asks first (offered too when the statistics
// could not be loaded). panels.js fetches the summary and does the reset.

import { formatDuration, formatNumber, t } from "../words/i18n.js";
import { el } from "./element.js";

/** @typedef {import("../engine/protocol.js").StatsReply} StatsReply */
/** @typedef {import("../engine/protocol.js").StatsBucket} StatsBucket */

const SVG = "http://www.w3.org/2000/svg";

/**
 * The tab's content.
 * @param {string} game
 * @param {StatsReply["summary"]} summary
 * @param {() => unknown} confirmed  the player confirmed the reset
 * @returns {HTMLElement[]}
 */
export function statsContent(game, summary, confirmed) {
  const none = t("stats.none");
  const number = (/** @type {number | null | undefined} */ value) => (value === null || value === undefined ? none : formatNumber(value));
  /** @type {[string, (bucket: StatsBucket, kind: string) => string][]} */
  const rows = [
    ["played", (b) => number(b.played)],
    // A win after a hint is a win with help: counted, and said beside the wins (stats.py).
    ["won", (b) => (b.helped ? t("stats.wonHelped", { won: number(b.won), helped: number(b.helped) }) : number(b.won))],
    ["winRate", (b) => (b.win_rate === null ? none : formatNumber(b.win_rate, { style: "percent", maximumFractionDigits: 0 }))],
    ["streak", (b) => number(b.streak)],
    ["bestStreak", (b) => number(b.best_streak)],
    ["bestTime", (b) => (b.best_time === null ? none : formatDuration(b.best_time))],
    ["fewestMoves", (b) => number(b.fewest_moves)],
    ["dayStreak", (b, kind) => (kind === "daily" ? number(b.day_streak) : "")],
    ["bestDayStreak", (b, kind) => (kind === "daily" ? number(b.best_day_streak) : "")],
  ];
  const kinds = /** @type {const} */ (["all", "solvable", "daily"]);
  // Short column heads, so three columns fit a phone in every language; the
  // full name is what a screen reader says.
  const columnHead = (/** @type {string} */ kind) =>
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
    const word = ["stats.oneLost", "stats.oneWon", "stats.oneWonHelped"][recent[0]] ?? "stats.oneLost";
    chartBox.append(el("p", { className: "info__note", text: t(word) }));
  } else if (recent.length) {
    chartBox.append(el("figcaption", { text: t("stats.recent", { count: recent.length }) }), resultsChart(recent));
  } else {
    chartBox.append(el("p", { className: "info__note", text: t("stats.recentNone") }));
  }

  // What help does to the statistics, as the engine counts them (py/cloverleaf/stats.py, counting.py).
  const note = el("p", { className: "info__note stats__note", text: t("stats.helpNote") });
  return [chartBox, table, note, ...resetControls(t("stats.confirm", { game: t(`game.${game}`) }), confirmed)];
}

/**
 * The reset: a button, then a question that asks first.
 * @param {string} question
 * @param {() => unknown} confirmed  the player confirmed it
 * @returns {HTMLElement[]}
 */
export function resetControls(question, confirmed) {
  const reset = el("button", { type: "button", className: "stats__reset", "data-stats-reset": "" });
  reset.textContent = t("stats.reset");
  const confirmBox = el("div", { className: "stats__confirm", role: "group", "aria-labelledby": "stats-confirm-text" });
  confirmBox.hidden = true;
  const asked = el("p", { id: "stats-confirm-text", text: question });
  const yes = el("button", { type: "button", className: "danger", "data-stats-confirm": "" });
  yes.textContent = t("stats.confirmYes");
  const no = el("button", { type: "button", "data-stats-cancel": "" });
  no.textContent = t("button.cancel");
  confirmBox.append(asked, el("div", { className: "stats__confirm-actions" }, yes, no));
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
  yes.addEventListener("click", () => confirmed());
  return [reset, confirmBox];
}

// The last results as bars: a win rises above the line, a win with help rises
// half as high, a loss hangs below it, so the chart does not rely on colour
// alone. Oldest first.
/** @param {number[]} recent  1 a win alone, 2 a win with help, 0 a loss (stats.py) */
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
  const helped = recent.filter((result) => result === 2).length;
  const words = { count: recent.length, won, lost: recent.length - won, helped };
  svg.setAttribute("aria-label", t(helped ? "stats.chartHelped" : "stats.chart", words));
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
    const height = [middle * 0.55, middle - 5, (middle - 5) / 2][result] ?? 0;
    bar.setAttribute("y", String(result ? middle - 1 - height : middle + 1));
    bar.setAttribute("height", String(height));
    bar.setAttribute("rx", "1.5");
    bar.setAttribute("class", ["chart__loss", "chart__win", "chart__helped"][result] ?? "chart__loss");
    svg.append(bar);
  });
  return svg;
}
