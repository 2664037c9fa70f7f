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

/**
 * `old` changed by `difference`; `old` itself is left as it was (unchanged parts are shared).
 * @param {any} difference
 * @param {any} old
 * @returns {any}
 */
export function patch(difference, old) {
  if (!Array.isArray(difference)) throw new Error("not a difference");
  const [kind] = difference;
  if (kind === 0) return difference[1];
  if (kind === 1) {
    const [, changed, removed, order] = difference;
    /** @type {Record<string, any>} */
    const value = {};
    for (const [key, item] of Object.entries(old)) if (!removed.includes(key)) value[key] = item;
    for (const [key, change] of Object.entries(changed)) value[key] = patch(change, old?.[key]);
    if (!order) return value;
    return Object.fromEntries(order.map((/** @type {string} */ key) => [key, value[key]]));
  }
  if (kind === 2) {
    const [, length, elements] = difference;
    const items = old.slice(0, length);
    while (items.length < length) items.push(null);
    for (let at = 0; at < elements.length; at += 2) {
      const index = elements[at];
      items[index] = patch(elements[at + 1], old[index]);
    }
    return items;
  }
  if (kind === 3) {
    const [, start, end, middle] = difference;
    return old.slice(0, start) + middle + old.slice(old.length - end);
  }
  throw new Error(`not a difference: ${JSON.stringify(difference).slice(0, 80)}`);
}
