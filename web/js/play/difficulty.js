// @ts-check
// How hard the deal on the table is: easy, medium or hard, as the solver's
// own work rates a winnable deal (solver/difficulty.py). The engine remembers
// every deal it has rated this visit (a solvable-deal or daily walk rates the
// deal it finds) and says so in the state (`level`, `rated`); a deal not rated
// yet (an address, a restored game, a bank deal) is rated here in the
// background by the engine's "difficulty" job, a slice at a time between the
// player's moves. The level is shown beside the deal number; a deal not proved
// winnable shows none.

import { t } from "../words/i18n.js";

/** @typedef {import("../engine/protocol.js").Level} Level */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */

export class Difficulty {
  /**
   * @param {EngineClient} engine
   * @param {Game} game
   */
  constructor(engine, game) {
    this.engine = engine;
    /** @type {string | null} the deal on the table, "game/deal" */
    this.key = null;
    /** @type {Level | null} its level, as last known */
    this.level = null;
    /** @type {{promise: Promise<any>, cancel: () => void} | null} the rating running */
    this.job = null;
    this.afterEarlyMoves = (/** @type {() => void} */ then) => game.afterEarlyMoves(then);
    game.onShow(({ state }) => this.shown(state));
  }

  /** @param {State} state */
  shown(state) {
    const key = state.deal ? `${state.game}/${state.deal}` : null;
    if (key !== this.key) {
      this.key = key;
      this.job?.cancel();
      this.job = null;
      this.show(null);
    }
    if (state.rated) this.show(state.level);
    else if (key && state.deal && !this.job) {
      // Started once the moves made while the engine started are answered: the
      // engine would otherwise answer them only after the rating's first slice.
      const deal = state.deal;
      this.afterEarlyMoves(() => {
        if (this.key === key && !this.job) this.rate(state.game, deal, key);
      });
    }
  }

  /**
   * Rate the deal on the table in the background (the engine remembers the result).
   * @param {string} game
   * @param {string} deal
   * @param {string} key
   */
  rate(game, deal, key) {
    const job = this.engine.job({ kind: "difficulty", game, deal }, { background: true });
    this.job = job;
    job.promise.then(
      (/** @type {import("../engine/protocol.js").DealResult} */ result) => {
        if (this.key === key) this.show(result.difficulty ?? null);
      },
      (/** @type {any} */ error) => {
        if (this.job === job) this.job = null;
        if (error?.type !== "Cancelled") console.warn(`difficulty: ${error?.message ?? error}`);
      },
    );
  }

  /**
   * The level beside the deal number (hidden when none is known).
   * @param {Level | null} level
   */
  show(level) {
    this.level = level;
    const label = document.getElementById("deal-level");
    if (!label) return;
    label.hidden = !level;
    label.textContent = level ? t(`level.${level}`) : "";
    if (level) label.dataset.level = level;
    else delete label.dataset.level;
    label.title = level ? t("level.title") : "";
  }

  /** The texts changed language: say the level again. */
  translate() {
    this.show(this.level);
  }
}
