// haproxy.test.mjs — the cluster as deploy/cluster/up.sh starts it (PostgreSQL, Redis, two nodes,
// HAProxy in front; this build's server), seen only through HAProxy's public port, as a browser
// would: two players routed to different nodes (/ws?node=K) queue and are seated at one table;
// the one whose table is on the other node follows its "move" through HAProxy and lands on the
// table's node; the match is played out and stored once; REST answers from any node. An
// administrator (made with `ippon admin create` on a node's config: the shared records) sees the
// running tables of both nodes in the admin area's Live view, each with its node (a browser). A
// friend whose browser reached the other node than its host's joins the private table by its
// invite link: its page follows the "move" to the room's node and shows the room. One client
// address holds no more WebSockets over both nodes than one server would let it hold. Neither
// store is open without a password: Redis answers NOAUTH to a client without one, PostgreSQL
// takes scram-sha-256 only and its role ippon (no superuser) cannot COPY ... TO PROGRAM; the
// passwords are in 0600 files, not in the nodes' configs.
// deploy/cluster/down.sh stops it all, the nodes cleanly (no sanitizer report in their logs).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { BIN, FAST_PLAY, SANITIZER_REPORT, SOURCE_DIR, adminCommand, eventually, request } from '../integration/harness.mjs';
import { psql, redisCommand } from './engines.mjs';
import WebSocket from 'ws';
import { guestToken, playToEnd, player } from '../integration/ws_player.mjs';
import { assertNoProblems, launchBrowser, openPage, screenshot } from '../browser/browser.mjs';

const UP = path.join(SOURCE_DIR, 'deploy/cluster/up.sh');

/**
 * a free port in 20000–29999, below the ephemeral range that the other tests' free ports come
 * from: up.sh takes the next free ones above it for PostgreSQL, Redis and the nodes, where a
 * port another test was just given could otherwise be taken between the look and the bind
 */
async function quietPort() {
  for (;;) {
    const port = 20000 + Math.floor(Math.random() * 9900);
    const free = await new Promise((resolve) => {
      const s = net.createServer().once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
const DOWN = path.join(SOURCE_DIR, 'deploy/cluster/down.sh');

describe('a cluster behind HAProxy (deploy/cluster/up.sh)', () => {
  let dir, port, env;

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ippon-haproxy-'));
    fs.chmodSync(dir, 0o755); // PostgreSQL's own user works in a folder below it
    // long clocks: the admin test's idle players keep their tables running while the browser looks
    // (the players of the match answer at once and are not slowed)
    const keys = { ...FAST_PLAY, bot_fill_after: 100, clock_move_ms: 60000, clock_bank_ms: 600000 };
    env = { ...process.env, IPPON_CLUSTER_DIR: dir, IPPON_CLUSTER_PORT: String(await quietPort()), IPPON_BIN: BIN,
      IPPON_NODE_KEYS: Object.entries(keys).map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ') };
    const out = execFileSync(UP, ['2'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], timeout: 120_000 });
    const url = out.trim().split('\n').pop();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/, out);
    port = Number(new URL(url).port);
  });

  after(() => {
    if (!dir) return;
    execFileSync(DOWN, [], { env, stdio: 'ignore', timeout: 60_000 });
    try { // the nodes stopped cleanly: nothing from the sanitizers in their logs
      for (const node of ['n1', 'n2']) {
        const log = fs.readFileSync(path.join(dir, node, 'log'), 'utf8');
        assert.doesNotMatch(log, SANITIZER_REPORT, log);
      }
    } finally {
      execFileSync(DOWN, ['--purge'], { env, stdio: 'ignore', timeout: 60_000 });
    }
  });

  test('up.sh wrote what it started, and every node answers through HAProxy', async () => {
    const pids = fs.readFileSync(path.join(dir, 'pids'), 'utf8');
    for (const name of ['postgres', 'redis', 'n1', 'n2', 'haproxy']) assert.match(pids, new RegExp(`^${name} `, 'm'));
    const seen = new Set();
    for (const node of ['n1', 'n2']) {
      const res = await request(port, { path: `/api/health?node=${node}` });
      assert.equal(res.status, 200, res.body);
      const h = JSON.parse(res.body);
      assert.equal(h.cluster.node, node); // routed by the map
      seen.add(h.instance);
    }
    assert.equal(seen.size, 2);
  });

  test('Redis and PostgreSQL want passwords; the role ippon cannot run programs', async () => {
    const secrets = path.join(dir, 'secrets');
    assert.equal(fs.statSync(secrets).mode & 0o777, 0o700);
    for (const f of ['redis-password', 'pg-password', 'pg-admin-password', 'pgpass'])
      assert.equal(fs.statSync(path.join(secrets, f)).mode & 0o777, 0o600, f);
    const redisPassword = fs.readFileSync(path.join(secrets, 'redis-password'), 'utf8').trim();
    const pgPassword = fs.readFileSync(path.join(secrets, 'pg-password'), 'utf8').trim();
    const config = fs.readFileSync(path.join(dir, 'n1', 'ippon.json'), 'utf8');
    assert.doesNotMatch(config, new RegExp(redisPassword));
    assert.doesNotMatch(config, new RegExp(pgPassword));
    const cluster = JSON.parse(config).cluster;
    const redisPort = Number(cluster.redis.split(':').pop());
    const pgPort = Number(new URL(cluster.postgres).port);

    assert.match(await redisCommand(redisPort, ['PING']), /^-NOAUTH/);
    assert.match(await redisCommand(redisPort, ['AUTH', 'ippon', 'wrong']), /^-WRONGPASS/);
    assert.match(await redisCommand(redisPort, ['AUTH', 'default', 'anything']), /^-WRONGPASS/); // no default user
    assert.equal(await redisCommand(redisPort, ['AUTH', 'ippon', redisPassword]), '+OK');
    assert.match(await redisCommand(redisPort, ['PING']), /^-NOAUTH/); // each connection signs in anew

    const hba = fs.readFileSync(path.join(dir, 'pg', 'data', 'pg_hba.conf'), 'utf8').split('\n')
      .filter((l) => l.trim() && !l.trim().startsWith('#'));
    assert.ok(hba.length > 0);
    for (const line of hba) assert.match(line, /scram-sha-256\s*$/, line);
    const as = (user, password) => `host=127.0.0.1 port=${pgPort} dbname=ippon user=${user} password=${password}`;
    assert.throws(() => psql(`host=127.0.0.1 port=${pgPort} dbname=ippon user=ippon password=wrong`, 'SELECT 1'),
      /password authentication failed/);
    assert.throws(() => psql(`host=127.0.0.1 port=${pgPort} dbname=postgres user=postgres password=`, 'SELECT 1'),
      /password|authentication/);
    const ippon = as('ippon', pgPassword);
    assert.equal(psql(ippon, "SELECT rolsuper, rolcreatedb, rolcreaterole, pg_has_role('ippon', " +
      "'pg_execute_server_program', 'MEMBER') FROM pg_roles WHERE rolname = 'ippon'"), 'f|f|f|f');
    assert.equal(psql(ippon, "SELECT pg_get_userbyid(nspowner) FROM pg_namespace WHERE nspname = 'public'"), 'ippon');
    assert.equal(psql(ippon, 'SELECT pg_get_userbyid(datdba) FROM pg_database WHERE datname = current_database()'),
      'ippon');
    const proof = path.join(dir, 'copy-to-program-ran');
    assert.throws(() => psql(ippon, `COPY (SELECT 1) TO PROGRAM 'touch ${proof}'`),
      /must be superuser or have privileges of the pg_execute_server_program role/);
    assert.equal(fs.existsSync(proof), false);
  });

  test("one address's WebSockets are capped over the whole cluster, as one server caps them", async () => {
    // the nodes' max_conns_per_addr is the default, 8; nothing else is open yet (the tests run in order)
    const CAP = 8;
    const open = (node) => new Promise((resolve, reject) => {
      const ws = new WebSocket(`ws://127.0.0.1:${port}/ws?node=${node}`, 'ippon.v1');
      ws.once('open', () => resolve({ ws, status: 101 }));
      ws.once('unexpected-response', (req, res) => { resolve({ status: res.statusCode }); req.destroy(); });
      ws.once('error', reject);
    });
    const held = [];
    for (let i = 0; i < CAP; i++) { // half on each node: each alone is well under its own cap
      const r = await open(i % 2 ? 'n2' : 'n1');
      assert.equal(r.status, 101, `socket ${i + 1} of ${CAP}`);
      held.push(r.ws);
    }
    for (const node of ['n1', 'n2'])
      assert.equal((await open(node)).status, 503, `one more on ${node}`);
    const closed = new Promise((r) => held[0].once('close', r));
    held.shift().close();
    await closed;
    const again = await eventually(async () => { // HAProxy counts the close a moment later
      const r = await open('n1');
      return r.status === 101 && r;
    }, 5000, 'a place freed');
    held.push(again.ws);
    for (const ws of held) ws.close();
  });

  test('two players on different nodes play one table, through HAProxy only', async () => {
    const a = await player(port, await guestToken(port), { path: '/ws?node=n1' });
    const b = await player(port, await guestToken(port), { path: '/ws?node=n2' });
    a.send({ type: 'queue', mode: '4p' });
    b.send({ type: 'queue', mode: '4p' });
    const seated = (m) => m.type === 'match_found' || m.type === 'move';
    const [fa, fb] = await Promise.all([a.next(seated, 20_000, 'a match'), b.next(seated, 20_000, 'a match')]);
    const [found, move, stay, mover] = fa.type === 'match_found' ? [fa, fb, a, b] : [fb, fa, b, a];
    assert.equal(found.type, 'match_found');
    assert.equal(move.type, 'move', JSON.stringify(move));
    assert.equal(move.table, found.table);
    mover.close();
    // the reconnect through HAProxy lands on the table's node: its welcome names the table
    const arrived = await player(port, mover.token, { path: move.path });
    assert.equal(arrived.welcome.table?.id, found.table, JSON.stringify(arrived.welcome));
    const [e1, e2] = await Promise.all([playToEnd(stay), playToEnd(arrived)]);
    assert.equal(e1.type, 'match_end');
    assert.equal(e2.type, 'match_end');
    for (const c of [stay, mover]) {
      const list = await eventually(async () => {
        const l = JSON.parse((await request(port, { path: `/api/matches?player=${c.welcome.user.id}` })).body);
        return l.total > 0 && l;
      }, 10_000, 'the match in the player\'s list');
      assert.equal(list.total, 1);
      assert.equal(list.matches[0].id, found.table);
    }
    stay.close();
    arrived.close();
  });

  test('a friend whose browser reaches the other node joins the private table by its link', async () => {
    const browser = await launchBrowser();
    try {
      // each page's first socket is pinned to a node (HAProxy would pick either); a socket that
      // names its node (the move's path) goes through HAProxy untouched
      const pinned = async (node) => {
        const page = await openPage(browser, 'about:blank', { viewport: { width: 1366, height: 768 } });
        const sockets = [];
        page.on('websocket', (ws) => sockets.push(ws.url()));
        await page.routeWebSocket(/\/ws$/, (route) => {
          const upstream = new WebSocket(`ws://127.0.0.1:${port}/ws?node=${node}`, 'ippon.v1');
          const early = [];
          upstream.on('open', () => { for (const m of early.splice(0)) upstream.send(m); });
          route.onMessage((m) => (upstream.readyState === WebSocket.OPEN ? upstream.send(m) : early.push(m)));
          upstream.on('message', (data) => route.send(data.toString()));
          upstream.on('close', () => route.close());
          route.onClose(() => upstream.close());
        });
        return { page, sockets };
      };
      const host = await pinned('n1');
      await host.page.goto(`http://127.0.0.1:${port}/`);
      await host.page.locator('.friends-card select[data-field="mode"]').selectOption('4p');
      await host.page.locator('[data-kind="create-room"]').click();
      await host.page.locator('.room-page .code').waitFor();
      const link = await host.page.locator('input[data-field="link"]').inputValue();
      const code = await host.page.locator('.room-page .code').getAttribute('data-code');

      const friend = await pinned('n2');
      await friend.page.goto(link);
      for (const p of [friend.page, host.page]) await p.locator('.room-members li').nth(1).waitFor({ timeout: 15_000 });
      assert.ok(friend.sockets.some((u) => u.endsWith(`/ws?node=n1&room=${code}`)), JSON.stringify(friend.sockets));
      await screenshot(friend.page, 'room-cluster-friend');
      for (const p of [host.page, friend.page]) assertNoProblems(p, 'a private table on a cluster');
    } finally {
      await browser.close();
    }
  });

  test('the admin area shows every node\'s tables, each with its node', async () => {
    const made = await adminCommand(['create', 'chief', '--config', path.join(dir, 'n1', 'ippon.json')],
      'Kan-Dora-Rinshan-42\n', path.join(dir, 'n1'));
    assert.equal(made.code, 0, made.stderr);
    const seated = {};
    const players = [];
    for (const node of ['n1', 'n2']) { // a practice table on each node, its player idle
      const c = await player(port, await guestToken(port), { path: `/ws?node=${node}` });
      c.send({ type: 'practice', mode: '3p' });
      seated[node] = (await c.next((m) => m.type === 'match_found', 10_000, 'a practice table')).table;
      players.push(c);
    }
    const browser = await launchBrowser();
    try {
      const page = await openPage(browser, `http://127.0.0.1:${port}/admin/`);
      await page.locator('#signin-form').waitFor();
      await page.fill('#signin-username', 'chief');
      await page.fill('#signin-password', 'Kan-Dora-Rinshan-42');
      await page.click('#signin-form button[type=submit]');
      await page.locator('#live-connections').waitFor();
      for (const [node, table] of Object.entries(seated)) {
        const row = page.locator(`#tables tr[data-table="${table}"]`);
        await row.waitFor({ timeout: 10_000 });
        assert.equal((await row.locator('td').nth(1).innerText()).trim(), node);
      }
      await screenshot(page, 'admin-live-cluster');
      assertNoProblems(page, 'the admin area of a cluster');
    } finally {
      await browser.close();
      for (const c of players) c.close();
    }
  });
});
