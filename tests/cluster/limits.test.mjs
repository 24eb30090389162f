// limits.test.mjs — the per-address and per-account limits of sign-ins counted across the nodes
// of a cluster (auth.h, base/shared_buckets.h): two real `ippon` nodes on one real redis-server,
// each behind the "proxy" 127.0.0.1 (trusted_proxy), so every test speaks for an address of its
// own through X-Forwarded-For. Guests, sign-ups and failed logins spread over both nodes are
// refused once their sum reaches the limit, which neither node reaches alone, and an account's
// failures on both make the next attempt wait. With Redis away, or
// stopped mid-answer, each node's own limits judge alone and every request is still answered.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_HASH, api, assertError } from '../integration/harness.mjs';
import { eventually, startNodesOnRedis, startRedis, stopRedis } from './engines.mjs';

const GUESTS = 3, SIGNUPS = 2, FAILS = 3, SLOW_AFTER = 2, DELAY_MS = 600;

describe('sign-in limits across two nodes', () => {
  let cluster, n1, n2;
  const nodeKeys = { ...FAST_HASH, log_level: 'warn', trusted_proxy: '127.0.0.1',
    guests_per_address: GUESTS, signups_per_address: SIGNUPS, login_fails_per_address: FAILS,
    login_fails_per_account: SLOW_AFTER, login_delay_base_ms: DELAY_MS, login_delay_max_ms: 4 * DELAY_MS };
  const from = (address) => ({ 'x-forwarded-for': address });
  const guest = (node, address) => api(node.port, 'POST', '/api/auth/guest', { body: {}, headers: from(address) });
  let names = 0;
  const register = (node, address) => {
    const username = `limits${process.pid % 10000}n${names++}`;
    return api(node.port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username }, headers: from(address) });
  };
  const badLogin = (node, address, username = `nobody${names++}`) => api(node.port, 'POST', '/api/auth/login',
    { body: { username, password: 'Aozora-kite-19' }, headers: from(address) });

  before(async () => {
    cluster = await startNodesOnRedis(['n1', 'n2'], nodeKeys, { prefix: 'ltest', lease_ms: 1500 });
    [n1, n2] = cluster.nodes;
  });

  after(() => cluster?.stop());

  test('guests per address count on every node', async () => {
    const address = '198.51.100.1';
    for (const node of [n1, n2, n1])
      assert.equal((await guest(node, address)).status, 201);
    for (const node of [n2, n1]) {
      const res = await guest(node, address);
      assertError(res, 429, 'rate_limited');
      assert.ok(Number(res.headers['retry-after']) > 0);
    }
    assert.equal((await guest(n2, '198.51.100.2')).status, 201, 'another address is not limited');
  });

  test('sign-ups per address count on every node', async () => {
    const address = '198.51.100.3';
    assert.equal((await register(n1, address)).status, 201);
    assert.equal((await register(n2, address)).status, 201);
    assertError(await register(n1, address), 429, 'rate_limited'); // n1 alone has seen one
  });

  test('failed logins per address count on every node', async () => {
    const address = '198.51.100.4';
    for (const node of [n1, n2, n1])
      assertError(await badLogin(node, address), 401, 'bad_credentials');
    const res = await badLogin(n2, address); // n2 alone has seen one
    assertError(res, 429, 'rate_limited');
    assert.ok(Number(res.headers['retry-after']) >= 200, res.headers['retry-after']);
  });

  test('an account\'s failures on every node make the next attempt wait', async () => {
    const account = `victim${process.pid % 10000}`;
    assertError(await badLogin(n1, '198.51.100.7', account), 401, 'bad_credentials');
    assertError(await badLogin(n2, '198.51.100.8', account), 401, 'bad_credentials');
    const started = Date.now();
    assertError(await badLogin(n1, '198.51.100.9', account), 401, 'bad_credentials'); // n1 alone has seen one
    const took = Date.now() - started;
    assert.ok(took >= DELAY_MS - 50, `the third attempt took ${took} ms`);
  });

  test('a Redis that stops answering costs a second at most: the node judges alone', async () => {
    const address = '198.51.100.5';
    cluster.redis.child.kill('SIGSTOP');
    try {
      const started = Date.now();
      assert.equal((await guest(n1, address)).status, 201);
      const took = Date.now() - started;
      assert.ok(took >= 900 && took < 4000, `answered in ${took} ms`);
    } finally {
      cluster.redis.child.kill('SIGCONT');
    }
  });

  test('with Redis away each node counts alone, and answers at once', async () => {
    const address = '198.51.100.6';
    await stopRedis(cluster.redis);
    await eventually(async () => (await api(n1.port, 'GET', '/api/health')).json?.cluster?.redis === 'down', 10_000,
      'n1 sees Redis down');
    await eventually(async () => (await api(n2.port, 'GET', '/api/health')).json?.cluster?.redis === 'down', 10_000,
      'n2 sees Redis down');
    for (const node of [n1, n2]) {
      for (let i = 0; i < GUESTS; i++) {
        const started = Date.now();
        assert.equal((await guest(node, address)).status, 201);
        assert.ok(Date.now() - started < 900, 'not waiting for the shared limits');
      }
      assertError(await guest(node, address), 429, 'rate_limited');
    }
    cluster.redis = await startRedis(cluster.redisPort);
  });
});
