// @ts-check
// Why a request to the engine was not answered with a result: the engine's
// refusal (protocol.js ErrorKind, with an IllegalMove's reason) or the page's own
// (Cancelled, Unavailable, Restarted).

/** @typedef {import("./protocol.js").ErrorKind} ErrorKind */
/** @typedef {import("./protocol.js").IllegalReason} IllegalReason */

export class EngineError extends Error {
  /**
   * @param {ErrorKind} type
   * @param {string} message  the engine's words, for the console (the page says its own)
   * @param {IllegalReason} [reason]  for an IllegalMove: which kind of refusal
   */
  constructor(type, message, reason) {
    super(message);
    this.type = type;
    this.reason = reason;
  }
}

/**
 * What a failure says, for the console: its message, else itself in words
 * (anything can be thrown or rejected: an Error, a DOMException, a string).
 * @param {unknown} error
 */
export function errorText(error) {
  if (typeof error === "object" && error !== null && "message" in error) return String(error.message);
  return String(error);
}

/**
 * The engine's kind of failure (EngineError's type), or null for any other failure.
 * @param {unknown} error
 * @returns {ErrorKind | null}
 */
export function errorType(error) {
  return error instanceof EngineError ? error.type : null;
}

/**
 * A browser failure's name ("AbortError", "QuotaExceededError", "SecurityError"), or null.
 * @param {unknown} error
 */
export function errorName(error) {
  return typeof error === "object" && error !== null && "name" in error ? String(error.name) : null;
}
