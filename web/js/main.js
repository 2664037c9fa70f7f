// Clover Leaf: the page's controller. It starts the engine worker, turns the
// player's actions into engine requests and draws each state the engine returns.
// Legality, auto moves and saves are all the engine's; this file only asks and shows.

import { addressFor, readAddress, writeAddress } from "./address.js";
import { moveDuration, setAnimations } from "./anim.js";
import { cardName } from "./cards.js";
import { EngineClient, EngineError } from "./client.js";
import { PYODIDE_DIR } from "./build-info.js";
import { bindPointer } from "./drag.js";
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
    ui.notice("Something went wrong on this page. Reload it to continue.");
    return;
  }
  if (error.type === "Cancelled") return;
  if (error.type === "IllegalMove" || error.type === "InvalidInput") ui.notice(ui.sentence(error.message));
  else if (error.type === "Unavailable") fail(error.message);
  else {
    console.error(`game engine: ${error.message}`);
    ui.notice("Something went wrong in the game engine. Undo, or start a new deal.");
  }
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
}

function celebrate(state) {
  const time = ui.formatTime(clockValue());
  ui.showPanel("won", "You won!", `${state.moves} ${state.moves === 1 ? "move" : "moves"} in ${time}.`, [
    { label: "New deal", name: "new", primary: true, action: () => newDeal() },
    { label: "Close", name: "close", action: () => {} },
  ]);
}

function showStuck(state) {
  const actions = [];
  if (state.canUndo) actions.push({ label: "Undo", name: "undo", action: () => act("undo") });
  actions.push({ label: "Restart", name: "restart", action: () => act("restart", {}, { animate: false }) });
  actions.push({ label: "New deal", name: "new", primary: true, action: () => newDeal() });
  const redeals = gameInfo(state.game)?.redeals ? " and no redeal is left" : "";
  ui.showPanel("stuck", "No more moves", `No card can move${redeals}. Undo, restart this deal or try a new one.`, actions);
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
async function openDeal(game, deal, { daily = null } = {}) {
  stopHint();
  const state = await request("new", deal ? { game, deal } : { game });
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
  if (app.settings.solvableOnly) {
    try {
      const result = await dealSearch({ kind: "solvable", game, start: randomDeal() }, "Finding a solvable deal…");
      deal = String(result.deal);
      if (result.verdict !== "solved") ui.notice("No deal was proved solvable in time; this one may not be.", 4000);
    } catch (error) {
      if (error.type === "Cancelled") return;
      if (error.type !== "InvalidInput") return report(error);
      // The engine cannot search for solvable deals: deal a random one.
    }
  }
  try {
    await openDeal(game, deal);
  } catch (error) {
    report(error);
  }
}

async function dailyDeal() {
  const game = currentGame();
  const date = localDate();
  try {
    const result = await dealSearch({ kind: "daily", game, date }, "Finding the deal of the day…");
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
  apply(await request("settings", engineSettings()), { animate: false });
}

// What the table opens with: the address, else the saved game, else a new deal.
async function openFirstGame() {
  const address = readAddress();
  const saved = storage.loadGame();
  const later = []; // notices to show once the table is dealt
  const unreadable = "Your saved game could not be read, so here is a new deal.";
  let record = saved && !saved.corrupt ? saved : null;
  if (saved?.corrupt) {
    storage.storeGame(null);
    later.push(unreadable);
  }
  const defaultName = gameInfo(DEFAULT_GAME)?.name ?? "Clover Leaf";
  try {
    if (address?.bad) {
      later.push(`The address “${address.bad}” is not a deal; here is a new ${defaultName} deal.`);
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
          const what = gameInfo(address.game) ? `deal “${address.deal}”` : `game “${address.game}”`;
          later.push(`There is no ${what}; here is a new ${defaultName} deal.`);
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

function destinationText(card, to) {
  if (to === "F") return `the ${cardName(card)} to its foundation`;
  const fan = app.state?.fans[to - 1] ?? [];
  return fan.length
    ? `the ${cardName(card)} onto the ${cardName(fan[fan.length - 1])}`
    : `the ${cardName(card)} to the empty fan`;
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
  ui.notice("Looking for a good move…", 0);
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
      actions.push({ label: `Undo ${undo} ${undo === 1 ? "move" : "moves"}`, name: "undo", primary: true, action: () => undoMany(undo) });
    } else if (app.state.canUndo) {
      actions.push({ label: "Undo", name: "undo", action: () => act("undo") });
    }
    actions.push({ label: "New deal", name: "new", primary: !undo, action: () => newDeal() });
    actions.push({ label: "Close", name: "close", action: () => {} });
    const text = undo
      ? `This position cannot be won. Undoing ${undo} ${undo === 1 ? "move" : "moves"} gets back to one that can.`
      : "This position cannot be won, whatever you play.";
    ui.showPanel("lost", "Lost position", text, actions);
  } else if (parseMove(result.move)?.card === "redeal") {
    document.querySelector("#redeal").classList.add("is-hint");
    ui.notice("Hint: redeal the cards.", 5000);
  } else if (result.move) {
    const { card, to } = parseMove(result.move);
    view.markCard("card--hint", card);
    view.highlight("is-hint", card, [to]);
    ui.notice(`Hint: move ${destinationText(card, to)}.`, 5000);
  } else {
    ui.notice("No hint this time: the search found no sure move.", 4000);
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

const ACTIONS = {
  new: () => newDeal(),
  restart: () => act("restart", {}, { animate: false }),
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
    click(card) {
      if (!app.settings.clickToPlay) {
        ui.notice("Click to play is off: drag a card to move it.");
        return;
      }
      act("click", { card });
    },
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
    ui.notice(`The address “${address.bad}” is not a deal.`);
    return;
  }
  try {
    await openDeal(address.game, address.deal);
  } catch (error) {
    report(error);
  }
});

// ---- start-up ------------------------------------------------------------------

function fail(message) {
  if (app.failed) return;
  app.failed = true;
  app.ready = false;
  clearTimeout(loadTimer);
  ui.setStatus("error");
  client.terminate(message);
  console.warn(`Clover Leaf could not start: ${message}`);
  ui.showPanel("error", "Clover Leaf could not start", ui.sentence(message), [
    { label: "Reload", name: "reload", primary: true, action: () => location.reload() },
  ]);
}

function onEngineEvent(event) {
  if (event.event === "progress") ui.showProgress(event.stage);
  else if (event.event === "ready") {
    clearTimeout(loadTimer);
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
  ui.setStatus("loading");
  ui.showProgress("download");
  const shape = storage.loadShape();
  document.querySelector("#game-name").textContent = shape.name;
  view.preview(shape.fans);
  loadTimer = setTimeout(
    () => fail(`the game engine did not start within ${LOAD_TIMEOUT_S} seconds. Check your connection, then reload the page`),
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
