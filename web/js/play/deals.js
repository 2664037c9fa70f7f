// @ts-check
// Which deal is on the table: a new deal (proved winnable when the player asks
// for solvable deals), the deal of the day, a deal from the address, a restart.
// Leaving a game in progress asks first, and only then counts it as lost: a link
// opened over it (at start-up, typed, Back and Forward) too. Kept, the address
// names the game on the table again.

import { readAddress, writeAddress } from "../platform/address.js";
import { gameName, setBusy } from "../panels/bar.js";
import { t } from "../words/i18n.js";
import { notice } from "../panels/notice.js";
import { hidePanel, showPanel } from "../panels/panel.js";
import { report } from "../panels/report.js";
import { currentGame, gameInfo } from "./state.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./clock.js").Clock} Clock */
/** @typedef {import("./stats.js").StatsKeeper} StatsKeeper */
/** @typedef {import("../engine/protocol.js").DealResult} DealResult */
/** @typedef {import("./difficulty.js").Difficulty} Difficulty */

/** Today's date where the player is, "YYYY-MM-DD". */
function localDate() {
  const now = new Date();
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export class Deals {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {Clock} clock
   * @param {StatsKeeper} stats
   * @param {Difficulty} difficulty  told the level of each deal a walk finds
   */
  constructor(app, engine, game, clock, stats, difficulty) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.clock = clock;
    this.stats = stats;
    this.difficulty = difficulty;
    /** @type {{promise: Promise<any>, cancel: () => void} | null} */
    this.search = null; // the solvable-deal or daily search running
    /** @type {string | null} the button of the search running */
    this.searchButton = null;
    window.addEventListener("hashchange", () => this.followAddress());
  }

  /** Whether leaving now would abandon a game in progress (moves made, not over). */
  get inProgress() {
    const table = this.app.table;
    return Boolean(table && table.moves > 0 && !table.won && !table.stuck);
  }

  /**
   * Ask before abandoning a game in progress; resolves true to go on.
   * @returns {Promise<boolean>}
   */
  confirmLeave() {
    if (!this.inProgress) return Promise.resolve(true);
    return new Promise((resolve) => {
      showPanel(
        "confirm",
        t("leave.title"),
        t("leave.text"),
        [{ label: t("leave.yes"), name: "leave", primary: true, action: () => resolve(true) }],
        { close: () => resolve(false) },
      );
    });
  }

  /**
   * Ask before a link replaces a game in progress; resolves true to open the
   * link. Keeping the game is the first choice (Enter, Escape and Close all keep it).
   * @param {{game: string, deal: string}} link
   * @returns {Promise<boolean>}
   */
  confirmLink({ game, deal }) {
    const table = this.app.table;
    if (!table || !this.inProgress) return Promise.resolve(true);
    const name = (/** @type {string} */ id) => gameName(id, gameInfo(this.app, id)?.name ?? id);
    const linked = { game: name(game), deal };
    const current = { game: name(table.game), deal: table.deal ?? "", moves: t("status.moves", { count: table.moves }) };
    return new Promise((resolve) => {
      showPanel(
        "confirm",
        t("link.title", linked),
        t("link.text", current),
        [
          { label: t("link.keep"), name: "keep", primary: true, action: () => resolve(false) },
          { label: t("link.open", linked), name: "leave", action: () => resolve(true) },
        ],
        { close: () => resolve(false) },
      );
    });
  }

  /** The game on the table is left: it counts as lost when it had a move and was not won. */
  leaveCurrent() {
    this.stats
      .leave(this.app.table, this.clock.value() / 1000, this.app.daily)
      .catch((/** @type {any} */ error) => console.warn(`statistics: ${error?.message ?? error}`));
  }

  /**
   * Deal `deal` of `game` (a random deal when null) onto the table. Throws the
   * engine's error (an unknown game, a bad number).
   * @param {string} game
   * @param {string | null} deal
   * @param {{daily?: string | null, solvable?: boolean, dealt?: any}} [options]
   *   dealt: the engine's table of this very deal, when start-up had it dealt already
   */
  async open(game, deal, { daily = null, solvable = false, dealt = null } = {}) {
    for (const listener of this.game.beforeMove) listener();
    const table = dealt ?? (await this.engine.request("new", deal ? { game, deal } : { game }));
    this.leaveCurrent();
    this.stats.begin(table.state, { daily, solvable });
    this.app.daily = daily;
    this.app.solvable = solvable;
    this.clock.reset();
    hidePanel();
    this.game.show(table, { fresh: true });
  }

  /**
   * Run a deal-finding search (solvable or daily); resolves to its result.
   * @param {object} params
   * @param {"new" | "daily"} button
   * @param {string} message
   * @returns {Promise<DealResult>}
   */
  async find(params, button, message) {
    this.search?.cancel();
    const search = this.engine.job(params);
    this.search = search;
    this.searchButton = button;
    setBusy(button, true);
    notice(message, 0);
    try {
      return await search.promise;
    } finally {
      // A search another one replaced (Daily, then New at once) ends its own
      // button's busy mark, unless the new search runs under the same button.
      const current = this.search === search;
      if (current) {
        this.search = null;
        notice("");
      }
      if (current || this.searchButton !== button) setBusy(button, false);
    }
  }

  /**
   * A new deal of `game`: a proved-winnable one when the setting asks for it.
   * @param {string} [game]
   * @param {{ask?: boolean}} [options]  ask: confirm first when a game is in progress
   */
  async newDeal(game = currentGame(this.app), { ask = true } = {}) {
    if (ask && !(await this.confirmLeave())) return;
    /** @type {string | null} */
    let deal = null;
    let solvable = false;
    if (this.app.settings.solvableOnly) {
      try {
        // The walk starts at a random deal (the engine draws it), at the level the player chose.
        const level = this.app.settings.level;
        const params = level === "any" ? { kind: "solvable", game } : { kind: "solvable", game, level };
        const result = await this.find(params, "new", t("deal.finding"));
        deal = result.deal;
        solvable = result.verdict === "solved";
        this.difficulty.known(game, deal, result.difficulty);
        if (!solvable) notice(t("deal.notProved"), 4000);
      } catch (error) {
        const type = /** @type {any} */ (error)?.type;
        if (type === "Cancelled") return;
        report(error);
        if (type === "Unavailable") return;
        // The search failed: a deal not proved winnable, rather than no table at all.
      }
    }
    try {
      await this.open(game, deal, { solvable });
    } catch (error) {
      report(error);
    }
  }

  /** The deal of the day of the game on the table. */
  async daily() {
    if (!(await this.confirmLeave())) return;
    const game = currentGame(this.app);
    const date = localDate();
    try {
      const result = await this.find({ kind: "daily", game, date }, "daily", t("daily.finding"));
      this.difficulty.known(game, result.deal, result.difficulty);
      await this.open(game, result.deal, { daily: date });
    } catch (error) {
      report(error);
    }
  }

  /**
   * Play this deal again from its start; the attempt left counts as lost when it had a move.
   * @param {{ask?: boolean}} [options]  ask: confirm first when a game is in progress
   */
  async restart({ ask = true } = {}) {
    if (ask && !(await this.confirmLeave())) return;
    this.leaveCurrent();
    const table = this.app.table;
    if (table) this.stats.begin(table, { daily: this.app.daily, solvable: this.app.solvable });
    this.clock.reset();
    await this.game.act("restart", {}, { animate: false });
  }

  /** The address changed (the player typed or followed a link, or went Back or Forward): open what it names. */
  async followAddress() {
    if (!this.game.ready) return;
    const address = readAddress();
    if (!address) return;
    if ("bad" in address) {
      notice(t("address.badShort", { address: address.bad }));
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
      if (/** @type {any} */ (error)?.type !== "InvalidInput") report(error);
      else if (gameInfo(this.app, link.game)) notice(t("address.noDealShort", { deal: link.deal }), 5000);
      else notice(t("address.noGameShort", { name: link.game }), 5000);
      return this.showOwnAddress();
    }
    const table = this.app.table;
    if (table && table.game === read.game && table.deal === read.deal) return this.showOwnAddress();
    if (!(await this.confirmLink(read))) return this.showOwnAddress();
    try {
      await this.open(read.game, read.deal);
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
