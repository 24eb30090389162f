// eventsorg.js — the organiser's part of the event page (src/server/EVENTS.md, "REST"), shown
// to the event's organiser and to administrators only: the entry code, Start / Pause / Resume /
// End / Cancel as the event's status allows (End and Cancel asked again in the page, with a
// reason), the announcement to send, and per entrant Check in / Remove and, while it plays a
// match of the event, Replace by a bot (each with a reason). Every
// action is a POST; the page is drawn again from the server's answer, a refusal said plainly.
import { h } from './dom.js';
import { t } from './i18n.js';
import { api } from './api.js';
import { currentUser } from './session.js';
import { refusal } from './events.js';

/** which status allows which of the event's actions */
const ACTIONS = {
  start: ['registration', 'checkin'],
  pause: ['running'],
  resume: ['paused'],
  end: ['running', 'paused'],
  cancel: ['registration', 'checkin', 'running', 'paused'],
};
const ASKED = ['end', 'cancel']; // confirmed in the page with a reason

/** true when the signed-in user may act as the event's organiser */
export function organises(ev) {
  const u = currentUser();
  return !!u && !u.guest && (u.admin || (ev.organiser && ev.organiser.id === u.id));
}

/**
 * the organiser's state across redraws of the page: the action asked again (`asking`: { action,
 * user? }), the last refusal, and `busy` while a request is out; ctx.reload() draws the page again
 */
export function organiserState() {
  return { asking: null, error: null, busy: false };
}

async function post(ctx, path, body) {
  const s = ctx.org;
  s.busy = true;
  s.error = null;
  ctx.redraw();
  try {
    await api(`/events/${encodeURIComponent(ctx.ev.id)}${path}`, { method: 'POST', body });
    s.asking = null;
  } catch (e) {
    s.error = refusal(e);
  }
  s.busy = false;
  await ctx.reload();
}

/** the in-page question for End, Cancel, Remove or Replace by a bot: a reason, then confirm or keep */
function askAgain(ctx) {
  const s = ctx.org;
  const { action, user } = s.asking;
  const reason = h('input', { type: 'text', maxlength: 200, id: 'ev-reason', dataset: { field: 'reason' } });
  const target = user ? ctx.ev.entrants.find((x) => x.user.id === user) : null;
  const send = () => {
    if (user && !reason.value.trim()) { reason.setAttribute('aria-invalid', 'true'); reason.focus(); return; }
    post(ctx, user ? `/entrants/${encodeURIComponent(user)}/${action}` : `/${action}`, { reason: reason.value.trim() });
  };
  const box = h('div.org-confirm', { role: 'group', 'aria-labelledby': 'ev-confirm-q' },
    h('p#ev-confirm-q', {}, t(`events.org.${action}_q`, { name: target ? target.user.display_name : user })),
    h('label', { for: 'ev-reason' }, t(user ? 'events.org.reason_needed' : 'events.org.reason')), reason,
    h('div.buttons', {},
      h('button.primary.danger', { type: 'button', disabled: s.busy, dataset: { kind: 'confirm' }, onclick: send }, t('events.org.confirm')),
      h('button.secondary', { type: 'button', dataset: { kind: 'keep' }, onclick: () => { s.asking = null; ctx.redraw(); } }, t('events.org.keep'))));
  queueMicrotask(() => reason.focus());
  return box;
}

/** the organiser's panel: the entry code, the event's actions, the announcement */
export function organiserPanel(ctx) {
  const { ev, org: s } = ctx;
  const text = h('textarea', { id: 'ev-announce', rows: 2, maxlength: 500, dataset: { field: 'announce' } });
  const live = !['finished', 'cancelled'].includes(ev.status);
  return h('section.event-org', { 'aria-labelledby': 'ev-org-h' },
    h('h2#ev-org-h', {}, t('events.org.title')),
    ev.entry === 'code' && ev.entry_code ? h('p.entry-code', {}, t('events.org.code'), ' ', h('strong.code', { dataset: { code: ev.entry_code } }, ev.entry_code)) : null,
    live ? h('div.buttons.org-actions', {}, Object.entries(ACTIONS).filter(([, when]) => when.includes(ev.status)).map(([a]) =>
      h(`button.${a === 'cancel' || a === 'end' ? 'secondary' : 'primary'}`, { type: 'button', disabled: s.busy, dataset: { kind: `event-${a}` },
        onclick: () => {
          if (ASKED.includes(a)) { s.asking = { action: a }; ctx.redraw(); } else post(ctx, `/${a}`, {});
        } }, t(`events.org.${a}`)))) : null,
    s.asking && !s.asking.user ? askAgain(ctx) : null,
    s.error ? h('p.error', { role: 'alert', dataset: { kind: 'org-error' } }, s.error) : null,
    live ? h('div.field.announce', {},
      h('label', { for: 'ev-announce' }, t('events.org.announce_label')), text,
      h('div.buttons', {}, h('button.secondary', { type: 'button', disabled: s.busy, dataset: { kind: 'announce' },
        onclick: () => { if (text.value.trim()) post(ctx, '/announce', { text: text.value.trim() }); } }, t('events.org.announce')))) : null);
}

/** does entrant id play a match of the event now, in its own seat (its table running, no stand-in in it)? */
function playingNow(ev, id) {
  const round = (ev.round_list || []).find((r) => r.status === 'playing');
  return !!round && round.tables.some((tb) => !tb.done && !tb.void
    && tb.seats.some((seat) => seat.user && seat.user.id === id && !seat.stand_in));
}

/** an entrant row's organiser cell: Check in (not yet checked in), Remove, Replace by a bot (playing
    now); the question under it when asked */
export function entrantActions(ctx, entrant) {
  const { ev, org: s } = ctx;
  if (entrant.status !== 'registered' || ['finished', 'cancelled'].includes(ev.status)) return null;
  const id = entrant.user.id;
  return h('div.entrant-actions', {},
    !entrant.checked_in && ev.status !== 'registration' ? h('button.secondary.small', { type: 'button', disabled: s.busy, dataset: { kind: 'org-checkin' },
      onclick: () => post(ctx, `/entrants/${encodeURIComponent(id)}/checkin`, { reason: '' }) }, t('events.org.checkin')) : null,
    h('button.secondary.small', { type: 'button', disabled: s.busy, dataset: { kind: 'org-remove' },
      onclick: () => { s.asking = { action: 'remove', user: id }; ctx.redraw(); } }, t('events.org.remove')),
    playingNow(ev, id) ? h('button.secondary.small', { type: 'button', disabled: s.busy, dataset: { kind: 'org-stand-in' },
      onclick: () => { s.asking = { action: 'stand_in', user: id }; ctx.redraw(); } }, t('events.org.stand_in')) : null,
    s.asking && s.asking.user === id ? askAgain(ctx) : null);
}
