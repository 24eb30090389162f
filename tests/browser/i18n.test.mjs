// i18n.test.mjs — the client's dictionaries (web/js/lang/en.js and ja.js) against each other and
// against the code: the same keys in both, the same {placeholders} in both translations of a
// key, no empty text, and every literal key the code or index.html uses (t('…'), data-i18n…)
// present. Runs in Node on the source files; the browser tests check the switch itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const SOURCE_DIR = process.env.IPPON_SOURCE_DIR;
assert.ok(SOURCE_DIR, 'IPPON_SOURCE_DIR must be set (run through ctest)');
const WEB = path.join(SOURCE_DIR, 'web');
const load = async (lang) => (await import(pathToFileURL(path.join(WEB, 'js', 'lang', `${lang}.js`)).href)).default;
const placeholders = (s) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

test('en and ja have the same keys, placeholders and no empty text', async () => {
  const en = await load('en'), ja = await load('ja');
  assert.deepEqual(Object.keys(ja).sort(), Object.keys(en).sort());
  for (const key of Object.keys(en)) {
    assert.ok(en[key].trim() && ja[key].trim(), `${key}: empty`);
    assert.deepEqual(placeholders(ja[key]), placeholders(en[key]), `${key}: placeholders`);
  }
});

test('every key the client uses is in the dictionaries', async () => {
  const en = await load('en');
  const files = (await fs.readdir(path.join(WEB, 'js'))).filter((f) => f.endsWith('.js')).map((f) => path.join(WEB, 'js', f));
  files.push(path.join(WEB, 'index.html'));
  let used = 0;
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    const keys = [
      ...[...text.matchAll(/\bt\('([a-z0-9_.]+)'/g)].map((m) => m[1]),
      ...[...text.matchAll(/data-i18n(?:-aria|-title)?="([a-z0-9_.]+)"/g)].map((m) => m[1]),
      ...[...text.matchAll(/\? '([a-z]+\.[a-z0-9_.]+)' : '([a-z]+\.[a-z0-9_.]+)'/g)].flatMap((m) => [m[1], m[2]]),
    ].filter((k) => k !== 'key');
    for (const k of keys) assert.ok(k in en, `${path.basename(file)} uses "${k}", which en.js lacks`);
    used += keys.length;
  }
  assert.ok(used > 100, `only ${used} keys found: the scan is broken`);
});

test('every yaku and limit name the server sends has a translation', async () => {
  const en = await load('en'), ja = await load('ja');
  const names = await fs.readFile(path.join(SOURCE_DIR, 'src', 'core', 'yaku_names.c'), 'utf8');
  const ids = [...names.matchAll(/\] = \{ "([a-z0-9_]+)", "([^"]+)"/g)];
  assert.ok(ids.length >= 50, `${ids.length} yaku ids found`);
  for (const [, id, jaName] of ids) {
    assert.ok(`yaku.${id}` in en, `yaku.${id} missing`);
    assert.equal(ja[`yaku.${id}`], jaName, `yaku.${id}: the Japanese name the server uses`);
  }
  for (const limit of ['mangan', 'haneman', 'baiman', 'sanbaiman', 'kazoe_yakuman', 'yakuman'])
    assert.ok(`limit.${limit}` in en, `limit.${limit}`);
});
