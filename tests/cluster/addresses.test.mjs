// addresses.test.mjs — the shared take keeps a ranked table's humans to distinct client addresses,
// as a single server's lobby does (collusion.test.mjs): two real nodes on one real redis-server,
// each believing X-Forwarded-For from the test (trusted_proxy 127.0.0.1). Two guests of one
// address queued on different nodes are seated at two tables, each with bots; two of two
// addresses share one; with ranked_same_address one address may fill a table.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, freePort, serve, shutdown } from '../integration/harness.mjs';
import { player } from '../integration/ws_player.mjs';
import { startRedis, stopRedis } from './engines.mjs';

describe('client addresses at a cluster\'s tables', () => {
  const servers = [];
  const redises = [];
  after(async () => {
    for (const s of servers) await shutdown(s);
    for (const r of redises) await stopRedis(r);
  });

  /** two nodes on a Redis of their own, with these keys */
  async function cluster(extra) {
    const redisPort = await freePort();
    redises.push(await startRedis(redisPort));
    const node = async (name) => {
      const s = await serve({ ...FAST_PLAY, log_level: 'warn', trusted_proxy: '127.0.0.1', bot_fill_after: 50,
        ranked_min_humans: 2, ranked_same_address: false, ...extra, // bots after 1 s (time_scale 0.02)
        cluster: { node: name, redis: `127.0.0.1:${redisPort}`, prefix: 'atest' } });
      servers.push(s);
      return s.port;
    };
    return [await node('n1'), await node('n2')];
  }

  /** a player on each node from the given addresses queue for 4p: the table each is given */
  async function tablesOf(ports, addresses) {
    const humans = [];
    for (let i = 0; i < 2; i++) humans.push(await player(ports[i], undefined, { forwardedFor: addresses[i] }));
    for (const c of humans) c.send({ type: 'queue', mode: '4p' });
    const found = await Promise.all(humans.map((c) =>
      c.next((m) => m.type === 'match_found' || m.type === 'move', 15_000, 'a table')));
    for (const c of humans) c.ws.close();
    return found.map((m) => m.table);
  }

  test('one address: two tables; two addresses: one table', async () => {
    const ports = await cluster({});
    const apart = await tablesOf(ports, ['203.0.113.5', '203.0.113.5']);
    assert.notEqual(apart[0], apart[1], 'one address, two tables');
    const together = await tablesOf(ports, ['203.0.113.6', '198.51.100.7']);
    assert.equal(together[0], together[1], 'two addresses, one table');
  });

  test('ranked_same_address lets one address fill a table', async () => {
    const ports = await cluster({ ranked_same_address: true });
    const [a, b] = await tablesOf(ports, ['192.168.1.20', '192.168.1.20']);
    assert.equal(a, b);
  });
});
