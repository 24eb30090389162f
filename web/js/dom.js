// dom.js — a small element builder and helpers shared by the views (no inline styles or
// handlers: the server's Content-Security-Policy forbids them; everything goes through the DOM).
const SVG_NS = 'http://www.w3.org/2000/svg';

/**
 * h('button.primary', { onclick, 'aria-label': … , dataset: { kind: 'pon' } }, 'Pon', child…)
 * Tag with optional .classes and #id; attributes: on* are listeners, `dataset` sets data-*,
 * `text` sets textContent, booleans toggle attributes; children are nodes, strings or arrays.
 */
export function h(spec, attrs = {}, ...children) {
  const [, tag, rest] = /^([a-z0-9-]+)(.*)$/i.exec(spec);
  const el = document.createElement(tag);
  applySpec(el, rest);
  setAttrs(el, attrs);
  append(el, children);
  return el;
}

/** an SVG element: svg('rect', { x: 1, y: 2 }) */
export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(SVG_NS, tag);
  for (const [k, v] of Object.entries(attrs))
    if (v !== undefined && v !== null && v !== false) el.setAttribute(k, String(v));
  append(el, children);
  return el;
}

function applySpec(el, rest) {
  for (const m of rest.matchAll(/([.#])([^.#]+)/g)) {
    if (m[1] === '.') el.classList.add(m[2]);
    else el.id = m[2];
  }
}

function setAttrs(el, attrs) {
  if (!attrs) return;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'dataset') Object.assign(el.dataset, v);
    else if (k === 'text') el.textContent = v;
    else if (k === 'class') el.className = v;
    else if (v === true) el.setAttribute(k, '');
    else el.setAttribute(k, String(v));
  }
}

function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
}

/** replaces every child of `el` */
export function replace(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

/** 12,300 / −8,000 / +8,000 for point deltas */
export function signed(n) {
  const s = Math.abs(n).toLocaleString('en-US');
  return n > 0 ? `+${s}` : n < 0 ? `−${s}` : '0';
}

/** 12,300 / −8,000: a number as the pages show it, one minus sign (U+2212) like signed() */
export function number(n) {
  const s = Math.abs(Number(n)).toLocaleString('en-US');
  return Number(n) < 0 ? `−${s}` : s;
}

/** a touch screen without a mouse (a coarse pointer or no hover): the texts say "tap" there */
export const TOUCH = window.matchMedia('(pointer: coarse), (hover: none)');
