// @ts-check
// Today's date where the player is: the deal of the day changes at the player's
// midnight, not at the engine's (which has no time zone of its own).

/**
 * The date of `now` in the browser's time zone, "YYYY-MM-DD".
 * @param {Date} [now]
 */
export function localDate(now = new Date()) {
  const pad = (/** @type {number} */ n) => String(n).padStart(2, "0");
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}
