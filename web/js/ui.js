// The page around the table: the bar, notices, message panels, dialogs, the
// loading bar. Text from the engine or the address is only ever set with
// textContent, never parsed as HTML.

import { formatDate, t } from "./i18n.js";

const $ = (selector) => document.querySelector(selector);

// A notice covers the bar's title (and on a phone its buttons): a press anywhere
// on the bar puts it away and goes through to the button under it.
$(".bar")?.addEventListener("pointerdown", () => notice(""), { capture: true });

const STAGES = { download: 15, python: 40, package: 85, dealing: 95 };

export function showProgress(stage) {
  const percent = STAGES[stage] ?? 50;
  $("#loading-text").textContent = t(stage in STAGES ? `loading.${stage}` : "loading.other");
  $("#loading-bar").style.width = `${percent}%`;
}

export function setStatus(status) {
  document.body.dataset.status = status; // "loading" | "ready" | "error"
}

// A sentence for the player from an engine message ("8H has nowhere to go").
export function sentence(text) {
  const clean = String(text ?? "").trim();
  if (!clean) return "";
  const capital = clean[0].toUpperCase() + clean.slice(1);
  return /[.!?]$/.test(capital) ? capital : `${capital}.`;
}

let noticeTimer = 0;
// A short message in the bar for `ms` milliseconds (0: until replaced).
export function notice(text, ms = 3500) {
  const element = $("#notice");
  clearTimeout(noticeTimer);
  if (!text) {
    element.hidden = true;
    return;
  }
  element.textContent = text;
  element.hidden = false;
  if (ms > 0) noticeTimer = setTimeout(() => (element.hidden = true), ms);
}

// A message panel: kind ("won", "stuck", "lost", "error"), title, text and
// actions [{label, action: () => void, primary?: bool}]. Returns nothing.
export function showPanel(kind, title, text, actions) {
  const panel = $("#panel");
  panel.dataset.panel = kind;
  $("#panel-title").textContent = title;
  $("#panel-text").textContent = text;
  const box = $("#panel-actions");
  box.replaceChildren();
  for (const { label, action, primary, name } of actions) {
    const button = document.createElement("button");
    button.type = "button";
    button.textContent = label;
    if (name) button.dataset.panelAction = name;
    if (primary) button.classList.add("primary");
    button.addEventListener("click", () => {
      hidePanel();
      action();
    });
    box.append(button);
  }
  panel.hidden = false;
  box.querySelector("button.primary, button")?.focus({ preventScroll: true });
}

export function hidePanel(kind) {
  const panel = $("#panel");
  if (kind && panel.dataset.panel !== kind) return;
  panel.hidden = true;
  delete panel.dataset.panel;
}

export function panelKind() {
  const panel = $("#panel");
  return panel.hidden ? null : panel.dataset.panel;
}

export function formatTime(ms) {
  const seconds = Math.floor(ms / 1000);
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = String(seconds % 60).padStart(2, "0");
  return h ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

export function showClock(ms) {
  $("#clock").textContent = formatTime(ms);
}

// The bar and the redeal button for a state.
export function showState(state, game, { daily }) {
  const gameName = t(`game.${state.game}`) === `game.${state.game}` ? state.gameName : t(`game.${state.game}`);
  $("#game-name").textContent = gameName;
  const dailyDate = daily && formatDate(daily, { day: "numeric", month: "short" }); // the bar is narrow
  $("#deal-label").textContent = daily ? t("status.daily", { date: dailyDate }) : state.deal ? t("status.deal", { deal: state.deal }) : "";
  $("#moves").textContent = t("status.moves", { count: state.moves });
  // "La Belle Lucie · Clover Leaf", but the app's namesake only once.
  document.title = gameName === t("app.name") ? gameName : t("title.page", { game: gameName });
  $('[data-action="undo"]').disabled = !state.canUndo;
  $('[data-action="redo"]').disabled = !state.canRedo;
  $('[data-action="restart"]').disabled = !state.canUndo && !state.canRedo;
  $('[data-action="hint"]').disabled = state.won;
  const redeal = $("#redeal");
  redeal.hidden = !(game && game.redeals > 0);
  redeal.disabled = !state.canRedeal;
  $("#redeals-left").textContent = t("redeal.left", { count: state.redealsLeft });
  const nothingMoves = !state.won && Object.keys(state.movable).length === 0;
  redeal.classList.toggle("is-urgent", nothingMoves && state.canRedeal);
  const body = document.body.dataset;
  body.game = state.game;
  body.deal = state.deal ?? "";
  body.moves = String(state.moves);
  body.won = String(state.won);
  body.stuck = String(state.stuck);
}

export function setBusy(action, busy) {
  const button = $(`[data-action="${action}"]`);
  button?.classList.toggle("is-busy", busy);
  button?.setAttribute("aria-busy", String(busy));
}

// The games dialog: one button per game; choose(id) when one is picked.
export function openGames(games, current, choose) {
  const list = $("#games-list");
  list.replaceChildren();
  for (const game of games) {
    const button = document.createElement("button");
    button.type = "button";
    button.dataset.game = game.id;
    if (game.id === current) button.setAttribute("aria-current", "true");
    const name = document.createElement("strong");
    const known = t(`game.${game.id}`) !== `game.${game.id}`;
    name.textContent = known ? t(`game.${game.id}`) : game.name;
    const summary = document.createElement("small");
    const shape = [t("games.fans", { count: game.fans }), ...(game.redeals ? [t("games.redeals", { count: game.redeals })] : [])];
    summary.textContent = `${shape.join(", ")}: ${known ? t(`summary.${game.id}`) : game.summary}`;
    button.append(name, summary);
    button.addEventListener("click", () => {
      $("#games-dialog").close();
      choose(game.id);
    });
    list.append(button);
  }
  $("#games-dialog").showModal();
}

// The settings dialog, bound to a settings object; change(key, value) on a toggle.
export function bindSettings(settings, change) {
  for (const input of document.querySelectorAll("[data-setting]")) {
    input.checked = Boolean(settings[input.dataset.setting]);
    input.addEventListener("change", () => change(input.dataset.setting, input.checked));
  }
}

export function openSettings(settings) {
  for (const input of document.querySelectorAll("[data-setting]")) {
    input.checked = Boolean(settings[input.dataset.setting]);
  }
  $("#settings-dialog").showModal();
}
