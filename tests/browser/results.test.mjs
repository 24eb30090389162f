// results.test.mjs — the result panels with fixed data, in both languages: the page imports the
// client's own modules (game.js, results.js, i18n.js), replays messages recorded from a real
// server run (fixtures/*.json, made by record_fixtures.mjs: an exhaustive draw with tenpai and
// noten seats; a riichi tsumo with dora, ura dora, red fives, five yaku, a limit, and the
// match_end) and PROTOCOL.md's abortive_draw example (the product's rule sets have no abortive
// draws), renders each panel and checks its texts, tiles and labels against what the messages
// say, each dora indicator with the dora it points at. The match end fills the window: at
// 1366×768 the winning hand's tiles are 48 px wide or more, and at 1366×768, 1280×720, 844×390
// and 740×360 nothing scrolls the window and every button is in it. Screenshots:
// result-draw(-ja).png, result-abort.png, result-win(-ja).png, result-win-WxH.png.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { startSite, launchBrowser, openPage, assertNoProblems, screenshot, setLang } from './browser.mjs';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const fixture = async (name) => JSON.parse(await fs.readFile(path.join(HERE, 'fixtures', `${name}.json`), 'utf8'));

// PROTOCOL.md, "Events": the abortive_draw example, as written there
const ABORTIVE = { type: 'abortive_draw', kind: 'kyuushu', payments: [0, 0, 0, 0] };

// tile names as the page says them, written out here for the tiles of the fixtures
const EN_SUIT = { m: 'man', p: 'pin', s: 'sou' };
const JA_SUIT = { m: '萬', p: '筒', s: '索' };
const EN_HONOR = ['', 'East wind', 'South wind', 'West wind', 'North wind', 'White dragon', 'Green dragon', 'Red dragon'];
const JA_HONOR = ['', '東', '南', '西', '北', '白', '發', '中'];
function tileName(code, lang) {
  const n = Number(code[0]) || 5, suit = code[1], red = code[0] === '0';
  if (suit === 'z') return (lang === 'ja' ? JA_HONOR : EN_HONOR)[n];
  if (lang === 'ja') return `${red ? '赤' : ''}${n}${JA_SUIT[suit]}`;
  return `${red ? 'red ' : ''}${n} ${EN_SUIT[suit]}`;
}
/** hand order: man, pin, sou, honors; a red five after the plain fives */
function handOrder(codes) {
  const key = (c) => 'mpsz'.indexOf(c[1]) * 20 + (Number(c[0]) || 5) * 2 + (c[0] === '0' ? 1 : 0);
  return [...codes].sort((a, b) => key(a) - key(b));
}
/** the dora an indicator points at in 4-player (src/core/RULES.md): the next number in its suit
 * (9 → 1), the winds E→S→W→N→E, the dragons haku→hatsu→chun→haku; a red five is a five */
function doraOf(code) {
  const n = Number(code[0]) || 5, suit = code[1];
  if (suit !== 'z') return `${n === 9 ? 1 : n + 1}${suit}`;
  if (n <= 4) return `${n === 4 ? 1 : n + 1}z`;
  return `${n === 7 ? 5 : n + 1}z`;
}
/** "+1,000" / "−3,000" / "0" */
function signed(n) {
  const s = Math.abs(n).toLocaleString('en-US');
  return n > 0 ? `+${s}` : n < 0 ? `−${s}` : '0';
}

/** in the page: replays the messages through game.js and shows panel `kind` in #app */
function render(page, messages, kind, extra = null) {
  return page.evaluate(async ({ messages, kind, extra }) => {
    const { newGame, applyEvent } = await import('/js/game.js');
    const { drawEl, matchEndEl } = await import('/js/results.js');
    const g = newGame(messages[0]);
    for (const m of messages.slice(1)) if (m.type === 'event') applyEvent(g, m.event);
    if (extra) applyEvent(g, extra);
    const noop = () => {};
    const el = kind === 'end' ? matchEndEl(g, { onLobby: noop, onAgain: noop, onLeaderboard: noop })
      : drawEl(g, g.drawResult.event, noop);
    const app = document.getElementById('app');
    app.replaceChildren(el);
    return true;
  }, { messages, kind, extra });
}

const labels = (loc) => loc.locator('svg[aria-label]').evaluateAll((xs) => xs.map((x) => x.getAttribute('aria-label')));

describe('the result panels with recorded messages', () => {
  let site, browser, page, draw, win;

  before(async () => {
    [draw, win] = await Promise.all([fixture('draw'), fixture('win')]);
    site = await startSite();
    browser = await launchBrowser();
    page = await openPage(browser, `${site.url}/#/about`);
    await page.locator('main#app > *').first().waitFor();
  });

  after(async () => {
    if (browser) await browser.close();
    if (site) await site.stop();
  });

  async function switchLang(lang) {
    await setLang(page, lang);
    assert.equal(await page.locator('html').getAttribute('lang'), lang);
  }

  for (const lang of ['en', 'ja']) {
    test(`exhaustive draw: tenpai and noten seats, their hands and the payments (${lang})`, async () => {
      await switchLang(lang);
      const found = draw[0];
      const end = draw.at(-1).event;
      assert.equal(end.type, 'exhaustive_draw');
      await render(page, draw, 'draw');
      const panel = page.locator('.draw-result');
      assert.equal(await panel.locator('h3').textContent(), lang === 'ja' ? '流局' : 'Exhaustive draw');
      const rows = panel.locator('ul.tenpai li');
      assert.equal(await rows.count(), 4);
      const you = lang === 'ja' ? 'あなた' : 'You';
      for (let seat = 0; seat < 4; seat++) {
        const row = rows.nth(seat);
        const name = seat === found.seat ? you : found.seats[seat].name;
        assert.equal(await row.locator('.who').textContent(), name);
        const state = end.tenpai[seat] ? (lang === 'ja' ? '聴牌' : 'tenpai') : (lang === 'ja' ? '不聴' : 'noten');
        assert.equal(await row.locator('.state').textContent(), state);
        const hand = end.hands[String(seat)];
        assert.deepEqual(await labels(row.locator('.tiles')), hand ? handOrder(hand).map((c) => tileName(c, lang)) : []);
        // a tenpai seat's melds stand beside its hand: as many tiles as the calls it made
        // (a kakan adds to a pon: no new meld)
        const calls = draw.filter((m) => m.type === 'event' && m.event.type === 'call' && m.event.seat === seat && m.event.meld.type !== 'kakan');
        assert.equal(await row.locator('.meld').count(), end.tenpai[seat] ? calls.length : 0);
        if (end.tenpai[seat]) assert.equal(hand.length + 3 * calls.length, 13, 'the hand and the melds make 13 tiles');
      }
      const pay = panel.locator('table.payments tr');
      for (let seat = 0; seat < 4; seat++) {
        assert.equal(await pay.nth(seat).locator('th').textContent(), seat === found.seat ? you : found.seats[seat].name);
        assert.equal(await pay.nth(seat).locator('td').textContent(), signed(end.payments[seat]));
      }
      await screenshot(page, lang === 'ja' ? 'result-draw-ja' : 'result-draw');
      assertNoProblems(page);
    });
  }

  test('abortive draw: the kind in words, no payments (PROTOCOL.md example)', async () => {
    for (const [lang, title, text] of [['ja', '途中流局', '九種九牌'], ['en', 'Abortive draw', 'Nine terminals and honors']]) {
      await switchLang(lang);
      await render(page, draw.slice(0, 2), 'draw', ABORTIVE);
      const panel = page.locator('.draw-result');
      assert.equal(await panel.locator('h3').textContent(), title);
      assert.equal(await panel.locator('.draw-body > p').textContent(), text);
      assert.deepEqual(await panel.locator('table.payments td').allTextContents(), ['0', '0', '0', '0']);
    }
    await screenshot(page, 'result-abort');
    assertNoProblems(page);
  });

  for (const lang of ['en', 'ja']) {
    test(`a riichi tsumo: hand, dora and ura dora, yaku, limit, payments, standings (${lang})`, async () => {
      await switchLang(lang);
      const found = win[0];
      const w = win.find((m) => m.type === 'event' && m.event.type === 'win').event;
      const end = win.at(-1).event;
      assert.equal(end.type, 'match_end');
      await render(page, win, 'end');
      const panel = page.locator('.match-end');
      const winner = w.seat === found.seat ? (lang === 'ja' ? 'あなた' : 'You') : found.seats[w.seat].name;
      assert.equal(w.from, w.seat, 'the fixture is a tsumo');
      assert.equal(await panel.locator('.win-hand h3').textContent(), lang === 'ja' ? `${winner} ツモ和了` : `${winner}: tsumo`);
      // the hand without the winning tile, then the winning tile apart
      const rest = [...w.hand];
      rest.splice(rest.lastIndexOf(w.tile), 1);
      assert.deepEqual(await labels(panel.locator('.result-hand .concealed')), handOrder(rest).map((c) => tileName(c, lang)));
      assert.deepEqual(await labels(panel.locator('.result-hand .win-tile')), [tileName(w.tile, lang)]);
      const dora = win.filter((m) => m.type === 'event' && m.event.type === 'dora').map((m) => m.event.indicator);
      const ind = panel.locator('.indicators .ind');
      assert.deepEqual(await labels(ind.nth(0).locator('.ind-tile')), dora.map((c) => tileName(c, lang)));
      assert.deepEqual(await labels(ind.nth(1).locator('.ind-tile')), w.ura.map((c) => tileName(c, lang)));
      // beside each indicator, the dora it points at
      assert.deepEqual(await labels(ind.nth(0).locator('.dora-tile')), dora.map((c) => tileName(doraOf(c), lang)));
      assert.deepEqual(await labels(ind.nth(1).locator('.dora-tile')), w.ura.map((c) => tileName(doraOf(c), lang)));
      assert.ok(w.ura.length > 0 && w.score.yaku.length >= 3);
      // in Japanese the yaku read as the server names them; in English, as a player says them
      const en = { riichi: 'Riichi', ippatsu: 'Ippatsu', menzen_tsumo: 'Fully concealed tsumo', chiitoitsu: 'Seven pairs', pinfu: 'Pinfu',
        tanyao: 'All simples', iipeikou: 'Pure double sequence', dora: 'Dora', aka: 'Red fives', ura: 'Ura dora' };
      const names = await panel.locator('ul.yaku .yaku-name').allTextContents();
      assert.deepEqual(names, w.score.yaku.map((y) => (lang === 'ja' ? y.name : en[y.id])));
      const han = await panel.locator('ul.yaku .yaku-han').allTextContents();
      assert.deepEqual(han, w.score.yaku.map((y) => (lang === 'ja' ? `${y.han}翻` : `${y.han} han`)));
      const limit = { ja: '跳満', en: 'Haneman' }[lang];
      assert.equal(w.score.limit, 'haneman');
      const points = w.score.points.toLocaleString('en-US');
      assert.equal(await panel.locator('.score-line').textContent(), lang === 'ja'
        ? `${w.score.han}翻${w.score.fu}符 · ${limit} · ${points}点` : `${w.score.han} han ${w.score.fu} fu · ${limit} · ${points} points`);
      // the winner's gain in parts: the hand's value, honba, riichi sticks (as the event says them)
      const parts = await panel.locator('.win-score table.breakdown td').allTextContents();
      assert.deepEqual(parts, [w.score.points.toLocaleString('en-US'), signed(w.score.honba_points), signed(w.score.sticks_points),
        w.payments[w.seat].toLocaleString('en-US')]);
      assert.equal(w.score.points + w.score.honba_points + w.score.sticks_points, w.payments[w.seat], 'the parts add up');
      // the standings: by final points, ties in seat order
      const order = [0, 1, 2, 3].sort((a, b) => end.points[b] - end.points[a] || a - b);
      const rows = panel.locator('table.standings tbody tr');
      for (let i = 0; i < 4; i++) {
        const cells = await rows.nth(i).locator('td').allTextContents();
        const seat = order[i];
        // hand start → riichi stick put down this hand → what the win paid → final → result
        const start = win.find((m) => m.type === 'event' && m.event.type === 'hand_start').event.points[seat];
        const stick = win.some((m) => m.type === 'event' && m.event.type === 'riichi_stick' && m.event.seat === seat) ? -1000 : 0;
        assert.deepEqual(cells.slice(2), [start.toLocaleString('en-US'), stick ? signed(stick) : '–', signed(w.payments[seat]),
          end.points[seat].toLocaleString('en-US'), signed(end.results[seat])]);
        assert.equal(start + stick + w.payments[seat], end.points[seat], 'the row adds up');
        assert.equal(await rows.nth(i).getAttribute('data-seat'), String(seat));
      }
      assert.equal(await panel.locator('.your-result').textContent(), lang === 'ja'
        ? `あなたの成績：${signed(end.results[found.seat])}` : `Your result: ${signed(end.results[found.seat])}`);
      // a match that revealed its secret links to the check of its walls (fairness.test.mjs follows it);
      // these recordings are older than the secret: no link
      assert.equal(await panel.locator('.fair a[data-kind="check-walls"]').count(), end.secret ? 1 : 0);
      await screenshot(page, lang === 'ja' ? 'result-win-ja' : 'result-win');
      assertNoProblems(page);
    });
  }

  test('the match end fills the window: the hand large, nothing scrolls, every button in view', async () => {
    await switchLang('en');
    const sizes = [[1366, 768], [1920, 1080], [1280, 720], [844, 390], [740, 360]];
    for (const [width, height] of sizes) {
      await page.setViewportSize({ width, height });
      await render(page, win, 'end');
      const m = await page.evaluate(() => {
        const box = (el) => el.getBoundingClientRect().toJSON();
        return {
          tiles: [...document.querySelectorAll('.match-end .result-hand .tile')].map((x) => box(x).width),
          scroll: [document.scrollingElement.scrollWidth, document.scrollingElement.scrollHeight],
          buttons: [...document.querySelectorAll('.match-end footer :is(button, a)')].map(box),
          hand: box(document.querySelector('.match-end .result-hand')),
        };
      });
      assert.equal(m.tiles.length, 14);
      console.log(`${width}×${height}: the winning hand's tiles ${Math.min(...m.tiles).toFixed(1)} px wide`);
      if (width === 1366) assert.ok(Math.min(...m.tiles) >= 48, `the winning hand's tiles at 1366×768: ${Math.min(...m.tiles)} px`);
      if (width === 1920) assert.ok(Math.min(...m.tiles) >= 64, `at 1920×1080: ${Math.min(...m.tiles)} px`);
      assert.ok(m.scroll[0] <= width && m.scroll[1] <= height, `${width}×${height}: the window scrolls (${m.scroll})`);
      assert.ok(m.hand.right <= width && m.hand.bottom <= height, `${width}×${height}: the hand in the window`);
      for (const b of m.buttons) assert.ok(b.left >= 0 && b.top >= 0 && b.right <= width && b.bottom <= height, `${width}×${height}: a button at ${JSON.stringify(b)}`);
      await page.waitForFunction(() => document.getAnimations().every((x) => x.playState !== 'running')); // the tiles turned up
      await screenshot(page, `result-win-${width}x${height}`);
    }
    await page.setViewportSize({ width: 1280, height: 720 });
    assertNoProblems(page);
  });
});
