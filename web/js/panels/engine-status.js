// @ts-check
// What the player is told of the engine itself: its start-up (the loading bar's
// stages, and the marks bench/startup.py reads), a worker restarted, and the
// failures that leave nothing to play: a start that failed or timed out, or an
// engine that stopped again and again. A failed start may come from a damaged
// stored file: the service worker checks them (platform/stored-files.js), and
// once it has fetched the damaged ones again the page loads again by itself;
// offline, the player reads so at once. Every failure ends with one message and a
// Reload: the game is saved after every move, so the reload loses nothing.

import { reloadPage } from "../platform/address.js";
import { checkStoredFiles, reloadAfterRepair } from "../platform/stored-files.js";
import { t } from "../words/i18n.js";
import { setStatus, showProgress } from "./loading.js";
import { notice } from "./notice.js";
import { showPanel } from "./panel.js";

/** @typedef {import("../engine/engine.js").EngineEvent} EngineEvent */

// Seconds to wait for the engine to start before saying it failed. Tests pass a
// short one in the query string (?timeout=5); digits only, anything else ignored.
const LOAD_TIMEOUT_S = (() => {
  const value = new URLSearchParams(location.search).get("timeout");
  return value && /^\d{1,4}$/.test(value) && Number(value) > 0 ? Number(value) : 90;
})();

export class EngineStatus {
  /**
   * @param {{engine: "starting" | "ready" | "failed"}} app  whether the engine answers (set "failed" here)
   * @param {{terminate: (why: string) => void}} engine
   * @param {() => void} settle  start-up gives up on the moves made while the engine started
   */
  constructor(app, engine, settle) {
    this.app = app;
    this.engine = engine;
    this.settle = settle;
    this.failing = false; // a failed start's stored files are being checked (failed)
    this.timer = 0;
  }

  /** From now, the engine has LOAD_TIMEOUT_S seconds to start. */
  startTimer() {
    const failure = `the game engine did not start within ${LOAD_TIMEOUT_S} seconds`;
    this.timer = window.setTimeout(() => this.fail(failure, t("error.timeout", { seconds: LOAD_TIMEOUT_S })), LOAD_TIMEOUT_S * 1000);
  }

  /**
   * The engine's events.
   * @param {EngineEvent} event
   */
  onEvent(event) {
    if (event.event === "progress") showProgress(event.stage, event.received);
    else if (event.event === "ready") {
      clearTimeout(this.timer);
      // How the engine started (from the stored snapshot or from scratch), for the
      // tests and bench/startup.py.
      document.body.dataset.engineStart = event.snapshot ? "snapshot" : "fresh";
      // Marks for bench/startup.py: Python runtime started, our package imported.
      for (const [stage, time] of Object.entries(event.times ?? {})) {
        performance.mark(`cloverleaf:${stage}`, { startTime: Math.max(0, Number(time) - performance.timeOrigin) });
      }
    } else if (event.event === "failed") this.failed(event);
    else if (event.event === "restarted") notice(t("notice.engineRestarted"), 7000);
    else if (event.event === "stopped") this.stopped(event.message);
    else if (event.event === "log") {
      if (event.level === "error") console.error(`[python] ${event.text}`);
      else console.info(`[python] ${event.text}`);
    }
  }

  /**
   * The engine could not start. The words say what failed: a stored file found
   * damaged, a file that could not be read ("broken": a compile, decode or import
   * error), or the connection.
   * @param {{message: string, reason?: string}} event
   */
  async failed({ message, reason }) {
    if (this.app.engine === "failed" || this.app.engine === "ready" || this.failing) return;
    this.failing = true; // the requests' failures that follow wait for these words
    let words = reason === "broken" ? t("error.broken") : t("error.start");
    if (reason === "damaged") words = t("error.damaged");
    else {
      const healed = await checkStoredFiles();
      if (healed?.unrepaired.length) words = t("error.damaged");
      else if (healed?.repaired && reloadAfterRepair()) return;
    }
    this.failing = false;
    this.fail(message, words);
  }

  /**
   * The engine stopped again and again after it had started (engine.js gave up restarting it).
   * @param {string} message
   */
  stopped(message) {
    if (this.app.engine === "failed") return;
    this.end(t("error.stoppedTitle"), t("error.stopped"));
    console.warn(`Clover Leaf's game engine stopped: ${message}`);
  }

  /**
   * Start-up failed: say so in the player's words (the details go to the console).
   * @param {string} message
   * @param {string} [text]
   */
  fail(message, text = t("error.start")) {
    if (this.app.engine === "failed" || this.failing) return;
    this.end(t("error.startTitle"), text);
    this.engine.terminate(message);
    console.warn(`Clover Leaf could not start: ${message}`);
  }

  /**
   * Nothing more will be answered: one message, and a reload.
   * @param {string} title
   * @param {string} text
   */
  end(title, text) {
    this.app.engine = "failed";
    clearTimeout(this.timer);
    setStatus("error");
    this.settle();
    showPanel("error", title, text, [{ label: t("button.reload"), name: "reload", primary: true, action: reloadPage }]);
  }
}
