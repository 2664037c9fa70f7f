// @ts-check
// Whether the engine's worker still runs and still answers, while an answer is
// awaited: it is asked every PING_MS ({ping}), which it answers between two slices
// of a search (slices last about 10 ms, protocol.md) with the requests it holds
// ({pong, held}: received and not yet answered). No word from it within
// SILENCE_MS, far past any slice or call on a slow phone, and it counts as gone;
// so does a worker whose pong holds not a request the page still waits for and
// sent before its ping: the worker answers in order, so that answer, were it
// coming, would have come before the pong (it was lost, or never made). engine.js
// replaces a worker gone.

export const PING_MS = 1000;
export const SILENCE_MS = 10_000;
/**
 * The silence after which a worker that is starting counts as gone: the start's
 * longest tasks (Python's own start) hold its thread for a second or two on a
 * desktop, several times that on a slow phone.
 */
export const START_SILENCE_MS = 20_000;

export class Watch {
  /**
   * @param {(n: number) => void} ping  ask the worker whether it runs ({ping: n})
   * @param {(why: string) => void} gone  the worker said nothing for too long, or dropped a request
   * @param {() => number[]} [awaited]  the ids of the requests waiting for an answer, all sent to the worker
   * @param {() => number} [clock]  milliseconds (performance.now)
   */
  constructor(ping, gone, awaited = () => [], clock = () => performance.now()) {
    this.ping = ping;
    this.gone = gone;
    this.clock = clock;
    this.awaited = awaited;
    this.timer = 0;
    this.heardAt = 0; // when the worker last said anything
    /** @type {number | null} when the last unanswered ping was sent */
    this.pingAt = null;
    /** @type {{n: number, ids: number[]} | null} the last ping, and the requests awaited when it was sent */
    this.asked = null;
    this.checkedAt = 0; // when the watch last looked
    this.silence = SILENCE_MS; // how long a silence counts as gone
  }

  /** The worker said something (an answer, an event, a pong). */
  heard() {
    this.heardAt = this.clock();
  }

  /**
   * The worker answered ping `n`, holding the requests `held`: those awaited when
   * the ping was sent, awaited still and not held, are lost.
   * @param {number} n @param {unknown} held
   */
  ponged(n, held) {
    const asked = this.asked;
    if (asked?.n !== n || !Array.isArray(held)) return;
    this.asked = null;
    const waiting = new Set(this.awaited());
    const lost = asked.ids.filter((id) => waiting.has(id) && !held.includes(id));
    if (lost.length) this.gone(`request ${lost[0]} left unanswered (the worker holds it no more)`);
  }

  /**
   * Watch while `active` (an answer is awaited from a worker that has started, or a
   * new worker starts), giving it up after `silence` milliseconds without a word.
   * @param {boolean} active @param {number} [silence]
   */
  set(active, silence = SILENCE_MS) {
    if (active && (!this.timer || silence !== this.silence)) {
      clearInterval(this.timer);
      this.silence = silence;
      this.pingAt = null;
      this.asked = null;
      this.checkedAt = this.clock();
      this.timer = window.setInterval(() => this.check(), PING_MS);
    } else if (!active && this.timer) {
      clearInterval(this.timer);
      this.timer = 0;
    }
  }

  /** One look, every PING_MS: a ping when the last was answered, else gone after SILENCE_MS. */
  check() {
    const now = this.clock();
    // A check that comes late (this page's thread was busy, or its timers were
    // slowed in a background tab) starts over: the answer may be waiting behind it.
    const late = now - this.checkedAt > 3 * PING_MS;
    this.checkedAt = now;
    if (late) this.pingAt = null;
    if (this.pingAt !== null && this.heardAt < this.pingAt) {
      if (now - this.pingAt > this.silence) this.gone(`no answer within ${this.silence / 1000} seconds`);
      return;
    }
    this.pingAt = now;
    const n = Math.round(now);
    this.asked = { n, ids: this.awaited() };
    this.ping(n);
  }
}
