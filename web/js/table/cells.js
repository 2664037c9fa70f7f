// @ts-check
// The free cells' outlines (Free Fan): one per cell of the state, in the
// foundation row where the layout puts them (grid.js), drawn under the card each
// holds. render.js keeps them; which card a cell holds is the state's.

export class FreeCells {
  /** @param {HTMLElement} root */
  constructor(root) {
    this.root = root;
    /** @type {HTMLElement[]} in order, [data-cell="1"] first */
    this.elements = [];
  }

  /** As many outlines as the state has cells; true when that changed. @param {number} count */
  setCount(count) {
    if (count === this.elements.length) return false;
    for (const element of this.elements) element.remove();
    this.elements = Array.from({ length: count }, (_, i) => {
      const element = document.createElement("div");
      element.className = "cell";
      element.dataset.cell = String(i + 1);
      this.root.append(element);
      return element;
    });
    return true;
  }

  /** Each outline where the layout puts its cell. @param {{cells: {x: number, y: number}[]}} layout */
  place(layout) {
    this.elements.forEach((element, i) => {
      const { x, y } = layout.cells[i];
      element.style.transform = `translate(${x}px, ${y}px)`;
    });
  }

  /** The cell a card sent to "cell" goes to: the first empty one. @param {(string | null)[] | undefined} cells */
  target(cells) {
    return this.elements[Math.max(0, cells?.indexOf(null) ?? 0)];
  }
}
