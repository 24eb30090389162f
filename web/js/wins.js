// wins.js — one win drawn in full, as stored in a match record ("wins" of GET /api/matches/ID;
// the match page) or shaped like one from the table's events (results.js): the concealed tiles
// with the winning tile set apart, the melds as at the table (board.js's meldEl), the kita, the
// dora and ura dora indicators (at the table's result, each with the dora it points at), the
// yaku with han, fu and limit, the points (hand value, honba, riichi sticks), pao and the
// payments. Older records lack melds, kita, dora and the points' parts: what a record does not
// have is left out. The parts are exported for the table's full-window result, which lays them
// out on its own; storedWinEl puts them together for the match page.
import { h, signed, number } from './dom.js';
import { t, has } from './i18n.js';
import { sortTiles } from './notation.js';
import { tile, tileLabel } from './tiles.js';
import { meldEl } from './board.js';
import { doraOf } from './tenpai.js';

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

/** who won and how: "Aki: tsumo" / "Aki: ron from Rin" */
export function winTitle(w, name) {
  const tsumo = w.from === w.seat || w.from < 0;
  return tsumo ? t('result.tsumo', { name: name(w.seat) }) : t('result.ron', { name: name(w.seat), from: name(w.from) });
}

/** the winning hand: concealed tiles, the winning tile apart, melds, kita */
export function winHandEl(w, players) {
  const melds = w.melds || [], kita = w.kita || [];
  return h('div.result-hand', { role: 'group', 'aria-label': t('result.hand') },
    h('span.concealed', {}, concealedTiles(w).map((c) => tile(c, 'result'))),
    h('span.win-tile', { title: t('result.win_tile') }, tile(w.tile, 'result')),
    melds.length ? h('span.melds', { role: 'group', 'aria-label': t('match.melds') },
      melds.map((m) => meldEl({ players }, m, w.seat, 'result'))) : null,
    kita.length ? h('span.kita', { role: 'group', 'aria-label': t('table.kita_count', { n: kita.length }) },
      kita.map((c) => tile(c, 'result'))) : null);
}

/** one row of indicators; with `players`, each indicator followed by the dora it points at */
function indicatorRow(kind, label, codes, players) {
  if (!players) return [h('span.ind-label', {}, label), h(`span.ind.${kind}`, {}, codes.map((c) => tile(c, 'mini')))];
  return [h('span.ind-label', {}, label), h(`span.ind.${kind}`, {}, codes.map((c) => {
    const dora = doraOf(c, players);
    return h('span.ind-pair', { role: 'group', 'aria-label': t('result.indicates', { indicator: tileLabel(c), dora: tileLabel(dora) }) },
      h('span.ind-tile', {}, tile(c, 'mini')), h('span.points-at', { 'aria-hidden': 'true' }, '→'),
      h('span.dora-tile', { title: t('result.dora_tile') }, tile(dora, 'mini')));
  }))];
}

/**
 * the dora indicators (when recorded) and the ura dora indicators (when any were turned);
 * withDora: the table's size, to show beside each indicator the dora it points at
 */
export function indicatorsEl(w, withDora = 0) {
  const parts = [];
  if (w.dora) parts.push(h('span.ind-group', {}, indicatorRow('dora', t('result.dora'), w.dora, withDora)));
  if (w.ura && w.ura.length) parts.push(h('span.ind-group', {}, indicatorRow('ura', t('result.ura'), w.ura, withDora)));
  return parts.length ? h('div.indicators', {}, parts) : null;
}

/** the yaku with their han (or yakuman) */
export function yakuListEl(s) {
  return h('ul.yaku', {}, s.yaku.map((y) => h('li', {}, h('span.yaku-name', {}, yakuName(y)),
    h('span.yaku-han', {}, y.yakuman ? t('result.yakuman_short', { n: y.yakuman }) : t('result.han', { n: y.han })))));
}

function scoreLine(s) {
  if (s.yakuman) return t('result.yakuman', { n: s.yakuman, points: number(s.points) });
  const limit = s.limit ? ` · ${t(`limit.${s.limit}`)}` : '';
  return `${t('result.han_fu', { han: s.han, fu: s.fu })}${limit} · ${t('result.points', { points: number(s.points) })}`;
}

/** han, fu and limit (or yakuman) and the hand's value, then who pays for a yakuman (pao) */
export function scoreEls(s, name) {
  return [h('p.score-line', {}, scoreLine(s)),
    ...(s.pao || []).map((p) => h('p.pao', {}, t('match.pao', { name: name(p.seat), yaku: yakuName({ id: p.yaku, name: p.yaku }) })))];
}

/** hand value + honba + riichi sticks = what the winner gets, when the record has the parts */
export function breakdownEl(s) {
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
 * a stored win w as a section (the match page): players is the table's size (for the melds'
 * called tiles), name(seat) a seat's player name
 */
export function storedWinEl(w, { players, name }) {
  const s = w.score;
  return h('section.win', { dataset: { seat: String(w.seat) } },
    h('h3', {}, winTitle(w, name)),
    winHandEl(w, players),
    indicatorsEl(w),
    yakuListEl(s),
    scoreEls(s, name),
    breakdownEl(s),
    paymentsEl(w, name));
}
