// i18n.js — the admin area's language: the client's i18n (/js/i18n.js: English or Japanese, the
// choice shared with the main site, <html lang>, data-i18n markup) with the admin's strings
// added, and the admin's formats (times, durations, the switch button's name).
import { t, getLang, setLang, apply, addStrings, formatDate } from '/js/i18n.js';
import { en, ja } from './strings.js';

addStrings({ en, ja });

export { t, getLang, setLang };

/** sets <html lang>, the title and every [data-i18n] text and [data-i18n-aria] label */
export const translate = apply;

/** the other language's name, for the switch button */
export function otherLangName() {
  return getLang() === 'ja' ? 'English' : '日本語';
}

/** a Unix-ms time as a local date and time in the current language */
export function formatTime(ms) {
  if (ms === null || ms === undefined) return '—';
  return formatDate(ms, { short: true });
}

/** a duration in ms, short: "42 s", "3 min 5 s", "2 h 10 min" */
export function formatDuration(ms) {
  const s = Math.max(0, Math.floor(ms / 1000));
  if (s < 60) return t('time.s', { n: s });
  if (s < 3600) return t('time.m', { m: Math.floor(s / 60), s: s % 60 });
  return t('time.h', { h: Math.floor(s / 3600), m: Math.floor((s % 3600) / 60) });
}
