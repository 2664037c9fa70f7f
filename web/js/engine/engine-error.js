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
