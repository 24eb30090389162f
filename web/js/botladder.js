// botladder.js — the bot ladder's public page, #/bots/MODE/PAGE (src/server/README.md, "The bot
// ladder"): what the ladder is and how a bot enters it, a tab per mode, the board of rated bots
// (rank, name with the BOT badge, owner, rating mu ± sigma with "provisional", matches, win rate,
// average result, complete sets; 50 a page) and below it the mode's recent duplicate sets, each a
// small table — the set's bots, their result in each rotation linking to that match's page, their
// set total — with older sets loaded on demand. On a phone the tables drop columns rather than
// scroll sideways. Also the ladder standings a bot's profile shows (ladderStandings).
import { h, replace, signed } from './dom.js';
import { t, onLangChange, formatDate } from './i18n.js';
import { api } from './api.js';
import { botBadge } from './bots.js';
import { ratingText } from './standing.js';

const MODES = ['4p', '3p'];
const PLAYERS = { '4p': 4, '3p': 3 };
const LIMIT = 50;
const SETS_LIMIT = 5;

const href = (mode, page) => `#/bots/${mode}/${page}`;
const signClass = (n) => (n > 0 ? '.plus' : n < 0 ? '.minus' : '');

/** a bot's name linking to its profile, with the BOT badge */
function botName(u) {
  return [h('a', { href: `#/player/${u.id}` }, u.display_name), botBadge({ bot: true, user_id: u.id })];
}

/** "1621 ± 90", and "provisional" when it is */
function ratingCell(r) {
  return [h('span.rating-value', {}, ratingText(r.mu, r.sigma)),
    r.provisional ? h('span.badge.provisional', { title: t('rating.provisional_hint') }, t('rating.provisional')) : null];
}

function boardTable(bots) {
  const cols = ['rank', 'bot', 'owner', 'rating', 'matches', 'win_rate', 'average', 'sets'];
  const text = ['bot', 'owner'];
  return h('table.ladder-board', {},
    h('thead', {}, h('tr', {}, cols.map((k) =>
      h(`th${text.includes(k) ? '' : '.num'}.col-${k}`, { scope: 'col' }, t(`botladder.col.${k}`))))),
    h('tbody', {}, bots.map((b) => h(`tr${b.suspended ? '.suspended' : ''}`, { dataset: { user: b.user.id } },
      h('td.num.col-rank', {}, String(b.rank)),
      h('td.col-bot', {}, botName(b.user),
        b.suspended ? h('span.badge.bot-suspended', { title: t('botladder.suspended_hint') }, t('botladder.suspended')) : null,
        b.deleted ? h('span.badge', { title: t('botladder.retired_hint') }, t('botladder.retired')) : null),
      h('td.col-owner', {}, b.owner ? h('a', { href: `#/player/${b.owner.id}` }, b.owner.display_name) : '–'),
      h('td.num.col-rating', {}, ratingCell(b)),
      h('td.num.col-matches', {}, String(b.matches)),
      h('td.num.col-win_rate', {}, b.matches ? `${((b.wins / b.matches) * 100).toFixed(1)}%` : '–'),
      h(`td.num.col-average${signClass(b.average)}`, {}, signed(b.average)),
      h('td.num.col-sets', {}, String(b.sets))))));
}

/** one set: its bots (by set total), their result in each rotation (a link to the match), the total */
function setTable(mode, set) {
  const rotations = Array.from({ length: PLAYERS[mode] }, (_, r) => set.rotations.find((x) => x.rotation === r) || null);
  const played = set.rotations.length;
  const seatOf = (rot, u) => rot && rot.seats.find((s) => (u.id ? s.user.id === u.id : s.user.display_name === u.display_name));
  return h('section.ladder-set', { dataset: { set: set.id, complete: String(set.complete) } },
    h('h3', {},
      h('span.set-when', {}, formatDate(set.ended_at)), ' ',
      set.complete ? h('span.badge.set-complete', {}, t('botladder.complete'))
        : h('span.badge.warn.set-incomplete', {}, t('botladder.incomplete', { played, of: PLAYERS[mode] }))),
    h('table.set-table', {},
      h('thead', {}, h('tr', {},
        h('th', { scope: 'col' }, t('botladder.col.bot')),
        rotations.map((_, r) => h('th.num', { scope: 'col', title: t('botladder.rotation_hint') }, t('botladder.rotation', { n: r + 1 }))),
        h('th.num', { scope: 'col' }, t('botladder.col.total')))),
      h('tbody', {}, set.totals.map((tot) => h('tr', { dataset: { user: tot.user.id || '' } },
        h('th.set-bot', { scope: 'row' }, tot.user.id ? botName(tot.user) : tot.user.display_name),
        rotations.map((rot, r) => {
          const seat = seatOf(rot, tot.user);
          return seat
            ? h(`td.num${signClass(seat.result)}`, {}, h('a', { href: `#/match/${rot.match_id}`, dataset: { rotation: String(r) },
              title: t('botladder.match_hint', { n: r + 1 }) }, signed(seat.result)))
            : h('td.num.muted', { title: t('botladder.not_played') }, '–');
        }),
        h(`td.num.set-total${signClass(tot.points)}`, {}, signed(tot.points)))))));
}

export function mountBotLadder(root, params) {
  const mode = MODES.includes(params.mode) ? params.mode : '4p';
  const page = Math.max(1, Number.parseInt(params.page, 10) || 1);
  let board = null, boardFailed = false;
  let sets = null, setsFailed = false, nextBefore = null, loadingMore = false;

  function boardPart() {
    if (boardFailed) return h('p.error', {}, t('common.load_failed'));
    if (!board) return h('p.muted', {}, t('common.loading'));
    if (!board.bots.length)
      return h('p.muted.empty-board', {}, t(board.total ? 'botladder.past_end' : 'botladder.empty'));
    return boardTable(board.bots);
  }

  function setsPart() {
    if (setsFailed) return h('p.error', {}, t('common.load_failed'));
    if (!sets) return h('p.muted', {}, t('common.loading'));
    if (!sets.length) return h('p.muted.empty-sets', {}, t('botladder.no_sets'));
    return [sets.map((s) => setTable(mode, s)),
      nextBefore ? h('button.secondary', { type: 'button', dataset: { kind: 'older-sets' }, disabled: loadingMore,
        onclick: () => loadSets(nextBefore) }, t('botladder.older_sets')) : null];
  }

  function render() {
    const pages = board ? Math.max(1, Math.ceil(board.total / LIMIT)) : 1;
    replace(root, h('div.bot-ladder-page', { dataset: { mode } },
      h('h1', {}, t('botladder.title')),
      h('p.lead.ladder-about', {}, t('botladder.about')),
      h('p.ladder-enter', {}, t('botladder.enter_before'), ' ', h('code', {}, `/mjai?room=ladder&mode=${mode}`), ' ',
        t('botladder.enter_after'), ' ', h('a', { href: '#/account', dataset: { kind: 'make-bot' } }, t('botladder.make_bot'))),
      h('nav.tabs', { 'aria-label': t('board.mode') }, MODES.map((m) =>
        h(`a.tab${m === mode ? '.on' : ''}`, { href: href(m, 1), 'aria-current': m === mode ? 'page' : null, dataset: { tab: m } },
          t(`mode.${m}`)))),
      h('h2', {}, t('botladder.board', { mode: t(`mode.${mode}`) })),
      boardPart(),
      board && board.total > LIMIT ? h('nav.pager', { 'aria-label': t('board.pages') },
        page > 1 ? h('a.button.secondary', { href: href(mode, page - 1), rel: 'prev', dataset: { kind: 'prev' } }, t('board.prev')) : null,
        h('span', {}, t('board.page', { page, pages })),
        page < pages ? h('a.button.secondary', { href: href(mode, page + 1), rel: 'next', dataset: { kind: 'next' } }, t('board.next')) : null) : null,
      board && board.bots.length ? h('p.muted', {}, t('botladder.board_note')) : null,
      h('h2', {}, t('botladder.sets', { mode: t(`mode.${mode}`) })),
      h('p.muted', {}, t('botladder.sets_note')),
      h('div.ladder-sets', {}, setsPart())));
  }

  function loadSets(before) {
    loadingMore = !!before;
    render();
    api(`/ladder/sets?mode=${mode}&limit=${SETS_LIMIT}${before ? `&before=${before}` : ''}`).then((d) => {
      sets = (before && sets ? sets : []).concat(d.sets);
      nextBefore = d.next_before;
      loadingMore = false;
      render();
    }, () => { setsFailed = true; loadingMore = false; render(); });
  }

  api(`/ladder?mode=${mode}&limit=${LIMIT}&offset=${(page - 1) * LIMIT}`)
    .then((d) => { board = d; render(); }, () => { boardFailed = true; render(); });
  loadSets(null);
  const off = onLangChange(render);
  render();
  return off;
}

/** a bot's ladder standings for its profile (the profile's "ladder"), or null when it has none */
export function ladderStandings(ladder) {
  const modes = MODES.filter((m) => ladder && ladder[m]);
  if (!modes.length) return null;
  return h('section.ladder-standings', {},
    h('h2', {}, t('botladder.title')),
    h('div.standings-grid', {}, modes.map((m) => {
      const s = ladder[m];
      const rows = [
        ['rank', h('a', { href: href(m, Math.ceil(s.rank / LIMIT)) }, `#${s.rank}`)],
        ['rating', ratingCell(s)],
        ['matches', String(s.matches)],
        ['wins', String(s.wins)],
        ['points', h(`span${signClass(s.points)}`, {}, signed(s.points))],
        ['sets', String(s.sets)],
      ];
      return h('section.standing.ladder-standing', { dataset: { mode: m } },
        h('h2', {}, t(`mode.${m}`)),
        h('dl', {}, rows.map(([k, v]) => h('div', { dataset: { key: k } }, h('dt', {}, t(`botladder.profile.${k}`)), h('dd', {}, v)))));
    })));
}
