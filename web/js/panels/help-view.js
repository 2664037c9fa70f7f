// @ts-check
// Help on the table, drawn from the engine's word (State.help; the coach,
// py/cloverleaf/coach.py, decides it all): the hinted move marked (dashed when
// only likely) and said in the notice; the lost panel, with the cards of why the
// game is lost lit until it closes or the game moves; the way back when every
// win passes an earlier position; and a hint that found no way forward, with
// what the player can do. Each is drawn when it changes, never read back.

import { t } from "../words/i18n.js";
import { hintText } from "../words/hint.js";
import { notice } from "./notice.js";
import { hidePanel, showPanel } from "./panel.js";
import { showBackPanel, showLostPanel } from "./lost.js";
import { clearHint, lightCards, markHint } from "../table/marks.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").HintShown} HintShown */
/** @typedef {import("../table/render.js").TableView} TableView */
/** @typedef {import("./lost.js").LostActions} LostActions */

export class HelpView {
  /**
   * @param {TableView} view
   * @param {LostActions} actions  what the panels' buttons do
   */
  constructor(view, actions) {
    this.view = view;
    this.actions = actions;
    this.drawn = ""; // the help last drawn (its hint and loss), as text
    this.marked = false; // a hinted move is marked on the table
    this.panel = false; // a panel of help is on show (lost, the way back, no way forward)
  }

  /**
   * Draw the help of a table shown (nothing when it is the help already on show).
   * @param {State} state
   */
  draw(state) {
    const { hint, lost } = state.help;
    const key = JSON.stringify([hint, lost]);
    if (key === this.drawn) return;
    this.drawn = key;
    this.clear();
    if (this.panel) hidePanel("lost");
    this.panel = Boolean(lost || (hint && !hint.move));
    if (lost) {
      const close = () => lightCards(this.view, null);
      showLostPanel(lost, { stuck: lost.stuck, canUndo: state.canUndo, close }, this.actions);
      lightCards(this.view, lost.why?.cards);
    } else if (hint?.move) {
      markHint(this.view, hint.move, hint.likely);
      this.marked = true;
      notice(hintText(hint.move, hint), 6000);
    } else if (hint?.back) {
      showBackPanel(hint.back, this.actions);
    } else if (hint) {
      this.showStalled(hint);
    }
  }

  /** Draw the next help whatever was drawn before (the player asked for it again). */
  forget() {
    this.drawn = "";
  }

  /** The hint's marks and words off the table, and the lost game's lights (a drag began). */
  clear() {
    lightCards(this.view, null);
    if (!this.marked) return;
    this.marked = false;
    clearHint(this.view);
    notice("");
  }

  /**
   * The search found no move that gets a card home or empties a fan: said plainly,
   * with the way on: search further, back to where a win is known, a new deal.
   * @param {HintShown} hint
   */
  showStalled({ more, undo }) {
    /** @type {import("./panel.js").PanelAction[]} */
    const buttons = [];
    if (more) buttons.push({ label: t("lost.searchOn"), name: "more", primary: true, action: this.actions.searchOn });
    if (undo) buttons.push({ label: t("lost.undo", { count: undo }), name: "undo", action: () => this.actions.undo(undo) });
    buttons.push({ label: t("button.newDeal"), name: "new", primary: !more, action: this.actions.newDeal });
    const text = [t("hint.stalled"), undo ? t("hint.stalledBack", { count: undo }) : ""].filter(Boolean).join(" ");
    showPanel("lost", t("hint.stalledTitle"), text, buttons);
  }
}
