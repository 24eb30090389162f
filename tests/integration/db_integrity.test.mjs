// db_integrity.test.mjs — the server trusts only a whole database of its own
// (src/server/store/db_check.h, db_health.h):
//   - a database with a b-tree page overwritten with zeros: start-up refused with one line naming the
//     file, quick_check's finding and the backup to restore;
//   - another application's SQLite file (another application_id; or none, and another schema):
//     start-up, `ippon admin` and `ippon backup` refused with one line, exit 1, the file byte for byte unchanged;
//   - a new database, and an ippon database from before the mark (application_id 0), get ippon's
//     application_id ("IPPN");
//   - a page found damaged while the server runs: the failing call answers 500, and /api/health says
//     "unreadable" (503) from then on.
// Pages are found with Debian's sqlite3 shell (deploy/setup.sh --test installs it) and zeroed by
// page-size arithmetic: page N is bytes (N-1)·size .. N·size of the file.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { before, describe, test } from 'node:test';
import { FAST_HASH, adminCommand, api, configure, haveSqlite3, runToExit, shutdown, sqlite as sql, startServer,
  stopServer } from './harness.mjs';

const IPPN = 0x4950504E; // "IPPN"

/** what the sqlite3 shell's quick_check of db says ("ok", its findings, or its error) */
function quickCheck(db) {
  try {
    return sql(db, 'PRAGMA quick_check');
  } catch (e) {
    return `${e.stdout ?? ''}${e.stderr ?? ''}`.trim();
  }
}

/** page `page` of db overwritten with zeros (the write-ahead log emptied into the file first) */
async function zeroPage(db, page) {
  const size = Number(sql(db, 'PRAGMA page_size'));
  const fh = await fs.open(db, 'r+');
  try {
    await fh.write(Buffer.alloc(size), 0, size, (page - 1) * size);
  } finally {
    await fh.close();
  }
}

/** the root page of table `name`'s b-tree */
function rootPage(db, name) {
  const page = Number(sql(db, `SELECT rootpage FROM sqlite_master WHERE type = 'table' AND name = '${name}'`));
  assert.ok(page > 1, `${name}'s root page: ${page}`);
  return page;
}

/** a server of the test's own that made its database (a few guests in it), stopped; its db's path */
async function madeDatabase() {
  const server = await configure({ ...FAST_HASH, log_level: 'warn' });
  server.proc = await startServer(['--config', server.config], server.dir, server.port);
  for (let i = 0; i < 3; i++)
    assert.equal((await api(server.port, 'POST', '/api/auth/guest')).status, 201);
  await stopServer(server.proc);
  server.proc = null;
  const db = path.join(server.dir, 'ippon.db');
  sql(db, 'PRAGMA wal_checkpoint(TRUNCATE)'); // every page in the file itself
  return { server, db };
}

/** the line of a refused start-up ("ippon: …") */
function refusal(proc) {
  const lines = proc.stderr.split('\n').filter((l) => l.startsWith('ippon: '));
  assert.equal(lines.length, 1, proc.stderr);
  return lines[0];
}

/** another application's SQLite file at db (rollback journal, its own tables), made by the shell */
function foreignFile(db, setup) {
  sql(db, `${setup} CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT); ` +
    "INSERT INTO notes (body) VALUES ('shopping'), ('taxes');");
}

/**
 * start-up (and `ippon admin`, `ippon backup`) on the foreign file db: exit 1 with one line matching words, the file
 * byte for byte as before and no journal made beside it; the line
 */
async function assertRefusedUnchanged(server, db, words) {
  const bytes = await fs.readFile(db);
  const proc = await runToExit(['--config', server.config], server.dir);
  assert.equal(proc.exitCode, 1, proc.stderr);
  const line = refusal(proc);
  assert.match(line, words);
  assert.ok(line.includes(db) || line.includes('ippon.db'), line);
  assert.deepEqual(await fs.readFile(db), bytes, 'the foreign file was changed');
  assert.ok(!existsSync(`${db}-wal`) && !existsSync(`${db}-journal`), 'a journal was made beside it');
  // the admin command line migrates too: it must leave the file alone as well
  const admin = await adminCommand(['create', 'someone', '--config', server.config], 'Lantern-Harbour-73\n',
    server.dir);
  assert.equal(admin.code, 1, admin.stderr);
  assert.match(admin.stderr, words);
  assert.deepEqual(await fs.readFile(db), bytes, 'ippon admin changed the foreign file');
  // and so must a backup, which opens it without migrating
  const backup = await runToExit(['backup', path.join(server.dir, 'copy.db'), '--config', server.config], server.dir);
  assert.equal(backup.exitCode, 1, backup.stderr);
  assert.match(backup.stderr, words);
  assert.ok(!existsSync(path.join(server.dir, 'copy.db')), 'a copy was made');
  assert.deepEqual(await fs.readFile(db), bytes, 'ippon backup changed the foreign file');
  return line;
}

describe('the database at start-up and while serving', () => {
  before(() => {
    assert.ok(haveSqlite3(), 'the sqlite3 command-line shell is needed (deploy/setup.sh --test installs it)');
  });

  test('a b-tree page of zeros: start-up refused with one line naming the file, quick_check and the backup',
    { timeout: 60_000 }, async () => {
      const { server, db } = await madeDatabase();
      try {
        assert.equal(quickCheck(db), 'ok');
        const page = rootPage(db, 'users');
        await zeroPage(db, page);
        assert.notEqual(quickCheck(db), 'ok', 'the page is damaged');
        const proc = await runToExit(['--config', server.config], server.dir);
        assert.equal(proc.exitCode, 1, proc.stderr);
        const line = refusal(proc);
        assert.match(line, /^ippon: .*ippon\.db: the database is damaged \(quick_check: .+\): .*restore a backup.*ippon backup/);
        assert.ok(line.includes(`Page ${page}:`), `quick_check's finding names page ${page}`);
      } finally {
        await shutdown(server);
      }
    });

  test('another application\'s file (its own application_id): refused, exit 1, unchanged', { timeout: 60_000 },
    async () => {
      const server = await configure({ ...FAST_HASH, log_level: 'warn' });
      const db = path.join(server.dir, 'ippon.db');
      try {
        foreignFile(db, `PRAGMA application_id = ${0x464F4F44};`); // "FOOD"
        const line = await assertRefusedUnchanged(server, db,
          /another application's database \(application_id 0x464F4F44; ippon's is 0x4950504E, "IPPN"\)/);
        assert.match(line, /will not touch it/);
      } finally {
        await shutdown(server);
      }
    });

  test('another application\'s file without an application_id, its own schema_migrations: refused, unchanged',
    { timeout: 60_000 }, async () => {
      const server = await configure({ ...FAST_HASH, log_level: 'warn' });
      const db = path.join(server.dir, 'ippon.db');
      try {
        // a Rails-like file: a schema_migrations of its own, no application_id
        foreignFile(db, 'CREATE TABLE schema_migrations (version TEXT PRIMARY KEY); ' +
          "INSERT INTO schema_migrations VALUES ('20240101000000');");
        await assertRefusedUnchanged(server, db, /another application's database \(it has tables but not ippon's schema_migrations/);
      } finally {
        await shutdown(server);
      }
    });

  test('a new database gets ippon\'s application_id; an ippon database from before the mark gets it at start',
    { timeout: 60_000 }, async () => {
      const { server, db } = await madeDatabase();
      try {
        assert.equal(Number(sql(db, 'PRAGMA application_id')), IPPN, 'a new database is marked');
        sql(db, 'PRAGMA application_id = 0'); // as every database made before this version
        assert.equal(Number(sql(db, 'PRAGMA application_id')), 0);
        const users = sql(db, 'SELECT count(*) FROM users');
        server.proc = await startServer(['--config', server.config], server.dir, server.port);
        const h = await api(server.port, 'GET', '/api/health');
        assert.equal(h.status, 200, JSON.stringify(h.json));
        await stopServer(server.proc);
        server.proc = null;
        assert.equal(Number(sql(db, 'PRAGMA application_id')), IPPN, 'the old database is marked');
        assert.equal(sql(db, 'SELECT count(*) FROM users'), users, 'its records are all there');
      } finally {
        await shutdown(server);
      }
    });

  test('a page found damaged while serving: the call answers 500, /api/health says "unreadable" (503)',
    { timeout: 60_000 }, async () => {
      const { server, db } = await madeDatabase();
      try {
        server.proc = await startServer(['--config', server.config], server.dir, server.port);
        const { port } = server;
        assert.equal((await api(port, 'GET', '/api/health')).json.db, 'ok');
        // pages the server has not read since it started: the leaderboard's (loaded at its first call)
        for (const table of ['rank_totals', 'matches', 'match_players'])
          await zeroPage(db, rootPage(db, table));
        const board = await api(port, 'GET', '/api/leaderboard?mode=4p');
        assert.equal(board.status, 500, board.raw);
        assert.equal(board.json.error.code, 'internal');
        const h = await api(port, 'GET', '/api/health');
        assert.equal(h.status, 503, JSON.stringify(h.json));
        assert.equal(h.json.status, 'error');
        assert.equal(h.json.db, 'unreadable');
        assert.match(h.json.reason, /^a read failed: .*malformed/);
        assert.ok(Number(h.headers['retry-after']) > 0);
        const metrics = await api(port, 'GET', '/metrics');
        assert.match(metrics.raw, /^ippon_store_db_state 3$/m);
        // the server still serves (no crash) and stays honest on the next ask
        assert.equal((await api(port, 'GET', '/api/health')).json.db, 'unreadable');
        await stopServer(server.proc);
        server.proc = null;
        // and the next start refuses the damaged file
        const proc = await runToExit(['--config', server.config], server.dir);
        assert.equal(proc.exitCode, 1, proc.stderr);
        assert.match(refusal(proc), /the database is damaged \(quick_check: /);
      } finally {
        await shutdown(server);
      }
    });
});
