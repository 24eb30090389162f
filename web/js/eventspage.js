// eventspage.js — one event, #/event/ID (src/server/EVENTS.md): its name, status and organiser,
// the organiser's announcement, its rules, the viewer's entry (Register with the code when one is
// needed, Withdraw, Check in — whose click also asks leave for browser notifications), the
// entrants (checked in or not), the rounds with their tables (a watch link while a table plays and
// the event allows spectators, the match page's once it is done; the round's commitment, and its
// secret once revealed), the standings (with each round's result when the server gives them), the
// standings' CSV and, once finished, the logs of every match. The organiser's part comes from
// eventsorg.js. The page asks the server again on each event message for this event (eventsnews.js)
// and every REFRESH_MS while the event is under way.
import { h, replace, signed } from './dom.js';
import { t, onLangChange, formatDate } from './i18n.js';
import { api } from './api.js';
import { currentUser, onSessionChange } from './session.js';
import { statusBadge, userLink, refusal } from './events.js';
import { organises, organiserState, organiserPanel, entrantActions } from './eventsorg.js';
import { onEventNews, askNotifications } from './eventsnews.js';

export const REFRESH_MS = 30000;
const UNDER_WAY = ['checkin', 'running', 'paused'];
const signClass = (n) => (n > 0 ? '.plus' : n < 0 ? '.minus' : '');

/** the viewer's entry as { status, checked_in } (the server's `me`), or null when not entered */
function myEntry(ev) {
  const me = ev.me;
  if (!me) return null;
  if (typeof me === 'string') return me === 'none' ? null : { status: me, checked_in: false };
  return me.status ? me : null;
}

/** check-in is open: the status says so, or registration within checkin_minutes of round 1 */
function checkinOpen(ev) {
  return ev.status === 'checkin' || (ev.status === 'registration' && Date.now() >= ev.starts_at - (ev.checkin_minutes ?? 15) * 60000);
}

/** the rules as a list of terms and their values */
function rules(ev) {
  const rows = [
    ['mode', t(`mode.${ev.mode}`)],
    ev.rounds ? ['rounds', String(ev.rounds)] : null,
    ['starts', formatDate(ev.starts_at)],
    ev.checkin_minutes !== undefined ? ['checkin', t('events.rule.checkin_before', { n: ev.checkin_minutes })] : null,
    ['round_start', ev.round_start === 'times'
      ? [t('events.opt.round_start.times'), ': ', (ev.round_times || []).map((ms) => formatDate(ms)).join(' · ')]
      : t('events.rule.when_done', { n: ev.break_minutes ?? 0 })],
    ['seating', t(`events.opt.seating.${ev.seating}`)],
    ['duplicate', t(ev.duplicate ? 'events.rule.duplicate_on' : 'events.rule.duplicate_off')],
    ['entry', ev.entry.startsWith('min_') ? t(`events.rule.${ev.entry}`, { min: ev.entry_min }) : t(`events.opt.entry.${ev.entry}`)],
    ['cap', String(ev.cap)],
    ['clocks', t(`events.opt.clocks.${ev.clocks}`)],
    ['fill', t(`events.opt.fill.${ev.fill}`)],
    ['stand_in', t(`events.opt.stand_in.${ev.stand_in}`)],
    ['spectators', ev.spectators ? t('events.rule.spectators_on', { s: ev.watch_delay_s ?? 0 }) : t('events.rule.spectators_off')],
    ev.recurrence === 'weekly' ? ['recurrence', t('events.opt.recurrence.weekly')] : null,
  ].filter(Boolean);
  return h('section.event-rules', {}, h('h2', {}, t('events.rules')),
    h('dl.event-rules-list', {}, rows.map(([k, v]) => h('div', { dataset: { rule: k } }, h('dt', {}, t(`events.rule.${k}`)), h('dd', {}, v)))));
}

/** the viewer's part: sign in, register (with the code), withdraw, check in */
/** a finished event's line for an entrant: their place and total, or that they played no match */
function finishedEntry(ev, u) {
  const rows = ev.standings || [];
  const row = rows.find((r) => r.user.id === u.id);
  if (!row || !row.played) return h('p.entry-state', { dataset: { entry: 'finished' } }, t('events.entry.finished_none'));
  return h('p.entry-state', { dataset: { entry: 'finished' } },
    t('events.entry.finished', { rank: row.rank, n: rows.length, total: signed(row.total) }));
}

/** the table of the current round where this entrant plays in person, while it plays */
function playingTable(ctx, u) {
  if (ctx.ev.status !== 'running' && ctx.ev.status !== 'paused') return null;
  const round = ctx.rounds.find((r) => r.round === ctx.ev.round);
  return round && (round.tables || []).find((tb) => tb.match_id && !tb.done
    && (tb.seats || []).some((s) => s.user && s.user.id === u.id && !s.stand_in));
}

function entryPart(ctx) {
  const { ev } = ctx;
  const u = currentUser();
  const mine = myEntry(ev);
  const open = ['registration', 'checkin'].includes(ev.status);
  const error = ctx.entryError ? h('p.error', { role: 'alert', dataset: { kind: 'entry-error' } }, ctx.entryError) : null;
  const act = (path, body, before) => async () => {
    ctx.entryError = null;
    if (before) await before();
    try {
      await api(`/events/${encodeURIComponent(ev.id)}${path}`, { method: 'POST', body: body ? body() : {} });
    } catch (e) {
      ctx.entryError = refusal(e);
    }
    await ctx.reload();
  };
  let body;
  if (!u || u.guest) body = open ? h('p.muted', {}, t('events.entry.registered_only'), ' ', h('a', { href: u ? '#/register' : '#/login' }, t(u ? 'nav.register' : 'nav.login'))) : null;
  else if (mine && mine.status === 'registered' && ev.status === 'finished') body = finishedEntry(ev, u);
  else if (mine && mine.status === 'registered' && ev.status === 'cancelled') body = h('p.entry-state', { dataset: { entry: 'cancelled' } }, t('events.entry.cancelled'));
  else if (mine && mine.status === 'registered' && playingTable(ctx, u)) {
    body = h('p.entry-state', { dataset: { entry: 'playing' } }, t('events.entry.playing'), ' ',
      h('a', { href: '#/table', dataset: { kind: 'to-table' } }, t('events.entry.to_table')));
  } else if (mine && mine.status === 'registered') {
    body = [h('p.entry-state', { dataset: { entry: mine.checked_in ? 'checked-in' : 'registered' } },
      t(mine.checked_in ? 'events.entry.checked_in' : 'events.entry.registered')),
    open || ev.status === 'running' || ev.status === 'paused' ? h('div.buttons', {},
      checkinOpen(ev) && !mine.checked_in ? h('button.primary', { type: 'button', dataset: { kind: 'checkin' },
        onclick: act('/checkin', null, askNotifications) }, t('events.entry.checkin')) : null,
      h('button.secondary', { type: 'button', dataset: { kind: 'withdraw' }, onclick: act('/withdraw') }, t('events.entry.withdraw'))) : null];
  } else if (mine && mine.status === 'removed') body = h('p.muted', { dataset: { entry: 'removed' } }, t('events.entry.removed'));
  else if (open) {
    const code = ev.entry === 'code' ? h('input#ev-code', { type: 'text', autocomplete: 'off', maxlength: 32, dataset: { field: 'code' } }) : null;
    body = h('div.entry-register', {},
      code ? h('label', { for: 'ev-code' }, t('events.entry.code')) : null, code,
      h('button.primary', { type: 'button', dataset: { kind: 'register' },
        onclick: act('/register', () => (code ? { code: code.value.trim() } : {})) }, t('events.entry.register')));
  }
  if (!body && !error) return null;
  return h('section.event-entry', { 'aria-labelledby': 'ev-entry-h' }, h('h2#ev-entry-h', {}, t('events.entry.title')), body, error);
}

function entrantsPart(ctx) {
  const { ev } = ctx;
  const org = organises(ev);
  const list = ev.entrants || [];
  return h('section.event-entrants', {}, h('h2', {}, t('events.entrants', { n: list.filter((x) => x.status === 'registered').length, cap: ev.cap })),
    !list.length ? h('p.muted', {}, t('events.no_entrants')) : h('div.table-scroll', {}, h('table.entrants', {},
      h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, t('events.col.player')), h('th', { scope: 'col' }, t('events.col.entry')),
        org ? h('th', { scope: 'col' }, t('events.col.actions')) : null)),
      h('tbody', {}, list.map((x) => h(`tr${x.user.id === currentUser()?.id ? '.me' : ''}`, { dataset: { user: x.user.id, checkedIn: String(!!x.checked_in) } },
        h('td', {}, userLink(x.user)),
        h('td.entrant-state', {}, x.status === 'registered' ? t(x.checked_in ? 'events.entry.checked_in_short' : 'events.entry.not_checked_in')
          : t(`events.entry.${x.status}`)),
        org ? h('td', {}, entrantActions(ctx, x)) : null))))));
}

/** one seat of a table: the entrant, a stand-in playing for them, or a bot filling the seat */
function seatText(s) {
  if (!s.user) return h('span.muted', {}, t('events.seat.bot'));
  return [userLink(s.user), s.stand_in ? h('span.badge.stand-in', { title: t('events.seat.stand_in_hint') }, t('events.seat.stand_in')) : null];
}

function roundsPart(ctx) {
  const { ev } = ctx;
  if (!ctx.rounds.length) return null;
  return h('section.event-rounds', {}, h('h2', {}, t('events.rounds')), ctx.rounds.map((r) => h('section.event-round-card', { dataset: { round: String(r.round) } },
    h('h3', {}, t('events.round_n', { round: r.round }), ' ', h('span.badge', {}, t(`events.round_status.${r.status}`)),
      r.starts_at ? h('span.muted.round-when', {}, formatDate(r.starts_at)) : null),
    r.commitment ? h('p.fair-line', {}, t('events.commitment'), ' ', h('code.commitment', {}, r.commitment)) : null,
    r.secret ? h('p.fair-line', {}, t('events.secret'), ' ', h('code.secret', {}, r.secret)) : null,
    h('div.table-scroll', {}, h('table.round-tables', {},
      h('thead', {}, h('tr', {}, h('th.num', { scope: 'col' }, t('events.col.table')), h('th', { scope: 'col' }, t('events.col.seats')),
        h('th', { scope: 'col' }, t('events.col.match')))),
      h('tbody', {}, (r.tables || []).map((tb) => h('tr', { dataset: { table: String(tb.table) } },
        h('td.num', {}, String(tb.table)),
        h('td.seats', {}, (tb.seats || []).map((s) => h('span.seat', {}, seatText(s)))),
        h('td', {}, tb.void ? h('span.muted.table-void', { title: t('events.void_hint') }, t('events.void'))
          : tb.done && tb.match_id ? h('a', { href: `#/match/${tb.match_id}`, dataset: { kind: 'match' } }, t('events.match_page'))
          : tb.match_id && ev.spectators && ev.status !== 'cancelled' ? h('a', { href: `#/watch/${tb.match_id}`, dataset: { kind: 'watch' } }, t('events.watch'))
            : h('span.muted', {}, t(tb.match_id ? 'events.playing' : 'events.waiting')))))))))));
}

function standingsPart(ctx) {
  const { ev } = ctx;
  const rows = ev.standings || [];
  const id = encodeURIComponent(ev.id);
  const rounds = Math.max(0, ...rows.map((r) => (Array.isArray(r.results) ? r.results.length : 0)));
  const cols = ['rank', 'player', 'total', 'played', 'tops', 'best', 'lasts'];
  return h('section.event-standings', {}, h('h2', {}, t('events.standings')),
    !rows.length ? h('p.muted', {}, t('events.no_standings')) : h('div.table-scroll', {}, h('table.standings', {},
      h('thead', {}, h('tr', {}, cols.map((k) => h(`th${k === 'player' ? '' : '.num'}`, { scope: 'col' }, t(`events.col.${k}`))),
        Array.from({ length: rounds }, (_, i) => h('th.num.round-col', { scope: 'col' }, t('events.col.round', { round: i + 1 }))))),
      h('tbody', {}, rows.map((r) => h(`tr${r.user.id === currentUser()?.id ? '.me' : ''}`, { dataset: { user: r.user.id } },
        h('td.num', {}, String(r.rank)),
        h('td', {}, userLink(r.user)),
        h(`td.num.total${signClass(r.total)}`, {}, signed(r.total)),
        h('td.num', {}, String(r.played)),
        h('td.num', {}, String(r.tops)),
        h(`td.num${signClass(r.best ?? 0)}`, {}, r.best === null || r.best === undefined ? '–' : signed(r.best)),
        h('td.num', {}, String(r.lasts)),
        Array.from({ length: rounds }, (_, i) => {
          const v = r.results[i];
          return h(`td.num.round-col${signClass(v ?? 0)}`, {}, v === null || v === undefined ? '–' : signed(v));
        })))))),
    h('p.downloads', {},
      h('a', { href: `/api/events/${id}/standings.csv`, download: true, dataset: { kind: 'csv' } }, t('events.csv')),
      ev.status === 'finished' ? [' · ', h('a', { href: `/api/events/${id}/logs?format=tenhou`, download: true, dataset: { kind: 'logs-tenhou' } }, t('events.logs_tenhou')),
        ' · ', h('a', { href: `/api/events/${id}/logs?format=mjai`, download: true, dataset: { kind: 'logs-mjai' } }, t('events.logs_mjai'))] : null));
}

export function mountEvent(root, params) {
  const id = params.id;
  const ctx = { ev: null, rounds: [], failed: null, entryError: null, org: organiserState(), reload: load, redraw: render };
  let timer = null;

  function render() {
    if (ctx.failed) {
      replace(root, h('div.event-page', {}, h('h1', {}, t('events.title')),
        h('p.error', { role: 'alert' }, ctx.failed.status === 404 ? t('events.not_found') : t('common.load_failed')),
        h('p', {}, h('a', { href: '#/events' }, t('events.back')))));
      return;
    }
    const ev = ctx.ev;
    if (!ev) { replace(root, h('div.event-page', {}, h('p.muted', {}, t('common.loading')))); return; }
    ctx.rounds = ev.rounds_list || [];
    replace(root, h('div.event-page', { dataset: { event: ev.id, status: ev.status } },
      h('p.crumbs', {}, h('a', { href: '#/events' }, t('events.title'))),
      h('h1', {}, ev.name, ' ', statusBadge(ev.status), h(`span.badge.kind-${ev.kind}`, {}, t(`events.kind.${ev.kind}`))),
      h('p.event-meta', {}, t('events.organised_by'), ' ', userLink(ev.organiser), ' · ', t(`mode.${ev.mode}`), ' · ', formatDate(ev.starts_at),
        ev.round ? [' · ', ev.rounds ? t('events.round_of', { round: ev.round, rounds: ev.rounds }) : t('events.round_n', { round: ev.round })] : null),
      ev.announcement ? h('p.event-announcement', { role: 'status' }, h('strong', {}, t('events.announcement')), ' ', ev.announcement) : null,
      ev.description ? h('p.event-description', {}, ev.description) : null,
      entryPart(ctx),
      organises(ev) ? organiserPanel(ctx) : null,
      standingsPart(ctx),
      roundsPart(ctx),
      entrantsPart(ctx),
      rules(ev)));
  }

  async function load() {
    try {
      const ev = await api(`/events/${encodeURIComponent(id)}`);
      // the round list: `round_list` beside the number of rounds `rounds`, or (EVENTS.md's first
      // draft) `rounds` itself, the number then in `round_count` when the server gives it
      if (Array.isArray(ev.rounds)) { ev.rounds_list = ev.rounds; ev.rounds = ev.round_count ?? null; }
      else ev.rounds_list = ev.round_list || [];
      ctx.ev = ev;
      ctx.failed = null;
    } catch (e) {
      if (!ctx.ev) ctx.failed = e;
    }
    render();
    clearTimeout(timer);
    if (ctx.ev && UNDER_WAY.includes(ctx.ev.status)) timer = setTimeout(load, REFRESH_MS);
  }

  const offNews = onEventNews((msg) => { if (msg.event === id) load(); });
  const offLang = onLangChange(render);
  const offSession = onSessionChange(load);
  render();
  load();
  return () => { offNews(); offLang(); offSession(); clearTimeout(timer); };
}
