// postgres.test.mjs — a server's records in PostgreSQL (config "cluster.postgres", a URI;
// src/server/store/sql.h), against a PostgreSQL this test starts (engines.mjs): at start the
// server applies migrations/postgres/ — every table is there and each migration is recorded once;
// a restart applies none; two servers starting at once on a fresh database apply each once; a
// migration that fails stops the start naming its file and leaves nothing of itself behind; a
// PostgreSQL that does not answer stops the start with libpq's reason; a value that is not a URI
// is refused. And what a cluster needs of it: two servers on one PostgreSQL share their records —
// an account made on one signs in on the other, a session made on one is good on the other, and a
// match played on one is listed, with its player, by the other.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { FAST_PLAY, MIGRATIONS, api, configure, eventually, freePort, request, runToExit, serve, shutdown, startServer }
  from '../integration/harness.mjs';
import { player, playToEnd } from '../integration/ws_player.mjs';
import { psql, startPostgres } from './engines.mjs';

const PG_MIGRATIONS = fs.readdirSync(path.join(MIGRATIONS, 'postgres')).filter((f) => f.endsWith('.sql')).sort();
// the tables the migrations make (none drops one), and the server's own list of what it applied
const PG_TABLES = [...new Set(PG_MIGRATIONS.flatMap((f) =>
  [...fs.readFileSync(path.join(MIGRATIONS, 'postgres', f), 'utf8').matchAll(/CREATE TABLE (?:IF NOT EXISTS )?(\w+)/gi)].map((m) => m[1].toLowerCase())))]
  .concat('schema_migrations').sort();

describe('a server\'s records in PostgreSQL', () => {
  let pg;
  const on = (uri, extra = {}) => ({ ...FAST_PLAY, log_level: 'info', ...extra, cluster: { postgres: uri } });
  const applied = (stderr) => Number(/migrations applied now: (\d+)/.exec(stderr)?.[1]);

  before(async () => { pg = await startPostgres(await freePort()); });
  after(async () => { await pg?.stop(); });

  test('the server applies the records\' migrations at start, and a restart applies none', async () => {
    const s = await configure(on(pg.uri()));
    s.proc = await startServer(['--config', s.config], s.dir, s.port);
    try {
      assert.equal(applied(s.proc.stderr), PG_MIGRATIONS.length);
      assert.match(s.proc.stderr, /database PostgreSQL/); // named, never with its URI
      const tables = psql(pg.conninfo, "SELECT string_agg(tablename, ',' ORDER BY tablename) FROM pg_tables WHERE schemaname = 'public'");
      assert.ok(PG_TABLES.includes('users') && PG_TABLES.includes('matches') && PG_TABLES.length > 10, PG_TABLES.join(','));
      assert.equal(tables, PG_TABLES.join(','));
      assert.equal(psql(pg.conninfo, 'SELECT string_agg(name, \',\' ORDER BY version) FROM schema_migrations'), PG_MIGRATIONS.join(','));
      // the schema's rules hold: a username needs its password hash; names are unique whatever their case
      const user = (id, name, username, hash) => `INSERT INTO users (id, display_name, username, password_hash, created_at,`
        + ` last_seen_at) VALUES ('${id.repeat(32)}', '${name}', ${username}, ${hash}, 1, 1)`;
      assert.throws(() => psql(pg.conninfo, user('a', 'A', "'a'", 'NULL')));
      psql(pg.conninfo, user('b', 'Bee', 'NULL', 'NULL'));
      assert.throws(() => psql(pg.conninfo, user('c', 'BEE', 'NULL', 'NULL')));
    } finally {
      await shutdown({ ...s, dir: undefined });
    }
    s.proc = await startServer(['--config', s.config], s.dir, s.port);
    try {
      assert.equal(applied(s.proc.stderr), 0);
    } finally {
      await shutdown(s);
    }
  });

  test('two servers starting at once on a fresh database apply each migration once', async () => {
    psql(pg.conninfo.replace('dbname=ippon', 'dbname=postgres'), 'CREATE DATABASE twice');
    const a = await configure(on(pg.uri('twice'))), b = await configure(on(pg.uri('twice')));
    const started = await Promise.allSettled([a, b].map((n) => startServer(['--config', n.config], n.dir, n.port)
      .then((proc) => { n.proc = proc; })));
    try {
      for (const s of started) assert.equal(s.status, 'fulfilled', s.reason?.message);
      assert.equal(applied(a.proc.stderr) + applied(b.proc.stderr), PG_MIGRATIONS.length);
      assert.equal(psql(pg.conninfo.replace('dbname=ippon', 'dbname=twice'), 'SELECT count(*) FROM schema_migrations'),
        String(PG_MIGRATIONS.length));
    } finally {
      await shutdown(a);
      await shutdown(b);
    }
  });

  test('a failing migration stops the start, names its file and leaves nothing of itself', async () => {
    psql(pg.conninfo.replace('dbname=ippon', 'dbname=postgres'), 'CREATE DATABASE broken');
    const server = await configure(on(pg.uri('broken')));
    const migrations = path.join(server.dir, 'migrations');
    fs.cpSync(MIGRATIONS, migrations, { recursive: true });
    fs.writeFileSync(path.join(migrations, 'postgres', '9999_broken.sql'),
      'CREATE TABLE half_done (x INT);\nCREATE TABLE users (x INT); -- exists already\n');
    const config = JSON.parse(fs.readFileSync(server.config, 'utf8'));
    config.migrations = migrations;
    fs.writeFileSync(server.config, JSON.stringify(config));
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1, proc.stderr);
    assert.match(proc.stderr, /9999_broken\.sql: .*"users" already exists.*\(migration rolled back\)/);
    const broken = pg.conninfo.replace('dbname=ippon', 'dbname=broken');
    assert.equal(psql(broken, "SELECT count(*) FROM pg_tables WHERE tablename = 'half_done'"), '0');
    assert.equal(psql(broken, 'SELECT string_agg(name, \',\' ORDER BY version) FROM schema_migrations'), PG_MIGRATIONS.join(','));
    fs.rmSync(server.dir, { recursive: true, force: true });
  });

  test('a PostgreSQL that does not answer stops the start with the reason', async () => {
    const closed = await freePort();
    const server = await configure(on(`postgresql://ippon@127.0.0.1:${closed}/ippon?connect_timeout=3`));
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1, proc.stderr);
    assert.match(proc.stderr, /ippon: PostgreSQL: .*(refused|could not connect)/);
    fs.rmSync(server.dir, { recursive: true, force: true });
  });

  test('"cluster.postgres" must be a PostgreSQL URI', async () => {
    const server = await configure(on(pg.conninfo));
    const proc = await runToExit(['--config', server.config], server.dir);
    assert.equal(proc.exitCode, 1);
    assert.match(proc.stderr, /key "cluster\.postgres": must be a PostgreSQL URI/);
    fs.rmSync(server.dir, { recursive: true, force: true });
  });

  test('two servers on one PostgreSQL share accounts, sessions and matches', async () => {
    psql(pg.conninfo.replace('dbname=ippon', 'dbname=postgres'), 'CREATE DATABASE shared');
    const a = await serve(on(pg.uri('shared'))), b = await serve(on(pg.uri('shared')));
    try {
      const username = `Shared${process.pid}`;
      const made = await api(a.port, 'POST', '/api/auth/register',
        { body: { username, password: 'correct horse', display_name: username } });
      assert.equal(made.status, 201, made.body);
      const me = await api(b.port, 'GET', '/api/auth/me', { token: made.json.token });
      assert.equal(me.status, 200, me.body);
      assert.equal(me.json.user.id, made.json.user.id);
      const login = await api(b.port, 'POST', '/api/auth/login', { body: { username: username.toLowerCase(), password: 'correct horse' } });
      assert.equal(login.status, 200, login.body);
      assert.equal(login.json.user.id, made.json.user.id);
      // a name taken on one is taken on the other
      const again = await api(b.port, 'POST', '/api/auth/register',
        { body: { username: username.toUpperCase(), password: 'correct horse', display_name: `${username}2` } });
      assert.equal(again.status, 409, again.body);

      const c = await player(a.port, made.json.token);
      c.send({ type: 'practice', mode: '4p' });
      await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
      await playToEnd(c);
      c.ws.close();
      const list = await eventually(async () => { // the store writes a finished match a moment after match_end
        const l = JSON.parse((await request(b.port, { path: `/api/matches?player=${made.json.user.id}` })).body);
        return l.total > 0 && l;
      }, 10_000, 'the match in the player\'s list');
      assert.equal(list.total, 1);
      const detail = JSON.parse((await request(b.port, { path: `/api/matches/${list.matches[0].id}` })).body);
      assert.ok(detail.players.some((p) => p.user_id === made.json.user.id), JSON.stringify(detail.players));
    } finally {
      await shutdown(a);
      await shutdown(b);
    }
  });
});
