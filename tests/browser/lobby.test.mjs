// lobby.test.mjs — what the lobby (web/js/lobby.js) tells before you play: each mode card states
// the clock (5 s a move + a 20 s bank per match), and the controls' hint says "click" with a
// mouse and "tap" on a touch screen, in English and in Japanese. No console errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems } from './browser.mjs';

const CASES = [
  { locale: 'en-US', touch: false, clock: 'Clock: 5 s a move + a 20 s bank per match.', hint: /^Keyboard: click a tile/ },
  { locale: 'en-US', touch: true, clock: 'Clock: 5 s a move + a 20 s bank per match.', hint: /^Tap a tile to discard it\./ },
  { locale: 'ja-JP', touch: false, clock: '持ち時間：1手5秒＋1対局20秒の考慮時間。', hint: /牌をクリック/ },
  { locale: 'ja-JP', touch: true, clock: '持ち時間：1手5秒＋1対局20秒の考慮時間。', hint: /^牌をタップして打牌/ },
];

describe('the lobby', () => {
  const env = siteAndBrowser();

  for (const c of CASES) {
    test(`${c.locale}, ${c.touch ? 'touch screen' : 'mouse'}: the clock on each mode card, "${c.touch ? 'tap' : 'click'}" in the hint`, async () => {
      const viewport = c.touch ? { width: 393, height: 851 } : { width: 1280, height: 900 };
      const page = await openPage(env.browser, `${env.site.url}/#/`, { locale: c.locale, touch: c.touch, viewport });
      await page.locator('.mode-card').first().waitFor();
      assert.deepEqual((await page.locator('.mode-card .clock-rule').allTextContents()).map((s) => s.trim()), [c.clock, c.clock]);
      assert.match((await page.locator('p.keys').textContent()).trim(), c.hint);
      assertNoProblems(page, 'the lobby');
    });
  }
});
