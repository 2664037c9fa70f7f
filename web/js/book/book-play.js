// @ts-check
// The opening book in play. A newcomer's first table is a deal of the build's
// bank, drawn a second after the page opens, while Python takes seconds more to
// start on a phone. That deal's book (book.js), fetched once the table is
// painted, answers the requests made meanwhile at once, with the engine's own
// answers from the build (play/game.js asks it before a request waits for the
// engine): a tap, a drag, Undo, Redo, Hint. The first answer deals the book's
// table as the engine's "new" dealt it, so what follows a new deal follows it
// (the clock, the saved game, the address), and what waits for the moves made
// while the engine starts (the first-visit overlay, the deal's rating) waits for
// these too. A request the book does not hold waits for the engine as before,
// with every request after it. A returning player's saved game that is still a
// table of its deal's book is resumed there (see open).
//
// Once the engine has dealt the deal, or restored the saved game (handOver), it
// plays the requests the book answered, in order (a hint's search once the
// moves before it are played, and the moves after it once it is answered), and
// must answer each as the book did; then the requests that waited are played.
// An answer of its own is a bug: the page shows the engine's table and says so
// on the console.

import { OPENING_BOOKS } from "../build-info.js";
import { EngineError, errorText } from "../engine/engine-error.js";
import { sameTable } from "../play/state.js";
import { OpeningBook, requestKey } from "./book.js";

/** @typedef {import("../play/game.js").Game} Game */
/** @typedef {import("../engine/engine.js").EngineClient} EngineClient */
/** @typedef {import("../engine/protocol.js").State} State */
/** @typedef {import("../engine/protocol.js").Table} Table */
/** @typedef {import("../engine/protocol.js").HintResult} HintResult */
/** @typedef {import("../engine/protocol.js").TableMethod} TableMethod */
/** @typedef {import("../engine/protocol.js").Methods[TableMethod]["params"]} TableParams */

/**
 * An answer as the book and the engine must agree on it: its JSON, key order
 * included, but the time played (the state's `time`, the save's), which the
 * engine's clock counts from the hand-over: the build's book was made with a
 * clock that never moves.
 * @param {unknown} answer
 */
const untimed = (answer) =>
  JSON.stringify(answer, (key, value) => {
    if (key === "time") return undefined;
    return key === "save" && typeof value === "string" ? value.replace(/,"time":\d+/, "") : value;
  });

/** Whether the engine's answer is the book's (see untimed). */
const same = (/** @type {unknown} */ a, /** @type {unknown} */ b) => untimed(a) === untimed(b);

/**
 * What a resumed game's save holds that the book does not (book.js bookGame):
 * its time played and whether its deal was proved winnable.
 * @typedef {{played: number, proved: string}} Resumed
 */

/**
 * A book's table in a resumed game: with the time played that game was saved
 * with, not running until the engine has the game (as the saved table is drawn:
 * early-table.js), and its deal proved as it was.
 * @param {Table} table
 * @param {Resumed} resumed
 * @returns {Table}
 */
const resumedAt = (table, { played, proved }) => ({
  ...table,
  state: { ...table.state, time: { played, running: false } },
  save: table.save.replace(/("time":)\d+/, `$1${played}`).replace(/("proved":)\d+/, `$1${proved}`),
});

/**
 * The bank's deals a newcomer may be given first: those with a book (the build
 * books a few), else all of them.
 * @param {State[]} states  a game's bank
 * @param {Readonly<Record<string, Readonly<Record<string, string>>>>} [books]  each game's books, by deal
 * @returns {State[]}
 */
export function withBooks(states, books = OPENING_BOOKS) {
  const booked = states.filter((state) => books[state.game]?.[state.deal ?? ""]);
  return booked.length ? booked : states;
}

export class BookPlay {
  /**
   * @param {Game} game
   * @param {EngineClient} engine
   * @param {(table: Table) => void} showHint  the table a hint answered (its help the hint on show), shown as the
   *   engine's is
   */
  constructor(game, engine, showHint) {
    this.game = game;
    this.engine = engine;
    this.showHint = showHint;
    /** @type {OpeningBook | null} the book of the deal drawn, once read */
    this.book = null;
    /** @type {number | null} the node the table on screen is; null once a request left the book */
    this.node = 0;
    this.start = 0; // the node the line starts from: the deal, or a returning player's saved game
    /** @type {Resumed | null} what the saved game resumed holds beyond the book (null: a newcomer's deal) */
    this.resumed = null;
    /** @type {{method: TableMethod | "hint", params: TableParams, node: number}[]} the requests the book answered, in order */
    this.line = [];
    this.begun = false; // the book has dealt its table: its answers are on screen
    this.handing = false; // the engine has the game (handOver): the book answers no more
    this.over = false; // the engine has played them (or they were dropped): the book answers no more
  }

  /**
   * Whether the book may answer: until the engine has the game (handOver) and
   * while nothing but the early table or the book's is on screen. Not only while
   * the engine starts: it is up some moments before it has dealt or restored the
   * game, and a tap then is still the book's to answer.
   */
  get answering() {
    const game = this.game;
    return !this.handing && !this.over && game.app.engine !== "failed" && game.drawn !== null &&
      (this.begun || game.app.table === null);
  }

  /** Whether the table on screen is ahead of the engine's: play waits for the hand-over (game.js ready). */
  get ahead() {
    return this.begun && !this.over;
  }

  /**
   * The bank's deal drawn for a newcomer: once the table is `painted`, fetch and
   * read its book (when the build made one), then answer the requests that
   * waited for it. Not sooner: on a phone, the book's arrival and reading, a few
   * tens of milliseconds, delayed the first frame when they came before it.
   * A returning player's saved game (`saved`) is resumed from the book where the
   * book holds it (a newcomer who came back after a move or two), so their taps
   * are answered at once too; the engine then restores the save and plays them.
   * Not Hint: the engine restored knows less of the deal than the engine that
   * dealt it (the bank's proof), so a hint would be its own.
   * @param {State} drawn
   * @param {Promise<unknown>} painted
   * @param {{save: string, elapsed: number} | null} [saved]  the saved game drawn, resumed
   */
  async open(drawn, painted, saved = null) {
    const path = OPENING_BOOKS[drawn.game]?.[drawn.deal ?? ""];
    if (!path) return;
    try {
      // Relative to the bundle, js/main.js (import.meta.url is the bundle's, not this file's).
      const url = new URL(`../${path}`, import.meta.url);
      // A returning player's book comes from the browser's store, and must be read before their
      // first tap to answer it: asked for and read at once (their table, drawn from the save, is
      // far inside its time; a newcomer's first table is not).
      if (!saved) await painted;
      const response = await fetch(url);
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const book = new OpeningBook(await response.json());
      if (book.game !== drawn.game || book.deal !== drawn.deal) throw new Error(`it is the book of ${book.game} ${book.deal}`);
      if (this.game.drawn !== drawn || !this.answering) return;
      if (saved) {
        const start = book.nodeOfSave(saved.save);
        if (start === null) return;
        const proved = /"proved":(\d+)/.exec(saved.save)?.[1] ?? "0";
        [this.node, this.start, this.resumed] = [start, start, { played: saved.elapsed, proved }];
      }
      this.book = book;
      performance.mark("cloverleaf:book"); // the book read (bench/startup.py)
      this.answerWaiting();
    } catch (error) {
      console.warn(`opening book not read: ${errorText(error)}`);
    }
  }

  /** The requests made before the book was read, which wait for the engine: answered from it, in order, while it holds them. */
  answerWaiting() {
    const waiting = this.game.earlyMoves ?? [];
    while (waiting.length) {
      const answer = this.answer(waiting[0].method, /** @type {Record<string, unknown>} */ (waiting[0].params));
      if (!answer) return;
      waiting.shift()?.send(answer);
    }
  }

  /**
   * A request made while the engine starts, answered from the book: its table,
   * or the engine's refusal (a rejected promise, as the engine client rejects);
   * null when it waits for the engine.
   * @param {TableMethod} method
   * @param {TableParams} params
   * @returns {Promise<Table> | null}
   */
  answer(method, params) {
    const found = this.step(method, params);
    if (!found) return null;
    if ("refusal" in found) {
      const { type, message, reason } = found.refusal;
      return Promise.reject(new EngineError(type, message, reason));
    }
    return Promise.resolve(found.table);
  }

  /** Hint pressed while the engine starts: answered from the book (true), or it waits for the engine as before. */
  hint() {
    const game = this.game;
    if (game.ready || !game.playable || game.earlyMoves?.length !== 0) return false;
    const found = this.step("hint", {});
    if (!found || !("hint" in found) || !found.hint) return false;
    this.showHint(found.table);
    return true;
  }

  /**
   * The book's answer to a request at the table on screen, which becomes the
   * line's next step; null (and the book is left for good) when the book does not hold it.
   * @param {TableMethod | "hint"} method
   * @param {TableParams} params
   * @returns {{table: Table, hint: HintResult | null} | {refusal: import("./book.js").Refusal} | null}
   */
  step(method, params) {
    const book = this.book;
    if (!book || this.node === null || !this.answering) return null;
    try {
      const found = method === "hint" && this.resumed ? null : book.answer(this.node, requestKey(method, params));
      if (found && "refusal" in found) return found;
      if (found) {
        const table = this.table(book, found.node);
        const hint = book.hint(found.node);
        this.begin(book);
        this.node = found.node;
        this.line.push({ method, params, node: found.node });
        return { table, hint };
      }
    } catch (error) {
      console.warn(`opening book: ${errorText(error)}`);
    }
    this.node = null;
    return null;
  }

  /**
   * The table of node `index` as the page shows it (a resumed game's with its time played).
   * @param {OpeningBook} book
   * @param {number} index
   */
  table(book, index) {
    const table = book.table(index);
    return this.resumed ? resumedAt(table, this.resumed) : table;
  }

  /**
   * The first answer: the book's table the line starts from shown first, as the
   * engine dealt it (or restored it). It counts as a move made while the engine
   * starts until the hand-over (game.js afterEarlyMoves).
   * @param {OpeningBook} book
   */
  begin(book) {
    if (this.begun) return;
    this.begun = true;
    this.game.unanswered += 1;
    this.game.show(this.table(book, this.start), { fresh: true });
  }

  /**
   * The engine has dealt the deal drawn, or restored the saved game drawn
   * (start-up): when the book answered requests on it, the engine plays them
   * now and the table on screen stays, or becomes the engine's when it answered
   * otherwise (true); false when there is nothing to hand over, and start-up
   * shows the engine's table.
   * @param {Table} dealt
   */
  async handOver(dealt) {
    this.handing = true;
    const book = this.book;
    if (!this.begun || this.over || !book) return false;
    const game = this.game;
    if (!sameTable(game.drawn, dealt.state)) {
      console.error(`opening book: the engine dealt ${dealt.state.game} ${dealt.state.deal} otherwise than the bank`);
      this.finish();
      return false;
    }
    // A restore answers as no move does (what changed, the last moves): its game, the save, is what must agree.
    const start = this.table(book, this.start);
    const agrees = this.resumed ? same({ save: dealt.save }, { save: start.save }) : same(dealt, start);
    /** @type {string[]} the requests the engine answered otherwise than the book */
    const differences = agrees ? [] : [this.resumed ? "restore" : "new"];
    /** @type {Promise<unknown>[]} */
    let sent = [];
    for (const { method, params, node } of this.line) {
      const key = requestKey(method, params);
      if (method === "hint") {
        await Promise.all(sent);
        sent = [];
        const result = await this.engine.job({ kind: "hint" }).promise.catch((error) => error);
        if (!same(result, { ...book.hint(node), ...book.table(node) })) differences.push(key);
        continue;
      }
      const expected = this.table(book, node);
      const answered = game.request(method, params).then(
        (table) => same(table, expected) || differences.push(key),
        () => differences.push(key),
      );
      sent.push(answered);
    }
    await Promise.all(sent);
    if (differences.length) {
      console.error(`opening book: the engine answered ${differences.join(", ")} otherwise than the book of deal ${book.deal}`);
      const table = await this.engine.request("state").catch(() => null);
      if (table) game.show(table, { animate: false });
    }
    this.finish();
    return true;
  }

  /** The book is done with: play goes on with the engine, and what waited for the moves made meanwhile runs. */
  finish() {
    this.over = true;
    if (this.begun) this.game.answered();
  }
}
