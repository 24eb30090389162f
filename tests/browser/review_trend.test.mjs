// review_trend.test.mjs — the profile's review of decisions (web/js/reviewtrend.js) in English and
// Japanese, at 1366×768 and 390×844, with hand-written API replies (page.route) whose figures are
// chosen here: the agreement over the matches listed (106 of 140 decisions: 75.7%), the marks per
// 100 decisions by category (23 marks: 16.4; efficiency 16: 11.4 …), the newer half against the
// older (+14.3 points, −7.1 marks per 100), a sparkline with a point per match, and each match
// linking to its review (#/review/ID/SEAT/0). Nothing scrolls sideways on a phone. Screenshots:
// review-trend-*.png.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot, setLang } from './browser.mjs';

const ID = 'ab'.repeat(16);
const marks = (efficiency, defence, call, riichi, win, small, clear, big) =>
  ({ by_category: { efficiency, defence, call, riichi, win }, by_severity: { small, clear, big } });
const match = (n, seat, mode, decisions, agreed, m) => ({ match_id: String(n).repeat(32), seat, mode, ended_at: Date.UTC(2026, 10, 10 + n),
  decisions, agreed, agreement: Math.round((agreed / decisions) * 1000) / 1000, marks: m });
// newest first
const MATCHES = [
  match(4, 2, '4p', 40, 34, marks(3, 1, 0, 0, 0, 2, 1, 1)),
  match(3, 0, '3p', 30, 24, marks(4, 0, 1, 0, 0, 3, 1, 1)),
  match(2, 1, '4p', 50, 35, marks(6, 2, 0, 1, 1, 4, 3, 3)),
  match(1, 3, '4p', 20, 13, marks(3, 1, 0, 0, 0, 2, 2, 0)),
];
const half = (matches, decisions, agreement, per100) => ({ matches, decisions, agreement, marks_per_100: per100, by_category_per_100: {} });
const STATS = {
  player: ID, n: 20, bot: false, matches: MATCHES, unreviewed: 0,
  total: { matches: 4, decisions: 140, agreed: 106, agreement: 0.757, marks: marks(16, 4, 1, 1, 1, 11, 7, 5) },
  trend: { older: half(2, 70, 0.686, 20), newer: half(2, 70, 0.829, 12.9), agreement_change: 0.143, marks_per_100_change: -7.1 },
};
const PROFILE = {
  user_id: ID, display_name: 'Rin', created_at: 1790000000,
  modes: {
    '4p': { games: 3, total: 0, average: 0, wins: 0, win_rate: 0, best: null },
    '3p': { games: 1, total: 0, average: 0, wins: 0, win_rate: 0, best: null },
  },
  history: { '4p': [], '3p': [] },
  recent: MATCHES.map((m) => ({ id: m.match_id, mode: m.mode, ended_at: m.ended_at, final_points: 25000, result: 0, counted: false })),
};

const TEXT = {
  en: { title: 'Review of your decisions', agreement: 'agreement over the last 4 matches (140 decisions)',
    trend: 'Newer 2 against the older: +14.3 points of agreement · −7.1 marks per 100 decisions', mode: ['4-player', '3-player'] },
  ja: { title: '打牌・選択の振り返り', agreement: '直近4試合の一致率（判断140回）',
    trend: '新しい2試合を古い方と比べると： 一致率 +14.3ポイント · 100判断あたりの指摘 −7.1', mode: ['四人打ち', '三人打ち'] },
};
const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }];

describe("the profile's review of decisions", () => {
  const env = siteAndBrowser();
  for (const lang of ['en', 'ja']) {
    test(`agreement, marks per 100, the trend, the sparkline and the links (${lang})`, async () => {
      const x = TEXT[lang];
      for (const viewport of SIZES) {
        const page = await openPage(env.browser, null, { viewport, timezoneId: 'UTC' });
        const asked = [];
        await page.route(`**/api/players/${ID}`, (route) => route.fulfill({ json: PROFILE }));
        await page.route(`**/api/players/${ID}/review-stats?*`, (route) => {
          asked.push(new URL(route.request().url()).searchParams.get('n'));
          route.fulfill({ json: STATS });
        });
        await page.goto(`${env.site.url}/#/about`);
        await setLang(page, lang);
        await page.goto(`${env.site.url}/#/player/${ID}`);
        const block = page.locator('section.review-trend');
        await block.waitFor();
        assert.deepEqual(asked, ['20']);
        assert.equal(await block.locator('h2').innerText(), x.title);
        assert.equal(await block.locator('.big-figure').innerText(), '75.7%');
        assert.equal(await block.locator('.agreement .muted').innerText(), x.agreement);
        assert.equal((await block.locator('.trend-line').innerText()).replace(/\s+/g, ' '), x.trend);
        const per100 = {};
        for (const c of ['all', 'efficiency', 'defence', 'call', 'riichi', 'win'])
          per100[c] = await block.locator(`dd[data-category="${c}"]`).innerText();
        assert.deepEqual(per100, { all: '16.4', efficiency: '11.4', defence: '2.9', call: '0.7', riichi: '0.7', win: '0.7' });
        assert.equal(await block.locator('svg.sparkline circle').count(), 4);
        // oldest on the left: the first point is the oldest match's 65 %, the last the newest's 85 %
        const ys = await block.locator('svg.sparkline circle').evaluateAll((cs) => cs.map((c) => Number(c.getAttribute('cy'))));
        assert.ok(ys[0] > ys[3], 'the newest agreement (85%) stands higher than the oldest (65%)');
        const rows = block.locator('table.review-matches tbody tr');
        assert.equal(await rows.count(), 4);
        for (let i = 0; i < MATCHES.length; i++) {
          const m = MATCHES[i];
          assert.equal(await rows.nth(i).locator('a').getAttribute('href'), `#/review/${m.match_id}/${m.seat}/0`);
          const cells = await rows.nth(i).locator('td').allInnerTexts();
          assert.equal(cells[1], x.mode[m.mode === '4p' ? 0 : 1]);
          assert.equal(cells[2], `${(m.agreement * 100).toFixed(1)}%`);
          assert.equal(cells[3], String(Object.values(m.marks.by_category).reduce((a, b) => a + b, 0)));
        }
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
        assert.equal(await block.evaluate((el) => el.scrollWidth <= el.clientWidth), true, 'the block fits its width');
        await block.scrollIntoViewIfNeeded();
        await screenshot(page, `review-trend-${lang}-${viewport.width}x${viewport.height}`);
        assertNoProblems(page);
        await page.context().close();
      }
    });
  }
});
