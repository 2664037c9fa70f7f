// @ts-check
// Several tabs of the app share one saved game and one statistics record, so one
// tab at a time plays: the tab that owns the game. The others show the table
// as it was, say the game is open in another tab, and offer "Play here", which
// moves the game to them. So no game is counted twice or counted lost while it
// is still open, and no tab overwrites another's newer save.
//
// Which tab owns the game is ownership.js's (Web Locks, else the owner record);
// this file is what a tab does about it: the notice that another tab has the
// game, "Play here", and bringing the game here (its latest save, its statistics).

import { readAddress } from "./address.js";
import { t } from "../words/i18n.js";
import { hidePanel, panelKind, showPanel } from "../panels/panel.js";
import { loadGame } from "./storage.js";
import { Ownership } from "./ownership.js";

// The composition root (main.js) builds both from here.
export { Ownership };

/**
 * What the tab does about it: the notice that another tab has the game, "Play
 * here", and bringing the game here (its latest save, its statistics).
 */
export class Tabs {
  /**
   * @param {Ownership} ownership
   * @param {object} hooks
   * @param {import("../play/state.js").AppState} hooks.app
   * @param {import("../play/deals.js").Deals} hooks.deals
   * @param {(record: import("./storage.js").GameRecord) => Promise<boolean>} hooks.restore  start-up's restore
   * @param {() => void} hooks.save  write the game on the table now
   */
  constructor(ownership, { app, deals, restore, save }) {
    this.ownership = ownership;
    this.app = app;
    this.deals = deals;
    this.restore = restore;
    this.save = save;
    this.address = readAddress(); // the deal this tab was opened on, if any
    this.started = false;
    this.moving = false;
    ownership.beforeYield(() => save());
    ownership.onLost(() => this.lost());
    ownership.onFree(() => this.mayTake());
    document.addEventListener("visibilitychange", () => this.mayTake());
    window.addEventListener("focus", () => this.mayTake());
    window.addEventListener("blur", () => this.ownership.cancelWait());
    // Trying to play in a tab without the game brings the notice back.
    for (const selector of ["#table", ".bar__buttons"]) {
      document.querySelector(selector)?.addEventListener("pointerdown", (event) => this.blocked(event), true);
    }
  }

  /** Claim the game before start-up (never rejects). */
  claim() {
    return this.ownership.claim().catch(() => true);
  }

  /** Start-up has dealt the first table: without the game, say so. */
  ready() {
    this.started = true;
    if (this.ownership.owns) this.address = null; // opened here already
    this.mark();
    if (!this.ownership.owns) {
      this.standBy("tabs.open");
      this.mayTake();
    }
  }

  mark() {
    document.body.dataset.tab = this.ownership.owns ? "owner" : "elsewhere";
  }

  /** The game was taken from this tab. */
  lost() {
    this.deals.search?.cancel(); // a new deal being found here would be left unplayed
    this.mark();
    if (this.started) this.standBy("tabs.moved");
  }

  /**
   * Show why nothing here plays (the tab that has the game counts its time).
   * @param {string} text  its key
   */
  standBy(text) {
    showPanel("tab", t("tabs.title"), t(text), [
      { label: t("tabs.playHere"), name: "play-here", primary: true, action: () => this.playHere() },
    ]);
  }

  /** @param {Event} event */
  blocked(event) {
    if (!this.started || this.ownership.owns || this.moving) return;
    const target = /** @type {Element | null} */ (event.target);
    if (target?.closest('[data-action="settings"], [data-action="info"]')) return;
    if (panelKind() !== "tab") this.standBy("tabs.open");
  }

  /**
   * While the player looks at a tab without the game, it waits in line and takes
   * the game when its owner goes (closed, crashed); looking away leaves the line,
   * so a tab in the background never takes the game from one being reloaded.
   */
  async mayTake() {
    if (!this.started || this.ownership.owns) return;
    if (document.visibilityState !== "visible" || !document.hasFocus()) {
      this.ownership.cancelWait();
      return;
    }
    if ((await this.ownership.wait()) && !this.moving) {
      this.moving = true;
      try {
        await this.bringHere();
      } finally {
        this.moving = false;
      }
    }
  }

  /** "Play here": take the game from the tab that has it. */
  async playHere() {
    if (this.moving) return;
    this.moving = true;
    try {
      await this.ownership.take();
      await this.bringHere();
    } finally {
      this.moving = false;
    }
  }

  /** The game is this tab's now: its latest save (what its statistics count is in it), then this tab's own link. */
  async bringHere() {
    this.mark();
    hidePanel("tab");
    const record = loadGame();
    if (!(record && (await this.restore(record)))) this.save();
    const address = this.address;
    this.address = null;
    // This tab was opened on a link to another deal: open it, asking first over a game in progress.
    if (address && "game" in address) await this.deals.links.follow(address);
  }
}
