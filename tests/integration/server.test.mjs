// server.test.mjs — the `ippon` program end to end: start it on a free port with a
// temporary config and database, talk HTTP to it, and stop it with a signal.
//
// Checks: /api/health, static files and their Content-Type (the browser's modules, web/vendor's
// too), JSON 404 and 405 under /api, no way out of the web root, keep-alive, refusal to start on
// a bad config or a failing migration (with the file, key and problem named), the failed
// migration rolled back, and a clean exit (code 0, no sanitizer report) on SIGTERM and SIGINT.
//
// Only Node built-ins. Run by ctest, which sets IPPON_BUILD_DIR and IPPON_SOURCE_DIR;
// every wait has a deadline, so a hung server fails the test instead of hanging it.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import {
  BUILD_DIR,
  SOURCE_DIR,
  BIN,
  WEB,
  MIGRATIONS,
  VERSION,
  START_TIMEOUT_MS,
  STOP_TIMEOUT_MS,
  REQUEST_TIMEOUT_MS,
  SANITIZER_REPORT,
  freePort,
  tempDir,
  writeConfig,
  request,
  launch,
  withDeadline,
  runToExit,
  startServer,
  stopServer,
} from './harness.mjs';

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
    assert.deepEqual(Object.keys(health).sort(),
      ['db', 'instance', 'matches_lost', 'matches_waiting', 'status', 'version', 'writer_queue']);
    assert.equal(health.status, 'ok');
    assert.deepEqual(health.matches_lost, { journals_unreadable: 0, voided_at_resume: 0 }, 'nothing lost');
    assert.equal(health.version, VERSION);
    assert.equal(health.db, 'ok');
    assert.equal(health.matches_waiting, 0);
    assert.equal(typeof health.writer_queue, 'number');
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

  test('the browser\'s modules, the vendored ones included, are served as JavaScript byte for byte', async () => {
    const vendored = (await fs.readdir(path.join(WEB, 'vendor'), { recursive: true }))
      .filter((f) => f.endsWith('.js')).map((f) => `vendor/${f}`);
    assert.ok(vendored.includes('vendor/noble-hashes-2.4.0/blake2.js') && vendored.includes('vendor/noble-ciphers-2.4.0/chacha.js'));
    for (const file of ['js/fairness.js', 'js/notation.js', ...vendored]) {
      const res = await request(port, { path: `/${file}` });
      assert.equal(res.status, 200, file);
      assert.match(res.headers['content-type'], /^(text|application)\/javascript/, file);
      assert.equal(res.body, await fs.readFile(path.join(WEB, file), 'utf8'), file);
    }
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
    for (const name of await fs.readdir(MIGRATIONS)) // SQLite's files (not postgres/, the cluster's)
      if (name.endsWith('.sql'))
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
