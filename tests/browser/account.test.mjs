// account.test.mjs — the account page (web/js/account.js, #/account) in English and Japanese: a
// registered player changes the password (a wrong current password and a weak new one are told
// next to their fields; success says how many other sessions ended, and they did end) and signs
// out everywhere (every session ends, the page forgets its token); a guest is told to register
// first. No console errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { api } from '../integration/harness.mjs';

const PASSWORD = 'Aozora-kite-19';
const TEXTS = {
  'en-US': { title: 'Your account', wrong: 'That is not your current password.', changed: /^Password changed\. 1 other session was signed out\.$/,
    everywhere: 'Sign out everywhere', guest: /^You are playing as the guest .+: register first/, signIn: 'Sign in' },
  'ja-JP': { title: 'アカウント', wrong: '現在のパスワードが違います。', changed: /^パスワードを変更しました。ほかのセッション 1 件からログアウトしました。$/,
    everywhere: 'すべての端末からログアウト', guest: /^ゲスト .+ としてプレイ中です。/, signIn: 'ログイン' },
};

let unique = 0;

/** a page of the site at #/account holding token as its session */
async function accountPage(env, locale, token) {
  const page = await openPage(env.browser, null, { locale });
  await page.addInitScript((t) => localStorage.setItem('ippon.token', t), token);
  await page.goto(`${env.site.url}/#/account`);
  return page;
}

describe('the account page', () => {
  const env = siteAndBrowser();

  for (const locale of Object.keys(TEXTS)) {
    const words = TEXTS[locale];

    test(`${locale}: change the password, then sign out everywhere`, async () => {
      const port = env.site.port;
      const username = `acct${process.pid % 1000}_${++unique}`;
      const reg = await api(port, 'POST', '/api/auth/register', { body: { username, password: PASSWORD, display_name: username } });
      assert.equal(reg.status, 201, reg.raw);
      const other = await api(port, 'POST', '/api/auth/login', { body: { username, password: PASSWORD } });
      const page = await accountPage(env, locale, reg.json.token);
      await page.locator('#password-form').waitFor();
      assert.equal((await page.locator('.account h1').textContent()).trim(), words.title);

      await page.fill('#f-old_password', 'Not-my-password-1');
      await page.fill('#f-new_password', 'Tonari-no-kaze-7');
      await page.click('#password-form button[type=submit]');
      await page.locator('#f-old_password-error', { hasText: words.wrong }).waitFor();

      await page.fill('#f-old_password', PASSWORD);
      await page.fill('#f-new_password', 'qwertyui');
      await page.click('#password-form button[type=submit]');
      await page.locator('#f-new_password-error', { hasText: 'dictionary word' }).waitFor();
      assert.equal(await page.locator('#f-old_password-error').textContent(), '');

      await page.fill('#f-new_password', 'Tonari-no-kaze-7');
      await page.click('#password-form button[type=submit]');
      await page.locator('.form-done').filter({ hasText: words.changed }).waitFor();
      assert.equal((await api(port, 'GET', '/api/auth/me', { token: other.json.token })).status, 401);
      assert.equal((await api(port, 'GET', '/api/auth/me', { token: reg.json.token })).status, 200);
      await screenshot(page, `account-${locale}`);

      const login = await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Tonari-no-kaze-7' } });
      assert.equal(login.status, 200);
      await page.click(`#logout-everywhere:has-text("${words.everywhere}")`);
      await page.waitForFunction(() => location.hash === '#/' && !localStorage.getItem('ippon.token'));
      await page.locator('#account a', { hasText: words.signIn }).waitFor();
      for (const token of [reg.json.token, login.json.token])
        assert.equal((await api(port, 'GET', '/api/auth/me', { token })).status, 401);
      // the browser logs the two refusals asked for above (403 wrong_password, 400 new_password); nothing else
      const refused = page.problems.filter((p) => /status of (403|400) /.test(p));
      assert.equal(refused.length, 2, page.problems.join('\n'));
      page.problems = page.problems.filter((p) => !refused.includes(p));
      assertNoProblems(page, 'the account page');
    });

    test(`${locale}: a guest is told to register first`, async () => {
      const g = await api(env.site.port, 'POST', '/api/auth/guest', { body: {} });
      const page = await accountPage(env, locale, g.json.token);
      const note = page.locator('#guest-note');
      await note.waitFor();
      assert.match((await note.textContent()).trim(), words.guest);
      assert.equal(await page.locator('#password-form').count(), 0);
      assert.equal(await page.locator('.account a[href="#/register"]').count(), 1);
      assertNoProblems(page, 'the account page of a guest');
    });
  }
});
