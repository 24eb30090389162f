// tenpai.test.mjs — what this seat's own eyes can count (web/js/tenpai.js): the dora each indicator
// points at (src/core/RULES.md §2, written out here for every indicator), the dora kinds of a table, how
// many tiles of a kind this seat has seen (its hand, the ponds less the called tiles, melds, kita,
// indicators) and how many of each wait are left. Expected values worked by hand.
// Run: node --test tests/web/tenpai.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const T = await import(pathToFileURL(join(import.meta.dirname, '../../web/js/tenpai.js')).href);

// src/core/RULES.md §2: 1→2→…→9→1 per suit; E→S→W→N→E; haku→hatsu→chun→haku; 3p man: 1m→9m, 9m→1m
const FOUR = {
  '1m': '2m', '2m': '3m', '3m': '4m', '4m': '5m', '5m': '6m', '6m': '7m', '7m': '8m', '8m': '9m', '9m': '1m',
  '1p': '2p', '2p': '3p', '3p': '4p', '4p': '5p', '5p': '6p', '6p': '7p', '7p': '8p', '8p': '9p', '9p': '1p',
  '1s': '2s', '2s': '3s', '3s': '4s', '4s': '5s', '5s': '6s', '6s': '7s', '7s': '8s', '8s': '9s', '9s': '1s',
  '1z': '2z', '2z': '3z', '3z': '4z', '4z': '1z', '5z': '6z', '6z': '7z', '7z': '5z',
};

test('every indicator of 4p points at the next tile of its cycle; a red five as a five', () => {
  for (const [indicator, dora] of Object.entries(FOUR)) assert.equal(T.doraOf(indicator, 4), dora, indicator);
  assert.equal(T.doraOf('0m', 4), '6m');
  assert.equal(T.doraOf('0p', 4), '6p');
  assert.equal(T.doraOf('0s', 4), '6s');
});

test('3p: 1m and 9m point at each other; pin, sou and honours as in 4p', () => {
  assert.equal(T.doraOf('1m', 3), '9m');
  assert.equal(T.doraOf('9m', 3), '1m');
  for (const [indicator, dora] of Object.entries(FOUR)) {
    if (indicator[1] !== 'm') assert.equal(T.doraOf(indicator, 3), dora, indicator);
  }
  assert.equal(T.doraOf('0p', 3), '6p');
});

/** a table as game.js keeps it, with only what tenpai.js reads */
function table({ players = 4, hand = [], drawn = null, dora = [], seats = [] }) {
  const empty = () => ({ discards: [], melds: [], kita: [] });
  return { players, hand, drawn, dora, seats: Array.from({ length: players }, (_, i) => ({ ...empty(), ...seats[i] })) };
}

test('the dora kinds of the indicators face up', () => {
  assert.deepEqual([...T.doraKinds(table({ dora: ['9p', '0s', '7z'] }))].sort(), ['1p', '5z', '6s']);
  assert.deepEqual([...T.doraKinds(table({ players: 3, dora: ['9m', '4z'] }))].sort(), ['1m', '1z']);
  assert.equal(T.doraKinds(table({})).size, 0);
});

test('seen counts: own tiles, the ponds without their called tiles, melds, kita and indicators; red fives as fives', () => {
  const g = table({
    hand: ['3p', '4p', '0p', '5p', '6s'], drawn: '5p', dora: ['5p', '4z'],
    seats: [
      { discards: [{ tile: '1z', called: false }] },
      { discards: [{ tile: '6s', called: true }, { tile: '9m', called: false }], melds: [] },
      { melds: [{ type: 'pon', tiles: ['6s', '6s', '6s'], called: '6s', from: 1 }] },
      { melds: [{ type: 'ankan', tiles: ['2m', '2m', '2m', '2m'] }], kita: [] },
    ],
  });
  const seen = T.seenCounts(g);
  // 5p: 0p and 5p in hand, 5p drawn, 5p indicator = 4 (all of them)
  assert.equal(seen.get('5p'), 4);
  // 6s: one in hand, three in seat 2's pon (the called one counted there, not in seat 1's pond)
  assert.equal(seen.get('6s'), 4);
  assert.equal(seen.get('2m'), 4);
  assert.equal(seen.get('4z'), 1);
  assert.equal(seen.get('1z'), 1);
  assert.equal(seen.get('9m'), 1);
  assert.equal(seen.get('3p'), 1);
  assert.equal(seen.get('7m'), undefined);
  assert.equal([...seen.values()].reduce((a, b) => a + b), 5 + 1 + 2 + 1 + 1 + 3 + 4);
});

test('waits left: four less what this seat has seen, never below zero', () => {
  const g = table({
    players: 3, hand: ['1m', '9m', '9m', '4z'], dora: ['3s'],
    seats: [{ kita: ['4z'] }, { discards: [{ tile: '2s', called: false }, { tile: '5s', called: false }] },
      { melds: [{ type: 'pon', tiles: ['2s', '2s', '2s'], called: '2s', from: 1 }], kita: ['4z', '4z'] }],
  });
  // 1m: one in hand → 3; 9m: two → 2; 2s: one pond + three in the pon → 0; 5s: one → 3;
  // 3s: the indicator → 3; 4z: hand 1 + kita 3 → 0
  assert.deepEqual(T.waitsLeft(g, ['1m', '9m', '2s', '5s', '3s', '4z', '6p']), [
    { tile: '1m', left: 3 }, { tile: '9m', left: 2 }, { tile: '2s', left: 0 }, { tile: '5s', left: 3 },
    { tile: '3s', left: 3 }, { tile: '4z', left: 0 }, { tile: '6p', left: 4 },
  ]);
  assert.deepEqual(T.waitsLeft(g, []), []);
});
