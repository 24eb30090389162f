// learnscript.js — the guided first hand (learn.js) as data, no DOM: a fixed 4-player deal and
// every move of the three bots, written as the server's protocol events (PROTOCOL.md), cut into
// steps. Each step brings its events, then the ask the player answers (or a "Next") and the one
// action that moves on; its coach text is `learn.step.<name>`, the hint for anything else
// `learn.hint.<name>`, and `tiles` the tiles the texts name. Every number worked out by hand from
// src/core/RULES.md:
//
// You are seat 0 (South, the player after the dealer); seat 3, on your left, deals (East); seat 1
// sits on your right, seat 2 across. East 1, no honba, no sticks, 25,000 each (§1). Dora
// indicator East → the dora is South (§2), which nobody in this story holds; 70 live tiles (§2).
//   Deal: 2m 3m 4m 5m 6m · 3p 4p 5p · 9p · 5s 5s 6s · North.
//   1. The dealer discards 9m. You draw 7m: 234m 567m 345p, 55s 6s, 9p and a lone North. North
//      can never join a sequence and is no value tile for you (your wind is South, the round's
//      East): discard it.
//   2. Seat 2 discards 5s. You hold two, so pon is offered; a call opens the hand and riichi
//      needs a closed one (§4), so the lesson passes.
//   3. You draw 7s. Discarding 9p leaves 234m 567m 345p 55s 67s: tenpai on 5s or 8s (a two-sided
//      wait). Closed, 25,000 points, 64 live tiles: riichi is allowed (§4); not a double riichi,
//      as it is not your first discard. Discarding 5s instead would wait on 9p alone.
//   4. Your stick goes down (24,000). Seat 1 pons seat 3's West (its own seat wind), which ends
//      any ippatsu (§4). You draw 1p, which does not win: in riichi the table discards it at once.
//   5. You draw 8s: 234m 567m 345p 678s + 55s, a tsumo. Yaku (§5): riichi 1, menzen tsumo 1,
//      pinfu 1 (four sequences, a 5s pair of no value, the 67s two-sided wait), tanyao 1 (2–8
//      only) = 4 han. No dora (South), no red five, ura indicator 9m → 1m, none. Fu (§6): pinfu
//      tsumo, fixed at 20. Base = 20 × 2^(2+4) = 1,280, under mangan's 2,000 (kiriage is 30 fu 4
//      han, not 20). Tsumo by a non-dealer (§6): the dealer pays 2 × 1,280 = 2,560 → 2,600, each
//      other 1,280 → 1,300; hand value 5,200. You take your own stick back: +5,200 + 1,000 =
//      +6,200. Final points 24,000 + 6,200 = 30,200 (you), 23,700, 23,700, 22,400 (sum
//      100,000); the first win ends the match (§1): results +5,200, −1,300, −1,300, −2,600.
// Live tiles: 16 draws in all, 54 left when you win.

const NUMBERS = { start_points: 25000, riichi_stick: 1000, honba_ron: 300, honba_tsumo: 100, wall_tiles: 136, live_tiles: 70 };

/** the match as match_found says it; the names are the bots' own */
export const LEARN_FOUND = {
  type: 'match_found', table: 'learn', mode: '4p', seat: 0, ranked: false, practice: true,
  seats: [{ seat: 0, name: '', bot: false }, { seat: 1, name: 'Bot Aoi', bot: true },
    { seat: 2, name: 'Bot Ken', bot: true }, { seat: 3, name: 'Bot Mei', bot: true }],
  numbers: NUMBERS,
};

/** an ask's clock, as the product's (src/core/RULES.md §1); the guided hand never runs it */
export const LEARN_CLOCK = { move_ms: 5000, bank_ms: 20000 };

const draw = (seat, tile) => (tile ? { type: 'draw', seat, tile, replacement: false } : { type: 'draw', seat, replacement: false });
const out = (seat, tile, more = {}) => ({ type: 'discard', seat, tile, tsumogiri: false, riichi: false, ...more });
const discards = (tiles) => tiles.map((tile) => ({ type: 'discard', tile }));

export const FINAL = { points: [30200, 23700, 23700, 22400], results: [5200, -1300, -1300, -2600] };

export const STEPS = [
  { name: 'intro', tiles: { lone: '4z' },
    events: [
      { type: 'hand_start', round_wind: 0, dealer: 3, honba: 0, sticks: 0, points: [25000, 25000, 25000, 25000], kyoku: 1 },
      { type: 'deal', hand: ['2m', '3m', '4m', '5m', '6m', '3p', '4p', '5p', '9p', '5s', '5s', '6s', '4z'] },
      { type: 'dora', indicator: '1z' },
    ],
    expect: { type: 'next' } },
  { name: 'discard', tiles: { gone: '9m', drawn: '7m', tile: '4z' },
    events: [draw(3), out(3, '9m'), draw(0, '7m')],
    ask: { options: discards(['2m', '3m', '4m', '5m', '6m', '3p', '4p', '5p', '9p', '5s', '6s', '4z', '7m']) },
    expect: { type: 'discard', tile: '4z' } },
  { name: 'call', tiles: { tile: '5s' },
    events: [out(0, '4z'), draw(1), out(1, '1s'), draw(2), out(2, '5s')],
    ask: { options: [{ type: 'pon', tiles: ['5s', '5s'] }, { type: 'pass' }] },
    expect: { type: 'pass' } },
  { name: 'riichi', tiles: { drawn: '7s', tile: '9p', wait1: '5s', wait2: '8s' },
    events: [draw(3), out(3, '2z'), draw(0, '7s')],
    ask: { options: [
      ...discards(['2m', '3m', '4m', '5m', '6m', '7m', '3p', '4p', '5p', '6s', '7s']),
      { type: 'discard', tile: '9p', waits: ['5s', '8s'], furiten: null },
      { type: 'discard', tile: '5s', waits: ['9p'], furiten: null },
      { type: 'riichi', tile: '9p', waits: ['5s', '8s'], furiten: null },
      { type: 'riichi', tile: '5s', waits: ['9p'], furiten: null },
    ] },
    expect: { type: 'riichi', tile: '9p' } },
  { name: 'wait', tiles: { tile: '1p' },
    events: [
      out(0, '9p', { riichi: true }), { type: 'tenpai', tenpai: { waits: ['5s', '8s'], furiten: null } }, { type: 'riichi_stick', seat: 0 },
      draw(1), out(1, '9s'), draw(2), out(2, '1m'), draw(3), out(3, '3z'),
      { type: 'call', seat: 1, meld: { type: 'pon', tiles: ['3z', '3z', '3z'], called: '3z', from: 3 } },
      out(1, '2p'), draw(2), out(2, '8m'), draw(3), out(3, '9s'),
      draw(0, '1p'), out(0, '1p', { tsumogiri: true }),
    ],
    expect: { type: 'next' } },
  { name: 'tsumo', tiles: { tile: '8s' },
    events: [draw(1), out(1, '4z'), draw(2), out(2, '7p'), draw(3), out(3, '1z'), draw(0, '8s')],
    ask: { options: [{ type: 'tsumo' }, { type: 'discard', tile: '8s' }], tenpai: { waits: ['5s', '8s'], furiten: null } },
    expect: { type: 'tsumo' } },
  { name: 'win',
    events: [
      { type: 'win', seat: 0, from: 0, tile: '8s',
        hand: ['2m', '3m', '4m', '5m', '6m', '7m', '3p', '4p', '5p', '5s', '5s', '6s', '7s', '8s'], ura: ['9m'],
        score: { han: 4, fu: 20, yakuman: 0, limit: null, points: 5200, honba_points: 0, sticks_points: 1000, pao: [],
          yaku: [{ id: 'riichi', name: '立直', han: 1 }, { id: 'menzen_tsumo', name: '門前清自摸和', han: 1 },
            { id: 'pinfu', name: '平和', han: 1 }, { id: 'tanyao', name: '断幺九', han: 1 }] },
        payments: [6200, -1300, -1300, -2600] },
      { type: 'match_end', ...FINAL },
    ],
    expect: null },
];
