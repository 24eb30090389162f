// aids.test.mjs — the play aids at the table, on the hand-written YONMA match (scripts.mjs):
// your waits with how many of each you have not seen (counted by hand below), the furiten mark
// exactly as the server names it (after you pass a ron the waits stay listed, marked temporary
// furiten, through the next ask; riichi furiten in Japanese), the flag on the discard that leaves you tenpai and its
// waits while you point at it, dora and red fives marked in your hand; and the three toggles —
// auto tsumogiri, no calls, auto-win — answering for you, remembered in the browser (as is muting
// the sound), and leaving everything else to you.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, assertNoProblems, pastClientMoment, screenshot } from './browser.mjs';
import { scriptedPage } from './scripted.mjs';
import * as S from './scripts.mjs';

/** the waits box: { title, furiten, waits: { tile: left } } */
async function waitsBox(page) {
  const box = page.locator('.waits-box:not(.empty)');
  await box.waitFor();
  const waits = {};
  for (const w of await box.locator('.wait').all()) waits[await w.getAttribute('data-tile')] = await w.locator('.wait-left').textContent();
  return { title: await box.locator('.waits-title').textContent(), furiten: await box.locator('.furiten-mark').count() === 1, waits };
}

/** the furiten mark: { kind, why } (its tooltip) */
async function furitenMark(page) {
  const mark = page.locator('.waits-box .furiten-mark');
  await mark.waitFor();
  return { kind: await mark.getAttribute('data-furiten'), why: await mark.getAttribute('title') };
}

describe('play aids', () => {
  const env = siteAndBrowser();

  test('waits, unseen counts, furiten, the tenpai flag, dora and red fives in the hand', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND);
    table.events([...S.YONMA_HAND1, S.YONMA_DRAW, ...S.YONMA_HAND2_START, ...S.YONMA_PON, ...S.YONMA_CHI, S.YONMA_MY_DRAW]);
    table.ask(S.YONMA_MY_ASK);
    await page.locator('.table-page.my-turn .hand-tile.ok').first().waitFor();
    // only East leaves you tenpai; the indicator 4s makes 5s the dora; 0p is a red five
    assert.deepEqual(await page.locator('.hand-tile.keeps-tenpai').evaluateAll((xs) => xs.map((x) => x.dataset.tile)), ['1z']);
    assert.deepEqual(await page.locator('.hand-tile.is-dora').evaluateAll((xs) => xs.map((x) => x.dataset.tile)), ['5s']);
    assert.deepEqual(await page.locator('.hand-tile.is-red').evaluateAll((xs) => xs.map((x) => x.dataset.tile)), ['0p']);
    assert.equal(await page.locator('.waits-box:not(.empty)').count(), 0, 'not tenpai yet');
    // pointing at East: the waits it would give. Seen so far: your own 5s, nothing of 8s
    await page.locator('.hand-tile[data-tile="1z"]').hover();
    assert.deepEqual(await waitsBox(page), { title: 'Discard East wind to wait on', furiten: false, waits: { '5s': '×3', '8s': '×4' } });
    await screenshot(page, 'table-waits-preview');
    await page.locator('.hand-tile[data-tile="1z"]').click();
    await table.nextAct();
    table.events([S.YONMA_MY_DISCARD, S.YONMA_MY_TENPAI]); // the server tells your waits after it
    await page.mouse.move(5, 5);
    assert.deepEqual(await waitsBox(page), { title: 'Waiting on', furiten: false, waits: { '5s': '×3', '8s': '×4' } });
    // seat 2 draws and discards 5s, a ron for you (tanyao, pinfu): you pass it
    table.events([{ type: 'draw', seat: 2, replacement: false }, { type: 'discard', seat: 2, tile: '5s', tsumogiri: false, riichi: false }]);
    table.ask(S.YONMA_RON_ASK);
    await page.locator('.actions button.act[data-kind="pass"]').click();
    assert.deepEqual((await table.nextAct()).action, { type: 'pass' });
    assert.deepEqual(await waitsBox(page), { title: 'Waiting on', furiten: false, waits: { '5s': '×2', '8s': '×4' } },
      'nothing of the page\'s own making: the server has not said it yet');
    // play goes on (seat 3 draws) and the server says: temporary furiten, until your next discard
    table.events([{ type: 'draw', seat: 3, replacement: false }, { type: 'tenpai', tenpai: { waits: ['5s', '8s'], furiten: 'temporary' } }]);
    await page.locator('.furiten-mark').waitFor();
    assert.deepEqual(await waitsBox(page), { title: 'Waiting on', furiten: true, waits: { '5s': '×2', '8s': '×4' } });
    assert.deepEqual(await furitenMark(page), { kind: 'temporary',
      why: 'Furiten until your next discard: a tile you wait on went by. Until then you can win only by tsumo.' });
    await screenshot(page, 'table-furiten');
    // seat 3 lets 8p go: asked about a pon, the waits and the furiten stay as the server said
    table.event({ type: 'discard', seat: 3, tile: '8p', tsumogiri: false, riichi: false });
    table.ask({ options: [{ type: 'pon', tiles: ['8p', '8p'] }, { type: 'pass' }], tenpai: { waits: ['5s', '8s'], furiten: 'temporary' } });
    await page.locator('.actions button.act[data-kind="pon"]').waitFor();
    assert.deepEqual(await waitsBox(page), { title: 'Waiting on', furiten: true, waits: { '5s': '×2', '8s': '×4' } });
    assert.equal((await furitenMark(page)).kind, 'temporary');
    await page.locator('.actions button.act[data-kind="pass"]').click();
    assert.deepEqual((await table.nextAct()).action, { type: 'pass' });
    // your next discard ends it: the server says so
    table.events([{ type: 'draw', seat: 0, replacement: false }, { type: 'discard', seat: 0, tile: '9m', tsumogiri: false, riichi: false },
      { type: 'draw', seat: 1, tile: '9s', replacement: false }, { type: 'discard', seat: 1, tile: '9s', tsumogiri: true, riichi: false },
      { type: 'tenpai', tenpai: { waits: ['5s', '8s'], furiten: null } }]);
    await page.locator('.waits-box:not(.furiten)').waitFor();
    assert.deepEqual(await waitsBox(page), { title: 'Waiting on', furiten: false, waits: { '5s': '×2', '8s': '×4' } });
    assertNoProblems(page);
    await page.context().close();
  });

  test('riichi furiten and a wait in your own pond, named in Japanese', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND, { lang: 'ja' });
    table.events([...S.YONMA_HAND1, S.YONMA_DRAW, ...S.YONMA_HAND2_START, ...S.YONMA_PON, ...S.YONMA_CHI, S.YONMA_MY_DRAW,
      { ...S.YONMA_MY_DISCARD, riichi: true }, S.YONMA_MY_TENPAI, { type: 'riichi_stick', seat: 1 },
      { type: 'tenpai', tenpai: { waits: ['5s', '8s'], furiten: 'riichi' } }]);
    assert.deepEqual(await furitenMark(page), { kind: 'riichi', why: 'リーチ後フリテン：リーチ後に待ち牌を見逃しました。この局はツモ和了のみです。' });
    assert.deepEqual((await waitsBox(page)).waits, { '5s': '×3', '8s': '×4' });
    table.event({ type: 'hand_start', round_wind: 0, dealer: 1, honba: 0, sticks: 0, points: [25000, 25000, 25000, 25000], commitment: 'ab'.repeat(32), kyoku: 2 });
    await page.locator('.waits-box.empty').waitFor({ state: 'attached' }); // a new hand: nothing told yet
    table.event({ type: 'tenpai', tenpai: { waits: ['3p'], furiten: 'permanent' } });
    assert.deepEqual(await furitenMark(page), { kind: 'permanent', why: 'フリテン：待ち牌が自分の捨て牌にあります。その待ちの間はツモ和了のみです。' });
    await screenshot(page, 'table-furiten-ja');
    assertNoProblems(page);
    await page.context().close();
  });

  test('auto tsumogiri, no calls and auto-win answer for you; other choices stay yours', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND);
    const aid = (name) => page.locator(`.aids button.aid[data-aid="${name}"]`);
    for (const name of ['tsumogiri', 'noCalls', 'autoWin']) {
      assert.equal(await aid(name).getAttribute('aria-pressed'), 'false');
      await aid(name).click();
      assert.equal(await aid(name).getAttribute('aria-pressed'), 'true');
    }
    assert.deepEqual(JSON.parse(await page.evaluate(() => localStorage.getItem('ippon.aids'))), { autoWin: true, noCalls: true, tsumogiri: true });
    // the sound toggle is remembered too
    assert.equal(await aid('sound').getAttribute('aria-pressed'), 'true');
    await aid('sound').click();
    assert.equal(await aid('sound').getAttribute('aria-pressed'), 'false');
    assert.equal(await aid('sound').textContent(), 'Sound off');
    assert.equal(await page.evaluate(() => localStorage.getItem('ippon.sound')), 'off');
    table.events([...S.YONMA_HAND1, S.YONMA_DRAW, ...S.YONMA_HAND2_START, ...S.YONMA_PON, ...S.YONMA_CHI, S.YONMA_MY_DRAW]);
    table.ask(S.YONMA_MY_ASK);
    assert.deepEqual((await table.nextAct()).action, { type: 'discard', tile: '8p', tsumogiri: true }, 'the drawn tile, at once');
    table.event({ type: 'discard', seat: 1, tile: '8p', tsumogiri: true, riichi: false });
    // a pon offer is passed
    table.events([{ type: 'draw', seat: 2, replacement: false }, { type: 'discard', seat: 2, tile: '7p', tsumogiri: false, riichi: false }]);
    table.ask({ options: [{ type: 'pon', tiles: ['6p', '7p'] }, { type: 'pass' }] });
    assert.deepEqual((await table.nextAct()).action, { type: 'pass' });
    // a ron offer is taken
    table.events([{ type: 'draw', seat: 3, replacement: false }, { type: 'discard', seat: 3, tile: '7p', tsumogiri: false, riichi: false }]);
    table.ask({ options: [{ type: 'ron' }, { type: 'pass' }] });
    assert.deepEqual((await table.nextAct()).action, { type: 'ron' });
    assertNoProblems(page);
    await page.context().close();
  });

  test('with the aids off nothing is answered for you, and no calls never passes a ron', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND);
    table.events([...S.YONMA_HAND1, S.YONMA_DRAW, ...S.YONMA_HAND2_START, ...S.YONMA_PON, ...S.YONMA_CHI, S.YONMA_MY_DRAW]);
    table.ask(S.YONMA_MY_ASK);
    await page.locator('.table-page.my-turn').waitFor();
    await pastClientMoment(page, '/js/table.js', 'AUTO_MS'); // when an aid would have answered
    await page.locator('.hand-tile.ok[data-tile="1z"]').click();
    const first = (await table.nextAct()).action; // the socket keeps the order: nothing came before the click
    assert.deepEqual([first.type, first.tile], ['discard', '1z'], 'no aid answered the ask');
    table.event(S.YONMA_MY_DISCARD);
    await page.locator('.aids button.aid[data-aid="noCalls"]').click();
    table.events(S.YONMA_KAN.concat(S.YONMA_RIICHI, S.YONMA_DEAL_IN));
    table.ask({ options: [{ type: 'ron' }, { type: 'chi', tiles: ['6s', '7s'] }, { type: 'pass' }], tenpai: S.YONMA_RON_ASK.tenpai });
    await page.locator('.actions button.act[data-kind="ron"]').waitFor();
    await pastClientMoment(page, '/js/table.js', 'AUTO_MS'); // when "no calls" would have passed
    await page.locator('.actions button.act[data-kind="ron"]').click();
    assert.deepEqual((await table.nextAct()).action, { type: 'ron' }, 'the first answer is the click: no pass before it');
    assertNoProblems(page);
    await page.context().close();
  });
});
