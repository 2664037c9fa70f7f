// @ts-check
// A difference between two JSON values applied: how the opening book stores each
// table, as its difference from its parent's (scripts/json_diff.py writes them;
// docs/opening-book.md has the format). It knows nothing of what a table holds.
//
// A difference is an array whose first element says what it does:
//   [0, value]                        the value, whole
//   [1, {key: diff}, [removed], order?] an object: keys changed or added, keys removed,
//                                     and, when it changed, the keys' new order
//   [2, length, [index, diff, ...]]   an array cut or grown to length, elements changed
//   [3, keepStart, keepEnd, middle]   a string: the old one's ends around a new middle

/** @typedef {null | boolean | number | string | JsonValue[] | {[key: string]: JsonValue}} JsonValue */

/** @param {unknown} value @returns {Record<string, unknown>} */
const record = (value) => (typeof value === "object" && value !== null && !Array.isArray(value) ? /** @type {Record<string, unknown>} */ (value) : {});
/** @param {unknown} value @returns {unknown[]} */
const list = (value) => (Array.isArray(value) ? value : []);

/**
 * `old` changed by `difference`; `old` itself is left as it was (unchanged parts are shared).
 * @param {unknown} difference
 * @param {unknown} old
 * @returns {unknown}
 */
export function patch(difference, old) {
  if (!Array.isArray(difference)) throw new Error("not a difference");
  const [kind] = difference;
  if (kind === 0) return difference[1];
  if (kind === 1) {
    const [, changed, removed, order] = difference;
    const before = record(old);
    /** @type {Record<string, unknown>} */
    const value = {};
    for (const [key, item] of Object.entries(before)) if (!list(removed).includes(key)) value[key] = item;
    for (const [key, change] of Object.entries(record(changed))) value[key] = patch(change, before[key]);
    if (!order) return value;
    return Object.fromEntries(list(order).map((key) => [String(key), value[String(key)]]));
  }
  if (kind === 2) {
    const [, length, elements] = difference;
    const before = list(old);
    const items = before.slice(0, Number(length));
    while (items.length < Number(length)) items.push(null);
    const changes = list(elements);
    for (let at = 0; at < changes.length; at += 2) {
      const index = Number(changes[at]);
      items[index] = patch(changes[at + 1], before[index]);
    }
    return items;
  }
  if (kind === 3) {
    const [, start, end, middle] = difference;
    const text = String(old);
    return text.slice(0, Number(start)) + String(middle) + text.slice(text.length - Number(end));
  }
  throw new Error(`not a difference: ${JSON.stringify(difference).slice(0, 80)}`);
}
