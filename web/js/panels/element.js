// @ts-check
// Elements built in one expression, for the panels drawn from data: every text
// set as textContent (never as HTML), every other attribute as a string.

/**
 * A new element: `attributes` are set as attributes, except `text` (its
 * textContent) and `className`; `children` are appended.
 * @template {keyof HTMLElementTagNameMap} K
 * @param {K} tag
 * @param {Record<string, string>} [attributes]
 * @param {(Node | string)[]} children
 * @returns {HTMLElementTagNameMap[K]}
 */
export function el(tag, attributes = {}, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") element.textContent = value;
    else if (key === "className") element.className = value;
    else element.setAttribute(key, value);
  }
  element.append(...children);
  return element;
}
