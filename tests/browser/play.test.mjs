// play.test.mjs — the web client in Debian's chromium against the real server (fast clocks):
// a new visitor queues for 4p (sees the wait, cancels, queues again), plays the ranked match to
// the end only by clicking and pressing keys on what the page offers, sees the result, and finds
// it on the leaderboard and in their profile, and the match page offers both log downloads; the
// same for 3p, with a kita when one is offered; a reload in the middle of a hand brings the same
// table back; the language switch changes the texts. No page may log a console error.
// Screenshots go to $IPPON_BUILD_DIR/artifacts/browser/.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { startSite, launchBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { watchAsks, playToEnd, practiceUnderWay } from './player.mjs';

/** "+8,000" / "−8,000" / "0" as the page writes results */
function signed(n) {
  const s = Math.abs(n).toLocaleString('en-US');
  return n > 0 ? `+${s}` : n < 0 ? `−${s}` : '0';
}

/** my row of the result screen: { result, finalPoints } read from the page */
async function myResult(page) {
  const row = page.locator('.match-end .standings tr.me');
  await row.waitFor();
  const cells = await row.locator('td').allTextContents();
  return { finalPoints: cells.at(-2), result: cells.at(-1) };
}

/** the match_end event as the page received it over the WebSocket */
function watchMatchEnd(page) {
  const seen = { end: null };
  page.on('websocket', (ws) => ws.on('framereceived', ({ payload }) => {
    try {
      const m = JSON.parse(String(payload));
      if (m.type === 'event' && m.event.type === 'match_end') seen.end = m.event;
      if (m.type === 'match_found') seen.found = m;
    } catch { /* not JSON */ }
  }));
  return seen;
}

describe('the web client in a browser', () => {
  let site, browser;

  before(async () => {
    // a queued player waits 2 s before bots fill the table (bot_fill_after 20 × time_scale 0.1).
    // The player's clock is long (6 s a decision, a 30 s bank): the table never plays for the
    // test player, however slow a busy machine makes the browser (a reload, a late click), so
    // what it sees is what it did; bots still act at once and the calls' window is 70 ms.
    site = await startSite({ bot_fill_after: 20, clock_move_ms: 60_000, clock_bank_ms: 300_000 });
    browser = await launchBrowser();
  });

  after(async () => {
    if (browser) await browser.close();
    if (site) await site.stop();
  });

  test('4p: queue, cancel, queue again, play to the end by clicking, result on the leaderboard and profile', async () => {
    const started = Date.now();
    const page = await openPage(browser, site.url);
    const asks = watchAsks(page);
    const seen = watchMatchEnd(page);
    await page.locator('[data-kind="queue"][data-mode="4p"]').click();
    const panel = page.locator('.queue-panel');
    await panel.waitFor();
    assert.match(await panel.textContent(), /4-player/);
    await page.locator('[data-kind="cancel-queue"]').click();
    await panel.waitFor({ state: 'detached' });
    await page.locator('[data-kind="queue"][data-mode="4p"]').click();
    // the wait is shown until bots fill the table: on a slow machine it may be gone before it is seen
    await page.locator('.queue-panel .wait-secs, .board').first().waitFor();
    await page.locator('.board').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.board .layer').count(), 4);
    let shot = false;
    const stats = await playToEnd(page, asks, {
      onMove: async (s) => {
        if (!shot && s.discards >= 6) {
          shot = true;
          await screenshot(page, 'table-4p');
        }
      },
    });
    assert.ok(stats.moves > 0 && stats.checked > 0, JSON.stringify(stats));
    const mine = await myResult(page);
    assert.ok(seen.end && seen.found, 'match_end received');
    assert.equal(mine.result, signed(seen.end.results[seen.found.seat]));
    assert.equal(await page.locator('.match-end .standings tbody tr').count(), 4);
    await screenshot(page, 'result-4p');

    await page.locator('.match-end [data-kind="leaderboard"]').click();
    const me = page.locator('table.leaderboard tr.me');
    await me.waitFor();
    const cells = await me.locator('td').allTextContents();
    assert.equal(cells[2], '1', 'one game');
    assert.equal(cells[3], mine.result, 'the total is the match result');
    await screenshot(page, 'leaderboard');
    assertNoProblems(page, 'leaderboard');

    await me.locator('a').click();
    await page.locator('.profile-page').waitFor();
    assert.equal(await page.locator('.totals[data-mode="4p"] dd.games').textContent(), '1');
    assert.equal(await page.locator('.totals[data-mode="4p"] dd.total').textContent(), mine.result);
    assert.equal(await page.locator('section.history svg.chart').count(), 1, 'the cumulative chart');
    // the ranked match rated the player: one point of a rating chart, and Novice's standing moved
    assert.equal(await page.locator('section.rating-history[data-mode="4p"] svg.chart').count(), 1, 'the rating chart');
    assert.match(await page.locator('.standing[data-mode="4p"] .rated-games').textContent(), /1/);
    await screenshot(page, 'profile');

    await page.locator('.recent-matches tbody tr a').first().click();
    await page.locator('.match-page').waitFor();
    const id = seen.found.table;
    assert.equal(await page.locator('a[data-kind="tenhou"]').getAttribute('href'), `/api/matches/${id}?format=tenhou`);
    assert.equal(await page.locator('a[data-kind="mjai"]').getAttribute('href'), `/api/matches/${id}?format=mjai`);
    // the log routes: once the server serves them as downloads, both buttons must download
    const res = await page.request.get(`${site.url}/api/matches/${id}?format=tenhou`);
    if (res.headers()['content-disposition']) {
      for (const kind of ['tenhou', 'mjai']) {
        const [download] = await Promise.all([page.waitForEvent('download'), page.locator(`a[data-kind="${kind}"]`).click()]);
        const body = await fs.readFile(await download.path(), 'utf8');
        assert.ok(body.length > 0 && body.includes(kind === 'tenhou' ? '"log"' : '"start_game"'), `the ${kind} log downloads`);
      }
      console.log('# both match logs downloaded');
    }
    await screenshot(page, 'match');
    assertNoProblems(page, 'the 4p pages');
    await page.context().close();
    console.log(`# 4p match in the browser: ${stats.moves} moves, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  test('3p: a ranked match to the end, with kita when offered', async () => {
    const started = Date.now();
    const page = await openPage(browser, site.url);
    const asks = watchAsks(page);
    let kita = 0, matches = 0;
    // a North is not dealt every match: play again (through the result screen) until one was set aside
    for (; matches < 4 && kita === 0; matches++) {
      if (matches === 0) await page.locator('[data-kind="queue"][data-mode="3p"]').click();
      else await page.locator('.match-end [data-kind="again"]').click();
      await page.locator('.board.p3').waitFor({ timeout: 15_000 });
      assert.equal(await page.locator('.board .layer').count(), 3);
      const stats = await playToEnd(page, asks);
      kita += stats.kita;
    }
    assert.ok(kita > 0, `a kita in ${matches} matches`);
    await myResult(page);
    await screenshot(page, 'result-3p');
    await page.locator('.match-end [data-kind="leaderboard"]').click();
    await page.locator('.tabs a.tab.on[data-tab="3p"]').waitFor();
    const row = page.locator('table.leaderboard tr.me');
    await row.waitFor();
    assert.equal((await row.locator('td').allTextContents())[2], String(matches));
    await row.locator('a').click();
    assert.equal(await page.locator('.totals[data-mode="3p"] dd.games').textContent(), String(matches));
    assertNoProblems(page, 'the 3p pages');
    await page.context().close();
    console.log(`# 3p: ${matches} match(es), ${kita} kita, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  test('a reload in the middle of a hand restores the table (a phone on its side)', async () => {
    const page = await openPage(browser, site.url, { viewport: { width: 844, height: 390 }, touch: true });
    const asks = watchAsks(page);
    // discard a couple of tiles first so the ponds have something to restore
    await practiceUnderWay(page);
    const before = await page.evaluate(() => ({
      hand: [...document.querySelectorAll('.hand-tile')].map((b) => b.dataset.tile).sort(),
      ponds: [...document.querySelectorAll('.board .layer')].map((l) => `${l.dataset.seat}:${[...l.querySelectorAll('.river .tile svg')].map((x) => x.getAttribute('aria-label')).join(',')}`).sort(),
      round: document.querySelector('.center .round').textContent,
    }));
    await page.reload();
    await page.locator('.table-page.my-turn').waitFor({ timeout: 15_000 });
    const after = await page.evaluate(() => ({
      hand: [...document.querySelectorAll('.hand-tile')].map((b) => b.dataset.tile).sort(),
      ponds: [...document.querySelectorAll('.board .layer')].map((l) => `${l.dataset.seat}:${[...l.querySelectorAll('.river .tile svg')].map((x) => x.getAttribute('aria-label')).join(',')}`).sort(),
      round: document.querySelector('.center .round').textContent,
    }));
    assert.ok(before.ponds.some((p) => p.split(':')[1].length > 0), 'something was discarded');
    assert.deepEqual(after, before, 'the same hand, ponds and round after the reload');
    await screenshot(page, 'table-phone');
    await playToEnd(page, asks, { riichi: false });
    assert.match(await page.locator('.match-end').textContent(), /not count/);
    assertNoProblems(page, 'the reloaded table');
    await page.context().close();
  });

  test('the language switch changes the texts and is remembered', async () => {
    const page = await openPage(browser, `${site.url}/#/leaderboard`);
    await page.locator('.leaderboard-page h1').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'en');
    assert.equal(await page.locator('.leaderboard-page h1').textContent(), 'Leaderboard');
    const nav = async () => page.locator('#nav').textContent();
    assert.match(await nav(), /Leaderboard/);
    await page.locator('#lang').click();
    assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
    assert.equal(await page.locator('.leaderboard-page h1').textContent(), 'ランキング');
    assert.match(await nav(), /ランキング/);
    await page.goto(`${site.url}/#/`);
    await page.reload();
    await page.locator('.lobby').waitFor();
    assert.equal(await page.locator('html').getAttribute('lang'), 'ja');
    assert.match(await page.locator('.lobby').textContent(), /練習/);
    await screenshot(page, 'lobby-ja');
    await page.locator('#lang').click();
    assert.match(await page.locator('.lobby').textContent(), /Practice/);
    for (const path of ['/#/about', '/#/login', '/#/register', '/#/leaderboard/3p/week/1']) {
      await page.goto(`${site.url}${path}`);
      await page.locator('main#app > *').first().waitFor();
    }
    assertNoProblems(page, 'the other pages');
    await page.context().close();
  });
});
