// bots.test.mjs — the account page's "Your bots" (web/js/bots.js) in English and Japanese, at
// 1366×768 and 390×844: a registered user creates a bot, sees its token once (copy button, the
// warning; gone after a reload), renews it (a new token, the old one refused by the server), makes it
// private, deletes it (confirmed); the bot's profile carries the BOT badge,
// its owner and its description; an administrator suspends (and unsuspends) a bot in the admin
// area and its owner sees why. Screenshots in build/…/artifacts/browser. No console errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import path from 'node:path';
import { adminCommand, api } from '../integration/harness.mjs';

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
});
