// @ts-check
// Keeps the game in progress in the browser after every change, so a reload, a
// closed tab or a crash loses nothing: the engine's save, the time played, the
// deal of the day, and the table as drawn (shown at once on the next visit,
// before the engine has started). Only the tab that owns the game writes it
// (tabs.js), so no tab overwrites another's newer save.

import { storeGame, storeShape } from "./storage.js";

/** @typedef {import("../play/state.js").AppState} AppState */

export class Saving {
  /**
   * @param {AppState} app
   * @param {() => boolean} [mayWrite]  whether this tab owns the game (tabs.js)
   */
  constructor(app, mayWrite = () => true) {
    this.app = app;
    this.mayWrite = mayWrite;
    window.addEventListener("pagehide", () => this.write());
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "hidden") this.write();
    });
  }

  /** Write the game on the table (after each change, and when the page hides). */
  write() {
    const { table, save } = this.app;
    if (!table || !save || !this.mayWrite()) return;
    storeGame({
      save,
      game: table.game,
      deal: table.deal,
      elapsed: table.time.played, // also in the save (the engine's); kept here for the table drawn early
      started: table.moves > 0 || table.time.played > 0,
      daily: table.daily,
      drawn: table,
    });
    storeShape({ fans: table.fans.length, name: table.gameName });
  }
}
