// openhands.test.mjs — every seat's concealed tiles followed through a replay (web/js/openhands.js):
// the replay's events carry every seat's deal and draws (GET /api/matches/ID?format=replay),
// and each hand is worked out here by hand from them: a draw is kept apart until the next
// action, a discard takes the very tile (the drawn one on a tsumogiri), a call takes the
// caller's tiles (not the called one), an ankan four, a kakan the added one, a kita its North.
// Run: node --test tests/web/openhands.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const O = await import(pathToFileURL(join(import.meta.dirname, '../../web/js/openhands.js')).href);

const run = (open, events) => events.reduce((o, e) => O.followOpen(o, e), open);

const DEALS = [
  { type: 'hand_start', round_wind: 0, dealer: 0, honba: 0, sticks: 0, points: [35000, 35000, 35000], kyoku: 1 },
  { type: 'deal', seat: 0, hand: ['9p', '1m', '1m', '1m', '2p', '3p', '4p', '0s', '6s', '7s', '4z', '7z', '7z'] },
  { type: 'deal', seat: 1, hand: ['6z', '1p', '1p', '5p', '5p', '9s', '9s', '3z', '3z', '2z', '1z', '1z', '9m'] },
  { type: 'deal', seat: 2, hand: ['2s', '3s', '4s', '5s', '6s', '8s', '8s', '8s', '6p', '7p', '8p', '5z', '6z'] },
];

test('the deals, sorted, with nothing drawn', () => {
  const open = run(O.newOpenHands(3), DEALS);
  assert.deepEqual(open[0], { hand: ['1m', '1m', '1m', '2p', '3p', '4p', '9p', '0s', '6s', '7s', '4z', '7z', '7z'], drawn: null });
  assert.equal(open[1].hand.length, 13);
  assert.equal(open[2].drawn, null);
});

test('draws, discards from the hand and tsumogiri, a kita, an ankan, a pon and a kakan', () => {
  const open = run(O.newOpenHands(3), DEALS);
  run(open, [
    { type: 'draw', seat: 0, tile: '4z', replacement: false },
    { type: 'kita', seat: 0, tile: '4z' }, // the drawn North or the held one: one North goes
    { type: 'draw', seat: 0, tile: '1m', replacement: true },
  ]);
  assert.deepEqual(open[0].hand, ['1m', '1m', '1m', '2p', '3p', '4p', '9p', '0s', '6s', '7s', '4z', '7z', '7z']);
  assert.equal(open[0].drawn, '1m');
  run(open, [
    { type: 'call', seat: 0, meld: { type: 'ankan', tiles: ['1m', '1m', '1m', '1m'] } },
    { type: 'draw', seat: 0, tile: '5p', replacement: true },
    { type: 'discard', seat: 0, tile: '9p', tsumogiri: false, riichi: false },
  ]);
  // 9p left from the hand; the drawn 5p joined it
  assert.deepEqual(open[0].hand, ['2p', '3p', '4p', '5p', '0s', '6s', '7s', '4z', '7z', '7z']);
  assert.equal(open[0].drawn, null);
  run(open, [
    { type: 'draw', seat: 1, tile: '4m', replacement: false },
    { type: 'discard', seat: 1, tile: '4m', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 2, tile: '7z', replacement: false },
    { type: 'discard', seat: 2, tile: '7z', tsumogiri: true, riichi: false },
    { type: 'call', seat: 0, meld: { type: 'pon', tiles: ['7z', '7z', '7z'], called: '7z', from: 2 } },
    { type: 'discard', seat: 0, tile: '0s', tsumogiri: false, riichi: false },
  ]);
  assert.deepEqual(open[1].hand, ['9m', '1p', '1p', '5p', '5p', '9s', '9s', '1z', '1z', '2z', '3z', '3z', '6z']);
  assert.deepEqual(open[0].hand, ['2p', '3p', '4p', '5p', '6s', '7s', '4z']);
  run(open, [
    { type: 'draw', seat: 1, tile: '2m', replacement: false },
    { type: 'discard', seat: 1, tile: '6z', tsumogiri: false, riichi: false },
    { type: 'draw', seat: 2, tile: '1s', replacement: false },
    { type: 'discard', seat: 2, tile: '1s', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 0, tile: '8p', replacement: false },
  ]);
  // seat 1's 2m joined its hand when it discarded from the hand
  assert.deepEqual(open[1].hand, ['2m', '9m', '1p', '1p', '5p', '5p', '9s', '9s', '1z', '1z', '2z', '3z', '3z']);
  assert.equal(open[0].drawn, '8p');
  // seat 0 draws the fourth chun and adds it to its pon: a kakan takes the added tile, the drawn one
  run(open, [
    { type: 'discard', seat: 0, tile: '4z', tsumogiri: false, riichi: false },
    { type: 'draw', seat: 1, tile: '4m', replacement: false },
    { type: 'discard', seat: 1, tile: '2m', tsumogiri: false, riichi: false },
    { type: 'draw', seat: 2, tile: '3m', replacement: false },
    { type: 'discard', seat: 2, tile: '3m', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 0, tile: '7z', replacement: false },
    { type: 'call', seat: 0, meld: { type: 'kakan', tiles: ['7z', '7z', '7z', '7z'], called: '7z', from: 2, added: '7z' } },
  ]);
  assert.deepEqual(open[0].hand, ['2p', '3p', '4p', '5p', '8p', '6s', '7s']);
  assert.equal(open[0].drawn, null);
});

test('a chi takes the caller\'s two tiles; a red five named exactly, or a plain five for it', () => {
  const open = run(O.newOpenHands(3), DEALS);
  run(open, [
    { type: 'draw', seat: 0, tile: '3m', replacement: false },
    { type: 'discard', seat: 0, tile: '9p', tsumogiri: false, riichi: false },
    { type: 'call', seat: 1, meld: { type: 'pon', tiles: ['5p', '0p', '5p'], called: '0p', from: 0 } },
  ]);
  // seat 1 held two plain 5p: the pon names 5p twice beside the called red one
  assert.deepEqual(open[1].hand, ['9m', '1p', '1p', '9s', '9s', '1z', '1z', '2z', '3z', '3z', '6z']);
  run(open, [
    { type: 'discard', seat: 1, tile: '9m', tsumogiri: false, riichi: false },
    { type: 'call', seat: 2, meld: { type: 'chi', tiles: ['7p', '8p', '9p'], called: '9p', from: 1 } },
  ]);
  assert.deepEqual(open[2].hand, ['6p', '2s', '3s', '4s', '5s', '6s', '8s', '8s', '8s', '5z', '6z']);
});

test('a new hand clears every seat; events of other kinds change nothing', () => {
  const open = run(O.newOpenHands(3), DEALS);
  const before = structuredClone(open);
  run(open, [{ type: 'dora', indicator: '1p' }, { type: 'riichi_stick', seat: 1 }]);
  assert.deepEqual(open, before);
  run(open, [DEALS[0]]);
  assert.deepEqual(open, [{ hand: [], drawn: null }, { hand: [], drawn: null }, { hand: [], drawn: null }]);
});
