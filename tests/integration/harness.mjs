// harness.mjs — what the integration tests share: the paths of the build under test, a free
// port, temporary folders and configs, HTTP requests and JSON API calls with their error checks,
// and starting and stopping the real `ippon` binary with deadlines (a hung server fails a test
// instead of hanging it) and a check that it exits cleanly (code 0, no sanitizer report); a
// server of a test file's own in one call (serve / shutdown). WebSocket players: ws_player.mjs.
//
// Only Node built-ins. ctest sets IPPON_BUILD_DIR and IPPON_SOURCE_DIR.
import assert from 'node:assert/strict';
import { execFile, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export const BUILD_DIR = process.env.IPPON_BUILD_DIR;
export const SOURCE_DIR = process.env.IPPON_SOURCE_DIR;
assert.ok(BUILD_DIR && SOURCE_DIR, 'IPPON_BUILD_DIR and IPPON_SOURCE_DIR must be set (run through ctest)');
export const BIN = path.join(BUILD_DIR, 'src/server/ippon');
export const WEB = path.join(SOURCE_DIR, 'web');
export const MIGRATIONS = path.join(SOURCE_DIR, 'migrations');
export const VERSION = /project\(ippon VERSION (\d+\.\d+\.\d+)/.exec(
  readFileSync(path.join(SOURCE_DIR, 'CMakeLists.txt'), 'utf8'))[1];

export const START_TIMEOUT_MS = 20_000; // sanitizer builds start slowly
export const STOP_TIMEOUT_MS = 10_000;
export const REQUEST_TIMEOUT_MS = 5_000;
export const SANITIZER_REPORT = /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:/;

/** config keys: libsodium's cheapest password hashing (for tests not about slow hashing) */
export const FAST_HASH = { pwhash_ops: 1, pwhash_mem_kib: 8 };

/**
 * config keys for a server whose matches play fast: clocks 50 times faster, bots answer at once,
 * cheap hashing, a short drain, and no per-address guest or message limits in the way; every
 * test player connects from 127.0.0.1, so they may share a ranked table (ranked_same_address;
 * collusion.test.mjs tests the rule itself)
 */
export const FAST_PLAY = { ...FAST_HASH, time_scale: 0.02, bot_delay_ms: 0, shutdown_grace: 2, guests_per_address: 1000,
  max_messages_per_10s: 1000000, ranked_same_address: true };

/** runs `ippon admin ARGS…` in cwd with `input` on its standard input: { code, stdout, stderr } */
export function adminCommand(args, input, cwd) {
  return withDeadline(new Promise((resolve, reject) => {
    const child = spawn(BIN, ['admin', ...args], { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '', stderr = '';
    child.stdout.on('data', (d) => { stdout += d; });
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  }), 30_000, `ippon admin ${args.join(' ')}`);
}

/** a TCP port that was free a moment ago */
export function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

/**
 * one API call: body an object (sent as JSON) or a raw string; token goes as "Authorization:
 * Bearer <token>", authorization as the whole header. Resolves to { status, headers, json, raw }
 * (json undefined if the reply is not JSON).
 */
export async function api(port, method, urlPath, { body, token, authorization, headers = {}, signal } = {}) {
  const text = body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body);
  const sent = { ...headers };
  if (token !== undefined)
    sent.authorization = `Bearer ${token}`;
  if (authorization !== undefined)
    sent.authorization = authorization;
  const res = await request(port, { method, path: urlPath, body: text, headers: sent, signal });
  let json;
  try { json = JSON.parse(res.body); } catch { json = undefined; }
  return { status: res.status, headers: res.headers, json, raw: res.body };
}

/**
 * an API error reply: this status, JSON {"error": {"code", "message"}} with this code; if field
 * is given, the message names it ("field: …") and, but for "body", "fields" has it too
 */
export function assertError(res, status, code, field) {
  assert.equal(res.status, status, res.raw);
  assert.match(res.headers['content-type'], /^application\/json/);
  assert.equal(res.json?.error?.code, code, res.raw);
  assert.equal(typeof res.json.error.message, 'string');
  if (field !== undefined) {
    assert.ok(res.json.error.message.includes(`${field}: `), `the message names ${field}: ${res.raw}`);
    if (field !== 'body')
      assert.equal(typeof res.json.error.fields?.[field], 'string', `"fields" has ${field}: ${res.raw}`);
  }
}

/** polls fn until it returns a truthy value (then returns it) or ms pass (then fails with what) */
export async function eventually(fn, ms, what) {
  const until = Date.now() + ms;
  let last;
  for (;;) {
    try {
      last = await fn();
      if (last) return last;
    } catch (e) { last = e; }
    if (Date.now() > until) throw new Error(`${what}: still not so after ${ms} ms (last: ${JSON.stringify(last) ?? last})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * the record of match id once the store has written it (the writer stores a finished match a
 * moment after its match_end): its JSON; fails after ms
 */
export async function storedMatch(port, id, ms = 10_000) {
  const res = await eventually(async () => {
    const r = await request(port, { path: `/api/matches/${id}` });
    return r.status === 200 && r;
  }, ms, `match ${id} stored`);
  return JSON.parse(res.body);
}

/** the JSON of GET urlPath, its status asserted (200 unless given) */
export async function getJson(port, urlPath, status = 200) {
  const res = await request(port, { path: urlPath });
  assert.equal(res.status, status, `${urlPath}: ${res.body}`);
  return JSON.parse(res.body);
}

/** a new registered player's session token (a guest's table is not ranked) */
export async function accountToken(port, username) {
  const r = await api(port, 'POST', '/api/auth/register',
    { body: { username, password: 'Aozora-kite-19', display_name: username } });
  assert.equal(r.status, 201, r.raw);
  return r.json.token;
}

/** is the sqlite3 command-line shell there (deploy/setup.sh --test installs it)? */
export function haveSqlite3() {
  try {
    execFileSync('sqlite3', ['-version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}

/** the rows of a query run by the sqlite3 shell on db, trimmed (a reader: WAL lets it read beside
    the server) */
export function sqlite(db, query) {
  return execFileSync('sqlite3', [db, query], { encoding: 'utf8' }).trim();
}

export async function tempDir() {
  return fs.mkdtemp(path.join(os.tmpdir(), 'ippon-it-'));
}

/**
 * a match record (GET /api/matches/ID) checked by the command-line verifier, ippon-verify --json
 * with args before the file: { code (0 good, 1 a mismatch, 2 unreadable), out (its JSON, or
 * null), stderr, file (the record as written) }
 */
export async function verifyRecord(record, args = []) {
  const dir = await tempDir();
  const file = path.join(dir, `${record.id ?? 'match'}.json`);
  await fs.writeFile(file, JSON.stringify(record));
  const tool = path.join(BUILD_DIR, 'src/tools/ippon-verify');
  const { code, stdout, stderr } = await new Promise((resolve) => {
    execFile(tool, ['--json', ...args, file], (err, out, errText) =>
      resolve({ code: err ? err.code : 0, stdout: out, stderr: errText }));
  });
  let out = null;
  try {
    out = JSON.parse(stdout);
  } catch { /* nothing on stdout: code 2 */ }
  return { code, out, stderr, file };
}

export async function writeConfig(dir, values, name = 'ippon.json') {
  const file = path.join(dir, name);
  await fs.writeFile(file, typeof values === 'string' ? values : JSON.stringify(values, null, 2));
  return file;
}

/**
 * one HTTP request with the path sent exactly as given (no normalisation); a body goes as JSON;
 * headers are added (If-None-Match, Authorization…); signal aborts it; host: the server's
 * address (127.0.0.1 unless given)
 */
export function request(port, { method = 'GET', path: urlPath = '/', body, agent, headers = {}, signal,
  host = '127.0.0.1' } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host, port, method, path: urlPath, agent: agent ?? false,
      timeout: REQUEST_TIMEOUT_MS, signal,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json',
        'content-length': Buffer.byteLength(body) }), ...headers } }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers,
        body: Buffer.concat(chunks).toString('utf8'), socket: res.socket }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${urlPath}: no answer in ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * a started process with its output collected and its exit as a promise; prefix: a command that
 * runs the server (e.g. ['prlimit', '--nofile=64:64', '--'])
 */
export function launch(args, cwd, { prefix = [] } = {}) {
  const [command, ...rest] = [...prefix, BIN, ...args];
  const child = spawn(command, rest, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const proc = { child, stdout: '', stderr: '', exitCode: undefined, exitSignal: undefined };
  child.stdout.on('data', (d) => { proc.stdout += d; });
  child.stderr.on('data', (d) => { proc.stderr += d; });
  proc.exited = new Promise((resolve) => {
    child.on('close', (code, signal) => {
      proc.exitCode = code;
      proc.exitSignal = signal;
      resolve({ code, signal });
    });
  });
  return proc;
}

export function withDeadline(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/** run to completion (for start-up failures); kills it if it does not exit in time */
export async function runToExit(args, cwd) {
  const proc = launch(args, cwd);
  try {
    await withDeadline(proc.exited, START_TIMEOUT_MS, `ippon ${args.join(' ')}`);
  } catch (e) {
    proc.child.kill('SIGKILL');
    throw new Error(`${e.message}\nstderr:\n${proc.stderr}`);
  }
  return proc;
}

/**
 * start a server and wait until /api/health answers; host: where to ask (the server's bind),
 * prefix: as for launch
 */
export async function startServer(args, cwd, port, { host, prefix } = {}) {
  const proc = launch(args, cwd, { prefix });
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== undefined)
      throw new Error(`ippon exited with ${proc.exitCode} during start-up:\n${proc.stderr}`);
    try {
      const res = await request(port, { path: '/api/health', host });
      if (res.status === 200)
        return proc;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      proc.child.kill('SIGKILL');
      throw new Error(`ippon did not answer within ${START_TIMEOUT_MS} ms:\n${proc.stderr}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** send a signal and expect a clean exit: code 0, no sanitizer report */
export async function stopServer(proc, signal = 'SIGTERM') {
  if (proc.exitCode === undefined)
    proc.child.kill(signal);
  try {
    await withDeadline(proc.exited, STOP_TIMEOUT_MS, `ippon after ${signal}`);
  } catch (e) {
    proc.child.kill('SIGKILL');
    throw e;
  }
  assert.doesNotMatch(proc.stderr, SANITIZER_REPORT, proc.stderr);
  assert.equal(proc.exitSignal, null, `killed by ${proc.exitSignal}`);
  assert.equal(proc.exitCode, 0, proc.stderr);
}


let schemas = 0;

/**
 * With IPPON_TEST_POSTGRES (ctest's cluster.*_pg runs: a PostgreSQL URI), a server's records go to
 * PostgreSQL: a fresh schema of that database each, reached by a URI naming it in its search_path.
 * The URI, or null without IPPON_TEST_POSTGRES.
 */
function postgresRecords() {
  const base = process.env.IPPON_TEST_POSTGRES;
  if (!base) return null;
  const schema = `it${process.pid}_${++schemas}`;
  execFileSync('psql', [base, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', `CREATE SCHEMA ${schema}`],
    { stdio: ['ignore', 'ignore', 'pipe'] });
  return `${base}${base.includes('?') ? '&' : '?'}options=-csearch_path%3D${schema}`;
}

/**
 * a server of a test file's own, not started yet: a temporary folder with a config of these keys
 * over the defaults (a free port on 127.0.0.1, the web root, ippon.db in the folder, the real
 * migrations, log_level info; with IPPON_TEST_POSTGRES its records in PostgreSQL unless the keys
 * say where). Resolves to { port, dir, config }: start it with
 * startServer(['--config', config], dir, port), and end it with shutdown().
 */
export async function configure(extra = {}) {
  const dir = await tempDir();
  const port = await freePort();
  if (extra.cluster?.postgres === undefined) {
    const records = postgresRecords();
    if (records) extra = { ...extra, cluster: { ...(extra.cluster ?? {}), postgres: records } };
  }
  const config = await writeConfig(dir, { port, bind: '127.0.0.1', web_root: WEB, database: 'ippon.db',
    migrations: MIGRATIONS, log_level: 'info', ...extra });
  return { port, dir, config };
}

/** configure() and start it: resolves to { port, dir, config, proc } */
export async function serve(extra = {}) {
  const server = await configure(extra);
  server.proc = await startServer(['--config', server.config], server.dir, server.port);
  return server;
}

/**
 * configure(), an administrator made with `ippon admin create` before the start, the server
 * started, and the administrator signed in: resolves to { server, port, admin } (admin: the
 * login's reply, its token in admin.token)
 */
export async function serveWithAdmin(extra = {}, { name = 'boss', password = 'Tsumo-Pinfu-Dora3' } = {}) {
  const server = await configure(extra);
  const made = await adminCommand(['create', name, '--config', server.config], `${password}\n`, server.dir);
  if (made.code !== 0)
    throw new Error(`ippon admin create ${name}: ${made.stderr}`);
  server.proc = await startServer(['--config', server.config], server.dir, server.port);
  const r = await api(server.port, 'POST', '/api/auth/login', { body: { username: name, password } });
  if (r.status !== 200)
    throw new Error(`the administrator's login: ${r.status} ${r.raw}`);
  return { server, port: server.port, admin: r.json };
}

/** stop a server from serve() (a clean exit expected) and remove its folder; nothing for none */
export async function shutdown(server) {
  if (!server)
    return;
  try {
    if (server.proc)
      await stopServer(server.proc);
  } finally {
    if (server.dir)
      await fs.rm(server.dir, { recursive: true, force: true });
  }
}
