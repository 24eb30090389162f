// layout.test.mjs — the table fits the window, measured during live practice hands against the
// real server at the sizes players use: 1366×768, 1920×1080, 1280×720 and a phone on its side
// (844×390). At every decision: no scrolling, every hand tile and every offered button wholly on
// screen; pond tiles at least 30 px wide at 1366×768 and larger at 1920×1080, your hand tiles at
// least 40 px (1366×768) and 44 px (844×390, a touch target), dora indicators at least pond
// size, name plates upright with names of 14 px and scores of 16 px or more. A phone held upright
// (390×844) gets the compact table (upright.test.mjs). The sizes measured are printed, and a
// screenshot of each size is kept (table-WxH.png).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';

const SIZES = [[1366, 768], [1920, 1080], [1280, 720], [844, 390]];
const DECISIONS = 10;

/** what the page measures now */
function measure(page) {
  return page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const w = innerWidth, h = innerHeight;
    const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= w + 0.5 && r.bottom <= h + 0.5;
    const upright = (el) => { for (let x = el; x; x = x.parentElement) if (getComputedStyle(x).transform !== 'none') return false; return true; };
    const px = (el, prop) => parseFloat(getComputedStyle(el)[prop]);
    // a discard in your own pond or the one across (the side ponds are turned a quarter)
    const pond = document.querySelector('.layer.pos0 .river .tile.pond:not(.sideways), .layer.pos2 .river .tile.pond:not(.sideways)');
    return {
      scroll: { x: document.documentElement.scrollWidth - w, y: document.documentElement.scrollHeight - h, sy: scrollY },
      tilesOut: [...document.querySelectorAll('.hand-tile')].filter((b) => !inside(box(b))).length,
      buttons: [...document.querySelectorAll('.actions button.act')].map((b) => inside(box(b))),
      hand: Math.min(...[...document.querySelectorAll('.hand-tile')].map((b) => box(b).width)),
      pond: pond ? box(pond).width : null,
      dora: Math.min(...[...document.querySelectorAll('.center .dora .tile')].map((d) => box(d).width)),
      plates: [...document.querySelectorAll('.plate')].map((p) => ({
        upright: upright(p), inside: inside(box(p)),
        name: px(p.querySelector('.plate-name'), 'fontSize'), points: px(p.querySelector('.plate-points'), 'fontSize'),
      })),
    };
  });
}

describe('the table fits the window', () => {
  const env = siteAndBrowser({ clock_move_ms: 60000, clock_bank_ms: 300000 });
  const seen = { buttons: 0 };

  const sizes = {};
  for (const [width, height] of SIZES) {
    test(`${width}×${height}: no scrolling, everything on screen, tiles and text at size`, async () => {
      const page = await openPage(env.browser, env.site.url, { viewport: { width, height } });
      await page.locator('[data-kind="practice"][data-mode="4p"]').click();
      let decisions = 0, m = { pond: null }, shot = false;
      while (decisions < DECISIONS || m.pond === null) {
        await page.waitForFunction(() => document.querySelector('.match-end .standings')
          || document.querySelector('.table-page.my-turn .actions button.act, .table-page.my-turn .hand-tile.ok'), null, { timeout: 30_000 });
        if (await page.locator('.match-end').count()) {
          await page.locator('.match-end [data-kind="again"]').click();
          await page.locator('.match-end').waitFor({ state: 'detached' });
          continue;
        }
        // a decision: a call offer or a discard
        m = await measure(page);
        decisions++;
        assert.deepEqual(m.scroll, { x: 0, y: 0, sy: 0 }, 'no scrolling');
        assert.equal(m.tilesOut, 0, 'every hand tile on screen');
        assert.ok(m.buttons.every(Boolean), `every button on screen (${m.buttons})`);
        seen.buttons += m.buttons.length;
        for (const p of m.plates) {
          assert.ok(p.upright && p.inside, 'name plates upright and on screen');
          assert.ok(p.name >= 14 && p.points >= 16, `plate text ${p.name} px / ${p.points} px`);
        }
        if (m.pond !== null) assert.ok(m.dora >= m.pond - 0.5, `dora ${m.dora} px, pond ${m.pond} px`);
        if (decisions === 4 || (m.buttons.length && !shot)) {
          await screenshot(page, `table-${width}x${height}`);
          shot = m.buttons.length > 0;
        }
        const seq = await page.locator('.actions').getAttribute('data-seq');
        const pass = page.locator('.table-page.my-turn .actions button.act[data-kind="pass"]');
        if (await pass.count()) await pass.click({ timeout: 3000 }).catch(() => {});
        else await page.locator('.table-page.my-turn .hand-tile.ok').last().click({ timeout: 3000 }).catch(() => {});
        // answered: the page has left that ask (the next decision is another one)
        await page.waitForFunction((s) => document.querySelector('.match-end')
          || document.querySelector('.actions')?.dataset.seq !== s, seq, { timeout: 30_000 });
      }
      sizes[`${width}x${height}`] = m;
      console.log(`${width}×${height}: hand tile ${m.hand.toFixed(1)} px, pond tile ${m.pond.toFixed(1)} px, dora ${m.dora.toFixed(1)} px, plates ${m.plates[0].name}/${m.plates[0].points} px`);
      if (width === 1366) {
        assert.ok(m.pond >= 30, `pond tiles ${m.pond} px at 1366×768`);
        assert.ok(m.hand >= 40, `hand tiles ${m.hand} px at 1366×768`);
      }
      if (width === 1920) assert.ok(m.pond > sizes['1366x768'].pond, 'pond tiles grow with the window');
      if (width === 844) assert.ok(m.hand >= 44, `hand tiles ${m.hand} px at 844×390`);
      assertNoProblems(page);
      await page.context().close();
    });
  }

  test('a call was offered at some size, so buttons were measured too', () => {
    assert.ok(seen.buttons > 0, 'no decision with buttons in all the hands played');
  });
});
