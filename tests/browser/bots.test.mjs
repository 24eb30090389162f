// bots.test.mjs — the account page's "Your bots" (web/js/bots.js) in English and Japanese, at
// 1366×768 and 390×844: a registered user creates a bot, sees its token once (copy button, the
// warning; gone after a reload), renews it (a new token, the old one refused by the server), makes it
// private, deletes it (confirmed); the bot's profile carries the BOT badge,
// its owner and its description; an administrator suspends (and unsuspends) a bot in the admin
// area and its owner sees why. A bot account's AI at a table carries the BOT badge in the live
// tables: the admin area's (a real AI over mjai at a practice table; the built-in bots keep their
// own "bot" badge) and the lobby's (GET /api/tables answered by the test with an AI seat, since AIs
// play no ranked table yet). Screenshots in build/…/artifacts/browser. No console errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import path from 'node:path';
import { adminCommand, api } from '../integration/harness.mjs';
import { mjaiConnect } from '../integration/mjai_ai.mjs';

const PASSWORD = 'Aozora-kite-19';
const TEXTS = {
  'en-US': { title: 'Your bots', none: 'You have no bots yet.', warning: /shown only this once/, badge: 'BOT', owner: /^A bot of / },
  'ja-JP': { title: 'あなたのボット', none: 'まだボットはありません。', warning: /この一度だけ/, badge: 'ボット', owner: / のボット$/ },
};
const SIZES = [[1366, 768], [390, 844]];

let unique = 0;

describe('the account page\'s bots', () => {
  const env = siteAndBrowser();

  for (const locale of Object.keys(TEXTS)) {
    const words = TEXTS[locale];
    for (const [width, height] of SIZES) {
      test(`${locale} at ${width}×${height}: create a bot, its token once, renew, delete`, async () => {
        const port = env.site.port;
        const n = `${process.pid % 1000}x${++unique}`;
        const reg = await api(port, 'POST', '/api/auth/register', { body: { username: `own${n}`, password: PASSWORD, display_name: `Own${n}` } });
        assert.equal(reg.status, 201, reg.raw);
        const page = await openPage(env.browser, null, { locale, viewport: { width, height }, touch: width < 500 });
        page.on('dialog', (d) => d.accept());
        await page.addInitScript((t) => localStorage.setItem('ippon.token', t), reg.json.token);
        await page.goto(`${env.site.url}/#/account`);
        await page.locator('#bots h2', { hasText: words.title }).waitFor();
        await page.locator('#no-bots', { hasText: words.none }).waitFor();

        const name = `Kiri${n}`;
        await page.fill('#bot-name', name);
        await page.fill('#bot-description', '牌効率だけ');
        await page.check('#bot-public');
        await page.click('#bot-form button[type=submit]');
        const token = page.locator('#bot-token');
        await token.waitFor();
        const first = await token.inputValue();
        assert.match(first, /^[0-9a-f]{64}$/);
        await page.locator('.bot-token .bot-warning', { hasText: words.warning }).waitFor();
        assert.equal(await page.locator('.bot-token [data-kind=copy-token]').count(), 1);
        await page.locator('.bot .bot-badge', { hasText: words.badge }).waitFor();
        const mine = (await api(port, 'GET', '/api/bots', { token: reg.json.token })).json.bots;
        assert.equal(mine.length, 1);
        assert.deepEqual([mine[0].name, mine[0].description, mine[0].public], [name, '牌効率だけ', true]);
        await screenshot(page, `bots-token-${locale}-${width}x${height}`);

        // shown once: a reload lists the bot without its token
        await page.reload();
        await page.locator('.bot .bot-head a', { hasText: name }).waitFor();
        assert.equal(await page.locator('#bot-token').count(), 0);

        // a new token (confirmed), then private
        await page.click('.bot [data-kind=renew]');
        await token.waitFor();
        const second = await token.inputValue();
        assert.match(second, /^[0-9a-f]{64}$/);
        assert.notEqual(second, first);
        await page.uncheck('.bot [data-kind=public]');
        await page.locator('.bot [data-kind=public]:not(:checked)').waitFor();
        await page.waitForFunction(async (t) => {
          const r = await fetch('/api/bots', { headers: { Authorization: `Bearer ${t}` } });
          return (await r.json()).bots[0].public === false;
        }, reg.json.token);

        // the bot's profile: the badge, its owner, its description
        const botId = mine[0].id;
        const profile = await openPage(env.browser, null, { locale, viewport: { width, height }, touch: width < 500 });
        await profile.goto(`${env.site.url}/#/player/${botId}`);
        await profile.locator('.profile-page h1 .bot-badge', { hasText: words.badge }).waitFor();
        await profile.locator('.bot-owner', { hasText: words.owner }).waitFor();
        assert.equal(await profile.locator('.bot-owner a').textContent(), `Own${n}`);
        assert.equal(await profile.locator('.bot-description').textContent(), '牌効率だけ');
        await screenshot(profile, `bots-profile-${locale}-${width}x${height}`);
        assertNoProblems(profile, 'the bot\'s profile');
        await profile.context().close();

        await page.click('.bot [data-kind=delete]');
        await page.locator('#no-bots', { hasText: words.none }).waitFor();
        assert.deepEqual((await api(port, 'GET', '/api/bots', { token: reg.json.token })).json.bots, []);
        await screenshot(page, `bots-empty-${locale}-${width}x${height}`);
        assertNoProblems(page, 'the account page');
        await page.context().close();
      });
    }
  }

  test('an administrator suspends a bot in the admin area; its owner sees why; unsuspends it', async () => {
    const port = env.site.port;
    const ADMIN_PASSWORD = 'Kan-Dora-Rinshan-42';
    const made = await adminCommand(['create', 'botboss', '--config', path.join(env.site.dir, 'ippon.json')], `${ADMIN_PASSWORD}\n`, env.site.dir);
    assert.equal(made.code, 0, made.stderr);
    const n = `${process.pid % 1000}y${++unique}`;
    const reg = await api(port, 'POST', '/api/auth/register', { body: { username: `own${n}`, password: PASSWORD, display_name: `Own${n}` } });
    const bot = (await api(port, 'POST', '/api/bots', { body: { name: `Naki${n}` }, token: reg.json.token })).json.bot;

    const page = await openPage(env.browser, `${env.site.url}/admin/`, { viewport: { width: 1366, height: 768 } });
    await page.locator('#signin-form').waitFor();
    await page.fill('#signin-username', 'botboss');
    await page.fill('#signin-password', ADMIN_PASSWORD);
    await page.click('#signin-form button[type=submit]');
    await page.locator('#live-connections').waitFor();
    await page.click('#nav a[data-view=users]');
    await page.check('#user-bots');
    await page.fill('#user-search', `Naki${n}`);
    await page.click('form.search button[type=submit]');
    const row = page.locator(`#users tr[data-user="${bot.id}"]`);
    await row.locator('.badge[data-kind=bot]', { hasText: `bot of Own${n}` }).waitFor();
    await row.locator('button[data-kind=suspend]').click();
    await page.fill('#confirm-reason', 'answers too late');
    await page.click('#confirm-ok');
    await row.locator('.badge.bad', { hasText: 'answers too late' }).waitFor();
    await screenshot(page, 'bots-admin-suspended');
    const mine = (await api(port, 'GET', '/api/bots', { token: reg.json.token })).json.bots[0];
    assert.equal(mine.suspended, true);

    // the owner's page says so
    const owner = await openPage(env.browser, null, { viewport: { width: 390, height: 844 }, touch: true });
    await owner.addInitScript((t) => localStorage.setItem('ippon.token', t), reg.json.token);
    await owner.goto(`${env.site.url}/#/account`);
    await owner.locator('.bot .bot-suspended').waitFor();
    await owner.locator('.bot .bot-warning', { hasText: 'answers too late' }).waitFor();
    await screenshot(owner, 'bots-owner-suspended');
    assertNoProblems(owner, 'the owner\'s account page');
    await owner.context().close();

    await row.locator('button[data-kind=unsuspend]').click();
    await page.fill('#confirm-reason', 'fixed');
    await page.click('#confirm-ok');
    await row.locator('button[data-kind=suspend]').waitFor();
    assert.equal((await api(port, 'GET', '/api/bots', { token: reg.json.token })).json.bots[0].suspended, false);
    assertNoProblems(page, 'the admin area');
    await page.context().close();
  });

  test("a bot account's AI has the BOT badge in the admin area's live tables", async () => {
    const port = env.site.port;
    const ADMIN_PASSWORD = 'Chankan-Haitei-77';
    const made = await adminCommand(['create', 'liveboss', '--config', path.join(env.site.dir, 'ippon.json')], `${ADMIN_PASSWORD}\n`, env.site.dir);
    assert.equal(made.code, 0, made.stderr);
    const n = `${process.pid % 1000}z${++unique}`;
    const reg = await api(port, 'POST', '/api/auth/register', { body: { username: `own${n}`, password: PASSWORD, display_name: `Own${n}` } });
    const created = (await api(port, 'POST', '/api/bots', { body: { name: `Live${n}` }, token: reg.json.token })).json;
    // the AI takes its seat and holds its answers: its clock plays for it, slowly, so the table runs on
    const ai = await mjaiConnect(port, created.token, { room: 'practice-4p', auto: false });
    await ai.until((a) => a.lines.length >= 1, 10_000, 'start_game');

    const page = await openPage(env.browser, `${env.site.url}/admin/`, { viewport: { width: 1366, height: 768 } });
    await page.locator('#signin-form').waitFor();
    await page.fill('#signin-username', 'liveboss');
    await page.fill('#signin-password', ADMIN_PASSWORD);
    await page.click('#signin-form button[type=submit]');
    const table = page.locator('#tables tr', { hasText: `Live${n}` });
    await table.locator('li', { hasText: `Live${n}` }).locator('.bot-badge', { hasText: 'BOT' }).waitFor({ timeout: 15_000 });
    assert.equal(await table.locator('.bot-badge').count(), 1, 'the AI alone has the BOT badge');
    assert.equal(await table.locator('li').filter({ hasText: /^Bot / }).locator('.badge', { hasText: /^bot$/ }).count(), 3,
      'the built-in bots keep their own badge');
    await screenshot(page, 'bots-admin-live');
    assertNoProblems(page, 'the admin area');
    await page.context().close();
    ai.ws.close();
  });

  for (const locale of Object.keys(TEXTS)) {
    test(`${locale}: the lobby's live tables show the BOT badge beside a bot account's AI`, async () => {
      const page = await openPage(env.browser, null, { locale, viewport: { width: 1366, height: 768 } });
      const id = 'ab'.repeat(16);
      const seats = [{ seat: 0, name: 'Kiri_AI', bot: true, ai: true }, { seat: 1, name: 'Rin', bot: false, ai: false },
        { seat: 2, name: 'Bot Aoi', bot: true, ai: false }, { seat: 3, name: 'Aki', bot: false, ai: false }];
      await page.route('**/api/tables', (route) => route.fulfill({ json: { delay_s: 60, tables: [
        { id, mode: '4p', seats, round_wind: 0, kyoku: 1, honba: 0, running_ms: 61_000, watchers: 2 }] } }));
      await page.goto(env.site.url);
      const names = page.locator(`.live-table[data-table="${id}"] .live-names`);
      await names.waitFor();
      assert.equal(await names.locator('.bot-badge').count(), 1, 'one badge: the AI\'s, not the built-in bot\'s');
      assert.equal(await names.locator('.bot-badge').innerText(), TEXTS[locale].badge);
      assert.equal(await names.locator('.bot-badge').evaluate((b) => b.previousSibling.textContent), 'Kiri_AI',
        'beside the AI\'s name');
      assert.equal(await names.evaluate((el) => [...el.childNodes].filter((c) => c.nodeType === 3).map((c) => c.textContent).join('')),
        'Kiri_AI · Rin · Bot Aoi · Aki');
      await screenshot(page, `bots-live-tables-${locale}`);
      assertNoProblems(page, 'the lobby');
      await page.context().close();
    });
  }
});
