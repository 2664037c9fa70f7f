// @ts-check
// The Web Locks the tabs take (ownership.js): a lock held for as long as a tab
// owns the game, and short tasks that no two tabs run at once.

import { errorName } from "../engine/engine-error.js";

/**
 * Ask for lock `name` and hold it until `release` is called. Resolves true once
 * it is held, false when it was not granted (busy, or the wait ran out: options
 * ifAvailable, signal or `within`, in ms), null when the lock manager refused the
 * request (a sandboxed page). `granted(release)` is called when it is held,
 * `taken()` when another tab takes it ("steal").
 * @param {LockManager} locks @param {string} name @param {LockOptions & {within?: number}} asked
 * @param {{granted: (release: () => void) => void, taken: () => void}} hooks
 * @returns {Promise<boolean | null>}
 */
export async function holdLock(locks, name, { within, ...options }, hooks) {
  if (!within) return holdLockNow(locks, name, options, hooks);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), within);
  const got = await holdLockNow(locks, name, { ...options, signal: controller.signal }, hooks);
  clearTimeout(timer);
  return got;
}

/**
 * holdLock's request, made at once.
 * @param {LockManager} locks @param {string} name @param {LockOptions} options
 * @param {{granted: (release: () => void) => void, taken: () => void}} hooks
 * @returns {Promise<boolean | null>}
 */
function holdLockNow(locks, name, options, { granted, taken }) {
  return new Promise((resolve) => {
    let held = false;
    /** @type {Promise<unknown>} */
    let request;
    try {
      request = locks.request(name, options, (lock) => {
        if (!lock) return resolve(false);
        held = true;
        return new Promise((release) => {
          granted(() => release(undefined));
          resolve(true);
        });
      });
    } catch {
      resolve(null);
      return;
    }
    request.catch((error) => {
      if (held) taken();
      else resolve(errorName(error) === "AbortError" ? false : null);
    });
  });
}

/**
 * Run `task` while no other tab runs a task of the same `name` (statistics are
 * read, changed and written back whole); at once where locks cannot be had.
 * @template T
 * @param {LockManager | null} locks  null: no Web Locks here
 * @param {string} name
 * @param {() => Promise<T>} task
 * @returns {Promise<T>}
 */
export async function exclusive(locks, name, task) {
  if (!locks) return task();
  try {
    return await locks.request(`cloverleaf.${name}`, task);
  } catch (error) {
    if (errorName(error) === "SecurityError") return task();
    throw error;
  }
}
