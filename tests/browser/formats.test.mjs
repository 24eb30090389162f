// formats.test.mjs — dates in the page's language and one minus sign: a profile and a match page
// with hand-written API replies (page.route) full of negative numbers (totals, average, best,
// final points below zero, results, payments, the chart's extremes), in English and in Japanese,
// in UTC. Every date reads as the language writes it (worked out by hand from the timestamps:
// 1,796,137,172,210 ms is 1 December 2026, 14:59:32 UTC), and no number is written with an
// ASCII hyphen-minus: each negative one has U+2212 (−).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';

const ENDED = 1796137172210; // 2026-12-01 14:59:32.210 UTC

const PROFILE = {
  user_id: 'r1', display_name: 'Rin', created_at: Math.floor(ENDED / 1000),
  modes: {
    '4p': { games: 2, total: -27500, average: -13750, wins: 0, win_rate: 0, best: -1200 },
    '3p': { games: 0, total: 0, average: 0, wins: 0, win_rate: 0, best: null },
  },
  history: { '4p': [{ ended_at: ENDED - 86_400_000, cumulative: -1200 }, { ended_at: ENDED, cumulative: -27500 }], '3p': [] },
  recent: [
    { id: 'neg4p', mode: '4p', ended_at: ENDED, final_points: -1300, result: -26300, counted: true, private: false },
    { id: 'old4p', mode: '4p', ended_at: ENDED - 86_400_000, final_points: 23800, result: -1200, counted: true, private: false },
  ],
};

/** a 4p match that ended with Bot Ren below zero: Rin's mangan tsumo as dealer (4,000 all) after Ren dealt in twice */
const MATCH = {
  id: 'neg4p', mode: '4p', rules: 'yonma', ranked: true, completed: true, voided_at: null, void_reason: null,
  hands: 3, started_at: ENDED - 600_000, ended_at: ENDED,
  players: [
    { seat: 0, user_id: 'r1', display_name: 'Rin', bot: false, final_points: 51300, result: 26300 },
    { seat: 1, user_id: null, display_name: 'Bot Aoi', bot: true, final_points: 25000, result: 0 },
    { seat: 2, user_id: null, display_name: 'Bot Ren', bot: true, final_points: -1300, result: -26300 },
    { seat: 3, user_id: null, display_name: 'Bot Sora', bot: true, final_points: 25000, result: 0 },
  ],
  wins: [{
    type: 'win', seat: 0, from: 0, tile: '6p',
    hand: ['2m', '3m', '4m', '4p', '5p', '6p', '6p', '7p', '8p', '3s', '3s', '6s', '7s', '8s'], ura: [],
    score: {
      han: 5, fu: 30, yakuman: 0, limit: 'mangan', points: 12000,
      yaku: [{ id: 'riichi', name: '立直', han: 1 }, { id: 'menzen_tsumo', name: '門前清自摸和', han: 1 },
        { id: 'pinfu', name: '平和', han: 1 }, { id: 'tanyao', name: '断幺九', han: 1 }, { id: 'dora', name: 'ドラ', han: 1 }], pao: [],
    },
    payments: [12000, -4000, -4000, -4000],
  }],
  seeds: ['b1e7'], logs: {},
};

const LANGS = [
  { locale: 'en-US', date: '1 Dec 2026, 14:59' },
  { locale: 'ja-JP', date: '2026/12/01 14:59' },
];

/** the texts a person reads (the page's text and the chart's labels): no hyphen-minus before a digit */
async function noHyphenMinus(page, what) {
  const text = await page.evaluate(() => [document.body.innerText,
    ...[...document.querySelectorAll('svg text')].map((x) => x.textContent),
    ...[...document.querySelectorAll('[aria-label]')].map((x) => x.getAttribute('aria-label'))].join('\n'));
  assert.doesNotMatch(text, /-\d/, `${what}: a number with a hyphen-minus`);
  return text;
}

describe('dates and negative numbers', () => {
  const env = siteAndBrowser();

  for (const { locale, date } of LANGS) {
    test(`${locale}: the profile and the match page`, async () => {
      const page = await openPage(env.browser, null, { locale, timezoneId: 'UTC', viewport: { width: 1366, height: 900 } });
      await page.route('**/api/players/r1', (route) => route.fulfill({ json: PROFILE }));
      await page.route('**/api/players/r1/review-stats?*', (route) => route.fulfill({ json: { player: 'r1', n: 20, bot: false,
        matches: [], unreviewed: 0 } }));
      await page.route('**/api/matches/neg4p', (route) => route.fulfill({ json: MATCH }));
      await page.goto(`${env.site.url}/#/player/r1`);
      await page.locator('.profile-page .recent-matches').waitFor();
      let text = await noHyphenMinus(page, `the profile (${locale})`);
      for (const n of ['−27,500', '−13,750', '−1,200', '−1,300', '−26,300']) assert.ok(text.includes(n), `the profile shows ${n}`);
      assert.equal(await page.locator('tr[data-match="neg4p"] td').first().innerText(), date, 'the match\'s date');
      assert.ok(text.includes(locale === 'ja-JP' ? '2026/12/01' : '1 Dec 2026'), 'the date since');
      await screenshot(page, `formats-profile-${locale}`);

      await page.goto(`${env.site.url}/#/match/neg4p`);
      await page.locator('.match-page, .win').first().waitFor();
      await page.waitForFunction(() => document.body.innerText.includes('51,300'));
      text = await noHyphenMinus(page, `the match page (${locale})`);
      for (const n of ['−1,300', '−26,300', '−4,000']) assert.ok(text.includes(n), `the match page shows ${n}`);
      assert.ok(text.includes(date), `the match page's date: ${date}`);
      await screenshot(page, `formats-match-${locale}`);
      assertNoProblems(page);
      await page.context().close();
    });
  }
});
