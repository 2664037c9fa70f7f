// @ts-check
// One deal's opening book, read: the engine's answers to a newcomer's first
// requests, asked at build time (scripts/opening_book.py; docs/opening-book.md).
// A node is the table the page holds after a line of requests (and, after Hint,
// the hint's answer), with the node each next request leads to, or the engine's
// refusal of it. Nodes are stored as differences from their parents' and decoded
// when first asked for. The page looks its answers up here: nothing is worked out.

import { patch } from "./json-diff.js";

/** @typedef {import("../engine/protocol.js").Table} Table */
/** @typedef {import("../engine/protocol.js").HintResult} HintResult */
/** @typedef {import("../engine/protocol.js").ErrorReply} Refusal */
/** @typedef {{table: Table, hint?: HintResult, answers?: Record<string, number>}} BookNode */
/** What a request gets: the node it leads to, or the engine's refusal. @typedef {{node: number} | {refusal: Refusal}} Answer */

export const BOOK_VERSION = 1;

/**
 * A request as the book indexes it: the method, then its parameters' values in
 * the order of their names ("click 8S", "play 8S 3", "undo 1", "hint");
 * scripts/opening_book.py request_key makes the same.
 * @param {string} method
 * @param {Record<string, unknown>} params
 */
export function requestKey(method, params) {
  return [method, ...Object.keys(params).sort().map((name) => String(params[name]))].join(" ");
}

/**
 * A save's game as the book holds it: without what the build's engine never
 * counted, the time played (its clock never moves: scripts/opening_book.py
 * stopped_clock) and whether the deal was proved winnable (found by the
 * engine's work in the background, which the build's engine never did).
 * @param {string} save
 */
export const bookGame = (save) => save.replace(/,"(time|proved)":\d+/g, "");

export class OpeningBook {
  /**
   * A book as the build wrote it; throws when it is not one.
   * @param {unknown} read  the book's JSON, parsed
   */
  constructor(read) {
    const data = /** @type {{v?: unknown, game?: unknown, deal?: unknown, refusals?: unknown, nodes?: unknown} | null} */ (read);
    if (data?.v !== BOOK_VERSION || !Array.isArray(data.nodes) || !data.nodes.length || !Array.isArray(data.refusals)) {
      throw new Error("not an opening book of this version");
    }
    /** @type {string} */
    this.game = String(data.game);
    /** @type {string} */
    this.deal = String(data.deal);
    /** @type {Refusal[]} */
    this.refusals = data.refusals;
    /** @type {[number, unknown][]} each node: its parent's index (-1: none) and its difference from it */
    this.encoded = data.nodes;
    /** @type {BookNode[]} the nodes decoded so far */
    this.decoded = [];
  }

  /**
   * Node `index`, decoded (its ancestors first, once).
   * @param {number} index
   * @returns {BookNode}
   */
  node(index) {
    const known = this.decoded[index];
    if (known) return known;
    const entry = this.encoded[index];
    if (!entry) throw new Error(`the book has no node ${index}`);
    const [parent, difference] = entry;
    if (!(parent < index)) throw new Error(`node ${index} comes before its parent`);
    const value = /** @type {BookNode} */ (patch(difference, parent >= 0 ? this.node(parent) : null));
    if (!value?.table?.state) throw new Error(`node ${index} holds no table`);
    this.decoded[index] = value;
    return value;
  }

  /**
   * The table of node `index`: a copy of its own, for the page to keep.
   * @param {number} index
   * @returns {Table}
   */
  table(index) {
    return structuredClone(this.node(index).table);
  }

  /**
   * The hint's answer that led to node `index`, or null when a move led there.
   * @param {number} index
   * @returns {HintResult | null}
   */
  hint(index) {
    const hint = this.node(index).hint;
    return hint ? structuredClone(hint) : null;
  }

  /**
   * The node whose game is `save`'s (a returning player's saved game: bookGame)
   * and that answers requests; null when the book holds none. Looked for in the
   * book's order: a table reached in fewer requests comes first.
   * @param {string} save
   * @returns {number | null}
   */
  nodeOfSave(save) {
    const wanted = bookGame(save);
    for (let index = 0; index < this.encoded.length; index++) {
      const node = this.node(index);
      if (node.answers && bookGame(node.table.save) === wanted) return index;
    }
    return null;
  }

  /**
   * What `key` (requestKey) gets at node `index`; null when the book does not say.
   * @param {number} index
   * @param {string} key
   * @returns {Answer | null}
   */
  answer(index, key) {
    const found = this.node(index).answers?.[key];
    if (typeof found !== "number") return null;
    if (found >= 0) return found < this.encoded.length ? { node: found } : null;
    const refusal = this.refusals[-1 - found];
    return refusal ? { refusal } : null;
  }
}
