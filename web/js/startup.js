// @ts-check
// Start-up: the loading bar while the engine starts, then the first game (the
// address, else the saved game, else a new deal), then "ready". Nothing the
// browser holds can stop it: a saved game that cannot be restored is set aside
// and a new deal is dealt, with one notice to say so.

import { readAddress } from "./address.js";
import { EngineError } from "./engine.js";
import { t } from "./i18n.js";
import { setStatus, showProgress } from "./loading.js";
import { notice } from "./notice.js";
import { showPanel } from "./panel.js";
import { DEFAULT_GAME, gameInfo } from "./state.js";
import { loadGame, loadShape, setAsideGame } from "./storage.js";

/** @typedef {import("./state.js").AppState} AppState */
/** @typedef {import("./engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */
/** @typedef {import("./deals.js").Deals} Deals */
/** @typedef {import("./clock.js").Clock} Clock */
/** @typedef {import("./stats.js").StatsKeeper} StatsKeeper */
/** @typedef {import("./render.js").TableView} TableView */
/** @typedef {import("./storage.js").GameRecord} GameRecord */

// Seconds to wait for the engine to start before saying it failed. Tests pass a
// short one in the query string (?timeout=5); digits only, anything else ignored.
const LOAD_TIMEOUT_S = (() => {
  const value = new URLSearchParams(location.search).get("timeout");
  return value && /^\d{1,4}$/.test(value) && Number(value) > 0 ? Number(value) : 90;
})();

export class Startup {
  /**
   * @param {AppState} app
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {Deals} deals
   * @param {Clock} clock
   * @param {StatsKeeper} stats
   * @param {TableView} view
   */
  constructor(app, engine, game, deals, clock, stats, view) {
    this.app = app;
    this.engine = engine;
    this.game = game;
    this.deals = deals;
    this.clock = clock;
    this.stats = stats;
    this.view = view;
    this.timer = 0;
    /** @type {string[] | null} */
    this.later = []; // what to tell the player once the table is dealt (null: tell at once)
  }

  /**
   * Tell the player something: at once when the table is up, else once it is.
   * @param {string} text
   */
  tell(text) {
    if (this.later === null) notice(text, 7000);
    else if (!this.later.includes(text)) this.later.push(text);
  }

  /**
   * The worker's start-up events.
   * @param {any} event
   */
  onEvent(event) {
    if (event.event === "progress") showProgress(event.stage);
    else if (event.event === "ready") {
      clearTimeout(this.timer);
      // How the engine started (from the stored snapshot or from scratch), for the
      // tests and bench/startup.py.
      document.body.dataset.engineStart = event.snapshot ? "snapshot" : "fresh";
      // Marks for bench/startup.py: Python runtime started, our package imported.
      for (const [stage, time] of Object.entries(event.times ?? {})) {
        performance.mark(`cloverleaf:${stage}`, { startTime: Math.max(0, Number(time) - performance.timeOrigin) });
      }
    } else if (event.event === "failed") this.fail(event.message);
    else if (event.event === "log") {
      if (event.level === "error") console.error(`[python] ${event.text}`);
      else console.info(`[python] ${event.text}`);
    }
  }

  /**
   * Start-up failed: say so in the player's words (the details go to the console).
   * @param {string} message
   * @param {string} [text]
   */
  fail(message, text = t("error.start")) {
    if (this.app.engine === "failed") return;
    this.app.engine = "failed";
    clearTimeout(this.timer);
    setStatus("error");
    this.engine.terminate(message);
    console.warn(`Clover Leaf could not start: ${message}`);
    showPanel("error", t("error.startTitle"), text, [
      { label: t("button.reload"), name: "reload", primary: true, action: () => location.reload() },
    ]);
  }

  /** Start: the loading bar, the engine, the first game. */
  async run() {
    setStatus("loading");
    showProgress("download");
    const shape = loadShape();
    const name = document.querySelector("#game-name");
    if (name) name.textContent = shape.name;
    this.view.preview(shape.fans);
    this.timer = window.setTimeout(
      () => this.fail(`the game engine did not start within ${LOAD_TIMEOUT_S} seconds`, t("error.timeout", { seconds: LOAD_TIMEOUT_S })),
      LOAD_TIMEOUT_S * 1000,
    );
    try {
      const engine = this.engine;
      // Both queued at once: answered as soon as Python is up.
      [this.app.games] = await Promise.all([engine.request("games"), engine.request("settings", this.game.engineSettings())]);
      showProgress("dealing");
      this.app.engine = "ready";
      await this.openFirstGame();
      if (!this.app.table) throw new EngineError("Internal", "no game could be dealt");
      setStatus("ready");
      performance.mark("cloverleaf:ready"); // bench/startup.py reads it
    } catch (error) {
      if (this.app.engine !== "failed") this.fail(error instanceof EngineError ? error.message : String(error));
    }
  }

  /** What the table opens with: the address, else the saved game, else a new deal. */
  async openFirstGame() {
    const address = readAddress();
    const record = loadGame();
    const defaultName = t(`game.${DEFAULT_GAME}`);
    if (address && "bad" in address) {
      this.tell(t("address.bad", { address: address.bad, game: defaultName }));
      await this.deals.newDeal(DEFAULT_GAME, { ask: false });
    } else if (address) {
      const same = record && record.game === address.game && record.deal === address.deal;
      if (!(same && (await this.restore(/** @type {GameRecord} */ (record))))) {
        try {
          await this.deals.open(address.game, address.deal);
        } catch (error) {
          if (/** @type {any} */ (error)?.type === "Unavailable") throw error;
          this.tell(
            gameInfo(this.app, address.game)
              ? t("address.noDeal", { deal: address.deal, game: defaultName })
              : t("address.noGame", { name: address.game, game: defaultName }),
          );
          await this.deals.newDeal(DEFAULT_GAME, { ask: false });
        }
      }
    } else if (!(record && (await this.restore(record)))) {
      const game = record && gameInfo(this.app, record.game) ? record.game : DEFAULT_GAME;
      await this.deals.newDeal(game, { ask: false });
    }
    const later = this.later ?? [];
    this.later = null;
    if (later.length) notice(later.join(" "), 7000);
  }

  /**
   * Restore the saved game; false (the save set aside: storage.js reports it)
   * when the engine cannot, whatever the reason.
   * @param {GameRecord} record
   */
  async restore(record) {
    try {
      await this.engine.request("restore", { save: record.save });
      const table = await this.engine.request("settings", this.game.engineSettings());
      this.app.daily = record.daily;
      this.clock.reset(record.elapsed, record.started);
      this.stats.begin(table.state, { daily: record.daily, fresh: false });
      this.game.show(table, { fresh: true });
      return true;
    } catch (error) {
      if (/** @type {any} */ (error)?.type === "Unavailable") throw error;
      console.warn(`saved game not restored: ${/** @type {any} */ (error)?.message ?? error}`);
      setAsideGame();
      return false;
    }
  }
}
