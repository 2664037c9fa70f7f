// @ts-check
// Several tabs of the app share one saved game and one statistics record, so one
// tab at a time plays: the tab that owns the game. The others show the table
// as it was, say the game is open in another tab, and offer "Play here", which
// moves the game to them. So no game is counted twice or counted lost while it
// is still open, and no tab overwrites another's newer save.
//
// Who owns the game:
// - With the Web Locks API, the owner holds the lock GAME_LOCK for as long as
//   it lives: a tab that closes or crashes lets go of it with its last breath.
//   "Play here" asks the owner (BroadcastChannel) to hand the game over: it
//   writes its last save and lets go; an owner that does not answer in time (a
//   frozen background tab) has the lock taken from it ("steal"). The tab the
//   player looks at waits in line for the lock, so it plays as soon as the
//   owner closes or crashes.
// - Without Web Locks (old browsers; plain http on a local network, which is not
//   a secure context) the owner writes its id in the owner record every few
//   seconds; a record left unrenewed for a while belongs to a tab that is gone.
//   The storage event tells the owner at once when another tab takes over.
// - When nothing can be stored at all, nothing is shared: every tab plays alone.
//
// Every tab that owns the game writes its id in the owner record (storage.js),
// and the saved game is written only while that record still names the tab:
// a tab that has not yet heard that the game was taken from it cannot write.
// Statistics are read, counted and written back under a second lock, so two tabs
// never lose each other's results.

import { readAddress } from "./address.js";
import { t } from "../words/i18n.js";
import { hidePanel, panelKind, showPanel } from "../panels/panel.js";
import { canStore, KEYS, loadGame, onChangeElsewhere, readText, writeText } from "./storage.js";

const GAME_LOCK = "cloverleaf.game";
const CHANNEL = "cloverleaf.tabs";
const CLAIM_WAIT_MS = 1000; // how long a starting tab waits for the lock (the page it reloads lets go)
const YIELD_WAIT_MS = 1500; // how long "Play here" waits for the owner to hand the game over
const BEAT_MS = 5000; // without Web Locks: how often the owner renews its record
const GONE_MS = 90_000; // without Web Locks: an owner silent this long is gone (background tabs beat once a minute)

/** @typedef {"locks" | "record" | "alone"} Mode */
/** @typedef {{type: "yield" | "released", from: string}} TabMessage */

/** A new tab's id: random, so two tabs opened at once never share one. */
function newId() {
  const [a, b] = crypto.getRandomValues(new Uint32Array(2));
  return `${a.toString(36)}${b.toString(36)}`;
}

/** The tabs' channel, or null where there is none (or it may not be opened here). */
function openChannel() {
  try {
    return typeof BroadcastChannel === "function" ? new BroadcastChannel(CHANNEL) : null;
  } catch {
    return null;
  }
}

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
    this.id = newId();
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
    const holder = this.holder();
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
      const controller = new AbortController();
      const timer = window.setTimeout(() => controller.abort(), CLAIM_WAIT_MS);
      const got = await this.lock({ signal: controller.signal });
      clearTimeout(timer);
      if (got !== null) return got;
      this.mode = "record"; // the lock manager refused (a sandboxed page): fall back
    }
    const holder = this.holder();
    if (holder && holder.id !== this.id && Date.now() - holder.at < GONE_MS && holder.at - Date.now() < GONE_MS) return false;
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
    if (this.mode === "locks") {
      if (this.channel) {
        this.post("yield");
        const controller = new AbortController();
        const timer = window.setTimeout(() => controller.abort(), YIELD_WAIT_MS);
        const got = await this.lock({ signal: controller.signal });
        clearTimeout(timer);
        if (got) return;
      }
      if (await this.lock({ steal: true })) return;
      this.mode = "record";
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
    else {
      // Without Web Locks nothing says when the owner goes: look again now and then.
      promise = new Promise((resolve) => {
        let timer = 0;
        signal.addEventListener("abort", () => {
          clearTimeout(timer);
          resolve(false);
        });
        const look = async () => {
          if (signal.aborted) return;
          if (await this.claim()) resolve(true);
          else timer = window.setTimeout(look, BEAT_MS);
        };
        look();
      });
    }
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
   * loses it or goes), false when it was not granted (busy, or the wait ran out),
   * null when the lock manager refused the request.
   * @param {LockOptions} options
   * @returns {Promise<boolean | null>}
   */
  lock(options) {
    const locks = /** @type {LockManager} */ (this.locks);
    return new Promise((resolve) => {
      let granted = false;
      let held;
      try {
        held = locks.request(GAME_LOCK, options, (lock) => {
          if (!lock) return resolve(false);
          granted = true;
          this.release?.(); // a lock held before (never two at once)
          return new Promise((release) => {
            this.release = () => release(undefined);
            this.gained();
            resolve(true);
          });
        });
      } catch {
        resolve(null);
        return;
      }
      held.catch((/** @type {any} */ error) => {
        if (granted) this.lose(); // taken from this tab ("steal")
        else resolve(error?.name === "AbortError" ? false : null);
      });
    });
  }

  /** This tab owns the game now: say so in the owner record. */
  gained() {
    this.owns = true;
    this.fenced = this.writeRecord();
    if (this.mode === "record" && !this.beat) this.beat = window.setInterval(() => this.renew(), BEAT_MS);
  }

  /** Without Web Locks: say again that this tab has the game, unless another took it. */
  renew() {
    const holder = this.holder();
    if (holder && holder.id !== this.id) this.lose();
    else this.writeRecord();
  }

  /** Write the owner record; false when it could not be written. */
  writeRecord() {
    return writeText(KEYS.owner, JSON.stringify({ id: this.id, at: Date.now() }));
  }

  /** Back from the back-forward cache: the game is still this tab's unless another took it meanwhile. */
  claimAgain() {
    const holder = this.holder();
    if (holder && holder.id !== this.id) this.lose();
    else this.gained();
  }

  /** The owner record: which tab owns the game and when it last said so; null when none. */
  holder() {
    const text = readText(KEYS.owner);
    if (text === null) return null;
    try {
      const value = JSON.parse(text);
      if (typeof value?.id === "string" && Number.isFinite(value?.at)) return { id: String(value.id), at: Number(value.at) };
    } catch {
      // another version's record, or damaged: as good as none
    }
    return null;
  }

  /** Another tab changed the owner record. */
  recordChanged() {
    const holder = this.holder();
    if (this.owns && this.fenced && holder && holder.id !== this.id) this.lose();
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

  /** @param {TabMessage} message */
  hear(message) {
    if (message?.from === this.id) return;
    if (message?.type === "yield" && this.owns) {
      this.handOver();
    } else if (message?.type === "released" && !this.owns) {
      for (const listener of this.freeListeners) listener();
    }
  }

  /**
   * "Play here" in another tab: a move under way here (asked at the very instant
   * of the request) is answered and saved first, within YIELD_WAIT_MS; then the
   * last save is written and the game let go.
   */
  async handOver() {
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
  }

  /** @param {TabMessage["type"]} type */
  post(type) {
    try {
      this.channel?.postMessage({ type, from: this.id });
    } catch {
      // the channel is closed (the page is going away)
    }
  }

  /** The page is going away (closed, reloaded, or into the back-forward cache). */
  goodbye() {
    if (!this.owns || this.mode === "alone") return;
    if (this.mode === "record" && this.holder()?.id === this.id) writeText(KEYS.owner, null);
    this.post("released");
  }

  /**
   * Run `task` while no other tab runs a task of the same `name` (statistics are
   * read, changed and written back whole).
   * @template T
   * @param {string} name
   * @param {() => Promise<T>} task
   * @returns {Promise<T>}
   */
  async exclusive(name, task) {
    if (this.mode !== "locks" || !this.locks) return task();
    try {
      return await this.locks.request(`cloverleaf.${name}`, task);
    } catch (error) {
      if (/** @type {any} */ (error)?.name === "SecurityError") return task();
      throw error;
    }
  }
}

/**
 * What the tab does about it: the notice that another tab has the game, "Play
 * here", and bringing the game here (its latest save, its statistics).
 */
export class Tabs {
  /**
   * @param {Ownership} ownership
   * @param {object} hooks
   * @param {import("../play/state.js").AppState} hooks.app
   * @param {import("../play/clock.js").Clock} hooks.clock
   * @param {import("../play/deals.js").Deals} hooks.deals
   * @param {(record: import("./storage.js").GameRecord) => Promise<boolean>} hooks.restore  start-up's restore
   * @param {() => void} hooks.save  write the game on the table now
   */
  constructor(ownership, { app, clock, deals, restore, save }) {
    this.ownership = ownership;
    this.app = app;
    this.clock = clock;
    this.deals = deals;
    this.restore = restore;
    this.save = save;
    this.address = readAddress(); // the deal this tab was opened on, if any
    this.started = false;
    this.moving = false;
    ownership.beforeYield(() => save());
    ownership.onLost(() => this.lost());
    ownership.onFree(() => this.mayTake());
    document.addEventListener("visibilitychange", () => this.mayTake());
    window.addEventListener("focus", () => this.mayTake());
    window.addEventListener("blur", () => this.ownership.cancelWait());
    // Trying to play in a tab without the game brings the notice back.
    for (const selector of ["#table", ".bar__buttons"]) {
      document.querySelector(selector)?.addEventListener("pointerdown", (event) => this.blocked(event), true);
    }
  }

  /** Claim the game before start-up (never rejects). */
  claim() {
    return this.ownership.claim().catch(() => true);
  }

  /** Start-up has dealt the first table: without the game, say so. */
  ready() {
    this.started = true;
    if (this.ownership.owns) this.address = null; // opened here already
    this.mark();
    if (!this.ownership.owns) {
      this.standBy("tabs.open");
      this.mayTake();
    }
  }

  mark() {
    document.body.dataset.tab = this.ownership.owns ? "owner" : "elsewhere";
  }

  /** The game was taken from this tab. */
  lost() {
    this.deals.search?.cancel(); // a new deal being found here would be left unplayed
    this.mark();
    if (this.started) this.standBy("tabs.moved");
  }

  /**
   * Hold the clock and show why nothing here plays.
   * @param {string} text  its key
   */
  standBy(text) {
    this.clock.reset(this.clock.value(), false);
    showPanel("tab", t("tabs.title"), t(text), [
      { label: t("tabs.playHere"), name: "play-here", primary: true, action: () => this.playHere() },
    ]);
  }

  /** @param {Event} event */
  blocked(event) {
    if (!this.started || this.ownership.owns || this.moving) return;
    const target = /** @type {Element | null} */ (event.target);
    if (target?.closest('[data-action="settings"], [data-action="info"]')) return;
    if (panelKind() !== "tab") this.standBy("tabs.open");
  }

  /**
   * While the player looks at a tab without the game, it waits in line and takes
   * the game when its owner goes (closed, crashed); looking away leaves the line,
   * so a tab in the background never takes the game from one being reloaded.
   */
  async mayTake() {
    if (!this.started || this.ownership.owns) return;
    if (document.visibilityState !== "visible" || !document.hasFocus()) {
      this.ownership.cancelWait();
      return;
    }
    if ((await this.ownership.wait()) && !this.moving) {
      this.moving = true;
      try {
        await this.bringHere();
      } finally {
        this.moving = false;
      }
    }
  }

  /** "Play here": take the game from the tab that has it. */
  async playHere() {
    if (this.moving) return;
    this.moving = true;
    try {
      await this.ownership.take();
      await this.bringHere();
    } finally {
      this.moving = false;
    }
  }

  /** The game is this tab's now: its latest save (what its statistics count is in it), then this tab's own link. */
  async bringHere() {
    this.mark();
    hidePanel("tab");
    const record = loadGame();
    if (!(record && (await this.restore(record)))) {
      this.clock.reset(this.clock.value(), (this.app.table?.moves ?? 0) > 0);
      this.save();
    }
    const address = this.address;
    this.address = null;
    // This tab was opened on a link to another deal: open it, asking first over a game in progress.
    if (address && "game" in address) await this.deals.follow(address);
  }
}
