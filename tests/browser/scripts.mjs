// scripts.mjs — two matches written by hand in the game protocol (PROTOCOL.md), for the tests
// that drive the table with scripted.mjs. Every number below was worked out by hand from
// src/core/RULES.md, not taken from the code under test.
//
// YONMA (4p, you are seat 1; seat 0 deals; around you: seat 2 right, seat 3 across, seat 0 left)
//   Hand 1: seat 0 declares riichi (stick down: 24,000) and is the only tenpai seat at the
//   exhaustive draw: noten pool 3,000 → seat 0 +3,000, the others −1,000 each. Seat 0 keeps the
//   deal; East 1 again with 1 honba and its 1,000 stick on the table.
//   Points: 27,000 / 24,000 / 24,000 / 24,000 (+ 1,000 on the table = 100,000).
//   Hand 2: seat 2 pons haku from seat 0, seat 0 chis 3p from seat 3, you discard East and wait on
//   5s-8s, seat 2 adds the fourth haku (kakan), seat 3 declares riichi (a second stick, 23,000),
//   seat 0 discards 8s and you ron: tanyao 1 + pinfu 1 + dora 1 (indicator 4s: your 5s) + red
//   five 1 (0p) = 4 han 30 fu, a non-dealer 7,700 rounded to mangan by kiriage = 8,000. Seat 0
//   pays 8,000 + 300 (1 honba, ron) = 8,300; you take both sticks: +8,000 + 300 + 2,000 = +10,300.
//   Final: seat 0 27,000 − 8,300 = 18,700; you 24,000 + 10,300 = 34,300; seat 2 24,000;
//   seat 3 24,000 − 1,000 = 23,000 (sum 100,000). Results (final − 25,000): −6,300, +9,300,
//   −1,000, −2,000.
//
// SANMA (3p, you are seat 0; seat 2 deals; around you: seat 1 right, seat 2 left)
//   Hand 1: seat 2 declares riichi (35,000 → 34,000) and is the only tenpai seat: 3p pool 2,000,
//   +1,000 from each noten seat → 34,000 / 34,000 / 36,000, 1 stick on the table, 1 honba, seat 2
//   deals again.
//   Hand 2: seat 2 sets a North aside (kita); seat 1 pons haku, chun and then hatsu, all three
//   fed by seat 2 (the third dragon set completes daisangen with the other two already shown:
//   seat 2 is liable, pao). Seat 1 wins by tsumo on 8s: daisangen, a non-dealer yakuman, 8,000
//   base: 4p tsumo would be 16,000 from the dealer + 8,000 + 8,000; 3p drops the absent North's
//   share (tsumo loss) → 24,000, all paid by the liable seat 2, with all the honba (3p tsumo:
//   100 from each of the two payers = 200). Seat 1 also takes the stick: +24,000 + 200 + 1,000 =
//   +25,200; seat 2 −24,200; you 0. Final 34,000 / 59,200 / 11,800 (sum 105,000); results
//   −1,000, +24,200, −23,200.

// the match's numbers (src/core/RULES.md: starting points §1, riichi stick §4, honba §6, wall §2)
export const YONMA_NUMBERS = { start_points: 25000, riichi_stick: 1000, honba_ron: 300, honba_tsumo: 100, wall_tiles: 136, live_tiles: 70 };
export const SANMA_NUMBERS = { start_points: 35000, riichi_stick: 1000, honba_ron: 200, honba_tsumo: 100, wall_tiles: 108, live_tiles: 55 };

export const YONMA_FOUND = {
  type: 'match_found', table: 'script-yonma', mode: '4p', seat: 1, ranked: false,
  seats: [{ seat: 0, name: 'Aki', bot: false }, { seat: 1, name: 'Tester', bot: false },
    { seat: 2, name: 'Bot Aoi', bot: true }, { seat: 3, name: 'Rin', bot: false }],
  numbers: YONMA_NUMBERS,
};

const COMMIT = 'ab'.repeat(32);

export const YONMA_HAND1 = [
  { type: 'hand_start', round_wind: 0, dealer: 0, honba: 0, sticks: 0, points: [25000, 25000, 25000, 25000], commitment: COMMIT, kyoku: 1 },
  { type: 'deal', hand: ['1m', '4m', '7m', '2p', '5p', '8p', '3s', '6s', '9s', '1z', '2z', '3z', '4z'] },
  { type: 'dora', indicator: '9p' },
  { type: 'draw', seat: 0, replacement: false },
  { type: 'discard', seat: 0, tile: '1z', tsumogiri: false, riichi: true },
  { type: 'riichi_stick', seat: 0 },
];

export const YONMA_DRAW = {
  type: 'exhaustive_draw', tenpai: [true, false, false, false],
  hands: { 0: ['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '2z', '2z', '5z', '5z'] },
  payments: [3000, -1000, -1000, -1000],
  next: { dealer: 0, round_wind: 0, kyoku: 1, honba: 1, sticks: 1 },
};

export const YONMA_HAND2_START = [
  { type: 'hand_start', round_wind: 0, dealer: 0, honba: 1, sticks: 1, points: [27000, 24000, 24000, 24000], commitment: COMMIT, kyoku: 1 },
  { type: 'deal', hand: ['2m', '3m', '4m', '0p', '6p', '7p', '3s', '4s', '5s', '6s', '7s', '8p', '1z'] },
  { type: 'dora', indicator: '4s' },
];

/** seat 0 discards haku, seat 2 pons it */
export const YONMA_PON = [
  { type: 'draw', seat: 0, replacement: false },
  { type: 'discard', seat: 0, tile: '5z', tsumogiri: false, riichi: false },
  { type: 'call', seat: 2, meld: { type: 'pon', tiles: ['5z', '5z', '5z'], called: '5z', from: 0 } },
];

/** seat 2 discards, seat 3 discards 3p, seat 0 chis it */
export const YONMA_CHI = [
  { type: 'discard', seat: 2, tile: '9m', tsumogiri: false, riichi: false },
  { type: 'draw', seat: 3, replacement: false },
  { type: 'discard', seat: 3, tile: '3p', tsumogiri: false, riichi: false },
  { type: 'call', seat: 0, meld: { type: 'chi', tiles: ['2p', '3p', '4p'], called: '3p', from: 3 } },
  { type: 'discard', seat: 0, tile: '1s', tsumogiri: false, riichi: false },
];

/** your draw and the ask it brings: discarding East (or declaring riichi with it) leaves 5s-8s */
export const YONMA_MY_DRAW = { type: 'draw', seat: 1, tile: '8p', replacement: false };
export const YONMA_MY_ASK = {
  options: [
    ...['2m', '3m', '4m', '0p', '6p', '7p', '3s', '4s', '5s', '6s', '7s', '8p'].map((tile) => ({ type: 'discard', tile })),
    { type: 'discard', tile: '1z', waits: ['5s', '8s'], furiten: null },
    { type: 'riichi', tile: '1z', waits: ['5s', '8s'], furiten: null },
  ],
};
export const YONMA_MY_DISCARD = { type: 'discard', seat: 1, tile: '1z', tsumogiri: false, riichi: false };
/** what the server tells you right after that discard: your tenpai changed (PROTOCOL.md, the tenpai event) */
export const YONMA_MY_TENPAI = { type: 'tenpai', tenpai: { waits: ['5s', '8s'], furiten: null } };

/** seat 2 draws the fourth haku and adds it to its pon */
export const YONMA_KAN = [
  { type: 'draw', seat: 2, replacement: false },
  { type: 'call', seat: 2, meld: { type: 'kakan', tiles: ['5z', '5z', '5z', '5z'], called: '5z', from: 0, added: '5z' } },
  { type: 'dora', indicator: '7m' },
  { type: 'draw', seat: 2, replacement: true },
  { type: 'discard', seat: 2, tile: '9p', tsumogiri: false, riichi: false },
];

/** seat 3 declares riichi with 9s; nobody rons, the stick goes down */
export const YONMA_RIICHI = [
  { type: 'draw', seat: 3, replacement: false },
  { type: 'discard', seat: 3, tile: '9s', tsumogiri: false, riichi: true },
  { type: 'riichi_stick', seat: 3 },
];

/** seat 0 discards 8s: your ron */
export const YONMA_DEAL_IN = [
  { type: 'draw', seat: 0, replacement: false },
  { type: 'discard', seat: 0, tile: '8s', tsumogiri: false, riichi: false },
];
export const YONMA_RON_ASK = { options: [{ type: 'ron' }, { type: 'pass' }], tenpai: { waits: ['5s', '8s'], furiten: null } };
/**
 * had you passed that ron instead: play goes on (your draw), and the server tells you that you
 * are furiten until your next discard (src/core/RULES.md §4), then asks for your discard
 */
export const YONMA_PASSED = [
  { type: 'draw', seat: 1, tile: '9m', replacement: false },
  { type: 'tenpai', tenpai: { waits: ['5s', '8s'], furiten: 'temporary' } },
];
export const YONMA_PASSED_ASK = {
  options: ['2m', '3m', '4m', '0p', '6p', '7p', '8p', '3s', '4s', '5s', '6s', '7s', '9m'].map((tile) => ({ type: 'discard', tile })),
  tenpai: { waits: ['5s', '8s'], furiten: 'temporary' },
};
export const YONMA_WIN = [
  { type: 'win', seat: 1, from: 0, tile: '8s',
    hand: ['2m', '3m', '4m', '0p', '6p', '7p', '3s', '4s', '5s', '6s', '7s', '8p', '8p', '8s'], ura: [],
    score: { han: 4, fu: 30, yakuman: 0, limit: 'mangan', points: 8000, honba_points: 300, sticks_points: 2000, pao: [],
      yaku: [{ id: 'tanyao', name: '断幺九', han: 1 }, { id: 'pinfu', name: '平和', han: 1 }, { id: 'dora', name: 'ドラ', han: 1 }, { id: 'aka', name: '赤ドラ', han: 1 }] },
    payments: [-8300, 10300, 0, 0] },
  { type: 'match_end', points: [18700, 34300, 24000, 23000], results: [-6300, 9300, -1000, -2000], seeds: ['cd'.repeat(32), 'ef'.repeat(32)] },
];

/** the points table worked out above: by seat, [hand start, riichi stick, this hand, final, result] */
export const YONMA_POINTS = {
  0: ['27,000', '–', '−8,300', '18,700', '−6,300'],
  1: ['24,000', '–', '+10,300', '34,300', '+9,300'],
  2: ['24,000', '–', '0', '24,000', '−1,000'],
  3: ['24,000', '−1,000', '0', '23,000', '−2,000'],
};
export const YONMA_ORDER = [1, 2, 3, 0]; // by final points

export const SANMA_FOUND = {
  type: 'match_found', table: 'script-sanma', mode: '3p', seat: 0, ranked: true,
  seats: [{ seat: 0, name: 'Tester', bot: false }, { seat: 1, name: 'Bot Aoi', bot: true }, { seat: 2, name: 'Rin', bot: false }],
  numbers: SANMA_NUMBERS,
};

export const SANMA_HAND1 = [
  { type: 'hand_start', round_wind: 0, dealer: 2, honba: 0, sticks: 0, points: [35000, 35000, 35000], commitment: COMMIT, kyoku: 1 },
  { type: 'deal', hand: ['1m', '9m', '1p', '3p', '5p', '7p', '2s', '4s', '6s', '8s', '1z', '2z', '3z'] },
  { type: 'dora', indicator: '9s' },
  { type: 'draw', seat: 2, replacement: false },
  { type: 'discard', seat: 2, tile: '1p', tsumogiri: false, riichi: true },
  { type: 'riichi_stick', seat: 2 },
  { type: 'exhaustive_draw', tenpai: [false, false, true],
    hands: { 2: ['2p', '3p', '4p', '5p', '6p', '7p', '2s', '3s', '4s', '6s', '6s', '9s', '9s'] },
    payments: [-1000, -1000, 2000], next: { dealer: 2, round_wind: 0, kyoku: 1, honba: 1, sticks: 1 } },
];

export const SANMA_HAND2_START = [
  { type: 'hand_start', round_wind: 0, dealer: 2, honba: 1, sticks: 1, points: [34000, 34000, 36000], commitment: COMMIT, kyoku: 1 },
  { type: 'deal', hand: ['1m', '9m', '1p', '9p', '2p', '3p', '4p', '1s', '9s', '5s', '6s', '7s', '1z'] },
  { type: 'dora', indicator: '1p' },
];

/** seat 2 sets a North aside and draws its replacement */
export const SANMA_KITA = [
  { type: 'draw', seat: 2, replacement: false },
  { type: 'kita', seat: 2, tile: '4z' },
  { type: 'draw', seat: 2, replacement: true },
];

/** seat 2 feeds seat 1 haku, chun, then hatsu */
export const SANMA_PONS = [
  { type: 'discard', seat: 2, tile: '5z', tsumogiri: false, riichi: false },
  { type: 'call', seat: 1, meld: { type: 'pon', tiles: ['5z', '5z', '5z'], called: '5z', from: 2 } },
  { type: 'discard', seat: 1, tile: '1m', tsumogiri: false, riichi: false },
  { type: 'draw', seat: 2, replacement: false },
  { type: 'discard', seat: 2, tile: '7z', tsumogiri: false, riichi: false },
  { type: 'call', seat: 1, meld: { type: 'pon', tiles: ['7z', '7z', '7z'], called: '7z', from: 2 } },
  { type: 'discard', seat: 1, tile: '9m', tsumogiri: false, riichi: false },
  { type: 'draw', seat: 2, replacement: false },
  { type: 'discard', seat: 2, tile: '6z', tsumogiri: false, riichi: false },
  { type: 'call', seat: 1, meld: { type: 'pon', tiles: ['6z', '6z', '6z'], called: '6z', from: 2 } },
  { type: 'discard', seat: 1, tile: '9p', tsumogiri: false, riichi: false },
];

export const SANMA_TSUMO = [
  { type: 'draw', seat: 2, replacement: false },
  { type: 'discard', seat: 2, tile: '2s', tsumogiri: true, riichi: false },
  { type: 'draw', seat: 0, tile: '3s', replacement: false },
  { type: 'discard', seat: 0, tile: '3s', tsumogiri: true, riichi: false },
  { type: 'draw', seat: 1, replacement: false },
  { type: 'win', seat: 1, from: 1, tile: '8s', hand: ['2s', '3s', '4s', '7s', '7s', '8s', '8s', '8s'], ura: [],
    score: { han: 0, fu: 0, yakuman: 1, limit: 'yakuman', points: 24000, honba_points: 200, sticks_points: 1000,
      pao: [{ seat: 2, yaku: 'daisangen' }], yaku: [{ id: 'daisangen', name: '大三元', yakuman: 1 }] },
    payments: [0, 25200, -24200] },
  { type: 'match_end', points: [34000, 59200, 11800], results: [-1000, 24200, -23200], seeds: ['cd'.repeat(32), 'ef'.repeat(32)] },
];

export const SANMA_POINTS = {
  0: ['34,000', '–', '0', '34,000', '−1,000'],
  1: ['34,000', '–', '+25,200', '59,200', '+24,200'],
  2: ['36,000', '–', '−24,200', '11,800', '−23,200'],
};
export const SANMA_ORDER = [1, 0, 2];

/**
 * plays YONMA to its end on a page at the table (scripted.mjs), answering your two asks by
 * clicking (discard East, then Ron), as fast as the page takes it
 */
export async function playYonma(page, table) {
  table.events([...YONMA_HAND1, YONMA_DRAW, ...YONMA_HAND2_START, ...YONMA_PON, ...YONMA_CHI, YONMA_MY_DRAW]);
  table.ask(YONMA_MY_ASK);
  await page.locator('.hand-tile.ok[data-tile="1z"]').click();
  await table.nextAct();
  table.events([YONMA_MY_DISCARD, ...YONMA_KAN, ...YONMA_RIICHI, ...YONMA_DEAL_IN]);
  table.ask(YONMA_RON_ASK);
  await page.locator('.actions button.act[data-kind="ron"]').click();
  await table.nextAct();
  table.events(YONMA_WIN);
}

/** plays SANMA to its end (it asks you nothing) */
export function playSanma(table) {
  table.events([...SANMA_HAND1, ...SANMA_HAND2_START, ...SANMA_KITA, ...SANMA_PONS, ...SANMA_TSUMO]);
}
