// store_writer.test.mjs — the database never holds up the game, and no finished match is lost
// (src/server/store/store_writer.h, pending_matches.h, store_spill.h, db_guard.h, db_health.h):
//   - an operator's sqlite3 holding BEGIN IMMEDIATE for 8 s while a practice match ends: pings stay
//     fast, /api/health says "degraded" (503) with the match waiting, and once the lock goes the
//     match is stored exactly once;
//   - writes failing as on a full disk (IPPON_TEST_WRITE_FAIL_FILE, honoured by test builds only),
//     and a really full disk where a tmpfs can be mounted: "unwritable" (503), then stored once when
//     they work again; SIGTERM while they fail: the match goes to <database>.pending.jsonl, and the
//     next start stores it and removes the file; the database's folder removed: "unwritable";
//   - a second server on the same database exits 1 naming the lock file and the first one's pid;
//   - a database folder or file the server cannot write: start-up refused with one line, no SIGBUS.
// The lock is held by Debian's sqlite3 command-line shell (deploy/setup.sh --test installs it).
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import { BIN, FAST_PLAY, MIGRATIONS, START_TIMEOUT_MS, WEB, api, configure, eventually, freePort, runToExit, shutdown,
  startServer, stopServer, tempDir, withDeadline, writeConfig, request, verifyRecord, haveSqlite3, sqlite as sql }
  from './harness.mjs';
import { guestToken, player, playToEnd } from './ws_player.mjs';

const LOCK_MS = 8000;
const FAIL_ENV = 'IPPON_TEST_WRITE_FAIL_FILE';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** the sqlite3 shell holding BEGIN IMMEDIATE on db; resolves once it holds it; release() commits */
async function holdWriteLock(db) {
  const shell = spawn('sqlite3', [db], { stdio: ['pipe', 'pipe', 'pipe'] });
  let out = '', err = '';
  shell.stdout.on('data', (d) => { out += d; });
  shell.stderr.on('data', (d) => { err += d; });
  const exited = new Promise((resolve) => shell.on('close', resolve));
  shell.stdin.write(".timeout 5000\nBEGIN IMMEDIATE;\nSELECT 'locked';\n");
  const locked = new Promise((resolve) => shell.stdout.on('data', () => { if (out.includes('locked')) resolve(); }));
  await withDeadline(locked, 10_000, `sqlite3 taking the write lock (${err})`);
  return {
    async release() {
      shell.stdin.end('COMMIT;\n.quit\n');
      assert.equal(await withDeadline(exited, 10_000, 'sqlite3 quitting'), 0, err);
    },
  };
}

/** GET /api/health: { status (HTTP), body } */
async function health(port) {
  const res = await api(port, 'GET', '/api/health');
  return { status: res.status, body: res.json };
}

/** a practice match of c played to its end: its id (the table's) */
async function practiceMatch(c) {
  c.send({ type: 'practice', mode: '4p' });
  const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
  await playToEnd(c);
  return found.table;
}

/** the match is stored once: its record, one row per seat, one result each */
async function assertStoredOnce(port, db, id) {
  const res = await eventually(async () => { const r = await api(port, 'GET', `/api/matches/${id}`); return r.status === 200 && r; },
    15_000, `GET /api/matches/${id}`);
  assert.equal(res.json.id, id);
  assert.equal(res.json.players.length, 4);
  for (const p of res.json.players)
    assert.equal(typeof p.result, 'number');
  assert.equal(sql(db, `SELECT count(*) FROM matches WHERE id = '${id}'`), '1');
  assert.equal(sql(db, `SELECT count(*) FROM match_players WHERE match_id = '${id}'`), '4');
  assert.equal(sql(db, `SELECT count(DISTINCT seat) FROM match_players WHERE match_id = '${id}'`), '4');
}

describe('the store writer', () => {
  before(() => {
    assert.ok(haveSqlite3(), 'the sqlite3 command-line shell is needed (deploy/setup.sh --test installs it)');
  });

  test('an operator holding the write lock for 8 s: the game goes on, the match waits and is stored once',
    { timeout: 90_000 }, async () => {
      const server = await configure({ ...FAST_PLAY, log_level: 'warn' });
      server.proc = await startServer(['--config', server.config], server.dir, server.port);
      const { port } = server;
      const db = path.join(server.dir, 'ippon.db');
      try {
        // everything that writes (new guests) before the lock
        const c = await player(port, await guestToken(port));
        const pinger = await player(port, await guestToken(port));
        const lock = await holdWriteLock(db);
        const lockedAt = Date.now();
        const rtts = [];
        let pinging = true;
        const pings = (async () => {
          while (pinging) {
            const sent = Date.now();
            pinger.send({ type: 'ping' });
            await pinger.next((m) => m.type === 'pong', 10_000, 'pong');
            rtts.push(Date.now() - sent);
            await sleep(Math.max(0, 100 - (Date.now() - sent))); // a ping every 100 ms: the clock is what is measured
          }
        })();
        pings.catch(() => {}); // a failure is reported where the pings are awaited
        const id = await practiceMatch(c);
        assert.ok(Date.now() - lockedAt < LOCK_MS - 1000, 'the match ended while the lock was held');
        // the writer has tried and found the database locked: degraded, the match waiting
        const seen = await eventually(async () => { const h = await health(port); return h.status === 503 && h.body.matches_waiting >= 1 && h; },
          3000, 'degraded with the finished match waiting');
        assert.equal(seen.body.db, 'degraded');
        assert.equal(seen.body.status, 'degraded');
        assert.match(seen.body.reason, /locked|waited/);
        assert.ok(seen.body.writer_queue >= 1);
        await sleep(Math.max(0, LOCK_MS - (Date.now() - lockedAt))); // the lock is held LOCK_MS: a deadline under test
        pinging = false;
        await pings;
        await lock.release();

        await assertStoredOnce(port, db, id);
        const ok = await eventually(async () => { const h = await health(port); return h.status === 200 && h; }, 10_000,
          'health ok again');
        assert.equal(ok.body.db, 'ok');
        assert.equal(ok.body.matches_waiting, 0);
        rtts.sort((a, b) => a - b);
        assert.ok(rtts.length >= 50, `pings answered during the lock: ${rtts.length}`);
        const p99 = rtts[Math.min(rtts.length - 1, Math.floor(rtts.length * 0.99))];
        assert.ok(p99 < 200, `ping p99 ${p99} ms during the lock (max ${rtts[rtts.length - 1]} ms)`);
        c.close();
        pinger.close();
      } finally {
        await shutdown(server);
      }
    });

  test('writes failing as on a full disk: unwritable, then the match is stored once', { timeout: 60_000 }, async () => {
    const dir = await tempDir();
    const fail = path.join(dir, 'fail-writes');
    process.env[FAIL_ENV] = fail;
    let server;
    try {
      server = await configure({ ...FAST_PLAY, log_level: 'error' });
      server.proc = await startServer(['--config', server.config], server.dir, server.port);
    } finally {
      delete process.env[FAIL_ENV];
    }
    const { port } = server;
    const db = path.join(server.dir, 'ippon.db');
    try {
      const c = await player(port, await guestToken(port));
      await fs.writeFile(fail, '');
      const id = await practiceMatch(c);
      const seen = await eventually(async () => { const h = await health(port); return h.body.db === 'unwritable' && h.body.matches_waiting >= 1 && h; },
        5000, 'unwritable with the match waiting');
      assert.equal(seen.status, 503);
      assert.equal(seen.body.status, 'error');
      assert.match(seen.body.reason, /full/);
      // a request that needs a write gets a clear 503, and nothing is made
      const refused = await api(port, 'POST', '/api/auth/guest', { body: {} });
      assert.equal(refused.status, 503, refused.raw);
      assert.equal(refused.json.error.code, 'unavailable');
      assert.ok(Number(refused.headers['retry-after']) >= 1);
      assert.equal(sql(db, `SELECT count(*) FROM matches WHERE id = '${id}'`), '0');

      await fs.rm(fail); // space again
      await assertStoredOnce(port, db, id);
      const ok = await eventually(async () => { const h = await health(port); return h.status === 200 && h; }, 10_000,
        'health ok again');
      assert.equal(ok.body.matches_waiting, 0);
      c.close();
    } finally {
      await shutdown(server);
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  test('SIGTERM while writes fail: the match is kept in the pending file and stored by the next start',
    { timeout: 90_000 }, async () => {
      const dir = await tempDir();
      const fail = path.join(dir, 'fail-writes');
      const server = await configure({ ...FAST_PLAY, log_level: 'info' });
      const db = path.join(server.dir, 'ippon.db');
      const pending = `${db}.pending.jsonl`;
      try {
        process.env[FAIL_ENV] = fail;
        try {
          server.proc = await startServer(['--config', server.config], server.dir, server.port);
        } finally {
          delete process.env[FAIL_ENV];
        }
        const c = await player(server.port, await guestToken(server.port));
        await fs.writeFile(fail, '');
        const id = await practiceMatch(c);
        await eventually(async () => (await health(server.port)).body.matches_waiting >= 1, 5000, 'the match waiting');
        c.close();
        await stopServer(server.proc); // exit 0: the match is kept, not lost
        assert.match(server.proc.stderr, /could not be stored before the exit: kept in .*pending\.jsonl/);
        const lines = readFileSync(pending, 'utf8').trim().split('\n');
        assert.equal(lines.length, 1);
        const kept = JSON.parse(lines[0]);
        assert.equal(kept.id, id);
        assert.equal(kept.players, 4);
        assert.equal(kept.seats.length, 4);
        assert.equal(kept.results.reduce((a, b) => a + b, 0), 0);
        assert.equal(sql(db, `SELECT count(*) FROM matches WHERE id = '${id}'`), '0');

        await fs.rm(fail);
        server.proc = await startServer(['--config', server.config], server.dir, server.port);
        await assertStoredOnce(server.port, db, id);
        assert.match(kept.fairness.secret, /^[0-9a-f]{64}$/, 'the pending file keeps what the walls came from');
        const record = JSON.parse((await request(server.port, { path: `/api/matches/${id}` })).body);
        assert.deepEqual(record.fairness, kept.fairness);
        const verified = await verifyRecord(record);
        assert.equal(verified.code, 0, `ippon-verify: ${JSON.stringify(verified.out)} ${verified.stderr}`);
        await eventually(() => !existsSync(pending), 10_000, 'the pending file removed');
        assert.match(server.proc.stderr, /1 finished matches not stored by the last run are queued again/);
      } finally {
        await shutdown(server);
        await fs.rm(dir, { recursive: true, force: true });
      }
    });

  test('a real full disk (a small tmpfs, where the test may mount one): unwritable, then stored once',
    { timeout: 60_000 }, async (t) => {
      const mnt = await tempDir();
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=4m', 'tmpfs', mnt], { stdio: 'pipe' });
      } catch {
        await fs.rm(mnt, { recursive: true, force: true });
        t.skip('cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN); the injected failure above stands in');
        return;
      }
      let server;
      try {
        server = await configure({ ...FAST_PLAY, log_level: 'error', database: path.join(mnt, 'ippon.db') });
        server.proc = await startServer(['--config', server.config], server.dir, server.port);
        const db = path.join(mnt, 'ippon.db');
        const c = await player(server.port, await guestToken(server.port));
        // fill the file system to the last byte
        const filler = await fs.open(path.join(mnt, 'filler'), 'w');
        for (const size of [65536, 4096, 512, 1]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) await filler.write(chunk);
          } catch (e) {
            assert.equal(e.code, 'ENOSPC');
          }
        }
        await filler.close();
        const id = await practiceMatch(c);
        const seen = await eventually(async () => {
          const h = await health(server.port);
          return h.body.db === 'unwritable' && h.body.matches_waiting >= 1 && h;
        }, 10_000, 'unwritable on a full disk');
        assert.equal(seen.status, 503);
        assert.match(seen.body.reason, /full/);
        await fs.rm(path.join(mnt, 'filler'));
        await assertStoredOnce(server.port, db, id);
        c.close();
      } finally {
        await shutdown(server);
        execFileSync('umount', [mnt]);
        await fs.rm(mnt, { recursive: true, force: true });
      }
    });

  test('the database folder removed under the server: unwritable', async () => {
    const server = await configure({ ...FAST_PLAY, log_level: 'error', database: 'state/ippon.db' });
    try {
      server.proc = await startServer(['--config', server.config], server.dir, server.port);
      assert.equal((await health(server.port)).status, 200);
      await fs.rm(path.join(server.dir, 'state'), { recursive: true });
      const h = await health(server.port);
      assert.equal(h.status, 503);
      assert.equal(h.body.db, 'unwritable');
      assert.match(h.body.reason, /state\/ippon\.db is gone/);
    } finally {
      await shutdown(server);
    }
  });

  test('a second server on the same database is refused, naming the lock file and the pid', async () => {
    const server = await configure({ ...FAST_PLAY, log_level: 'warn' });
    try {
      server.proc = await startServer(['--config', server.config], server.dir, server.port);
      const second = await runToExit(['--config', server.config, '--port', String(await freePort())], server.dir);
      assert.equal(second.exitCode, 1, second.stderr);
      const line = second.stderr.trim();
      assert.equal(line.split('\n').length, 1, line);
      assert.match(line, /^ippon: ippon\.db\.lock: the database is in use by another ippon server \(pid (\d+)\)/);
      assert.equal(Number(/pid (\d+)/.exec(line)[1]), server.proc.child.pid);
      assert.equal((await health(server.port)).status, 200, 'the first one serves on');
    } finally {
      await shutdown(server);
    }
  });
});

/*
 * A folder or file the server cannot write. The test runs as root in CI, and root ignores
 * permission bits: there the server is started as the unprivileged user "nobody" (uid 65534,
 * through spawn's uid/gid), so the bits apply to it exactly as to a service account. As another
 * user the bits apply anyway. Two cases need no user at all: a database folder that is a file and
 * a database path that is a folder.
 */
describe('start-up refuses a database it cannot write', () => {
  const asRoot = process.getuid() === 0;
  const NOBODY = 65534;
  let dir, port;

  before(async () => {
    dir = await tempDir();
    await fs.chmod(dir, 0o755);
    port = await freePort();
  });
  after(async () => { await fs.rm(dir, { recursive: true, force: true }); });

  /** a config in folder `name` of dir for database `database`; the folder belongs to nobody */
  async function setupCase(name, database) {
    const home = path.join(dir, name);
    await fs.mkdir(home, { recursive: true });
    const config = await writeConfig(home, { port, bind: '127.0.0.1', web_root: WEB, database, migrations: MIGRATIONS,
      log_level: 'warn' });
    await fs.chmod(config, 0o644);
    if (asRoot)
      await fs.chown(home, NOBODY, NOBODY);
    return { home, config };
  }

  /** the server started as nobody (when root) in home: resolves to the exited process */
  async function runAsNobody(home, config) {
    const child = spawn(BIN, ['--config', config], { cwd: home, stdio: ['ignore', 'pipe', 'pipe'],
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
    const proc = { stderr: '', child };
    child.stderr.on('data', (d) => { proc.stderr += d; });
    child.stdout.resume();
    const exit = await withDeadline(new Promise((resolve) => child.on('close', (code, signal) => resolve({ code, signal }))),
      START_TIMEOUT_MS, 'ippon refusing to start').catch((e) => { child.kill('SIGKILL'); throw e; });
    return { ...proc, ...exit };
  }

  /** owned by root (when root), read-only for everyone else */
  async function readOnly(p, mode) {
    if (asRoot)
      await fs.chown(p, 0, 0);
    await fs.chmod(p, mode);
  }

  test('a read-only database folder', async () => {
    const { home, config } = await setupCase('ro-folder', 'state/ippon.db');
    await fs.mkdir(path.join(home, 'state'));
    await readOnly(path.join(home, 'state'), 0o555);
    const r = await runAsNobody(home, config);
    assert.equal(r.signal, null, `killed by ${r.signal}: ${r.stderr}`);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^ippon: state: the database folder is not writable \(Permission denied\)/);
  });

  test('read-only -wal and -shm files of an existing database', async () => {
    const { home, config } = await setupCase('ro-files', 'ippon.db');
    // a database made by a server run (as nobody), then -wal and -shm left by someone else
    const made = spawn(BIN, ['--config', config], { cwd: home, stdio: ['ignore', 'ignore', 'pipe'],
      ...(asRoot ? { uid: NOBODY, gid: NOBODY } : {}) });
    let madeErr = '';
    made.stderr.on('data', (d) => { madeErr += d; });
    await eventually(async () => (await api(port, 'GET', '/api/health')).status === 200,
      START_TIMEOUT_MS, `the first run serving (${madeErr})`);
    made.kill('SIGTERM');
    await new Promise((resolve) => made.on('close', resolve));
    for (const suffix of ['-wal', '-shm']) {
      await fs.writeFile(path.join(home, `ippon.db${suffix}`), '');
      await readOnly(path.join(home, `ippon.db${suffix}`), 0o444);
    }
    const r = await runAsNobody(home, config);
    assert.equal(r.signal, null, `killed by ${r.signal}: ${r.stderr}`);
    assert.equal(r.code, 1, r.stderr);
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
    assert.match(r.stderr, /^ippon: ippon\.db-wal: the database's file is not writable \(Permission denied\)/);
  });

  test('a database folder that is a file, a database that is a folder', async () => {
    const { home, config } = await setupCase('not-a-folder', 'file/ippon.db');
    await fs.writeFile(path.join(home, 'file'), 'x');
    let r = await runAsNobody(home, config);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^ippon: file: the database folder is not a folder\n$/);

    const other = await setupCase('a-folder', 'ippon.db');
    await fs.mkdir(path.join(other.home, 'ippon.db'));
    r = await runAsNobody(other.home, other.config);
    assert.equal(r.code, 1, r.stderr);
    assert.match(r.stderr, /^ippon: ippon\.db: not a regular file \(a database file was expected\)\n$/);
  });
});
