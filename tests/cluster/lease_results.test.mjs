// A match that ends on a node whose lease ran out before the node has heard so from Redis: n1 is
// frozen (SIGSTOP) past its lease and n2 voids its ranked table; then Redis is frozen too and n1
// woken, so that its players finish their match while n1 cannot renew. n1 must not store that
// result: it holds it back until Redis answers, then finds the table void in the directory and
// stores the match void — once, not completed, not ranked, counted for no one, the same on both
// nodes — and tells its players table_closed. (The old code stored it completed and ranked while
// the directory and the other node called it void.) A node that stops while holding such a result
// leaves it to its journal: the next start replays the match and stores it as the directory says.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, accountToken, getJson, request, startServer } from '../integration/harness.mjs';
import { playToEnd, player } from '../integration/ws_player.mjs';
import { eventually, psql, startCluster } from './engines.mjs';

describe('a match that ends while its node\'s lease is not known to hold', () => {
  const LEASE_MS = 3000;
  let cluster, nodes, pg;

  before(async () => {
    cluster = await startCluster(['n1', 'n2'], { ...FAST_PLAY, log_level: 'info', bot_fill_after: 100 },
      { prefix: 'lr', lease_ms: LEASE_MS });
    ({ nodes, pg } = cluster);
  });

  after(async () => { await cluster?.stop(); });

  /** two players' ranked match on n1, frozen past its lease and voided by n2, then played to its
      end with Redis frozen (left frozen: thawRedis()); resolves to { a, b, table } */
  async function finishWhileRedisFrozen(tag) {
    const a = await player(nodes.n1.port, await accountToken(nodes.n1.port, `${tag}_a${Date.now() % 100000}`));
    const b = await player(nodes.n1.port, await accountToken(nodes.n1.port, `${tag}_b${Date.now() % 100000}`));
    a.send({ type: 'queue', mode: '4p' });
    b.send({ type: 'queue', mode: '4p' });
    const [fa, fb] = await Promise.all([a.next((m) => m.type === 'match_found' || m.type === 'move', 15_000, 'a'),
      b.next((m) => m.type === 'match_found' || m.type === 'move', 15_000, 'b')]);
    assert.equal(fa.type, 'match_found', JSON.stringify(fa)); // both on n1: the table is n1's
    assert.equal(fb.table, fa.table);
    assert.equal(fa.ranked, true, JSON.stringify(fa));
    const voidedBefore = (await getJson(nodes.n2.port, '/api/health')).cluster.tables_voided;
    nodes.n1.proc.child.kill('SIGSTOP');
    try {
      await eventually(async () => (await getJson(nodes.n2.port, '/api/health')).cluster.tables_voided > voidedBefore,
        LEASE_MS + 20_000, 'n2 voids the frozen n1');
      // Redis stops answering before n1 wakes: n1 cannot learn that its lease is gone, and its
      // players play their match to its end
      cluster.redis.child.kill('SIGSTOP');
    } finally {
      nodes.n1.proc.child.kill('SIGCONT');
    }
    const ends = await Promise.all([playToEnd(a), playToEnd(b)]);
    assert.equal(ends[0].type, 'match_end', JSON.stringify(ends[0])); // a result to hold (not the hand limit)
    // the store writer of n1 has nothing left to write: a result not held back would be stored by now
    await eventually(async () => {
      const h = JSON.parse((await request(nodes.n1.port, { path: '/api/health' })).body); // 200 or 503
      return h.writer_queue === 0 && h.matches_waiting === 0;
    }, 10_000, 'n1\'s store writer idle');
    for (const c of [a, b]) { // not stored while n1 cannot vouch for it
      const l = await getJson(nodes.n1.port, `/api/matches?player=${c.welcome.user.id}`);
      assert.equal(l.total, 0, JSON.stringify(l));
    }
    return { a, b, table: fa.table };
  }

  const thawRedis = () => cluster.redis.child.kill('SIGCONT');

  /** the match is stored once, not completed and not ranked, counted for no one: the same on both nodes */
  async function assertStoredVoid(table, players) {
    for (const port of [nodes.n1.port, nodes.n2.port]) {
      for (const c of players) {
        const list = await eventually(async () => {
          const l = await getJson(port, `/api/matches?player=${c.welcome.user.id}`);
          return l.total > 0 && l;
        }, 20_000, 'the voided match is stored');
        assert.equal(list.total, 1);
        assert.equal(list.matches[0].id, table);
        assert.equal(list.matches[0].completed, false);
        const profile = await getJson(port, `/api/players/${c.welcome.user.id}`);
        assert.equal(profile.modes?.['4p']?.games ?? 0, 0, JSON.stringify(profile.modes));
      }
    }
    assert.equal(psql(pg.conninfo, `SELECT count(*) FROM matches WHERE id = '${table}'`), '1');
    assert.equal(psql(pg.conninfo, `SELECT ranked, completed FROM matches WHERE id = '${table}'`), '0|0');
    assert.equal(psql(pg.conninfo, `SELECT count(*) FROM match_players WHERE match_id = '${table}' AND counted = 1`),
      '0');
  }

  test('is held until Redis answers, then stored void as the directory says: one story of the match', async () => {
    let held;
    try {
      held = await finishWhileRedisFrozen('held');
    } finally {
      thawRedis();
    }
    const { a, b, table } = held;
    // Redis answers: n1's lease was gone, the directory says void: the players are told
    for (const c of [a, b]) {
      const closed = await c.next((m) => m.type === 'table_closed', 15_000, 'table_closed once Redis answers');
      assert.equal(closed.table, table);
      assert.match(closed.reason, /lost/);
    }
    await assertStoredVoid(table, [a, b]);
    const health = await getJson(nodes.n1.port, '/api/health');
    assert.ok(health.cluster.leases_lost >= 1, JSON.stringify(health.cluster));
    a.close();
    b.close();
  });

  test('held when the node stops: its journal keeps it, and the next start stores it void', async () => {
    let held;
    try {
      held = await finishWhileRedisFrozen('kept');
      nodes.n1.proc.child.kill('SIGTERM');
      await nodes.n1.proc.exited;
    } finally {
      thawRedis();
    }
    const { a, b, table } = held;
    for (const c of [a, b]) { // nothing stored by the stop
      const l = await getJson(nodes.n2.port, `/api/matches?player=${c.welcome.user.id}`);
      assert.equal(l.total, 0, JSON.stringify(l));
    }
    nodes.n1.proc = await startServer(['--config', nodes.n1.config], nodes.n1.dir, nodes.n1.port);
    await assertStoredVoid(table, [a, b]);
    a.close();
    b.close();
  });
});
