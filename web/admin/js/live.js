// live.js — the Live section: connections, matches lost at a restart (journals set aside,
// matches voided at their resume), queues with their waits, the running tables (mode,
// players — a bot account's AI with the site's BOT badge —, hand, honba, sticks, how long),
// refreshed every few seconds while the page is visible (again at once when it is shown); a
// table can be watched (its public view, polled while visible, its tiles drawn as at the table
// by /js/tiles.js) or closed. In a cluster every live node is asked in turn (?node=K,
// which HAProxy routes to that node; a node answering for another — no proxy in between — is
// not counted twice) and the numbers are the cluster's: each table shows its node.
import { api } from '/js/api.js';
import { t, formatDuration } from './i18n.js';
import { h, replace, number } from '/js/dom.js';
import { tileSvg } from '/js/tiles.js';
import { botBadge } from '/js/bots.js';
import { toast, errorText, confirmAction, table } from './dom.js';

export const REFRESH_MS = 3000;
const WATCH_MS = 2000;

/** path asked of node (null: whichever answers) */
const at = (path, node) => (node ? `${path}${path.includes('?') ? '&' : '?'}node=${encodeURIComponent(node)}` : path);

/** the cluster's live nodes, or [null] for a single server (or when health cannot say) */
async function liveNodes() {
  try {
    const health = await api('/health', { auth: false });
    const alive = (health.cluster?.nodes ?? []).filter((n) => n.alive).map((n) => n.node).sort();
    return alive.length ? alive : [null];
  } catch {
    return [null];
  }
}

/** every node's answer to /admin/tables as one: sums, queues joined, tables tagged with their node */
async function liveOfCluster() {
  const answers = [];
  for (const node of await liveNodes()) {
    const live = await api(at('/admin/tables', node));
    if (node && live.node !== node) continue; // not routed to it (no proxy): its own node answered already
    answers.push(live);
  }
  const sum = (k) => answers.reduce((n, a) => n + (a[k] ?? 0), 0);
  const queue = (mode) => ({
    size: answers.reduce((n, a) => n + a.queues[mode].size, 0),
    longest_wait_ms: Math.max(0, ...answers.map((a) => a.queues[mode].longest_wait_ms)),
    waiting: answers.flatMap((a) => a.queues[mode].waiting).sort((x, y) => y.waited_ms - x.waited_ms),
  });
  return {
    clustered: answers.some((a) => a.node),
    connections: sum('connections'),
    players_online: sum('players_online'),
    tables_total: sum('tables_total'),
    maintenance: answers.some((a) => a.maintenance),
    draining: answers.some((a) => a.draining),
    lost: {
      journals_unreadable: answers.reduce((n, a) => n + (a.matches_lost?.journals_unreadable ?? 0), 0),
      voided_at_resume: answers.reduce((n, a) => n + (a.matches_lost?.voided_at_resume ?? 0), 0),
    },
    queues: { '4p': queue('4p'), '3p': queue('3p') },
    tables: answers.flatMap((a) => a.tables.map((x) => ({ ...x, node: a.node ?? null })))
      .sort((x, y) => y.running_ms - x.running_ms),
  };
}

/** the matches lost since the start (journals set aside as unreadable, restored matches voided
    because their journal lost its end): a warning card when there are any */
function lostCard(lost) {
  if (!lost.journals_unreadable && !lost.voided_at_resume) return null;
  return h('div', { class: 'card warn', id: 'live-lost' }, h('span', { class: 'label' }, t('live.lost')),
    h('strong', {}, t('live.lost_counts', lost)));
}

/** each seat's name: a built-in bot's "bot" badge, a bot account's AI the site's BOT badge, a person's
    or an AI's "offline" while not connected */
function playersCell(players) {
  return h('ul', { class: 'plain' }, players.map((p) => h('li', {},
    p.name, p.bot && !p.ai ? h('span', { class: 'badge' }, t('live.bot')) : null, botBadge(p),
    (!p.bot || p.ai) && !p.connected ? h('span', { class: 'badge warn' }, t('live.offline')) : null)));
}

/** tiles drawn face up, each naming its code (data-tile) */
function tileList(tiles) {
  return h('span', { class: 'tiles' }, tiles.map((x) => h('span', { class: 'tile', dataset: { tile: x } }, tileSvg(x))));
}

/** the public view of a table: round, dora, and per seat points, discards and melds (tiles drawn) */
function renderView(box, v) {
  replace(box,
    h('p', {}, t('watch.round', { wind: t(`wind.${v.round_wind}`), honba: v.honba, sticks: v.sticks, n: v.live })),
    h('p', {}, `${t('watch.dora')}: `, tileList(v.dora || [])),
    h('div', { class: 'seats' }, v.seats.map((s, i) => h('div', { class: 'seat', 'data-seat': i },
      h('h3', {}, v.names?.[i]?.name ?? t('watch.seat', { n: i + 1 }), i === v.dealer ? h('span', { class: 'badge' }, t('watch.dealer')) : null,
        s.riichi ? h('span', { class: 'badge warn' }, t('watch.riichi')) : null),
      h('p', {}, t('watch.points', { points: number(s.points) }), ' · ', t('watch.concealed', { n: s.concealed })),
      h('p', {}, `${t('watch.discards')}: `, tileList((s.discards || []).map((d) => d.tile))),
      (s.melds || []).length ? h('p', {}, `${t('watch.melds')}: `, h('span', { class: 'melds' }, s.melds.map((m) => tileList(m.tiles || [])))) : null))));
}

export function liveView(root) {
  let timer = null, watchTimer = null, watching = null, watchingNode = null;
  const summary = h('div', { class: 'cards' });
  const queues = h('div');
  const tables = h('div');
  const watch = h('section', { class: 'watch', hidden: true });

  async function stopWatch() {
    clearInterval(watchTimer);
    watchTimer = null;
    watching = null;
    watch.hidden = true;
  }

  async function pollWatch() {
    if (!watching || document.visibilityState !== 'visible') return;
    try {
      const v = await api(at(`/admin/tables/${watching}`, watchingNode));
      renderView(watch.querySelector('.view'), v);
    } catch (e) {
      replace(watch.querySelector('.view'), h('p', { class: 'muted' }, e.status === 404 ? t('watch.gone') : errorText(e)));
      if (e.status === 404) clearInterval(watchTimer);
    }
  }

  function startWatch(id, node) {
    stopWatch();
    watching = id;
    watchingNode = node;
    watch.hidden = false;
    replace(watch, h('h2', {}, t('watch.title', { id: id.slice(0, 8) })),
      h('button', { type: 'button', onclick: stopWatch }, t('watch.stop')), h('div', { class: 'view' }));
    pollWatch();
    watchTimer = setInterval(pollWatch, WATCH_MS);
  }

  async function closeTable(id, node) {
    const done = await confirmAction({ title: t('close.title', { id: id.slice(0, 8) }), text: t('close.text'),
      ok: t('close.ok'), act: ({ reason }) => api(at('/admin/close-table', node), { method: 'POST', body: { table: id, reason } }) });
    if (done) {
      toast(t('close.done'));
      load();
    }
  }

  /** the timer's refresh: none while the page is hidden */
  function tick() {
    if (document.visibilityState === 'visible') load();
  }

  /** shown again: up to date at once */
  function shown() {
    if (document.visibilityState !== 'visible') return;
    load();
    pollWatch();
  }

  async function load() {
    let live;
    try {
      live = await liveOfCluster();
    } catch (e) {
      replace(tables, h('p', { class: 'error' }, errorText(e)));
      return;
    }
    replace(summary,
      h('div', { class: 'card' }, h('span', { class: 'label' }, t('live.connections')), h('strong', { id: 'live-connections' }, live.connections)),
      h('div', { class: 'card' }, h('span', { class: 'label' }, t('live.online')), h('strong', {}, live.players_online)),
      h('div', { class: 'card' }, h('span', { class: 'label' }, t('live.tables')), h('strong', { id: 'live-tables' }, live.tables_total)),
      live.maintenance ? h('div', { class: 'card warn' }, t('live.maintenance')) : null,
      live.draining ? h('div', { class: 'card warn' }, t('live.draining')) : null,
      lostCard(live.lost));
    replace(queues, h('h2', {}, t('live.queues')), h('ul', { class: 'plain' }, ['4p', '3p'].map((mode) => {
      const q = live.queues[mode];
      return h('li', {}, t('live.queue', { mode, size: q.size, wait: formatDuration(q.longest_wait_ms) }),
        q.waiting.length ? h('span', { class: 'muted' }, ' — ',
          q.waiting.slice(0, 20).map((w) => t('live.waiting', { name: w.name, wait: formatDuration(w.waited_ms) })).join(', ')) : null);
    })));
    if (!live.tables.length) {
      replace(tables, h('h2', {}, t('live.tables')), h('p', { class: 'muted' }, t('live.no_tables')));
      return;
    }
    replace(tables, h('h2', {}, t('live.tables')), table(
      ['live.col.table', ...(live.clustered ? ['live.col.node'] : []), 'live.col.mode', 'live.col.players', 'live.col.hand',
        'live.col.running', ''],
      live.tables.map((x) => h('tr', { 'data-table': x.id },
        h('td', {}, h('code', {}, x.id.slice(0, 8))),
        live.clustered ? h('td', {}, x.node ?? '') : null,
        h('td', {}, x.mode, x.ranked ? h('span', { class: 'badge' }, t('live.ranked')) : null),
        h('td', {}, playersCell(x.players)),
        h('td', {}, t('live.hand', { hand: x.hand_number + 1, honba: x.honba, sticks: x.sticks })),
        h('td', { class: 'num' }, formatDuration(x.running_ms)),
        h('td', { class: 'actions' },
          h('button', { type: 'button', onclick: () => startWatch(x.id, x.node) }, t('live.watch')),
          h('button', { type: 'button', class: 'danger', onclick: () => closeTable(x.id, x.node) }, t('live.close'))))),
      { id: 'tables' }));
  }

  replace(root, h('h1', {}, t('live.title')),
    h('div', { class: 'buttons' }, h('button', { type: 'button', onclick: load }, t('refresh'))),
    summary, queues, watch, tables);
  load();
  timer = setInterval(tick, REFRESH_MS);
  document.addEventListener('visibilitychange', shown);
  return () => {
    clearInterval(timer);
    document.removeEventListener('visibilitychange', shown);
    stopWatch();
  };
}
