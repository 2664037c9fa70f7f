// @ts-check
// Start-up: a table at once, then the engine, then the first game for real.
//
// What the player sees first never waits for Python, which takes seconds to start
// on a phone (its worker has been starting since the page's first script, boot.js):
// early-table.js draws the saved table, a deal from the build's bank or the
// outlines of the game to come, as first-game.js chose. Once the engine is up, it
// opens the first game (open-first.js): the address, else the saved game, else the
// bank's deal, else a new deal. A link never drops a saved game in progress: that game is
// restored, and the link asked about once it is up (followLink), as a link
// followed while playing is; a bad address keeps it too. When the engine's table
// is the one on screen, card for card, the taps and drags made meanwhile (game.js
// keeps them) are played on it; otherwise they are dropped. Nothing the browser
// holds can stop the start: a saved game that cannot be restored is set aside and
// a new deal is dealt, with one notice to say so.

import { readAddress } from "../platform/address.js";
import { DEAL_BANK, DEAL_BANK_SETTINGS, GAMES, NEWCOMER_DEALS, OPENING_BOOK_DEPTH } from "../build-info.js";
import { drawAtOnce, drawFromBank, drawNewcomerDeal } from "../table/early-table.js";
import { chooseFirstGame, restoresSave } from "./first-game.js";
import { openFirstGame } from "./open-first.js";
import { EngineError } from "../engine/engine.js";
import { setStatus, showProgress } from "../panels/loading.js";
import { notice } from "../panels/notice.js";
import { EngineStatus } from "../panels/engine-status.js";
import { DEFAULT_GAME, sameTable } from "../play/state.js";
import { loadGame, setAsideGame } from "../platform/storage.js";
import { errorText, errorType } from "../engine/engine-error.js";

/** @typedef {import("../play/state.js").AppState} AppState */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("../play/game.js").Game} Game */
/** @typedef {import("../play/deals.js").Deals} Deals */
/** @typedef {import("../table/render.js").TableView} TableView */
/** @typedef {import("../platform/storage.js").GameRecord} GameRecord */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("./first-game.js").FirstGame} FirstGame */

/**
 * A game's deal bank, relative to the bundle, js/main.js (import.meta.url is the bundle's, not this file's).
 * @param {string} game
 */
const bankUrl = (game) => new URL(`../${DEAL_BANK[game]}`, import.meta.url);

export class Startup {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {Deals} deals
   * @param {TableView} view
   */
  constructor(app, engine, game, deals, view) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.deals = deals;
    this.view = view;
    /** The engine's start-up and failures, said to the player (panels/engine-status.js). */
    this.status = new EngineStatus(app, engine, () => game.settleEarly(false));
    /** @type {(() => string)[] | null} */
    this.later = []; // what to tell the player once the table is dealt (null: tell at once)
    /** @type {{game: string, deal: string} | null} */
    this.link = null; // the address's deal, asked about over the saved game in progress (followLink)
    this.app.games = GAMES; // the catalogue as the build's engine gave it, until this one answers
    /** @type {(value?: unknown) => void} */
    this.onPainted = () => {};
    /** Settles once the first table (the bank's, the saved one or the outlines) has been painted. */
    this.painted = new Promise((resolve) => (this.onPainted = resolve));
  }

  /**
   * Tell the player something: at once when the table is up, else once it is
   * (in words looked up then: the language may still be loading now).
   * @param {() => string} words
   */
  tell(words) {
    if (this.later === null) notice(words(), 7000);
    else this.later.push(words);
  }

  /**
   * Start: a table at once, the engine, then the first game.
   * @param {Promise<unknown>} texts  the player's language, loading
   */
  async run(texts) {
    setStatus("loading");
    showProgress("download");
    const first = this.firstGame();
    const fromBank = first.bank ? this.drawNewcomer(first.bank, first) : Promise.resolve(null);
    if (!first.bank) {
      drawAtOnce(first, this);
      // index.html preloads the bank when the page holds no newcomer deals: read, not left unused.
      if (!NEWCOMER_DEALS[DEFAULT_GAME]?.length) fetch(bankUrl(DEFAULT_GAME)).then((r) => r.body?.cancel()).catch(() => {});
    }
    // The worker has been starting since the page's first script (boot.js): the
    // page takes it now, with what it said so far (its download progress).
    this.engine.start();
    // Once the first table (the bank's, the saved one or the outlines) has been
    // painted, the worker may take the CPU for the runtime (worker.js).
    fromBank.then(() => requestAnimationFrame(() => setTimeout(() => this.onPainted())));
    this.painted.then(() => this.engine.tablePainted());
    // The bank's deal drawn: its opening book, fetched once the table is painted (book/book-play.js).
    fromBank.then((state) => state && this.game.book?.open(state, this.painted));
    // A saved game drawn is resumed from its deal's book, when the book holds it: not read for a
    // game too many moves in to be at a table that answers (its parse would slow the engine's start).
    const savedTable = this.game.drawn;
    const near = (first.record?.drawn?.moves ?? OPENING_BOOK_DEPTH) < OPENING_BOOK_DEPTH;
    const saved = savedTable && near && restoresSave(first) ? first.record : null;
    const addressed = first.address && "game" in first.address ? first.address : null;
    if (savedTable && saved && (!addressed || (addressed.game === saved.game && addressed.deal === saved.deal))) {
      this.game.book?.open(savedTable, this.painted, saved);
    }
    this.status.startTimer();
    try {
      const engine = this.engine;
      // All queued at once, answered one after the other as soon as Python is up:
      // the catalogue, the player's settings and, for a returning player, the
      // saved game (no round trip to the page between them; on a phone each one
      // waits for the page's busy thread).
      const answers = Promise.all([engine.request("games"), engine.request("settings", this.game.engineSettings())]);
      const restoring = restoresSave(first) && first.record ? this.askRestore(first.record) : null;
      restoring?.catch(() => {}); // read (and its failure handled) by openFirstGame
      // The bank's deal, dealt by the engine as soon as it is drawn (after the
      // settings above, so with the player's): queued behind them, not asked for
      // once their answers are in, it is ready when the engine is.
      const dealing = fromBank.then((state) =>
        state && this.game.drawn === state ? engine.request("new", { game: state.game, deal: state.deal, opening: "bank" }) : null,
      );
      dealing.catch(() => {}); // read (and its failure handled) by openFirstGame
      [this.app.games] = await answers;
      performance.mark("cloverleaf:answered"); // the engine's first answers (bench/startup.py)
      await texts; // the notices below are in the player's words
      performance.mark("cloverleaf:texts");
      showProgress("dealing");
      this.app.engine = "ready";
      const drawn = this.game.table; // drawn early, or answered from the opening book
      await this.openFirstGame(first, await fromBank, restoring, dealing);
      if (!this.app.table) throw new EngineError("Internal", "no game could be dealt");
      const same = sameTable(drawn, this.app.table);
      if (drawn && !same && (first.bank || first.record?.drawn)) {
        console.info("start-up: the engine's table replaces the one drawn before it started");
      }
      this.game.settleEarly(same);
      setStatus("ready");
      performance.mark("cloverleaf:ready"); // bench/startup.py reads it
    } catch (error) {
      if (this.app.engine !== "failed") this.status.fail(errorText(error));
    }
  }

  /**
   * A newcomer's first table: a deal built into the page, drawn at once, else
   * (a build that booked none) the outlines, then one of the game's bank,
   * fetched (index.html preloads it); the deal drawn, or null when none could be read.
   * @param {string} game
   * @param {FirstGame} first
   * @returns {Promise<State | null>}
   */
  drawNewcomer(game, first) {
    const built = NEWCOMER_DEALS[game] ?? [];
    if (built.length) return Promise.resolve(drawNewcomerDeal(built, this));
    drawAtOnce(first, this);
    return drawFromBank(fetch(bankUrl(game)), this);
  }

  /** @returns {FirstGame} */
  firstGame() {
    return chooseFirstGame(
      { address: readAddress(), record: loadGame(), settings: this.game.engineSettings() },
      { defaultGame: DEFAULT_GAME, banks: DEAL_BANK, bankSettings: DEAL_BANK_SETTINGS },
    );
  }

  /**
   * What the table opens with (open-first.js), then what was kept to tell the player.
   * @param {FirstGame} first
   * @param {State | null} banked
   * @param {Promise<import("../engine/protocol.js").Table> | null} restoring
   * @param {Promise<import("../engine/protocol.js").Table | null>} dealing
   */
  async openFirstGame(first, banked, restoring, dealing) {
    await openFirstGame(this, first, banked, restoring, dealing);
    const later = [...new Set((this.later ?? []).map((words) => words()))];
    this.later = null;
    if (later.length) notice(later.join(" "), 7000);
  }

  /**
   * The link start-up opened on, over the saved game in progress it kept: asked
   * about now, with the table up (Deals.follow). A tab without the game asks
   * when the player brings the game here instead (tabs.js).
   */
  followLink() {
    const link = this.link;
    this.link = null;
    if (link) this.deals.links.follow(link).catch((error) => console.warn(`link: ${errorText(error)}`));
  }

  /**
   * Ask the engine to restore the saved game, then to apply the player's
   * settings to it: resolves to the table, rejects when the save cannot be restored.
   * @param {GameRecord} record
   * @returns {Promise<import("../engine/protocol.js").Table>}
   */
  askRestore(record) {
    // The time played, for a save written before saves kept it.
    const restored = this.engine.request("restore", { save: record.save, played: record.elapsed });
    const table = this.engine.request("settings", this.game.engineSettings());
    return Promise.all([restored, table]).then(([, answer]) => answer);
  }

  /**
   * Restore the saved game; false (the save set aside: storage.js reports it)
   * when the engine cannot, whatever the reason.
   * @param {GameRecord} record
   * @param {Promise<import("../engine/protocol.js").Table> | null} [asked]  its restore, when already asked for (askRestore)
   */
  async restore(record, asked = null) {
    try {
      const table = await (asked ?? this.askRestore(record));
      // Taps answered from the opening book meanwhile are played on it first (book-play.js).
      if (!(await this.game.book?.handOver(table))) this.game.show(table, { fresh: true });
      return true;
    } catch (error) {
      if (errorType(error) === "Unavailable") throw error;
      this.game.book?.finish();
      console.warn(`saved game not restored: ${errorText(error)}`);
      setAsideGame();
      return false;
    }
  }
}
