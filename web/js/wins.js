// wins.js — one win drawn in full, as stored in a match record ("wins" of GET /api/matches/ID;
// the match page) or shaped like one from the table's events (results.js): the concealed tiles
// with the winning tile set apart, the melds as at the table (board.js's meldEl), the kita, the
// dora and ura dora indicators, the yaku with han, fu and limit, the points (hand value, honba,
// riichi sticks), pao and the payments. Older records lack melds, kita, dora and the points'
// parts: what a record does not have is left out.
import { h, signed, number } from './dom.js';
import { t, has } from './i18n.js';
import { sortTiles } from './notation.js';
import { tile } from './tiles.js';
import { meldEl } from './board.js';

/** a yaku's name in the current language ({ id, name }: the server's Japanese name if unknown) */
export function yakuName(y) {
  return has(`yaku.${y.id}`) ? t(`yaku.${y.id}`) : y.name;
}

/** the concealed tiles in hand order, without the winning tile (drawn apart) */
function concealedTiles(w) {
  const rest = [...w.hand];
  if (rest.length % 3 === 2) {
    const i = rest.lastIndexOf(w.tile);
    if (i >= 0) rest.splice(i, 1);
  }
  return sortTiles(rest);
}

function handEl(w, players) {
  const melds = w.melds || [], kita = w.kita || [];
  return h('div.result-hand', { role: 'group', 'aria-label': t('result.hand') },
    h('span.concealed', {}, concealedTiles(w).map((c) => tile(c, 'result'))),
    h('span.win-tile', { title: t('result.win_tile') }, tile(w.tile, 'result')),
    melds.length ? h('span.melds', { role: 'group', 'aria-label': t('match.melds') },
      melds.map((m) => meldEl({ players }, m, w.seat, 'result'))) : null,
    kita.length ? h('span.kita', { role: 'group', 'aria-label': t('table.kita_count', { n: kita.length }) },
      kita.map((c) => tile(c, 'result'))) : null);
}

/** the dora indicators (when recorded) and the ura dora indicators (when any were turned) */
function indicatorsEl(w) {
  const parts = [];
  if (w.dora) parts.push(h('span.ind-label', {}, t('result.dora')), h('span.ind.dora', {}, w.dora.map((c) => tile(c, 'mini'))));
  if (w.ura && w.ura.length) parts.push(h('span.ind-label', {}, t('result.ura')), h('span.ind.ura', {}, w.ura.map((c) => tile(c, 'mini'))));
  return parts.length ? h('div.indicators', {}, parts) : null;
}

function scoreLine(s) {
  if (s.yakuman) return t('result.yakuman', { n: s.yakuman, points: number(s.points) });
  const limit = s.limit ? ` · ${t(`limit.${s.limit}`)}` : '';
  return `${t('result.han_fu', { han: s.han, fu: s.fu })}${limit} · ${t('result.points', { points: number(s.points) })}`;
}

/** hand value + honba + riichi sticks = what the winner gets, when the record has the parts */
function breakdownEl(s) {
  if (!('honba_points' in s) && !('sticks_points' in s)) return null;
  const honba = s.honba_points || 0, sticks = s.sticks_points || 0;
  const row = (key, value) => h('tr', { dataset: { part: key } }, h('th', { scope: 'row' }, t(`match.${key}`)), h('td.num', {}, value));
  return h('table.payments.breakdown', { 'aria-label': t('match.breakdown') }, h('tbody', {},
    row('value', number(s.points)), row('honba_points', signed(honba)), row('sticks_points', signed(sticks)),
    row('gain', number(s.points + honba + sticks))));
}

function paymentsEl(w, name) {
  return h('table.payments', { 'aria-label': t('match.payments') }, h('tbody', {}, (w.payments || []).map((p, seat) =>
    h('tr', { dataset: { seat: String(seat) } }, h('th', { scope: 'row' }, name(seat)),
      h(`td.num${p > 0 ? '.plus' : p < 0 ? '.minus' : ''}`, {}, signed(p))))));
}

/**
 * a stored win w as a section: players is the table's size (for the melds' called tiles),
 * name(seat) a seat's player name; payments: false leaves out the payments table
 */
export function storedWinEl(w, { players, name, payments = true }) {
  const s = w.score;
  const tsumo = w.from === w.seat || w.from < 0;
  return h('section.win', { dataset: { seat: String(w.seat) } },
    h('h3', {}, tsumo ? t('result.tsumo', { name: name(w.seat) }) : t('result.ron', { name: name(w.seat), from: name(w.from) })),
    handEl(w, players),
    indicatorsEl(w),
    h('ul.yaku', {}, s.yaku.map((y) => h('li', {}, h('span.yaku-name', {}, yakuName(y)),
      h('span.yaku-han', {}, y.yakuman ? t('result.yakuman_short', { n: y.yakuman }) : t('result.han', { n: y.han }))))),
    h('p.score-line', {}, scoreLine(s)),
    (s.pao || []).map((p) => h('p.pao', {}, t('match.pao', { name: name(p.seat), yaku: yakuName({ id: p.yaku, name: p.yaku }) }))),
    breakdownEl(s),
    payments ? paymentsEl(w, name) : null);
}
