// seasons.test.mjs — the point-sum board's seasons in the browser, in English and Japanese, with
// hand-written API replies (page.route) whose seasons are chosen here (src/server/README.md,
// "Seasons"). The board's Season tab asks for the current season (period=season, no season=)
// and names it ("December 2026", running until its last minute); its step back asks for the
// season before (season=2026-11), whose standings are final, with a step forward again. A
// profile lists its seasons of quarters newest first: the running one marked, its rank "3 of
// 41", an older one "not ranked", each named short ("Oct – Dec 2026") and linking to its board. Screenshots at 1366×768 and 390×844
// (seasons-board-*.png, seasons-profile-*.png).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot, setLang } from './browser.mjs';

const ID = 'ab'.repeat(16);
const OTHER = 'e1'.repeat(16);
const DEC_1 = Date.UTC(2026, 11, 1), JAN_1 = Date.UTC(2027, 0, 1), NOV_1 = Date.UTC(2026, 10, 1);

const row = (rank, user_id, name, games, total) =>
  ({ rank, user_id, display_name: name, games, total, average: total / games, wins: 1, best: total });
/** the season boards the server would send, by their first month */
const BOARDS = {
  '2026-12': { season: '2026-12', season_start: DEC_1, season_end: JAN_1, final: false, rows: [row(1, OTHER, 'Hana', 4, 18000), row(2, ID, 'Rin', 2, 7000)] },
  '2026-11': { season: '2026-11', season_start: NOV_1, season_end: DEC_1, final: true, rows: [row(1, ID, 'Rin', 9, 31000)] },
};

const PROFILE = {
  user_id: ID, display_name: 'Rin', created_at: 1790000000,
  modes: {
    '4p': { games: 10, total: 24000, average: 2400, wins: 3, win_rate: 0.3, best: 12000 },
    '3p': { games: 0, total: 0, average: 0, wins: 0, win_rate: 0, best: null },
  },
  history: { '4p': [{ ended_at: Date.UTC(2026, 4, 2), cumulative: -3000 }, { ended_at: Date.UTC(2026, 10, 20), cumulative: 24000 }], '3p': [] },
  recent: [],
  seasons: {
    '4p': [
      { season: '2026-10', rank: 3, of: 41, points: 12000, games: 5, final: false },
      { season: '2026-04', rank: null, of: 12, points: -3000, games: 1, final: true },
    ],
    '3p': [],
  },
  season_months: 3,
};

const TEXT = {
  en: { tab: 'Season', dec: 'December 2026', nov: 'November 2026', novShort: 'Nov 2026', octShort: 'Oct 2026', final: 'Final standings',
    running: /^Running until 31 Dec 2026, 23:59$/, q4: /^Oct\s*–\s*Dec 2026$/, q2: /^Apr\s*–\s*Jun 2026$/,
    rankOf: '3 of 41', unranked: 'not ranked', badge: 'running', heading: 'Seasons, 4-player' },
  ja: { tab: 'シーズン', dec: '2026年12月', nov: '2026年11月', novShort: '2026年11月', octShort: '2026年10月', final: '最終順位',
    running: /^2026\/12\/31 23:59 まで開催中$/, q4: /^2026年10月～12月$/, q2: /^2026年4月～6月$/,
    rankOf: '41 人中 3 位', unranked: '順位なし', badge: '開催中', heading: /^シーズン成績（.+）$/ },
};
const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }];

describe('the seasons in the browser', () => {
  const env = siteAndBrowser();

  for (const lang of ['en', 'ja']) {
    const x = TEXT[lang];

    test(`the season board: the current season, the one before it final, steps between them (${lang})`, async () => {
      for (const viewport of SIZES) {
        const page = await openPage(env.browser, null, { viewport, timezoneId: 'UTC' });
        const asked = [];
        await page.route('**/api/leaderboard?*', (route) => {
          const q = new URL(route.request().url()).searchParams;
          asked.push(['mode', 'period', 'season'].map((k) => q.get(k) ?? '-').join(' '));
          const base = { board: 'points', mode: q.get('mode'), page: 1, limit: 50, min_games: 1 };
          if (q.get('period') !== 'season') {
            route.fulfill({ json: { ...base, period: q.get('period'), total: 0, rows: [] } });
            return;
          }
          const b = BOARDS[q.get('season') ?? '2026-12'];
          route.fulfill({ json: { ...base, ...b, period: 'season', season_months: 1, total: b.rows.length } });
        });
        await page.goto(`${env.site.url}/#/about`);
        await setLang(page, lang);
        await page.goto(`${env.site.url}/#/leaderboard/4p/all/1`);
        await page.locator('a.tab.on[data-tab="all"]').waitFor();
        const tab = page.locator('a.tab[data-tab="season"]');
        assert.equal(await tab.innerText(), x.tab);
        await tab.click();
        await page.waitForFunction(() => location.hash === '#/leaderboard/4p/season/1');

        const nav = page.locator('nav.season-nav[data-season="2026-12"]');
        await nav.waitFor();
        assert.equal(await nav.locator('.season-name').innerText(), x.dec);
        assert.match(await nav.locator('.season-state').innerText(), x.running);
        assert.equal(await nav.locator('[data-kind="season-next"]').count(), 0, 'no season after the current one');
        const rows = page.locator('table.leaderboard tbody tr');
        assert.deepEqual(await rows.evaluateAll((trs) => trs.map((tr) => tr.dataset.user)), [OTHER, ID]);
        assert.equal(await page.locator('a.tab.on[data-tab="season"]').count(), 1);
        await screenshot(page, `seasons-board-${lang}-${viewport.width}x${viewport.height}`);

        const back = nav.locator('[data-kind="season-prev"]');
        assert.equal(await back.innerText(), `‹ ${x.novShort}`);
        await back.click();
        await page.waitForFunction(() => location.hash === '#/leaderboard/4p/season-2026-11/1');
        const past = page.locator('nav.season-nav[data-season="2026-11"]');
        await past.waitFor();
        assert.equal(await past.locator('.season-name').innerText(), x.nov);
        assert.equal(await past.locator('.season-state').innerText(), x.final);
        assert.equal(await past.locator('[data-kind="season-prev"]').innerText(), `‹ ${x.octShort}`);
        assert.equal(await page.locator('a.tab.on[data-tab="season"]').count(), 1, 'a past season stays under the Season tab');
        assert.deepEqual(await page.locator('table.leaderboard tbody tr').evaluateAll((trs) => trs.map((tr) => tr.dataset.user)), [ID]);
        await past.locator('[data-kind="season-next"]').click();
        await page.waitForFunction(() => location.hash === '#/leaderboard/4p/season-2026-12/1');
        await page.locator('nav.season-nav[data-season="2026-12"]').waitFor();

        assert.deepEqual(asked, ['4p all -', '4p season -', '4p season 2026-11', '4p season 2026-12']);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
        assertNoProblems(page);
        await page.context().close();
      }
    });

    test(`a profile's seasons: newest first, the running one marked, ranks, each to its board (${lang})`, async () => {
      for (const viewport of SIZES) {
        const page = await openPage(env.browser, null, { viewport, timezoneId: 'UTC' });
        await page.route(`**/api/players/${ID}`, (route) => route.fulfill({ json: PROFILE }));
        await page.goto(`${env.site.url}/#/about`);
        await setLang(page, lang);
        await page.goto(`${env.site.url}/#/player/${ID}`);
        const section = page.locator('section.seasons[data-mode="4p"]');
        await section.waitFor();
        if (typeof x.heading === 'string') assert.equal(await section.locator('h2').innerText(), x.heading);
        else assert.match(await section.locator('h2').innerText(), x.heading);
        assert.equal(await page.locator('section.seasons[data-mode="3p"]').count(), 0, 'no seasons in 3-player: no section');
        const rows = section.locator('tbody tr');
        assert.equal(await rows.count(), 2);
        const running = rows.nth(0), older = rows.nth(1);
        assert.equal(await running.getAttribute('data-season'), '2026-10');
        assert.match(await running.locator('td a').innerText(), x.q4);
        assert.equal(await running.locator('.badge').innerText(), x.badge);
        assert.equal(await running.locator('.season-rank').innerText(), x.rankOf);
        assert.equal(await running.locator('td').nth(2).innerText(), '+12,000');
        assert.equal(await running.locator('td').nth(3).innerText(), '5');
        assert.match(await older.locator('td a').innerText(), x.q2);
        assert.equal(await older.locator('.badge').count(), 0, 'a season that is over carries no mark');
        assert.equal(await older.locator('.season-rank').innerText(), x.unranked);
        assert.equal(await older.locator('td').nth(2).innerText(), '−3,000');
        assert.equal(await running.locator('td a').getAttribute('href'), '#/leaderboard/4p/season-2026-10/1');
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
        await screenshot(page, `seasons-profile-${lang}-${viewport.width}x${viewport.height}`);
        assertNoProblems(page);
        await page.context().close();
      }
    });
  }
});
