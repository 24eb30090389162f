// admin_i18n.test.mjs — the admin area's dictionaries (web/admin/js/strings.js) against each
// other and the code: the same keys in English and Japanese with the same {placeholders}, no
// empty text, and every key the admin pages use present — literal t('…') and data-i18n keys,
// and the families built at run time (actions, settings, dialogs, winds). Runs in Node.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { checkDictionaries, knows } from './dictionaries.mjs';

const SOURCE_DIR = process.env.IPPON_SOURCE_DIR;
assert.ok(SOURCE_DIR, 'IPPON_SOURCE_DIR must be set (run through ctest)');
const ADMIN = path.join(SOURCE_DIR, 'web', 'admin');
const { en, ja } = await import(pathToFileURL(path.join(ADMIN, 'js', 'strings.js')).href);

test('en and ja have the same keys, plural forms, placeholders and no empty text', () => {
  assert.ok(checkDictionaries({ en, ja }) > 100);
});

test('every key the admin pages use is in the dictionaries', async () => {
  const dir = path.join(ADMIN, 'js');
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith('.js')).map((f) => path.join(dir, f));
  files.push(path.join(ADMIN, 'index.html'));
  let used = 0;
  for (const file of files) {
    const text = await fs.readFile(file, 'utf8');
    const keys = [
      ...[...text.matchAll(/\bt\('([a-z0-9_.]+)'/g)].map((m) => m[1]),
      ...[...text.matchAll(/data-i18n(?:-aria)?="([a-z0-9_.]+)"/g)].map((m) => m[1]),
      ...[...text.matchAll(/\['([a-z.]+)', '(?:bool|int|number)'\]/g)].map((m) => `settings.${m[1]}`),
    ];
    for (const k of keys) assert.ok(knows(en, k), `${path.basename(file)} uses "${k}", which strings.js lacks`);
    used += keys.length;
  }
  assert.ok(used > 100, `only ${used} keys found: is the scan still right?`);
  const built = [
    ...['ban', 'unban', 'rename', 'close', 'void'].flatMap((k) => [`${k}.title`, `${k}.text`, `${k}.ok`]),
    ...['ban', 'unban', 'rename', 'void_match', 'close_table', 'settings', 'login', 'login_failed', 'admin_create',
      'admin_grant', 'admin_revoke'].map((a) => `action.${a}`),
    ...[0, 1, 2, 3].map((w) => `wind.${w}`),
  ];
  for (const k of built) assert.ok(knows(en, k), `"${k}" is built by the code but missing`);
});
