// events.js — the events' list, #/events/STATUS/KIND/PAGE (src/server/EVENTS.md): a tab per
// state (upcoming: registration and check-in; running: running and paused; finished: finished
// and cancelled), site and club events or both, each event's name (a link to #/event/ID), mode,
// start in the viewer's time zone, status, entrants / cap and organiser; "Create an event" for a
// registered user. Also the words every event page shares (eventStatus, statusBadge). On a phone
// the list scrolls inside its card, never the page.
import { h, replace } from './dom.js';
import { t, has, onLangChange, formatDate } from './i18n.js';
import { api, query } from './api.js';
import { currentUser, onSessionChange } from './session.js';

export const TABS = ['upcoming', 'running', 'finished'];
const KINDS = ['all', 'site', 'club'];
const LIMIT = 25;

const href = (status, kind, page) => `#/events/${status}/${kind}/${page}`;

/** an event's status as a badge: registration, check-in, running, paused, finished, cancelled */
export function statusBadge(status) {
  return h(`span.badge.event-status.status-${status}`, { dataset: { status } }, t(`events.status.${status}`));
}

/** a user's name linking to their profile */
export function userLink(u) {
  return u ? h('a', { href: `#/player/${u.id}` }, u.display_name) : '–';
}

/** the table's rows: one per event */
function listTable(events) {
  const cols = ['name', 'mode', 'starts', 'status', 'entrants', 'organiser'];
  return h('div.table-scroll', {}, h('table.events-list', {},
    h('thead', {}, h('tr', {}, cols.map((k) => h(`th${k === 'entrants' ? '.num' : ''}.col-${k}`, { scope: 'col' }, t(`events.col.${k}`))))),
    h('tbody', {}, events.map((e) => h('tr', { dataset: { event: e.id } },
      h('td.col-name', {}, h('a.event-name', { href: `#/event/${e.id}` }, e.name),
        h(`span.badge.kind-${e.kind}`, {}, t(`events.kind.${e.kind}`))),
      h('td.col-mode', {}, t(`mode.${e.mode}`)),
      h('td.col-starts', {}, formatDate(e.starts_at)),
      h('td.col-status', {}, statusBadge(e.status),
        e.status === 'running' || e.status === 'paused' ? h('span.event-round', {}, t('events.round_of', { round: e.round, rounds: e.rounds })) : null),
      h('td.num.col-entrants', {}, `${e.entrants} / ${e.cap}`),
      h('td.col-organiser', {}, userLink(e.organiser)))))));
}

export function mountEvents(root, params) {
  const status = TABS.includes(params.status) ? params.status : 'upcoming';
  const kind = KINDS.includes(params.kind) ? params.kind : 'all';
  const page = Math.max(1, Number.parseInt(params.page, 10) || 1);
  let list = null, failed = false;

  function listPart() {
    if (failed) return h('p.error', {}, t('common.load_failed'));
    if (!list) return h('p.muted', {}, t('common.loading'));
    if (!list.events.length) return h('p.muted.events-empty', {}, t(`events.empty.${status}`));
    return listTable(list.events);
  }

  function render() {
    const u = currentUser();
    const pages = list ? Math.max(1, Math.ceil(list.total / LIMIT)) : 1;
    replace(root, h('div.events-page', { dataset: { status, kind } },
      h('h1', {}, t('events.title')),
      h('p.lead', {}, t('events.about')),
      u && !u.guest ? h('p', {}, h('a.button.primary', { href: '#/events/new', dataset: { kind: 'create-event' } }, t('events.create')))
        : h('p.muted', {}, t('events.create_registered')),
      h('nav.tabs', { 'aria-label': t('events.tabs') }, TABS.map((s) =>
        h(`a.tab${s === status ? '.on' : ''}`, { href: href(s, kind, 1), 'aria-current': s === status ? 'page' : null, dataset: { tab: s } },
          t(`events.tab.${s}`)))),
      h('nav.tabs.kind-tabs', { 'aria-label': t('events.kinds') }, KINDS.map((k) =>
        h(`a.tab${k === kind ? '.on' : ''}`, { href: href(status, k, 1), 'aria-current': k === kind ? 'page' : null, dataset: { kindTab: k } },
          t(`events.kinds.${k}`)))),
      listPart(),
      list && list.total > LIMIT ? h('nav.pager', { 'aria-label': t('board.pages') },
        page > 1 ? h('a.button.secondary', { href: href(status, kind, page - 1), rel: 'prev' }, t('board.prev')) : null,
        h('span', {}, t('board.page', { page, pages })),
        page < pages ? h('a.button.secondary', { href: href(status, kind, page + 1), rel: 'next' }, t('board.next')) : null) : null));
  }

  api(`/events${query({ status, kind: kind === 'all' ? '' : kind, page, limit: LIMIT })}`)
    .then((d) => { list = d; render(); }, () => { failed = true; render(); });
  const offLang = onLangChange(render);
  const offSession = onSessionChange(render);
  render();
  return () => { offLang(); offSession(); };
}

/** the server's refusal in the page's words (events.error.CODE), else its own message */
export function refusal(e) {
  return has(`events.error.${e.code}`) ? t(`events.error.${e.code}`) : e.message || e.code;
}
