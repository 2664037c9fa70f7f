// @ts-check
// Which tab owns the shared game (tabs.js says why one tab at a time plays).
//
// - With the Web Locks API, the owner holds the lock GAME_LOCK for as long as
//   it lives: a tab that closes or crashes lets go of it with its last breath.
//   The tab the player looks at waits in line for the lock.
// - Without Web Locks (old browsers; plain http on a local network, which is not
//   a secure context) the owner writes its id in the owner record every few
//   seconds (owner-record.js); a record left unrenewed for a while belongs to a
//   tab that is gone. The storage event tells the owner at once of a change.
// - "Play here" asks the owner to hand the game over, in the owner record
//   (yieldTo) and on the tabs' channel where there is one: the owner lets its
//   moves under way be answered and saved, writes its last save and lets go (of
//   the lock; without one, the record then names the new tab). An owner that
//   does not answer in time (a frozen background tab) loses the game all the same.
// - When nothing can be stored at all, nothing is shared: every tab plays alone.
//
// The saved game is written only while the owner record names this tab
// (mayWrite). Statistics are read, counted and written back under a second lock
// (exclusive), so two tabs never lose each other's results.

import { canStore, KEYS, onChangeElsewhere } from "./storage.js";
import { askToYield, BEAT_MS, claimWhenGone, clearOwner, handedOver, ownerAlive, readOwner, writeOwner } from "./owner-record.js";
import { exclusive, holdLock } from "./locks.js";
import { newTabId, openChannel, tellTabs } from "./tab-channel.js";

const GAME_LOCK = "cloverleaf.game";
const CLAIM_WAIT_MS = 1000; // how long a starting tab waits for the lock (the page it reloads lets go)
const YIELD_WAIT_MS = 1500; // how long "Play here" waits for the owner to hand the game over

/** @typedef {"locks" | "record" | "alone"} Mode */

/**
 * Which tab owns the game: the mechanism (Web Locks, else the owner record).
 * It never throws: whatever fails, the tab plays (alone when nothing else works).
 */
export class Ownership {
  /**
   * @param {{locks?: LockManager | null, channel?: BroadcastChannel | null, storable?: boolean}} [options]
   *   what the browser offers (null: it has none)
   */
  constructor({
    locks = navigator.locks ?? null,
    channel = openChannel(),
    storable = canStore(),
  } = {}) {
    this.id = newTabId();
    /** @type {Mode} */
    this.mode = !storable ? "alone" : locks ? "locks" : "record";
    this.locks = locks;
    this.channel = channel;
    this.owns = false;
    this.claiming = false; // a claim is under way (start-up): whether this tab plays is not known yet
    this.yielding = false; // handing the game over: the moves under way are answered and saved first, no new one starts
    /** Resolves once no move of this tab waits for the engine's answer (main.js). @type {() => Promise<void>} */
    this.settled = async () => {};
    this.fenced = true; // the owner record could be written: writes check it
    /** @type {(() => void) | null} */
    this.release = null; // lets go of the held lock
    /** @type {{controller: AbortController, promise: Promise<boolean>} | null} */
    this.waiting = null; // this tab's place in line for the game (wait)
    this.beat = 0;
    /** @type {Set<() => void>} */
    this.lostListeners = new Set();
    /** @type {Set<() => void>} */
    this.freeListeners = new Set();
    /** @type {Set<() => void>} */
    this.yieldListeners = new Set();
    if (this.channel) this.channel.onmessage = (event) => this.hear(event.data);
    onChangeElsewhere((key) => {
      if (key === KEYS.owner || key === null) this.recordChanged();
    });
    window.addEventListener("pagehide", () => this.goodbye());
    window.addEventListener("pageshow", (event) => {
      if (event.persisted && this.owns && this.mode === "record") this.claimAgain(); // back from the back-forward cache
    });
  }

  /** Be told when the game is taken from this tab. @param {() => void} listener */
  onLost(listener) {
    this.lostListeners.add(listener);
  }

  /** Be told when the owner may have gone (a tab here may take the game). @param {() => void} listener */
  onFree(listener) {
    this.freeListeners.add(listener);
  }

  /** Be told just before this tab hands the game over (to write its last save). @param {() => void} listener */
  beforeYield(listener) {
    this.yieldListeners.add(listener);
  }

  /**
   * Whether this tab may write the shared game: it owns it, and the owner record
   * (when it could be written) still names it.
   */
  mayWrite() {
    if (this.mode === "alone") return true;
    if (!this.owns) return false;
    if (!this.fenced) return true;
    const holder = readOwner();
    if (holder === null || holder.id === this.id) return true; // null: cleared by the player, or unreadable
    this.lose();
    return false;
  }

  /**
   * Take the game if no other tab has it; true when this tab owns it.
   * @returns {Promise<boolean>}
   */
  async claim() {
    this.claiming = true;
    try {
      return await this.claimNow();
    } finally {
      this.claiming = false;
    }
  }

  /** claim()'s work, while it is marked as under way. @returns {Promise<boolean>} */
  async claimNow() {
    if (this.owns) return true;
    if (this.mode === "alone") return (this.owns = true);
    if (this.mode === "locks") {
      // A short wait, not "if available": a reloaded page may start before the
      // page it replaces has let go of the lock.
      const got = await this.lock({}, CLAIM_WAIT_MS);
      if (got !== null) return got;
      this.mode = "record"; // the lock manager refused (a sandboxed page): fall back
    }
    const holder = readOwner();
    if (holder && holder.id !== this.id && ownerAlive(holder, Date.now())) return false;
    this.gained();
    return true;
  }

  /**
   * Take the game from the tab that has it ("Play here").
   * @returns {Promise<void>}
   */
  async take() {
    this.cancelWait();
    if (this.owns) return;
    // With Web Locks the lock says whether the owner lives (its record is not
    // renewed); without, a record left unrenewed belongs to a tab that is gone.
    const found = readOwner();
    const holder = found && found.id !== this.id && (this.mode === "locks" || ownerAlive(found, Date.now())) ? found : null;
    const asked = holder !== null && askToYield(holder, this.id);
    tellTabs(this.channel, "yield", this.id);
    if (this.mode === "locks") {
      if ((asked || this.channel) && (await this.lock({}, YIELD_WAIT_MS))) return;
      if (await this.lock({ steal: true })) return;
      this.mode = "record";
    } else if (holder) {
      await handedOver(holder.id, this.id, YIELD_WAIT_MS);
    }
    this.gained();
  }

  /**
   * Wait in line for the game (while the player looks at this tab): resolves
   * true when the game is this tab's, false when the wait is called off.
   * @returns {Promise<boolean>}
   */
  wait() {
    if (this.owns) return Promise.resolve(true);
    if (this.waiting) return this.waiting.promise;
    const controller = new AbortController();
    const { signal } = controller;
    /** @type {Promise<boolean>} */
    let promise;
    if (this.mode === "locks") promise = this.lock({ signal }).then((got) => got === true);
    else promise = claimWhenGone(signal, () => this.claim());
    const waiting = { controller, promise };
    this.waiting = waiting;
    promise.finally(() => {
      if (this.waiting === waiting) this.waiting = null;
    });
    return promise;
  }

  /** Stop waiting in line (the tab is no longer looked at, or takes the game at once). */
  cancelWait() {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.controller.abort();
  }

  /**
   * Ask for the game lock. Resolves true once it is held (until this tab yields,
   * loses it or goes), false when it was not granted (busy, or the wait ran out:
   * after `within` ms when given), null when the lock manager refused the request.
   * @param {LockOptions} options @param {number} [within]
   * @returns {Promise<boolean | null>}
   */
  lock(options, within) {
    return holdLock(/** @type {LockManager} */ (this.locks), GAME_LOCK, { ...options, within }, {
      granted: (release) => {
        this.release?.(); // a lock held before (never two at once)
        this.release = release;
        this.gained();
      },
      taken: () => this.lose(),
    });
  }

  /** This tab owns the game now: say so in the owner record. */
  gained() {
    this.owns = true;
    this.fenced = writeOwner(this.id);
    if (this.mode === "record" && !this.beat) this.beat = window.setInterval(() => this.renew(), BEAT_MS);
  }

  /** Without Web Locks: say again that this tab has the game, unless another took it or asks for it. */
  renew() {
    const holder = readOwner();
    if (holder && holder.id !== this.id) this.lose();
    else if (holder?.yieldTo) this.handOver(holder.yieldTo);
    else if (!this.yielding) writeOwner(this.id);
  }

  /** Back from the back-forward cache: the game is still this tab's unless another took it meanwhile. */
  claimAgain() {
    const holder = readOwner();
    if (holder && holder.id !== this.id) this.lose();
    else this.gained();
  }

  /** Another tab changed the owner record: took the game, asked for it ("Play here"), or let it go. */
  recordChanged() {
    const holder = readOwner();
    if (this.owns && holder?.id === this.id && holder.yieldTo) this.handOver(holder.yieldTo);
    else if (this.owns && this.fenced && holder && holder.id !== this.id) this.lose();
    else if (!this.owns && holder === null) for (const listener of this.freeListeners) listener();
  }

  /** The game was taken from this tab (it is told once). */
  lose() {
    if (!this.owns || this.mode === "alone") return;
    this.owns = false;
    clearInterval(this.beat);
    this.beat = 0;
    const release = this.release;
    this.release = null;
    release?.();
    for (const listener of this.lostListeners) listener();
  }

  /** @param {import("./tab-channel.js").TabMessage} message */
  hear(message) {
    if (message?.from === this.id) return;
    if (message?.type === "yield" && this.owns) {
      this.handOver(message.from);
    } else if (message?.type === "released" && !this.owns) {
      for (const listener of this.freeListeners) listener();
    }
  }

  /**
   * "Play here" in tab `to`: a move under way here (asked at the very instant of
   * the request) is answered and saved first, within half of YIELD_WAIT_MS, and
   * no new one starts; then the last save is written and the game let go (without
   * Web Locks, the owner record then names tab `to`).
   * @param {string} to
   */
  async handOver(to) {
    if (this.yielding) return;
    this.yielding = true;
    try {
      await Promise.race([this.settled(), new Promise((resolve) => setTimeout(resolve, YIELD_WAIT_MS / 2))]);
    } finally {
      this.yielding = false;
    }
    if (!this.owns) return;
    for (const listener of this.yieldListeners) listener();
    this.lose();
    if (this.mode === "record") writeOwner(to);
  }

  /** The page is going away (closed, reloaded, or into the back-forward cache). */
  goodbye() {
    if (!this.owns || this.mode === "alone") return;
    if (this.mode === "record" && readOwner()?.id === this.id) clearOwner();
    tellTabs(this.channel, "released", this.id);
  }

  /**
   * Run `task` while no other tab runs a task of the same `name` (statistics are
   * read, changed and written back whole).
   * @template T
   * @param {string} name
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  exclusive(name, task) {
    return exclusive(this.mode === "locks" ? this.locks : null, name, task);
  }
}
