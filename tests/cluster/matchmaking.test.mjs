// matchmaking.test.mjs — matchmaking across two real nodes of one cluster (src/server/matchmaking/),
// with a Redis and a PostgreSQL this test starts: two players queued on different nodes are
// seated at one table — one node hosts it, the player of the other is told to move there and is
// seated on arriving; a player seated on one node who connects to the other is sent back to its
// table (also when it asks to queue there: never seated twice); the match is stored once and
// listed by both nodes; once it is over the players may queue again. A node killed with SIGKILL
// leaves the other's match alone and resumes its own when it comes back within its lease; one
// gone for longer is voided by the other: its player, connecting there, is told the match is
// void, and when the node comes back it closes that match instead of resuming it. A node frozen
// (SIGSTOP) past its lease and voided meanwhile closes its ranked table as soon as it wakes and
// finds its lease gone: its players get table_closed, and the match is stored once, not
// completed and counted for no one, as both nodes tell. The cluster's Redis wants a password.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, accountToken, getJson, startServer } from '../integration/harness.mjs';
import { guestToken, playToEnd, player } from '../integration/ws_player.mjs';
import { eventually, psql, startCluster } from './engines.mjs';

describe('matchmaking across the nodes of a cluster', () => {
  // the lease must outlast a restart of a sanitizer build under a loaded machine (the SIGKILL test
  // comes back within it; one that does not finds its match voided, as the last test wants)
  const LEASE_MS = 6000;
  let cluster, nodes, pg;

  before(async () => {
    cluster = await startCluster(['n1', 'n2'], { ...FAST_PLAY, log_level: 'info', bot_fill_after: 100 },
      { prefix: 'mm', lease_ms: LEASE_MS });
    ({ nodes, pg } = cluster);
  });

  after(async () => { await cluster?.stop(); });

  test('players queued on two nodes share one table, stored once and listed by both', async () => {
    const a = await player(nodes.n1.port, await guestToken(nodes.n1.port));
    const b = await player(nodes.n2.port, await guestToken(nodes.n2.port));
    a.send({ type: 'queue', mode: '4p' });
    b.send({ type: 'queue', mode: '4p' });
    const seated = (m) => m.type === 'match_found' || m.type === 'move';
    const [fa, fb] = await Promise.all([a.next(seated, 15_000, 'a match'), b.next(seated, 15_000, 'a match')]);
    // one node hosts the table: its player is seated there, the other's is sent there
    const [local, moved, movedClient, localClient] = fa.type === 'match_found' ? [fa, fb, b, a] : [fb, fa, a, b];
    assert.equal(local.type, 'match_found', JSON.stringify(local));
    assert.equal(moved.type, 'move', JSON.stringify(moved));
    assert.equal(moved.reason, 'match_found');
    assert.equal(moved.table, local.table);
    const host = moved.node;
    const other = host === 'n1' ? 'n2' : 'n1';
    assert.equal(moved.path, `/ws?node=${host}&table=${local.table}`);
    assert.equal(local.seats.filter((s) => !s.bot).length, 2);
    movedClient.close();

    // the moved player connects to the host (the path a proxy routes by) and is seated there
    const arrived = await player(nodes[host].port, movedClient.token, { path: moved.path });
    assert.equal(arrived.welcome.table?.id, local.table, JSON.stringify(arrived.welcome));
    await arrived.next((m) => m.type === 'view', 10_000, 'the table\'s view');
    arrived.close();

    // back on the other node: sent to its table again, and its queue request too (never seated twice)
    const astray = await player(nodes[other].port, movedClient.token);
    const back = await astray.next((m) => m.type === 'move', 10_000, 'a move back to the table');
    assert.equal(back.reason, 'seated');
    assert.equal(back.table, local.table);
    astray.send({ type: 'queue', mode: '3p' }); // "queued" here, then the shared queue says where it sits
    const again = await astray.next((m) => m.type === 'move', 10_000, 'a move back, not a place in the queue');
    assert.equal(again.table, local.table);
    astray.send({ type: 'ping' }); // answered after anything the node sent before
    await astray.next((m) => m.type === 'pong', 5_000, 'pong');
    assert.equal(astray.received.filter((m) => m.type === 'match_found').length, 0); /* never a second table */
    astray.close();

    const returned = await player(nodes[host].port, movedClient.token, { path: back.path });
    const ends = await Promise.all([playToEnd(localClient), playToEnd(returned)]);
    assert.deepEqual(ends[0].final_points ?? ends[0].points, ends[1].final_points ?? ends[1].points);

    // stored once, in the shared records: each node lists it for both players
    const ids = [a.welcome.user.id, b.welcome.user.id];
    for (const port of [nodes.n1.port, nodes.n2.port]) {
      for (const id of ids) {
        const list = await eventually(async () => {
          const l = await getJson(port, `/api/matches?player=${id}`);
          return l.total > 0 && l;
        }, 10_000, 'the match is listed');
        assert.equal(list.total, 1);
        assert.equal(list.matches[0].id, local.table);
      }
    }
    assert.equal(psql(pg.conninfo, `SELECT count(*) FROM matches WHERE id = '${local.table}'`), '1');
    assert.equal(psql(pg.conninfo, `SELECT count(*) FROM match_players WHERE match_id = '${local.table}' AND user_id IS NOT NULL`), '2');

    // the table is over: its seats are free, and either player may queue again anywhere
    const free = await player(nodes[other].port, movedClient.token);
    free.send({ type: 'queue', mode: '3p' });
    const queued = await free.next((m) => m.type === 'queued' || m.type === 'move', 10_000, 'queued');
    assert.equal(queued.type, 'queued', JSON.stringify(queued));
    free.send({ type: 'unqueue' });
    await free.next((m) => m.type === 'unqueued', 10_000, 'unqueued');
    free.close();
    returned.close();
    localClient.close();
  });

  test('a practice table is a seat too: its player queues on no other node', async () => {
    const token = await guestToken(nodes.n1.port);
    const at1 = await player(nodes.n1.port, token);
    at1.send({ type: 'practice', mode: '3p' });
    const found = await at1.next((m) => m.type === 'match_found', 10_000, 'a practice table');
    at1.close();
    const at2 = await player(nodes.n2.port, token);
    const back = await at2.next((m) => m.type === 'move', 10_000, 'a move to the practice table');
    assert.deepEqual([back.reason, back.node, back.table], ['seated', 'n1', found.table]);
    at2.send({ type: 'queue', mode: '4p' });
    const again = await at2.next((m) => m.type === 'move', 10_000, 'a move, not a second table');
    assert.equal(again.table, found.table);
    at2.close();
  });

  test('one live socket per user across the nodes', async () => {
    const token = await guestToken(nodes.n1.port);
    const first = await player(nodes.n1.port, token);
    const second = await player(nodes.n2.port, token);
    const err = await first.next((m) => m.type === 'error', 10_000, 'the older socket replaced');
    assert.equal(err.code, 'replaced');
    await first.untilClosed();
    second.close();
  });

  test('a node killed with SIGKILL leaves the other\'s match alone and resumes its own', async () => {
    const p1 = await player(nodes.n1.port, await guestToken(nodes.n1.port));
    const p2 = await player(nodes.n2.port, await guestToken(nodes.n2.port));
    p1.send({ type: 'practice', mode: '4p' });
    p2.send({ type: 'practice', mode: '4p' });
    const [m1, m2] = await Promise.all([p1.next((m) => m.type === 'match_found', 10_000, 'p1 seated'),
      p2.next((m) => m.type === 'match_found', 10_000, 'p2 seated')]);
    const ending = playToEnd(p1);
    nodes.n2.proc.child.kill('SIGKILL');
    await nodes.n2.proc.exited;
    await p2.untilClosed();
    const end = await ending; // n1's match plays to its end undisturbed
    assert.equal(end.type, 'match_end');

    // n2 comes back on its own folder: its journal resumes the match, and its player rejoins it
    nodes.n2.proc = await startServer(['--config', nodes.n2.config], nodes.n2.dir, nodes.n2.port);
    const back = await player(nodes.n2.port, p2.token);
    assert.equal(back.welcome.table?.id, m2.table, JSON.stringify(back.welcome));
    const end2 = await playToEnd(back);
    assert.equal(end2.type, 'match_end');
    for (const [id, table] of [[p1.welcome.user.id, m1.table], [p2.welcome.user.id, m2.table]]) {
      await eventually(async () => {
        const l = await getJson(nodes.n1.port, `/api/matches?player=${id}`);
        return l.total === 1 && l.matches[0].id === table;
      }, 10_000, `the match of ${id} is stored`);
    }
    back.close();
    p1.close();
  });

  test('a node frozen past its lease and voided closes its table when it wakes: one story of the match',
    async () => {
      const a = await player(nodes.n1.port, await accountToken(nodes.n1.port, `frozen_a${Date.now() % 100000}`));
      const b = await player(nodes.n1.port, await accountToken(nodes.n1.port, `frozen_b${Date.now() % 100000}`));
      a.send({ type: 'queue', mode: '4p' });
      b.send({ type: 'queue', mode: '4p' });
      const [fa, fb] = await Promise.all([a.next((m) => m.type === 'match_found' || m.type === 'move', 15_000, 'a'),
        b.next((m) => m.type === 'match_found' || m.type === 'move', 15_000, 'b')]);
      assert.equal(fa.type, 'match_found', JSON.stringify(fa)); // both on n1: the table is n1's
      assert.equal(fb.table, fa.table);
      assert.equal(fa.ranked, true, JSON.stringify(fa)); // a ranked table while it runs
      const voidedBefore = (await getJson(nodes.n2.port, '/api/health')).cluster.tables_voided;
      nodes.n1.proc.child.kill('SIGSTOP');
      try { // n2 voids n1 once its lease has run out
        await eventually(async () => (await getJson(nodes.n2.port, '/api/health')).cluster.tables_voided > voidedBefore,
          LEASE_MS + 20_000, 'n2 voids the frozen n1');
      } finally {
        nodes.n1.proc.child.kill('SIGCONT');
      }
      // n1 wakes, finds its lease gone and the table void in the directory: closed, its players told
      for (const c of [a, b]) {
        const closed = await c.next((m) => m.type === 'table_closed', 15_000, 'table_closed on waking');
        assert.match(closed.reason, /lost/);
      }
      assert.equal(a.received.filter((m) => m.type === 'match_end').length, 0);
      const health = await getJson(nodes.n1.port, '/api/health');
      assert.ok(health.cluster.leases_lost >= 1, JSON.stringify(health.cluster));
      // stored once, not completed, counted for no one: the same on both nodes
      for (const port of [nodes.n1.port, nodes.n2.port]) {
        for (const c of [a, b]) {
          const list = await eventually(async () => {
            const l = await getJson(port, `/api/matches?player=${c.welcome.user.id}`);
            return l.total > 0 && l;
          }, 10_000, 'the closed match is stored');
          assert.equal(list.total, 1);
          assert.equal(list.matches[0].id, fa.table);
          assert.equal(list.matches[0].completed, false);
        }
      }
      assert.equal(psql(pg.conninfo, `SELECT count(*) FROM matches WHERE id = '${fa.table}'`), '1');
      assert.equal(psql(pg.conninfo, `SELECT ranked, completed FROM matches WHERE id = '${fa.table}'`), '0|0');
      assert.equal(psql(pg.conninfo, `SELECT count(*) FROM match_players WHERE match_id = '${fa.table}' AND counted = 1`),
        '0');
      a.close();
      b.close();
    });

  test('a node gone past its lease: its match is void, its player told, and it does not resume it', async () => {
    const p = await player(nodes.n2.port, await guestToken(nodes.n2.port));
    p.send({ type: 'practice', mode: '4p' });
    const found = await p.next((m) => m.type === 'match_found', 10_000, 'seated on n2');
    nodes.n2.proc.child.kill('SIGKILL');
    await nodes.n2.proc.exited;
    await p.untilClosed();
    // n1 voids n2 once n2's lease has run out; then the player, on n1, hears why
    const told = await eventually(async () => {
      const c = await player(nodes.n1.port, p.token);
      try {
        const m = await c.next((x) => x.type === 'table_closed' || x.type === 'move', 1_500, 'told');
        return m.type === 'table_closed' && m;
      } catch { return false; } finally { c.close(); }
    }, LEASE_MS + 40_000, 'the player is told its match is void');
    assert.equal(told.table, found.table);
    assert.match(told.reason, /lost/);
    // n2 comes back: its journal has the match, the directory says void: closed, not resumed
    nodes.n2.proc = await startServer(['--config', nodes.n2.config], nodes.n2.dir, nodes.n2.port);
    const list = await eventually(async () => {
      const l = await getJson(nodes.n1.port, `/api/matches?player=${p.welcome.user.id}`);
      return l.total === 1 && l;
    }, 20_000, 'the voided match is stored');
    assert.equal(list.matches[0].id, found.table);
    assert.equal(list.matches[0].completed, false);
    const back = await player(nodes.n2.port, p.token);
    assert.equal(back.welcome.table, null, JSON.stringify(back.welcome));
    back.close();
  });
});
