// @ts-check
// Calls into Python (cloverleaf.api.call) and their answers to the page.
//
// One synchronous call: {ok} or {error}; it never throws. api.call never raises,
// so a call that throws means the runtime itself failed (a fatal error in the
// interpreter, out of memory): it is not called again, and the page is told
// ({event: "fatal"}) and starts a new worker from the game it saved, where the
// requests it still waits for are asked again (so none is answered here).

import { log, post } from "./to-page.js";
import { errorText } from "./engine-error.js";

/** @typedef {import("./protocol.js").ErrorReply} ErrorReply */
/** @typedef {{ok: any} | {error: ErrorReply} | {fatal: string}} Answer */

/** The Python function cloverleaf.api.call, once loaded. @type {((method: string, params: string) => string) | null} */
let api = null;
// Set when the runtime failed under a call: it is never called again.
/** @type {string | null} */
let fatal = null;

/** Python is up: calls go to `call` (cloverleaf.api.call) from now on. @param {(method: string, params: string) => string} call */
export function usePython(call) {
  api = call;
}

/**
 * One call into Python.
 * @param {string} method @param {object} [params]
 * @returns {Answer}
 */
export function callPython(method, params) {
  if (fatal) return { fatal };
  try {
    return JSON.parse(/** @type {NonNullable<typeof api>} */ (api)(method, JSON.stringify(params ?? {})));
  } catch (error) {
    fatal = errorText(error);
    log("error", `engine call ${method} failed: ${fatal}`);
    post({ event: "fatal", message: fatal });
    return { fatal };
  }
}

/** Answer request `id` with `answer` (none after a fatal error: the page asks again, of a new worker). @param {number} id @param {Answer} answer */
export function reply(id, answer) {
  if ("fatal" in answer) return;
  if ("ok" in answer) post({ id, result: answer.ok });
  else post({ id, error: answer.error });
}
