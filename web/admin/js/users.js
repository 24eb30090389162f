// users.js — the Users section: find users by name, username or id (or list the banned ones),
// and ban, unban or rename them, each with a reason for the audit log.
import { api, query } from '/js/api.js';
import { t, formatTime } from './i18n.js';
import { h, replace } from '/js/dom.js';
import { toast, confirmAction, errorText, pager, table } from './dom.js';

const LIMIT = 50;

export function usersView(root) {
  const state = { q: '', banned: false, page: 1 };
  const list = h('div');
  const search = h('input', { id: 'user-search', type: 'search', placeholder: t('users.search'), 'aria-label': t('users.search'), maxlength: 64 });
  const bannedOnly = h('input', { id: 'user-banned', type: 'checkbox' });

  async function act(u, kind) {
    const name = u.display_name;
    const spec = {
      ban: { path: '/admin/ban', done: t('ban.done', { name }) },
      unban: { path: '/admin/unban', done: t('unban.done', { name }) },
      rename: { path: '/admin/rename' },
    }[kind];
    const result = await confirmAction({
      title: t(`${kind}.title`, { name }), text: t(`${kind}.text`), ok: t(`${kind}.ok`),
      extra: kind === 'rename' ? { label: t('rename.name'), value: name } : undefined,
      act: ({ reason, value }) => api(spec.path, { method: 'POST',
        body: kind === 'rename' ? { user_id: u.id, display_name: value, reason } : { user_id: u.id, reason } }),
    });
    if (!result) return;
    toast(kind === 'rename' ? t('rename.done', { name: result.user.display_name }) : spec.done);
    load();
  }

  function stateCell(u) {
    return h('td', {},
      u.guest ? h('span', { class: 'badge' }, t('users.guest')) : null,
      u.admin ? h('span', { class: 'badge' }, t('users.admin')) : null,
      u.online ? h('span', { class: 'badge ok' }, t('users.online')) : null,
      u.banned_at ? h('span', { class: 'badge bad' }, t('users.banned', { reason: u.ban_reason ?? '' })) : null);
  }

  let loads = 0; // the newest load's number: an older answer arriving after it is dropped
  async function load() {
    const mine = ++loads;
    let data;
    try {
      data = await api(`/admin/users${query({ q: state.q, banned: state.banned ? 1 : '', page: state.page, limit: LIMIT })}`);
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
          h('button', { type: 'button', onclick: () => act(u, 'rename') }, t('users.rename'))))),
      { id: 'users' }), pager(state.page, LIMIT, data.total, (p) => { state.page = p; load(); }));
  }

  const form = h('form', { class: 'search', onsubmit: (ev) => {
    ev.preventDefault();
    state.q = search.value.trim();
    state.banned = bannedOnly.checked;
    state.page = 1;
    load();
  } }, search, h('label', {}, bannedOnly, ' ', t('users.banned_only')), h('button', { type: 'submit', class: 'primary' }, t('users.find')));
  replace(root, h('h1', {}, t('users.title')), form, list);
  load();
  return () => {};
}
