// nodes.test.mjs — two real `ippon` nodes of one cluster (config section "cluster") on a real
// redis-server this test starts on a free loopback port: each holds a lease and sees the other in
// /api/health and /metrics, and counts who waits in the shared queues (every node's players); a
// node killed with SIGKILL is seen gone once its lease has run out,
// and seen again when it comes back; while Redis is away a node says "degraded" (and plays on),
// and is "ok" again once Redis is back. A node without Redis, on the poll loop, or with an unknown
// cluster key is refused at start with the key named. A server with no "cluster" section shows
// nothing of it (the single node of old). A Redis that wants a password: a node with the right
// one (from a 0600 file, or in a redis:// URI) joins, a client without one gets NOAUTH; a node
// with a wrong one or none cannot join, says so in an error line (never the password) and in
// /api/health; a password file others may read, or a password given twice, is refused at start.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_HASH, configure, freePort, request, runToExit, serve, shutdown, startServer } from '../integration/harness.mjs';
import fs from 'node:fs';
import { eventually, passwordFile, redisCommand, startRedis, stopRedis } from './engines.mjs';
import { guestToken, player } from '../integration/ws_player.mjs';

const LEASE_MS = 1500;

async function health(port) {
  const res = await request(port, { path: '/api/health' });
  return { status: res.status, body: JSON.parse(res.body) };
}

const alive = (h) => (h.body.cluster?.nodes ?? []).filter((n) => n.alive).map((n) => n.node).sort();

describe('two nodes of a cluster', () => {
  let redisPort, redis, n1, n2;
  const nodeConfig = (name) => ({ ...FAST_HASH, log_level: 'warn',
    cluster: { node: name, redis: `127.0.0.1:${redisPort}`, prefix: 'ctest', lease_ms: LEASE_MS } });

  before(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    n1 = await serve(nodeConfig('n1'));
    n2 = await serve(nodeConfig('n2'));
  });

  after(async () => {
    await shutdown(n1);
    await shutdown(n2);
    await stopRedis(redis);
  });

  test('each node holds a lease and sees the other, with what it carries', async () => {
    const h = await eventually(async () => {
      const h = await health(n1.port);
      return alive(h).join() === 'n1,n2' && h;
    }, 10_000, 'n1 sees n1 and n2');
    assert.equal(h.status, 200);
    assert.equal(h.body.status, 'ok');
    assert.equal(h.body.cluster.node, 'n1');
    assert.equal(h.body.cluster.redis, 'up');
    const other = h.body.cluster.nodes.find((n) => n.node === 'n2');
    assert.equal(typeof other.info.players, 'number');
    assert.equal(typeof other.info.tables, 'number');
    assert.match(other.info.instance, /^[0-9a-f]{32}$/);
    assert.notEqual(other.info.instance, h.body.instance);
    await eventually(async () => alive(await health(n2.port)).join() === 'n1,n2', 10_000, 'n2 sees both');
    const metrics = (await request(n1.port, { path: '/metrics' })).body;
    assert.match(metrics, /^ippon_cluster_redis_up 1$/m);
    assert.match(metrics, /^ippon_cluster_nodes\{alive="true"\} 2$/m);
  });

  test('every node counts who waits in the shared queues', async () => {
    const c = await player(n1.port, await guestToken(n1.port));
    c.send({ type: 'queue', mode: '3p' }); // alone, and bots only after 30 s: it waits
    await c.next((m) => m.type === 'queued', 5_000, 'queued');
    const queued = async (port) => (await health(port)).body.cluster.queued;
    await eventually(async () => (await queued(n2.port))['3p'] === 1, 10_000, 'n2 counts the player of n1');
    assert.equal((await queued(n2.port))['4p'], 0);
    assert.match((await request(n2.port, { path: '/metrics' })).body, /^ippon_cluster_queue_length\{mode="3p"\} 1$/m);
    c.send({ type: 'unqueue' });
    await eventually(async () => (await queued(n1.port))['3p'] === 0, 10_000, 'the queue empty again');
    c.close();
  });

  test('a node killed with SIGKILL is gone once its lease runs out, and back when it restarts', async () => {
    n2.proc.child.kill('SIGKILL');
    await n2.proc.exited;
    const killedAt = Date.now();
    await eventually(async () => alive(await health(n1.port)).join() === 'n1', LEASE_MS * 4, 'n1 sees n2 gone');
    assert.ok(Date.now() - killedAt >= LEASE_MS / 2, 'not before its lease could run out');
    const h = await health(n1.port);
    assert.equal(h.body.status, 'ok', 'the other node is untouched');
    n2.proc = await startServer(['--config', n2.config], n2.dir, n2.port);
    await eventually(async () => alive(await health(n1.port)).join() === 'n1,n2', 10_000, 'n2 back');
  });

  test('while Redis is away a node says degraded and serves on; ok again once Redis is back', async () => {
    await stopRedis(redis);
    const h = await eventually(async () => {
      const h = await health(n1.port);
      return h.body.cluster.redis === 'down' && h;
    }, 10_000, 'n1 sees Redis down');
    assert.equal(h.status, 200, 'a node without Redis still serves its own tables');
    assert.equal(h.body.status, 'degraded');
    assert.match(h.body.reason, /Redis/);
    redis = await startRedis(redisPort);
    await eventually(async () => (await health(n1.port)).body.status === 'ok', 10_000, 'n1 ok again');
    await eventually(async () => alive(await health(n1.port)).join() === 'n1,n2', 10_000, 'both leases again');
  });
});

describe('a Redis with a password', () => {
  let redisPort, redis, secret;
  const servers = [];
  const node = async (name, cluster) => {
    const server = await serve({ ...FAST_HASH, log_level: 'info',
      cluster: { node: name, prefix: 'auth', lease_ms: LEASE_MS, ...cluster } });
    servers.push(server);
    return server;
  };

  before(async () => {
    redisPort = await freePort();
    secret = passwordFile();
    redis = await startRedis(redisPort, { password: secret.password });
  });

  after(async () => {
    for (const s of servers) await shutdown(s);
    await stopRedis(redis);
  });

  test('a node with the password joins; a client without it gets NOAUTH', async () => {
    const byFile = await node('f1', { redis: `127.0.0.1:${redisPort}`, redis_password_file: secret.file });
    const byUri = await node('u1', { redis: `redis://default:${secret.password}@127.0.0.1:${redisPort}` });
    await eventually(async () => alive(await health(byFile.port)).join() === 'f1,u1', 10_000, 'both nodes joined');
    assert.equal((await health(byUri.port)).body.status, 'ok');
    assert.match(await redisCommand(redisPort, ['PING']), /^-NOAUTH/);
    assert.match(await redisCommand(redisPort, ['KEYS', '*']), /^-NOAUTH/);
    assert.equal(await redisCommand(redisPort, ['EXISTS', 'auth:node:f1'], secret.password), ':1');
    for (const s of [byFile, byUri]) assert.doesNotMatch(s.proc.stderr, new RegExp(secret.password));
  });

  test('a node with a wrong password or none cannot join, and says why', async () => {
    const wrong = await node('w1', { redis: `redis://:not-the-password-4f2a@127.0.0.1:${redisPort}` });
    const none = await node('w2', { redis: `127.0.0.1:${redisPort}` });
    for (const [server, why] of [[wrong, /refused this node's sign-in: AUTH: WRONGPASS/],
      [none, /refused this node's sign-in: PING: NOAUTH/]]) {
      const h = await eventually(async () => {
        const h = await health(server.port);
        return h.body.reason && h;
      }, 10_000, 'the refusal in /api/health');
      assert.equal(h.body.status, 'degraded');
      assert.equal(h.body.cluster.redis, 'down');
      assert.match(h.body.reason, why);
      assert.match(server.proc.stderr, /error +redis 127\.0\.0\.1:\d+: refused this node's sign-in/);
    }
    assert.doesNotMatch(wrong.proc.stderr, /not-the-password-4f2a/);
    await new Promise((r) => setTimeout(r, LEASE_MS / 2)); // renewals come and go: neither ever holds a lease (time is the test)
    assert.equal(await redisCommand(redisPort, ['EXISTS', 'auth:node:w1'], secret.password), ':0');
    assert.equal(await redisCommand(redisPort, ['EXISTS', 'auth:node:w2'], secret.password), ':0');
  });

  test('a password file others may read, or a password given twice, is refused at start', async () => {
    const open = passwordFile();
    fs.chmodSync(open.file, 0o640);
    const refused = async (cluster, pattern) => {
      const server = await configure({ cluster: { node: 'r1', ...cluster } });
      const proc = await runToExit(['--config', server.config], server.dir);
      assert.equal(proc.exitCode, 1, proc.stderr);
      assert.match(proc.stderr, pattern);
      assert.doesNotMatch(proc.stderr, new RegExp(open.password));
    };
    await refused({ redis: `127.0.0.1:${redisPort}`, redis_password_file: open.file },
      /key "cluster\.redis_password_file": .*its group or others may read it \(mode 640\): chmod 600 it/);
    await refused({ redis: `redis://:x@127.0.0.1:${redisPort}`, redis_password_file: secret.file },
      /key "cluster\.redis_password_file": the password is in "cluster\.redis" already/);
    await refused({ redis: `redis://ippon@127.0.0.1:${redisPort}` }, /Redis user "ippon" needs a password/);
    await refused({ redis: `127.0.0.1:${redisPort}`, redis_password_file: `${open.file}.missing` },
      /key "cluster\.redis_password_file": .*No such file/);
  });
});

describe('a node\'s configuration', () => {
  const refused = async (cluster, extra, pattern) => {
    const server = await configure({ cluster, ...extra });
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1, proc.stderr);
    assert.match(proc.stderr, pattern);
  };

  test('is refused without Redis, on the poll loop, with a bad name or an unknown key', async () => {
    await refused({ node: 'n1' }, {}, /key "cluster\.redis": a cluster node needs Redis/);
    await refused({ node: 'n1', redis: '127.0.0.1:6379' }, { event_loop: 'poll' },
      /key "cluster\.node": a cluster node runs on the epoll event loop/);
    await refused({ node: 'n 1', redis: '127.0.0.1:6379' }, {}, /key "cluster\.node": must be a name/);
    await refused({ node: 'n1', redis: 'localhost' }, {}, /key "cluster\.redis": must be "host:port"/);
    await refused({ node: 'n1', redis: '127.0.0.1:6379', shards: 2 }, {}, /key "cluster\.shards": unknown key/);
    await refused('n1', {}, /key "cluster": must be an object/);
  });

  test('a server without the section shows nothing of a cluster', async () => {
    const server = await serve({ ...FAST_HASH });
    try {
      const h = await health(server.port);
      assert.equal(h.body.cluster, undefined);
      assert.doesNotMatch((await request(server.port, { path: '/metrics' })).body, /ippon_cluster_/);
    } finally {
      await shutdown(server);
    }
  });
});
