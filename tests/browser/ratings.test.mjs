// ratings.test.mjs — the ratings in the browser, in English and Japanese, with hand-written API
// replies (page.route) whose numbers are chosen here: the profile shows per mode the dan's name,
// the rank points with a bar to the next tier (215 of 400 at 1 dan, ladder.h's table), the
// rating with its uncertainty ("1523 ± 64", provisional) and a chart of the rating from the
// history; a mode never played shows the initial standing (Novice, 0 / 20, 1500 ± 200). The
// leaderboard's Rating and Dan boards ask the server for their board, list the provisional
// players apart (their own tab and request), and the points board keeps its periods. After a
// ranked match the result shows the rating before → after and the rank points ± with the bar,
// once the history entry for the match appears (the first answer lacks it: the page asks again);
// a practice match shows none. Screenshots at 1366×768 and 390×844 (the result also at 844×390):
// ratings-profile-*.png, ratings-board-*.png, ratings-result-*.png.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { siteAndBrowser, openPage, assertNoProblems, screenshot, setLang } from './browser.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ID = 'ab'.repeat(16);
const MATCH = 'cd'.repeat(16);

const dan = (tier, id, en, ja, promote_at, demotes) => ({ tier, id, name: { en, ja }, promote_at, demotes });
const NOVICE = dan(0, 'novice', 'Novice', '新人', 20, false);
const KYU9 = dan(1, '9k', '9 kyu', '9級', 20, false);
const DAN1 = dan(10, '1d', '1 dan', '初段', 400, true);
const DAN5 = dan(14, '5d', '5 dan', '五段', 2000, true);

const PROFILE = {
  user_id: ID, display_name: 'Rin', created_at: 1796000000,
  modes: {
    '4p': { games: 3, total: 12000, average: 4000, wins: 1, win_rate: 1 / 3, best: 9000 },
    '3p': { games: 0, total: 0, average: 0, wins: 0, win_rate: 0, best: null },
  },
  history: { '4p': [{ ended_at: 1796000001000, cumulative: 9000 }, { ended_at: 1796000002000, cumulative: 12000 }], '3p': [] },
  recent: [],
  ratings: {
    '4p': { rating: 1523, uncertainty: 64, provisional: true, dan: DAN1, rank_points: 215, games: 41 },
    '3p': { rating: 1500, uncertainty: 200, provisional: true, dan: NOVICE, rank_points: 0, games: 0 },
  },
};

const entry = (seq, match_id, before, after, sBefore, sAfter, danBefore, danAfter, pBefore, pAfter, delta) => ({
  seq, match_id, ended_at: 1796000000000 + seq * 1000, rating_before: before, rating_after: after,
  uncertainty_before: sBefore, uncertainty_after: sAfter, dan_before: danBefore, dan_after: danAfter,
  rank_points_before: pBefore, rank_points_after: pAfter, rank_points_delta: delta,
});

/** the 4p history, newest first: the chart ends at 1523.4 */
const HISTORY = {
  entries: [
    entry(3, 'c3'.repeat(16), 1510.2, 1523.4, 66.1, 64.2, DAN1, DAN1, 200, 215, 15),
    entry(2, 'c2'.repeat(16), 1496.0, 1510.2, 68.0, 66.1, DAN1, DAN1, 190, 200, 10),
    entry(1, 'c1'.repeat(16), 1505.5, 1496.0, 70.0, 68.0, DAN1, DAN1, 210, 190, -20),
  ],
  next_before: null, player: ID, mode: '4p', limit: 100,
};

const row = (rank, user_id, name, rating, uncertainty, provisional, d, rank_points, games) =>
  ({ rank, user_id, display_name: name, rating, uncertainty, provisional, dan: d, rank_points, games });
const BOARDS = {
  established: [row(1, 'e1'.repeat(16), 'Hana', 1912, 41, false, DAN5, 1650, 903), row(2, ID, 'Rin', 1801, 70, false, DAN1, 215, 140)],
  provisional: [row(1, 'p1'.repeat(16), 'Sora', 1580, 140, true, KYU9, 5, 3)],
};

const TEXT = {
  en: { dan1: '1 dan', novice: 'Novice', bar: '215 / 400 rank points', bar3p: '0 / 20 rank points', prov: 'provisional',
    rating: 'Rating', danTab: 'Dan', provTab: 'Provisional', points: 'Points', allTime: 'All time', dan5: '5 dan',
    delta: '+21 rank points', promoted: 'promoted', kyu9: '9 kyu', barAfter: '0 / 20 rank points' },
  ja: { dan1: '初段', novice: '新人', bar: '215 / 400 ポイント', bar3p: '0 / 20 ポイント', prov: '暫定',
    rating: 'レート', danTab: '段位', provTab: '暫定', points: '収支', allTime: '全期間', dan5: '五段',
    delta: '+21 ポイント', promoted: '昇格', kyu9: '9級', barAfter: '0 / 20 ポイント' },
};
const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }];

describe('the ratings in the browser', () => {
  const env = siteAndBrowser();

  for (const lang of ['en', 'ja']) {
    const x = TEXT[lang];

    test(`the profile: dan, rank points, rating ± uncertainty and the rating chart (${lang})`, async () => {
      for (const viewport of SIZES) {
        const page = await openPage(env.browser, null, { viewport, timezoneId: 'UTC' });
        const asked = [];
        await page.route(`**/api/players/${ID}`, (route) => route.fulfill({ json: PROFILE }));
        await page.route(`**/api/players/${ID}/ratings?*`, (route) => {
          asked.push(new URL(route.request().url()).searchParams.get('mode'));
          route.fulfill({ json: HISTORY });
        });
        await page.goto(`${env.site.url}/#/about`);
        await setLang(page, lang);
        await page.goto(`${env.site.url}/#/player/${ID}`);
        const four = page.locator('.standing[data-mode="4p"]'), three = page.locator('.standing[data-mode="3p"]');
        await four.waitFor();
        assert.equal(await four.locator('.dan-name').innerText(), x.dan1);
        assert.equal(await four.locator('.tier-points').innerText(), x.bar);
        assert.deepEqual([await four.locator('progress').getAttribute('max'), await four.locator('progress').getAttribute('value')], ['400', '215']);
        assert.equal(await four.locator('.rating-value').innerText(), '1523 ± 64');
        assert.equal(await four.locator('.badge.provisional').innerText(), x.prov);
        assert.equal(await three.locator('.dan-name').innerText(), x.novice);
        assert.equal(await three.locator('.tier-points').innerText(), x.bar3p);
        assert.equal(await three.locator('.rating-value').innerText(), '1500 ± 200');
        // the chart: only the mode with rated games asks for its history; it ends at 1523.4 → 1523
        const chart = page.locator('.rating-history[data-mode="4p"] svg');
        await chart.waitFor();
        assert.match(await chart.getAttribute('aria-label'), /: 1523$/);
        assert.equal(await chart.locator('circle').count(), 3);
        assert.deepEqual(asked, ['4p']);
        assert.equal(await page.locator('.rating-history[data-mode="3p"]').count(), 0);
        assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, 'no sideways scroll');
        await screenshot(page, `ratings-profile-${lang}-${viewport.width}x${viewport.height}`);
        assertNoProblems(page);
        await page.context().close();
      }
    });

    test(`the leaderboard's Rating and Dan boards, provisional players apart (${lang})`, async () => {
      for (const viewport of SIZES) {
        const page = await openPage(env.browser, null, { viewport });
        const asked = [];
        await page.route('**/api/leaderboard?*', (route) => {
          const q = new URL(route.request().url()).searchParams;
          asked.push(['board', 'mode', 'period', 'provisional'].map((k) => q.get(k) ?? '-').join(' '));
          const board = q.get('board');
          if (!board) {
            route.fulfill({ json: { total: 0, rows: [], board: 'points', mode: q.get('mode'), period: q.get('period'), page: 1, limit: 50, min_games: 1 } });
            return;
          }
          const provisional = q.get('provisional') === '1';
          const rows = BOARDS[provisional ? 'provisional' : 'established'];
          route.fulfill({ json: { total: rows.length, rows, board, mode: q.get('mode'), period: 'all', provisional, page: 1, limit: 50 } });
        });
        await page.goto(`${env.site.url}/#/about`);
        await setLang(page, lang);
        await page.goto(`${env.site.url}/#/leaderboard/4p/rating/1`);
        const rows = page.locator('table.rated-board tbody tr');
        await rows.first().waitFor();
        assert.equal(await rows.count(), 2);
        assert.deepEqual(await rows.nth(0).locator('td').allInnerTexts(), ['1', 'Hana', x.dan5, '1650', '1912 ± 41', '903']);
        assert.equal(await page.locator('nav.tabs a.tab.on[data-tab="rating"]').count(), 1);
        await page.locator('a.tab[data-tab="provisional"]').click();
        await page.waitForFunction(() => location.hash === '#/leaderboard/4p/rating-provisional/1');
        await page.locator('table.rated-board tbody tr[data-user="' + 'p1'.repeat(16) + '"]').waitFor();
        assert.deepEqual(await page.locator('table.rated-board tbody tr').first().locator('td').allInnerTexts(),
          ['1', 'Sora', x.kyu9, '5', '1580 ± 140', '3']);
        await screenshot(page, `ratings-board-${lang}-${viewport.width}x${viewport.height}`);
        await page.locator('a.tab[data-tab="dan"]').click();
        await page.waitForFunction(() => location.hash === '#/leaderboard/4p/dan/1');
        await page.locator('.leaderboard-page[data-board="dan"] table.rated-board').waitFor();
        await page.locator('a.tab[data-tab="points"]').click();
        await page.locator(`a.tab.on[data-tab="all"]`).waitFor();
        assert.equal(await page.locator('a.tab[data-tab="all"]').innerText(), x.allTime);
        assert.deepEqual(asked, ['rating 4p - 0', 'rating 4p - 1', 'dan 4p - 0', '- 4p all -']);
        assertNoProblems(page);
        await page.context().close();
      }
    });

    test(`a ranked match's result: rating before → after, rank points ± and the bar (${lang})`, async () => {
      const win = JSON.parse(await fs.readFile(path.join(HERE, 'fixtures', 'win.json'), 'utf8'));
      for (const viewport of [...SIZES, { width: 844, height: 390 }]) { // and a phone on its side, the table's own
        const page = await openPage(env.browser, `${env.site.url}/#/about`, { viewport });
        await setLang(page, lang);
        const me = await page.evaluate(async () => (await (await import('/js/session.js')).continueAsGuest()).id);
        let asks = 0;
        const mine = entry(7, MATCH, 1500, 1523.25, 200, 180.5, NOVICE, KYU9, 16, 0, 21);
        await page.route(`**/api/players/${me}/ratings?*`, (route) => {
          asks += 1; // the first answer comes before the store wrote the match
          route.fulfill({ json: { entries: asks === 1 ? [] : [mine], next_before: null, player: me, mode: '4p', limit: 5 } });
        });
        await page.evaluate(async ({ messages, match, ranked }) => {
          const { newGame, applyEvent } = await import('/js/game.js');
          const { matchEndEl } = await import('/js/results.js');
          const g = newGame({ ...messages[0], table: match, ranked });
          for (const m of messages.slice(1)) if (m.type === 'event') applyEvent(g, m.event);
          const noop = () => {};
          document.getElementById('app').replaceChildren(matchEndEl(g, { onLobby: noop, onAgain: noop, onLeaderboard: noop }));
        }, { messages: win, match: MATCH, ranked: true });
        const box = page.locator('.rank-change-box');
        await box.locator('.rating-change').waitFor();
        assert.ok(asks >= 2, 'asked again until the entry appeared');
        assert.equal(await box.locator('.rating-change').innerText(), `${x.rating} 1500 → 1523 ± 181`);
        assert.equal(await box.locator('.rank-delta').innerText(), x.delta);
        assert.equal(await box.locator('.badge.promoted').innerText(), x.promoted);
        assert.equal(await box.locator('.rank-change .dan-name').innerText(), x.kyu9);
        assert.equal(await box.locator('.tier-points').innerText(), x.barAfter);
        await page.locator('.match-end .rank-change-box').scrollIntoViewIfNeeded();
        await screenshot(page, `ratings-result-${lang}-${viewport.width}x${viewport.height}`);

        // a practice match: no line, and nothing asked
        const before = asks;
        await page.evaluate(async ({ messages }) => {
          const { newGame, applyEvent } = await import('/js/game.js');
          const { matchEndEl } = await import('/js/results.js');
          const g = newGame({ ...messages[0], ranked: false, practice: true });
          for (const m of messages.slice(1)) if (m.type === 'event') applyEvent(g, m.event);
          const noop = () => {};
          document.getElementById('app').replaceChildren(matchEndEl(g, { onLobby: noop, onAgain: noop, onLeaderboard: noop }));
        }, { messages: win });
        await page.locator('.match-end').waitFor();
        assert.equal(await page.locator('.rank-change-box').count(), 0);
        assert.equal(asks, before);
        assertNoProblems(page);
        await page.context().close();
      }
    });
  }
});
