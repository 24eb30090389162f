// server.test.mjs — the `ippon` program end to end: start it on a free port with a
// temporary config and database, talk HTTP to it, and stop it with a signal.
//
// Checks: /api/health, static files and their Content-Type, JSON 404 and 405 under /api,
// no way out of the web root, keep-alive, refusal to start on a bad config or a failing
// migration (with the file, key and problem named), the failed migration rolled back,
// and a clean exit (code 0, no sanitizer report) on SIGTERM and SIGINT.
//
// Only Node built-ins. Run by ctest, which sets IPPON_BUILD_DIR and IPPON_SOURCE_DIR;
// every wait has a deadline, so a hung server fails the test instead of hanging it.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const BUILD_DIR = process.env.IPPON_BUILD_DIR;
const SOURCE_DIR = process.env.IPPON_SOURCE_DIR;
assert.ok(BUILD_DIR && SOURCE_DIR, 'IPPON_BUILD_DIR and IPPON_SOURCE_DIR must be set (run through ctest)');
const BIN = path.join(BUILD_DIR, 'src/server/ippon');
const WEB = path.join(SOURCE_DIR, 'web');
const MIGRATIONS = path.join(SOURCE_DIR, 'migrations');
const VERSION = /project\(ippon VERSION (\d+\.\d+\.\d+)/.exec(
  readFileSync(path.join(SOURCE_DIR, 'CMakeLists.txt'), 'utf8'))[1];

const START_TIMEOUT_MS = 20_000; // sanitizer builds start slowly
const STOP_TIMEOUT_MS = 10_000;
const REQUEST_TIMEOUT_MS = 5_000;
const SANITIZER_REPORT = /ERROR: (AddressSanitizer|LeakSanitizer)|runtime error:/;

/** a TCP port that was free a moment ago */
function freePort() {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

async function tempDir() {
  return fs.mkdtemp(path.join(os.tmpdir(), 'ippon-it-'));
}

async function writeConfig(dir, values, name = 'ippon.json') {
  const file = path.join(dir, name);
  await fs.writeFile(file, typeof values === 'string' ? values : JSON.stringify(values, null, 2));
  return file;
}

/** one HTTP request with the path sent exactly as given (no normalisation) */
function request(port, { method = 'GET', path: urlPath = '/', body, agent } = {}) {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: urlPath, agent: agent ?? false,
      timeout: REQUEST_TIMEOUT_MS,
      headers: body === undefined ? {} : { 'content-type': 'application/json',
        'content-length': Buffer.byteLength(body) } }, (res) => {
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

/** a started process with its output collected and its exit as a promise */
function launch(args, cwd) {
  const child = spawn(BIN, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
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

function withDeadline(promise, ms, what) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`${what}: still waiting after ${ms} ms`)), ms); }),
  ]).finally(() => clearTimeout(timer));
}

/** run to completion (for start-up failures); kills it if it does not exit in time */
async function runToExit(args, cwd) {
  const proc = launch(args, cwd);
  try {
    await withDeadline(proc.exited, START_TIMEOUT_MS, `ippon ${args.join(' ')}`);
  } catch (e) {
    proc.child.kill('SIGKILL');
    throw new Error(`${e.message}\nstderr:\n${proc.stderr}`);
  }
  return proc;
}

/** start a server and wait until /api/health answers */
async function startServer(args, cwd, port) {
  const proc = launch(args, cwd);
  const deadline = Date.now() + START_TIMEOUT_MS;
  for (;;) {
    if (proc.exitCode !== undefined)
      throw new Error(`ippon exited with ${proc.exitCode} during start-up:\n${proc.stderr}`);
    try {
      const res = await request(port, { path: '/api/health' });
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
async function stopServer(proc, signal = 'SIGTERM') {
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

describe('a running server', () => {
  let dir, port, proc;

  before(async () => {
    dir = await tempDir();
    port = await freePort();
    // database path relative to the working directory, in folders that do not exist yet
    const config = await writeConfig(dir, { port: 1, bind: '127.0.0.1', web_root: WEB,
      database: 'state/db/ippon.db', migrations: MIGRATIONS, log_level: 'info' });
    proc = await startServer(['--config', config, '--port', String(port)], dir, port);
  });

  after(async () => {
    if (proc && proc.exitCode === undefined) {
      proc.child.kill('SIGKILL');
      await proc.exited;
    }
    if (dir)
      await fs.rm(dir, { recursive: true, force: true });
  });

  test('GET /api/health reports ok, the version, the database and the instance', async () => {
    const res = await request(port, { path: '/api/health' });
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'], /^application\/json/);
    const health = JSON.parse(res.body);
    assert.deepEqual(Object.keys(health).sort(), ['db', 'instance', 'status', 'version']);
    assert.equal(health.status, 'ok');
    assert.equal(health.version, VERSION);
    assert.equal(health.db, 'ok');
    assert.match(health.instance, /^[0-9a-f]{32}$/);
    const again = JSON.parse((await request(port, { path: '/api/health' })).body);
    assert.equal(again.instance, health.instance, 'one instance id per process');
  });

  test('the database was created under the working directory', () => {
    assert.ok(existsSync(path.join(dir, 'state/db/ippon.db')));
  });

  test('static files: index.html with its content type and body', async () => {
    const file = await fs.readFile(path.join(WEB, 'index.html'), 'utf8');
    for (const urlPath of ['/', '/index.html']) {
      const res = await request(port, { path: urlPath });
      assert.equal(res.status, 200, urlPath);
      assert.match(res.headers['content-type'], /^text\/html/, urlPath);
      assert.equal(res.body, file, urlPath);
    }
    assert.match(file, /riichi mahjong/i);
    const css = await request(port, { path: '/style.css' });
    assert.equal(css.status, 200);
    assert.match(css.headers['content-type'], /^text\/css/);
    assert.equal(css.body, await fs.readFile(path.join(WEB, 'style.css'), 'utf8'));
    assert.equal((await request(port, { path: '/no-such-page.html' })).status, 404);
  });

  test('unknown /api paths get a JSON 404', async () => {
    for (const urlPath of ['/api/nope', '/api', '/api/health/extra', '/api/nope?x=1']) {
      const res = await request(port, { path: urlPath });
      assert.equal(res.status, 404, urlPath);
      assert.match(res.headers['content-type'], /^application\/json/, urlPath);
      const { error } = JSON.parse(res.body);
      assert.equal(error.code, 'not_found', urlPath);
      assert.equal(typeof error.message, 'string');
    }
  });

  test('another method on /api/health gets a JSON 405 with Allow', async () => {
    const cases = [{ method: 'POST' }, { method: 'POST', body: '{"x":1}' }, { method: 'DELETE' },
      { method: 'PUT', body: 'x'.repeat(10000) }];
    for (const c of cases) {
      const res = await request(port, { path: '/api/health', ...c });
      assert.equal(res.status, 405, c.method);
      assert.equal(res.headers.allow, 'GET');
      assert.match(res.headers['content-type'], /^application\/json/);
      assert.equal(JSON.parse(res.body).error.code, 'method_not_allowed');
    }
  });

  test('no path leaves the web root', async () => {
    // the repository root (web/..) holds CMakeLists.txt; /etc/passwd is further up
    const attempts = ['/../CMakeLists.txt', '/%2e%2e/CMakeLists.txt', '/..%2fCMakeLists.txt',
      '/%2e%2e%2fCMakeLists.txt', '/api/../../CMakeLists.txt', '/./../CMakeLists.txt',
      '/../../../../../../etc/passwd', '/%2e%2e/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd',
      '//etc/passwd', '/..\\CMakeLists.txt'];
    for (const urlPath of attempts) {
      let res;
      try {
        res = await request(port, { path: urlPath });
      } catch {
        continue; // the connection was refused or dropped: nothing leaked either
      }
      assert.notEqual(res.status, 200, `${urlPath} answered 200`);
      assert.doesNotMatch(res.body, /cmake_minimum_required|root:/, urlPath);
    }
  });

  test('requests on one kept-alive connection', async () => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const sockets = new Set();
      const sequence = [['GET', '/api/health', 200], ['GET', '/api/nope', 404], ['GET', '/', 200],
        ['POST', '/api/health', 405, '{"a":1}'], ['GET', '/style.css', 200], ['POST', '/api/health', 405],
        ['DELETE', '/api/health', 405], ['GET', '/api/health', 200]];
      for (const [method, urlPath, status, body] of sequence) {
        const res = await request(port, { method, path: urlPath, body, agent });
        assert.equal(res.status, status, `${method} ${urlPath}`);
        sockets.add(res.socket);
      }
      assert.equal(sockets.size, 1, 'the connection was reused');
    } finally {
      agent.destroy();
    }
  });

  test('SIGTERM stops it cleanly with exit code 0', async () => {
    await stopServer(proc, 'SIGTERM');
    assert.match(proc.stderr, /stopped/);
  });
});

describe('start-up refuses a bad configuration', () => {
  let dir;
  before(async () => { dir = await tempDir(); });
  after(async () => { await fs.rm(dir, { recursive: true, force: true }); });

  const good = () => ({ port: 8080, bind: '127.0.0.1', web_root: WEB,
    database: path.join(dir, 'never.db'), migrations: MIGRATIONS, log_level: 'info' });

  const cases = [
    ['port out of range', (c) => ({ ...c, port: 70000 }), ['key "port"', 'must be an integer 1..65535']],
    ['port of the wrong type', (c) => ({ ...c, port: '8080' }), ['key "port"', 'must be an integer 1..65535']],
    ['unknown key', (c) => ({ ...c, colour: 'green' }), ['key "colour"', 'unknown key']],
    ['unknown log level', (c) => ({ ...c, log_level: 'loud' }), ['key "log_level"', 'must be one of']],
    ['malformed JSON', () => '{"port": 8080,', ['invalid JSON']],
  ];
  for (const [name, make, expected] of cases) {
    test(name, async () => {
      // a relative --config path: relative to the working directory
      await writeConfig(dir, make(good()), 'bad.json');
      const proc = await runToExit(['--config', 'bad.json'], dir);
      assert.notEqual(proc.exitCode, 0);
      assert.match(proc.stderr, /^ippon: bad\.json: /m);
      for (const text of expected)
        assert.ok(proc.stderr.includes(text), `expected "${text}" in: ${proc.stderr}`);
      assert.doesNotMatch(proc.stderr, SANITIZER_REPORT);
      assert.ok(!existsSync(path.join(dir, 'never.db')), 'no database was created');
    });
  }

  test('missing config file', async () => {
    const proc = await runToExit(['--config', 'absent.json'], dir);
    assert.notEqual(proc.exitCode, 0);
    assert.match(proc.stderr, /ippon: absent\.json: cannot read: No such file/);
  });

  test('bad command-line value', async () => {
    const config = await writeConfig(dir, good());
    const proc = await runToExit(['--config', config, '--port', '0'], dir);
    assert.notEqual(proc.exitCode, 0);
    assert.match(proc.stderr, /--port: key "port": must be an integer 1\.\.65535/);
    const unknown = await runToExit(['--bogus'], dir);
    assert.equal(unknown.exitCode, 2);
    assert.match(unknown.stderr, /unknown option '--bogus'/);
  });

  test('a port in use', async () => {
    const blocker = net.createServer();
    await new Promise((resolve, reject) => {
      blocker.on('error', reject);
      blocker.listen(0, '127.0.0.1', resolve);
    });
    try {
      const config = await writeConfig(dir, { ...good(), database: path.join(dir, 'busy.db'),
        port: blocker.address().port });
      const proc = await runToExit(['--config', config], dir);
      assert.notEqual(proc.exitCode, 0);
      assert.match(proc.stderr, /ippon: cannot listen on 127\.0\.0\.1 port \d+: Address already in use/);
      assert.doesNotMatch(proc.stderr, SANITIZER_REPORT);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });

  test('--version and --help', async () => {
    const version = await runToExit(['--version'], dir);
    assert.equal(version.exitCode, 0);
    assert.equal(version.stdout.trim(), `ippon ${VERSION}`);
    const help = await runToExit(['--help'], dir);
    assert.equal(help.exitCode, 0);
    for (const option of ['--config', '--port', '--db', '--web'])
      assert.ok(help.stdout.includes(option), option);
  });
});

describe('a failing migration', () => {
  let dir;
  before(async () => { dir = await tempDir(); });
  after(async () => { await fs.rm(dir, { recursive: true, force: true }); });

  test('stops start-up, names the file, and is rolled back', async () => {
    const migrations = path.join(dir, 'migrations');
    await fs.mkdir(migrations);
    for (const name of await fs.readdir(MIGRATIONS))
      await fs.copyFile(path.join(MIGRATIONS, name), path.join(migrations, name));
    // its first statement works, the second fails: the first must be undone too
    await fs.writeFile(path.join(migrations, '9000_probe.sql'),
      'CREATE TABLE probe (x INTEGER);\nINSERT INTO nowhere VALUES (1);\n');
    const port = await freePort();
    const config = await writeConfig(dir, { port, web_root: WEB, database: 'ippon.db',
      migrations: 'migrations' });

    const failed = await runToExit(['--config', config], dir);
    assert.notEqual(failed.exitCode, 0);
    assert.match(failed.stderr, /ippon: migrations\/9000_probe\.sql: no such table: nowhere/);
    assert.doesNotMatch(failed.stderr, SANITIZER_REPORT);

    // fixed, it applies: "probe" does not exist yet, so the failed attempt left nothing
    await fs.writeFile(path.join(migrations, '9000_probe.sql'), 'CREATE TABLE probe (x INTEGER);\n');
    const proc = await startServer(['--config', config], dir, port);
    assert.match(proc.stderr, /applied migration migrations\/9000_probe\.sql/);
    await stopServer(proc, 'SIGINT');
  });
});
