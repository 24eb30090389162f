// ladder.test.mjs — the dan ladder written once: the browser's copy (web/js/ladder.js, which the
// rules page prints) must equal the server's table in
// src/rating/ladder.c row by row — every tier's id, names, promotion points, start points,
// last-place penalty and demotion — with the same place bases per mode, and the rating's start and
// provisional threshold must be src/rating/rating.c's defaults. Reads the C sources as text.
// Run: node --test tests/web/ladder.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '../..');
const { TIERS, BASES, RATING } = await import(pathToFileURL(join(root, 'web/js/ladder.js')).href);
const ladderC = readFileSync(join(root, 'src/rating/ladder.c'), 'utf8');
const ratingC = readFileSync(join(root, 'src/rating/rating.c'), 'utf8');

/** the rows of ippon_ladder_tiers' initializer */
function cTiers() {
  const body = ladderC.slice(ladderC.indexOf('ippon_ladder_tiers[IPPON_LADDER_TIERS] = {'));
  const row = /\{\s*"([^"]+)",\s*"([^"]+)",\s*"([^"]+)",\s*(-?\d+),\s*(-?\d+),\s*(-?\d+),\s*(true|false)\s*\}/g;
  return [...body.slice(0, body.indexOf('};')).matchAll(row)].map((m) => ({
    id: m[1], en: m[2], ja: m[3], promote_at: +m[4], start: +m[5], penalty: +m[6], demotes: m[7] === 'true',
  }));
}

/** a static const int32_t array of ladder.c by its length, e.g. the 4-player top places */
function cArray(name, n) {
  const m = ladderC.match(new RegExp(`${name}\\[${n}\\]\\s*=\\s*\\{([^}]*)\\}`));
  assert.ok(m, `${name}[${n}] in ladder.c`);
  return m[1].split(',').map((x) => +x.trim());
}

test('every tier of web/js/ladder.js is the row of src/rating/ladder.c', () => {
  const c = cTiers();
  assert.equal(c.length, 20, 'ladder.c has 20 tiers');
  assert.deepEqual(TIERS, c);
});

test('the place bases of each mode are ladder.c\'s, the last place by tier', () => {
  assert.deepEqual(BASES['4p'], [...cArray('top', 3), null]);
  assert.deepEqual(BASES['3p'], [...cArray('top', 2), null]);
});

test('the rating starts and stops being provisional where rating.c says', () => {
  const field = (name) => Number(ratingC.match(new RegExp(`\\.${name} = ([0-9.]+)`))[1]);
  assert.equal(RATING.start, field('mu0'));
  assert.equal(RATING.provisional, field('provisional_sigma'));
});
