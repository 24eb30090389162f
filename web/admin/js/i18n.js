// i18n.js — the admin area's language: English or Japanese, shared with the main site's choice
// (localStorage "ippon.lang"), set as <html lang>; static markup carries data-i18n keys.
import { en, ja } from './strings.js';

const DICTS = { en, ja };
const KEY = 'ippon.lang';

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved && DICTS[saved]) return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

let lang = initial();

export function getLang() {
  return lang;
}

/** the text of key in the current language, {name} placeholders filled from vars */
export function t(key, vars = {}) {
  const s = DICTS[lang][key] ?? DICTS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** translate [data-i18n] texts and [data-i18n-aria] labels under root */
export function translate(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  document.documentElement.lang = lang;
}

export function setLang(next) {
  if (!DICTS[next]) return;
  lang = next;
  localStorage.setItem(KEY, next);
  translate();
}

/** the other language's name, for the switch button */
export function otherLangName() {
  return lang === 'ja' ? 'English' : '日本語';
}

/** a Unix-ms time as a local date and time in the current language */
export function formatTime(ms) {
  if (ms === null || ms === undefined) return '—';
  return new Intl.DateTimeFormat(lang === 'ja' ? 'ja-JP' : 'en-GB', { dateStyle: 'short', timeStyle: 'medium' })
    .format(new Date(ms));
}

/** a duration in ms, short: "42 s", "3 min 5 s", "2 h 10 min" */
export function formatDuration(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return t('time.s', { n: s });
  if (s < 3600) return t('time.m', { m: Math.floor(s / 60), s: s % 60 });
  return t('time.h', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}
