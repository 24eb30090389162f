// callouts.test.mjs — the table announces what the others do: two matches written by hand in the
// protocol (scripts.mjs) are played to the page through a scripted game socket, and after each
// riichi, pon, chi, kan, kita, ron, tsumo and draw the test finds the call-out in the page's
// language at the acting seat's side of the board (where that seat sits from the player's chair,
// worked out here), on screen for at least 0.8 s. Also: the hand's banner (the first hand says
// the first win ends the match), the draw panel (who deals next, what carries over) staying over
// the next hand, and call-outs still shown with prefers-reduced-motion. The draw panel on the
// page's fake clock (playwright's page.clock): its call-out first and never over it, then the
// panel on screen 8 s or more although the next hand starts 2 s after the draw, the hand played
// under it, then its "last hand" chip, which opens it again.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { scriptedPage, scriptedTable, startPractice, sideOf } from './scripted.mjs';
import * as S from './scripts.mjs';

const WORDS = {
  en: { riichi: 'Riichi', pon: 'Pon', chi: 'Chi', kan: 'Kan', kita: 'Kita', ron: 'Ron', tsumo: 'Tsumo', draw: 'Exhaustive draw',
    first: 'The first win ends the match', round1: 'East 1 · 0 honba · 0 riichi sticks', round2: 'East 1 · 1 honba · 1 riichi stick',
    next: 'Next: East 1, Aki deals again.', carry: 'It starts with 1 honba and 1 riichi stick on the table.' },
  ja: { riichi: 'リーチ', pon: 'ポン', chi: 'チー', kan: 'カン', kita: 'キタ', ron: 'ロン', tsumo: 'ツモ', draw: '流局',
    first: '最初の和了で対局終了', round1: '東1局 0本場 供託0', round2: '東1局 1本場 供託1',
    next: '次局：東1局、Akiの連荘。', carry: '1本場・供託1で始まります。' },
};

/**
 * records, in the page, each call-out as it comes (its kind, words, and where its centre lies on
 * the board at that moment) and when it goes (performance.now(), as the page lives it). The test
 * reads these records rather than polling the screen: a call-out leaves after 1.3 s, and on a
 * loaded machine a poll can miss it (CI once did), or see it late and count its time short.
 */
async function watchCallouts(page) {
  await page.evaluate(() => {
    const times = (window.__calloutTimes = []);
    new MutationObserver((list) => {
      const now = performance.now();
      for (const m of list) {
        for (const n of m.addedNodes)
          if (n.nodeType === 1) for (const c of [n, ...n.querySelectorAll('.callout')])
            if (c.classList.contains('callout') && c.closest('.fx-layer')) {
              const board = document.querySelector('.board');
              const style = getComputedStyle(c);
              times.push({ el: c, kind: c.dataset.kind, text: c.textContent.trim(), added: now,
                box: c.getBoundingClientRect().toJSON(), board: board ? board.getBoundingClientRect().toJSON() : null,
                animation: style.animationName, opacity: style.opacity });
            }
        for (const n of m.removedNodes)
          for (const t of times) if (t.removed === undefined && (n === t.el || n.contains?.(t.el))) t.removed = now;
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
}

/**
 * waits for the next call-out of `kind` not checked yet and checks its words and side; timed: on
 * screen ≥ 0.8 s. Returns its record (its style as it came: animation, opacity).
 */
async function callout(page, kind, side, words, timed) {
  const found = await page.waitForFunction((k) => {
    const t = window.__calloutTimes.find((x) => x.kind === k && !x.checked);
    if (!t) return null;
    t.checked = true;
    return { index: window.__calloutTimes.indexOf(t), text: t.text, box: t.box, board: t.board, animation: t.animation, opacity: t.opacity };
  }, kind, { timeout: 10_000 });
  const shown = await found.jsonValue();
  assert.ok(shown.board && shown.box.width > 0 && shown.box.height > 0, `${kind}: shown on the board`);
  assert.equal(shown.text, words, `${kind}: the words`);
  assert.equal(sideOf(shown.box, shown.board), side, `${kind}: at the acting seat`);
  if (!timed) return shown;
  const ms = await (await page.waitForFunction((i) => {
    const t = window.__calloutTimes[i];
    return t.removed === undefined ? null : t.removed - t.added;
  }, shown.index, { timeout: 10_000 })).jsonValue();
  assert.ok(ms >= 800, `${kind}: on screen ${Math.round(ms)} ms`);
  return shown;
}

describe('call-outs, banners and the draw panel', () => {
  const env = siteAndBrowser();

  for (const lang of ['en', 'ja']) {
    test(`4p: riichi, draw, pon, chi, kan, riichi, ron at their seats (${lang})`, async () => {
      const w = WORDS[lang];
      const timed = lang === 'en';
      const { page, table } = await scriptedPage(env, S.YONMA_FOUND, { lang });
      await watchCallouts(page);
      // you are seat 1: seat 2 sits on your right, seat 3 across, seat 0 on your left
      table.events(S.YONMA_HAND1.slice(0, 4));
      const banner = page.locator('.fx-layer .banner').last();
      await banner.waitFor();
      assert.equal(await banner.locator('.banner-round').textContent(), w.round1);
      assert.equal(await banner.locator('.banner-rule').textContent(), w.first);
      table.events(S.YONMA_HAND1.slice(4));
      await callout(page, 'riichi', 'left', w.riichi, timed);
      table.event(S.YONMA_DRAW);
      await callout(page, 'draw', 'middle', w.draw, false);
      const panel = page.locator('.draw-result');
      await panel.waitFor();
      assert.equal(await panel.locator('.next-dealer').textContent(), w.next);
      assert.equal(await panel.locator('.carry').textContent(), w.carry);
      if (lang === 'en') await screenshot(page, 'table-draw');
      // the next hand begins at once: the banner names the hand, the panel stays a while (below)
      table.events(S.YONMA_HAND2_START);
      const banner2 = page.locator('.fx-layer .banner').last();
      await banner2.waitFor();
      assert.equal(await panel.count(), 1, 'the panel stays over the new hand');
      assert.equal(await banner2.locator('.banner-round').textContent(), w.round2);
      assert.equal(await banner2.locator('.banner-rule').count(), 0, 'only the first hand says it');
      table.events(S.YONMA_PON);
      await callout(page, 'pon', 'right', w.pon, timed);
      table.events(S.YONMA_CHI);
      await callout(page, 'chi', 'left', w.chi, timed);
      table.event(S.YONMA_MY_DRAW);
      table.ask(S.YONMA_MY_ASK);
      await page.locator('.hand-tile.ok[data-tile="1z"]').click();
      assert.deepEqual((await table.nextAct()).action, { type: 'discard', tile: '1z' });
      table.event(S.YONMA_MY_DISCARD);
      table.events(S.YONMA_KAN);
      await callout(page, 'kan', 'right', w.kan, timed);
      table.events(S.YONMA_RIICHI);
      await callout(page, 'riichi', 'top', w.riichi, timed);
      assert.equal(await page.locator('.plate[data-seat="3"] .plate-riichi').count(), 1, 'the riichi shows on the plate');
      table.events(S.YONMA_DEAL_IN);
      table.ask(S.YONMA_RON_ASK);
      await page.locator('.actions button.act[data-kind="ron"]').click();
      assert.deepEqual((await table.nextAct()).action, { type: 'ron' });
      table.events(S.YONMA_WIN);
      await callout(page, 'ron', 'bottom', w.ron, false);
      await page.locator('.match-end').waitFor();
      assertNoProblems(page);
      await page.context().close();
    });

    test(`3p: kita, pon and tsumo at their seats (${lang})`, async () => {
      const w = WORDS[lang];
      const { page, table } = await scriptedPage(env, S.SANMA_FOUND, { lang });
      await watchCallouts(page);
      // you are seat 0: seat 1 on your right, seat 2 on your left
      table.events(S.SANMA_HAND1);
      await callout(page, 'riichi', 'left', w.riichi, false);
      await callout(page, 'draw', 'middle', w.draw, false);
      table.events(S.SANMA_HAND2_START);
      table.events(S.SANMA_KITA);
      await callout(page, 'kita', 'left', w.kita, lang === 'en');
      table.events(S.SANMA_PONS);
      await callout(page, 'pon', 'right', w.pon, false);
      table.events(S.SANMA_TSUMO);
      await callout(page, 'tsumo', 'right', w.tsumo, false);
      // the winner's hand is laid open on the board before the result dialog
      assert.equal(await page.locator('.layer[data-seat="1"] .hidden-hand.revealed .tile').count(), 8);
      await page.locator('.match-end').waitFor();
      assertNoProblems(page);
      await page.context().close();
    });
  }

  test('the draw panel: after its call-out, never under it, 8 s on screen over a sooner next hand, then a chip', async () => {
    const page = await openPage(env.browser, null, { viewport: { width: 1366, height: 768 } });
    await page.clock.install();
    const table = await scriptedTable(page, S.YONMA_FOUND);
    await page.goto(env.site.url);
    await startPractice(page, table);
    // the panel's time on screen, on the page's clock, and any draw call-out drawn over it
    await page.evaluate(() => {
      window.drawSeen = { on: null, off: null, over: [] };
      const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
      new MutationObserver(() => {
        const el = document.querySelector('.draw-result');
        if (el && !window.drawSeen.on) window.drawSeen.on = Date.now();
        if (!el && window.drawSeen.on && !window.drawSeen.off) window.drawSeen.off = Date.now();
        if (!el) return;
        for (const c of document.querySelectorAll('.fx-layer .callout[data-kind="draw"]'))
          if (c.getClientRects().length && meet(c.getBoundingClientRect(), el.getBoundingClientRect())) window.drawSeen.over.push(Date.now());
      }).observe(document.body, { childList: true, subtree: true, attributes: true });
    });
    await page.clock.pauseAt(Date.now() + 60_000); // from here on, time moves only when the test says
    table.events(S.YONMA_HAND1);
    await page.locator('.fx-layer .callout[data-kind="riichi"]').waitFor();
    await page.clock.runFor(2500); // the hand's banner and the riichi call-out gone
    table.event(S.YONMA_DRAW);
    const drawn = await page.evaluate(async () => (await import('/js/play.js')).play.game.drawResult.at);
    await page.locator('.fx-layer .callout[data-kind="draw"]').waitFor();
    assert.equal(await page.locator('.draw-result').count(), 0, 'first the call-out, alone');
    await page.clock.runFor(1400);
    const panel = page.locator('.draw-result');
    await panel.waitFor();
    // nothing over the panel: every point of it shows the panel itself (call-outs let clicks
    // through, so their boxes are checked too, as the observer above did all along)
    const hits = await panel.evaluate((el) => {
      const b = el.getBoundingClientRect();
      const out = [];
      for (const fx of [0.05, 0.3, 0.5, 0.7, 0.95]) for (const fy of [0.05, 0.3, 0.5, 0.7, 0.95]) {
        const x = b.left + b.width * fx, y = b.top + b.height * fy;
        out.push(el.contains(document.elementFromPoint(x, y)));
      }
      return out;
    });
    assert.ok(hits.every(Boolean), `the panel covered at some point: ${hits}`);
    assert.equal(await page.locator('.fx-layer > *').count(), 0, 'no call-out or banner left over the board');
    assert.equal(await panel.evaluate((el) => getComputedStyle(el).backgroundColor), 'rgb(255, 255, 255)', 'opaque');
    await screenshot(page, 'result-draw-panel');
    for (const [width, height] of [[1280, 720], [844, 390]]) {
      await page.setViewportSize({ width, height });
      await screenshot(page, `result-draw-panel-${width}x${height}`);
    }
    // the next hand starts 2 s after the draw: the panel stays, and the hand is played under it
    await page.clock.runFor(drawn + 2000 - await page.evaluate(() => Date.now()));
    table.events(S.YONMA_HAND2_START);
    await page.locator('.fx-layer .banner').last().waitFor();
    table.events([...S.YONMA_PON, ...S.YONMA_CHI, S.YONMA_MY_DRAW]);
    table.ask(S.YONMA_MY_ASK);
    const tile = page.locator('.hand-tile.ok[data-tile="1z"]');
    await tile.waitFor();
    assert.ok(await panel.isVisible(), 'the panel is still up when the ask comes (on a phone held sideways)');
    assert.ok(await tile.evaluate((el) => { const b = el.getBoundingClientRect(); return el.contains(document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2)); }),
      'the panel does not cover the hand');
    await tile.click();
    assert.deepEqual((await table.nextAct()).action, { type: 'discard', tile: '1z' });
    table.event(S.YONMA_MY_DISCARD);
    // up to 8 s after it came the panel stays; then it docks into the chip
    const on = await page.evaluate(() => window.drawSeen.on);
    await page.clock.runFor(on + 7900 - await page.evaluate(() => Date.now()));
    assert.ok(await panel.isVisible(), 'the panel is up 7.9 s after it came');
    await page.clock.runFor(300);
    const chip = page.locator('.draw-slot button.last-hand');
    await chip.waitFor();
    assert.equal(await panel.count(), 0);
    const seen = await page.evaluate(() => window.drawSeen);
    assert.ok(seen.off - seen.on >= 8000, `on screen ${seen.off - seen.on} ms`);
    assert.deepEqual(seen.over, [], 'the draw call-out was never over the panel');
    assert.equal(await chip.textContent(), 'Last hand');
    await screenshot(page, 'result-draw-chip-844x390');
    await page.setViewportSize({ width: 1366, height: 768 });
    await screenshot(page, 'result-draw-chip');
    // the chip opens the panel again, as it was (the draw's next dealer, not the new hand's)
    await chip.click();
    await panel.waitFor();
    assert.equal(await panel.locator('.next-dealer').textContent(), WORDS.en.next);
    assert.equal(await panel.locator('ul.tenpai .meld').count(), 0);
    assert.equal(await panel.locator('ul.tenpai li').first().locator('.state').textContent(), 'tenpai');
    await panel.locator('button[data-kind="close-draw"]').click();
    await chip.waitFor();
    assert.equal(await panel.count(), 0, 'closed, it docks again');
    assertNoProblems(page);
    await page.context().close();
  });

  test('with reduced motion the call-outs still show, without moving', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND, { reducedMotion: 'reduce' });
    await watchCallouts(page);
    table.events(S.YONMA_HAND1);
    const shown = await callout(page, 'riichi', 'left', WORDS.en.riichi, false);
    assert.equal(shown.animation, 'none');
    assert.equal(shown.opacity, '1', 'fully there from its first frame');
    assert.equal(await page.locator('.river .tile.fresh').evaluateAll((xs) => xs.every((x) => getComputedStyle(x).animationName === 'none')), true);
    await page.context().close();
  });
});
