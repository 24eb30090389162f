// bot_ladder.test.mjs — the bot ladder's page (#/bots, web/js/botladder.js) on the real server: first
// empty ("no bot has played a ladder match yet", no sets), then with ladder_seed.mjs's ladder
// written into its database (../integration/ladder_seed.mjs: two 4p sets and a one-rotation one,
// a 3p set, a deleted bot, a suspended one). Reached from the header's link; at 1366×768 and
// 390×844 the 4p board's rows in order with their ranks, rating "mu ± sigma" rounded, provisional
// marks, averages, complete sets, the suspended and retired marks (the owner, matches, win rate and
// sets on the desktop; on the phone those columns give way and nothing scrolls sideways); the
// recent sets, each with its bots in set-total order, their result per rotation linking to that
// match's page, "–" for a rotation not played, the set total; the 3p tab; older sets loaded below
// the newer ones; Japanese at 390×844; a bot's profile with its ladder standings; a set's link
// opening the match page. Screenshots in
// build/…/artifacts/browser and, to look at by hand, /tmp/ippon-shots/. No console errors.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { startSite, launchBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { haveSqlite3 } from '../integration/harness.mjs';
import { BOTS, OWNERS, SETS, ladderSeedSql, matchId, runRecordsSql } from '../integration/ladder_seed.mjs';

const SHOTS = '/tmp/ippon-shots';
const SIZES = [[1366, 768], [390, 844]];

/** a screenshot as the other browser tests save it, and a copy in SHOTS */
async function shot(page, name) {
  const file = await screenshot(page, name);
  await fs.mkdir(SHOTS, { recursive: true });
  await fs.copyFile(file, path.join(SHOTS, `${name}.png`));
}

/* the 4p board as the page shows it, worked from the seed: [name, rank, rating, provisional,
   average, owner, matches, win rate, sets, marks] */
const BOARD_4P = [
  ['Alpha', '1', '1621 ± 90', false, '+1,000', 'Aki', '7', '28.6%', '1', []],
  ['Bravo', '2', '1580 ± 70', false, '−429', 'Aki', '7', '28.6%', '1', []],
  ['Charlie', '3', '1580 ± 131', true, '+167', 'Aki', '6', '16.7%', '1', []],
  ['Delta', '4', '1491 ± 110', false, '0', 'Bea', '5', '40.0%', '1', ['Retired']],
  ['Echo', '5', '1400 ± 150', true, '−1,667', 'Bea', '3', '0.0%', '0', ['Suspended']],
];

/* the 4p sets, newest first: [complete, rows: [bot, [rotation results or null], total]] */
const SETS_4P = [
  [false, [['Alpha', [[5, '−2,000'], [6, '+5,000'], null, null], '+3,000'], ['Bravo', [[5, '+3,000'], [6, '−3,000'], null, null], '0'],
    ['Charlie', [[5, '+1,000'], [6, '−1,000'], null, null], '0'], ['Echo', [[5, '−2,000'], [6, '−1,000'], null, null], '−3,000']]],
  [true, [['Alpha', [[1, '+12,000'], [2, '−8,000'], [3, '+2,000'], [4, '−1,000']], '+5,000'],
    ['Charlie', [[1, '−3,000'], [2, '−1,000'], [3, '+7,000'], [4, '−2,000']], '+1,000'],
    ['Bravo', [[1, '−4,000'], [2, '+10,000'], [3, '−6,000'], [4, '−1,000']], '−1,000'],
    ['Delta', [[1, '−5,000'], [2, '−1,000'], [3, '−3,000'], [4, '+4,000']], '−5,000']]],
  [false, [['Delta', [[10, '+5,000'], null, null, null], '+5,000'], ['Alpha', [[10, '−1,000'], null, null, null], '−1,000'],
    ['Bravo', [[10, '−2,000'], null, null, null], '−2,000'], ['Echo', [[10, '−2,000'], null, null, null], '−2,000']]],
];

/** the texts of a locator's matches */
const texts = (loc) => loc.allInnerTexts().then((a) => a.map((s) => s.trim()));

/** nothing wider than the window (the page does not scroll sideways), and each set's table inside its card */
async function assertNoSideways(page, what) {
  const [scroll, client] = await page.evaluate(() => [document.documentElement.scrollWidth, document.documentElement.clientWidth]);
  assert.ok(scroll <= client, `${what}: the page is ${scroll} px wide in a ${client} px window`);
  const over = await page.locator('.ladder-set').evaluateAll((cards) => cards
    .map((c) => [c.dataset.set, c.querySelector('table').getBoundingClientRect().right - c.getBoundingClientRect().right])
    .filter(([, by]) => by > 0.5));
  assert.deepEqual(over, [], `${what}: set tables wider than their cards`);
}

describe('the bot ladder page', { skip: !haveSqlite3() && 'no sqlite3 shell' }, () => {
  let site, browser;
  before(async () => {
    site = await startSite();
    browser = await launchBrowser();
  });
  after(async () => {
    if (browser) await browser.close();
    if (site) await site.stop();
  });

  test('empty: the page says no bot has played and no set exists; then the ladder is written', async () => {
    const page = await openPage(browser, `${site.url}/#/`);
    await page.click('#nav a[href="#/bots"]');
    await page.locator('.bot-ladder-page h1', { hasText: 'Bot ladder' }).waitFor();
    await page.locator('.empty-board', { hasText: 'No bot has played a ladder match in this mode yet.' }).waitFor();
    await page.locator('.empty-sets', { hasText: 'No set has been played in this mode yet.' }).waitFor();
    assert.equal(await page.locator('#nav a[href="#/bots"]').getAttribute('aria-current'), 'page');
    assert.equal(await page.locator('.ladder-enter code').innerText(), '/mjai?room=ladder&mode=4p');
    assert.equal(await page.locator('.ladder-enter a[data-kind=make-bot]').getAttribute('href'), '#/account');
    await shot(page, 'bot-ladder-empty');
    assertNoProblems(page);
    await page.context().close();
    runRecordsSql({ dir: site.dir, config: path.join(site.dir, 'ippon.json') }, ladderSeedSql());
  });

  for (const [width, height] of SIZES) {
    const phone = width < 500;
    test(`${width}×${height}: the 4p board, its recent sets and their links`, async () => {
      const page = await openPage(browser, `${site.url}/#/bots`, { viewport: { width, height }, touch: phone });
      const rows = page.locator('.ladder-board tbody tr');
      await rows.first().waitFor();
      assert.equal(await rows.count(), 5);
      for (const [i, [name, rank, rating, provisional, average, owner, matches, winRate, sets, marks]] of BOARD_4P.entries()) {
        const row = rows.nth(i);
        assert.equal(await row.getAttribute('data-user'), BOTS[name.toLowerCase()].id);
        assert.equal(await row.locator('.col-rank').innerText(), rank);
        assert.equal(await row.locator('.col-bot a').innerText(), name);
        assert.equal(await row.locator('.col-bot a').getAttribute('href'), `#/player/${BOTS[name.toLowerCase()].id}`);
        assert.equal(await row.locator('.col-bot .bot-badge').innerText(), 'BOT');
        assert.deepEqual(await texts(row.locator('.col-bot .badge:not(.bot-badge)')), marks, `${name}'s marks`);
        assert.equal(await row.locator('.col-rating .rating-value').innerText(), rating);
        assert.equal(await row.locator('.col-rating .provisional').count(), provisional ? 1 : 0, `${name} provisional`);
        assert.equal(await row.locator('.col-average').innerText(), average);
        const desktopOnly = [['.col-owner', owner], ['.col-matches', matches], ['.col-win_rate', winRate], ['.col-sets', sets]];
        for (const [cls, value] of desktopOnly) {
          assert.equal(await row.locator(cls).isVisible(), !phone, `${cls} shown on the desktop only`);
          if (!phone) assert.equal(await row.locator(cls).innerText(), value, `${name} ${cls}`);
        }
      }
      if (!phone) assert.equal(await rows.nth(3).locator('.col-owner a').getAttribute('href'), `#/player/${OWNERS.bea}`);

      const sets = page.locator('.ladder-set');
      await sets.first().waitFor();
      assert.equal(await sets.count(), 3);
      for (const [i, [complete, setRows]] of SETS_4P.entries()) {
        const set = sets.nth(i);
        assert.equal(await set.getAttribute('data-complete'), String(complete));
        assert.equal(await set.locator(complete ? '.set-complete' : '.set-incomplete').innerText(),
          complete ? 'complete' : `${setRows[0][1].filter(Boolean).length} of 4 rotations`);
        assert.deepEqual(await texts(set.locator('thead th')), ['Bot', 'R1', 'R2', 'R3', 'R4', 'Set total']);
        const trs = set.locator('tbody tr');
        assert.equal(await trs.count(), setRows.length);
        for (const [j, [bot, results, totalText]] of setRows.entries()) {
          const tr = trs.nth(j);
          assert.equal(await tr.locator('.set-bot a').innerText(), bot);
          const cells = tr.locator('td');
          for (const [r, cell] of results.entries()) {
            const td = cells.nth(r);
            if (cell === null) {
              assert.equal(await td.innerText(), '–', `${bot} R${r + 1} not played`);
              assert.equal(await td.locator('a').count(), 0);
            } else {
              assert.equal(await td.locator('a').innerText(), cell[1], `${bot} R${r + 1}`);
              assert.equal(await td.locator('a').getAttribute('href'), `#/match/${matchId(cell[0])}`);
            }
          }
          assert.equal(await tr.locator('.set-total').innerText(), totalText, `${bot}'s set total`);
        }
      }
      assert.equal(await page.locator('[data-kind=older-sets]').count(), 0, 'three sets: no older ones to load');
      await shot(page, `bot-ladder-4p-${width}x${height}`);
      await assertNoSideways(page, `#/bots at ${width}×${height}`);

      // the 3p tab: its own board and set
      await page.click('.tabs a[data-tab="3p"]');
      await page.locator('.bot-ladder-page[data-mode="3p"] .ladder-board').waitFor();
      assert.deepEqual(await texts(page.locator('.ladder-board tbody .col-bot a')), ['Bravo', 'Alpha', 'Charlie']);
      await page.locator('.ladder-set').first().waitFor();
      assert.equal(await page.locator('.ladder-set').count(), 1);
      assert.deepEqual(await texts(page.locator('.ladder-set thead th')), ['Bot', 'R1', 'R2', 'R3', 'Set total']);
      assert.deepEqual(await texts(page.locator('.ladder-set .set-total')), ['+3,000', '+1,000', '−4,000']);
      assert.equal(await page.locator('.ladder-enter code').innerText(), '/mjai?room=ladder&mode=3p');
      await shot(page, `bot-ladder-3p-${width}x${height}`);
      await assertNoSideways(page, `#/bots/3p at ${width}×${height}`);
      assertNoProblems(page);
      await page.context().close();
    });
  }

  test('older sets load below the newer ones, a page at a time', async () => {
    const page = await openPage(browser, null, { viewport: { width: 1366, height: 768 } });
    // pages of two sets instead of five: the first stops before S1 and S0 (one millisecond), the button loads them
    await page.route('**/api/ladder/sets?*', (route) => route.continue({ url: route.request().url().replace('limit=5', 'limit=2') }));
    await page.goto(`${site.url}/#/bots/4p`);
    await page.locator('.ladder-set').first().waitFor();
    assert.equal(await page.locator('.ladder-set').count(), 1);
    await page.click('[data-kind=older-sets]');
    await page.locator('.ladder-set').nth(2).waitFor();
    assert.deepEqual(await page.locator('.ladder-set').evaluateAll((els) => els.map((e) => e.dataset.set)),
      [SETS.s2, SETS.s1, SETS.s0]);
    assert.equal(await page.locator('[data-kind=older-sets]').count(), 0, 'no older sets left');
    assertNoProblems(page);
    await page.context().close();
  });

  test('in Japanese at 390×844', async () => {
    const page = await openPage(browser, `${site.url}/#/bots/4p`, { viewport: { width: 390, height: 844 }, locale: 'ja-JP', touch: true });
    await page.locator('.bot-ladder-page h1', { hasText: 'ボットラダー' }).waitFor();
    await page.locator('.ladder-board tbody tr').first().waitFor();
    assert.equal(await page.locator('.ladder-board tbody tr').first().locator('.bot-badge').innerText(), 'ボット');
    assert.equal(await page.locator('.ladder-board thead .col-rating').innerText(), 'レート');
    await page.locator('.ladder-set').first().waitFor();
    assert.equal(await page.locator('.ladder-set .set-incomplete').first().innerText(), '2 / 4 ローテーション');
    assert.equal(await page.locator('#nav a[href="#/bots"]').innerText(), 'ボットラダー');
    await shot(page, 'bot-ladder-ja-390x844');
    await assertNoSideways(page, '#/bots in Japanese');
    assertNoProblems(page);
    await page.context().close();
  });

  test("a bot's profile shows its ladder standings; a set's result opens its match page", async () => {
    const page = await openPage(browser, `${site.url}/#/player/${BOTS.alpha.id}`, { viewport: { width: 1366, height: 768 } });
    const standings = page.locator('.ladder-standing');
    await standings.first().waitFor();
    assert.deepEqual(await standings.evaluateAll((els) => els.map((e) => e.dataset.mode)), ['4p', '3p']);
    const value = (mode, key) => page.locator(`.ladder-standing[data-mode="${mode}"] [data-key="${key}"] dd`).innerText();
    assert.equal(await value('4p', 'rank'), '#1');
    assert.equal(await value('4p', 'rating'), '1621 ± 90');
    assert.equal(await value('4p', 'points'), '+7,000');
    assert.equal(await value('4p', 'sets'), '1');
    assert.equal(await value('3p', 'rank'), '#2');
    assert.equal(await value('3p', 'matches'), '3');
    await shot(page, 'bot-ladder-profile');

    // Echo has no 3p standing: only its 4p one
    await page.goto(`${site.url}/#/player/${BOTS.echo.id}`);
    await page.locator('.ladder-standing[data-mode="4p"]').waitFor();
    assert.equal(await page.locator('.ladder-standing').count(), 1);
    assert.equal(await value('4p', 'rank'), '#5');

    await page.goto(`${site.url}/#/bots/4p/1`);
    const link = page.locator('.ladder-set').nth(1).locator('tbody tr').first().locator('a[data-rotation="2"]');
    await link.click();
    assert.equal(new URL(page.url()).hash, `#/match/${matchId(3)}`);
    await page.locator('.match-page h1', { hasText: '4-player match' }).waitFor();
    await page.locator('.match-page', { hasText: 'Charlie' }).waitFor();
    assertNoProblems(page);
    await page.context().close();
  });
});
