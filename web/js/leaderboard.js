// leaderboard.js — #/leaderboard/MODE/PERIOD/PAGE: mode and period tabs, 50 players a page
// with previous / next, your own row marked, names linking to profiles.
import { h, replace, signed, number } from './dom.js';
import { t, onLangChange } from './i18n.js';
import { api } from './api.js';
import { currentUser } from './session.js';

const MODES = ['4p', '3p'];
const PERIODS = ['all', 'month', 'week', 'day'];
const LIMIT = 50;

function tabs(items, current, labelOf, hrefOf, aria) {
  return h('nav.tabs', { 'aria-label': aria }, items.map((x) =>
    h(`a.tab${x === current ? '.on' : ''}`, { href: hrefOf(x), 'aria-current': x === current ? 'page' : null, dataset: { tab: x } }, labelOf(x))));
}

export function mountLeaderboard(root, params) {
  const mode = MODES.includes(params.mode) ? params.mode : '4p';
  const period = PERIODS.includes(params.period) ? params.period : 'all';
  const page = Math.max(1, Number.parseInt(params.page, 10) || 1);
  const href = (m, p, n) => `#/leaderboard/${m}/${p}/${n}`;
  let data = null, failed = null;

  function render() {
    const me = currentUser();
    const body = failed ? h('p.error', {}, t('common.load_failed'))
      : !data ? h('p.muted', {}, t('common.loading'))
      : !data.rows.length ? h('p.muted.empty-board', {}, t('board.empty'))
      : h('table.leaderboard', {},
        h('thead', {}, h('tr', {}, ['rank', 'player', 'games', 'total', 'average', 'wins', 'best'].map((k) =>
          h(`th${k === 'player' ? '' : '.num'}`, { scope: 'col' }, t(`board.${k}`))))),
        h('tbody', {}, data.rows.map((r) => h(`tr${me && me.id === r.user_id ? '.me' : ''}`, { dataset: { user: r.user_id } },
          h('td.num', {}, String(r.rank)),
          h('td', {}, h('a', { href: `#/player/${r.user_id}` }, r.display_name)),
          h('td.num', {}, String(r.games)),
          h(`td.num${r.total > 0 ? '.plus' : r.total < 0 ? '.minus' : ''}`, {}, signed(r.total)),
          h('td.num', {}, signed(Math.round(r.average))),
          h('td.num', {}, String(r.wins)),
          h('td.num', {}, number(r.best))))));
    const pages = data ? Math.max(1, Math.ceil(data.total / LIMIT)) : 1;
    replace(root, h('div.leaderboard-page', {},
      h('h1', {}, t('board.title')),
      tabs(MODES, mode, (m) => t(`mode.${m}`), (m) => href(m, period, 1), t('board.mode')),
      tabs(PERIODS, period, (p) => t(`period.${p}`), (p) => href(mode, p, 1), t('board.period')),
      body,
      h('nav.pager', { 'aria-label': t('board.pages') },
        page > 1 ? h('a.button.secondary', { href: href(mode, period, page - 1), rel: 'prev', dataset: { kind: 'prev' } }, t('board.prev')) : null,
        h('span', {}, t('board.page', { page, pages })),
        page < pages ? h('a.button.secondary', { href: href(mode, period, page + 1), rel: 'next', dataset: { kind: 'next' } }, t('board.next')) : null),
      data ? h('p.muted', {}, t('board.min_games', { n: data.min_games })) : null));
  }

  api(`/leaderboard?mode=${mode}&period=${period}&page=${page}&limit=${LIMIT}`)
    .then((d) => { data = d; render(); }, (e) => { failed = e; render(); });
  const off = onLangChange(render);
  render();
  return off;
}
