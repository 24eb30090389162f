// learn.test.mjs — learning (web/js/rules.js, rulebook.js, learn.js, learnscript.js): the rules
// page in English and Japanese (every section there, in the page's words; the yaku and yakuman
// tables' han equal to the tables of src/core/RULES.md §5 parsed here, row by row; each mode's
// starting points and the clock as §1 gives them), and the guided first hand played through by
// clicking at 1366×768 and on a phone on its side (844×390), and by keyboard: each step moves on
// only on its expected action (a wrong tile or button shows the hint and changes nothing), and
// the end shows the win (the four yaku, 4 han 20 fu, the payments) and the result worked out in
// learnscript.js's header. No scrolling, every hand tile and the coach's buttons on screen, no
// console errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';

const SOURCE_DIR = process.env.IPPON_SOURCE_DIR;
assert.ok(SOURCE_DIR, 'IPPON_SOURCE_DIR must be set (run through ctest)');

/** the rows of the Markdown table that follows `header` in text: [cells] */
function tableAfter(text, header) {
  const lines = text.split('\n');
  const at = lines.findIndex((l) => l.startsWith(header));
  assert.ok(at >= 0, `the rule book has a table headed "${header}"`);
  const rows = [];
  for (let i = at + 2; i < lines.length && lines[i].startsWith('|'); i++)
    rows.push(lines[i].split('|').slice(1, -1).map((c) => c.trim()));
  return rows;
}

/** a row's name as the rule book writes it: the words before a colon or a bracket */
const ruleName = (cell) => cell.split(/[:(]/)[0].trim();
const han = (cell) => (cell === '–' ? null : parseInt(cell, 10)); // "1 each" (yakuhai) is 1

/** the yaku and yakuman of src/core/RULES.md §5: { name → { closed, open } }, { name → { p4, p3 } } */
async function ruleBook() {
  const text = await fs.readFile(path.join(SOURCE_DIR, 'src/core/RULES.md'), 'utf8');
  const yaku = new Map(tableAfter(text, '| yaku | closed | open |').map(([name, closed, open]) => [ruleName(name), { closed: han(closed), open: han(open) }]));
  const yakuman = new Map(tableAfter(text, '| yakuman | what | 4p | 3p').map(([name, , p4, p3]) => [ruleName(name), { p4: Number(p4), p3: Number(p3) }]));
  assert.ok(yaku.size >= 25 && yakuman.size >= 15, `${yaku.size} yaku and ${yakuman.size} yakuman rows read`);
  return { yaku, yakuman };
}

/** the server's yaku ids (src/core/yaku_names.c) */
async function serverIds() {
  const text = await fs.readFile(path.join(SOURCE_DIR, 'src', 'core', 'yaku_names.c'), 'utf8');
  return [...text.matchAll(/\] = \{ "([a-z0-9_]+)", "/g)].map((m) => m[1]);
}

test('rulebook.js has one row for each row of src/core/RULES.md §5, with the server\'s yaku ids, each yaku once', async () => {
  const book = await ruleBook();
  const { YAKU, YAKUMAN } = await import(pathToFileURL(path.join(SOURCE_DIR, 'web', 'js', 'rulebook.js')).href);
  assert.deepEqual(YAKU.map((y) => y.rule).sort(), [...book.yaku.keys()].sort(), 'the yaku rows');
  assert.deepEqual(YAKUMAN.map((y) => y.rule).sort(), [...book.yakuman.keys()].sort(), 'the yakuman rows');
  const ids = await serverIds();
  const listed = [...YAKU.flatMap((y) => y.ids), ...YAKUMAN.map((y) => y.id)];
  assert.equal(new Set(listed).size, listed.length, 'no yaku listed twice');
  assert.deepEqual(listed.sort(), ids.filter((id) => !['dora', 'aka', 'ura', 'kita'].includes(id)).sort(), 'every yaku the server scores, and only those');
});

const PAGE_WORDS = {
  'en-US': { title: 'The rules', han: /^(\d+) han$/, yakuman: /^yakuman ×(\d)$/, start: ['25,000', '35,000'], clock: /fresh 5 s.*bank: 20 s/, yakuhai: 'Value tiles', dan1: '1 dan', place1: 'Place 1' },
  'ja-JP': { title: 'ルール', han: /^(\d+)翻$/, yakuman: /^役満×(\d)$/, start: ['25,000', '35,000'], clock: /新しい5秒.*20秒のバンク/, yakuhai: '役牌', dan1: '初段', place1: '1位' },
};

describe('learning', () => {
  const env = siteAndBrowser();

  for (const [locale, words] of Object.entries(PAGE_WORDS)) {
    test(`${locale}: every section, the yaku and yakuman tables as the rule book gives them, the numbers and the clock`, async () => {
      const book = await ruleBook();
      const page = await openPage(env.browser, `${env.site.url}/#/`, { locale, viewport: { width: 1366, height: 768 } });
      await page.locator('#nav a[href="#/rules"]').click(); // from the header's navigation
      await page.locator('.rules-page h1').waitFor();
      assert.equal((await page.locator('.rules-page h1').textContent()).trim(), words.title);
      const sections = await page.locator('.rules-section').evaluateAll((els) => els.map((el) => ({
        key: el.dataset.section, title: el.querySelector('h2').textContent, text: el.textContent })));
      assert.deepEqual(sections.map((s) => s.key), ['format', 'numbers', 'clock', 'play', 'yaku', 'yakuman', 'points', 'sanma', 'ranks', 'more']);
      for (const s of sections) {
        assert.ok(s.title.length > 1 && !/rules\./.test(s.text), `section ${s.key} is in the page's words`);
        assert.ok(!/\{[a-z0-9]+\}/.test(s.text), `section ${s.key} has every number filled in`);
      }
      const yaku = await page.locator('.yaku-table tbody tr').evaluateAll((rows) => rows.map((r) => ({
        rule: r.dataset.rule, name: r.querySelector('th').textContent, cells: [...r.querySelectorAll('td')].map((c) => c.textContent) })));
      assert.equal(yaku.length, book.yaku.size);
      const count = (text, re) => (text === '–' ? null : Number(re.exec(text)?.[1] ?? NaN));
      for (const row of yaku) {
        assert.deepEqual({ closed: count(row.cells[0], words.han), open: count(row.cells[1], words.han) }, book.yaku.get(row.rule), `han of ${row.rule}`);
        assert.ok(row.name && !row.name.includes('yaku.'), `${row.rule} named`);
      }
      assert.ok(yaku.find((r) => r.rule === 'yakuhai').name.startsWith(words.yakuhai));
      const yakuman = await page.locator('.yakuman-table tbody tr').evaluateAll((rows) => rows.map((r) => ({
        rule: r.dataset.rule, cells: [...r.querySelectorAll('td')].map((c) => c.textContent) })));
      assert.equal(yakuman.length, book.yakuman.size);
      for (const row of yakuman)
        assert.deepEqual({ p4: count(row.cells[0], words.yakuman), p3: count(row.cells[1], words.yakuman) }, book.yakuman.get(row.rule), `count of ${row.rule}`);
      // src/core/RULES.md §1: 25,000 (4p) and 35,000 (3p) to start; 5 s a decision, a 20 s bank
      assert.deepEqual((await page.locator('.modes-table tr[data-field="start_points"] td').allTextContents()), words.start);
      assert.match(sections.find((s) => s.key === 'clock').text, words.clock);
      // the dan ladder (src/rating/ladder.c, checked row by row by tests/web/ladder.test.mjs): 20 tiers in the
      // page's words; 1 dan promotes at 400, starts at 200, costs 20 for a last place and demotes
      const ladder = await page.locator('.ladder-table tbody tr').evaluateAll((rows) => rows.map((r) => ({
        tier: r.dataset.tier, name: r.querySelector('th').textContent, cells: [...r.querySelectorAll('td')].map((c) => c.textContent) })));
      assert.equal(ladder.length, 20);
      const dan1 = ladder.find((r) => r.tier === '1d');
      assert.equal(dan1.name, words.dan1);
      assert.deepEqual(dan1.cells.slice(0, 3), ['400', '200', '−20']);
      assert.equal(await page.locator('.bases-table tbody tr[data-place="1"] th').textContent(), words.place1);
      assert.deepEqual(await page.locator('.bases-table tbody tr[data-place="1"] td').allTextContents(), ['+20', '+30']);
      assert.match(sections.find((s) => s.key === 'ranks').text, /1,500/);
      await screenshot(page, `learn-rules-${locale}`);
      assertNoProblems(page, 'the rules page');
      await page.context().close();
    });
  }

  guidedHand(env);
});

const GUIDE_WORDS = {
  'en-US': { yaku: ['Riichi', 'Fully concealed tsumo', 'Pinfu', 'All simples'], hanFu: '4 han 20 fu', result: '+5,200', next: 'Next' },
  'ja-JP': { yaku: ['立直', '門前清自摸和', '平和', '断幺九'], hanFu: '4翻20符', result: '+5,200', next: '次へ' },
};

/** the coach's step, hint shown or not, and the hand's tiles */
async function state(page) {
  return page.evaluate(() => ({
    step: document.querySelector('.coach').dataset.step,
    hint: !!document.querySelector('.coach-hint'),
    hand: [...document.querySelectorAll('.hand-wrap button.hand-tile')].map((b) => b.dataset.tile),
  }));
}

async function atStep(page, step) {
  await page.locator(`.coach[data-step="${step}"]`).waitFor();
}

/** a wrong move: the hint shows and the step and the hand stay as they were */
async function wrongMove(page, act) {
  const before = await state(page);
  assert.equal(before.hint, false, `no hint before the wrong move at ${before.step}`);
  await act();
  await page.locator('.coach-hint').waitFor();
  const after = await state(page);
  assert.deepEqual({ ...after, hint: false }, before, 'a wrong move changes nothing');
}

/** nothing scrolls, the hand tiles and the coach's controls are inside the window */
async function allOnScreen(page, what) {
  const out = await page.evaluate(() => {
    const w = window.innerWidth, h = window.innerHeight;
    const off = [...document.querySelectorAll('.hand-wrap button.hand-tile, .coach button, .coach a')].filter((el) => {
      const r = el.getBoundingClientRect();
      return r.left < -0.5 || r.top < -0.5 || r.right > w + 0.5 || r.bottom > h + 0.5;
    }).map((el) => el.textContent || el.dataset.tile);
    const s = document.scrollingElement;
    return { off, scrolls: s.scrollHeight > s.clientHeight + 1 || s.scrollWidth > s.clientWidth + 1 };
  });
  assert.deepEqual(out, { off: [], scrolls: false }, `${what}: all on screen, no scrolling`);
}

const tile = (page, code, drawn) => page.locator(`.hand-wrap button.hand-tile[data-tile="${code}"]${drawn ? '[data-drawn="true"]' : ''}`).first();
/** a click on a tile that is not lit (aria-disabled): a newcomer may still click it */
const clickUnlit = (page, code) => tile(page, code).click({ force: true });
const act = (page, kind) => page.locator(`.coach button.act[data-kind="${kind}"]`);

/** the guided hand's runs, on the site and browser of the describe() around them */
function guidedHand(env) {
  const RUNS = [
    { locale: 'en-US', viewport: { width: 1366, height: 768 }, keys: false },
    { locale: 'ja-JP', viewport: { width: 844, height: 390 }, keys: false, touch: true },
    { locale: 'en-US', viewport: { width: 1366, height: 768 }, keys: true },
  ];
  for (const run of RUNS) {
    const size = `${run.viewport.width}x${run.viewport.height}`;
    test(`${run.locale} at ${size}, ${run.keys ? 'by keyboard' : 'by clicking'}: every step on its expected action only, the win at the end`, async () => {
      const words = GUIDE_WORDS[run.locale];
      const page = await openPage(env.browser, `${env.site.url}/#/`, { locale: run.locale, viewport: run.viewport, touch: !!run.touch });
      await page.locator('.learn-card a[data-kind="learn"]').waitFor();
      if (!run.keys) await screenshot(page, `learn-lobby-${size}`);
      await page.locator('.learn-card a[data-kind="learn"]').click(); // the lobby's offer to newcomers
      await atStep(page, 'intro');
      await allOnScreen(page, 'the start');
      if (!run.keys) await screenshot(page, `learn-start-${size}`);
      await wrongMove(page, () => clickUnlit(page, '2m'));
      if (run.keys) await page.keyboard.press('Space');
      else await page.locator('.coach button[data-kind="next"]').click();

      // draw and discard: North, not another tile
      await atStep(page, 'discard');
      assert.equal((await state(page)).hand.length, 14);
      await wrongMove(page, () => tile(page, '9p').click());
      if (run.keys) { // the arrows from the right end: 7m (drawn), 4z
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('ArrowLeft');
        await page.keyboard.press('Enter');
      } else await tile(page, '4z').click();

      // the call offered: pass, not pon
      await atStep(page, 'call');
      await allOnScreen(page, 'the call');
      if (!run.keys) await screenshot(page, `learn-call-${size}`);
      await wrongMove(page, () => act(page, 'pon').click());
      if (run.keys) await page.keyboard.press('2'); // the buttons: 1 pon, 2 pass
      else await act(page, 'pass').click();

      // riichi with 9p: not a plain discard of it
      await atStep(page, 'riichi');
      await wrongMove(page, () => tile(page, '9p').click());
      if (run.keys) {
        await page.keyboard.press('r');
        await page.locator('.coach button.act-riichi.on').waitFor();
        await page.keyboard.press('ArrowRight'); // the first tile that keeps the riichi: 9p (5s after it)
        await page.keyboard.press('Enter');
      } else {
        await act(page, 'riichi').click();
        await page.locator('.coach button.act-riichi.on').waitFor();
        if (!run.keys) await screenshot(page, `learn-riichi-${size}`);
        await tile(page, '9p').click();
      }

      // in riichi the table discards 1p; then 8s: tsumo, not a discard of the winning tile
      await atStep(page, 'wait');
      if (run.keys) await page.keyboard.press('Space');
      else await page.locator('.coach button[data-kind="next"]').click();
      await atStep(page, 'tsumo');
      await wrongMove(page, () => tile(page, '8s', true).click());
      if (run.keys) await page.keyboard.press('1');
      else await act(page, 'tsumo').click();

      // the win in full and the result worked out in learnscript.js
      await atStep(page, 'win');
      const win = page.locator('.viewer-result');
      await win.waitFor();
      const text = await win.textContent();
      for (const y of words.yaku) assert.ok(text.includes(y), `the yaku ${y}`);
      assert.ok(text.includes(words.hanFu), words.hanFu);
      assert.ok(text.includes('+6,200') && text.includes('−2,600') && text.includes('−1,300'), 'the payments: +6,200, the dealer −2,600, the others −1,300');
      assert.ok((await page.locator('.coach').textContent()).includes(words.result), `your result ${words.result}`);
      await allOnScreen(page, 'the end');
      if (!run.keys) await screenshot(page, `learn-win-${size}`);
      await page.locator('.coach button[data-kind="again"]').click();
      await atStep(page, 'intro');
      assertNoProblems(page, 'the guided hand');
      await page.context().close();
    });
  }
}
