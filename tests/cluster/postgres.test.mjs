// postgres.test.mjs — a cluster node's records in PostgreSQL (config "cluster.postgres";
// src/server/store/pg_store.h), against a PostgreSQL this test starts (engines.mjs): at start a
// node applies migrations/postgres/ — the tables are there and each migration is recorded once;
// a restart applies none; two nodes starting at once on a fresh database apply each once; a
// migration that fails stops the start naming its file and leaves nothing of itself behind; a
// PostgreSQL that does not answer stops the start with libpq's reason.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FAST_HASH, MIGRATIONS, configure, freePort, runToExit, shutdown, startServer } from '../integration/harness.mjs';
import { psql, startPostgres, startRedis, stopRedis } from './engines.mjs';

describe('a node\'s records in PostgreSQL', () => {
  let redis, redisPort, pg;
  const node = (name, conninfo, extra = {}) => ({ ...FAST_HASH, log_level: 'info', ...extra,
    cluster: { node: name, redis: `127.0.0.1:${redisPort}`, prefix: 'pgtest', postgres: conninfo } });

  before(async () => {
    redisPort = await freePort();
    redis = await startRedis(redisPort);
    pg = await startPostgres(await freePort());
  });

  after(async () => {
    await stopRedis(redis);
    await pg?.stop();
  });

  test('a node applies the records\' migrations at start, and a restart applies none', async () => {
    const n1 = await configure(node('n1', pg.conninfo));
    n1.proc = await startServer(['--config', n1.config], n1.dir, n1.port);
    try {
      assert.match(n1.proc.stderr, /cluster: PostgreSQL ready \(migrations applied now: 1\)/);
      const tables = psql(pg.conninfo, "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public'");
      assert.equal(tables, 'schema_migrations,sessions,settings,users');
      assert.equal(psql(pg.conninfo, 'SELECT version || \':\' || name FROM schema_migrations'), '1:0001_identities.sql');
      // the schema's rules hold: a username needs its password hash; names are unique whatever their case
      assert.throws(() => psql(pg.conninfo, "INSERT INTO users VALUES ('" + 'a'.repeat(32) + "', 'A', 'a', NULL, false, NULL, 1, 1)"));
      psql(pg.conninfo, "INSERT INTO users VALUES ('" + 'b'.repeat(32) + "', 'Bee', NULL, NULL, false, NULL, 1, 1)");
      assert.throws(() => psql(pg.conninfo, "INSERT INTO users VALUES ('" + 'c'.repeat(32) + "', 'BEE', NULL, NULL, false, NULL, 1, 1)"));
    } finally {
      await shutdown({ ...n1, dir: undefined });
    }
    n1.proc = await startServer(['--config', n1.config], n1.dir, n1.port);
    try {
      assert.match(n1.proc.stderr, /cluster: PostgreSQL ready \(migrations applied now: 0\)/);
    } finally {
      await shutdown(n1);
    }
  });

  test('two nodes starting at once on a fresh database apply each migration once', async () => {
    psql(pg.conninfo.replace('dbname=ippon', 'dbname=postgres'), 'CREATE DATABASE twice');
    const conninfo = pg.conninfo.replace('dbname=ippon', 'dbname=twice');
    const a = await configure(node('na', conninfo)), b = await configure(node('nb', conninfo));
    const started = await Promise.allSettled([a, b].map((n) => startServer(['--config', n.config], n.dir, n.port)
      .then((proc) => { n.proc = proc; })));
    try {
      for (const s of started) assert.equal(s.status, 'fulfilled', s.reason?.message);
      const counts = [a, b].map((n) => Number(/migrations applied now: (\d+)/.exec(n.proc.stderr)[1]));
      assert.equal(counts[0] + counts[1], 1, `applied ${counts}`);
      assert.equal(psql(conninfo, 'SELECT count(*) FROM schema_migrations'), '1');
    } finally {
      await shutdown(a);
      await shutdown(b);
    }
  });

  test('a failing migration stops the start, names its file and leaves nothing of itself', async () => {
    psql(pg.conninfo.replace('dbname=ippon', 'dbname=postgres'), 'CREATE DATABASE broken');
    const conninfo = pg.conninfo.replace('dbname=ippon', 'dbname=broken');
    const server = await configure(node('nx', conninfo));
    const migrations = path.join(server.dir, 'migrations');
    fs.cpSync(MIGRATIONS, migrations, { recursive: true });
    fs.writeFileSync(path.join(migrations, 'postgres', '0002_broken.sql'),
      'CREATE TABLE half_done (x INT);\nCREATE TABLE users (x INT); -- exists already\n');
    const config = JSON.parse(fs.readFileSync(server.config, 'utf8'));
    config.migrations = migrations;
    fs.writeFileSync(server.config, JSON.stringify(config));
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1, proc.stderr);
    assert.match(proc.stderr, /0002_broken\.sql: .*"users" already exists.*\(migration rolled back\)/);
    assert.equal(psql(conninfo, "SELECT count(*) FROM pg_tables WHERE tablename = 'half_done'"), '0');
    assert.equal(psql(conninfo, 'SELECT string_agg(name, \',\') FROM schema_migrations'), '0001_identities.sql');
    fs.rmSync(server.dir, { recursive: true, force: true });
  });

  test('a PostgreSQL that does not answer stops the start with the reason', async () => {
    const closed = await freePort();
    const server = await configure(node('ny', `host=127.0.0.1 port=${closed} user=ippon dbname=ippon connect_timeout=3`));
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1, proc.stderr);
    assert.match(proc.stderr, /ippon: PostgreSQL: .*(refused|could not connect)/);
    fs.rmSync(server.dir, { recursive: true, force: true });
  });

  test('"cluster.postgres" without a node is refused', async () => {
    const server = await configure({ cluster: { postgres: pg.conninfo } });
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1);
    assert.match(proc.stderr, /key "cluster\.postgres": only a cluster node uses it/);
    fs.rmSync(server.dir, { recursive: true, force: true });
  });
});
