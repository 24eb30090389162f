// room_wait.test.mjs — a room join refused for too many codes that led nowhere, as the room page
// shows it (web/js/room.js, play.js; PROTOCOL.md, "Private tables"): a server that allows one
// wrong code per address and account (room_join_fails_per_address and _per_account 1: then one
// more every 10 minutes); a player types a wrong code into the lobby's join box (no such table),
// then another: the page says how long to wait, in seconds, and counts down; in Japanese too. With
// the page's clock moved past the wait it offers to try again, and trying asks the server again
// (which, its own clock not moved, refuses again with a new wait).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, assertNoProblems, screenshot } from './browser.mjs';

describe('a room join past the limit on wrong codes', () => {
  const env = siteAndBrowser({ room_join_fails_per_address: 1, room_join_fails_per_account: 1 });

  async function open(locale) {
    const context = await env.browser.newContext({ viewport: { width: 1280, height: 900 }, locale });
    const page = await context.newPage();
    page.problems = [];
    page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
    await page.clock.install(); // the page's own clock, moved by the test
    await page.goto(env.site.url);
    return page;
  }

  async function typeCode(page, code) {
    await page.goto(env.site.url);
    await page.locator('.friends-card input[data-field="code"]').fill(code);
    await page.locator('[data-kind="join-room"]').click();
  }

  const seconds = (text) => Number(/(\d+)/.exec(text)?.[1]);

  test('the wait is shown and counted down, then a retry asks again', async () => {
    const page = await open('en-US');
    await typeCode(page, 'ZZZZZ2');
    await page.locator('.room-page .error[data-error="no_room"]').waitFor();
    await typeCode(page, 'ZZZZZ3');
    const waiting = page.locator('.room-page .error[data-error="rate_limited"]');
    await waiting.waitFor();
    const first = await waiting.innerText();
    assert.match(first, /try again in \d+ s/);
    assert.ok(seconds(first) > 500 && seconds(first) <= 600, first);
    assert.equal(await page.locator('[data-kind="retry-join"]').count(), 0, 'no retry during the wait');
    await screenshot(page, 'room-rate-limited');
    await page.clock.fastForward(5_000);
    await page.waitForFunction((before) => {
      const n = Number(/(\d+)/.exec(document.querySelector('.room-page .error')?.textContent ?? '')?.[1]);
      return n > 0 && n <= before - 4;
    }, seconds(first));

    await page.clock.fastForward(600_000);
    await page.locator('[data-kind="retry-join"]').waitFor();
    assert.match(await waiting.innerText(), /try again now/);
    await page.locator('[data-kind="retry-join"]').click();
    await page.waitForFunction(() => /in \d+ s/.test(document.querySelector('.room-page .error')?.textContent ?? ''));
    assert.ok(seconds(await waiting.innerText()) > 0, 'refused again, with a new wait');
    assertNoProblems(page);
  });

  test('in Japanese', async () => {
    const page = await open('ja-JP');
    await typeCode(page, 'ZZZZZ4'); // the address is limited already
    const waiting = page.locator('.room-page .error[data-error="rate_limited"]');
    await waiting.waitFor();
    const text = await waiting.innerText();
    assert.match(text, /あと\d+秒で再試行できます/);
    assert.ok(seconds(text) > 0);
    assertNoProblems(page);
  });
});
