// matches.js — the Matches section: every stored match, newest first (the public
// /api/matches list), with a way to void a ranked one (it leaves the rankings; its record
// stays). Practice matches never count, so they offer no Void.
import { api, query } from '/js/api.js';
import { t, formatTime } from './i18n.js';
import { h, replace, signed } from '/js/dom.js';
import { toast, confirmAction, errorText, pager, table } from './dom.js';

const LIMIT = 25;

export function matchesView(root) {
  let page = 1;
  const list = h('div');

  async function voidMatch(m) {
    const done = await confirmAction({ title: t('void.title', { id: m.id.slice(0, 8) }), text: t('void.text'),
      ok: t('void.ok'), act: ({ reason }) => api('/admin/void', { method: 'POST', body: { match_id: m.id, reason } }) });
    if (done) {
      toast(t('void.done'));
      load();
    }
  }

  function stateCell(m) {
    return h('td', {},
      h('span', { class: 'badge' }, m.ranked ? t('matches.ranked') : t('matches.practice')),
      m.completed ? null : h('span', { class: 'badge warn' }, t('matches.unfinished')),
      m.voided ? h('span', { class: 'badge bad' }, t('matches.voided')) : null);
  }

  async function load() {
    let data;
    try {
      data = await api(`/matches${query({ page, limit: LIMIT })}`);
    } catch (e) {
      replace(list, h('p', { class: 'error' }, errorText(e)));
      return;
    }
    if (!data.matches.length) {
      replace(list, h('p', { class: 'muted' }, t('matches.none')));
      return;
    }
    replace(list, table(['matches.col.ended', 'matches.col.mode', 'matches.col.players', 'matches.col.state', ''],
      data.matches.map((m) => h('tr', { 'data-match': m.id },
        h('td', {}, h('a', { href: `/#/match/${m.id}` }, formatTime(m.ended_at))),
        h('td', {}, m.mode),
        h('td', {}, m.players.map((p) => `${p.display_name} (${signed(p.result)})`).join(', ')),
        stateCell(m),
        h('td', { class: 'actions' }, m.voided || !m.ranked ? null
          : h('button', { type: 'button', class: 'danger', onclick: () => voidMatch(m) }, t('matches.void'))))),
      { id: 'matches' }), pager(page, LIMIT, data.total, (p) => { page = p; load(); }));
  }

  replace(root, h('h1', {}, t('matches.title')),
    h('div', { class: 'buttons' }, h('button', { type: 'button', onclick: load }, t('refresh'))), list);
  load();
  return () => {};
}
