// livetables.js — the lobby's "Live tables": the running ranked tables anyone may watch
// (GET /api/tables), each with its mode, players (a bot account's AI with the BOT badge), hand,
// how long it has run and how many watch it, and a link to watch it (#/watch/ID). Asked again
// every REFRESH_MS while shown.
import { h, replace } from './dom.js';
import { t } from './i18n.js';
import { api } from './api.js';
import { WINDS } from './board.js';
import { botBadge } from './bots.js';

const REFRESH_MS = 10_000;

function minutes(ms) {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

function rowEl(table) {
  return h('li.live-table', { dataset: { table: table.id } },
    h('span.live-mode', {}, t(`mode.${table.mode}`)),
    h('span.live-hand', {}, `${t('table.kyoku', { wind: t(`round.${WINDS[table.round_wind]}`), n: table.kyoku })} · ${t('table.honba_n', { n: table.honba })}`),
    h('span.live-names', {}, table.seats.map((s, i) => [i ? ' · ' : '', s.name, botBadge(s)])),
    h('span.live-time', { title: t('live.running') }, minutes(table.running_ms)),
    h('span.live-watchers', {}, t('live.watchers', { n: table.watchers })),
    h('a.button.secondary', { href: `#/watch/${table.id}`, dataset: { kind: 'watch' } }, t('live.watch')));
}

/** the section, kept up to date until stop() */
export function liveTables() {
  const el = h('section.live-tables', { 'aria-live': 'polite' });
  let data = null;
  function render() {
    replace(el, h('h2', {}, t('live.title')),
      data === null ? h('p.muted', {}, t('common.loading'))
        : data.tables.length ? [h('p.muted', {}, t('live.delay', { s: data.delay_s })), h('ul.live-list', {}, data.tables.map(rowEl))]
          : h('p.muted', {}, t('live.none')));
  }
  async function load() {
    try {
      data = await api('/tables');
    } catch {
      data = data || { tables: [], delay_s: 0 };
    }
    render();
  }
  load();
  const timer = setInterval(load, REFRESH_MS);
  return { el, render, stop: () => clearInterval(timer) };
}
