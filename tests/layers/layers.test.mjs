// layers.test.mjs — the server's tree keeps to its layers (src/server/README.md, "Layers"): no
// include or link against the table's directions, internal headers kept in their folder, SQLite
// only in store/, libwebsockets' sockets only in net/; the libraries beside the server (core, bot,
// logs, mjai, fairness, rating) include and link nothing of it, and the game layer may use them.
// The checks are also run on altered copies of the tree, each with one wrong-way dependency, which
// they must catch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { checkLayers, checkLibraries, readLayerTable, readLibraries, readTree } from './layers.mjs';

const source = process.env.IPPON_SOURCE_DIR ?? join(import.meta.dirname, '../..');
const server = join(source, 'src/server');
const layers = readLayerTable(readFileSync(join(server, 'README.md'), 'utf8'));
const tree = readTree(server);

test('the table names every folder of src/server, and every folder has its library', () => {
  const folders = new Set(Object.keys(tree).filter((p) => p.includes('/')).map((p) => p.split('/')[0]));
  for (const f of folders) assert.ok(layers.has(f), `src/server/${f}/ has no row in the Layers table`);
  for (const l of layers.keys())
    if (l !== 'top' && l !== 'main') assert.ok(tree[`${l}/CMakeLists.txt`], `the table's layer ${l} has no folder with a CMakeLists.txt`);
});

test('the layers are a chain: no two use each other', () => {
  for (const [a, row] of layers)
    for (const b of row.uses)
      if (b !== '*') assert.ok(!layers.get(b)?.uses.has(a), `${a} and ${b} may use each other`);
});

test('every include and link in src/server follows the table', () => {
  const problems = checkLayers(tree, layers);
  assert.deepEqual(problems, [], problems.join('\n'));
});

// one wrong-way change each; the check must name it
const wrong = [
  ['store/store.c', (t) => t.replace('#include "store/store.h"', '#include "store/store.h"\n#include "game/table.h"'), /store includes "game\/table.h"/],
  ['game/gateway.c', (t) => t.replace('#include', '#include "net/ws.h"\n#include'), /game includes "net\/ws.h"/],
  ['game/lobby.c', (t) => t.replace('#include', '#include "store/store_private.h"\n#include'), /internal to store/],
  ['base/log.c', (t) => t.replace('#include', '#include "config.h"\n#include'), /base includes "config.h" \(top\)/],
  ['metrics.c', (t) => t.replace('#include', '#include "api/rest.h"\n#include'), /top includes "api\/rest.h"/],
  ['auth/auth.c', (t) => t.replace('#include', '#include <sqlite3.h>\n#include'), /only the store's SQLite driver/],
  ['store/store_users.c', (t) => t.replace('#include', '#include <sqlite3.h>\n#include'), /only the store's SQLite driver/],
  ['store/store.c', (t) => t.replace('#include', '#include <libpq-fe.h>\n#include'), /only the store's PostgreSQL driver/],
  ['game/gateway.c', (t) => t + '\nstatic void f(struct lws *w) { lws_callback_on_writable(w); }\n', /lws_callback_on_writable/],
  ['store/CMakeLists.txt', (t) => t.replace('ippon_server_top', 'ippon_server_top ippon_server_game'), /store links game/],
];
for (const [path, change, expect] of wrong) {
  test(`a wrong-way dependency is caught: ${path} ${expect}`, () => {
    assert.ok(tree[path], `${path} is not in the tree`);
    const altered = { ...tree, [path]: change(tree[path]) };
    assert.notEqual(altered[path], tree[path], 'the change did not apply');
    const problems = checkLayers(altered, layers);
    assert.ok(problems.some((p) => expect.test(p)), `not caught; problems: ${problems.join('\n') || 'none'}`);
  });
}

test('every file of src/server is named in the README\'s Files table', () => {
  const readme = readFileSync(join(server, 'README.md'), 'utf8');
  const files = readme.slice(readme.indexOf('## Files'));
  const named = new Set();
  for (const m of files.matchAll(/`([a-z_]+)\.(c|h|c\/\.h)`/g)) {
    if (m[2] === 'c/.h') named.add(`${m[1]}.c`).add(`${m[1]}.h`);
    else named.add(`${m[1]}.${m[2]}`);
  }
  const missing = Object.keys(tree).filter((p) => /\.(c|h)$/.test(p)).map((p) => p.split('/').pop()).filter((f) => !named.has(f));
  assert.deepEqual(missing, [], `not in src/server/README.md's Files table: ${missing.join(', ')}`);
});

const libraries = readLibraries(join(source, 'src'));
const serverFolders = new Set([...layers.keys()].filter((l) => l !== 'top' && l !== 'main'));

test('the libraries beside the server (core, bot, logs, mjai, fairness, rating) know nothing of it', () => {
  assert.ok(libraries['mjai/mjai_seat.c'] && libraries['logs/mjai_event.c'], 'the mjai wire is not among the libraries read');
  const problems = checkLibraries(libraries, serverFolders);
  assert.deepEqual(problems, [], problems.join('\n'));
});

const wrongLibrary = [
  ['mjai/mjai_seat.c', (t) => t.replace('#include', '#include "game/table.h"\n#include'), /includes "game\/table.h"/],
  ['logs/mjai_event.c', (t) => t.replace('#include', '#include "config.h"\n#include'), /includes "config.h"/],
  ['mjai/CMakeLists.txt', (t) => t.replace('ippon_logs', 'ippon_logs ippon_server_game'), /links ippon_server_game/],
];
for (const [path, change, expect] of wrongLibrary) {
  test(`a library reaching into the server is caught: ${path} ${expect}`, () => {
    const altered = { ...libraries, [path]: change(libraries[path]) };
    assert.notEqual(altered[path], libraries[path], 'the change did not apply');
    const problems = checkLibraries(altered, serverFolders);
    assert.ok(problems.some((p) => expect.test(p)), `not caught; problems: ${problems.join('\n') || 'none'}`);
  });
}

test('the game layer may use the mjai wire as it uses the logs', () => {
  const altered = {
    ...tree,
    'game/table.c': tree['game/table.c'].replace('#include', '#include "ippon/mjai.h"\n#include'),
    'game/CMakeLists.txt': tree['game/CMakeLists.txt'].replace('ippon_logs', 'ippon_mjai ippon_logs'),
  };
  assert.notEqual(altered['game/CMakeLists.txt'], tree['game/CMakeLists.txt']);
  assert.deepEqual(checkLayers(altered, layers), []);
});
