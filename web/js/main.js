// Clover Leaf: the page's controller. It starts the engine worker, turns the
// player's actions into engine requests and draws each state the engine returns.
// Legality, auto moves and saves are all the engine's; this file only asks and shows.

import { addressFor, readAddress, writeAddress } from "./address.js";
import { moveDuration, setAnimations } from "./anim.js";
import { cardName } from "./cards.js";
import { EngineClient, EngineError } from "./client.js";
import { PYODIDE_DIR } from "./build-info.js";
import { bindPointer } from "./drag.js";
import { installFeatures } from "./features.js";
import { t } from "./i18n.js";
import { bindKeys } from "./keys.js";
import { TableView } from "./render.js";
import * as storage from "./storage.js";
import * as ui from "./ui.js";

const DEFAULT_GAME = "clover-leaf";
const RANDOM_DEALS = 1_000_000_000; // "new deal" picks among the first billion deals

// Seconds to wait for the engine to start before saying it failed. Tests pass a
// short one in the query string (?timeout=5); digits only, anything else ignored.
const LOAD_TIMEOUT_S = (() => {
  const value = new URLSearchParams(location.search).get("timeout");
  return value && /^\d{1,4}$/.test(value) && Number(value) > 0 ? Number(value) : 90;
})();

// The page's state: plain data.
const app = {
  state: null, // the last state the engine returned (see api.state())
  games: [], // the catalogue: [{id, name, summary, fans, redeals}]
  settings: storage.loadSettings(), // the player's settings (storage.DEFAULT_SETTINGS)
  daily: null, // the date of the deal of the day being played, else null
  lastSave: null, // the engine's save string of the game in progress
  ready: false, // the engine answered and a game is on the table
  failed: false, // start-up failed; the page shows why
  hintJob: null, // the hint search running: {promise, cancel}
  dealJob: null, // a solvable-deal or daily search running
  clock: { elapsed: 0, since: null }, // time played on this deal (ms; since: running since)
  persistToken: 0,
};

const table = document.querySelector("#table");
const view = new TableView(table);
setAnimations(app.settings.animations);

const client = new EngineClient(
  new URL("./worker.js", import.meta.url),
  new URL(`../${PYODIDE_DIR}pyodide.asm.wasm`, import.meta.url),
  onEngineEvent,
);
let loadTimer = 0;

// ---- requests ------------------------------------------------------------

async function request(method, params = {}) {
  const body = document.body.dataset;
  body.pending = String(Number(body.pending) + 1);
  try {
    return await client.request(method, params);
  } finally {
    body.pending = String(Number(body.pending) - 1);
  }
}

function report(error) {
  if (!(error instanceof EngineError)) {
    console.error(error);
    ui.notice(t("error.page"));
    return;
  }
  if (error.type === "Cancelled") return;
  if (error.type === "IllegalMove" || error.type === "InvalidInput") ui.notice(engineMessage(error));
  else if (error.type === "Unavailable") fail(error.message);
  else {
    console.error(`game engine: ${error.message}`);
    ui.notice(t("error.engine"));
  }
}

// The player's sentence for an engine error (the engine speaks English and
// names details such as covering cards): mapped by type and kind, details logged.
function engineMessage(error) {
  const message = String(error.message ?? "");
  console.info(`game engine: ${message}`);
  const nowhere = /^(\w{2,3}) has nowhere to go/.exec(message);
  if (nowhere) return t("error.nowhere", { card: cardName(nowhere[1]) });
  if (message.startsWith("click to play is off")) return t("error.clickOff");
  if (message.startsWith("nothing to undo")) return t("error.nothingToUndo");
  if (message.startsWith("nothing to redo")) return t("error.nothingToRedo");
  if (error.type === "IllegalMove") return t("error.illegal");
  if (/saved game/.test(message)) return t("save.unreadable");
  return t("error.input");
}

// A request that changes the game; the new state is drawn. True when it went through.
async function act(method, params = {}, { animate = true } = {}) {
  if (!app.ready) return false;
  stopHint();
  try {
    apply(await request(method, params), { animate });
    return true;
  } catch (error) {
    report(error);
    return false;
  }
}

// ---- drawing a state -----------------------------------------------------

function gameInfo(id) {
  return app.games.find((game) => game.id === id) ?? null;
}

function apply(state, { animate = false } = {}) {
  const previous = app.state;
  app.state = state;
  view.setReserve(gameInfo(state.game)?.redeals ? 104 : 0);
  const order = state.lastMoves.filter((move) => move.includes(">")).map((move) => move.split(">")[0]);
  view.render(state, { animate, order });
  clearHint();
  ui.showState(state, gameInfo(state.game), { daily: app.daily });
  table.classList.toggle("table--won", state.won);
  writeAddress(state.game, state.deal);
  storage.storeShape({ fans: state.fans.length, name: state.gameName });
  if (state.won) {
    runClock(false);
    if (!previous?.won || ui.panelKind() !== "won") celebrate(state);
  } else {
    ui.hidePanel("won");
    runClock(true);
  }
  ui.hidePanel("lost");
  if (state.stuck) showStuck(state);
  else ui.hidePanel("stuck");
  persist();
  features.applied(state, previous, clockValue() / 1000, app.daily);
}

function celebrate(state) {
  const time = ui.formatTime(clockValue());
  ui.showPanel("won", t("won.title"), t("won.text", { moves: t("status.moves", { count: state.moves }), time }), [
    { label: t("button.newDeal"), name: "new", primary: true, action: () => newDeal() },
    { label: t("tab.stats"), name: "stats", action: () => features.openInfo("stats") },
    { label: t("button.close"), name: "close", action: () => {} },
  ]);
}

function showStuck(state) {
  const actions = [];
  if (state.canUndo) actions.push({ label: t("button.undo"), name: "undo", action: () => act("undo") });
  actions.push({ label: t("button.restart"), name: "restart", action: () => restart() });
  actions.push({ label: t("button.newDeal"), name: "new", primary: true, action: () => newDeal() });
  const text = gameInfo(state.game)?.redeals ? t("stuck.textRedeal") : t("stuck.text");
  ui.showPanel("stuck", t("stuck.title"), text, actions);
}

// ---- saving ------------------------------------------------------------------

async function persist() {
  const token = ++app.persistToken;
  try {
    const save = await request("save");
    if (token !== app.persistToken) return;
    app.lastSave = save;
    writeRecord();
  } catch (error) {
    report(error);
  }
}

function writeRecord() {
  if (!app.lastSave || !app.state) return;
  storage.storeGame({
    save: app.lastSave,
    game: app.state.game,
    deal: app.state.deal,
    elapsed: Math.round(clockValue()),
    daily: app.daily,
  });
}

// ---- the clock -------------------------------------------------------------------

function clockValue() {
  const { elapsed, since } = app.clock;
  return elapsed + (since === null ? 0 : performance.now() - since);
}

function runClock(on) {
  const running = app.clock.since !== null;
  if (on && !running && document.visibilityState === "visible") app.clock.since = performance.now();
  if (!on && running) app.clock = { elapsed: clockValue(), since: null };
  ui.showClock(clockValue());
}

function resetClock(elapsed = 0) {
  app.clock = { elapsed, since: null };
  ui.showClock(elapsed);
}

setInterval(() => ui.showClock(clockValue()), 1000);
document.addEventListener("visibilitychange", () => {
  if (document.visibilityState === "hidden") {
    runClock(false);
    writeRecord();
  } else if (app.state && !app.state.won) runClock(true);
});
window.addEventListener("pagehide", writeRecord);

// ---- deals -----------------------------------------------------------------

function currentGame() {
  return app.state?.game ?? DEFAULT_GAME;
}

function randomDeal() {
  const [value] = crypto.getRandomValues(new Uint32Array(1));
  return String(1 + (value % RANDOM_DEALS));
}

function localDate() {
  const now = new Date();
  const pad = (n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

// Deal `deal` of `game` onto the table. Throws the engine's error (bad game or number).
async function openDeal(game, deal, { daily = null, solvable = false } = {}) {
  stopHint();
  const state = await request("new", deal ? { game, deal } : { game });
  features.leave(app.state, clockValue() / 1000, app.daily); // the game left counts as lost
  features.begin(state, { daily, solvable });
  app.daily = daily;
  resetClock(0);
  ui.hidePanel();
  apply(state, { animate: false });
}

// Run a deal-finding search (solvable or daily); resolves to its result or null.
async function dealSearch(params, message) {
  app.dealJob?.cancel();
  const job = client.job(params);
  app.dealJob = job;
  ui.setBusy(params.kind === "daily" ? "daily" : "new", true);
  ui.notice(message, 0);
  try {
    return await job.promise;
  } finally {
    if (app.dealJob === job) {
      app.dealJob = null;
      ui.setBusy(params.kind === "daily" ? "daily" : "new", false);
      ui.notice("");
    }
  }
}

// A new deal of `game`: a proven-solvable one when the setting asks for it.
async function newDeal(game = currentGame()) {
  let deal = null;
  let solvable = false;
  if (app.settings.solvableOnly) {
    try {
      const result = await dealSearch({ kind: "solvable", game, start: randomDeal() }, t("deal.finding"));
      deal = String(result.deal);
      solvable = result.verdict === "solved";
      if (!solvable) ui.notice(t("deal.notProved"), 4000);
    } catch (error) {
      if (error.type === "Cancelled") return;
      if (error.type !== "InvalidInput") return report(error);
      // The engine cannot search for solvable deals: deal a random one.
    }
  }
  try {
    await openDeal(game, deal, { solvable });
  } catch (error) {
    report(error);
  }
}

async function dailyDeal() {
  const game = currentGame();
  const date = localDate();
  try {
    const result = await dealSearch({ kind: "daily", game, date }, t("daily.finding"));
    await openDeal(game, String(result.deal), { daily: date });
  } catch (error) {
    report(error);
  }
}

// The player's engine settings, as the engine's "settings" method takes them.
function engineSettings() {
  return Object.fromEntries(storage.ENGINE_SETTINGS.map((key) => [key, app.settings[key]]));
}

async function restoreSaved(record) {
  await request("restore", { save: record.save });
  app.daily = record.daily;
  resetClock(record.elapsed);
  const state = await request("settings", engineSettings());
  features.begin(state, { daily: record.daily, fresh: false });
  apply(state, { animate: false });
}

// What the table opens with: the address, else the saved game, else a new deal.
async function openFirstGame() {
  const address = readAddress();
  const saved = storage.loadGame();
  const later = []; // notices to show once the table is dealt
  const unreadable = t("save.unreadable");
  let record = saved && !saved.corrupt ? saved : null;
  if (saved?.corrupt) {
    storage.storeGame(null);
    later.push(unreadable);
  }
  const defaultName = t(`game.${DEFAULT_GAME}`);
  try {
    if (address?.bad) {
      later.push(t("address.bad", { address: address.bad, game: defaultName }));
      await newDeal(DEFAULT_GAME);
    } else if (address) {
      let restored = false;
      if (record && record.game === address.game && record.deal === address.deal) {
        restored = await restoreSaved(record).then(() => true, () => false);
        if (!restored) later.push(unreadable);
      }
      if (!restored) {
        try {
          await openDeal(address.game, address.deal);
        } catch (error) {
          if (error.type !== "InvalidInput") throw error;
          later.push(
            gameInfo(address.game)
              ? t("address.noDeal", { deal: address.deal, game: defaultName })
              : t("address.noGame", { name: address.game, game: defaultName }),
          );
          await newDeal(DEFAULT_GAME);
        }
      }
    } else if (record) {
      try {
        await restoreSaved(record);
      } catch (error) {
        if (error.type !== "InvalidInput") throw error;
        storage.storeGame(null);
        later.push(unreadable);
        record = null;
        await newDeal(gameInfo(saved.game) ? saved.game : DEFAULT_GAME);
      }
    } else {
      await newDeal(DEFAULT_GAME);
    }
  } finally {
    if (later.length) ui.notice(later.join(" "), 7000);
  }
}

// ---- hints -----------------------------------------------------------------

function clearHint() {
  document.querySelector("#redeal").classList.remove("is-hint");
  view.markCard("card--hint", null);
  view.highlight("is-hint", null, []);
}

function stopHint() {
  if (app.hintJob) {
    app.hintJob.cancel();
    app.hintJob = null;
    ui.setBusy("hint", false);
    ui.notice("");
  }
}

// A move from the engine: "8H>F", "8H>3", "redeal" or {card, to}.
function parseMove(move) {
  if (!move) return null;
  if (typeof move !== "string") return move;
  if (move === "redeal") return { card: "redeal", to: null };
  const [card, to] = move.split(">");
  return { card, to: to === "F" ? "F" : Number(to) };
}

function hintText(card, to) {
  if (to === "F") return t("hint.toFoundation", { card: cardName(card) });
  const fan = app.state?.fans[to - 1] ?? [];
  return fan.length
    ? t("hint.onto", { card: cardName(card), target: cardName(fan[fan.length - 1]) })
    : t("hint.toEmpty", { card: cardName(card) });
}

async function hint() {
  if (app.hintJob) {
    stopHint(); // a second press stops the search
    return;
  }
  if (!app.ready || !app.state || app.state.won) return;
  clearHint();
  const job = client.job({ kind: "hint" });
  app.hintJob = job;
  ui.setBusy("hint", true);
  ui.notice(t("hint.looking"), 0);
  let result;
  try {
    result = await job.promise;
  } catch (error) {
    if (app.hintJob === job) {
      app.hintJob = null;
      ui.setBusy("hint", false);
      ui.notice("");
    }
    report(error);
    return;
  }
  app.hintJob = null;
  ui.setBusy("hint", false);
  ui.notice("");
  if (result.verdict === "unsolvable") {
    const undo = result.undo;
    const actions = [];
    if (undo) {
      actions.push({ label: t("lost.undo", { count: undo }), name: "undo", primary: true, action: () => undoMany(undo) });
    } else if (app.state.canUndo) {
      actions.push({ label: t("button.undo"), name: "undo", action: () => act("undo") });
    }
    actions.push({ label: t("button.newDeal"), name: "new", primary: !undo, action: () => newDeal() });
    actions.push({ label: t("button.close"), name: "close", action: () => {} });
    const text = undo ? t("lost.textUndo", { count: undo }) : t("lost.text");
    ui.showPanel("lost", t("lost.title"), text, actions);
  } else if (parseMove(result.move)?.card === "redeal") {
    document.querySelector("#redeal").classList.add("is-hint");
    ui.notice(t("hint.redeal"), 5000);
  } else if (result.move) {
    const { card, to } = parseMove(result.move);
    view.markCard("card--hint", card);
    view.highlight("is-hint", card, [to]);
    ui.notice(hintText(card, to), 5000);
  } else {
    ui.notice(t("hint.none"), 4000);
  }
}

async function undoMany(count) {
  stopHint();
  let state = null;
  try {
    for (let i = 0; i < count; i++) state = await request("undo");
  } catch (error) {
    report(error);
  }
  if (state) apply(state, { animate: true });
}

// ---- player input ------------------------------------------------------------

function changeSetting(key, value) {
  app.settings[key] = value;
  storage.storeSettings(app.settings);
  if (key === "animations") setAnimations(value);
  if (storage.ENGINE_SETTINGS.includes(key) && app.ready) act("settings", { [key]: value });
}

// Restart this deal; the attempt left counts as lost when it had a move.
function restart() {
  if (app.ready) features.leave(app.state, clockValue() / 1000, app.daily);
  return act("restart", {}, { animate: false });
}

const features = installFeatures({
  request,
  table,
  view,
  state: () => app.state,
  daily: () => app.daily,
  ready: () => app.ready && app.state !== null,
  click: (card) => playClick(card),
  play: (card, to) => act("play", { card, to }),
  newDeal: () => newDeal(),
  notice: (text, ms) => ui.notice(text, ms),
  redraw: () => app.state && ui.showState(app.state, gameInfo(app.state.game), { daily: app.daily }),
});

function playClick(card) {
  if (!app.settings.clickToPlay) {
    ui.notice(t("error.clickOff"));
    return;
  }
  act("click", { card });
}

const ACTIONS = {
  new: () => newDeal(),
  restart: () => restart(),
  undo: () => app.state?.canUndo && act("undo"),
  redo: () => app.state?.canRedo && act("redo"),
  hint: () => hint(),
  games: () => app.ready && ui.openGames(app.games, currentGame(), (id) => newDeal(id)),
  daily: () => app.ready && dailyDeal(),
  settings: () => ui.openSettings(app.settings),
  redeal: () => act("redeal"),
  escape: () => ui.panelKind() !== "error" && ui.hidePanel(),
};

for (const button of document.querySelectorAll("[data-action]")) {
  button.addEventListener("click", () => ACTIONS[button.dataset.action]?.());
}
bindKeys(ACTIONS);
ui.bindSettings(app.settings, changeSetting);

bindPointer(
  table,
  view,
  {
    enabled: () => app.ready && app.state !== null,
    destinations: (card) => app.state?.movable[card] ?? [],
    click: (card) => playClick(card),
    drop: (card, to) => act("play", { card, to }),
    dragStart: () => clearHint(),
  },
  moveDuration,
);

new ResizeObserver(() => {
  if (app.state) view.render(app.state);
  else view.relayout();
}).observe(table);

window.addEventListener("hashchange", async () => {
  if (!app.ready) return;
  const address = readAddress();
  if (!address || (app.state && addressFor(app.state.game, app.state.deal) === location.hash)) return;
  if (address.bad) {
    ui.notice(t("address.badShort", { address: address.bad }));
    return;
  }
  try {
    await openDeal(address.game, address.deal);
  } catch (error) {
    report(error);
  }
});

// ---- start-up ------------------------------------------------------------------

// Start-up failed: say so in the player's words (the details go to the console).
function fail(message, text = t("error.start")) {
  if (app.failed) return;
  app.failed = true;
  app.ready = false;
  clearTimeout(loadTimer);
  ui.setStatus("error");
  client.terminate(message);
  console.warn(`Clover Leaf could not start: ${message}`);
  ui.showPanel("error", t("error.startTitle"), text, [
    { label: t("button.reload"), name: "reload", primary: true, action: () => location.reload() },
  ]);
}

function onEngineEvent(event) {
  if (event.event === "progress") ui.showProgress(event.stage);
  else if (event.event === "ready") {
    clearTimeout(loadTimer);
    // How the engine started (from the stored snapshot or from scratch), for the
    // tests and bench/startup.py.
    document.body.dataset.engineStart = event.snapshot ? "snapshot" : "fresh";
    // Marks for bench/startup.py: Python runtime started, our package imported.
    for (const [stage, time] of Object.entries(event.times ?? {})) {
      performance.mark(`cloverleaf:${stage}`, { startTime: Math.max(0, time - performance.timeOrigin) });
    }
  }
  else if (event.event === "failed") fail(event.message);
  else if (event.event === "log") {
    if (event.level === "error") console.error(`[python] ${event.text}`);
    else console.info(`[python] ${event.text}`);
  }
}

async function start() {
  await features.ready; // the texts of the player's language
  ui.setStatus("loading");
  ui.showProgress("download");
  const shape = storage.loadShape();
  document.querySelector("#game-name").textContent = shape.name;
  view.preview(shape.fans);
  loadTimer = setTimeout(
    () => fail(`the game engine did not start within ${LOAD_TIMEOUT_S} seconds`, t("error.timeout", { seconds: LOAD_TIMEOUT_S })),
    LOAD_TIMEOUT_S * 1000,
  );
  try {
    // Both queued at once: answered as soon as Python is up.
    [app.games] = await Promise.all([request("games"), request("settings", engineSettings())]);
    ui.showProgress("dealing");
    app.ready = true;
    await openFirstGame();
    if (!app.state) throw new EngineError("Internal", "no game could be dealt");
    ui.setStatus("ready");
    performance.mark("cloverleaf:ready"); // bench/startup.py reads it
  } catch (error) {
    if (!app.failed) fail(error instanceof EngineError ? error.message : String(error));
  }
}

start();
