// i18n.js — every visible string goes through t(key, vars). One dictionary per language
// (lang/ja.js, lang/en.js); the choice is kept in localStorage and set as <html lang>.
// Elements with data-i18n="key" (and data-i18n-aria="key" for aria-label) are translated in
// place, so static markup in index.html follows the language too. The admin area adds its own
// strings with addStrings and shares the language choice.
// Counts: a text that depends on a number is stored as its plural forms, 'key.one', 'key.other'
// (the categories of Intl.PluralRules for that language: English one/other, Japanese other
// only), and t('key', { n }) picks the form for n.
import en from './lang/en.js';
import ja from './lang/ja.js';

const DICTS = { en: { ...en }, ja: { ...ja } };
const KEY = 'ippon.lang';
const listeners = new Set();

function initial() {
  const saved = localStorage.getItem(KEY);
  if (saved && DICTS[saved]) return saved;
  return (navigator.language || 'en').toLowerCase().startsWith('ja') ? 'ja' : 'en';
}

let lang = initial();

export function getLang() {
  return lang;
}

const pluralRules = {};

/** the plural category of n in language `code`: 'one', 'other'… */
function category(code, n) {
  pluralRules[code] ??= new Intl.PluralRules(code);
  return pluralRules[code].select(n);
}

/** the raw text of `key` in language `code`: its plural form for a numeric vars.n when it has forms */
function lookup(code, key, vars) {
  const dict = DICTS[code];
  if (`${key}.other` in dict) {
    const n = vars.n;
    const form = typeof n === 'number' && Number.isFinite(n) ? category(code, n) : 'other';
    return dict[`${key}.${form}`] ?? dict[`${key}.other`];
  }
  return dict[key];
}

/** the text of `key` in the current language with {name} placeholders filled in */
/** a time (Unix ms) as a date and time in the page's language: "4 Dec 2026, 14:05", 「2026/12/04 14:05」;
    short: the numbers only, with seconds (the admin area's tables) */
export function formatDate(ms, { short = false } = {}) {
  return new Intl.DateTimeFormat(getLang() === 'ja' ? 'ja-JP' : 'en-GB',
    short ? { dateStyle: 'short', timeStyle: 'medium' } : { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(ms));
}

export function t(key, vars = {}) {
  const s = lookup(lang, key, vars) ?? lookup('en', key, vars) ?? key;
  return s.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
}

/** true when the dictionaries know `key` (yaku names, abort kinds…), plain or with plural forms */
export function has(key) {
  return [DICTS[lang], DICTS.en].some((dict) => key in dict || `${key}.other` in dict);
}

/** translates every [data-i18n] / [data-i18n-aria] element under root */
export function translate(root = document) {
  for (const el of root.querySelectorAll('[data-i18n]')) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll('[data-i18n-aria]')) el.setAttribute('aria-label', t(el.dataset.i18nAria));
  for (const el of root.querySelectorAll('[data-i18n-title]')) el.setAttribute('title', t(el.dataset.i18nTitle));
}

export function setLang(next) {
  if (!DICTS[next] || next === lang) return;
  lang = next;
  localStorage.setItem(KEY, next);
  apply();
  for (const fn of listeners) fn(lang);
}

/** sets <html lang>, the title and the static texts */
export function apply() {
  document.documentElement.lang = lang;
  document.title = t('site.title');
  translate();
}

/** adds (or overrides) texts: addStrings({ en: {…}, ja: {…} }) with the same languages */
export function addStrings(more) {
  for (const [code, dict] of Object.entries(more)) {
    if (!DICTS[code]) throw new Error(`addStrings: unknown language ${code}`);
    Object.assign(DICTS[code], dict);
  }
}

export function onLangChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}
