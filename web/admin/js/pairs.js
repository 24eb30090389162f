// pairs.js — the Pairs section: players who often meet at ranked tables (GET /api/admin/pairs),
// most games together first, with each one's result in those games and the rons each won on the
// other's discard, so an administrator can spot two accounts feeding each other. Each player
// links to their public profile (their matches, each with its log); the window (the last 7, 30
// or 90 days) and the threshold of games together can be changed.
import { api, query } from '/js/api.js';
import { t, formatTime } from './i18n.js';
import { h, replace, signed } from '/js/dom.js';
import { errorText, pager, table } from './dom.js';

const LIMIT = 50;
const WINDOWS = [7, 30, 90];

function playerCells(p) {
  return [h('td', {}, h('a', { href: `/#/player/${encodeURIComponent(p.id)}`, target: '_blank', rel: 'noopener' }, p.display_name),
    ' ', h('code', { class: 'small' }, p.id.slice(0, 8))),
    h('td', { class: `num ${p.total > 0 ? 'plus' : p.total < 0 ? 'minus' : ''}` }, signed(p.total)),
    h('td', { class: 'num' }, String(p.won_from_other))];
}

export function pairsView(root) {
  const state = { minGames: 2, days: 7, page: 1 };
  const list = h('div');
  const days = h('select', { id: 'pairs-days', onchange: () => { state.days = Number(days.value); state.page = 1; load(); } },
    WINDOWS.map((d) => h('option', { value: String(d) }, t('pairs.days', { n: d }))));
  const min = h('input', { id: 'pairs-min', type: 'number', min: '1', value: String(state.minGames), class: 'short',
    onchange: () => {
      const v = Number(min.value);
      if (Number.isInteger(v) && v >= 1) {
        state.minGames = v;
        state.page = 1;
        load();
      }
    } });

  async function load() {
    let data;
    try {
      data = await api(`/admin/pairs${query({ days: state.days, min_games: state.minGames, page: state.page, limit: LIMIT })}`);
    } catch (e) {
      replace(list, h('p', { class: 'error' }, errorText(e)));
      return;
    }
    if (!data.pairs.length) {
      replace(list, h('p', { class: 'muted' }, t('pairs.none')));
      return;
    }
    replace(list, table(['pairs.col.games', 'pairs.col.player', 'pairs.col.total', 'pairs.col.won_from',
      'pairs.col.player', 'pairs.col.total', 'pairs.col.won_from', 'pairs.col.last'],
    data.pairs.map((p) => h('tr', { 'data-games': String(p.games) },
      h('td', { class: 'num' }, String(p.games)), playerCells(p.players[0]), playerCells(p.players[1]),
      h('td', {}, formatTime(p.last_at)))),
    { id: 'pairs' }), pager(state.page, LIMIT, data.total, (pg) => { state.page = pg; load(); }));
  }

  replace(root, h('h1', {}, t('pairs.title')), h('p', { class: 'muted' }, t('pairs.lead')),
    h('div', { class: 'buttons' }, h('label', { for: 'pairs-days' }, t('pairs.window')), days,
      h('label', { for: 'pairs-min' }, t('pairs.min_games')), min,
      h('button', { type: 'button', onclick: load }, t('refresh'))), list);
  load();
  return () => {};
}
