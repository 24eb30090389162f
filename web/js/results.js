// results.js — the end of a hand and of the match: the winning hand with its melds, the dora
// and ura dora indicators, yaku with han, fu, points and payments; an exhaustive draw with the
// tenpai hands (and their melds) and the penalties; an abortive draw; the match end with every
// player's final points and result (or why the table closed).
import { h, signed, number } from './dom.js';
import { tile, sortTiles } from './tiles.js';
import { t, has } from './i18n.js';
import { meldEl, seatName } from './board.js';

export function yakuName(y) {
  return has(`yaku.${y.id}`) ? t(`yaku.${y.id}`) : y.name;
}

function handTiles(g, seat, hand, winTile) {
  const rest = [...hand];
  if (winTile && rest.length % 3 === 2) {
    const i = rest.lastIndexOf(winTile);
    if (i >= 0) rest.splice(i, 1);
  }
  const s = g.seats[seat];
  return h('div.result-hand', { role: 'group', 'aria-label': t('result.hand') },
    h('span.concealed', {}, sortTiles(rest).map((c) => tile(c, 'result'))),
    winTile ? h('span.win-tile', { title: t('result.win_tile') }, tile(winTile, 'result')) : null,
    s && s.melds.length ? h('span.melds', {}, s.melds.map((m) => meldEl(g, m, seat, 'result'))) : null,
    s && s.kita.length ? h('span.kita', {}, s.kita.map((c) => tile(c, 'result'))) : null);
}

function paymentsEl(g, payments) {
  return h('table.payments', {},
    h('tbody', {}, payments.map((p, seat) => h(`tr${seat === g.me ? '.me' : ''}`, {},
      h('th', { scope: 'row' }, seatName(g, seat)),
      h(`td.num${p > 0 ? '.plus' : p < 0 ? '.minus' : ''}`, {}, signed(p))))));
}

function scoreLine(s) {
  if (s.yakuman) return t('result.yakuman', { n: s.yakuman, points: number(s.points) });
  const limit = s.limit ? ` · ${t(`limit.${s.limit}`)}` : '';
  return `${t('result.han_fu', { han: s.han, fu: s.fu })}${limit} · ${t('result.points', { points: number(s.points) })}`;
}

function winEl(g, w) {
  const title = w.from === w.seat || w.from < 0
    ? t('result.tsumo', { name: seatName(g, w.seat) })
    : t('result.ron', { name: seatName(g, w.seat), from: seatName(g, w.from) });
  return h('section.win', {},
    h('h3', {}, title),
    handTiles(g, w.seat, w.hand, w.tile),
    h('div.indicators', {},
      h('span.ind-label', {}, t('result.dora')), h('span.ind', {}, g.dora.map((c) => tile(c, 'mini'))),
      h('span.ind-label', {}, t('result.ura')),
      h('span.ind', {}, w.ura.length ? w.ura.map((c) => tile(c, 'mini')) : t('result.none'))),
    h('ul.yaku', {}, w.score.yaku.map((y) => h('li', {}, h('span.yaku-name', {}, yakuName(y)),
      h('span.yaku-han', {}, y.yakuman ? t('result.yakuman_short', { n: y.yakuman }) : t('result.han', { n: y.han }))))),
    h('p.score-line', {}, scoreLine(w.score)),
    paymentsEl(g, w.payments));
}

/** an exhaustive or abortive draw, shown over the board while play goes on */
export function drawEl(g, e, onClose) {
  const body = h('div.draw-body');
  if (e.type === 'exhaustive_draw') {
    body.append(h('ul.tenpai', {}, e.tenpai.map((tp, seat) => h('li', {},
      h('span.who', {}, seatName(g, seat)),
      h(`span.state${tp ? '.yes' : '.no'}`, {}, t(tp ? 'result.tenpai' : 'result.noten')),
      tp && e.hands && e.hands[String(seat)] ? h('span.tiles', {}, sortTiles(e.hands[String(seat)]).map((c) => tile(c, 'mini'))) : null,
      tp && g.seats[seat] && g.seats[seat].melds.length
        ? h('span.melds', {}, g.seats[seat].melds.map((m) => meldEl(g, m, seat, 'mini'))) : null))));
  } else {
    body.append(h('p', {}, has(`abort.${e.kind}`) ? t(`abort.${e.kind}`) : e.kind));
  }
  body.append(paymentsEl(g, e.payments));
  return h('div.draw-result', { role: 'dialog', 'aria-label': t('result.draw') },
    h('h3', {}, t(e.type === 'exhaustive_draw' ? 'result.draw' : 'result.abort')),
    body,
    h('p.muted', {}, t('result.draw_goes_on')),
    h('button.secondary', { type: 'button', onclick: onClose, dataset: { kind: 'close-draw' } }, t('common.close')));
}

function standings(g, end) {
  const order = [...Array(g.players).keys()].sort((a, b) => end.points[b] - end.points[a] || a - b);
  return h('table.standings', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('result.place')), h('th', {}, t('result.player')),
      h('th.num', {}, t('result.final_points')), h('th.num', {}, t('result.result')))),
    h('tbody', {}, order.map((seat, i) => h(`tr${seat === g.me ? '.me' : ''}`, { dataset: { seat: String(seat) } },
      h('td', {}, String(i + 1)), h('td', {}, seatName(g, seat)),
      h('td.num', {}, number(end.points[seat])),
      h(`td.num.result-value${end.results[seat] > 0 ? '.plus' : end.results[seat] < 0 ? '.minus' : ''}`, {}, signed(end.results[seat]))))));
}

/** the match's end: the wins of its last hand, the standings and where to go next */
export function matchEndEl(g, { onLobby, onAgain, onLeaderboard }) {
  const end = g.end;
  const mine = end ? end.results[g.me] : 0;
  const panel = h('div.match-end', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'match-end-title' });
  panel.append(h('h2#match-end-title', {}, g.closed ? t('result.closed') : t('result.match_over')));
  if (g.closed) panel.append(h('p', {}, g.closed.reason || ''));
  if (g.gone && !end) panel.append(h('p', {}, t('result.gone')));
  for (const w of g.wins) panel.append(winEl(g, w));
  if (end) {
    panel.append(h(`p.your-result${mine > 0 ? '.plus' : mine < 0 ? '.minus' : ''}`, {}, t('result.yours', { result: signed(mine) })));
    panel.append(standings(g, end));
    if (!g.ranked) panel.append(h('p.muted', {}, t('result.not_ranked')));
  }
  const seeds = end ? end.seeds : g.closed ? g.closed.seeds : null;
  if (seeds && seeds.length)
    panel.append(h('p.fair', {}, t('result.seeds'), ' ', seeds.map((s, i) =>
      h('a', { href: `/api/fairness?mode=${g.mode}&seed=${s}`, target: '_blank', rel: 'noopener' }, t('result.seed_n', { n: i + 1 })))));
  panel.append(h('div.buttons', {},
    h('button.primary', { type: 'button', onclick: onAgain, dataset: { kind: 'again' } }, t('result.again')),
    h('a.button', { href: `#/match/${g.table}`, dataset: { kind: 'match-page' } }, t('result.match_page')),
    h('button.secondary', { type: 'button', onclick: onLeaderboard, dataset: { kind: 'leaderboard' } }, t('nav.leaderboard')),
    h('button.secondary', { type: 'button', onclick: onLobby, dataset: { kind: 'lobby' } }, t('result.lobby'))));
  return h('div.overlay', {}, panel);
}
