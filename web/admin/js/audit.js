// audit.js — the Audit log section: every administrator action (and failed admin sign-in),
// newest first: when, who, what, to what, why and the details, filtered by action.
import { api, query } from '/js/api.js';
import { t, formatTime } from './i18n.js';
import { h, replace } from '/js/dom.js';
import { errorText, pager, table } from './dom.js';

const LIMIT = 50;
const ACTIONS = ['ban', 'unban', 'rename', 'void_match', 'close_table', 'settings', 'login', 'login_failed',
  'admin_create', 'admin_grant', 'admin_revoke'];

/** a detail value as text: a missing one (null) as a dash, never "null" */
const shown = (v) => (v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

function detailText(d) {
  const entries = Object.entries(d || {});
  return entries.map(([k, v]) => {
    if (v && typeof v === 'object' && 'from' in v && 'to' in v) return `${k}: ${shown(v.from)} → ${shown(v.to)}`;
    if (k.endsWith('_at') && typeof v === 'number') return `${k}: ${formatTime(v)}`;
    return `${k}: ${shown(v)}`;
  }).join('; ');
}

export function auditView(root) {
  const state = { action: '', page: 1 };
  const list = h('div');
  const filter = h('select', { id: 'audit-action', 'aria-label': t('audit.col.action'), onchange: () => {
    state.action = filter.value;
    state.page = 1;
    load();
  } }, h('option', { value: '' }, t('audit.all')), ACTIONS.map((a) => h('option', { value: a }, t(`action.${a}`))));

  async function load() {
    let data;
    try {
      data = await api(`/admin/audit${query({ action: state.action, page: state.page, limit: LIMIT })}`);
    } catch (e) {
      replace(list, h('p', { class: 'error' }, errorText(e)));
      return;
    }
    if (!data.entries.length) {
      replace(list, h('p', { class: 'muted' }, t('audit.none')));
      return;
    }
    replace(list, table(['audit.col.when', 'audit.col.who', 'audit.col.action', 'audit.col.target',
      'audit.col.reason', 'audit.col.detail'],
    data.entries.map((e) => h('tr', { 'data-action': e.action },
      h('td', {}, formatTime(e.at)), h('td', {}, e.admin_name), h('td', {}, t(`action.${e.action}`)),
      h('td', {}, h('code', {}, e.target)), h('td', { class: 'reason' }, e.reason), h('td', { class: 'small' }, detailText(e.detail)))),
    { id: 'audit' }), pager(state.page, LIMIT, data.total, (p) => { state.page = p; load(); }));
  }

  replace(root, h('h1', {}, t('audit.title')),
    h('div', { class: 'buttons' }, filter, h('button', { type: 'button', onclick: load }, t('refresh'))), list);
  load();
  return () => {};
}
