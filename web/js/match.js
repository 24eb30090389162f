// match.js — #/match/ID: a finished match: its players with final points and results, every
// winning hand in full (wins.js), the downloads of its log as tenhou.net/6 JSON and as mjai JSON
// lines, and its walls checked in the browser (verifier.js); links to its replay and its review
// (#/review/ID/SEAT/0, replay.js's review mode) from the signed-in player's seat.
import { h, replace, signed, number } from './dom.js';
import { t, onLangChange, formatDate } from './i18n.js';
import { api, matchLogUrl } from './api.js';
import { storedWinEl } from './wins.js';
import { fairnessSection } from './verifier.js';
import { botBadge } from './bots.js';
import { currentUser } from './session.js';

/** the seat a review opens on: the signed-in player's, else the first human's, else seat 0 */
function reviewSeat(data) {
  const me = currentUser();
  const p = data.players.find((x) => me && x.user_id === me.id) || data.players.find((x) => !x.bot);
  return p ? p.seat : 0;
}

export function mountMatch(root, params) {
  let data = null, failed = null;
  function render() {
    if (failed) { replace(root, h('p.error', {}, failed.status === 404 ? t('match.not_found') : t('common.load_failed'))); return; }
    if (!data) { replace(root, h('p.muted', {}, t('common.loading'))); return; }
    const players = [...data.players].sort((a, b) => b.final_points - a.final_points || a.seat - b.seat);
    const mode = data.mode;
    const name = (seat) => (data.players.find((p) => p.seat === seat) || {}).display_name || t('table.seat', { n: seat + 1 });
    replace(root, h('div.match-page', {},
      h('h1', {}, t('match.title', { mode: t(`mode.${mode}`) })),
      h('p.muted', {}, formatDate(data.ended_at), ' · ', t('match.hands', { n: data.hands }), ' · ',
        data.private ? t('match.private') : data.ranked ? t('table.ranked') : t('table.unranked'), data.voided_at ? ` · ${t('match.voided')}` : ''),
      h('table.standings', {},
        h('thead', {}, h('tr', {}, h('th', {}, t('result.place')), h('th', {}, t('result.player')),
          h('th.num', {}, t('result.final_points')), h('th.num', {}, t('result.result')))),
        h('tbody', {}, players.map((p, i) => h('tr', {},
          h('td', {}, String(i + 1)),
          h('td', {}, p.user_id ? [h('a', { href: `#/player/${p.user_id}` }, p.display_name), botBadge(p)] : p.display_name),
          h('td.num', {}, number(p.final_points)),
          h(`td.num${p.result > 0 ? '.plus' : p.result < 0 ? '.minus' : ''}`, {}, signed(p.result)))))),
      h('h2', {}, t('match.wins')),
      (data.wins || []).length ? data.wins.map((w) => storedWinEl(w, { players: data.players.length, name }))
        : h('p.muted', {}, t('match.no_wins')),
      h('div.buttons', {}, h('a.button.primary', { href: `#/replay/${data.id}`, dataset: { kind: 'replay' } }, t('match.replay')),
        h('a.button', { href: `#/review/${data.id}/${reviewSeat(data)}/0`, dataset: { kind: 'review' } }, t('review.link'))),
      h('h2', {}, t('match.logs')),
      h('div.buttons', {},
        h('a.button', { href: matchLogUrl(data.id, 'tenhou'), download: `ippon-${data.id}.tenhou.json`, dataset: { kind: 'tenhou' } }, t('match.tenhou')),
        h('a.button', { href: matchLogUrl(data.id, 'mjai'), download: `ippon-${data.id}.mjai.jsonl`, dataset: { kind: 'mjai' } }, t('match.mjai'))),
      fairnessSection(data, name)));
  }
  api(`/matches/${encodeURIComponent(params.id)}`).then((d) => { data = d; render(); }, (e) => { failed = e; render(); });
  const off = onLangChange(render);
  render();
  return off;
}
