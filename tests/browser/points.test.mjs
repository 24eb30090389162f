// points.test.mjs — the result screens explain the points, checked against two matches worked
// out by hand (scripts.mjs): a ron with honba, two riichi sticks (one carried from a drawn hand,
// one put down this hand by a player who did not win) and kiriage mangan; and a 3p daisangen
// tsumo paid in full by the liable player (pao) with honba and a carried stick. Each seat's row
// reads hand start → riichi stick → this hand → final points → match result (final − start).
// The result takes the focus and keeps it; every button is on screen at 1366×768. The yaku come
// one by one (each step at least 400 ms after the last; the points after the last yaku), all at
// once after a key or the skip button, and all at once under reduced motion. With 16-character
// names at 1280×720 every cell of the points table is in the window and in its card, which does
// not scroll sideways (English and Japanese). And the table takes the match's numbers (starting
// points, riichi stick, live tiles) from match_found.
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

/** in the page, from now on: each change of how many yaku are shown and whether the points are,
 * seen when it is made (a mutation observer runs right after the change) */
function watchReveal(page) {
  return page.evaluate(() => {
    window.revealSeen = [];
    const shown = (el) => !!el && getComputedStyle(el).visibility === 'visible';
    let last = '';
    new MutationObserver(() => {
      const lis = [...document.querySelectorAll('.match-end ul.yaku li')];
      if (!lis.length) return;
      const now = { n: lis.filter(shown).length, points: shown(document.querySelector('.match-end .points-col')), t: performance.now() };
      const key = `${now.n}|${now.points}`;
      if (key !== last) window.revealSeen.push(now);
      last = key;
    }).observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['class'] });
  });
}

/**
 * in the page: as soon as the match end is put in, how many yaku show; then `how` ('key': a key
 * pressed; 'skip': the skip button) and how many show right after, and the points
 */
function skipOnArrival(page, how) {
  return page.evaluate((how) => new Promise((resolve) => {
    const shown = (el) => getComputedStyle(el).visibility === 'visible';
    const count = () => [...document.querySelectorAll('.match-end ul.yaku li')].filter(shown).length;
    const seen = new MutationObserver(() => {
      const skip = document.querySelector('.match-end button.skip');
      if (!skip) return;
      seen.disconnect();
      const before = { n: count(), skipShown: !skip.hidden };
      if (how === 'key') document.activeElement.dispatchEvent(new KeyboardEvent('keydown', { key: 'x', bubbles: true }));
      else skip.click();
      resolve({ before, after: count(), all: document.querySelectorAll('.match-end ul.yaku li').length,
        points: shown(document.querySelector('.match-end .points-col')), skipShown: !skip.hidden });
    });
    seen.observe(document.body, { childList: true, subtree: true });
  }), how);
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

  test('the yaku come one by one, then the points', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND);
    await watchReveal(page);
    await S.playYonma(page, table);
    await page.waitForFunction(() => window.revealSeen.some((x) => x.points));
    const seen = await page.evaluate(() => window.revealSeen);
    // 4 yaku (tanyao, pinfu, dora, red five): 0, 1, 2, 3, 4 shown in turn, the points after the last
    assert.deepEqual(seen.map((x) => x.n), [0, 1, 2, 3, 4, 4], JSON.stringify(seen));
    assert.deepEqual(seen.map((x) => x.points), [false, false, false, false, false, true]);
    // each step a clear moment after the last (420 ms apart in the page; the observer's own
    // timing on a loaded machine can shave some off one gap by noticing the step before late)
    for (let i = 1; i < seen.length; i++)
      assert.ok(seen[i].t - seen[i - 1].t >= 300, `step ${i} came ${Math.round(seen[i].t - seen[i - 1].t)} ms after the last`);
    assert.equal(await page.locator('.match-end button.skip').isVisible(), false, 'no skip button once all is shown');
    assertNoProblems(page);
    await page.context().close();
  });

  for (const how of ['key', 'skip']) {
    test(`a ${how === 'key' ? 'key' : 'click on the skip button'} shows every yaku and the points at once`, async () => {
      const { page, table } = await scriptedPage(env, S.YONMA_FOUND);
      const arrival = skipOnArrival(page, how);
      await S.playYonma(page, table);
      const r = await arrival;
      assert.deepEqual(r.before, { n: 0, skipShown: true }, 'the result starts with no yaku shown');
      assert.deepEqual([r.after, r.all, r.points, r.skipShown], [4, 4, true, false]);
      // the key showed everything and pressed nothing: the result is still there, the focus on Play again
      assert.equal(await page.evaluate(() => document.activeElement.dataset.kind), 'again');
      // drawn again in the other language, the result told once is shown whole at once
      const again = await page.evaluate(async () => {
        (await import('/js/i18n.js')).setLang('ja');
        const lis = [...document.querySelectorAll('.match-end ul.yaku li')];
        return { title: document.querySelector('#match-end-title').textContent, hidden: document.querySelectorAll('.match-end .unrevealed').length, n: lis.length };
      });
      assert.deepEqual(again, { title: 'あなたの和了！', hidden: 0, n: 4 });
      assertNoProblems(page);
      await page.context().close();
    });
  }

  test('under reduced motion every yaku and the points show at once', async () => {
    const { page, table } = await scriptedPage(env, S.YONMA_FOUND, { reducedMotion: 'reduce' });
    await watchReveal(page);
    await S.playYonma(page, table);
    await page.locator('.match-end .standings').waitFor();
    const seen = await page.evaluate(() => window.revealSeen);
    assert.deepEqual(seen.map((x) => [x.n, x.points]), [[4, true]], JSON.stringify(seen));
    assert.equal(await page.locator('.match-end button.skip').isVisible(), false);
    assert.equal(await page.locator('.match-end ul.yaku li').first().evaluate((x) => getComputedStyle(x).animationName), 'none');
    await page.context().close();
  });

  // 16 characters each: wide Latin letters, and Japanese (each character a full em)
  const LONG = { en: ['WMWMWMWMWMWMWMWM', 'Maximilian Woods', 'Wolfgang_Mozart_'], ja: ['麻雀大好き長い名前のプレイヤー一', '一二三四五六七八九十一二三四五六', 'あいうえおかきくけこさしすせそた'] };
  for (const lang of ['en', 'ja']) {
    test(`16-character names at 1280×720: every column of the points table in view (${lang})`, async () => {
      const [a, b, c] = LONG[lang];
      for (const n of LONG[lang]) assert.equal([...n].length, 16);
      const found = { ...S.YONMA_FOUND, seats: S.YONMA_FOUND.seats.map((x, i) => ({ ...x, name: [a, x.name, b, c][i] })) };
      const { page, table } = await scriptedPage(env, found, { lang, viewport: { width: 1280, height: 720 } });
      await S.playYonma(page, table);
      await page.locator('.match-end .standings').waitFor();
      await page.keyboard.press('x'); // the whole result at once
      await page.locator('.match-end .points-col:not(.unrevealed)').waitFor();
      const m = await page.evaluate(() => {
        const col = document.querySelector('.match-end .points-col');
        return {
          col: col.getBoundingClientRect().toJSON(), scroll: [col.scrollWidth, col.clientWidth],
          cells: [...col.querySelectorAll('table.standings :is(th, td)')].map((x) => ({ text: x.textContent, box: x.getBoundingClientRect().toJSON() })),
          page: [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight],
        };
      });
      assert.ok(m.scroll[0] <= m.scroll[1], `the points card scrolls sideways: ${m.scroll}`);
      assert.ok(m.page[0] <= 1280 && m.page[1] <= 720, `the window scrolls: ${m.page}`);
      assert.equal(m.cells.length, 7 * 5, 'a head and four rows of seven cells');
      for (const { text, box } of m.cells) {
        assert.ok(box.left >= 0 && box.top >= 0 && box.right <= 1280 && box.bottom <= 720, `"${text}" in the window: ${JSON.stringify(box)}`);
        assert.ok(box.left >= m.col.left && box.right <= m.col.right && box.bottom <= m.col.bottom, `"${text}" in its card`);
      }
      const names = m.cells.map((x) => x.text);
      for (const n of [a, b, c]) assert.ok(names.includes(n), `${n} written in full`);
      assert.ok(names.includes(lang === 'en' ? 'Result' : '成績'));
      await screenshot(page, `result-long-names-${lang}`);
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
    // three pons beside the hand on a phone held sideways: in the window, which does not scroll
    await page.setViewportSize({ width: 844, height: 390 });
    const m = await page.evaluate(() => ({ hand: document.querySelector('.match-end .result-hand').getBoundingClientRect().toJSON(),
      scroll: [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight] }));
    assert.ok(m.hand.right <= 844 && m.hand.bottom <= 390 && m.scroll[0] <= 844 && m.scroll[1] <= 390, JSON.stringify(m));
    await screenshot(page, 'result-pao-844x390');
    assertNoProblems(page);
    await page.context().close();
  });
});
