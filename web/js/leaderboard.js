// leaderboard.js — #/leaderboard/MODE/VIEW/PAGE: mode tabs, board tabs (points, rating, dan),
// 50 players a page with previous / next, your own row marked, names linking to profiles. VIEW is
// a period of the points board (all, season, month, week, day; season-YYYY-MM: a season before the
// current one, with the seasons before and after a step away), or a board of the ratings (rating,
// dan), whose provisional players are a list apart (rating-provisional, dan-provisional).
import { h, replace, signed, number } from './dom.js';
import { t, onLangChange, formatDate } from './i18n.js';
import { api } from './api.js';
import { currentUser } from './session.js';
import { danName, ratingText } from './standing.js';
import { seasonName, seasonStep } from './seasons.js';
import { botBadge } from './bots.js';

const MODES = ['4p', '3p'];
const PERIODS = ['all', 'season', 'month', 'week', 'day'];
const PAST_SEASON = /^season-(\d{4}-\d{2})$/;
const BOARDS = ['points', 'rating', 'dan'];
const RATED = ['rating', 'dan', 'rating-provisional', 'dan-provisional'];
const LIMIT = 50;

function tabs(items, current, labelOf, hrefOf, aria) {
  return h('nav.tabs', { 'aria-label': aria }, items.map((x) =>
    h(`a.tab${x === current ? '.on' : ''}`, { href: hrefOf(x), 'aria-current': x === current ? 'page' : null, dataset: { tab: x } }, labelOf(x))));
}

/** the points board's table (the sums of results) */
function pointsTable(rows, me) {
  return h('table.leaderboard', {},
    h('thead', {}, h('tr', {}, ['rank', 'player', 'games', 'total', 'average', 'wins', 'best'].map((k) =>
      h(`th${k === 'player' ? '' : '.num'}.col-${k}`, { scope: 'col' }, t(`board.${k}`))))),
    h('tbody', {}, rows.map((r) => h(`tr${me && me.id === r.user_id ? '.me' : ''}`, { dataset: { user: r.user_id } },
      h('td.num', {}, String(r.rank)),
      h('td', {}, h('a', { href: `#/player/${r.user_id}` }, r.display_name), botBadge(r)),
      h('td.num', {}, String(r.games)),
      h(`td.num${r.total > 0 ? '.plus' : r.total < 0 ? '.minus' : ''}`, {}, signed(r.total)),
      h('td.num', {}, signed(Math.round(r.average))),
      h('td.num.col-wins', {}, String(r.wins)),
      h('td.num.col-best', {}, number(r.best))))));
}

/** the rating and dan boards' table: dan, rank points, rating ± uncertainty, games */
function ratedTable(rows, me) {
  return h('table.leaderboard.rated-board', {},
    h('thead', {}, h('tr', {}, ['rank', 'player', 'dan', 'rank_points', 'rating', 'games'].map((k) =>
      h(`th${k === 'player' || k === 'dan' ? '' : '.num'}.col-${k}`, { scope: 'col' }, t(`board.${k}`))))),
    h('tbody', {}, rows.map((r) => h(`tr${me && me.id === r.user_id ? '.me' : ''}`, { dataset: { user: r.user_id } },
      h('td.num', {}, String(r.rank)),
      h('td', {}, h('a', { href: `#/player/${r.user_id}` }, r.display_name), botBadge(r)),
      h('td.dan', { dataset: { dan: r.dan.id } }, danName(r.dan)),
      h('td.num', {}, String(r.rank_points)),
      h('td.num.rating', {}, ratingText(r.rating, r.uncertainty)),
      h('td.num.col-games', {}, String(r.games))))));
}

/** a season board's heading: the season's name, whether it is over, the seasons before and after */
function seasonNav(data, hrefOf) {
  const before = seasonStep(data.season, data.season_months, -1);
  const after = data.final ? seasonStep(data.season, data.season_months, 1) : null;
  return h('nav.season-nav', { 'aria-label': t('season.nav'), dataset: { season: data.season } },
    before ? h('a.button.secondary', { href: hrefOf(`season-${before}`), rel: 'prev', dataset: { kind: 'season-prev' } },
      `‹ ${seasonName(before, data.season_months, { short: true })}`) : h('span'),
    h('div.season-now', {},
      h('strong.season-name', {}, seasonName(data.season, data.season_months)),
      h('span.muted.season-state', { dataset: { final: String(data.final) } },
        data.final ? t('season.final') : t('season.ends', { date: formatDate(data.season_end - 1) }))),
    after ? h('a.button.secondary', { href: hrefOf(`season-${after}`), rel: 'next', dataset: { kind: 'season-next' } },
      `${seasonName(after, data.season_months, { short: true })} ›`) : h('span'));
}

export function mountLeaderboard(root, params) {
  const mode = MODES.includes(params.mode) ? params.mode : '4p';
  const past = PAST_SEASON.exec(params.period || '');
  const view = PERIODS.includes(params.period) || RATED.includes(params.period) || past ? params.period : 'all';
  const period = past ? 'season' : view; // the points board's tab
  const board = PERIODS.includes(period) ? 'points' : view.replace('-provisional', '');
  const provisional = view.endsWith('-provisional');
  const page = Math.max(1, Number.parseInt(params.page, 10) || 1);
  const href = (m, v, n) => `#/leaderboard/${m}/${v}/${n}`;
  let data = null, failed = null;

  function render() {
    const me = currentUser();
    const body = failed ? h('p.error', {}, t('common.load_failed'))
      : !data ? h('p.muted', {}, t('common.loading'))
      : !data.rows.length ? h('p.muted.empty-board', {}, t(provisional ? 'board.empty_provisional' : board !== 'points' ? 'board.empty_rated' : period === 'season' ? 'board.empty_season' : 'board.empty'))
      : board === 'points' ? pointsTable(data.rows, me) : ratedTable(data.rows, me);
    const pages = data ? Math.max(1, Math.ceil(data.total / LIMIT)) : 1;
    const rated = board !== 'points';
    replace(root, h('div.leaderboard-page', { dataset: { board } },
      h('h1', {}, t('board.title')),
      tabs(MODES, mode, (m) => t(`mode.${m}`), (m) => href(m, view, 1), t('board.mode')),
      tabs(BOARDS, board, (b) => t(`board.board_${b}`), (b) => href(mode, b === 'points' ? 'all' : b, 1), t('board.board')),
      rated
        ? tabs(['established', 'provisional'], provisional ? 'provisional' : 'established', (l) => t(`board.list_${l}`),
          (l) => href(mode, l === 'provisional' ? `${board}-provisional` : board, 1), t('board.list'))
        : tabs(PERIODS, period, (p) => t(`period.${p}`), (p) => href(mode, p, 1), t('board.period')),
      period === 'season' && data ? seasonNav(data, (s) => href(mode, s, 1)) : null,
      body,
      h('nav.pager', { 'aria-label': t('board.pages') },
        page > 1 ? h('a.button.secondary', { href: href(mode, view, page - 1), rel: 'prev', dataset: { kind: 'prev' } }, t('board.prev')) : null,
        h('span', {}, t('board.page', { page, pages })),
        page < pages ? h('a.button.secondary', { href: href(mode, view, page + 1), rel: 'next', dataset: { kind: 'next' } }, t('board.next')) : null),
      !data ? null
        : rated ? h('p.muted', {}, t(provisional ? 'board.provisional_note' : `board.${board}_note`))
        : h('p.muted', {}, t('board.min_games', { n: data.min_games }))));
  }

  const query = board === 'points' ? `mode=${mode}&period=${period}${past ? `&season=${past[1]}` : ''}`
    : `board=${board}&mode=${mode}&provisional=${provisional ? 1 : 0}`;
  api(`/leaderboard?${query}&page=${page}&limit=${LIMIT}`)
    .then((d) => { data = d; render(); }, (e) => { failed = e; render(); });
  const off = onLangChange(render);
  render();
  return off;
}
