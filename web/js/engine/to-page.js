// @ts-check
// What the engine's worker says to the page, outside the answers to its requests:
// its events ({event: ...}, protocol.js FromWorker) and when each start-up stage
// ended, on an absolute clock (the page turns them into performance marks
// "cloverleaf:<stage>" on its own timeline, bench/startup.py).

/** @typedef {import("./protocol.js").FromWorker} FromWorker */

/** Post `message` to the page. @param {FromWorker} message */
export function post(message) {
  self.postMessage(message);
}

const now = () => performance.timeOrigin + performance.now();

/** When each start-up stage ended, by its name: sent with {event: "ready"}. @type {Record<string, number>} */
export const times = { "worker-started": now() };

/** Start-up stage `stage` ended now. @param {string} stage */
export function mark(stage) {
  times[stage] = now();
}

/** The start reached `stage` (the page's loading bar). @param {import("./protocol.js").StartStage} stage */
export function progress(stage) {
  post({ event: "progress", stage });
}

/** A line for the page's console. @param {"info" | "warn" | "error"} level @param {string} text */
export function log(level, text) {
  post({ event: "log", level, text });
}
