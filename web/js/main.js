// @ts-check
// Clover Leaf's page, put together: this file only builds the pieces and wires
// them (README "Layout"; docs/protocol.md). The engine client talks to the
// worker; the controllers (play/) send the player's requests and show each table
// the engine answers; the views (table/, panels/) draw it; the controls
// (panels/controls.js) turn pointers and keys into the controllers' actions. The
// rules, help and what counts are the engine's: nothing here decides them.

import { announceChange, label } from "./table/a11y.js";
import { setAnimations } from "./table/anim.js";
import { makeTableView } from "./table/view-setup.js";
import { LastMove } from "./table/lastmove.js";
import { lightCards } from "./table/marks.js";
import { EngineClient } from "./engine/engine.js";
import { errorText } from "./engine/engine-error.js";
import { Deals } from "./play/deals.js";
import { Game } from "./play/game.js";
import { Help } from "./play/help.js";
import { Saving } from "./platform/saving.js";
import { Solution } from "./play/solution.js";
import { createState, gameInfo } from "./play/state.js";
import { StatsKeeper } from "./platform/stats-store.js";
import { Startup } from "./startup/startup.js";
import { PressedEarly } from "./startup/pressed-early.js";
import { BookPlay } from "./book/book-play.js";
import { bindControls } from "./panels/controls.js";
import { drawDealMark, redrawDealMark } from "./panels/deal-mark.js";
import { followDisplay } from "./panels/display.js";
import { Endings } from "./panels/endings.js";
import { HelpView } from "./panels/help-view.js";
import { notice } from "./panels/notice.js";
import { Overlay } from "./panels/overlay.js";
import { InfoPanels } from "./panels/panels.js";
import { sayPlatformProblems, whenUnavailable } from "./panels/report.js";
import { followInput } from "./platform/input.js";
import { applyPrefs, followSystemTheme, loadPrefs } from "./platform/prefs.js";
import { loadSettings } from "./platform/settings.js";
import { playChangeSound } from "./platform/sound.js";
import { Ownership, Tabs } from "./platform/tabs.js";
import { formatDuration, languageDamaged, t, useTables } from "./words/i18n.js";
import { ENGLISH } from "./build-info.js";

// English first, built in: every text has words from the first frame on (i18n.js).
useTables("en", ENGLISH, ENGLISH);

const app = createState(loadSettings());
setAnimations(app.settings.animations);
const prefs = loadPrefs();
applyPrefs(prefs);
followSystemTheme(prefs);
followInput();
const table = /** @type {HTMLElement} */ (document.querySelector("#table"));
const { view, measureWhenPainted } = makeTableView(table, prefs, () => game.table);

// The worker was started by the page's first script (boot.js); startup.js says
// when the page takes it (after the first table is drawn).
const engine = new EngineClient((pending) => (document.body.dataset.pending = String(pending)));

// ---- controllers and views ----------------------------------------------------------

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
const stats = new StatsKeeper((method, params) => engine.request(method, params), {
  mayCount: () => ownership.mayWrite(),
  exclusive: (name, task) => ownership.exclusive(name, task),
});
const deals = new Deals(app, engine, game);
const help = new Help(app, engine, game);
const solution = new Solution(app, engine, game, view, help);
const pressedEarly = new PressedEarly(game);
const overlay = new Overlay(game, () => app.table, () => pressedEarly.asked);
const info = new InfoPanels({ state: () => app.table, daily: () => app.table?.daily ?? null, stats, notice, intro: () => overlay.open() });
const newDeal = () => deals.newDeal(undefined, { ask: false });
const winnable = () => deals.newDeal(undefined, { ask: false, solvable: true });
const helpView = new HelpView(view, {
  undo: (count) => game.undo(count),
  solve: (undo) => solution.start({ undo }),
  restart: () => deals.restart({ ask: false }),
  newDeal,
  winnable,
  searchOn: () => help.hint(),
});
help.answered = () => helpView.forget();
const endings = new Endings(
  { newDeal, winnable, restart: (options) => deals.restart(options), undo: () => game.undo(), stats: () => info.open("stats") },
  (id) => Boolean(gameInfo(app, id)?.redeals),
);
new LastMove(game, view);
const saving = new Saving(app, () => ownership.mayWrite());
// Moves and hints on a newcomer's first deal answered from its opening book while the engine starts.
game.book = new BookPlay(game, engine, (table) => {
  help.answered();
  game.show(table);
});
// A game the engine says counts (a win, or a game left after a move) is counted,
// with the time the engine played it in (its `count`).
game.onCount = (count) =>
  stats
    .record(count)
    .then((reply) => endings.recorded(reply))
    .catch((error) => console.warn(`statistics: ${errorText(error)}`));
const startup = new Startup(app, engine, game, deals, view);
const tabs = new Tabs(ownership, { app, deals, restore: (record) => startup.restore(record), save: () => saving.write() });
engine.onEvent = (event) => startup.status.onEvent(event); // the worker's first event comes after this script
// A new worker, when the engine stops (engine.js), first holds the game on the
// table, with the player's settings, as a reload would restore it.
engine.recovery = () => [
  ...(app.save ? [/** @type {["restore", {save: string}]} */ (["restore", { save: app.save }])] : []),
  /** @type {["settings", object]} */ (["settings", game.engineSettings()]),
];
whenUnavailable((message) => startup.status.fail(message));
sayPlatformProblems((words) => startup.tell(words));

// ---- input --------------------------------------------------------------------------

const controls = bindControls({
  table,
  view,
  game,
  deals,
  engine,
  actions: {
    new: () => game.ready && deals.newDeal(),
    restart: () => game.ready && deals.restart(),
    undo: () => game.undo(),
    redo: () => game.redo(),
    hint: () => game.book?.hint() || pressedEarly.press("hint", () => help.hint()), // kept while the engine starts
    solve: () => pressedEarly.press("solve", () => solution.start()),
    daily: () => game.ready && deals.daily(),
    redeal: () => game.redeal(),
    info: () => info.open(),
  },
  solutionKeys: solution.dock.keyBindings(),
  dragStart: () => helpView.clear(),
  help: () => info.open("help"),
});
// The clock holds while the page is hidden: the engine counts the time; the page says when.
document.addEventListener("visibilitychange", () => game.report("visible", { visible: document.visibilityState === "visible" }));

// ---- what follows each table shown --------------------------------------------------

game.onShow((shown) => {
  const { state, previous } = shown;
  if (previous) playChangeSound(state, previous);
  saving.write();
  label(state, view);
  controls.keys.update(state);
  endings.shown(shown);
  helpView.draw(state);
  drawDealMark(state, winnable, (cards) => lightCards(view, cards));
  const time = formatDuration(state.time.played / 1000);
  announceChange(state, previous, {
    won: t("announce.won", { moves: t("status.moves", { count: state.moves }), time }),
    stuck: t("announce.stuck"),
  });
  info.refresh();
});

// ---- start ----------------------------------------------------------------------------

const texts = followDisplay(prefs, {
  view,
  current: () => app.table,
  redraw: () => {
    game.redrawBar();
    info.refresh();
    solution.redraw();
    overlay.redraw();
    redrawDealMark();
  },
}).then(() => languageDamaged() && startup.tell(() => t("error.damaged"))); // a stored language file was damaged
// The first game once the words are loaded and this tab knows whether it owns it (tabs.js).
startup.run(Promise.all([texts, tabs.claim()])).then(() => {
  if (app.engine !== "ready" || !app.table) return;
  tabs.ready();
  if (tabs.ownership.owns) startup.followLink();
});
measureWhenPainted(startup.painted);
// Sent along with start-up's first requests: unreadable statistics are set aside
// and said with the first table's notices.
stats.check().catch((error) => console.warn(`statistics: ${errorText(error)}`));
