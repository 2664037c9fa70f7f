// What the browser keeps between visits (localStorage), read defensively: a value
// that cannot be read is reported as such, never thrown.

const SETTINGS_KEY = "cloverleaf.settings.v1";
const SAVE_KEY = "cloverleaf.save.v1";
const SHAPE_KEY = "cloverleaf.table.v1";

export const DEFAULT_SETTINGS = Object.freeze({
  clickToPlay: true, // a click or tap plays the card where the engine's click rule says
  autoMove: true, // cards go to the foundations by themselves when safe
  autoComplete: true, // the game finishes itself once only foundation moves remain
  solvableOnly: true, // new deals are ones the solver proved winnable
  animations: true, // cards slide (never when the system asks for reduced motion)
});
export const ENGINE_SETTINGS = ["clickToPlay", "autoMove", "autoComplete"];

function read(key) {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled: play without it
  }
}

function write(key, value) {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // storage full or disabled: the game goes on unsaved
  }
}

export function loadSettings() {
  const settings = { ...DEFAULT_SETTINGS };
  try {
    const stored = JSON.parse(read(SETTINGS_KEY) ?? "{}");
    for (const key of Object.keys(DEFAULT_SETTINGS)) {
      if (typeof stored?.[key] === "boolean") settings[key] = stored[key];
    }
  } catch {
    // unreadable settings: the defaults
  }
  return settings;
}

export function storeSettings(settings) {
  write(SETTINGS_KEY, JSON.stringify(settings));
}

// The game in progress: {save: engine save string, game, deal, elapsed: ms,
// daily: "2026-11-29" | null}, or {corrupt: true} when something is stored but
// unreadable, or null when nothing is.
export function loadGame() {
  const text = read(SAVE_KEY);
  if (text === null) return null;
  try {
    const record = JSON.parse(text);
    if (typeof record?.save !== "string") return { corrupt: true };
    return {
      save: record.save,
      game: typeof record.game === "string" ? record.game : null,
      deal: typeof record.deal === "string" ? record.deal : null,
      elapsed: Number.isFinite(record.elapsed) ? record.elapsed : 0,
      daily: typeof record.daily === "string" ? record.daily : null,
    };
  } catch {
    return { corrupt: true };
  }
}

export function storeGame(record) {
  write(SAVE_KEY, record === null ? null : JSON.stringify(record));
}

// The last table's shape, to draw empty fans at once on the next start.
export function loadShape() {
  try {
    const shape = JSON.parse(read(SHAPE_KEY) ?? "null");
    if (Number.isInteger(shape?.fans) && shape.fans > 0 && shape.fans <= 30) return shape;
  } catch {
    // ignore
  }
  return { fans: 16, name: "Clover Leaf" };
}

export function storeShape(shape) {
  write(SHAPE_KEY, JSON.stringify(shape));
}
