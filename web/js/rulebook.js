// rulebook.js — the rules page's content as data (no DOM), from src/core/RULES.md, the
// repository's rule book: the page's sections in order (each a heading and its paragraphs and
// lists, named by dictionary keys `rules.*`), the numbers of each mode (§1, §2, §4, §6), the
// clock (§1 "Time control"), and the one list of yaku (§5) with their han, closed and open, and
// of yakuman with their count in 4p and 3p. The yaku's names are the ones the results use
// (`yaku.<id>`, the server's ids in src/core/yaku_names.c); `rule` names the row of the rule
// book's table that gives the han, so tests/browser/learn.test.mjs can check each row against the book.

/** one row per row of the yaku table of src/core/RULES.md §5; open: null where the yaku needs a closed hand */
export const YAKU = [
  { rule: 'riichi', ids: ['riichi'], closed: 1, open: null },
  { rule: 'ippatsu', ids: ['ippatsu'], closed: 1, open: null },
  { rule: 'menzen tsumo', ids: ['menzen_tsumo'], closed: 1, open: null },
  { rule: 'pinfu', ids: ['pinfu'], closed: 1, open: null },
  { rule: 'iipeikou', ids: ['iipeikou'], closed: 1, open: null },
  { rule: 'tanyao', ids: ['tanyao'], closed: 1, open: 1 },
  { rule: 'yakuhai', label: 'rules.yakuhai',
    ids: ['haku', 'hatsu', 'chun', 'seat_wind_east', 'seat_wind_south', 'seat_wind_west', 'seat_wind_north',
      'round_wind_east', 'round_wind_south', 'round_wind_west', 'round_wind_north'], closed: 1, open: 1 },
  { rule: 'haitei', ids: ['haitei', 'houtei'], closed: 1, open: 1 },
  { rule: 'rinshan kaihou', ids: ['rinshan'], closed: 1, open: 1 },
  { rule: 'chankan', ids: ['chankan'], closed: 1, open: 1 },
  { rule: 'double riichi', ids: ['double_riichi'], closed: 2, open: null },
  { rule: 'chiitoitsu', ids: ['chiitoitsu'], closed: 2, open: null },
  { rule: 'sanshoku doujun', ids: ['sanshoku'], closed: 2, open: 1 },
  { rule: 'ittsu', ids: ['ittsu'], closed: 2, open: 1 },
  { rule: 'chanta', ids: ['chanta'], closed: 2, open: 1 },
  { rule: 'toitoi', ids: ['toitoi'], closed: 2, open: 2 },
  { rule: 'sanankou', ids: ['sanankou'], closed: 2, open: 2 },
  { rule: 'sanshoku doukou', ids: ['sanshoku_doukou'], closed: 2, open: 2 },
  { rule: 'sankantsu', ids: ['sankantsu'], closed: 2, open: 2 },
  { rule: 'shousangen', ids: ['shousangen'], closed: 2, open: 2 },
  { rule: 'honroutou', ids: ['honroutou'], closed: 2, open: 2 },
  { rule: 'ryanpeikou', ids: ['ryanpeikou'], closed: 3, open: null },
  { rule: 'junchan', ids: ['junchan'], closed: 3, open: 2 },
  { rule: 'honitsu', ids: ['honitsu'], closed: 3, open: 2 },
  { rule: 'chinitsu', ids: ['chinitsu'], closed: 6, open: 5 },
];

/** one row per row of the yakuman table of src/core/RULES.md §5: how many yakuman it is worth in 4p and in 3p */
export const YAKUMAN = [
  { rule: 'kokushi musou', id: 'kokushi', p4: 1, p3: 1 },
  { rule: '— 13-sided', id: 'kokushi_13', p4: 1, p3: 2 },
  { rule: 'suuankou', id: 'suuankou', p4: 1, p3: 1 },
  { rule: '— tanki', id: 'suuankou_tanki', p4: 1, p3: 2 },
  { rule: 'daisangen', id: 'daisangen', p4: 1, p3: 1 },
  { rule: 'shousuushii', id: 'shousuushii', p4: 1, p3: 1 },
  { rule: 'daisuushii', id: 'daisuushii', p4: 1, p3: 2 },
  { rule: 'tsuuiisou', id: 'tsuuiisou', p4: 1, p3: 1 },
  { rule: 'chinroutou', id: 'chinroutou', p4: 1, p3: 1 },
  { rule: 'ryuuiisou', id: 'ryuuiisou', p4: 1, p3: 1 },
  { rule: 'chuuren poutou', id: 'chuuren', p4: 1, p3: 1 },
  { rule: '— junsei', id: 'junsei_chuuren', p4: 1, p3: 2 },
  { rule: 'suukantsu', id: 'suukantsu', p4: 1, p3: 1 },
  { rule: 'tenhou', id: 'tenhou', p4: 1, p3: 1 },
  { rule: 'chiihou', id: 'chiihou', p4: 1, p3: 1 },
];

/** each mode's numbers (the rule sets' table and src/core/RULES.md §1, §2, §6), shown side by side */
export const MODES = {
  '4p': { start_points: 25000, tiles: 136, riichi_stick: 1000, honba_ron: 300, honba_tsumo: 100, noten_pool: 3000 },
  '3p': { start_points: 35000, tiles: 108, riichi_stick: 1000, honba_ron: 200, honba_tsumo: 100, noten_pool: 2000 },
};

/** the clock in seconds (src/core/RULES.md §1 "Time control"; the server's clock_move_ms, clock_bank_ms, …) */
export const CLOCK = { move: 5, bank: 20, refill: 10, grace: 1 };

/**
 * the page's sections in order: a key names the heading (`rules.<key>.title`); `paras` are the
 * paragraphs' numbers (`rules.<key>.<n>`), `list` a list's items (`rules.<key>.li<n>`; with
 * `links`, each item a link to that address), and `table` a table the page draws from the data above
 * (`tables`: several, in order; the ranks section's come from ladder.js)
 */
export const SECTIONS = [
  { key: 'format', paras: [1, 2], list: [1, 2, 3, 4, 5] },
  { key: 'numbers', paras: [1], table: 'modes' },
  { key: 'clock', paras: [1], list: [1, 2, 3, 4] },
  { key: 'play', paras: [1, 2], list: [1, 2, 3, 4, 5] },
  { key: 'yaku', paras: [1, 2], table: 'yaku' },
  { key: 'yakuman', paras: [1], table: 'yakuman' },
  { key: 'points', paras: [1, 2], list: [1, 2, 3] },
  { key: 'sanma', paras: [1], list: [1, 2, 3, 4, 5, 6, 7, 8] },
  { key: 'ranks', paras: [1, 2, 3], list: [1, 2, 3, 4, 5], tables: ['bases', 'ladder'] },
  { key: 'more', paras: [1], list: [1, 2, 3], links: ['#/learn', '#/about', 'https://riichi.wiki/Japanese_mahjong'] },
];

/** the rows of the numbers table: a dictionary key and the field of MODES it shows */
export const MODE_ROWS = [
  ['rules.numbers.start', 'start_points'],
  ['rules.numbers.tiles', 'tiles'],
  ['rules.numbers.stick', 'riichi_stick'],
  ['rules.numbers.honba_ron', 'honba_ron'],
  ['rules.numbers.honba_tsumo', 'honba_tsumo'],
  ['rules.numbers.noten', 'noten_pool'],
];
