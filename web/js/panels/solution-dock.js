// @ts-check
// The solution player's dock: where the solution stands, its next move, and the
// buttons (back, play or pause, forward, speed, take over), with their keys
// while it is on show (Right, Left, Space, Escape; S starts it). It draws what
// the controller (play/solution.js) tells it and hands the presses back; the
// next move is marked on the table while paused.

import { t } from "../words/i18n.js";
import { moveText } from "../words/moves.js";
import { panelKind } from "./panel.js";

/** @typedef {import("../engine/protocol.js").Move} Move */
/** @typedef {import("../table/render.js").TableView} TableView */

/** The speeds' labels (panels/solution-pace.js STEP_MS). */
const SPEED_LABELS = ["1\u00d7", "2\u00d7", "4\u00d7"];

/**
 * @typedef {object} DockActions  what the dock's buttons and keys do
 * @property {() => unknown} start  S: show the solution
 * @property {() => unknown} back
 * @property {() => unknown} play  play or pause
 * @property {() => unknown} forward
 * @property {() => unknown} speed
 * @property {() => unknown} stop  take over
 */

/**
 * What the dock shows.
 * @typedef {object} DockView
 * @property {boolean} playing
 * @property {number} speed  index of the speed
 * @property {string | null} status  a message in place of the progress (while searching)
 * @property {number} move  the decisions made so far
 * @property {number} total  the decisions of the whole solution
 * @property {Move | null} next  the move a step forward makes
 * @property {boolean} canBack  a step back is possible
 */

const $ = (/** @type {string} */ selector) => /** @type {HTMLElement} */ (document.querySelector(selector));

export class SolutionDock {
  /**
   * @param {TableView} view
   * @param {DockActions} actions
   * @param {{active: () => boolean, ready: () => boolean}} context  whether the dock is on show; the game takes moves
   */
  constructor(view, actions, context) {
    this.view = view;
    this.actions = actions;
    this.context = context;
    for (const button of document.querySelectorAll("#player [data-player]")) {
      const name = /** @type {HTMLElement} */ (button).dataset.player ?? "";
      const action = /** @type {Record<string, () => unknown>} */ (/** @type {unknown} */ (actions))[name];
      button.addEventListener("click", () => action?.());
    }
  }

  /** @param {DockView} shown */
  draw({ playing, speed, status, move, total, next, canBack }) {
    const dock = $("#player");
    dock.hidden = false;
    document.body.dataset.player = playing ? "playing" : "paused";
    $("#player-status").textContent = status ?? t("solution.progress", { move, total });
    $("#player-next").textContent = !status && next ? t("solution.next", { move: moveText(next) }) : "";
    const button = (/** @type {string} */ name) => /** @type {HTMLButtonElement} */ ($(`#player [data-player="${name}"]`));
    button("back").disabled = Boolean(status) || !canBack;
    button("forward").disabled = Boolean(status) || !next;
    const play = button("play");
    play.disabled = Boolean(status) || !next;
    play.dataset.playing = String(playing);
    play.setAttribute("aria-label", playing ? t("solution.pause") : t("solution.play"));
    play.title = `${playing ? t("solution.pause") : t("solution.play")} (${t("solution.spaceKey")})`;
    button("back").title = `${t("solution.back")} (\u2190)`;
    button("back").setAttribute("aria-label", t("solution.back"));
    button("forward").title = `${t("solution.forward")} (\u2192)`;
    button("forward").setAttribute("aria-label", t("solution.forward"));
    const faster = button("speed");
    faster.textContent = SPEED_LABELS[speed];
    faster.title = t("solution.speed");
    faster.setAttribute("aria-label", `${t("solution.speed")}: ${SPEED_LABELS[speed]}`);
    const stop = button("stop");
    stop.textContent = t("solution.takeOver");
    stop.title = `${t("solution.takeOver")} (Esc)`;
    dock.setAttribute("aria-label", t("solution.title"));
    // While paused, the move a step forward would make is marked on the table.
    const marked = !playing && !status && next?.card ? next : null;
    this.view.markCard("card--next", marked?.card ?? null);
    this.view.highlight("is-next", marked?.card ?? null, marked ? [marked.to] : []);
  }

  hide() {
    this.view.markCard("card--next", null);
    this.view.highlight("is-next", null, []);
    $("#player").hidden = true;
    delete document.body.dataset.player;
  }

  /**
   * While the solution is on show: Right and Left step, Space plays or pauses,
   * Escape takes over. S starts it. Bound to the page's keymap before the table's
   * own keys (main.js); none while the panel asks a question.
   * @returns {import("../platform/keymap.js").KeyBinding[]}
   */
  keyBindings() {
    const { actions, context } = this;
    const asking = () => panelKind() === "confirm";
    const onButton = (/** @type {KeyboardEvent} */ event) => Boolean(/** @type {HTMLElement} */ (event.target).closest?.("button, a"));
    const showing = () => context.active() && !asking();
    return [
      { keys: ["s"], shift: false, when: (event) => !context.active() && !asking() && !onButton(event) && context.ready(), run: actions.start },
      { keys: ["ArrowRight"], when: showing, run: actions.forward },
      { keys: ["ArrowLeft"], when: showing, run: actions.back },
      { keys: [" "], when: (event) => showing() && !onButton(event), run: actions.play },
      { keys: ["Escape"], when: showing, run: actions.stop },
    ];
  }
}
