// queue.js — the Queue section: how the ranked queue's rating window works out (GET /api/admin/queue),
// per day and mode — how many ranked tables the queue formed, the median rating spread of their
// humans and the median wait in the queue — with the window's numbers (start, growth per second,
// cap: src/server/README.md, "The ranked queue's window"), over the last 7, 14, 30 or 90 days.
import { api, query } from '/js/api.js';
import { t, formatDuration } from './i18n.js';
import { h, number, replace } from '/js/dom.js';
import { errorText, table } from './dom.js';

const WINDOWS = [7, 14, 30, 90];

/* a wait: tenths of a second below 10 s (a busy queue's waits are short), else as durations are */
const wait = (ms) => (ms < 10_000 ? t('queue.wait_s', { n: number(Math.round(ms / 100) / 10) }) : formatDuration(ms));

export function queueView(root) {
  const state = { days: 14 };
  const window = h('p', { class: 'muted', id: 'queue-window' });
  const list = h('div');
  const days = h('select', { id: 'queue-days', onchange: () => { state.days = Number(days.value); load(); } },
    WINDOWS.map((d) => h('option', { value: String(d), selected: d === state.days }, t('queue.days', { n: d }))));

  async function load() {
    let data;
    try {
      data = await api(`/admin/queue${query({ days: state.days })}`);
    } catch (e) {
      replace(list, h('p', { class: 'error' }, errorText(e)));
      return;
    }
    window.textContent = t('queue.window', data.window);
    if (!data.rows.length) {
      replace(list, h('p', { class: 'muted' }, t('queue.none')));
      return;
    }
    replace(list, table(['queue.col.day', 'queue.col.mode', 'queue.col.tables', 'queue.col.spread', 'queue.col.wait'],
      data.rows.map((r) => h('tr', { 'data-day': r.day, 'data-mode': r.mode },
        h('td', {}, r.day), h('td', {}, r.mode), h('td', { class: 'num' }, String(r.tables)),
        h('td', { class: 'num' }, number(Math.round(r.median_spread))),
        h('td', { class: 'num' }, wait(r.median_wait_ms)))),
    { id: 'queue-days-table' }));
  }

  replace(root, h('h1', {}, t('queue.title')), h('p', { class: 'muted' }, t('queue.lead')), window,
    h('div', { class: 'buttons' }, h('label', { for: 'queue-days' }, t('queue.period')), days,
      h('button', { type: 'button', onclick: load }, t('refresh'))), list);
  load();
  return () => {};
}
