// @ts-check
// Short, quiet sounds for a move, a card reaching its foundation and a win, made
// with the Web Audio API (no sound files to download). Off unless the player
// turns them on (prefs.js keeps the choice); every function does nothing then,
// or where the browser has no Web Audio.
//
// The sounds are soft on purpose: a card's muffled tap, a small wooden note, and
// a four-note rise for a win, all well below a notification's loudness.

let enabled = false;
/** @type {AudioContext | null} */
let context = null; // one AudioContext, made at the first sound (after a gesture)

/** @param {boolean} on */
export function setSoundOn(on) {
  enabled = Boolean(on);
  if (!enabled && context?.state === "running") context.suspend().catch(() => {});
}

export function soundOn() {
  return enabled;
}

// The audio context, resumed; null when sounds are off or unsupported.
function audio() {
  if (!enabled) return null;
  /** @type {typeof AudioContext | undefined} */
  const Context = globalThis.AudioContext ?? /** @type {{webkitAudioContext?: typeof AudioContext}} */ (globalThis).webkitAudioContext;
  if (!Context) return null;
  try {
    context ??= new Context();
  } catch {
    return null; // refused (no audio device, a strict policy): stay silent
  }
  if (context.state === "suspended") context.resume().catch(() => {});
  return context;
}

// A gain envelope: up to `peak` in `attack` seconds, then down to silence by `end`.
/** @param {AudioContext} ac @param {number} start @param {number} peak @param {number} attack @param {number} end */
function envelope(ac, start, peak, attack, end) {
  const gain = ac.createGain();
  gain.gain.setValueAtTime(0.0001, start);
  gain.gain.exponentialRampToValueAtTime(peak, start + attack);
  gain.gain.exponentialRampToValueAtTime(0.0001, end);
  gain.connect(ac.destination);
  return gain;
}

// One soft note: a sine with a quieter octave above, like a small wooden bar.
/** @param {AudioContext} ac @param {number} frequency @param {number} start @param {number} length @param {number} peak */
function note(ac, frequency, start, length, peak) {
  const gain = envelope(ac, start, peak, 0.008, start + length);
  for (const [multiple, share] of [[1, 1], [2, 0.25]]) {
    const oscillator = ac.createOscillator();
    oscillator.type = "sine";
    oscillator.frequency.setValueAtTime(frequency * multiple, start);
    const level = ac.createGain();
    level.gain.value = share;
    oscillator.connect(level).connect(gain);
    oscillator.start(start);
    oscillator.stop(start + length + 0.02);
  }
}

// A card put down: a very short burst of filtered noise.
export function playMove() {
  const ac = audio();
  if (!ac) return;
  const start = ac.currentTime;
  const length = 0.05;
  const buffer = ac.createBuffer(1, Math.ceil(ac.sampleRate * length), ac.sampleRate);
  const samples = buffer.getChannelData(0);
  for (let i = 0; i < samples.length; i++) samples[i] = Math.random() * 2 - 1;
  const noise = ac.createBufferSource();
  noise.buffer = buffer;
  const filter = ac.createBiquadFilter();
  filter.type = "bandpass";
  filter.frequency.value = 1800;
  filter.Q.value = 0.8;
  noise.connect(filter).connect(envelope(ac, start, 0.12, 0.004, start + length));
  noise.start(start);
}

// A card reaching its foundation: one small note.
export function playFoundation() {
  const ac = audio();
  if (!ac) return;
  note(ac, 784, ac.currentTime, 0.22, 0.07); // G5
}

// A won game: four notes rising (C, E, G, C), gently.
export function playWin() {
  const ac = audio();
  if (!ac) return;
  const start = ac.currentTime;
  [523.25, 659.25, 783.99, 1046.5].forEach((frequency, i) => {
    note(ac, frequency, start + i * 0.12, 0.5, 0.07);
  });
}

/**
 * The sound of a change: a win, a card reaching its foundation, or a move (silent
 * unless the player turned sounds on).
 * @param {import("../engine/protocol.js").State} state
 * @param {import("../engine/protocol.js").State} previous
 */
export function playChangeSound(state, previous) {
  if (state.change === "none") return; // nothing on the table changed (a setting)
  if (state.won && !previous.won) playWin();
  else if (state.lastMoves.some((move) => move.to === "F")) playFoundation();
  else playMove();
}
