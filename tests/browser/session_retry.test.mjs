// session_retry.test.mjs — the page keeps its session when the server cannot check it for a
// moment (web/js/ws.js, play.js, session.js): with the server's session reads failing (a test
// build's IPPON_TEST_READ_FAIL_FILE, src/server/store/store.h) the page's hello is told "unavailable";
// the page keeps its token, says it is reconnecting, tries again, and is greeted as the same
// player once the reads work again. Only the browser's lines about the refused reads may be logged.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { startSite, launchBrowser, openPage, assertNoProblems } from './browser.mjs';
import { api } from '../integration/harness.mjs';

const READ_FAIL_ENV = 'IPPON_TEST_READ_FAIL_FILE';

describe('a session the server cannot check for a moment', () => {
  let site, browser;
  const failFile = path.join(os.tmpdir(), `ippon-read-fail-${process.pid}`);
  before(async () => {
    process.env[READ_FAIL_ENV] = failFile;
    try {
      site = await startSite();
    } finally {
      delete process.env[READ_FAIL_ENV];
    }
    browser = await launchBrowser();
  });
  after(async () => {
    await fs.rm(failFile, { force: true });
    if (browser) await browser.close();
    if (site) await site.stop();
  });

  test('is kept: "unavailable" makes the page try again, not sign out', async () => {
    const g = await api(site.port, 'POST', '/api/auth/guest', { body: {} });
    assert.equal(g.status, 201);
    await fs.writeFile(failFile, '');
    const page = await openPage(browser, null, { locale: 'en-US' });
    await page.addInitScript((t) => localStorage.setItem('ippon.token', t), g.json.token);
    const hellos = [];
    page.on('websocket', (ws) => ws.on('framereceived', (f) => {
      if (String(f.payload).includes('"unavailable"')) hellos.push(Date.now());
    }));
    await page.goto(`${site.url}/#/`);
    await page.locator('.toast', { hasText: 'The server cannot check your session right now' }).waitFor();
    assert.ok(hellos.length >= 1, 'the page was not told "unavailable"');
    assert.equal(await page.evaluate(() => localStorage.getItem('ippon.token')), g.json.token, 'the token was forgotten');
    await fs.rm(failFile, { force: true });
    // the next try is greeted: the header shows the guest by name, the token is the same
    await page.locator('#account .who', { hasText: g.json.user.display_name }).waitFor({ timeout: 15_000 });
    assert.equal(await page.evaluate(() => localStorage.getItem('ippon.token')), g.json.token);
    page.problems = page.problems.filter((p) => !/status of 503 /.test(p));
    assertNoProblems(page, 'the page');
  });
});
