// @ts-check
// Clover Leaf's page, put together. Each piece has one job (see docs/protocol.md
// and README "Layout"): the engine client talks to the worker, the
// controllers (game, deals, guidance, endings, clock, saving, start-up) change
// the page's state, the views draw it, and the input bindings turn pointers and
// keys into the controllers' actions. The rules are the engine's: nothing here
// decides whether a move is legal.

import { announceChange, label } from "./table/a11y.js";
import { setAnimations } from "./table/anim.js";
import { Clock } from "./play/clock.js";
import { Deals } from "./play/deals.js";
import { bindSettings, openGames, openSettings } from "./panels/dialogs.js";
import { bindPointer } from "./table/drag.js";
import { Endings } from "./play/endings.js";
import { EngineClient } from "./engine/engine.js";
import { Game } from "./play/game.js";
import { Guidance } from "./play/guidance.js";
import { LastMove } from "./table/lastmove.js";
import { Overlay } from "./panels/overlay.js";
import { shareDeal } from "./platform/share.js";
import { Solution } from "./play/solution.js";
import { Difficulty } from "./play/difficulty.js";
import { redrawDealMark } from "./panels/deal-mark.js";
import { lightCards } from "./table/marks.js";
import { browserLanguage, formatDuration, LANGUAGES, onChange, setLanguage, t, useTables } from "./words/i18n.js";
import { bindCardKeys } from "./table/keyboard.js";
import { notice } from "./panels/notice.js";
import { hidePanel, panelKind, whenDocked } from "./panels/panel.js";
import { InfoPanels } from "./panels/panels.js";
import { applyPrefs, followSystemTheme, loadPrefs, storePrefs } from "./platform/prefs.js";
import { TableView } from "./table/render.js";
import { sayStuck, whenUnavailable } from "./panels/report.js";
import { Saving } from "./play/saving.js";
import { playChangeSound } from "./platform/sound.js";
import { whenIdle } from "./platform/idle.js";
import { bindShortcuts } from "./play/shortcuts.js";
import { Keymap, PRECEDENCE } from "./platform/keymap.js";
import { Startup } from "./startup/startup.js";
import { PressedEarly } from "./startup/pressed-early.js";
import { createState, currentGame } from "./play/state.js";
import { StatsKeeper } from "./play/stats.js";
import { ENGLISH, STYLE_HASH } from "./build-info.js";
import { KEYS, onProblem, readText, writeText } from "./platform/storage.js";
import { loadIndex, storeIndex } from "./platform/remembered.js";
import { loadSettings } from "./platform/settings.js";
import { Ownership, Tabs } from "./platform/tabs.js";
import { addDisplaySettings, translatePage } from "./words/texts.js";
import { fitButtonLabelsSoon, keepButtonLabelsFitted } from "./panels/bar.js";
import { moveDuration } from "./table/anim.js";
import { openMenu } from "./panels/menu.js";
import { followInput } from "./platform/input.js";

// English first, built in: every text has words from the first frame on (i18n.js).
useTables("en", ENGLISH, ENGLISH);

const app = createState(loadSettings());
setAnimations(app.settings.animations);
const prefs = loadPrefs();
applyPrefs(prefs);
followSystemTheme(prefs);
followInput();

// How far fans spread depends on the cards' corner index as this browser draws
// it (layout.js). Measuring it lays out 52 probe cards, about 120 ms on a phone,
// which the first table must not wait for: it is laid out with what this browser
// measured before under the same stylesheets, else with app.css's own values
// (measured ones differ by a pixel at most), and measured once the page is idle.
const indexFingerprint = `${STYLE_HASH} ${devicePixelRatio} ${navigator.userAgent}`;
const measuredIndex = loadIndex(indexFingerprint);
const table = /** @type {HTMLElement} */ (document.querySelector("#table"));
const view = new TableView(table, measuredIndex ?? undefined);
view.setLargerCards(prefs.largerCards);

// The worker was started by the page's first script (boot.js); startup.js says
// when the page takes it (after the first table is drawn).
const engine = new EngineClient((pending) => (document.body.dataset.pending = String(pending)));

// ---- controllers --------------------------------------------------------------

const ownership = new Ownership(); // which tab plays the shared game (tabs.js)
const game = new Game(app, engine, view);
// A tab plays the game it owns. While its claim is under way (start-up; the lock
// can take a while on a busy phone), moves made on the table drawn early are
// kept: they wait for start-up (game.js), then are played only if this tab owns
// the game. (Refused then, a newcomer's first tap was lost: measured under load.)
game.mayPlay = () => (ownership.owns && !ownership.yielding) || ownership.claiming;
// "Play here" in another tab at the very instant of a move here: the move is
// answered and saved before the game is handed over (tabs.js).
ownership.settled = () => engine.settled();
const clock = new Clock();
const stats = new StatsKeeper((method, params) => engine.request(method, params), {
  mayCount: () => ownership.mayWrite(),
  exclusive: (name, task) => ownership.exclusive(name, task),
});
const deals = new Deals(app, engine, game);
new Difficulty(engine, game, () => deals.newDeal(undefined, { ask: false, solvable: true }), (cards) => lightCards(view, cards));
const guidance = new Guidance(app, engine, game, view, deals);
const solution = new Solution(app, engine, game, view, guidance);
guidance.showSolution = (options) => solution.start(options);
guidance.solving = () => solution.active;
const overlay = new Overlay(game, () => app.table, () => pressedEarly.asked);
const info = new InfoPanels({ state: () => app.table, daily: () => app.table?.daily ?? null, stats, notice, intro: () => overlay.open() });
const endings = new Endings(app, game, clock, deals, guidance, (tab) => info.open(tab));
new LastMove(game, view);
const saving = new Saving(app, clock, () => ownership.mayWrite());
const pressedEarly = new PressedEarly(game);
// A game the engine says counts (a win, or a game left after a move) is counted
// with the time the clock holds for it: onCount comes before the clock hears of the table.
game.onCount = (count) =>
  stats
    .record(count, clock.value() / 1000)
    .then((reply) => endings.recorded(reply))
    .catch((/** @type {any} */ error) => console.warn(`statistics: ${error?.message ?? error}`));
game.onSave = () => saving.write();
const startup = new Startup(app, engine, game, deals, clock, view);
const tabs = new Tabs(ownership, {
  app,
  clock,
  deals,
  restore: (record) => startup.restore(record),
  save: () => saving.write(),
});
engine.onEvent = (event) => startup.onEvent(event); // the worker's first event comes after this script
// A new worker, when the engine stops (engine.js), first holds the game on the
// table, with the player's settings, as a reload would restore it.
engine.recovery = () => [
  ...(app.save ? [/** @type {[string, object]} */ (["restore", { save: app.save }])] : []),
  /** @type {[string, object]} */ (["settings", game.engineSettings()]),
];

whenUnavailable((message) => startup.fail(message));
onProblem((problem, key) => {
  if (problem === "unavailable") startup.tell(() => t("storage.unavailable"));
  else if (key === KEYS.save) startup.tell(() => t("save.unreadable"));
  else if (key === KEYS.stats) startup.tell(() => t("stats.unreadable"));
  else startup.tell(() => t("storage.unreadable"));
});

// The service worker could not store the app for offline play (offline.js): said
// once a build; the browser tries again on a later visit.
addEventListener("cloverleaf:offline-unavailable", (event) => {
  const { reason, cache } = /** @type {CustomEvent} */ (event).detail ?? {};
  if (readText(KEYS.offline) === String(cache)) return;
  writeText(KEYS.offline, String(cache));
  startup.tell(() => t(reason === "no-room" ? "offline.noRoom" : "offline.failed"));
});

// ---- input ------------------------------------------------------------------------

/**
 * A click on a card; while the solution is on show, a click on the card it
 * would move next takes over with that move.
 * @param {string} card
 */
const click = (card) => {
  if (!app.settings.clickToPlay) return notice(t("error.clickOff"));
  const next = solution.nextFor(card);
  return next?.card ? game.drop(next.card, next.to) : game.click(card);
};

/** @type {Record<string, () => unknown>} */
const actions = {
  new: () => game.ready && deals.newDeal(),
  restart: () => game.ready && deals.restart(),
  undo: () => game.undo(),
  redo: () => game.redo(),
  hint: () => pressedEarly.press("hint", () => guidance.hint()), // kept while the engine starts
  solve: () => pressedEarly.press("solve", () => solution.start()),
  share: () => shareDeal(app.table),
  games: () => game.ready && openGames(app.games, currentGame(app), (id) => deals.newDeal(id)),
  daily: () => game.ready && deals.daily(),
  settings: () => openSettings(app.settings, app.table?.game),
  redeal: () => game.redeal(),
  info: () => info.open(),
  menu: () => openMenu(),
  escape: () => panelKind() !== "error" && hidePanel(),
};

keepButtonLabelsFitted();
for (const button of document.querySelectorAll("[data-action]")) {
  const action = /** @type {HTMLElement} */ (button).dataset.action ?? "";
  button.addEventListener("click", () => actions[action]?.());
}
const keymap = new Keymap();
keymap.bind(PRECEDENCE.solution, solution.dock.keyBindings());
bindShortcuts(actions, keymap);
bindSettings(app.settings, (key, value) => game.changeSetting(key, value));
bindPointer(
  table,
  view,
  {
    enabled: () => game.playable, // a table drawn while the engine starts takes moves too (they wait)
    destinations: (card) => game.table?.movable[card] ?? [],
    click,
    drop: (card, to) => game.drop(card, to),
    dragStart: () => guidance.clear(),
    stuck: (card) => sayStuck(card, (method, params) => engine.request(method, params)),
  },
  moveDuration,
);
const keys = bindCardKeys(
  table,
  view,
  {
    state: () => game.table,
    enabled: () => game.playable,
    click,
    play: (card, to) => game.drop(card, to),
    newDeal: () => deals.newDeal(),
    help: () => info.open("help"),
  },
  keymap,
);
// The cards keep their size while a sheet (stuck, lost) or the solution player
// is docked below the table (render.js holdCards): nothing jumps when one comes.
const player = /** @type {HTMLElement} */ (document.querySelector("#player"));
let sheetDocked = false;
const holdCards = () => view.holdCards(sheetDocked || !player.hidden);
whenDocked((docked) => {
  sheetDocked = docked;
  holdCards();
});
new ResizeObserver(() => {
  holdCards();
  if (game.table) view.render(game.table);
  else view.relayout();
}).observe(table);

// ---- what follows each table shown ------------------------------------------------

game.onShow((shown) => {
  const { state, previous } = shown;
  if (previous) playChangeSound(state, previous);
  clock.shown(shown);
  saving.write();
  label(state, view);
  keys.update(state);
  const time = formatDuration(clock.value() / 1000);
  announceChange(state, previous, {
    won: t("announce.won", { moves: t("status.moves", { count: state.moves }), time }),
    stuck: t("announce.stuck"),
  });
  info.refresh();
});

// ---- the player's language and display preferences -------------------------------

addDisplaySettings(prefs, (name, value) => {
  const choices = /** @type {Record<string, unknown>} */ (prefs);
  choices[name] = value;
  storePrefs(prefs);
  applyPrefs(prefs);
  if (name === "lang") setLanguage(String(value));
  if (name === "largerCards") {
    view.setLargerCards(Boolean(value));
    if (game.table) view.render(game.table);
  }
});
onChange(() => {
  translatePage();
  fitButtonLabelsSoon();
  if (app.table) label(app.table, view);
  game.redrawBar();
  info.refresh();
  solution.redraw();
  overlay.redraw();
  redrawDealMark();
});

// The table is drawn at once; the words follow when the language has loaded, and
// the first game once this tab knows whether it owns it (tabs.js).
// Until then the page's own words (index.html's English) are not shown to a
// player of another language: css/phone.css hides them while <html data-words="pending">.
const root = document.documentElement;
if ((LANGUAGES.includes(prefs.lang) ? prefs.lang : browserLanguage()) !== "en") root.dataset.words = "pending";
const texts = setLanguage(prefs.lang)
  .catch((error) => console.warn(`texts: ${error}`))
  .finally(() => delete root.dataset.words);
startup
  .run(Promise.all([texts, tabs.claim()]))
  .then(() => {
    if (app.engine !== "ready" || !app.table) return;
    tabs.ready();
    if (tabs.ownership.owns) startup.followLink();
  });
if (!measuredIndex) {
  startup.painted.then(() => whenIdle(() => storeIndex(indexFingerprint, view.remeasure())));
}
// Sent along with start-up's first requests: unreadable statistics are set aside
// and said with the first table's notices.
stats.check().catch((error) => console.warn(`statistics: ${error?.message ?? error}`));
