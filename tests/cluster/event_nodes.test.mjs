// event_nodes.test.mjs — an event whose entrants are connected to different nodes of one cluster
// (src/server/EVENTS.md, "Cluster"), with a Redis and a PostgreSQL this test starts: four
// entrants, two on each of two nodes, register for a one-round 4-player event; at its time one
// node (whichever wins the round's write: both run the runner) seats the round having asked the
// cluster where the entrants are, so nobody is a stand-in; the entrants on that node get
// match_found and event_seated, the two on the other are sent to the table (`move`, reason
// match_found) and seated when they arrive there. Then the organiser (over the other node) has a
// bot replace one of the host's own entrants: it is told its table is closed to it and may queue
// again at once (its seat freed in Redis); the host, killed and restarted within its lease,
// resumes the match from its journal, the stand-in in its seat. The three
// others come back and play the match to its end; the event is finished on both nodes with the
// same standings, every entrant with one result, the match stored once and only the replaced
// entrant's seat a stand-in's. Then a second event's round whose node is killed for good: once its
// lease runs out the other node voids its tables, the event's table among them, so the round ends
// without it and the event is finished there — no round hangs on a dead node.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, api } from '../integration/harness.mjs';
import { playToEnd, player } from '../integration/ws_player.mjs';
import { startServer } from '../integration/harness.mjs';
import { eventually, startCluster } from './engines.mjs';

describe('an event across the nodes of a cluster', () => {
  let cluster, nodes;

  before(async () => {
    cluster = await startCluster(['n1', 'n2'], { ...FAST_PLAY, signups_per_address: 100, log_level: 'info' },
      { prefix: 'ev', lease_ms: 6000 });
    ({ nodes } = cluster);
  });
  after(async () => { await cluster?.stop(); });

  test('entrants on both nodes are seated at one table; a replaced one frees its seat; the host restarts', { timeout: 180_000 }, async () => {
    const accounts = [];
    for (let i = 0; i < 5; i++) {
      const r = await api(nodes.n1.port, 'POST', '/api/auth/register', { body: { username: `node${i}`,
        password: 'Aozora-kite-19', display_name: i === 3 ? '二つ目の節点' : `node${i}` } });
      assert.equal(r.status, 201, r.raw);
      accounts.push(r.json);
    }
    const [org, ...entrants] = accounts;
    const made = await api(nodes.n1.port, 'POST', '/api/events', { token: org.token, body: {
      name: 'Two nodes', mode: '4p', rounds: 1, starts_at: Date.now() + 6_000, checkin_minutes: 1, duplicate: true } });
    assert.equal(made.status, 201, made.raw);
    const id = made.json.id;
    const where = ['n1', 'n1', 'n2', 'n2'];
    const clients = [];
    for (let i = 0; i < 4; i++) {
      const reg = await api(nodes[where[i]].port, 'POST', `/api/events/${id}/register`, { token: entrants[i].token });
      assert.equal(reg.status, 200, reg.raw);
      clients.push(await player(nodes[where[i]].port, entrants[i].token));
    }

    const found = await Promise.all(clients.map((c) => c.next((m) => m.type === 'match_found' || m.type === 'move',
      30_000, 'a seat at the round\'s table')));
    const local = found.filter((m) => m.type === 'match_found');
    const moved = found.filter((m) => m.type === 'move');
    assert.equal(local.length, 2, `two entrants were on the host node: ${JSON.stringify(found)}`);
    assert.equal(moved.length, 2, 'two were sent there');
    const table = local[0].table;
    const host = where[found.indexOf(local[0])];
    assert.ok(local.every((m) => m.table === table));
    for (const m of moved) {
      assert.equal(m.reason, 'match_found');
      assert.equal(m.node, host);
      assert.equal(m.table, table);
    }
    assert.equal(local[0].seats.filter((s) => !s.bot).length, 4, 'four people at the table, no stand-in');
    for (let i = 0; i < 4; i++) {
      if (found[i].type !== 'match_found') continue;
      const seated = await clients[i].next((m) => m.type === 'event_seated', 10_000, 'event_seated');
      assert.equal(seated.event, id);
      assert.equal(seated.match, table);
    }

    // the moved ones connect to the host by the path they were given
    for (let i = 0; i < 4; i++) {
      if (found[i].type === 'match_found') continue;
      clients[i].close();
      const arrived = await player(nodes[host].port, entrants[i].token, { path: found[i].path });
      assert.equal(arrived.welcome.table?.id, table, JSON.stringify(arrived.welcome));
      clients[i] = arrived;
    }

    // the organiser, over the other node, has a bot replace one of the host's own entrants
    const out = found.findIndex((m) => m.type === 'match_found');
    const other = host === 'n1' ? 'n2' : 'n1';
    const replaced = await api(nodes[other].port, 'POST', `/api/events/${id}/entrants/${entrants[out].user.id}/stand_in`,
      { token: org.token, body: { reason: 'a train to catch' } });
    assert.equal(replaced.status, 200, replaced.raw);
    const closed = await clients[out].next((m) => m.type === 'table_closed', 10_000, 'its table closed to it');
    assert.equal(closed.table, table);
    clients[out].send({ type: 'queue', mode: '3p' });
    const queued = await clients[out].next((m) => m.type === 'queued' || m.type === 'move' || m.type === 'error', 10_000, 'queued');
    assert.equal(queued.type, 'queued', `its seat is free in the cluster: ${JSON.stringify(queued)}`);
    clients[out].close();

    // the host killed and back within its lease: the journal resumes the match
    for (let i = 0; i < 4; i++) if (i !== out) clients[i].close();
    nodes[host].proc.child.kill('SIGKILL');
    await nodes[host].proc.exited;
    nodes[host].proc = await startServer(['--config', nodes[host].config], nodes[host].dir, nodes[host].port);
    const playing = [];
    for (let i = 0; i < 4; i++) {
      if (i === out) continue;
      const back = await player(nodes[host].port, entrants[i].token, found[i].path ? { path: found[i].path } : {});
      assert.equal(back.welcome.table?.id, table, `the match resumed: ${JSON.stringify(back.welcome)}`);
      playing.push(back);
    }
    const ends = await Promise.all(playing.map((c) => playToEnd(c)));
    assert.equal(new Set(ends.map((e) => JSON.stringify(e.points))).size, 1, 'one match, one result');

    // finished on both nodes, the same standings, every entrant with its one result
    const views = [];
    for (const n of ['n1', 'n2']) {
      views.push(await eventually(async () => {
        const r = await api(nodes[n].port, 'GET', `/api/events/${id}`);
        return r.json.status === 'finished' && r.json;
      }, 20_000, `the event finished, as ${n} tells`));
    }
    assert.deepEqual(views[0].standings, views[1].standings);
    assert.equal(views[0].standings.length, 4);
    assert.ok(views[0].standings.every((l) => l.played === 1));
    const round = views[0].round_list[0];
    assert.equal(round.tables.length, 1, 'one table: the nodes did not both seat the round');
    assert.equal(round.tables[0].match_id, table);
    for (const s of round.tables[0].seats) {
      assert.equal(s.stand_in, s.user.id === entrants[out].user.id, `${s.user.display_name}: a stand-in only for the replaced`);
    }
    const stored = await api(nodes.n2.port, 'GET', `/api/matches/${table}`);
    assert.equal(stored.status, 200, 'the match stored once, read from either node');
    for (const c of playing) c.close();
  });

  test('a round whose node is gone for good: its table void, the event finished on the other node', { timeout: 120_000 }, async () => {
    const accounts = [];
    for (let i = 0; i < 5; i++) {
      const r = await api(nodes.n1.port, 'POST', '/api/auth/register', { body: { username: `gone${i}`,
        password: 'Aozora-kite-19', display_name: `gone${i}` } });
      assert.equal(r.status, 201, r.raw);
      accounts.push(r.json);
    }
    const [org, ...entrants] = accounts;
    const made = await api(nodes.n1.port, 'POST', '/api/events', { token: org.token, body: {
      name: 'A node lost', mode: '4p', rounds: 1, starts_at: Date.now() + 6_000, checkin_minutes: 1 } });
    assert.equal(made.status, 201, made.raw);
    const id = made.json.id;
    const clients = [];
    for (const e of entrants) {
      const reg = await api(nodes.n1.port, 'POST', `/api/events/${id}/register`, { token: e.token });
      assert.equal(reg.status, 200, reg.raw);
      clients.push(await player(nodes.n1.port, e.token));
    }
    const first = await clients[0].next((m) => m.type === 'match_found' || m.type === 'move', 30_000, 'a seat');
    const host = first.type === 'match_found' ? 'n1' : first.node;
    const other = host === 'n1' ? 'n2' : 'n1';
    for (const c of clients) c.close();
    nodes[host].proc.child.kill('SIGKILL');
    await nodes[host].proc.exited;

    const ev = await eventually(async () => {
      const r = await api(nodes[other].port, 'GET', `/api/events/${id}`);
      return r.json.status === 'finished' && r.json;
    }, 60_000, `the event finished on ${other}`);
    const round = ev.round_list[0];
    assert.equal(round.status, 'done');
    assert.equal(round.tables[0].void, true, 'the dead node\'s table is void');
    assert.ok(ev.standings.every((l) => l.played === 0), 'nobody has a result from it');
    // the node comes back: the directory says its match is void, and it stays so
    nodes[host].proc = await startServer(['--config', nodes[host].config], nodes[host].dir, nodes[host].port);
    const again = await api(nodes[host].port, 'GET', `/api/events/${id}`);
    assert.equal(again.json.status, 'finished');
    assert.equal(again.json.round_list[0].tables[0].void, true);
  });
});
