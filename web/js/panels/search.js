// @ts-check
// A search the player waits for (a hint, the solution, a solvable deal, the deal
// of the day): one at a time, its button busy and its words in the notice until
// it ends. Starting another cancels it, as does cancel(); a cancelled search
// rejects with the engine client's Cancelled error.

import { setBusy } from "./bar.js";
import { notice } from "./notice.js";

/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */

export class Search {
  /** @param {EngineClient} engine */
  constructor(engine) {
    this.engine = engine;
    /** @type {{job: {promise: Promise<unknown>, cancel: () => void}, button: string, words: string} | null} */
    this.current = null;
  }

  get running() {
    return this.current !== null;
  }

  /**
   * Run a job; resolves to its result.
   * @template {keyof import("../engine/protocol.js").Jobs} K
   * @param {{kind: K} & import("../engine/protocol.js").Jobs[K]["params"]} params  jobStart's parameters
   * @param {string} button  the bar's button shown busy meanwhile
   * @param {string} [words]  what the notice says meanwhile
   */
  async run(params, button, words = "") {
    this.cancel();
    const current = { job: this.engine.job(params), button, words };
    this.current = current;
    setBusy(button, true);
    if (words) notice(words, 0);
    try {
      return await current.job.promise;
    } finally {
      if (this.current === current) this.end();
    }
  }

  cancel() {
    this.current?.job.cancel();
    this.end();
  }

  end() {
    if (!this.current) return;
    setBusy(this.current.button, false);
    if (this.current.words) notice("");
    this.current = null;
  }
}
