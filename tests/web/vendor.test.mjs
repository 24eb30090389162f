// vendor.test.mjs — the third-party code the browser loads (web/vendor/, see its README) is
// exactly the pinned npm packages' code: each folder noble-<name>-<version> holds files
// byte-identical to @noble/<name> at that version in tests/node_modules, the version is the
// one tests/package.json pins, the lock file's integrity of the package is the one the README
// gives, and every import of the vendored files stays inside its folder (the browser resolves
// them as relative URLs). So the copies cannot drift from what was pinned and audited.
// Run: node --test tests/web/vendor.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { importGraph } from './import_graph.mjs';

const root = join(import.meta.dirname, '../..');
const vendor = join(root, 'web/vendor');
const tests = join(root, 'tests');
const pinned = JSON.parse(readFileSync(join(tests, 'package.json'), 'utf8')).dependencies;
const lock = JSON.parse(readFileSync(join(tests, 'package-lock.json'), 'utf8')).packages;
const readme = readFileSync(join(vendor, 'README.md'), 'utf8');

const folders = readdirSync(vendor, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);

test('web/vendor holds the two noble packages the verifier imports, and nothing else', () => {
  assert.deepEqual(folders.map((f) => f.replace(/-[0-9.]+$/, '')).sort(), ['noble-ciphers', 'noble-hashes']);
});

for (const folder of folders) {
  const [, name, version] = folder.match(/^noble-([a-z]+)-(\d+\.\d+\.\d+)$/) ?? [];
  const pkg = `@noble/${name}`;
  const installed = join(tests, 'node_modules', pkg);

  test(`${folder}: the version tests/package.json pins, installed, and the lock's integrity in the README`, () => {
    assert.ok(name, `${folder} is not named noble-<package>-<version>`);
    assert.equal(pinned[pkg], version, `tests/package.json pins ${pkg} ${pinned[pkg]}`);
    assert.equal(lock[`node_modules/${pkg}`].version, version, 'package-lock.json');
    assert.equal(JSON.parse(readFileSync(join(installed, 'package.json'), 'utf8')).version, version,
      `tests/node_modules has another ${pkg}: run npm install in tests/`);
    const integrity = lock[`node_modules/${pkg}`].integrity;
    assert.match(integrity, /^sha512-/);
    assert.ok(readme.includes(`\`${integrity}\``), `web/vendor/README.md does not give ${pkg}'s integrity ${integrity}`);
  });

  test(`${folder}: every file is byte-identical to the installed ${pkg}'s, LICENSE included`, () => {
    const files = readdirSync(join(vendor, folder));
    assert.ok(files.includes('LICENSE'));
    for (const file of files) {
      assert.ok(readFileSync(join(vendor, folder, file)).equals(readFileSync(join(installed, file))),
        `${folder}/${file} differs from ${pkg}/${file}`);
    }
  });

  test(`${folder}: the vendored modules import only files of the same folder`, () => {
    for (const file of readdirSync(join(vendor, folder)).filter((f) => f.endsWith('.js'))) {
      const { modules, unresolved } = importGraph(join(vendor, folder, file));
      assert.deepEqual(unresolved, [], `${file} imports what is not vendored`);
      for (const m of modules) assert.equal(dirname(m), join(vendor, folder), `${file} reaches ${m}`);
    }
  });
}

test('the fairness verifier reaches the vendored BLAKE2b and ChaCha20, and nothing outside web/', () => {
  const { modules, unresolved } = importGraph(join(root, 'web/js/fairness.js'));
  assert.deepEqual(unresolved, []);
  const names = modules.map((m) => m.slice(root.length + 1)).sort();
  assert.ok(names.includes('web/vendor/noble-hashes-2.4.0/blake2.js'), names.join(' '));
  assert.ok(names.includes('web/vendor/noble-ciphers-2.4.0/chacha.js'), names.join(' '));
  assert.ok(names.every((n) => n.startsWith('web/js/') || n.startsWith('web/vendor/')), names.join(' '));
});
