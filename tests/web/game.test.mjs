// game.test.mjs — the browser's model of the table (web/js/game.js) fed what the server sends:
// two hands recorded from a real server (tests/browser/fixtures: an exhaustive draw after a pon,
// two chis and a kakan; two riichi and a tsumo), reconnects recorded from a real server
// (fixtures/reconnect_*.json, by record_reconnect.mjs: this seat's chis, its kita and the
// others', then the `view` sent on reconnecting), the hand-written matches of
// tests/browser/scripts.mjs, and short sequences written here in the protocol's shapes
// (PROTOCOL.md, src/server/game/protocol.c) for this seat's own pon, ankan, kakan and riichi.
// Expected values are worked by hand from src/core/RULES.md (each draw spends a live tile; a call takes
// its tiles from the caller's hand; payments and riichi sticks move points), or are the
// server's own (its view, its match_end points, its exhaustive draw's shown hands).
// Run: node --test tests/web/game.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import * as S from '../browser/scripts.mjs';

const here = import.meta.dirname;
const G = await import(pathToFileURL(join(here, '../../web/js/game.js')).href);
const fixture = (path) => JSON.parse(readFileSync(join(here, path), 'utf8'));

/** a game from match_found, then every event and ask of `messages` applied in order */
function play(found, messages) {
  const g = G.newGame(found);
  for (const m of messages) {
    if (m.type === 'event') G.applyEvent(g, m.event);
    else if (m.type === 'ask') G.applyAsk(g, m);
  }
  return g;
}
const CLOCK = { move_ms: 5000, bank_ms: 20000 }; // every ask carries the seat's clock
const sorted = (tiles) => [...tiles].sort();
const called = (g, seat) => g.seats[seat].discards.filter((d) => d.called).map((d) => d.tile);

test('a recorded hand to an exhaustive draw: live wall spent, calls taken from the hand, noten payments', () => {
  const [found, ...messages] = fixture('../browser/fixtures/draw.json');
  const g = play(found, messages);
  // the hand ran until no live tile was left: 70 at the deal, one per draw (the kan's
  // replacement included: the dead wall takes one from the live wall's end)
  assert.equal(g.live, 0);
  // seat 2 pons haku from seat 3, chis 4p and 6m from seat 1, then adds the fourth haku: three
  // melds (the pon became the kakan), and 13 − 3 × 3 = 4 concealed tiles — the four the draw
  // shows of its tenpai hand
  assert.deepEqual(g.seats[2].melds.map((m) => m.type), ['kakan', 'chi', 'chi']);
  assert.deepEqual(g.seats[2].melds[0].tiles, ['5z', '5z', '5z', '5z']);
  const end = messages.at(-1).event;
  assert.equal(g.seats[2].concealed, 4);
  assert.equal(end.hands['2'].length, g.seats[2].concealed);
  for (const s of [0, 1, 3]) assert.equal(g.seats[s].concealed, 13, `seat ${s}`);
  // the called discards stay in the ponds, marked: haku in seat 3's, 4p and 6m in seat 1's
  assert.deepEqual(called(g, 3), ['5z']);
  assert.deepEqual(sorted(called(g, 1)), ['4p', '6m']);
  assert.deepEqual(called(g, 0), []);
  // this seat (0) never called: its hand is its deal, plus what it drew, less what it discarded
  const mine = sorted(messages.find((m) => m.event?.type === 'deal').event.hand);
  for (const m of messages) {
    if (m.event?.type === 'draw' && m.event.seat === 0) mine.push(m.event.tile);
    if (m.event?.type === 'discard' && m.event.seat === 0) mine.splice(mine.indexOf(m.event.tile), 1);
  }
  assert.deepEqual(sorted(g.hand), sorted(mine));
  assert.equal(g.hand.length, 13);
  assert.equal(g.drawn, null);
  // the first indicator and the kan's
  assert.deepEqual(g.dora, ['1s', '4z']);
  // 4p noten payments: the one tenpai seat takes 1,000 from each of the three others
  assert.deepEqual(g.points, [24000, 24000, 28000, 24000]);
  assert.equal(g.handEnd, end);
  assert.deepEqual(g.drawResult.handStart.points, [25000, 25000, 25000, 25000]);
  assert.equal(g.turn, null);
});

test('a recorded hand with two riichi and a tsumo: sticks, deposits, and the match_end points', () => {
  const [found, ...messages] = fixture('../browser/fixtures/win.json');
  const end = messages.pop(); // match_end, applied below
  const beforeWin = messages.findIndex((m) => m.event?.type === 'win');
  const g = play(found, messages.slice(0, beforeWin));
  // the hand began at 24,000 / 24,000 / 28,000 / 24,000 (seat 2 deals, 1 honba, no stick); seats 2
  // and 3 declared riichi: a 1,000 stick each on the table
  assert.deepEqual(g.handStart.points, [24000, 24000, 28000, 24000]);
  assert.deepEqual(g.seats.map((s) => s.riichi), [false, false, true, true]);
  assert.equal(g.sticks, 2);
  assert.deepEqual(g.points, [24000, 24000, 27000, 23000]);
  assert.deepEqual(g.deposits, [0, 0, -1000, -1000]);
  const riichiDiscards = g.seats.map((s) => s.discards.filter((d) => d.riichi).length);
  assert.deepEqual(riichiDiscards, [0, 0, 1, 1]);
  // seat 3's tsumo, a haneman (12,000) off the deal: the dealer (seat 2) pays 6,000 and the others
  // 3,000, each 100 more for the honba; the winner takes 12,000 + 300 + both sticks (2,000) — the
  // points the server's match_end gives
  const win = messages[beforeWin].event;
  G.applyEvent(g, win);
  assert.equal(win.from, win.seat);
  assert.equal(g.wins[0].sticksTaken, 2);
  assert.equal(g.sticks, 0);
  assert.deepEqual(g.points, [24000 - 3100, 24000 - 3100, 27000 - 6100, 23000 + 14300]);
  assert.deepEqual(g.points, end.event.points);
  assert.equal(g.points.reduce((a, b) => a + b), 100000);
  assert.deepEqual(g.effects.at(-1).kind, 'tsumo');
  assert.deepEqual(g.handEnd.type, 'win');
  G.applyEvent(g, end.event);
  assert.equal(g.end, end.event);
});

test('the hand-written 4p match: riichi, draw, pon, chi, this seat\'s waits, a kakan, furiten, its ron', () => {
  const g = G.newGame(S.YONMA_FOUND);
  assert.equal(g.me, 1);
  assert.equal(G.position(g, 2), 1); // right
  assert.equal(G.position(g, 3), 2); // across
  assert.equal(G.position(g, 0), 3); // left
  for (const e of S.YONMA_HAND1) G.applyEvent(g, e);
  assert.deepEqual(g.points, [24000, 25000, 25000, 25000]);
  assert.equal(g.sticks, 1);
  G.applyEvent(g, S.YONMA_DRAW);
  assert.deepEqual(g.points, [27000, 24000, 24000, 24000]);
  assert.equal(g.sticks, 1, 'the stick stays on the table after a draw');
  for (const e of [...S.YONMA_HAND2_START, ...S.YONMA_PON, ...S.YONMA_CHI]) G.applyEvent(g, e);
  assert.equal(g.handNumber, 1);
  assert.equal(g.honba, 1);
  assert.deepEqual(g.handStart.points, [27000, 24000, 24000, 24000]);
  assert.deepEqual(g.deposits, [0, 0, 0, 0]);
  // seat 2: 13, pon (−2) = 11, then its discard 10; seat 0 (the dealer): 14 − 1 = 13, chi 11, discard 10
  assert.equal(g.seats[2].concealed, 11 - 1);
  assert.equal(g.seats[0].concealed, 10);
  assert.deepEqual(called(g, 0), ['5z']);
  assert.deepEqual(called(g, 3), ['3p']);
  assert.equal(g.lastDiscard.seat, 0);
  // this seat draws 8p and discards East from the hand; the server then tells it waits on 5s-8s
  G.applyEvent(g, S.YONMA_MY_DRAW);
  assert.equal(g.drawn, '8p');
  G.applyAsk(g, { type: 'ask', seq: 1, clock: CLOCK, ...S.YONMA_MY_ASK });
  G.applyEvent(g, S.YONMA_MY_DISCARD);
  assert.equal(g.tenpai, null, 'no waits of the model\'s own making');
  G.applyEvent(g, S.YONMA_MY_TENPAI);
  assert.deepEqual(g.tenpai, { waits: ['5s', '8s'], furiten: null });
  assert.equal(g.drawn, null);
  assert.deepEqual(g.hand, ['2m', '3m', '4m', '0p', '6p', '7p', '8p', '8p', '3s', '4s', '5s', '6s', '7s']);
  for (const e of [...S.YONMA_KAN, ...S.YONMA_RIICHI]) G.applyEvent(g, e);
  assert.deepEqual(g.seats[2].melds.map((m) => m.type), ['kakan']);
  assert.equal(g.seats[2].concealed, 10); // 10, draw 11, kakan 10, replacement 11, discard 10
  assert.deepEqual(g.dora, ['4s', '7m']);
  assert.equal(g.sticks, 2);
  assert.deepEqual(g.points, [27000, 24000, 24000, 23000]);
  // hand 2's draws: seat 0, seat 3, this seat, seat 2 and its replacement, seat 3, so far 6 of 70
  assert.equal(g.live, 70 - 6);

  // seat 0 discards 8s, one of this seat's waits. Passing the ron makes it furiten until its own
  // next discard (src/core/RULES.md §4): the model shows exactly what the server tells, when it tells
  const passed = structuredClone(g);
  for (const e of S.YONMA_DEAL_IN) G.applyEvent(passed, e);
  G.applyAsk(passed, { type: 'ask', seq: 2, clock: CLOCK, ...S.YONMA_RON_ASK });
  assert.equal(passed.tenpai.furiten, null, 'not yet: the ron may still come');
  G.applyEvent(passed, S.YONMA_PASSED[0]); // play goes on: the model guesses nothing
  assert.deepEqual(passed.tenpai, { waits: ['5s', '8s'], furiten: null });
  G.applyEvent(passed, S.YONMA_PASSED[1]);
  assert.deepEqual(passed.tenpai, { waits: ['5s', '8s'], furiten: 'temporary' });
  G.applyAsk(passed, { type: 'ask', seq: 3, clock: CLOCK, ...S.YONMA_PASSED_ASK });
  assert.deepEqual(passed.tenpai, { waits: ['5s', '8s'], furiten: 'temporary' }, 'the ask keeps the waits and the furiten');
  // an ask without a tenpai of its own (no waits to tell) leaves the last word standing
  G.applyAsk(passed, { type: 'ask', seq: 4, clock: CLOCK, options: [{ type: 'discard', tile: '9m' }] });
  assert.deepEqual(passed.tenpai, { waits: ['5s', '8s'], furiten: 'temporary' });
  // its discard: the server says the furiten is over (and later, in a view, a wait in its pond)
  G.applyEvent(passed, { type: 'discard', seat: 1, tile: '9m', tsumogiri: true, riichi: false });
  G.applyEvent(passed, { type: 'tenpai', tenpai: { waits: ['5s', '8s'], furiten: null } });
  assert.deepEqual(passed.tenpai, { waits: ['5s', '8s'], furiten: null });
  G.applyEvent(passed, { type: 'tenpai', tenpai: null });
  assert.equal(passed.tenpai, null);

  for (const e of S.YONMA_DEAL_IN) G.applyEvent(g, e);
  G.applyAsk(g, { type: 'ask', seq: 2, clock: CLOCK, ...S.YONMA_RON_ASK });
  assert.deepEqual(g.ask.options.map((o) => o.type), ['ron', 'pass']);
  G.applyEvent(g, S.YONMA_WIN[0]);
  assert.equal(g.ask, null);
  assert.equal(g.wins[0].sticksTaken, 2);
  assert.deepEqual(g.wins[0].dora, ['4s', '7m']);
  // worked out in scripts.mjs: 18,700 / 34,300 / 24,000 / 23,000
  assert.deepEqual(g.points, [18700, 34300, 24000, 23000]);
  assert.equal(g.effects.at(-1).kind, 'ron');
});

test('the hand-written 3p match: kita, three pons fed by one seat, a tsumo with pao', () => {
  const g = G.newGame(S.SANMA_FOUND);
  assert.equal(g.players, 3);
  assert.equal(G.position(g, 1), 1);
  assert.equal(G.position(g, 2), 3); // 3p: the seat left of you sits at the left, none across
  for (const e of [...S.SANMA_HAND1, ...S.SANMA_HAND2_START, ...S.SANMA_KITA]) G.applyEvent(g, e);
  assert.deepEqual(g.points, [34000, 34000, 36000]);
  assert.equal(g.sticks, 1);
  assert.deepEqual(g.seats[2].kita, ['4z']);
  assert.equal(g.seats[2].concealed, 14); // the dealer: 13, draw 14, kita 13, replacement 14
  assert.equal(g.live, 55 - 2);
  for (const e of S.SANMA_PONS) G.applyEvent(g, e);
  assert.deepEqual(g.seats[1].melds.map((m) => m.tiles[0]), ['5z', '7z', '6z']);
  assert.equal(g.seats[1].concealed, 13 - 3 * 3);
  assert.deepEqual(called(g, 2), ['5z', '7z', '6z']);
  for (const e of S.SANMA_TSUMO) G.applyEvent(g, e);
  assert.deepEqual(g.points, [34000, 59200, 11800]);
  assert.equal(g.end.type, 'match_end');
});

/** the events of a fixture up to its view, and the game the view alone gives */
function eventsAndView(name) {
  const [found, ...messages] = fixture(`fixtures/${name}`);
  const view = messages.pop();
  assert.equal(view.type, 'view');
  const byEvents = play(found, messages);
  const byView = G.newGame(found);
  G.applyView(byView, view);
  return { found, messages, view, byEvents, byView };
}

// what both roads must agree on: the table as this seat sees it
const table = (g) => ({
  me: g.me, players: g.players, dealer: g.dealer, roundWind: g.roundWind, kyoku: g.kyoku, honba: g.honba,
  sticks: g.sticks, handNumber: g.handNumber, live: g.live, dora: g.dora, points: g.points, hand: g.hand, drawn: g.drawn,
  turn: g.turn, lastDiscard: g.lastDiscard, commitment: g.commitment,
  seats: g.seats.map((s) => ({ melds: s.melds, kita: s.kita, concealed: s.concealed, riichi: s.riichi,
    discards: s.discards.map((d) => ({ tile: d.tile, tsumogiri: d.tsumogiri, riichi: d.riichi, called: d.called })) })),
});

test('4p reconnect: this seat\'s two chis followed by events give the table the server\'s view gives', () => {
  const { byEvents, byView, view } = eventsAndView('reconnect_4p.json');
  assert.deepEqual(table(byEvents), table(byView));
  // by hand: the deal 3m 7m 8m 3p 4p 5p 7p 8p 3s 9s 1z 2z 6z; drew 2p, 6s, 7s; discarded 3m, 7m,
  // 8m, 2p; chi 9p with 7p 8p and 5p with 3p 4p: left 5p 3s 6s 7s 9s 1z 2z 6z, and a discard due
  assert.deepEqual(byEvents.hand, ['5p', '3s', '6s', '7s', '9s', '1z', '2z', '6z']);
  assert.equal(byEvents.seats[0].concealed, 8);
  assert.deepEqual(byEvents.seats[0].melds.map((m) => m.called), ['9p', '5p']);
  assert.deepEqual(called(byEvents, 3), ['9p', '5p']);
  assert.equal(byEvents.turn, 0);
  assert.equal(byEvents.lastDiscard, null, 'the latest discard was called');
  // what only the view carries
  assert.equal(byView.n, view.n);
  assert.equal(byView.proof, view.p);
  assert.deepEqual(byView.names, view.names.map((s) => s.name));
  assert.deepEqual(byView.clock, view.clocks[0]);
  assert.deepEqual(byView.handStart.points, [25000, 25000, 25000, 25000]);
});

test('3p reconnect: kita of this seat and another, followed by events, give the server\'s view', () => {
  const { byEvents, byView } = eventsAndView('reconnect_3p.json');
  assert.deepEqual(table(byEvents), table(byView));
  assert.deepEqual(byEvents.seats[0].kita, ['4z']);
  assert.deepEqual(byEvents.seats[2].kita, ['4z', '4z']);
  // this seat drew 5s and is asked to discard: 14 concealed, the drawn tile apart
  assert.equal(byEvents.drawn, '5s');
  assert.equal(byEvents.hand.length, 13);
  assert.ok(!byEvents.hand.includes('4z'), 'the North set aside left the hand');
  // 55 live at the deal, 16 draws (two of them replacements for a kita): 39
  assert.equal(byEvents.live, 39);
});

test('a view with riichi: sticks already paid count against the hand start, a riichi just declared not yet', () => {
  const { found, view } = eventsAndView('reconnect_4p.json');
  const v = structuredClone(view);
  // seat 1 declared riichi earlier (its stick is down: 24,000), seat 3 just now, on the last discard
  v.seats[1].riichi = true;
  v.seats[1].points = 24000;
  v.seats[1].discards[1].riichi = true;
  v.seats[3].riichi = true;
  v.seats[3].discards.at(-1).riichi = true;
  v.seats[3].discards.at(-1).called = false;
  v.last_discarder = 3;
  v.sticks = 1;
  const g = G.newGame(found);
  G.applyView(g, v);
  assert.deepEqual(g.handStart.points, [25000, 25000, 25000, 25000]);
  assert.equal(g.handStart.sticks, 0);
  assert.deepEqual(g.deposits.map((d) => d || 0), [0, -1000, 0, 0]); // (−0 and 0 alike)
  assert.deepEqual(g.lastDiscard, { seat: 3, index: v.seats[3].discards.length - 1 });
});

test('this seat\'s ankan, pon, kakan and a tsumogiri riichi, in the protocol\'s shapes', () => {
  const found = { ...S.YONMA_FOUND, seat: 0 };
  const g = G.newGame(found);
  const run = (list) => list.forEach((e) => G.applyEvent(g, e));
  run([
    { type: 'hand_start', round_wind: 0, dealer: 0, honba: 0, sticks: 0, points: [25000, 25000, 25000, 25000], commitment: 'ab'.repeat(32), kyoku: 1 },
    { type: 'deal', hand: ['1m', '1m', '1m', '2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '7z', '7z'] },
    { type: 'dora', indicator: '3s' },
    { type: 'draw', seat: 0, tile: '1m', replacement: false },
    { type: 'call', seat: 0, meld: { type: 'ankan', tiles: ['1m', '1m', '1m', '1m'] } },
    { type: 'dora', indicator: '6p' },
    { type: 'draw', seat: 0, tile: '5z', replacement: true },
    { type: 'discard', seat: 0, tile: '5z', tsumogiri: true, riichi: false },
  ]);
  // four 1m left the hand (three held, the one drawn): 13 − 3 = 10 concealed
  assert.deepEqual(g.hand, ['2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m', '7z', '7z']);
  assert.equal(g.seats[0].concealed, 10);
  assert.deepEqual(g.seats[0].melds, [{ type: 'ankan', tiles: ['1m', '1m', '1m', '1m'] }]);
  assert.equal(g.live, 70 - 2);
  run([
    { type: 'draw', seat: 1, replacement: false },
    { type: 'discard', seat: 1, tile: '7z', tsumogiri: true, riichi: false },
    { type: 'call', seat: 0, meld: { type: 'pon', tiles: ['7z', '7z', '7z'], called: '7z', from: 1 } },
  ]);
  assert.deepEqual(g.hand, ['2m', '3m', '4m', '5m', '6m', '7m', '8m', '9m']);
  assert.equal(g.seats[0].concealed, 8);
  assert.deepEqual(called(g, 1), ['7z']);
  assert.equal(g.turn, 0);
  run([
    { type: 'discard', seat: 0, tile: '9m', tsumogiri: false, riichi: false },
    { type: 'draw', seat: 1, replacement: false },
    { type: 'discard', seat: 1, tile: '1p', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 2, replacement: false },
    { type: 'discard', seat: 2, tile: '2p', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 3, replacement: false },
    { type: 'discard', seat: 3, tile: '3p', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 0, tile: '7z', replacement: false },
    { type: 'call', seat: 0, meld: { type: 'kakan', tiles: ['7z', '7z', '7z', '7z'], called: '7z', from: 1, added: '7z' } },
    { type: 'dora', indicator: '1z' },
    { type: 'draw', seat: 0, tile: '9p', replacement: true },
  ]);
  // the pon became the kan in place; the fourth chun came from the draw
  assert.deepEqual(g.seats[0].melds.map((m) => m.type), ['ankan', 'kakan']);
  assert.deepEqual(g.hand, ['2m', '3m', '4m', '5m', '6m', '7m', '8m']);
  assert.equal(g.drawn, '9p');
  assert.equal(g.seats[0].concealed, 8);
  assert.deepEqual(g.dora, ['3s', '6p', '1z']);
  // riichi with the drawn 9p, waiting on 1m-4m-7m… as the server tells after the discard; the stick goes down
  G.applyAsk(g, { type: 'ask', seq: 5, options: [{ type: 'riichi', tile: '9p', waits: ['1m', '4m', '7m'], furiten: null }],
    clock: { move_ms: 5000, bank_ms: 20000 } });
  assert.equal(g.moveMs, 5000);
  run([
    { type: 'discard', seat: 0, tile: '9p', tsumogiri: true, riichi: true },
    { type: 'tenpai', tenpai: { waits: ['1m', '4m', '7m'], furiten: null } },
    { type: 'riichi_stick', seat: 0 },
  ]);
  assert.equal(g.seats[0].riichi, true);
  assert.deepEqual(g.tenpai, { waits: ['1m', '4m', '7m'], furiten: null });
  assert.deepEqual(g.points, [24000, 25000, 25000, 25000]);
  assert.equal(g.sticks, 1);
  // later this seat lets its own wait 4m go in riichi: a wait in its own pond, the server says
  // "permanent"; then seat 1 lets 7m go by: riichi furiten, named before the other
  run([
    { type: 'draw', seat: 1, replacement: false },
    { type: 'discard', seat: 1, tile: '2s', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 0, tile: '4m', replacement: false },
    { type: 'discard', seat: 0, tile: '4m', tsumogiri: true, riichi: false },
  ]);
  assert.deepEqual(g.tenpai, { waits: ['1m', '4m', '7m'], furiten: null }, 'nothing guessed');
  run([{ type: 'tenpai', tenpai: { waits: ['1m', '4m', '7m'], furiten: 'permanent' } }]);
  assert.deepEqual(g.tenpai, { waits: ['1m', '4m', '7m'], furiten: 'permanent' });
  run([
    { type: 'draw', seat: 1, replacement: false },
    { type: 'discard', seat: 1, tile: '7m', tsumogiri: true, riichi: false },
    { type: 'draw', seat: 2, replacement: false },
    { type: 'tenpai', tenpai: { waits: ['1m', '4m', '7m'], furiten: 'riichi' } },
  ]);
  assert.deepEqual(g.tenpai, { waits: ['1m', '4m', '7m'], furiten: 'riichi' });
  assert.equal(g.drawn, null);
  assert.equal(g.hand.length, 7);
});

test('an abortive draw and the next hand: points kept, the panel gives way, everything of the hand reset', () => {
  const g = G.newGame(S.YONMA_FOUND);
  for (const e of S.YONMA_HAND1) G.applyEvent(g, e);
  G.applyEvent(g, { type: 'abortive_draw', kind: 'suufon', payments: [0, 0, 0, 0], next: { dealer: 0, round_wind: 0, kyoku: 1, honba: 1, sticks: 1 } });
  assert.equal(g.handEnd.type, 'abortive_draw');
  assert.equal(g.effects.at(-1).kind, 'abort');
  assert.deepEqual(g.points, [24000, 25000, 25000, 25000]);
  G.applyEvent(g, S.YONMA_HAND2_START[0]);
  assert.equal(g.drawResult, null);
  assert.equal(g.handEnd, null);
  assert.deepEqual(g.dora, []);
  assert.equal(g.live, 70);
  assert.ok(g.seats.every((s) => s.discards.length === 0 && s.melds.length === 0 && s.concealed === 13 && !s.riichi));
  assert.equal(g.turn, 0, 'the dealer is first');
});
