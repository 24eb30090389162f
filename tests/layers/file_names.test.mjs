// file_names.test.mjs — every file a comment or a README names exists (file_names.mjs): on the
// tree as it is, so a rename that leaves a mention behind fails the suite naming file:line; and on
// altered copies, each with one made-up or moved name, which the check must catch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EXTERNAL, PROVENANCE, missingFileNames, trackedFiles } from './file_names.mjs';

const source = process.env.IPPON_SOURCE_DIR ?? join(import.meta.dirname, '../..');
const read = (path) => readFileSync(join(source, path), 'utf8');

test('every file named in a comment or a README exists', () => {
  const missing = missingFileNames(source);
  assert.deepEqual(missing, [], `named but not in the tree:\n${missing.join('\n')}`);
});

test('the allow-lists hold only names that are not in the tree, and documents that are', () => {
  const files = trackedFiles(source);
  const basenames = new Set(files.map((f) => f.split('/').pop()));
  for (const name of EXTERNAL.keys()) assert.ok(!basenames.has(name), `${name} is in the tree: take it off EXTERNAL`);
  for (const doc of PROVENANCE.keys()) assert.ok(files.includes(doc), `${doc} is no file of the tree: take it off PROVENANCE`);
});

// one made-up or stale mention each, and the line the check must report
const wrong = [
  ['src/server/game/lobby.c', (t) => `/* see game/lobby_queue_sort.c */\n${t}`, 'src/server/game/lobby.c:1: game/lobby_queue_sort.c'],
  ['src/server/store/store.h', (t) => t.replace('\n', '\n * (the old store/pg_store.c)\n'), 'src/server/store/store.h:2: store/pg_store.c'],
  ['README.md', (t) => `${t}\nThe design is in DESIGN.md.\n`, `README.md:${read('README.md').split('\n').length + 1}: DESIGN.md`],
  ['deploy/cluster/up.sh', (t) => t.replace('\n', '\n# (../shared/SCALE.md)\n'), 'deploy/cluster/up.sh:2: ../shared/SCALE.md'],
  ['migrations/0006_admin.sql', (t) => `-- src/server/store_admin.c\n${t}`, 'migrations/0006_admin.sql:1: src/server/store_admin.c'],
  ['web/js/game.js', (t) => `// the model of web/js/table_model.js\n${t}`, 'web/js/game.js:1: web/js/table_model.js'],
  ['tests/CMakeLists.txt', (t) => `# tests/layers/check_layers.sh\n${t}`, 'tests/CMakeLists.txt:1: tests/layers/check_layers.sh'],
  // the shared folder outside the repository may be named only by the tests' own notes
  ['src/server/metrics.c', (t) => `/* /work/shared/DESIGN.md */\n${t}`, 'src/server/metrics.c:1: /work/shared/DESIGN.md'],
];
for (const [path, change, expect] of wrong) {
  test(`a name that is no file is caught: ${expect}`, () => {
    const altered = change(read(path));
    assert.notEqual(altered, read(path), 'the change did not apply');
    const missing = missingFileNames(source, { [path]: altered });
    assert.ok(missing.includes(expect), `not caught; reported: ${missing.join('\n') || 'nothing'}`);
  });
}

// names that do exist, written each way the check accepts, and words that only look like names
test('names of files of the tree are accepted, however they are written', () => {
  const path = 'src/server/game/lobby.c';
  const mentions = [
    '/* store/sql_pg.c, src/server/store/sql_pg.c, sql_pg.c, ../store/sql.h, ./lobby.h, ippon/match.h */',
    '/* FILE.json, NNNN_name.sql, https://example.org/x.js, *.test.mjs, <database>.pending.jsonl */',
    'static const char *s = "made_up.c"; /* code, not a comment */',
  ].join('\n');
  const missing = missingFileNames(source, { [path]: `${mentions}\n${read(path)}` }).filter((m) => m.startsWith(`${path}:`));
  assert.deepEqual(missing, []);
});

test('a path from the mentioning folder must be right from there', () => {
  const path = 'src/server/game/lobby.c';
  const missing = missingFileNames(source, { [path]: `/* ../sql_pg.c */\n${read(path)}` });
  assert.ok(missing.includes(`${path}:1: ../sql_pg.c`), missing.join('\n'));
});
