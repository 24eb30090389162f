// engines.mjs — the cluster's engines for its tests, each started by the test on a free loopback
// port and stopped by it: redis-server, and PostgreSQL (initdb into a temporary folder, run as
// the `postgres` user through setpriv when the tests run as root: PostgreSQL refuses to run as root). Debian's
// packages: redis-server, postgresql (deploy/setup.sh --test installs both). Also the cluster
// tests' polling helper (eventually, from the harness) and a cluster of nodes on both (startCluster),
// whose Redis wants a password that the nodes read from a 0600 file (cluster.redis_password_file).
import { spawn, execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { connect } from 'node:net';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { api, eventually, freePort, serve, shutdown, withDeadline } from '../integration/harness.mjs';

export { eventually };

/** does something answer on 127.0.0.1:port with what ok() accepts of its first bytes? */
function answers(port, hello, ok) {
  return new Promise((resolve) => {
    const s = connect(port, '127.0.0.1', () => { if (hello) s.write(hello); else { s.destroy(); resolve(true); } });
    s.on('data', (d) => { s.destroy(); resolve(ok(String(d))); });
    s.on('error', () => resolve(false));
  });
}

async function waitFor(what, check, child, output) {
  for (let i = 0; i < 300; i++) { // up to 15 s
    if (child.exitCode !== null) throw new Error(`${what} exited at start: ${output()}`);
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${what} did not answer: ${output()}`);
}

function collect(child) {
  let text = '';
  child.stderr?.on('data', (d) => { text += d; });
  child.stdout?.on('data', (d) => { text += d; });
  child.on('error', (e) => { text += `cannot run it (deploy/setup.sh --test installs it): ${e.message}`; });
  return () => text;
}

/**
 * a redis-server of the test's own on port (no persistence), wanting password when one is given
 * (requirepass); resolves to { child, exited, password } once it answers
 */
export async function startRedis(port, { password } = {}) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no',
    '--loglevel', 'warning', ...(password ? ['--requirepass', password] : [])], { stdio: ['ignore', 'ignore', 'pipe'] });
  const output = collect(child);
  const exited = new Promise((resolve) => child.on('close', resolve));
  const hello = password ? `AUTH ${password}\r\n` : 'PING\r\n';
  await waitFor('redis-server', () => answers(port, hello, (d) => d.startsWith(password ? '+OK' : '+PONG')), child,
    output);
  return { child, exited, password };
}

/** a new password (hex) in a new 0600 file; resolves to { password, file } */
export function passwordFile() {
  const password = randomBytes(16).toString('hex');
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'ippon-secret-')), 'redis-password');
  fs.writeFileSync(file, `${password}\n`, { mode: 0o600 });
  return { password, file };
}

/** a command sent to Redis at port by a client of the test's (signed in with password if one is
    given): Redis's reply, as its first line of RESP text (e.g. "+PONG", "-NOAUTH ...", ":1") */
export function redisCommand(port, args, password) {
  const resp = (a) => `*${a.length}\r\n${a.map((x) => `$${Buffer.byteLength(x)}\r\n${x}\r\n`).join('')}`;
  return new Promise((resolve, reject) => {
    let text = '';
    const s = connect(port, '127.0.0.1', () => s.write((password ? resp(['AUTH', password]) : '') + resp(args)));
    s.on('data', (d) => {
      text += d;
      const lines = text.split('\r\n');
      if (lines.length > (password ? 2 : 1)) { s.destroy(); resolve(lines[password ? 1 : 0]); }
    });
    s.on('error', reject);
  });
}

/** kill it (SIGKILL: a crash) and wait for it to be gone */
export async function stopRedis(redis) {
  if (redis && redis.child.exitCode === null) {
    redis.child.kill('SIGKILL');
    await redis.exited;
  }
}

/** the folder of PostgreSQL's programs (initdb, postgres): Debian keeps them per version */
function postgresBin() {
  const root = '/usr/lib/postgresql';
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => b - a) : [];
  for (const v of versions) if (fs.existsSync(path.join(root, v, 'bin', 'initdb'))) return path.join(root, v, 'bin');
  throw new Error('PostgreSQL is not installed (Debian\'s postgresql: deploy/setup.sh --test installs it)');
}

/** why PostgreSQL cannot be started here (its programs are not installed), or null if it can */
export function postgresMissing() {
  try {
    postgresBin();
    return null;
  } catch (e) {
    return e.message;
  }
}

/**
 * a PostgreSQL of the test's own on port, with a database "ippon" its user "ippon" owns (trust
 * authentication, loopback only, fsync off: a test's database); resolves to { conninfo, uri(db),
 * stop() } — uri(db): the URI of database db (default "ippon"), as the server's config takes it
 */
export async function startPostgres(port) {
  const bin = postgresBin();
  const root = os.userInfo().uid === 0;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ippon-pg-'));
  // setpriv execs the program itself (no parent in between), so a signal reaches postgres
  const as = (args) => (root ? ['setpriv', ['--reuid=postgres', '--regid=postgres', '--init-groups', '--', ...args]]
    : [args[0], args.slice(1)]);
  if (root) execFileSync('chown', ['postgres', dir]);
  const [c1, a1] = as([path.join(bin, 'initdb'), '-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'ippon', '--no-sync',
    '-E', 'UTF8', '--locale', 'C']);
  execFileSync(c1, a1, { stdio: ['ignore', 'ignore', 'pipe'] });
  const [c2, a2] = as([path.join(bin, 'postgres'), '-D', path.join(dir, 'data'), '-p', String(port), '-k', dir,
    '-c', 'listen_addresses=127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off']);
  const child = spawn(c2, a2, { stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collect(child);
  const exited = new Promise((resolve) => child.on('close', resolve));
  await waitFor('postgres', () => answers(port, null, () => true), child, output);
  const conninfo = `host=127.0.0.1 port=${port} user=ippon`;
  await waitFor('postgres accepting', async () => {
    try { psql(`${conninfo} dbname=postgres`, 'CREATE DATABASE ippon'); return true; } catch { return false; }
  }, child, output);
  return {
    conninfo: `${conninfo} dbname=ippon`,
    uri: (db = 'ippon') => `postgresql://ippon@127.0.0.1:${port}/${db}`,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGINT'); // a fast shutdown
        await withDeadline(exited, 30_000, 'postgres after SIGINT').catch((e) => {
          child.kill('SIGKILL');
          throw e;
        });
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** run sql with psql on conninfo; its output, one row a line, fields split by "|" */
export function psql(conninfo, sql) {
  return execFileSync('psql', [conninfo, '-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-c', sql],
    { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();
}

/**
 * A Redis and a PostgreSQL of the test's own, and a node of one cluster on them for each of
 * names, served with keys (the config) and a cluster section naming the node, Redis and
 * PostgreSQL (plus cluster's own keys). Redis wants a password, which the nodes read from a 0600
 * file (redis.password has it). Resolves to { nodes: { name: server }, redis, redisPort, pg, stop }.
 */
export async function startCluster(names, keys, cluster = {}) {
  const redisPort = await freePort();
  const secret = passwordFile();
  const c = { nodes: {}, redis: await startRedis(redisPort, { password: secret.password }), redisPort,
    pg: await startPostgres(await freePort()) };
  c.stop = stopAll(c, () => c.pg.stop(), () => fs.rmSync(path.dirname(secret.file), { recursive: true, force: true }));
  return startedOrStopped(c, async () => {
    for (const name of names)
      c.nodes[name] = await serve({ ...keys, cluster: { node: name, redis: `redis://127.0.0.1:${redisPort}`,
        redis_password_file: secret.file, postgres: c.pg.uri(), ...cluster } });
  });
}

/**
 * c.stop for a cluster c: its nodes, its Redis, then the others given. Every one is stopped even
 * when one before fails to stop cleanly (a node's sanitizer report, a deadline): a child left
 * running would keep the test's process alive and the run would hang. Throws the first failure.
 */
function stopAll(c, ...others) {
  return async () => {
    const failures = [];
    const attempt = async (step) => { try { await step(); } catch (e) { failures.push(e); } };
    for (const n of Object.values(c.nodes)) await attempt(() => shutdown(n));
    await attempt(() => stopRedis(c.redis));
    for (const step of others) await attempt(step);
    if (failures.length) throw failures[0];
  };
}

/** c once start() resolved; if it failed, what was started is stopped before the error goes on */
async function startedOrStopped(c, start) {
  try {
    await start();
  } catch (e) {
    await c.stop().catch(() => {});
    throw e;
  }
  return c;
}

/**
 * A Redis of the test's own (no password) and a node on it for each of names, its records in
 * SQLite, served with keys over a cluster section naming the node and Redis (plus cluster's own
 * keys); resolves once every node reaches Redis, to { nodes: [server…], redis, redisPort, stop }.
 * A test that restarts Redis puts the new one in .redis, which stop() stops.
 */
export async function startNodesOnRedis(names, keys, cluster = {}) {
  const redisPort = await freePort();
  const c = { nodes: [], redis: await startRedis(redisPort), redisPort };
  c.stop = stopAll(c);
  return startedOrStopped(c, async () => {
    for (const name of names)
      c.nodes.push(await serve({ ...keys, cluster: { node: name, redis: `127.0.0.1:${redisPort}`, ...cluster } }));
    for (const n of c.nodes)
      await eventually(async () => (await api(n.port, 'GET', '/api/health')).json?.cluster?.redis === 'up', 10_000,
        'the node reaches Redis');
  });
}
