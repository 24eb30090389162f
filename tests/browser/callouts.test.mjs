// callouts.test.mjs — the table announces what the others do: two matches written by hand in the
// protocol (scripts.mjs) are played to the page through a scripted game socket, and after each
// riichi, pon, chi, kan, kita, ron, tsumo and draw the test finds the call-out in the page's
// language at the acting seat's side of the board (where that seat sits from the player's chair,
// worked out here), on screen for at least 0.8 s. Also: the hand's banner (the first hand says
// the first win ends the match), the draw panel (who deals next, what carries over) giving way
// when the next hand starts, and call-outs still shown with prefers-reduced-motion.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, assertNoProblems, screenshot } from './browser.mjs';
import { scriptedPage, shownOnBoard } from './scripted.mjs';
import * as S from './scripts.mjs';

const WORDS = {
  en: { riichi: 'Riichi', pon: 'Pon', chi: 'Chi', kan: 'Kan', kita: 'Kita', ron: 'Ron', tsumo: 'Tsumo', draw: 'Exhaustive draw',
    first: 'The first win ends the match', round1: 'East 1 · 0 honba · 0 riichi sticks', round2: 'East 1 · 1 honba · 1 riichi stick',
    next: 'Next: East 1, Aki deals again.', carry: 'It starts with 1 honba and 1 riichi stick on the table.' },
  ja: { riichi: 'リーチ', pon: 'ポン', chi: 'チー', kan: 'カン', kita: 'キタ', ron: 'ロン', tsumo: 'ツモ', draw: '流局',
    first: '最初の和了で対局終了', round1: '東1局 0本場 供託0', round2: '東1局 1本場 供託1',
    next: '次局：東1局、Akiの連荘。', carry: '1本場・供託1で始まります。' },
};

/** waits for the call-out of `kind` and checks its words and side; timed: on screen ≥ 0.8 s */
async function callout(page, kind, side, words, timed) {
  const selector = `.fx-layer .callout[data-kind="${kind}"]`;
  const shown = await shownOnBoard(page, selector);
  const seen = Date.now();
  assert.equal(shown.text, words, `${kind}: the words`);
  assert.equal(shown.side, side, `${kind}: at the acting seat`);
  if (!timed) return;
  await page.locator(selector).last().waitFor({ state: 'detached', timeout: 5000 });
  assert.ok(Date.now() - seen >= 800, `${kind}: on screen ${Date.now() - seen} ms`);
}

describe('call-outs, banners and the draw panel', () => {
  const env = siteAndBrowser();

  for (const lang of ['en', 'ja']) {
    test(`4p: riichi, draw, pon, chi, kan, riichi, ron at their seats (${lang})`, async () => {
      const w = WORDS[lang];
      const timed = lang === 'en';
      const { page, table } = await scriptedPage(env, S.YONMA_FOUND, { lang });
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
      // the next hand begins: the panel leaves the board, the banner names the hand
      table.events(S.YONMA_HAND2_START);
      await panel.waitFor({ state: 'detached', timeout: 3000 });
      const banner2 = page.locator('.fx-layer .banner').last();
      await banner2.waitFor();
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

  test('with reduced motion the call-outs still show, without moving', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND, { reducedMotion: 'reduce' });
    table.events(S.YONMA_HAND1);
    const el = page.locator('.fx-layer .callout[data-kind="riichi"]');
    await el.waitFor();
    assert.equal(await el.evaluate((x) => getComputedStyle(x).animationName), 'none');
    assert.equal(await el.evaluate((x) => getComputedStyle(x).opacity), '1');
    assert.equal(await page.locator('.river .tile.fresh').evaluateAll((xs) => xs.every((x) => getComputedStyle(x).animationName === 'none')), true);
    await page.context().close();
  });
});
