// users.js — the Users section: find users by name, username or id (or list the banned ones, or
// the bot accounts with their owners), and ban, unban or rename them, or suspend and unsuspend a
// bot, each with a reason for the audit log.
import { api, query } from '/js/api.js';
import { t, formatTime } from './i18n.js';
import { h, replace } from '/js/dom.js';
import { toast, confirmAction, errorText, pager, table } from './dom.js';

const LIMIT = 50;

export function usersView(root) {
  const state = { q: '', banned: false, bots: false, page: 1 };
  const list = h('div');
  const search = h('input', { id: 'user-search', type: 'search', placeholder: t('users.search'), 'aria-label': t('users.search'), maxlength: 64 });
  const bannedOnly = h('input', { id: 'user-banned', type: 'checkbox' });
  const botsOnly = h('input', { id: 'user-bots', type: 'checkbox' });

  async function act(u, kind) {
    const name = u.display_name;
    const spec = {
      ban: { path: '/admin/ban', done: t('ban.done', { name }) },
      unban: { path: '/admin/unban', done: t('unban.done', { name }) },
      rename: { path: '/admin/rename' },
      suspend: { path: `/admin/bots/${encodeURIComponent(u.id)}/suspend`, done: t('suspend.done', { name }), bot: true },
      unsuspend: { path: `/admin/bots/${encodeURIComponent(u.id)}/unsuspend`, done: t('unsuspend.done', { name }), bot: true },
    }[kind];
    const result = await confirmAction({
      title: t(`${kind}.title`, { name }), text: t(`${kind}.text`), ok: t(`${kind}.ok`),
      extra: kind === 'rename' ? { label: t('rename.name'), value: name } : undefined,
      act: ({ reason, value }) => api(spec.path, { method: 'POST',
        body: kind === 'rename' ? { user_id: u.id, display_name: value, reason } : spec.bot ? { reason } : { user_id: u.id, reason } }),
    });
    if (!result) return;
    toast(kind === 'rename' ? t('rename.done', { name: result.user.display_name }) : spec.done);
    load();
  }

  function stateCell(u) {
    return h('td', {},
      u.guest ? h('span', { class: 'badge' }, t('users.guest')) : null,
      u.kind === 'bot' ? h('span', { class: 'badge', 'data-kind': 'bot' }, t('users.bot', { owner: u.owner ? u.owner.display_name : '' })) : null,
      u.suspended_at ? h('span', { class: 'badge bad' }, t('users.suspended', { reason: u.suspend_reason ?? '' })) : null,
      u.deleted ? h('span', { class: 'badge' }, t('users.deleted')) : null,
      u.admin ? h('span', { class: 'badge' }, t('users.admin')) : null,
      u.online ? h('span', { class: 'badge ok' }, t('users.online')) : null,
      u.banned_at ? h('span', { class: 'badge bad' }, t('users.banned', { reason: u.ban_reason ?? '' })) : null);
  }

  let loads = 0; // the newest load's number: an older answer arriving after it is dropped
  async function load() {
    const mine = ++loads;
    let data;
    try {
      data = await api(`/admin/users${query({ q: state.q, banned: state.banned ? 1 : '', bots: state.bots ? 1 : '', page: state.page, limit: LIMIT })}`);
    } catch (e) {
      if (mine === loads) replace(list, h('p', { class: 'error' }, errorText(e)));
      return;
    }
    if (mine !== loads) return; // a search or page asked for since: its answer shows, not this one
    if (!data.users.length) {
      replace(list, h('p', { class: 'muted' }, t('users.none')));
      return;
    }
    replace(list, table(['users.col.name', 'users.col.username', 'users.col.seen', 'users.col.state', ''],
      data.users.map((u) => h('tr', { 'data-user': u.id },
        h('td', {}, h('a', { href: `/#/player/${u.id}` }, u.display_name)),
        h('td', {}, u.username ?? '—'),
        h('td', {}, formatTime(u.last_seen_at ? u.last_seen_at * 1000 : null)),
        stateCell(u),
        h('td', { class: 'actions' },
          u.banned_at
            ? h('button', { type: 'button', onclick: () => act(u, 'unban') }, t('users.unban'))
            : h('button', { type: 'button', class: 'danger', disabled: u.admin, onclick: () => act(u, 'ban') }, t('users.ban')),
          h('button', { type: 'button', onclick: () => act(u, 'rename') }, t('users.rename')),
          u.kind === 'bot' && !u.deleted
            ? h('button', { type: 'button', 'data-kind': u.suspended_at ? 'unsuspend' : 'suspend', class: u.suspended_at ? null : 'danger',
              onclick: () => act(u, u.suspended_at ? 'unsuspend' : 'suspend') }, t(u.suspended_at ? 'users.unsuspend' : 'users.suspend'))
            : null))),
      { id: 'users' }), pager(state.page, LIMIT, data.total, (p) => { state.page = p; load(); }));
  }

  const form = h('form', { class: 'search', onsubmit: (ev) => {
    ev.preventDefault();
    state.q = search.value.trim();
    state.banned = bannedOnly.checked;
    state.bots = botsOnly.checked;
    state.page = 1;
    load();
  } }, search, h('label', {}, bannedOnly, ' ', t('users.banned_only')),
    h('label', {}, botsOnly, ' ', t('users.bots_only')), h('button', { type: 'submit', class: 'primary' }, t('users.find')));
  replace(root, h('h1', {}, t('users.title')), form, list);
  load();
  return () => {};
}
