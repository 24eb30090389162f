// points.test.mjs — the result screens explain the points, checked against two matches worked
// out by hand (scripts.mjs): a ron with honba, two riichi sticks (one carried from a drawn hand,
// one put down this hand by a player who did not win) and kiriage mangan; and a 3p daisangen
// tsumo paid in full by the liable player (pao) with honba and a carried stick. Each seat's row
// reads hand start → riichi stick → this hand → final points → match result (final − start).
// The dialog takes the focus and keeps it; every button is on screen at 1366×768. And the table
// takes the match's numbers (starting points, riichi stick, live tiles) from match_found.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, assertNoProblems, screenshot } from './browser.mjs';
import { scriptedPage } from './scripted.mjs';
import * as S from './scripts.mjs';

const TEXT = {
  en: { you: 'You', yours: (r) => `Your result: ${r}`, title: 'You win!', pao: 'Pao: Rin pays for Big three dragons.',
    parts: ['Hand value', 'Honba', 'Riichi sticks', 'The winner gets'] },
  ja: { you: 'あなた', yours: (r) => `あなたの成績：${r}`, title: 'あなたの和了！', pao: null, parts: null },
};

async function endOf(env, lang, found, play) {
  const { page, table } = await scriptedPage(env, found, { lang });
  await play(page, table);
  await page.locator('.match-end .standings').waitFor();
  return page;
}

/** the rows of the points table: { seat: [cells after # and name] } in the order shown */
async function pointRows(page) {
  const rows = page.locator('.match-end table.standings tbody tr');
  const out = [];
  for (let i = 0; i < await rows.count(); i++) {
    const cells = await rows.nth(i).locator('td').allTextContents();
    out.push({ seat: Number(await rows.nth(i).getAttribute('data-seat')), place: cells[0], name: cells[1], cells: cells.slice(2) });
  }
  return out;
}

async function breakdown(page) {
  const rows = page.locator('.match-end table.breakdown tr');
  const out = {};
  for (let i = 0; i < await rows.count(); i++)
    out[await rows.nth(i).getAttribute('data-part')] = [await rows.nth(i).locator('th').textContent(), await rows.nth(i).locator('td').textContent()];
  return out;
}

describe('result screens, worked by hand', () => {
  const env = siteAndBrowser();

  for (const lang of ['en', 'ja']) {
    test(`4p ron: honba, a carried stick, a riichi stick lost this hand, kiriage mangan (${lang})`, async () => {
      const x = TEXT[lang];
      const page = await endOf(env, lang, S.YONMA_FOUND, S.playYonma);
      assert.equal(await page.locator('#match-end-title').textContent(), x.title);
      assert.equal(await page.locator('.your-result').textContent(), x.yours('+9,300'));
      const parts = await breakdown(page);
      assert.deepEqual(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v[1]])),
        { value: '8,000', honba_points: '+300', sticks_points: '+2,000', gain: '10,300' });
      if (x.parts) assert.deepEqual(Object.values(parts).map((v) => v[0]), x.parts);
      const rows = await pointRows(page);
      assert.deepEqual(rows.map((r) => r.seat), S.YONMA_ORDER);
      for (const r of rows) assert.deepEqual(r.cells, S.YONMA_POINTS[r.seat], `seat ${r.seat}`);
      assert.equal(rows.find((r) => r.seat === 1).name, x.you);
      assert.deepEqual(rows.map((r) => r.place), ['1', '2', '3', '4']);
      // the winning hand with its tiles and the limit
      assert.equal(await page.locator('.match-end .score-line').textContent(), lang === 'en'
        ? '4 han 30 fu · Mangan · 8,000 points' : '4翻30符 · 満貫 · 8,000点');
      // the dialog holds the focus: it starts on Play again, Tab goes round inside it
      assert.equal(await page.evaluate(() => document.activeElement.dataset.kind), 'again');
      const inside = async () => page.evaluate(() => !!document.activeElement.closest('.match-end'));
      for (let i = 0; i < 12; i++) {
        await page.keyboard.press('Tab');
        assert.ok(await inside(), `Tab ${i + 1} stays in the dialog`);
      }
      await page.keyboard.press('Shift+Tab');
      assert.ok(await inside(), 'Shift+Tab stays in the dialog');
      // every button of the dialog is on screen
      for (const box of await page.locator('.match-end footer button, .match-end footer a').evaluateAll((xs) => xs.map((b) => b.getBoundingClientRect().toJSON())))
        assert.ok(box.top >= 0 && box.left >= 0 && box.bottom <= 768 && box.right <= 1366, `a button at ${JSON.stringify(box)}`);
      await screenshot(page, lang === 'en' ? 'result-ron-honba' : 'result-ron-honba-ja');
      assertNoProblems(page);
      await page.context().close();
    });
  }

  // a match whose numbers are neither preset's: the table shows what match_found said, so no
  // number of its own stands in (PROTOCOL.md, "numbers")
  test('the table takes the match\'s numbers from match_found: starting points, stick, live tiles', async () => {
    const numbers = { ...S.YONMA_NUMBERS, start_points: 30000, riichi_stick: 500, live_tiles: 66 };
    const { page, table } = await scriptedPage(env, { ...S.YONMA_FOUND, numbers });
    const plate = (seat) => page.locator(`.plate[data-seat="${seat}"] .plate-points`);
    for (let seat = 0; seat < 4; seat++) assert.equal(await plate(seat).textContent(), '30,000', `seat ${seat} before the deal`);
    const [start, ...rest] = S.YONMA_HAND1; // hand_start, deal, dora, draw, riichi discard, stick
    table.events([{ ...start, points: [30000, 30000, 30000, 30000] }, ...rest.slice(0, 3)]);
    await page.locator('.board .live', { hasText: '65 tiles left' }).waitFor({ timeout: 5000 }); // 66 at the deal, one drawn
    table.events(rest.slice(3));
    await page.locator('.plate[data-seat="0"] .plate-points', { hasText: '29,500' }).waitFor({ timeout: 5000 });
    for (const seat of [1, 2, 3]) assert.equal(await plate(seat).textContent(), '30,000');
    assertNoProblems(page);
    await page.context().close();
  });

  test('3p tsumo with pao: the liable player pays the yakuman and the honba', async () => {
    const page = await endOf(env, 'en', S.SANMA_FOUND, async (p, table) => S.playSanma(table));
    assert.equal(await page.locator('#match-end-title').textContent(), 'Bot Aoi wins');
    assert.equal(await page.locator('.your-result').textContent(), 'Your result: −1,000');
    assert.equal(await page.locator('.match-end .pao').textContent(), TEXT.en.pao);
    const parts = await breakdown(page);
    assert.deepEqual(Object.fromEntries(Object.entries(parts).map(([k, v]) => [k, v[1]])),
      { value: '24,000', honba_points: '+200', sticks_points: '+1,000', gain: '25,200' });
    const rows = await pointRows(page);
    assert.deepEqual(rows.map((r) => r.seat), S.SANMA_ORDER);
    for (const r of rows) assert.deepEqual(r.cells, S.SANMA_POINTS[r.seat], `seat ${r.seat}`);
    // the winner's whole hand: 8 concealed tiles (the winning one apart) and three pons
    assert.equal(await page.locator('.match-end .result-hand .concealed .tile').count(), 7);
    assert.equal(await page.locator('.match-end .result-hand .meld').count(), 3);
    assert.equal(await page.locator('.match-end .score-line').textContent(), 'Yakuman ×1 · 24,000 points');
    await screenshot(page, 'result-pao');
    assertNoProblems(page);
    await page.context().close();
  });
});
