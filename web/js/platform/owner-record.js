// @ts-check
// The owner record: which tab plays the shared game now, and when it last said
// so (storage.js KEYS.owner). Every tab that owns the game writes its id in it,
// and the saved game is written only while it still names that tab (ownership.js).
// Without Web Locks it is also how tabs find the owner: the owner renews it every
// BEAT_MS, and a record left unrenewed for GONE_MS belongs to a tab that is gone.
// "Play here" asks the owner through it to hand the game over (yieldTo): the
// storage event tells the owner at once, with or without Web Locks or a channel.

import { KEYS, readText, writeText } from "./storage.js";

/** Without Web Locks: how often the owner renews its record. */
export const BEAT_MS = 5000;
/** Without Web Locks: an owner silent this long is gone (background tabs beat once a minute). */
export const GONE_MS = 90_000;

/**
 * A tab's id, when it last said it owns the game (Date.now), and the tab that asked
 * it to hand the game over, if one did.
 * @typedef {{id: string, at: number, yieldTo?: string}} Owner
 */

/**
 * The record's text read: null when there is none, or it is another version's or damaged (as good as none).
 * @param {string | null} text
 * @returns {Owner | null}
 */
export function parseOwner(text) {
  if (text === null) return null;
  try {
    const value = JSON.parse(text);
    if (typeof value?.id === "string" && Number.isFinite(value?.at)) {
      const owner = { id: String(value.id), at: Number(value.at) };
      return typeof value.yieldTo === "string" ? { ...owner, yieldTo: value.yieldTo } : owner;
    }
  } catch {
    // another version's record, or damaged: as good as none
  }
  return null;
}

/**
 * Whether `owner` still says it owns the game at `now`: it said so within GONE_MS
 * (a record from further in the future is as stale: another clock).
 * @param {Owner} owner @param {number} now
 */
export function ownerAlive(owner, now) {
  return now - owner.at < GONE_MS && owner.at - now < GONE_MS;
}

/** The owner record as stored; null when there is none. */
export function readOwner() {
  return parseOwner(readText(KEYS.owner));
}

/** Say that tab `id` owns the game now; false when it could not be written. @param {string} id */
export function writeOwner(id) {
  return writeText(KEYS.owner, JSON.stringify({ id, at: Date.now() }));
}

/**
 * Ask `owner` to hand the game over to tab `id` ("Play here"): the record keeps
 * naming the owner, which writes its last save, then names tab `id` (ownership.js).
 * @param {Owner} owner @param {string} id
 */
export function askToYield(owner, id) {
  return writeText(KEYS.owner, JSON.stringify({ id: owner.id, at: owner.at, yieldTo: id }));
}

/**
 * Without Web Locks, after askToYield: until the record no longer names tab `from`
 * (it handed the game over, or went), at most `ms`, looking every 25 ms. Tab `id`
 * asks again should the owner's renewal have written over its request.
 * @param {string} from @param {string} id @param {number} ms
 */
export async function handedOver(from, id, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const holder = readOwner();
    if (holder?.id !== from) return;
    if (holder.yieldTo !== id) askToYield(holder, id);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** No tab owns the game (its owner goes). */
export function clearOwner() {
  writeText(KEYS.owner, null);
}

/**
 * Without Web Locks nothing says when the owner goes: `claim` is tried now and
 * every BEAT_MS after. Resolves true once it succeeds, false when `signal` aborts.
 * @param {AbortSignal} signal @param {() => Promise<boolean>} claim
 * @returns {Promise<boolean>}
 */
export function claimWhenGone(signal, claim) {
  return new Promise((resolve) => {
    let timer = 0;
    signal.addEventListener("abort", () => {
      clearTimeout(timer);
      resolve(false);
    });
    const look = async () => {
      if (signal.aborted) return;
      if (await claim()) resolve(true);
      else timer = window.setTimeout(look, BEAT_MS);
    };
    look();
  });
}
