// collusion.test.mjs — a ranked table never seats two humans from one client address (lobby.h):
// two guests whose connections come from one address (X-Forwarded-For through the trusted proxy,
// here the test itself) queue at the same moment and are seated apart, each with bots (and so
// unranked: ranked_min_humans is 2); two guests from two addresses sit together and rank; with
// ranked_same_address (a LAN event) two from one address sit together too.
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, serve, shutdown } from './harness.mjs';
import { player } from './ws_player.mjs';

/** two players queue for 4p from the given addresses; resolves to their match_found messages */
async function queueTwo(port, [a, b]) {
  const humans = [await player(port, undefined, { forwardedFor: a }), await player(port, undefined, { forwardedFor: b })];
  for (const c of humans) c.send({ type: 'queue', mode: '4p' });
  const found = await Promise.all(humans.map((c) => c.next((m) => m.type === 'match_found', 15_000, 'match_found')));
  for (const c of humans) c.ws.close();
  return found;
}

describe('ranked tables and client addresses', () => {
  const servers = [];
  after(async () => { for (const s of servers) await shutdown(s); });

  async function start(extra) {
    const s = await serve({ ...FAST_PLAY, ranked_same_address: false, log_level: 'warn', trusted_proxy: '127.0.0.1',
      bot_fill_after: 1, ranked_min_humans: 2, ...extra });
    servers.push(s);
    return s.port;
  }

  test('two humans of one address are seated apart, two of two addresses together', async () => {
    const port = await start({});
    const apart = await queueTwo(port, ['203.0.113.5', '203.0.113.5']);
    assert.notEqual(apart[0].table, apart[1].table, 'one address, two tables');
    for (const f of apart) {
      assert.equal(f.seats.filter((s) => !s.bot).length, 1, 'each with bots only');
      assert.equal(f.ranked, false, 'a lone human does not rank');
    }
    const together = await queueTwo(port, ['203.0.113.6', '198.51.100.7']);
    assert.equal(together[0].table, together[1].table, 'two addresses, one table');
    assert.equal(together[0].ranked, true);
  });

  test('ranked_same_address lets one address fill a table (a LAN event)', async () => {
    const port = await start({ ranked_same_address: true });
    const found = await queueTwo(port, ['192.168.1.20', '192.168.1.20']);
    assert.equal(found[0].table, found[1].table);
    assert.equal(found[0].ranked, true);
  });
});
