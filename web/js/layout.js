// Geometry of the table: where every card, fan and foundation goes, in CSS pixels.
//
// A pure function of the table's size and the fans' lengths. It tries every grid of
// fans (c columns by r rows) with fans spread downwards ("vertical") or to the right
// ("horizontal") and keeps the one with the largest cards in which a fan of the
// game's design length still shows every card's corner index. Longer fans compress
// their overlap to stay inside their cell.

export const CARD_RATIO = 1.4; // height / width
const MAX_CARD_W = 118;
const MIN_CARD_W = 18;
// Visible part of a covered card, as a share of the card's height (vertical fans)
// or width (horizontal fans): enough to read its corner index.
const STEP = { vertical: 0.25, horizontal: 0.36 };
const MIN_STEP = { vertical: 0.04, horizontal: 0.06 };
const GAP = 0.12; // space between fans, as a share of the card's width

// The length a fan is designed for: its deal size plus room to grow by three.
export function designLength(fanCount) {
  return Math.max(3, Math.round(52 / fanCount)) + 3;
}

function pad(width, height) {
  return Math.max(4, Math.round(Math.min(width, height) * 0.012));
}

// Largest card width for one arrangement, or 0 when it cannot fit.
function fit(orientation, columns, rows, width, height, length) {
  const p = pad(width, height);
  const innerW = width - 2 * p;
  const innerH = height - 2 * p;
  const k = STEP[orientation];
  let cardW;
  if (orientation === "vertical") {
    const byWidth = innerW / (columns * (1 + GAP));
    // foundation row (card + gap) and r rows of fans of `length` cards
    const perCardH = 1 + 0.18 + rows * (1 + (length - 1) * k + GAP);
    const byHeight = innerH / perCardH / CARD_RATIO;
    cardW = Math.min(byWidth, byHeight);
  } else {
    const byWidth = innerW / (columns * (1 + (length - 1) * k + GAP));
    const perCardH = 1 + 0.18 + rows * (1 + GAP);
    const byHeight = innerH / perCardH / CARD_RATIO;
    cardW = Math.min(byWidth, byHeight);
  }
  return cardW >= MIN_CARD_W ? Math.min(cardW, MAX_CARD_W) : 0;
}

// The table's geometry for `fanCount` fans in a width x height box. `reserve`:
// pixels kept free at the right of the foundation row (for the redeal button).
export function computeLayout(width, height, fanCount, reserve = 0) {
  const length = designLength(fanCount);
  let best = null;
  for (const orientation of ["vertical", "horizontal"]) {
    for (let columns = 1; columns <= fanCount; columns++) {
      const rows = Math.ceil(fanCount / columns);
      if (columns > 1 && Math.ceil(fanCount / (columns - 1)) === rows) continue; // same rows, wider cells
      const cardW = fit(orientation, columns, rows, width, height, length);
      // Prefer, at equal card size (within 2%), fewer rows: longer room for fans.
      if (!best || cardW > best.cardW * 1.02 || (cardW >= best.cardW * 0.98 && rows < best.rows)) {
        if (cardW > 0) best = { orientation, columns, rows, cardW };
      }
    }
  }
  if (!best) best = { orientation: "vertical", columns: fanCount, rows: 1, cardW: MIN_CARD_W };
  return place(best, width, height, fanCount, reserve);
}

function place({ orientation, columns, rows, cardW }, width, height, fanCount, reserve) {
  const p = pad(width, height);
  cardW = Math.floor(cardW);
  const cardH = Math.round(cardW * CARD_RATIO);
  const gap = Math.max(2, Math.round(cardW * GAP));
  let foundationGap = Math.max(4, Math.round(cardW * 0.25));
  let rowW = 4 * cardW + 3 * foundationGap;
  if (reserve && rowW > width - reserve - 2 * p) {
    foundationGap = Math.max(2, Math.round(cardW * 0.08));
    rowW = 4 * cardW + 3 * foundationGap;
  }
  // Centred, unless that would run under the reserved corner.
  const foundationX = Math.round(Math.max(p, Math.min((width - rowW) / 2, width - reserve - p - rowW)));
  const foundations = [0, 1, 2, 3].map((i) => ({ x: foundationX + i * (cardW + foundationGap), y: p }));

  const top = p + cardH + Math.round(cardH * 0.18);
  const innerW = width - 2 * p;
  const innerH = height - top - p;
  let cellW;
  let cellH;
  if (orientation === "vertical") {
    cellW = Math.min(innerW / columns, cardW * (1 + GAP) * 1.35);
    cellH = innerH / rows;
  } else {
    cellW = innerW / columns;
    cellH = Math.min(innerH / rows, cardH * (1 + GAP) * 1.6);
  }
  const gridW = cellW * columns;
  const left = p + (innerW - gridW) / 2;
  const fans = [];
  for (let i = 0; i < fanCount; i++) {
    const column = i % columns;
    const row = Math.floor(i / columns);
    const cellX = left + column * cellW;
    const cellY = top + row * cellH;
    const x = Math.round(orientation === "vertical" ? cellX + (cellW - cardW) / 2 : cellX + gap / 2);
    const y = Math.round(cellY + (orientation === "vertical" ? gap / 2 : (cellH - cardH) / 2));
    // The room the fan may spread into, from its first card's corner.
    const extent = orientation === "vertical" ? cellY + cellH - gap / 2 - y : cellX + cellW - gap / 2 - x;
    fans.push({ x, y, extent: Math.floor(extent), cell: { x: cellX, y: cellY, w: cellW, h: cellH } });
  }
  return { width, height, orientation, columns, rows, cardW, cardH, foundations, fans };
}

// Offset between consecutive cards of a fan holding `count` cards.
export function fanStep(layout, fan, count) {
  const size = layout.orientation === "vertical" ? layout.cardH : layout.cardW;
  const ideal = size * STEP[layout.orientation];
  if (count <= 1) return ideal;
  const room = (fan.extent - size) / (count - 1);
  return Math.max(size * MIN_STEP[layout.orientation], Math.min(ideal, room));
}

// Top-left corner of the card at `index` (0 = bottom) of fan `fanIndex` (0-based).
export function cardInFan(layout, fanIndex, index, count) {
  const fan = layout.fans[fanIndex];
  const step = fanStep(layout, fan, count);
  return layout.orientation === "vertical"
    ? { x: fan.x, y: Math.round(fan.y + index * step) }
    : { x: Math.round(fan.x + index * step), y: fan.y };
}

// The rectangle a fan occupies with `count` cards (its base card when empty).
export function fanRect(layout, fanIndex, count) {
  const fan = layout.fans[fanIndex];
  const last = cardInFan(layout, fanIndex, Math.max(0, count - 1), Math.max(1, count));
  return {
    x: fan.x,
    y: fan.y,
    w: last.x - fan.x + layout.cardW,
    h: last.y - fan.y + layout.cardH,
  };
}
