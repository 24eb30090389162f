// ladder.js — the dan ladder as data (no DOM): the tiers from Novice to 10 dan with their
// thresholds, start points, last-place penalties and whether they demote, and each mode's place
// bases. The one source is the server's table, src/rating/ladder.c (include/ippon/ladder.h
// explains it); tests/web/ladder.test.mjs reads that file and checks these rows against it. The
// rules page prints them (rules.js), before any player is signed in; a player's own tier, with
// its names and threshold, comes from the server (standing.js).

/** the rating's start and the uncertainty above which it is provisional (src/rating/rating.c's defaults) */
export const RATING = { start: 1500, provisional: 125 };

/** the tiers, lowest first: id (the server's), names, promote_at (0: the top), start, penalty, demotes */
export const TIERS = [
  { id: 'novice', en: 'Novice', ja: '新人', promote_at: 20, start: 0, penalty: 0, demotes: false },
  { id: '9k', en: '9 kyu', ja: '9級', promote_at: 20, start: 0, penalty: 0, demotes: false },
  { id: '8k', en: '8 kyu', ja: '8級', promote_at: 20, start: 0, penalty: 0, demotes: false },
  { id: '7k', en: '7 kyu', ja: '7級', promote_at: 20, start: 0, penalty: 0, demotes: false },
  { id: '6k', en: '6 kyu', ja: '6級', promote_at: 40, start: 0, penalty: 0, demotes: false },
  { id: '5k', en: '5 kyu', ja: '5級', promote_at: 60, start: 0, penalty: 0, demotes: false },
  { id: '4k', en: '4 kyu', ja: '4級', promote_at: 80, start: 0, penalty: 0, demotes: false },
  { id: '3k', en: '3 kyu', ja: '3級', promote_at: 100, start: 0, penalty: 0, demotes: false },
  { id: '2k', en: '2 kyu', ja: '2級', promote_at: 100, start: 0, penalty: 0, demotes: false },
  { id: '1k', en: '1 kyu', ja: '1級', promote_at: 100, start: 50, penalty: 0, demotes: false },
  { id: '1d', en: '1 dan', ja: '初段', promote_at: 400, start: 200, penalty: 20, demotes: true },
  { id: '2d', en: '2 dan', ja: '二段', promote_at: 800, start: 400, penalty: 20, demotes: true },
  { id: '3d', en: '3 dan', ja: '三段', promote_at: 1200, start: 600, penalty: 30, demotes: true },
  { id: '4d', en: '4 dan', ja: '四段', promote_at: 1600, start: 800, penalty: 30, demotes: true },
  { id: '5d', en: '5 dan', ja: '五段', promote_at: 2000, start: 1000, penalty: 40, demotes: true },
  { id: '6d', en: '6 dan', ja: '六段', promote_at: 2400, start: 1200, penalty: 40, demotes: true },
  { id: '7d', en: '7 dan', ja: '七段', promote_at: 2800, start: 1400, penalty: 50, demotes: true },
  { id: '8d', en: '8 dan', ja: '八段', promote_at: 3200, start: 1600, penalty: 50, demotes: true },
  { id: '9d', en: '9 dan', ja: '九段', promote_at: 3600, start: 1800, penalty: 60, demotes: true },
  { id: '10d', en: '10 dan', ja: '十段', promote_at: 0, start: 2000, penalty: 60, demotes: true },
];

/** each mode's base for 1st, 2nd, … place; the last place's is minus the tier's penalty (null here) */
export const BASES = { '4p': [20, 10, 0, null], '3p': [30, 0, null] };

/** a tier's name in lang ('en' or 'ja') */
export function tierName(tier, lang) {
  return lang === 'ja' ? tier.ja : tier.en;
}
