// sound.js — the table's sound effects, made in the browser with Web Audio (no downloaded
// files): a click for a discard, two quick notes for a call, a rising chime for riichi, an
// arpeggio for a win, a soft ping when it is your turn and a tick when your bank runs. The
// audio starts only after the page was touched or a key pressed (browsers allow no sound
// before); muting is remembered in this browser.
const KEY = 'ippon.sound';
let ctx = null;
let muted = localStorage.getItem(KEY) === 'off';
const listeners = new Set();

export function isMuted() {
  return muted;
}

export function setMuted(value) {
  muted = !!value;
  localStorage.setItem(KEY, muted ? 'off' : 'on');
  for (const fn of listeners) fn(muted);
}

export function onMuteChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function unlock() {
  if (ctx || typeof AudioContext === 'undefined') return;
  try {
    ctx = new AudioContext();
  } catch {
    ctx = null;
  }
}
window.addEventListener('pointerdown', unlock, { once: true, capture: true });
window.addEventListener('keydown', unlock, { once: true, capture: true });

/** one note: frequency (Hz), start offset and length (s), loudness, wave shape */
function note(freq, at, len, gain = 0.12, type = 'sine') {
  const t0 = ctx.currentTime + at;
  const osc = ctx.createOscillator();
  const amp = ctx.createGain();
  osc.type = type;
  osc.frequency.setValueAtTime(freq, t0);
  amp.gain.setValueAtTime(0.0001, t0);
  amp.gain.exponentialRampToValueAtTime(gain, t0 + 0.01);
  amp.gain.exponentialRampToValueAtTime(0.0001, t0 + len);
  osc.connect(amp).connect(ctx.destination);
  osc.start(t0);
  osc.stop(t0 + len + 0.02);
}

/** a short knock of filtered noise: a tile set down on the table */
function knock() {
  const len = 0.06;
  const buffer = ctx.createBuffer(1, Math.ceil(ctx.sampleRate * len), ctx.sampleRate);
  const data = buffer.getChannelData(0);
  for (let i = 0; i < data.length; i++) data[i] = (Math.random() * 2 - 1) * (1 - i / data.length) ** 3;
  const src = ctx.createBufferSource();
  src.buffer = buffer;
  const band = ctx.createBiquadFilter();
  band.type = 'bandpass';
  band.frequency.value = 1800;
  band.Q.value = 1.2;
  const amp = ctx.createGain();
  amp.gain.value = 0.5;
  src.connect(band).connect(amp).connect(ctx.destination);
  src.start();
}

const SOUNDS = {
  discard: () => knock(),
  call: () => { note(660, 0, 0.12, 0.1, 'triangle'); note(880, 0.09, 0.16, 0.1, 'triangle'); },
  riichi: () => { note(523, 0, 0.14, 0.1, 'triangle'); note(784, 0.1, 0.14, 0.1, 'triangle'); note(1047, 0.2, 0.35, 0.12, 'triangle'); },
  win: () => [523, 659, 784, 1047].forEach((f, i) => note(f, i * 0.09, 0.5 - i * 0.05, 0.11, 'triangle')),
  draw: () => { note(440, 0, 0.3, 0.08); note(330, 0.2, 0.45, 0.08); },
  turn: () => note(988, 0, 0.18, 0.06),
  tick: () => note(1500, 0, 0.04, 0.05, 'square'),
};

/** plays a sound by name unless muted (or before the page was touched) */
export function play(name) {
  if (muted || !ctx || !SOUNDS[name]) return;
  if (ctx.state === 'suspended') ctx.resume().catch(() => {});
  try {
    SOUNDS[name]();
  } catch {
    // a browser without some node type: silence is fine
  }
}
