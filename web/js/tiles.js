// tiles.js — tile faces drawn as SVG by code: man (numeral + 萬), pin (circles), sou (bamboo
// sticks, a bird for 1s), winds and dragons as kanji, red fives in red, each standing with its
// thickness showing below the face; the back (a framed lattice on the coloured back); and their
// accessible names. The notation itself (parts, kind, hand order) is notation.js.
import { svg } from './dom.js';
import { t } from './i18n.js';
import { parse } from './notation.js';

const W = 60, H = 80;
const INK = '#1d1d1f', RED = '#c8102e', GREEN = '#1f7a3a', BLUE = '#1c4fa0';
const FONT = '"Noto Sans CJK JP","Hiragino Sans","Yu Gothic","IPAexGothic","Meiryo",sans-serif';
const NUMERALS = ['', '一', '二', '三', '四', '五', '六', '七', '八', '九'];
const HONORS = ['', '東', '南', '西', '北', '白', '發', '中'];

/** an accessible name in the current language: "5 pin (red)", "赤五筒" */
export function tileLabel(code) {
  const { suit, n, red } = parse(code);
  if (suit === 'z') return t(`tile.z${n}`);
  return t(red ? 'tile.red' : 'tile.plain', { n, suit: t(`tile.suit.${suit}`) });
}

function text(x, y, size, fill, s, weight = 700) {
  return svg('text', { x, y, 'font-size': size, 'font-weight': weight, fill, 'text-anchor': 'middle',
    'font-family': FONT }, s);
}

function manFace(n, red) {
  return [text(30, 36, 30, red ? RED : INK, NUMERALS[n]), text(30, 70, 27, RED, '萬')];
}

// circle centres [x, y, r] per number, in a 60 × 74 face
const PIN_LAYOUT = {
  1: [[30, 37, 20]],
  2: [[30, 19, 12], [30, 55, 12]],
  3: [[15, 15, 10], [30, 37, 10], [45, 59, 10]],
  4: [[18, 19, 11], [42, 19, 11], [18, 55, 11], [42, 55, 11]],
  5: [[16, 16, 10], [44, 16, 10], [30, 37, 10], [16, 58, 10], [44, 58, 10]],
  6: [[19, 14, 9.5], [41, 14, 9.5], [19, 37, 9.5], [41, 37, 9.5], [19, 60, 9.5], [41, 60, 9.5]],
  7: [[14, 11, 7.5], [30, 19, 7.5], [46, 27, 7.5], [19, 45, 8], [41, 45, 8], [19, 63, 8], [41, 63, 8]],
  8: [[19, 11, 8], [41, 11, 8], [19, 28, 8], [41, 28, 8], [19, 46, 8], [41, 46, 8], [19, 63, 8], [41, 63, 8]],
  9: [[14, 14, 8.5], [30, 14, 8.5], [46, 14, 8.5], [14, 37, 8.5], [30, 37, 8.5], [46, 37, 8.5],
    [14, 60, 8.5], [30, 60, 8.5], [46, 60, 8.5]],
};

function pinColor(n, i) {
  switch (n) {
    case 1: return RED;
    case 2: return GREEN;
    case 3: return [BLUE, RED, GREEN][i];
    case 4: return i === 0 || i === 3 ? BLUE : GREEN;
    case 5: return i === 2 ? RED : i % 3 === 0 ? BLUE : GREEN;
    case 6: return i < 2 ? GREEN : RED;
    case 7: return i < 3 ? GREEN : RED;
    case 8: return BLUE;
    default: return [BLUE, RED, GREEN][Math.floor(i / 3)];
  }
}

function pinFace(n, red) {
  return PIN_LAYOUT[n].map(([x, y, r], i) => {
    const c = red ? RED : pinColor(n, i);
    return svg('g', {}, svg('circle', { cx: x, cy: y, r, fill: 'none', stroke: c, 'stroke-width': r * 0.28 }),
      svg('circle', { cx: x, cy: y, r: r * 0.42, fill: c }),
      n === 1 ? svg('circle', { cx: x, cy: y, r: r * 0.72, fill: 'none', stroke: BLUE, 'stroke-width': 2 }) : null);
  });
}

// stick centres [x, y] per number; sticks are 8 × 20
const SOU_LAYOUT = {
  2: [[30, 20], [30, 54]],
  3: [[30, 20], [18, 54], [42, 54]],
  4: [[19, 20], [41, 20], [19, 54], [41, 54]],
  5: [[16, 20], [44, 20], [30, 37], [16, 54], [44, 54]],
  6: [[14, 20], [30, 20], [46, 20], [14, 54], [30, 54], [46, 54]],
  7: [[30, 13], [14, 37], [30, 37], [46, 37], [14, 61], [30, 61], [46, 61]],
  8: [[10, 20], [23, 20], [37, 20], [50, 20], [10, 54], [23, 54], [37, 54], [50, 54]],
  9: [[14, 13], [30, 13], [46, 13], [14, 37], [30, 37], [46, 37], [14, 61], [30, 61], [46, 61]],
};

function souRed(n, i) {
  return (n === 5 && i === 2) || (n === 7 && i === 0) || (n === 9 && i % 3 === 1);
}

function stick(x, y, color, short) {
  const h = short ? 18 : 26;
  return svg('g', {},
    svg('rect', { x: x - 4, y: y - h / 2, width: 8, height: h, rx: 3.5, fill: color }),
    svg('line', { x1: x - 4, x2: x + 4, y1: y, y2: y, stroke: '#fbf8ef', 'stroke-width': 1.6 }),
    svg('line', { x1: x, x2: x, y1: y - h / 2 + 3, y2: y + h / 2 - 3, stroke: '#fbf8ef', 'stroke-width': 1, opacity: 0.7 }));
}

function bird() {
  return [
    svg('path', { d: 'M14 58 Q10 40 22 34 Q26 20 38 18 Q46 17 48 24 L54 25 L48 29 Q46 40 36 46 Q30 56 14 58 Z', fill: GREEN }),
    svg('path', { d: 'M14 58 L6 70 M18 57 L14 71 M22 55 L22 70', stroke: RED, 'stroke-width': 3, 'stroke-linecap': 'round' }),
    svg('circle', { cx: 41, cy: 23, r: 2.6, fill: '#fbf8ef' }),
    svg('path', { d: 'M24 40 Q32 38 36 30', stroke: BLUE, 'stroke-width': 3, fill: 'none' }),
  ];
}

function souFace(n, red) {
  if (n === 1) return bird();
  const short = n >= 7;
  return SOU_LAYOUT[n].map(([x, y], i) => stick(x, y, red || souRed(n, i) ? RED : GREEN, short));
}

function honorFace(n) {
  if (n === 5) return [svg('rect', { x: 13, y: 13, width: 34, height: 48, rx: 4, fill: 'none', stroke: BLUE, 'stroke-width': 3.5 })];
  const color = n === 6 ? GREEN : n === 7 ? RED : INK;
  return [text(30, 54, 42, color, HONORS[n], 900)];
}

// a tile stands on the table: its face, a band of ivory below it and the coloured back under
// that, so the lower edge shows the tile's thickness (the face is 71 of its 80 units)
const IVORY = '#e8dfc6', BACK = '#e07b22', BACK_DARK = '#9c4f0e', BACK_LIGHT = '#f6b26b';

function body(faceFill, faceStroke, strokeWidth) {
  return [
    svg('rect', { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 7, fill: BACK, stroke: BACK_DARK, 'stroke-width': 1 }),
    svg('rect', { x: 0.5, y: 0.5, width: W - 1, height: H - 5, rx: 7, fill: IVORY }),
    svg('rect', { x: 1.5, y: 1.5, width: W - 3, height: H - 10, rx: 6, fill: faceFill, stroke: faceStroke, 'stroke-width': strokeWidth }),
    svg('path', { d: `M7 3 H${W - 7}`, stroke: '#ffffff', 'stroke-width': 1.6, 'stroke-linecap': 'round', opacity: 0.8 }),
  ];
}

function face(code) {
  const { suit, n, red } = parse(code);
  const marks = suit === 'm' ? manFace(n, red) : suit === 'p' ? pinFace(n, red) : suit === 's' ? souFace(n, red) : honorFace(n);
  return [
    ...body(red ? '#fff1f1' : '#fbf8ef', red ? RED : '#bdb4a0', red ? 2 : 1),
    svg('g', { transform: 'translate(0 -0.5) scale(1 0.96)' }, marks),
  ];
}

/** a face-down tile: the coloured back with a framed lattice and a disc in the middle */
function back() {
  const lattice = [];
  for (let i = 1; i < 4; i++) {
    lattice.push(svg('path', { d: `M10 ${8 + i * 15} L30 ${i * 15 - 2} L50 ${8 + i * 15}`, fill: 'none', stroke: BACK_LIGHT, 'stroke-width': 1.2, opacity: 0.55 }));
  }
  return [
    svg('rect', { x: 0.5, y: 0.5, width: W - 1, height: H - 1, rx: 7, fill: IVORY, stroke: '#b8ad90', 'stroke-width': 1 }),
    svg('rect', { x: 1.5, y: 1.5, width: W - 3, height: H - 10, rx: 6, fill: BACK, stroke: BACK_DARK, 'stroke-width': 1 }),
    svg('rect', { x: 6.5, y: 6.5, width: W - 13, height: H - 20, rx: 4, fill: 'none', stroke: BACK_LIGHT, 'stroke-width': 1.6 }),
    ...lattice,
    svg('circle', { cx: 30, cy: 36, r: 8, fill: BACK_DARK, stroke: BACK_LIGHT, 'stroke-width': 1.6 }),
    svg('path', { d: `M7 3 H${W - 7}`, stroke: '#ffd3a3', 'stroke-width': 1.6, 'stroke-linecap': 'round', opacity: 0.8 }),
  ];
}

const cache = new Map();

/**
 * an <svg> of the tile `code` (null or '?' for the back); sideways: turned a quarter
 * counter-clockwise (a called tile, a riichi discard). The caller sizes it with CSS.
 */
export function tileSvg(code, { sideways = false, label = true } = {}) {
  const key = `${code ?? 'back'}|${sideways}`;
  let el = cache.get(key);
  if (!el) {
    const parts = code && code !== '?' ? face(code) : back();
    el = svg('svg', { viewBox: sideways ? `0 0 ${H} ${W}` : `0 0 ${W} ${H}`, class: 'tile-svg' },
      sideways ? svg('g', { transform: `translate(0 ${W}) rotate(-90)` }, parts) : parts);
    cache.set(key, el);
  }
  const copy = el.cloneNode(true);
  if (label && code && code !== '?') {
    copy.setAttribute('role', 'img');
    copy.setAttribute('aria-label', tileLabel(code));
  } else if (label) {
    copy.setAttribute('role', 'img');
    copy.setAttribute('aria-label', t('tile.back'));
  } else {
    copy.setAttribute('aria-hidden', 'true');
  }
  return copy;
}

/** a tile in a span sized by its class: tile(code, 'pond', { sideways }); a face up one names its code (data-tile) */
export function tile(code, size, opts = {}) {
  const span = document.createElement('span');
  span.className = `tile ${size}${opts.sideways ? ' sideways' : ''}${opts.extra ? ` ${opts.extra}` : ''}`;
  if (code && code !== '?') span.dataset.tile = code;
  span.append(tileSvg(code, opts));
  return span;
}
