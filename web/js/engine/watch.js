// @ts-check
// Whether the engine's worker still runs, while an answer is awaited: it is asked
// every PING_MS ({ping}), which it answers between two slices of a search (slices
// last about 10 ms, protocol.md); no word from it within SILENCE_MS, far past any
// slice or call on a slow phone, and it counts as gone (engine.js replaces it).

export const PING_MS = 1000;
export const SILENCE_MS = 10_000;

export class Watch {
  /**
   * @param {(n: number) => void} ping  ask the worker whether it runs ({ping: n})
   * @param {(why: string) => void} gone  the worker said nothing for too long
   * @param {() => number} [clock]  milliseconds (performance.now)
   */
  constructor(ping, gone, clock = () => performance.now()) {
    this.ping = ping;
    this.gone = gone;
    this.clock = clock;
    this.timer = 0;
    this.heardAt = 0; // when the worker last said anything
    /** @type {number | null} when the last unanswered ping was sent */
    this.pingAt = null;
    this.checkedAt = 0; // when the watch last looked
  }

  /** The worker said something (an answer, an event, a pong). */
  heard() {
    this.heardAt = this.clock();
  }

  /** Watch while `active` (an answer is awaited from a worker that has started). @param {boolean} active */
  set(active) {
    if (active && !this.timer) {
      this.pingAt = null;
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
      if (now - this.pingAt > SILENCE_MS) this.gone(`no answer within ${SILENCE_MS / 1000} seconds`);
      return;
    }
    this.pingAt = now;
    this.ping(Math.round(now));
  }
}
