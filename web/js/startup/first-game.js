// @ts-check
// What the page opens with, chosen before the engine starts: a pure function of
// what start-up read (the address, the saved game, the player's settings) and
// what the build holds (the deal banks and the settings they were made with), so
// it is tested alone (tests/js/first-game.test.mjs). startup.js acts on it.

/** @typedef {import("../platform/address.js").Address} Address */
/** @typedef {import("../platform/storage.js").GameRecord} GameRecord */

/**
 * What the page opens with, decided before the engine starts.
 * @typedef {object} FirstGame
 * @property {Address | null} address
 * @property {GameRecord | null} record  the saved game
 * @property {string | null} bank  the game whose deal bank to draw from (no address, no saved game)
 */

/**
 * Whether the player's engine settings are the ones the bank's tables were made with.
 * @param {Readonly<Record<string, boolean>>} made
 * @param {Readonly<Record<string, boolean>>} wanted
 */
export function sameSettings(made, wanted) {
  return Object.entries(wanted).every(([key, value]) => made[key] === value);
}

/**
 * The first game: the address, else the saved game, else a deal from the default
 * game's bank. The bank's tables hold the opening as the engine plays it with the
 * settings they were made with (auto move on plays some cards at once): drawn
 * only for a player with those settings, and only when the build has a bank.
 * @param {object} read
 * @param {Address | null} read.address
 * @param {GameRecord | null} read.record
 * @param {Readonly<Record<string, boolean>>} read.settings  the player's engine settings
 * @param {object} built
 * @param {string} built.defaultGame
 * @param {Readonly<Record<string, string>>} built.banks  each game's deal bank
 * @param {Readonly<Record<string, boolean>>} built.bankSettings  the engine settings the banks were made with
 * @returns {FirstGame}
 */
export function chooseFirstGame({ address, record, settings }, { defaultGame, banks, bankSettings }) {
  const banked = !address && !record && sameSettings(bankSettings, settings) && Boolean(banks[defaultGame]);
  return { address, record, bank: banked ? defaultGame : null };
}

/**
 * Whether the first game is the saved one: no address, a bad one, the address
 * of the saved game, or a link over a saved game that may be in progress (kept,
 * and the link asked about once the table is up).
 * @param {FirstGame} first
 */
export function restoresSave({ address, record }) {
  if (!record) return false;
  if (!address || "bad" in address) return true;
  const same = record.game === address.game && record.deal === address.deal;
  return same || (record.started && !record.drawn?.won);
}
