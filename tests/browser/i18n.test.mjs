// i18n.test.mjs — the client's dictionaries (web/js/lang/en.js and ja.js) against each other and
// against the code: the same keys in both, plural forms as each language needs them, the same
// {placeholders} in every translation of a key, no empty text, and every literal key the code or
// index.html uses (t('…'), data-i18n…) present; and t() choosing a count's plural form in both
// languages. Runs in Node on the source files; the browser tests check the switch itself.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkDictionaries, knows } from './dictionaries.mjs';

const SOURCE_DIR = process.env.IPPON_SOURCE_DIR;
assert.ok(SOURCE_DIR, 'IPPON_SOURCE_DIR must be set (run through ctest)');
const WEB = path.join(SOURCE_DIR, 'web');
const load = async (lang) => (await import(pathToFileURL(path.join(WEB, 'js', 'lang', `${lang}.js`)).href)).default;

/** the client's t() in language `lang`: i18n.js loaded afresh with that choice in its storage */
async function tIn(lang) {
  globalThis.localStorage = { getItem: () => lang, setItem: () => {} };
  const url = `${pathToFileURL(path.join(WEB, 'js', 'i18n.js')).href}?lang=${lang}`;
  const i18n = await import(url);
  assert.equal(i18n.getLang(), lang);
  return i18n.t;
}

test('en and ja have the same keys, plural forms, placeholders and no empty text', async () => {
  const en = await load('en'), ja = await load('ja');
  assert.ok(checkDictionaries({ en, ja }) > 200);
});

test('t() picks the plural form of a count in English and Japanese', async () => {
  const en = await tIn('en'), ja = await tIn('ja');
  assert.equal(en('match.hands', { n: 1 }), '1 hand');
  assert.equal(en('match.hands', { n: 2 }), '2 hands');
  assert.equal(en('match.hands', { n: 0 }), '0 hands');
  assert.equal(ja('match.hands', { n: 1 }), '1 局');
  assert.equal(ja('match.hands', { n: 2 }), '2 局');
  assert.equal(en('table.live', { n: 1 }), '1 tile left');
  assert.equal(en('table.live', { n: '–' }), '– tiles left', 'not a number: the other form');
  assert.equal(en('profile.games_n', { n: 1 }), '1 game');
  assert.equal(en('match.title', { mode: '4-player' }), '4-player match', 'plain keys as before');
  assert.equal(en('no.such.key'), 'no.such.key');
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
    for (const k of keys) assert.ok(knows(en, k), `${path.basename(file)} uses "${k}", which en.js lacks`);
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
