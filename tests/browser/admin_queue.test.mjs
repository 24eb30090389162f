// admin_queue.test.mjs — the admin area's Queue section (web/admin/js/queue.js) in a real browser:
// a ranked 4p match formed by the queue (one human; bots after bot_fill_after, 5 s × time_scale 0.1
// = 0.5 s) is played to its end over the socket; the administrator's Queue view shows the
// window's numbers (100, +10 a second, at most 400), and today's 4p row with one ranked table,
// a spread of 0 (one human) and a median wait of at least 0.5 s, as GET /api/admin/queue says;
// then in Japanese, and on a phone. Screenshots admin-queue*.png. No console errors.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BIN, request, withDeadline } from '../integration/harness.mjs';
import { startSite, launchBrowser, openPage, assertNoProblems, screenshot, playOverSocket } from './browser.mjs';

const PASSWORD = 'Haitei-Houtei-Chankan-8';

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

async function signIn(page) {
  await page.fill('#signin-username', 'chief');
  await page.fill('#signin-password', PASSWORD);
  await page.click('#signin-form button[type=submit]');
  await page.locator('#nav a[data-view=queue]').waitFor();
}

describe('the admin area\'s queue statistics', () => {
  let site, browser;

  before(async () => {
    site = await startSite({ bot_fill_after: 5 });
    await adminCreate(site, 'chief');
    browser = await launchBrowser();
  });

  after(async () => {
    if (browser) await browser.close();
    if (site) await site.stop();
  });

  test('the Queue view shows today\'s ranked tables, their spread and wait, in both languages', async () => {
    const match = await playOverSocket(site.port, { mode: '4p' });
    assert.equal(match.ranked, true);
    const page = await openPage(browser, `${site.url}/admin/#queue`);
    await signIn(page);
    await page.click('#nav a[data-view=queue]');
    await page.locator('h1', { hasText: 'Tables of equals' }).waitFor();
    await page.locator('#queue-window', { hasText: 'Window: 100 at once, +10 per second of waiting, at most 400.' }).waitFor();
    const today = new Date().toISOString().slice(0, 10);
    const row = page.locator(`#queue-days-table tr[data-day="${today}"][data-mode="4p"]`);
    await row.waitFor();
    const cells = (await row.locator('td').allTextContents()).map((s) => s.trim());
    assert.deepEqual(cells.slice(0, 4), [today, '4p', '1', '0']);
    const seconds = Number(/^([\d.]+) s$/.exec(cells[4])?.[1]);
    assert.ok(seconds >= 0.5 && seconds < 10, `the median wait "${cells[4]}": the bots came after 0.5 s`);
    assert.equal(await page.locator('#queue-days-table tr[data-mode="3p"]').count(), 0, 'no 3p table was formed');
    await page.selectOption('#queue-days', '7');
    await row.waitFor();
    await screenshot(page, 'admin-queue');

    await page.click('#lang');
    await page.locator('h1', { hasText: 'ランク戦のマッチング' }).waitFor();
    await page.locator('#queue-window', { hasText: '上限 400' }).waitFor();
    await page.locator('#queue-days-table th', { hasText: 'レーティング差の中央値' }).waitFor();
    await screenshot(page, 'admin-queue-ja');
    assertNoProblems(page, 'the Queue view');

    const phone = await openPage(browser, `${site.url}/admin/#queue`, { viewport: { width: 390, height: 844 }, touch: true });
    await signIn(phone);
    await phone.locator(`#queue-days-table tr[data-mode="4p"]`).waitFor();
    await screenshot(phone, 'admin-queue-390x844');
    assertNoProblems(phone, 'the Queue view on a phone');
    const health = await request(site.port, { path: '/api/health' });
    assert.equal(health.status, 200);
  });
});
