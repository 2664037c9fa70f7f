// When a game counts in the player's statistics, and where they are kept.
//
// The counting itself is the engine's (py/cloverleaf/stats.py): this file keeps
// the engine's statistics text in localStorage, hands it back with each result
// and shows nothing. A game counts once: a win when the table is won, a loss when
// the player leaves a game that had at least one move and was not won (a new
// deal, another game, a restart). What game is on the table, and whether it was
// already counted, is kept too, so a reload neither loses nor repeats a result.

const STATS_KEY = "cloverleaf.stats.v1"; // the engine's versioned statistics text
const CURRENT_KEY = "cloverleaf.stats-current.v1"; // {key, solvable, counted}

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: statistics last this visit only
  }
}

// The game on the table, as statistics see it: game, deal and the daily date.
export const gameKey = (state, daily) => `${state.game}/${state.deal ?? ""}/${daily ?? ""}`;

export class StatsKeeper {
  // request(method, params): the engine client; onUnreadable(): the stored text
  // could not be read (it is then dropped and the statistics start afresh).
  constructor(request, onUnreadable = () => {}) {
    this.request = request;
    this.onUnreadable = onUnreadable;
    this.text = read(STATS_KEY);
    this.current = null;
    try {
      const stored = JSON.parse(read(CURRENT_KEY) ?? "null");
      if (typeof stored?.key === "string") {
        this.current = { key: stored.key, solvable: Boolean(stored.solvable), counted: Boolean(stored.counted) };
      }
    } catch {
      // no current game
    }
    this.queue = Promise.resolve();
  }

  storeCurrent() {
    write(CURRENT_KEY, this.current ? JSON.stringify(this.current) : null);
  }

  // A game is on the table: a new one (fresh: true) or one restored after a reload.
  begin(state, { daily = null, solvable = false, fresh = true } = {}) {
    const key = gameKey(state, daily);
    if (!fresh && this.current?.key === key) return;
    this.current = { key, solvable: Boolean(solvable || daily), counted: false };
    this.storeCurrent();
  }

  // Run engine calls one after another, so two results never race on the text.
  serial(task) {
    const run = this.queue.then(task, task);
    this.queue = run.catch(() => {});
    return run;
  }

  async call(method, params) {
    try {
      return await this.request(method, { ...params, stats: this.text });
    } catch (error) {
      if (error?.type !== "InvalidInput" || this.text === null) throw error;
      // The stored text cannot be read: start afresh, say so once.
      this.text = null;
      write(STATS_KEY, null);
      this.onUnreadable();
      return this.request(method, { ...params, stats: null });
    }
  }

  record(state, won, seconds, daily) {
    const current = this.current;
    current.counted = true;
    this.storeCurrent();
    const params = {
      game: state.game,
      won,
      moves: state.moves,
      seconds: Math.max(0, Math.round(seconds * 10) / 10),
      solvable: current.solvable,
    };
    if (daily) params.daily = daily;
    return this.serial(async () => {
      const reply = await this.call("stats_record", params);
      this.text = reply.stats;
      write(STATS_KEY, this.text);
      return reply.summary;
    });
  }

  // The state on the table changed; a first win is recorded. Resolves to the new
  // summary when something was recorded, else null.
  async seen(state, seconds, daily) {
    if (!state.won) return null;
    if (!this.current || this.current.key !== gameKey(state, daily)) this.begin(state, { daily });
    if (this.current.counted) return null;
    return this.record(state, true, seconds, daily);
  }

  // The player leaves the game on the table (new deal, other game, restart): a
  // loss when it had a move and was neither won nor counted.
  async leave(state, seconds, daily) {
    if (!state || state.won || state.moves === 0) return null;
    if (!this.current || this.current.key !== gameKey(state, daily)) this.begin(state, { daily });
    const counted = this.current.counted;
    if (counted) return null;
    const summary = await this.record(state, false, seconds, daily);
    this.current.counted = false; // a restart plays the same deal again: it may count anew
    this.storeCurrent();
    return summary;
  }

  summary(game) {
    return this.serial(async () => (await this.call("stats_summary", { game })).summary);
  }

  reset(game) {
    return this.serial(async () => {
      const reply = await this.call("stats_reset", { game });
      this.text = reply.stats;
      write(STATS_KEY, this.text);
      return reply.summary;
    });
  }
}
