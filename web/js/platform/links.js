// @ts-check
// A deal the address names, opened as a link: when the player types or follows
// one, or goes Back or Forward (hashchange), at start-up over a saved game, or
// in a tab the game is brought to. The engine reads the link first, so a link
// that names no deal is refused before the player is asked anything; over a
// game whose leaving loses something (State.leaving) the player is asked first;
// a link not followed leaves the table as it is and the address naming it again;
// an address changed while the game is not ready (the engine starting or being
// replaced, the game still another tab's) is followed once it is, not dropped.

import { readAddress, writeAddress } from "./address.js";
import { badAddressWords, refusedLinkWords } from "../panels/link-words.js";
import { askLink } from "../panels/leave.js";
import { notice } from "../panels/notice.js";
import { report } from "../panels/report.js";
import { gameInfo } from "../play/state.js";
import { errorType } from "../engine/engine-error.js";

/** @typedef {import("../play/state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("../play/deals.js").Deals} Deals */

const RETRY_MS = 250;

export class Links {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Deals} deals  opens the deal
   */
  constructor(app, engine, deals) {
    this.app = app;
    this.engine = engine;
    this.deals = deals;
    /** The look again at an address that changed while the game could not open it, if one is due. @type {number | null} */
    this.retry = null;
    window.addEventListener("hashchange", () => this.followAddress());
  }

  /**
   * Ask before a link replaces a game whose leaving loses something; resolves true to open the link.
   * @param {{game: string, deal: string}} link
   */
  confirmLink(link) {
    const table = this.app.table;
    if (!table?.leaving) return Promise.resolve(true);
    return askLink(link, { ...table, leaving: table.leaving }, (id) => gameInfo(this.app, id)?.name ?? id);
  }

  /** The address changed (the player typed or followed a link, or went Back or Forward): open what it names. */
  async followAddress() {
    if (!this.deals.game.ready) {
      if (this.app.engine === "failed") return; // nothing will open it: the failure is said
      // The engine starting or being replaced, this tab not yet the game's (a reload hands it over):
      // looked at again shortly, so a link typed meanwhile is followed, not lost.
      this.retry ??= window.setTimeout(() => {
        this.retry = null;
        this.followAddress().catch(report);
      }, RETRY_MS);
      return;
    }
    const address = readAddress();
    if (!address) return;
    if ("bad" in address) {
      notice(badAddressWords(address.bad));
      this.showOwnAddress();
      return;
    }
    await this.follow(address);
  }

  /**
   * Open the deal a link names, asking first over a game in progress; a game kept
   * (or a link refused) leaves the table as it is and the address naming it.
   * @param {{game: string, deal: string}} link
   */
  async follow(link) {
    /** @type {{game: string, deal: string}} */
    let read;
    try {
      read = await this.engine.request("link", link);
    } catch (error) {
      if (errorType(error) !== "InvalidInput") report(error);
      else notice(refusedLinkWords(link, Boolean(gameInfo(this.app, link.game))), 5000);
      return this.showOwnAddress();
    }
    const table = this.app.table;
    if (table && table.game === read.game && table.deal === read.deal) return this.showOwnAddress();
    if (!(await this.confirmLink(read))) return this.showOwnAddress();
    try {
      await this.deals.open(read.game, read.deal, { opening: "link" });
    } catch (error) {
      report(error);
      this.showOwnAddress();
    }
  }

  /** The address names the deal on the table again (after a link was not followed). */
  showOwnAddress() {
    const table = this.app.table;
    if (table) writeAddress(table.game, table.deal);
  }
}
