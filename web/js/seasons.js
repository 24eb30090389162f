// seasons.js — the point-sum board's seasons as players read them (src/server/README.md,
// "Seasons"): a season is named by its first month, "YYYY-MM", and lasts season_months months
// (1, 2, 3, 4, 6 or 12, aligned to January, UTC). Here: its name in the page's language
// ("December 2026", "October – December 2026", "2026"), the season k seasons away, and a
// profile's season history as a table.
import { h, signed } from './dom.js';
import { t, getLang } from './i18n.js';

/** "YYYY-MM" → its first month's number (year × 12 + month − 1), as the server counts seasons */
function monthNumber(season) {
  const [y, m] = season.split('-').map(Number);
  return y * 12 + (m - 1);
}

function monthText(n) {
  return `${String(Math.floor(n / 12)).padStart(4, '0')}-${String((n % 12) + 1).padStart(2, '0')}`;
}

/** the season k seasons after `season` (k < 0: before), or null before 1970 */
export function seasonStep(season, months, k) {
  const n = monthNumber(season) + k * months;
  return n < 1970 * 12 ? null : monthText(n);
}

/** a season's months in the page's language: a month, a stretch of months, or a year; short:
    the months abbreviated ("Nov 2026", for a button) */
export function seasonName(season, months, { short = false } = {}) {
  const n = monthNumber(season);
  const first = new Date(Date.UTC(Math.floor(n / 12), n % 12, 1));
  const locale = getLang() === 'ja' ? 'ja-JP' : 'en-GB';
  if (months === 12) return new Intl.DateTimeFormat(locale, { year: 'numeric', timeZone: 'UTC' }).format(first);
  const fmt = new Intl.DateTimeFormat(locale, { year: 'numeric', month: short ? 'short' : 'long', timeZone: 'UTC' });
  if (months === 1) return fmt.format(first);
  const last = new Date(Date.UTC(Math.floor((n + months - 1) / 12), (n + months - 1) % 12, 1));
  if (getLang() !== 'ja') return fmt.formatRange(first, last); // "October – December 2026"
  // Japanese: 「2026年10月～12月」 (formatRange would switch to numbers, "2026/10～2026/12")
  const sameYear = first.getUTCFullYear() === last.getUTCFullYear();
  const end = sameYear ? new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(last) : fmt.format(last);
  return `${fmt.format(first)}～${end}`;
}

/** a player's seasons of one mode (the profile's "seasons"[mode], newest first) as a table */
export function seasonTable(mode, rows, months) {
  return h('table.season-history', { dataset: { mode } },
    h('thead', {}, h('tr', {}, ['season', 'rank', 'points', 'games'].map((k) =>
      h(`th${k === 'season' ? '' : '.num'}`, { scope: 'col' }, t(`season.col.${k}`))))),
    h('tbody', {}, rows.map((r) => h('tr', { dataset: { season: r.season, final: String(r.final) } },
      h('td', {}, h('a', { href: `#/leaderboard/${mode}/season-${r.season}/1` }, seasonName(r.season, months, { short: true })),
        r.final ? null : h('span.badge', {}, t('season.running'))),
      h('td.num.season-rank', {}, r.rank === null ? t('season.unranked') : t('season.rank_of', { rank: r.rank, of: r.of })),
      h(`td.num${r.points > 0 ? '.plus' : r.points < 0 ? '.minus' : ''}`, {}, signed(r.points)),
      h('td.num', {}, String(r.games))))));
}
