// @ts-check
// How hard the deal on the table is: easy, medium or hard, as the solver's
// own work rates a winnable deal (solver/difficulty.py). A deal found by a
// solvable-deal walk comes with its level; for any other deal (an address, a
// restored game, a bank deal, the deal of the day) the engine's "difficulty"
// job rates it in the background, a slice at a time between the player's moves.
// The level is shown beside the deal number; a deal not proved winnable shows none.

import { t } from "../words/i18n.js";

/** @typedef {import("../engine/protocol.js").Level} Level */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */

/** The level of a deal, or null when it is not proved winnable within the deal budget. */
const LEVEL_UNKNOWN = null;

/**
 * @param {string} game
 * @param {string} deal
 */
const keyOf = (game, deal) => `${game}/${deal}`;

export class Difficulty {
  /**
   * @param {EngineClient} engine
   * @param {Game} game
   */
  constructor(engine, game) {
    this.engine = engine;
    /** @type {Map<string, Level | null>} levels known this visit, by "game/deal" */
    this.levels = new Map();
    /** @type {string | null} the deal on the table */
    this.key = null;
    /** @type {{promise: Promise<any>, cancel: () => void} | null} the rating running */
    this.job = null;
    this.afterEarlyMoves = (/** @type {() => void} */ then) => game.afterEarlyMoves(then);
    game.onShow(({ state }) => this.shown(state));
  }

  /**
   * A deal's level, known without a search (a solvable-deal or daily walk reported it).
   * @param {string} game
   * @param {string} deal
   * @param {Level | null | undefined} level
   */
  known(game, deal, level) {
    if (level) this.levels.set(keyOf(game, deal), level);
  }

  /** @param {State} state */
  shown(state) {
    const key = state.deal ? keyOf(state.game, state.deal) : null;
    if (key === this.key) return;
    this.key = key;
    this.job?.cancel();
    this.job = null;
    showLevel(key ? this.levels.get(key) ?? LEVEL_UNKNOWN : LEVEL_UNKNOWN);
    // Started once the moves made while the engine started are answered: the
    // engine would otherwise answer them only after the rating's first slice.
    if (key && state.deal && !this.levels.has(key)) {
      const deal = state.deal;
      this.afterEarlyMoves(() => {
        if (this.key === key && !this.job && !this.levels.has(key)) this.rate(state.game, deal, key);
      });
    }
  }

  /**
   * Rate the deal on the table in the background.
   * @param {string} game
   * @param {string} deal
   * @param {string} key
   */
  rate(game, deal, key) {
    const job = this.engine.job({ kind: "difficulty", game, deal }, { background: true });
    this.job = job;
    job.promise.then(
      (/** @type {import("../engine/protocol.js").DealResult} */ result) => {
        this.levels.set(key, result.difficulty ?? LEVEL_UNKNOWN);
        if (this.job === job) this.job = null;
        if (this.key === key) showLevel(result.difficulty ?? LEVEL_UNKNOWN);
      },
      (/** @type {any} */ error) => {
        if (this.job === job) this.job = null;
        if (error?.type !== "Cancelled") console.warn(`difficulty: ${error?.message ?? error}`);
      },
    );
  }

  /** The texts changed language: say the level again. */
  translate() {
    showLevel(this.key ? this.levels.get(this.key) ?? LEVEL_UNKNOWN : LEVEL_UNKNOWN);
  }
}

/**
 * The level beside the deal number (hidden when none is known).
 * @param {Level | null} level
 */
function showLevel(level) {
  const label = document.getElementById("deal-level");
  if (!label) return;
  label.hidden = !level;
  label.textContent = level ? t(`level.${level}`) : "";
  if (level) label.dataset.level = level;
  else delete label.dataset.level;
  label.title = level ? t("level.title") : "";
}
