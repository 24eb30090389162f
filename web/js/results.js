// results.js — the end of a hand and of the match, with the points explained. A win (the first
// ends the match) fills the window: the winning hand large with its melds, kita and the winning
// tile apart, the dora and ura dora indicators each with its dora (wins.js), then the yaku one by
// one with their han, han/fu/limit, the hand's value plus honba and riichi sticks, and every
// seat's points from the start of the hand through its riichi deposit and the hand's payment to
// the final points and the match result (final − start), told in order by revealResult
// (reveal.js). An exhaustive draw: the tenpai hands, the noten payments, who deals next and what
// carries over. The match end takes the focus (dialog.js); its buttons stay in view.
import { h, signed, number } from './dom.js';
import { sortTiles } from './notation.js';
import { tile } from './tiles.js';
import { t, has } from './i18n.js';
import { meldEl, seatName, WINDS } from './board.js';
import { yakuName, winTitle, winHandEl, indicatorsEl, yakuListEl, scoreEls, breakdownEl } from './wins.js';
import { revealSteps } from './reveal.js';
import { rankChangeEl } from './rankchange.js';

export { yakuName };

function paymentsEl(g, payments) {
  return h('table.payments', {},
    h('tbody', {}, payments.map((p, seat) => h(`tr${seat === g.me ? '.me' : ''}`, { dataset: { seat: String(seat) } },
      h('th', { scope: 'row' }, seatName(g, seat)),
      h(`td.num${p > 0 ? '.plus' : p < 0 ? '.minus' : ''}`, {}, signed(p))))));
}

/**
 * a live win shaped as a stored one: the melds, kita and dora it was won with; from a server
 * that does not send the points' parts, they are worked out: the sticks the winner took, and
 * the rest of its gain above the hand's value is honba
 */
export function asRecord(g, w) {
  const s = g.seats[w.seat];
  let score = w.score;
  if (!('honba_points' in score) && w.payments) {
    const sticks = (w.sticksTaken || 0) * g.numbers.riichi_stick;
    score = { ...score, sticks_points: sticks, honba_points: w.payments[w.seat] - score.points - sticks };
  }
  return { ...w, score, melds: w.melds || (s ? s.melds : []), kita: w.kita || (s ? s.kita : []), dora: w.dora || g.dora };
}

/** who deals the next hand and what it starts with: the event's `next`, or worked out */
function nextHand(g, e, sticks) {
  if (e.next) return e.next;
  const stays = e.type !== 'exhaustive_draw' || e.tenpai[g.dealer];
  return { dealer: stays ? g.dealer : (g.dealer + 1) % g.players, honba: g.honba + 1, sticks, kyoku: null, round_wind: null };
}

function nextEl(g, e, sticks) {
  const next = nextHand(g, e, sticks);
  const round = next.kyoku ? t('table.kyoku', { wind: t(`round.${WINDS[next.round_wind]}`), n: next.kyoku }) : null;
  return h('div.next-hand', {},
    h('p.next-dealer', {}, t(`result.next_${round ? 'round' : 'dealer'}${next.dealer === g.dealer ? '_stays' : ''}`, { round, name: seatName(g, next.dealer) })),
    h('p.carry', {}, t('result.carry', { honba: t('table.honba_n', { n: next.honba }), sticks: t('table.sticks_n', { n: next.sticks }) })));
}

/** an exhaustive or abortive draw, shown while the table waits for the next hand */
export function drawEl(g, e, onClose, sticks = g.sticks) {
  const body = h('div.draw-body');
  if (e.type === 'exhaustive_draw') {
    body.append(h('ul.tenpai', {}, e.tenpai.map((tp, seat) => h('li', { dataset: { seat: String(seat) } },
      h('span.who', {}, seatName(g, seat)),
      h(`span.state${tp ? '.yes' : '.no'}`, {}, t(tp ? 'result.tenpai' : 'result.noten')),
      tp && e.hands && e.hands[String(seat)] ? h('span.tiles', {}, sortTiles(e.hands[String(seat)]).map((c) => tile(c, 'mini'))) : null,
      tp && g.seats[seat] && g.seats[seat].melds.length
        ? h('span.melds', {}, g.seats[seat].melds.map((m) => meldEl(g, m, seat, 'mini'))) : null))));
  } else {
    body.append(h('p', {}, has(`abort.${e.kind}`) ? t(`abort.${e.kind}`) : e.kind));
  }
  body.append(paymentsEl(g, e.payments), nextEl(g, e, sticks));
  return h('section.draw-result', { role: 'region', 'aria-label': t(e.type === 'exhaustive_draw' ? 'result.draw' : 'result.abort') },
    h('h3', {}, t(e.type === 'exhaustive_draw' ? 'result.draw' : 'result.abort')),
    body,
    h('p.muted', {}, t('result.draw_goes_on')),
    h('button.secondary', { type: 'button', onclick: onClose, dataset: { kind: 'close-draw' } }, t('common.close')));
}

/**
 * every seat's points through the last hand: [{ seat, before, deposit, hand, after, result }]
 * — before: at the hand's start; deposit: the riichi stick it put down in this hand; hand: what
 * the hand's wins paid or cost it; after: final points; result: final − starting points
 */
export function pointRows(g) {
  const end = g.end;
  return [...Array(g.players).keys()].map((seat) => {
    const before = g.handStart.points[seat];
    const deposit = g.deposits[seat];
    const hand = g.wins.reduce((sum, w) => sum + (w.payments ? w.payments[seat] : 0), 0);
    const after = end ? end.points[seat] : before + deposit + hand;
    return { seat, before, deposit, hand, after, result: end ? end.results[seat] : after - g.numbers.start_points };
  });
}

function standings(g) {
  const rows = pointRows(g).sort((a, b) => b.after - a.after || a.seat - b.seat);
  const cls = (n) => (n > 0 ? '.plus' : n < 0 ? '.minus' : '');
  return h('table.standings', {},
    h('thead', {}, h('tr', {}, h('th', {}, t('result.place')), h('th', {}, t('result.player')),
      h('th.num', {}, t('result.before')), h('th.num', {}, t('result.deposit')), h('th.num', {}, t('result.hand_pay')),
      h('th.num', {}, t('result.final_points')), h('th.num', {}, t('result.result')))),
    h('tbody', {}, rows.map((r, i) => h(`tr${r.seat === g.me ? '.me' : ''}`, { dataset: { seat: String(r.seat) } },
      h('td', {}, String(i + 1)), h('td', {}, h('span.player-name', {}, seatName(g, r.seat))),
      h('td.num.before', {}, number(r.before)),
      h(`td.num.deposit${cls(r.deposit)}`, {}, r.deposit ? signed(r.deposit) : '–'),
      h(`td.num.hand-pay${cls(r.hand)}`, {}, signed(r.hand)),
      h('td.num.final', {}, number(r.after)),
      h(`td.num.result-value${cls(r.result)}`, {}, signed(r.result))))));
}

function title(g) {
  if (g.closed) return t('result.closed');
  const w = g.wins[0];
  if (!w) return t('result.match_over');
  return w.seat === g.me ? t('result.you_win') : t('result.wins', { name: seatName(g, w.seat) });
}

/** one win at the table: its hand with the indicators (top), its yaku and score (beside the points) */
function winParts(g, w, name) {
  const r = asRecord(g, w);
  return {
    hand: h('section.win-hand', { dataset: { seat: String(w.seat) } },
      h('h3', {}, winTitle(r, name)), winHandEl(r, g.players), indicatorsEl(r, g.players)),
    score: h('section.win-score', { dataset: { seat: String(w.seat) } },
      g.wins.length > 1 ? h('h4', {}, winTitle(r, name)) : null,
      yakuListEl(r.score), scoreEls(r.score, name), breakdownEl(r.score)),
  };
}

/** the match's end, full-window: the wins of its last hand, everybody's points, and where to go next */
export function matchEndEl(g, { onLobby, onAgain, onLeaderboard }) {
  const end = g.end;
  const mine = end ? end.results[g.me] : 0;
  const name = (seat) => seatName(g, seat);
  const panel = h('div.match-end', { role: 'dialog', 'aria-modal': 'true', 'aria-labelledby': 'match-end-title' });
  const head = h('header.match-end-head', {}, h('h2#match-end-title', {}, title(g)),
    end ? h(`p.your-result${mine > 0 ? '.plus' : mine < 0 ? '.minus' : ''}`, {}, t('result.yours', { result: signed(mine) })) : null,
    h('button.secondary.skip', { type: 'button', hidden: true, dataset: { kind: 'skip' } }, t('result.skip')));
  const wins = g.wins.map((w) => winParts(g, w, name));
  const points = h('div.points-col', {});
  if (g.closed) points.append(h('p', {}, g.closed.reason || ''));
  if (g.gone && !end) points.append(h('p', {}, t('result.gone')));
  if (end) {
    points.append(h('h3', {}, t('result.points_title')), standings(g));
    if (!g.ranked) points.append(h('p.muted', {}, t(g.private ? 'result.private_not_ranked' : 'result.not_ranked')));
    else points.append(rankChangeEl(g));
  }
  const revealed = end || g.closed;
  if (revealed && revealed.secret) // the walls can be checked now, on the match page (verifier.js)
    points.append(h('p.fair', {}, t('result.secret_revealed'), ' ',
      h('a', { href: `#/match/${g.table}`, dataset: { kind: 'check-walls' } }, t('result.check_walls'))));
  const body = wins.length
    ? h('div.match-end-body.with-wins', {}, h('div.hands-col', {}, wins.map((x) => x.hand)), h('div.score-col', {}, wins.map((x) => x.score)), points)
    : h('div.match-end-body', {}, points);
  panel.append(head, body,
    h('footer.buttons', {},
      h('button.primary', { type: 'button', onclick: onAgain, dataset: { kind: 'again' } }, t('result.again')),
      h('a.button', { href: `#/match/${g.table}`, dataset: { kind: 'match-page' } }, t('result.match_page')),
      end ? h('a.button', { href: `#/review/${g.table}/${g.me}/0`, dataset: { kind: 'review' } }, t('review.link')) : null,
      h('button.secondary', { type: 'button', onclick: onLeaderboard, dataset: { kind: 'leaderboard' } }, t('nav.leaderboard')),
      h('button.secondary', { type: 'button', onclick: onLobby, dataset: { kind: 'lobby' } }, t('result.lobby'))));
  return h('div.overlay.result-screen', {}, panel);
}

/**
 * tells the match end in `overlay` (matchEndEl's, in the page) in order: each win's yaku one by
 * one, its han/fu/limit, then the points; the skip button shows while it runs. told: it was
 * told already (the same result drawn again in another language): all at once. Returns stop()
 */
export function revealResult(overlay, { told = false } = {}) {
  const panel = overlay.querySelector('.match-end');
  const skip = panel.querySelector('button.skip');
  const steps = [];
  for (const win of panel.querySelectorAll('.win-score')) {
    for (const li of win.querySelectorAll('ul.yaku li')) steps.push([li]);
    steps.push([...win.querySelectorAll('.score-line, .pao')]);
  }
  steps.push([...panel.querySelectorAll('.breakdown'), panel.querySelector('.points-col')]);
  const run = revealSteps(panel, told ? [] : steps, { onDone: () => { skip.hidden = true; } });
  skip.hidden = !!run.done();
  skip.onclick = run.skip;
  return run.stop;
}
