// @ts-check
// The page's controls bound to the controllers' actions: the bar's and the menu's
// buttons (each names its action: data-action), the keys (platform/keymap.js: the
// solution player's first, then the table's, then the app's shortcuts: Ctrl+Z
// undo, Ctrl+Y or Ctrl+Shift+Z redo, H hint, Escape closes a message), and the
// cards under the pointer and the keyboard (table/drag.js, table/keyboard.js).
// A click on a card asks the engine, which plays the move on show (a hint's, the
// solution's next) or the click rule's. Returns the unbind of them all.

import { bindPointer } from "../table/drag.js";
import { bindCardKeys } from "../table/keyboard.js";
import { moveDuration } from "../table/anim.js";
import { bindSettings, openGames, openSettings } from "./dialogs.js";
import { hidePanel, panelKind } from "./panel.js";
import { keepButtonLabelsFitted } from "./bar.js";
import { openMenu } from "./menu.js";
import { sayStuck } from "./report.js";
import { shareDeal } from "../platform/share.js";
import { Keymap, PRECEDENCE } from "../platform/keymap.js";
import { listen, unbindAll } from "../platform/listen.js";
import { currentGame } from "../play/state.js";

/** @typedef {import("../play/game.js").Game} Game */
/** @typedef {import("../play/deals.js").Deals} Deals */
/** @typedef {import("../table/render.js").TableView} TableView */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */

/**
 * @typedef {object} Controls
 * @property {HTMLElement} table
 * @property {TableView} view
 * @property {Game} game
 * @property {Deals} deals
 * @property {EngineClient} engine
 * @property {Record<string, () => unknown>} actions  the controllers' actions by the buttons' names
 * @property {import("../platform/keymap.js").KeyBinding[]} solutionKeys  the solution player's keys, first
 * @property {() => void} dragStart  a card is picked up (help on show is taken off)
 * @property {() => unknown} help  the help page
 */

/**
 * @param {Controls} controls
 * @returns {{unbind: () => void, keys: {update: (state: import("../engine/protocol.js").State) => void}}}
 */
export function bindControls({ table, view, game, deals, engine, actions, solutionKeys, dragStart, help }) {
  const app = game.app;
  /** @type {Record<string, () => unknown>} */
  const all = {
    ...actions,
    share: () => shareDeal(app.table),
    games: () => game.ready && openGames(app.games, currentGame(app), (id) => deals.newDeal(id)),
    settings: () => openSettings(app.settings, app.table?.game),
    menu: () => openMenu(),
    escape: () => panelKind() !== "error" && hidePanel(),
  };
  keepButtonLabelsFitted();
  const unbinds = [...document.querySelectorAll("[data-action]")].map((button) =>
    listen(/** @type {HTMLElement} */ (button), "click", () => all[/** @type {HTMLElement} */ (button).dataset.action ?? ""]?.()),
  );
  const keymap = new Keymap();
  const run = (/** @type {string} */ name) => () => all[name]?.();
  unbinds.push(
    keymap.bind(PRECEDENCE.solution, solutionKeys),
    keymap.bind(PRECEDENCE.app, [
      { keys: ["z"], command: true, shift: false, run: run("undo") },
      { keys: ["z"], command: true, shift: true, run: run("redo") },
      { keys: ["y"], command: true, run: run("redo") },
      { keys: ["h"], shift: false, run: run("hint") },
      { keys: ["Escape"], run: run("escape") },
    ]),
  );
  bindSettings(app.settings, (key, value) => game.changeSetting(key, value)); // the dialog's own inputs, for good
  const click = (/** @type {string} */ card) => game.click(card);
  unbinds.push(
    bindPointer(
      table,
      view,
      {
        enabled: () => game.playable, // a table drawn while the engine starts takes moves too (they wait)
        destinations: (card) => game.table?.movable[card] ?? [],
        click,
        drop: (card, to) => game.drop(card, to),
        dragStart,
        stuck: (card) => sayStuck(card, (stuck) => engine.request("whyStuck", { card: stuck })),
      },
      moveDuration,
    ),
  );
  const keys = bindCardKeys(
    table,
    view,
    { state: () => game.table, enabled: () => game.playable, click, play: (card, to) => game.drop(card, to), newDeal: () => deals.newDeal(), help },
    keymap,
  );
  unbinds.push(keys.unbind);
  return { unbind: unbindAll(unbinds), keys };
}
