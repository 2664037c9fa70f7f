// @ts-check
// How hard the deal on the table is (solver/difficulty.py): a deal rated this visit
// (a walk rates the deal it finds) is in the state (`level`, `rated`, `lostFromStart`);
// another is rated here in the background, a slice at a time between moves. Its mark
// goes beside the deal number; a deal lost from its start is said at once (deal-mark.js).

import { showDealMark, showLostDeal } from "../panels/deal-mark.js";

/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("./game.js").Game} Game */

export class Difficulty {
  /**
   * @param {EngineClient} engine
   * @param {Game} game
   * @param {() => unknown} winnable  a new deal proved winnable (the lost deal's way out)
   * @param {import("../panels/deal-mark.js").Light} light  lights the cards of why a deal is lost (table/marks.js)
   */
  constructor(engine, game, winnable, light) {
    this.engine = engine;
    this.game = game;
    this.winnable = winnable;
    this.light = light;
    /** @type {Map<string, import("../words/why.js").Why | null>} why each deal rated lost this visit is lost, by key */
    this.whys = new Map();
    this.key = /** @type {string | null} the deal on the table, "game/deal" */ (null);
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
      showDealMark(null);
      // Said after the other listeners, which close a lost sheet for a new table.
      if (key && state.lostFromStart) setTimeout(() => this.key === key && this.sayLost(key, this.whys.get(key) ?? null));
    }
    if (state.rated) showDealMark(state.level, state.lostFromStart);
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
        if (this.key !== key) return;
        if (result.verdict === "lost") this.sayLost(key, result.why ?? null);
        else showDealMark(result.difficulty ?? null);
      },
      (/** @type {any} */ error) => {
        if (this.job === job) this.job = null;
        if (error?.type !== "Cancelled") console.warn(`difficulty: ${error?.message ?? error}`);
      },
    );
  }

  /**
   * The deal on the table is lost from its start: its sheet says why, and lights
   * the reason's cards while the table is still the deal's start (where the reason was proved).
   * @param {string} key
   * @param {import("../words/why.js").Why | null} why
   */
  sayLost(key, why) {
    this.whys.set(key, why);
    showLostDeal(this.winnable, why, this.game.table?.moves === 0 ? this.light : null);
  }
}
