// queue_window.test.mjs — the ranked queue's rating window on a cluster of two real nodes (the
// shared take in Redis, src/server/cluster/coord.c's QUEUE_TAKE), with a Redis and a PostgreSQL
// this test starts: each queued player's ticket carries its rating, read from the shared records
// (written there with psql; the nodes read a rating when a player queues). Two players 300 apart,
// queued on different nodes, share one table once the window has widened (at the bot fill:
// bot_fill_after 50 s × time_scale 0.02 = 1 s, when the window is at its cap, 400); two 450 apart
// never do (past the cap: each sits with bots). The shared table, played to its end, is stored
// with its spread (300) and each human's wait (at least the second of the bot fill).
// The same rule on hand-worked queues: cluster/test_cluster_coord.c and unit/queue_window_cases.h.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY } from '../integration/harness.mjs';
import { guestToken, playToEnd, player } from '../integration/ws_player.mjs';
import { eventually, psql, startCluster } from './engines.mjs';

describe('the rating window on a cluster', () => {
  let cluster, nodes, pg;

  before(async () => {
    cluster = await startCluster(['n1', 'n2'], { ...FAST_PLAY, log_level: 'warn', bot_fill_after: 50,
      ranked_min_humans: 2 }, { prefix: 'qw' });
    ({ nodes, pg } = cluster);
  });

  after(async () => { await cluster?.stop(); });

  /* a guest on node `at` rated mu in 4p (in the shared records); its connection closed */
  async function rated(at, mu) {
    const token = await guestToken(nodes[at].port);
    const c = await player(nodes[at].port, token);
    const id = c.welcome.user.id;
    c.close();
    psql(pg.conninfo, `INSERT INTO ratings (mode, user_id, mu, sigma, games, tier, rank_points) VALUES ('4p', '${id}', ${mu}, 200, 0, 0, 0)`);
    return { token, id };
  }

  /* a and b queue for 4p on n1 and n2: the first message each gets, match_found or move */
  async function queueBoth(a, b) {
    const ca = await player(nodes.n1.port, a.token);
    const cb = await player(nodes.n2.port, b.token);
    ca.send({ type: 'queue', mode: '4p' });
    cb.send({ type: 'queue', mode: '4p' });
    const seated = (m) => m.type === 'match_found' || m.type === 'move';
    const [fa, fb] = await Promise.all([ca.next(seated, 15_000, 'a table'), cb.next(seated, 15_000, 'a table')]);
    return { ca, cb, fa, fb };
  }

  test('450 apart: never at one table (the cap)', async () => {
    const { ca, cb, fa, fb } = await queueBoth(await rated('n1', 1500), await rated('n2', 1950));
    assert.notEqual(fa.table, fb.table, `${JSON.stringify(fa)} ${JSON.stringify(fb)}`);
    ca.close();
    cb.close();
  });

  test('300 apart: one table once the window has widened, stored with its spread and waits', async () => {
    const a = await rated('n1', 1500), b = await rated('n2', 1800);
    const { ca, cb, fa, fb } = await queueBoth(a, b);
    assert.equal(fa.table, fb.table, `${JSON.stringify(fa)} ${JSON.stringify(fb)}`);
    const table = fa.table;
    // the one sent elsewhere goes to the host, as a proxy would route it
    const [local, moved, movedToken] = fa.type === 'match_found' ? [ca, fb, b.token] : [cb, fa, a.token];
    (fa.type === 'match_found' ? cb : ca).close();
    assert.equal(moved.type, 'move', JSON.stringify(moved));
    const arrived = await player(nodes[moved.node].port, movedToken, { path: moved.path });
    const ends = await Promise.all([playToEnd(local), playToEnd(arrived)]);
    local.close();
    arrived.close();
    assert.equal(ends[0].type, 'match_end', JSON.stringify(ends[0]).slice(0, 300));
    await eventually(async () => psql(pg.conninfo, `SELECT count(*) FROM matches WHERE id = '${table}'`) === '1',
      10_000, 'the match is stored');
    assert.equal(psql(pg.conninfo, `SELECT queue_spread FROM matches WHERE id = '${table}'`), '300');
    const waits = psql(pg.conninfo, `SELECT queue_wait_ms FROM match_players WHERE match_id = '${table}' AND user_id IS NOT NULL`)
      .split('\n').map(Number);
    assert.equal(waits.length, 2);
    for (const w of waits) assert.ok(w >= 900 && w < 10_000, `a wait of ${w} ms: the bots came after 1 s`);
  });
});
