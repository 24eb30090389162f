// match_page.test.mjs — the match page (#/match/ID, web/js/match.js and wins.js) in a real
// browser. First with hand-written API replies (page.route), whose expected texts were worked out
// by hand: a 3p yakuman with four melds (pons from the right and from the left, a closed kan),
// two kita, the dora indicator, pao, and the points' parts, in English and in Japanese; and an
// older record without melds, kita, dora or the points' parts, which still shows what it has.
// Then a real match played over the WebSocket: its page shows the winner's melds, kita and
// dora exactly when the stored win has them, and the hand count with the right plural.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { request } from '../integration/harness.mjs';
import { siteAndBrowser, openPage, assertNoProblems, screenshot, playOverSocket } from './browser.mjs';

const PLAYERS_3P = [
  { seat: 0, user_id: 'a1', display_name: 'Rin', bot: false, final_points: 84300, result: 49300 },
  { seat: 1, user_id: null, display_name: 'Bot Aoi', bot: true, final_points: 11000, result: -24000 },
  { seat: 2, user_id: null, display_name: 'Bot Ren', bot: true, final_points: 10700, result: -24300 },
];

/** a 3p match won in its first hand: Rin (seat 0, dealer) rons Bot Aoi's 9s for big three dragons */
const NEW_RECORD = {
  id: 'stub3p', mode: '3p', rules: 'sanma', ranked: true, completed: true, voided_at: null, void_reason: null,
  hands: 1, started_at: 1796137166765, ended_at: 1796137172210, players: PLAYERS_3P,
  wins: [{
    type: 'win', seat: 0, from: 1, tile: '9s', hand: ['9s', '9s'],
    melds: [
      { type: 'pon', tiles: ['5z', '5z', '5z'], called: '5z', from: 1 },
      { type: 'pon', tiles: ['6z', '6z', '6z'], called: '6z', from: 2 },
      { type: 'ankan', tiles: ['1p', '1p', '1p', '1p'] },
      { type: 'pon', tiles: ['7z', '7z', '7z'], called: '7z', from: 2 },
    ],
    kita: ['4z', '4z'], dora: ['3s'], ura: [],
    score: {
      han: 0, fu: 0, yakuman: 1, limit: 'yakuman', points: 48000, honba_points: 300, sticks_points: 1000,
      yaku: [{ id: 'daisangen', name: '大三元', yakuman: 1 }], pao: [{ seat: 2, yaku: 'daisangen' }],
    },
    payments: [49300, -24000, -24300],
  }],
  seeds: ['b1e7'], logs: {},
};

/** a 4p record as stored before melds, kita, dora and the points' parts were kept */
const OLD_RECORD = {
  id: 'stub4p', mode: '4p', rules: 'yonma', ranked: false, completed: true, voided_at: null, void_reason: null,
  hands: 2, started_at: 1796137166765, ended_at: 1796137172210,
  players: [
    { seat: 0, user_id: 'a1', display_name: 'Rin', bot: false, final_points: 33000, result: 8000 },
    { seat: 1, user_id: null, display_name: 'Bot Aoi', bot: true, final_points: 25000, result: 0 },
    { seat: 2, user_id: null, display_name: 'Bot Ren', bot: true, final_points: 17000, result: -8000 },
    { seat: 3, user_id: null, display_name: 'Bot Sora', bot: true, final_points: 25000, result: 0 },
  ],
  wins: [{
    type: 'win', seat: 0, from: 0, tile: '6p',
    hand: ['2m', '3m', '4m', '4p', '5p', '6p', '6p', '7p', '8p', '3s', '3s', '6s', '7s', '8s'], ura: ['2z'],
    score: {
      han: 4, fu: 30, yakuman: 0, limit: 'mangan', points: 8000,
      yaku: [{ id: 'riichi', name: '立直', han: 1 }, { id: 'menzen_tsumo', name: '門前清自摸和', han: 1 },
        { id: 'pinfu', name: '平和', han: 1 }, { id: 'tanyao', name: '断幺九', han: 1 }], pao: [],
    },
    payments: [8000, -2000, -4000, -2000],
  }],
  seeds: ['b1e7', '71aa'], logs: {},
};

/** the page's texts of the selector's matches, trimmed */
async function texts(page, selector) {
  return (await page.locator(selector).allTextContents()).map((s) => s.trim());
}

/** a meld's tiles as [aria-label, sideways?] in order */
async function meldTiles(meld) {
  return meld.locator('.tile').evaluateAll((els) => els.map((el) => [el.firstChild.getAttribute('aria-label'), el.classList.contains('sideways')]));
}

describe('the match page', () => {
  const env = siteAndBrowser();

  /** a page whose GET /api/matches/ID answers with `record` */
  async function stubbedPage(record, locale = 'en-US') {
    const page = await openPage(env.browser, null, { locale });
    await page.route(`**/api/matches/${record.id}`, (route) => route.fulfill({ json: record }));
    await page.goto(`${env.site.url}/#/match/${record.id}`);
    await page.locator('.match-page section.win').waitFor();
    return page;
  }

  test('a win with melds, kita, dora, pao and the points parts, in English and Japanese', async () => {
    const page = await stubbedPage(NEW_RECORD);
    const meta = await page.locator('.match-page > p.muted').first().textContent();
    assert.match(meta, / · 1 hand · Ranked/, 'one hand, singular');
    const win = page.locator('section.win');
    assert.equal(await win.locator('h3').textContent(), 'Rin: ron from Bot Aoi');
    assert.deepEqual(await win.locator('.concealed .tile svg').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label'))),
      ['9 sou'], 'the concealed part without the winning tile');
    assert.equal(await win.locator('.win-tile svg').getAttribute('aria-label'), '9 sou');

    const melds = win.locator('.melds .meld');
    assert.equal(await melds.count(), 4);
    assert.deepEqual(await meldTiles(melds.nth(0)), [['White dragon', false], ['White dragon', false], ['White dragon', true]],
      'called from the right (seat 1): the turned tile last');
    assert.deepEqual(await meldTiles(melds.nth(1)), [['Green dragon', true], ['Green dragon', false], ['Green dragon', false]],
      'called from seat 2, to the left in 3p: the turned tile first');
    assert.deepEqual(await meldTiles(melds.nth(2)), [['hidden tile', false], ['1 pin', false], ['1 pin', false], ['hidden tile', false]],
      'a closed kan shows its ends face down');
    assert.equal(await melds.nth(3).locator('.tile.sideways').count(), 1);
    assert.equal(await win.locator('.kita .tile').count(), 2);
    assert.equal(await win.locator('.kita').getAttribute('aria-label'), '2 Norths set aside');

    assert.deepEqual(await texts(page, 'section.win .ind-label'), ['Dora indicators'], 'no ura dora: none were turned');
    assert.equal(await win.locator('.ind.dora svg').getAttribute('aria-label'), '3 sou');
    assert.deepEqual(await texts(page, 'section.win .yaku li'), ['Big three dragonsyakuman ×1']);
    assert.equal(await win.locator('.score-line').textContent(), 'Yakuman ×1 · 48,000 points');
    assert.equal(await win.locator('.pao').textContent(), 'Pao: Bot Ren pays for Big three dragons.');
    assert.deepEqual(await texts(page, 'section.win .breakdown tr'),
      ['Hand value48,000', 'Honba+300', 'Riichi sticks+1,000', 'The winner gets49,300']);
    assert.deepEqual(await texts(page, 'section.win table.payments:not(.breakdown) tr'),
      ['Rin+49,300', 'Bot Aoi−24,000', 'Bot Ren−24,300']);
    await screenshot(page, 'match-page');
    assertNoProblems(page, 'the match page');

    const ja = await stubbedPage(NEW_RECORD, 'ja-JP');
    assert.match(await ja.locator('.match-page > p.muted').first().textContent(), / · 1 局 · /);
    assert.equal(await ja.locator('section.win h3').textContent(), 'Rin ロン和了（放銃：Bot Aoi）');
    assert.equal(await ja.locator('section.win .pao').textContent(), '責任払い：大三元はBot Renの支払い。');
    assert.equal(await ja.locator('section.win .kita').getAttribute('aria-label'), '北抜き2枚');
    assert.deepEqual(await texts(ja, 'section.win .ind-label'), ['ドラ表示牌']);
    assert.deepEqual(await texts(ja, 'section.win .breakdown tr'), ['和了点48,000', '積み棒+300', '供託+1,000', '和了者の収入49,300']);
    await screenshot(ja, 'match-page-ja');
    assertNoProblems(ja, 'the match page in Japanese');
  });

  test('an older record without melds, kita, dora or the points parts still shows what it has', async () => {
    const page = await stubbedPage(OLD_RECORD);
    assert.match(await page.locator('.match-page > p.muted').first().textContent(), / · 2 hands · Practice/);
    const win = page.locator('section.win');
    assert.equal(await win.locator('h3').textContent(), 'Rin: tsumo');
    assert.equal(await win.locator('.concealed .tile').count(), 13);
    assert.equal(await win.locator('.win-tile svg').getAttribute('aria-label'), '6 pin');
    assert.equal(await win.locator('.melds, .kita, .breakdown, .pao').count(), 0);
    assert.deepEqual(await texts(page, 'section.win .ind-label'), ['Ura dora']);
    assert.equal(await win.locator('.score-line').textContent(), '4 han 30 fu · Mangan · 8,000 points');
    assert.equal(await win.locator('table.payments tr').count(), 4);
    assert.doesNotMatch(await page.locator('.match-page').innerText(), /null|undefined|NaN/);
    assertNoProblems(page, 'the match page of an older record');
  });

  test('a real match: the page shows what its stored win has', async () => {
    const played = await playOverSocket(env.site.port, { mode: '3p', practice: true, prefer: ['tsumo', 'ron', 'kita', 'pon'] });
    const record = JSON.parse((await request(env.site.port, { path: `/api/matches/${played.id}` })).body);
    const page = await openPage(env.browser, `${env.site.url}/#/match/${played.id}`);
    await page.locator('.match-page section.win').first().waitFor();
    const meta = await page.locator('.match-page > p.muted').first().textContent();
    assert.ok(meta.includes(` · ${record.hands} ${record.hands === 1 ? 'hand' : 'hands'} · `), meta);
    const wins = page.locator('section.win');
    assert.equal(await wins.count(), record.wins.length);
    for (const [i, w] of record.wins.entries()) {
      const win = wins.nth(i);
      assert.equal(await win.locator('.melds .meld').count(), (w.melds || []).length, 'melds');
      assert.equal(await win.locator('.kita .tile').count(), (w.kita || []).length, 'kita');
      assert.equal(await win.locator('.ind.dora .tile').count(), (w.dora || []).length, 'dora indicators');
      assert.equal(await win.locator('.ind.ura .tile').count(), w.ura.length, 'ura dora indicators');
      assert.equal(await win.locator('.breakdown').count(), 'honba_points' in w.score ? 1 : 0, 'the points parts');
      const tiles = (w.melds || []).reduce((n, m) => n + m.tiles.length, 0) + w.hand.length;
      assert.equal(await win.locator('.concealed .tile, .win-tile .tile, .melds .tile').count(), tiles, 'every tile of the hand');
    }
    console.log(`# a real 3p match: ${record.hands} hand(s); the win has ${record.wins.map((w) => `${(w.melds || []).length} melds, `
      + `${(w.kita || []).length} kita, ${w.dora ? w.dora.length : 'no'} dora`).join('; ')}`);
    await screenshot(page, 'match-page-real');
    assertNoProblems(page, 'a real match page');
  });
});
