// schemas.test.mjs — the two engines' migration sets end in the same schema: migrations/*.sql
// applied in order to a fresh SQLite database (the sqlite3 shell) and migrations/postgres/*.sql to a
// fresh PostgreSQL database (one this test starts: engines.mjs) give the same tables, and in each
// table the same columns — same name, same type family (SQLite's INTEGER is PostgreSQL's
// integer/bigint, TEXT text, BLOB bytea, REAL double precision/real), same NOT NULL, a default on both
// or on neither — and the same indexes. An index is known by what it indexes (its key: columns or
// expressions; SQLite's COLLATE NOCASE is PostgreSQL's lower(), as the PostgreSQL set's
// 0001_identities.sql says) and, unless it backs a UNIQUE constraint (unnamed in SQLite), by its
// name: a unique index needs a unique one on the same key in the other engine; any other, one of
// the same name and key, or a unique one on the same key (which serves the same look-ups). A difference fails naming the table, the
// column or the index and what each engine has. Skipped, saying why, without the sqlite3 shell or
// Debian's postgresql.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MIGRATIONS, freePort, haveSqlite3 } from '../integration/harness.mjs';
import { postgresMissing, psql, startPostgres } from './engines.mjs';

const sqlFiles = (dir) => fs.readdirSync(dir).filter((f) => f.endsWith('.sql')).sort().map((f) => path.join(dir, f));

const FAMILY = {
  integer: 'integer', bigint: 'integer', smallint: 'integer', int: 'integer',
  text: 'text', 'character varying': 'text', varchar: 'text',
  blob: 'bytes', bytea: 'bytes',
  real: 'real', 'double precision': 'real', double: 'real',
};
function family(engine, table, column, type) {
  const f = FAMILY[type.toLowerCase()];
  if (!f) throw new Error(`${engine}: ${table}.${column} has type "${type}", which this test does not map`);
  return f;
}

/** the schema of a SQLite database: { table: { columns: { name: {type, notNull, hasDefault} }, indexes: Set } } */
function sqliteSchema(db) {
  const q = (sql) => JSON.parse(execFileSync('sqlite3', ['-json', db, sql], { encoding: 'utf8' }) || '[]');
  const schema = {};
  for (const { name: table } of q("SELECT name FROM sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")) {
    const columns = {};
    for (const c of q(`SELECT * FROM pragma_table_info('${table}')`))
      columns[c.name] = { type: family('SQLite', table, c.name, c.type), notNull: c.notnull === 1 || c.pk > 0,
        hasDefault: c.dflt_value !== null };
    const indexes = [];
    for (const i of q(`SELECT * FROM pragma_index_list('${table}')`)) {
      if (i.origin === 'pk') continue;
      const parts = q(`SELECT * FROM pragma_index_xinfo('${i.name}') WHERE key = 1 ORDER BY seqno`);
      const key = parts.some((c) => c.cid === -2) // an expression: as the CREATE INDEX writes it
        ? /\((.*)\)\s*(WHERE .*)?$/s.exec(q(`SELECT sql FROM sqlite_schema WHERE name = '${i.name}'`)[0].sql)[1]
        : parts.map((c) => (c.coll === 'NOCASE' ? `lower(${c.name})` : c.name) + (c.desc ? ' DESC' : '')).join(', ');
      indexes.push({ name: i.origin === 'u' ? null : i.name, key: key.replace(/\s+/g, ''), unique: i.unique === 1 });
    }
    schema[table] = { columns, indexes };
  }
  return schema;
}

/** the same of the public schema of a PostgreSQL database */
function postgresSchema(conninfo) {
  const rows = (sql) => psql(conninfo, sql).split('\n').filter(Boolean).map((l) => l.split('|'));
  const schema = {};
  for (const [table] of rows("SELECT tablename FROM pg_tables WHERE schemaname = 'public'"))
    schema[table] = { columns: {}, indexes: [] };
  for (const [table, column, type, nullable, dflt] of rows(
    "SELECT table_name, column_name, data_type, is_nullable, coalesce(column_default, '') FROM information_schema.columns"
    + " WHERE table_schema = 'public'")) {
    if (!schema[table]) continue; // a view's
    schema[table].columns[column] = { type: family('PostgreSQL', table, column, type), notNull: nullable === 'NO',
      hasDefault: dflt !== '' };
  }
  // the primary key's index is left out; a unique constraint's is known by its columns, as SQLite's
  for (const [table, name, def, constraint] of rows(
    "SELECT i.tablename, i.indexname, i.indexdef, coalesce(c.contype, '') FROM pg_indexes i"
    + ' LEFT JOIN pg_constraint c ON c.conname = i.indexname AND c.contype IN (\'p\', \'u\')'
    + " WHERE i.schemaname = 'public'")) {
    if (constraint === 'p') continue;
    const key = /USING \w+ \((.*?)\)( WHERE .*)?$/.exec(def)[1];
    schema[table].indexes.push({ name: constraint === 'u' ? null : name, key: key.replace(/\s+/g, ''),
      unique: def.startsWith('CREATE UNIQUE') });
  }
  return schema;
}

/** every difference between the two schemas, one line each */
function differences(lite, pg) {
  const out = [];
  const show = (c) => (c ? `${c.type}${c.notNull ? ' NOT NULL' : ''}${c.hasDefault ? ' with a default' : ''}` : 'nothing');
  for (const table of new Set([...Object.keys(lite), ...Object.keys(pg)])) {
    if (!lite[table] || !pg[table]) {
      out.push(`table ${table}: only in ${lite[table] ? 'SQLite' : 'PostgreSQL'}`);
      continue;
    }
    const a = lite[table].columns, b = pg[table].columns;
    for (const column of new Set([...Object.keys(a), ...Object.keys(b)]))
      if (show(a[column]) !== show(b[column]))
        out.push(`${table}.${column}: SQLite has ${show(a[column])}, PostgreSQL ${show(b[column])}`);
    for (const [mine, other, engine, otherEngine] of [[lite, pg, 'SQLite', 'PostgreSQL'], [pg, lite, 'PostgreSQL', 'SQLite']])
      for (const index of mine[table].indexes) {
        const theirs = other[table].indexes;
        const matched = index.unique
          ? theirs.some((o) => o.unique && o.key === index.key)
          : theirs.some((o) => (o.name === index.name && o.key === index.key) || (o.unique && o.key === index.key));
        if (!matched)
          out.push(`${table}: ${index.unique ? 'unique ' : ''}index ${index.name ?? '(a UNIQUE constraint)'} on`
            + ` (${index.key}) only in ${engine}`
            + (theirs.some((o) => o.name === index.name) ? ` (${otherEngine}'s of that name is on another key)` : ''));
      }
  }
  return out;
}

const why = !haveSqlite3() ? 'the sqlite3 shell is not installed' : postgresMissing();

test('SQLite\'s and PostgreSQL\'s migrations end in the same tables, columns and indexes', { skip: why ?? false },
  async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ippon-schemas-'));
    const pg = await startPostgres(await freePort());
    try {
      const db = path.join(dir, 'ippon.db');
      for (const file of sqlFiles(MIGRATIONS))
        execFileSync('sqlite3', ['-bail', db, `.read ${file}`], { stdio: ['ignore', 'pipe', 'pipe'] });
      for (const file of sqlFiles(path.join(MIGRATIONS, 'postgres')))
        execFileSync('psql', [pg.conninfo, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-f', file], { stdio: ['ignore', 'pipe', 'pipe'] });
      const lite = sqliteSchema(db), post = postgresSchema(pg.conninfo);
      assert.ok(Object.keys(lite).length > 5, `SQLite has tables: ${Object.keys(lite)}`);
      assert.deepEqual(differences(lite, post), [], 'the two migration sets disagree');
    } finally {
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
