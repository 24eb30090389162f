// admin.test.mjs — the admin area in a real browser (Debian's chromium through playwright-core):
// an administrator made with `ippon admin create` signs in at /admin/, bans a player, voids a
// ranked match, changes a setting, and finds each of the three in the audit log with the reason
// given; the effects are checked over REST (the player cannot sign in, the match left the
// leaderboard, the setting is stored). Then the area is shown in Japanese. The Live view (with a
// running table, watched) never shows "null" or "undefined", draws the watched table's tiles (no
// codes like "3z"), and refreshes itself: a table opened later shows up without a click, but not
// while the page is hidden, and at once when it is shown again; a practice match offers no Void.
// No console errors.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import WebSocket from 'ws';
import { BIN, eventually, request, withDeadline } from '../integration/harness.mjs';
import { startSite, launchBrowser, openPage, assertNoProblems, pastClientMoment, screenshot, playOverSocket } from './browser.mjs';

const PASSWORD = 'Kan-Dora-Rinshan-42';

function adminCreate(site, username) {
  return withDeadline(new Promise((resolve, reject) => {
    const child = spawn(BIN, ['admin', 'create', username, '--config', path.join(site.dir, 'ippon.json')],
      { cwd: site.dir, stdio: ['pipe', 'pipe', 'pipe'] });
    let err = '';
    child.stderr.on('data', (d) => { err += d; });
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`ippon admin create: ${code}: ${err}`))));
    child.stdin.end(`${PASSWORD}\n`);
  }), 30_000, 'ippon admin create');
}

async function post(port, urlPath, body) {
  const res = await request(port, { method: 'POST', path: urlPath, body: JSON.stringify(body) });
  return { status: res.status, json: JSON.parse(res.body) };
}

/** a guest sits at a practice table and never answers (the test's clocks are long): a running table */
async function idleAtPractice(port) {
  const { json: { token } } = await post(port, '/api/auth/guest', {});
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, 'ippon.v1');
  await new Promise((resolve, reject) => { ws.on('open', resolve); ws.on('error', reject); });
  const seated = new Promise((resolve) => ws.on('message', (d) => {
    const m = JSON.parse(String(d));
    if (m.type === 'welcome') ws.send(JSON.stringify({ type: 'practice', mode: '3p' }));
    if (m.type === 'match_found') resolve(m.table);
  }));
  ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
  return { ws, table: await withDeadline(seated, 10_000, 'a practice table') };
}

/** the visible text of the admin view has no "null" or "undefined" in it */
async function assertNoNullText(page, what) {
  const text = await page.locator('#view').innerText();
  assert.doesNotMatch(text, /null|undefined/i, `${what}: ${text}`);
}

describe('the admin area in a browser', () => {
  let site, browser;

  before(async () => {
    site = await startSite({ clock_move_ms: 60000, clock_bank_ms: 600000 }); // an idle player's table keeps running
    await adminCreate(site, 'boss');
    browser = await launchBrowser();
  });

  after(async () => {
    if (browser) await browser.close();
    if (site) await site.stop();
  });

  test('an admin bans a user, voids a match, changes a setting, and sees each in the audit log', async () => {
    const victim = await post(site.port, '/api/auth/register', { username: 'troll77', password: 'Aozora-kite-19', display_name: 'Troll77' });
    assert.equal(victim.status, 201);
    const match = await playOverSocket(site.port, { mode: '4p' });
    assert.equal(match.ranked, true);
    const practice = await playOverSocket(site.port, { mode: '3p', practice: true });
    assert.equal(practice.ranked, false);
    const idle = await idleAtPractice(site.port);
    await eventually(async () => JSON.parse((await request(site.port, { path: '/api/leaderboard?mode=4p' })).body)
      .rows.some((r) => r.user_id === match.user.id), 10_000, 'the match is ranked before the void');

    const page = await openPage(browser, `${site.url}/admin/`);
    await page.locator('#signin-form').waitFor();
    await page.fill('#signin-username', 'boss');
    await page.fill('#signin-password', PASSWORD);
    await page.click('#signin-form button[type=submit]');
    await page.locator('h1', { hasText: 'Live' }).waitFor();
    await page.locator('#live-connections').waitFor();
    await page.locator(`#tables tr[data-table="${idle.table}"]`).waitFor();
    await assertNoNullText(page, 'the Live view');
    await page.locator(`#tables tr[data-table="${idle.table}"] button`, { hasText: 'Watch' }).click();
    await page.locator('.watch .view .seat').first().waitFor();
    await assertNoNullText(page, 'the Live view, watching a table');
    // the watched table's tiles drawn, as at the table: no codes like "3z" or "0m" in the text
    const tiles = page.locator('.watch .view .tile[data-tile] svg[role="img"]');
    await tiles.first().waitFor({ timeout: 10_000 }).catch(() => {}); // the table may still be dealing: the view refreshes itself
    const drawn = await tiles.count();
    assert.ok(drawn >= 1, `${drawn} tiles drawn (the dora indicator at least)`);
    assert.doesNotMatch(await page.locator('.watch .view').innerText(), /\b[0-9][mpsz]\b/, 'no tile codes');
    await screenshot(page, 'admin-live');

    // the list refreshes itself: a table opened meanwhile shows up without a click
    const second = await idleAtPractice(site.port);
    await page.locator(`#tables tr[data-table="${second.table}"]`).waitFor({ timeout: 10_000 });
    // not while the page is hidden (the browser's tab in the background), at once when shown again
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'hidden' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    const third = await idleAtPractice(site.port);
    await pastClientMoment(page, '/admin/js/live.js', 'REFRESH_MS');
    await pastClientMoment(page, '/admin/js/live.js', 'REFRESH_MS');
    assert.equal(await page.locator(`#tables tr[data-table="${third.table}"]`).count(), 0, 'no refresh while hidden');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await page.locator(`#tables tr[data-table="${third.table}"]`).waitFor({ timeout: 2000 });
    idle.ws.close();
    second.ws.close();
    third.ws.close();

    // ban
    await page.click('#nav a[data-view=users]');
    await page.fill('#user-search', 'troll');
    await page.click('form.search button[type=submit]');
    // the search's answer alone in the list (not the first page's, which had the row too)
    await page.waitForFunction((id) => {
      const rows = [...document.querySelectorAll('#users tr[data-user]')];
      return rows.length === 1 && rows[0].dataset.user === id;
    }, victim.json.user.id);
    const row = page.locator(`#users tr[data-user="${victim.json.user.id}"]`);
    await row.locator('button', { hasText: 'Ban' }).click();
    await page.fill('#confirm-reason', 'spamming the lobby');
    await page.click('#confirm-ok');
    await row.locator('.badge.bad', { hasText: 'spamming the lobby' }).waitFor();
    const login = await post(site.port, '/api/auth/login', { username: 'troll77', password: 'Aozora-kite-19' });
    assert.equal(login.status, 403, 'the banned user cannot sign in');
    assert.equal(login.json.error.code, 'banned');

    // void
    await page.click('#nav a[data-view=matches]');
    const prow = page.locator(`#matches tr[data-match="${practice.id}"]`);
    await prow.locator('.badge', { hasText: 'not ranked' }).waitFor();
    assert.equal(await prow.locator('button').count(), 0, 'a practice match offers no Void');
    const mrow = page.locator(`#matches tr[data-match="${match.id}"]`);
    await mrow.locator('button', { hasText: 'Void' }).click();
    await page.click('#confirm-ok'); // no reason yet: refused in the dialog
    await page.locator('#confirm-error', { hasText: 'reason' }).waitFor();
    await page.fill('#confirm-reason', 'collusion reported');
    await page.click('#confirm-ok');
    await mrow.locator('.badge.bad').waitFor();
    const board = JSON.parse((await request(site.port, { path: '/api/leaderboard?mode=4p' })).body);
    assert.ok(!board.rows.some((r) => r.user_id === match.user.id), 'the voided match left the leaderboard');

    // a setting
    await page.click('#nav a[data-view=settings]');
    await page.locator('#setting-ranked_min_humans').waitFor();
    await page.fill('#setting-ranked_min_humans', '2');
    await page.click('#settings-form button[type=submit]');
    await page.fill('#confirm-reason', 'weekend tournament rules');
    await page.click('#confirm-ok');
    await page.locator('#settings-form .setting', { hasText: 'set by an administrator' }).first().waitFor();
    await screenshot(page, 'admin-settings');

    // the pairs of players who meet at ranked tables: none here, every match had one human
    await page.click('#nav a[data-view=pairs]');
    await page.locator('h1', { hasText: 'Players who often meet at ranked tables' }).waitFor();
    await page.locator('#view p.muted', { hasText: 'No pair has met that often.' }).waitFor();
    await assertNoNullText(page, 'the pairs view');

    // the audit log shows all three, with the reasons
    await page.click('#nav a[data-view=audit]');
    for (const [action, reason] of [['ban', 'spamming the lobby'], ['void_match', 'collusion reported'],
      ['settings', 'weekend tournament rules']]) {
      const entry = page.locator(`#audit tr[data-action="${action}"]`).first();
      await entry.waitFor();
      assert.equal((await entry.locator('td.reason').textContent()).trim(), reason);
      assert.match(await entry.textContent(), /boss/);
    }
    await screenshot(page, 'admin-audit');

    // the same area in Japanese
    await page.click('#lang');
    await page.locator('h1', { hasText: '監査ログ' }).waitFor();
    await page.locator('#audit tr[data-action="ban"] td', { hasText: 'BAN' }).first().waitFor();
    await screenshot(page, 'admin-audit-ja');
    assertNoProblems(page, 'the admin area');

    const stored = await request(site.port, { path: '/api/health' });
    assert.equal(stored.status, 200);
  });

  test('a player who is not an administrator is refused at the sign-in form', async () => {
    const p = await post(site.port, '/api/auth/register', { username: 'player1', password: 'Aozora-kite-19', display_name: 'Player1' });
    assert.equal(p.status, 201);
    const page = await openPage(browser, `${site.url}/admin/`);
    await page.fill('#signin-username', 'player1');
    await page.fill('#signin-password', 'Aozora-kite-19');
    await page.click('#signin-form button[type=submit]');
    await page.locator('#signin-error', { hasText: 'not an administrator' }).waitFor();
    assert.equal(await page.locator('#nav').isHidden(), true);
    assertNoProblems(page, 'the sign-in form');
  });
});
