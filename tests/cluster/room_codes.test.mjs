// room_codes.test.mjs — room codes that lead nowhere counted across the nodes of a cluster
// (game/room_limits.h through base/shared_buckets.h, as the sign-in limits are: limits.test.mjs):
// two real `ippon` nodes on one real redis-server, each behind the "proxy" 127.0.0.1
// (trusted_proxy), so the test speaks for an address of its own through X-Forwarded-For. Wrong
// codes from one address spread over both nodes are refused `rate_limited` with a retry time once
// their sum reaches the limit, which neither node reaches alone — the right code of a room on the
// other node too — while another address still finds that room. A Redis that stops answering
// holds a join for a second at most; then the node's own limits judge alone.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY } from '../integration/harness.mjs';
import { player } from '../integration/ws_player.mjs';
import { startNodesOnRedis } from './engines.mjs';

const LIMIT = 10; // the default room_join_fails_per_address

describe('room codes guessed on two nodes', () => {
  let cluster, n1, n2;
  const from = (address) => ({ forwardedFor: address });

  before(async () => {
    cluster = await startNodesOnRedis(['n1', 'n2'], { ...FAST_PLAY, log_level: 'warn', trusted_proxy: '127.0.0.1' },
      { prefix: 'rctest', lease_ms: 1500 });
    [n1, n2] = cluster.nodes;
  });

  after(() => cluster?.stop());

  async function join(c, code) {
    c.send({ type: 'room_join', code });
    return c.next((m) => m.type === 'room' || m.type === 'move' || m.type === 'error', 10_000, `the answer to ${code}`);
  }

  test('the limit is reached by the sum over both nodes', async () => {
    const host = await player(n1.port, undefined, from('192.0.2.1'));
    host.send({ type: 'room_create', mode: '4p' });
    const { code } = await host.next((m) => m.type === 'room', 10_000, 'the room on n1');

    const address = '192.0.2.20';
    const on1 = await player(n1.port, undefined, from(address)), on2 = await player(n2.port, undefined, from(address));
    for (let i = 0; i < LIMIT; i++) { // half on each node: neither sees more than five
      const m = await join(i % 2 ? on2 : on1, `ZZZZZ${'23456789AB'[i]}`);
      assert.equal(m.code, 'no_room', `wrong code ${i}: ${JSON.stringify(m)}`);
    }
    for (const [c, what] of [[on1, 'n1'], [on2, 'n2']]) {
      const m = await join(c, 'ZZZZZC');
      assert.equal(m.code, 'rate_limited', `${what}, the eleventh: ${JSON.stringify(m)}`);
      assert.ok(m.retry_after_ms > 0 && m.retry_after_ms <= 60_000, `retry_after_ms ${m.retry_after_ms}`);
    }
    const right = await join(on2, code); // the room is on n1: not even sent there
    assert.equal(right.code, 'rate_limited', `the right code: ${JSON.stringify(right)}`);

    const friend = await player(n2.port, undefined, from('192.0.2.21'));
    const move = await join(friend, code);
    assert.equal(move.type, 'move', `another address is sent to the room: ${JSON.stringify(move)}`);
    assert.equal(move.room, code);
    for (const c of [host, on1, on2, friend]) c.ws.close();
  });

  test('a Redis that stops answering costs a second at most: the node judges alone', async () => {
    const host = await player(n1.port, undefined, from('192.0.2.30'));
    host.send({ type: 'room_create', mode: '4p' });
    const { code } = await host.next((m) => m.type === 'room', 10_000, 'the room on n1');
    const friend = await player(n1.port, undefined, from('192.0.2.31'));
    cluster.redis.child.kill('SIGSTOP');
    try {
      const started = Date.now();
      const m = await join(friend, code);
      const took = Date.now() - started;
      assert.equal(m.type, 'room', JSON.stringify(m));
      assert.ok(took >= 900 && took < 4000, `answered in ${took} ms`);
    } finally {
      cluster.redis.child.kill('SIGCONT');
    }
    for (const c of [host, friend]) c.ws.close();
  });
});
