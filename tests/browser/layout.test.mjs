// layout.test.mjs — the table fits the window, measured at the sizes players use: 1920×1080,
// 1366×768, 1280×720 and a phone on its side (844×390, 740×360). During live practice hands
// against the real server, at every decision: no scrolling, every hand tile and every offered
// button wholly on screen, call buttons 44 px tall on phones; pond tiles at least 30 px wide at
// 1366×768 (larger at 1920×1080) and 22 px on phones, dora indicators at least pond size, hand
// tiles 40 px (1366×768) and 44 px on phones (a touch target); name plates upright with names of
// 14 px and scores of 16 px or more, the default names (bots' "Bot Aoi", "You") never cut; the
// round line on one line; any meld a bot made at 75 % of a pond tile or more (18 px on phones).
// At a scripted table (scripted.mjs) with a meld from each direction at every size: the other
// seats' melds at that size, the called tile turned and placed toward the seat it came from
// (left: first, across: middle, right: last, in the owner's own view), the kakan's added tile
// on the turned one, a closed kan's ends face down; the dora indicators labelled with the dora
// they show; the dealer said on its plate beside its riichi, neither cutting its name or score
// (in English and Japanese); call buttons 44 px tall.
// A phone held upright (390×844) gets the compact table (upright.test.mjs). The sizes are printed as a table and a
// screenshot of each size is kept (table-WxH.png, table-melds-WxH.png).
import { test, describe, after } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { scriptedPage } from './scripted.mjs';
import { YONMA_FOUND, YONMA_HAND2_START, YONMA_PON, YONMA_CHI, YONMA_KAN, YONMA_MY_DRAW } from './scripts.mjs';

const SIZES = [[1920, 1080], [1366, 768], [1280, 720], [844, 390], [740, 360]];
const DECISIONS = 6;
const isPhone = (height) => height <= 520;

/** what the page measures now */
function measure(page) {
  return page.evaluate(() => {
    const box = (el) => el.getBoundingClientRect();
    const w = innerWidth, h = innerHeight;
    const inside = (r) => r.left >= -0.5 && r.top >= -0.5 && r.right <= w + 0.5 && r.bottom <= h + 0.5;
    const upright = (el) => { for (let x = el; x; x = x.parentElement) if (getComputedStyle(x).transform !== 'none') return false; return true; };
    const px = (el, prop) => parseFloat(getComputedStyle(el)[prop]);
    const shown = (el) => el && el.getClientRects().length > 0;
    const short = (el) => Math.min(box(el).width, box(el).height); // a tile's width, however it is turned
    // a discard in your own pond or the one across (the side ponds are turned a quarter)
    const pond = document.querySelector('.layer.pos0 .river .tile.pond:not(.sideways), .layer.pos2 .river .tile.pond:not(.sideways)');
    const melds = [...document.querySelectorAll('.strip .melds .tile')];
    const line = document.querySelector('.round-line');
    return {
      scroll: { x: document.documentElement.scrollWidth - w, y: document.documentElement.scrollHeight - h, sy: scrollY },
      tilesOut: [...document.querySelectorAll('.hand-tile')].filter((b) => !inside(box(b))).length,
      buttons: [...document.querySelectorAll('.actions button.act')].map((b) => inside(box(b))),
      buttonHeight: Math.min(...[...document.querySelectorAll('.actions button.act')].map((b) => box(b).height)),
      hand: Math.min(...[...document.querySelectorAll('.hand-tile')].map((b) => box(b).width)),
      pond: pond ? box(pond).width : null,
      dora: Math.min(...[...document.querySelectorAll('.center .dora .tile')].map((d) => box(d).width)),
      melds: melds.length ? Math.min(...melds.map(short)) : null,
      doraLabel: shown(document.querySelector('.center .dora-box > .dora-label')),
      roundLine: shown(line) ? { fits: line.scrollWidth <= line.clientWidth + 0.5, lines: Math.round(box(line).height / px(line, 'lineHeight')) } : null,
      board: inside(box(document.querySelector('.board'))),
      // the side columns hold what they hold: nothing runs out of them (into the hand's row, or off screen)
      railsFit: [...document.querySelectorAll('.tp-left, .tp-right')].every((r) => r.scrollHeight <= r.clientHeight + 1),
      clock: shown(document.querySelector('.hand-row .clock .ring')) && inside(box(document.querySelector('.hand-row .clock'))),
      plates: [...document.querySelectorAll('.plate')].map((p) => {
        const name = p.querySelector('.plate-name'), score = p.querySelector('.plate-points'), tags = p.querySelector('.plate-tags');
        const apart = (a, b) => a.right <= b.left + 0.5 || b.right <= a.left + 0.5 || a.bottom <= b.top + 0.5 || b.bottom <= a.top + 0.5;
        const within = (a, b) => a.left >= b.left - 0.5 && a.right <= b.right + 0.5;
        return {
          upright: upright(p), inside: inside(box(p)), text: name.textContent,
          cut: name.scrollWidth > name.clientWidth + 0.5 || !within(box(score), box(p)) || (tags && (!within(box(tags), box(p)) || !apart(box(tags), box(score)))),
          name: px(name, 'fontSize'), points: px(p.querySelector('.plate-points'), 'fontSize'),
        };
      }),
    };
  });
}

/** what holds at every size and every moment measured */
function checkFits(m, width, height) {
  assert.deepEqual(m.scroll, { x: 0, y: 0, sy: 0 }, 'no scrolling');
  assert.equal(m.tilesOut, 0, 'every hand tile on screen');
  assert.ok(m.buttons.every(Boolean), `every button on screen (${m.buttons})`);
  assert.ok(m.board, 'the board on screen');
  assert.ok(m.railsFit, `the side columns overflow at ${width}×${height}`);
  assert.ok(m.clock, 'your clock at the hand, on screen');
  assert.ok(m.doraLabel, 'the dora indicators labelled');
  if (m.buttons.length && isPhone(height)) assert.ok(m.buttonHeight >= 44, `call buttons ${m.buttonHeight} px tall at ${width}×${height}`);
  for (const p of m.plates) {
    assert.ok(p.upright && p.inside, 'name plates upright and on screen');
    assert.ok(p.name >= 14 && p.points >= 16, `plate text ${p.name} px / ${p.points} px`);
    assert.ok(!p.cut, `the plate of "${p.text}" is cut (its name, score or tags) at ${width}×${height}`);
  }
  if (m.roundLine) assert.deepEqual(m.roundLine, { fits: true, lines: 1 }, `the round line on one line at ${width}×${height}`);
  if (m.pond !== null) assert.ok(m.dora >= m.pond - 0.5, `dora ${m.dora} px, pond ${m.pond} px`);
  if (m.melds !== null && m.pond !== null) {
    const least = isPhone(height) ? 18 : 0.75 * m.pond;
    assert.ok(m.melds >= least - 0.05, `others' melds ${m.melds} px at ${width}×${height} (pond ${m.pond} px)`);
  }
}

const sizes = {};
const fmt = (x) => (x === null || x === undefined || !Number.isFinite(x) ? '—' : x.toFixed(1));

describe('the table fits the window', () => {
  const env = siteAndBrowser({ clock_move_ms: 60000, clock_bank_ms: 300000 });
  const seen = { buttons: 0 };

  for (const [width, height] of SIZES) {
    test(`${width}×${height}: no scrolling, everything on screen, tiles and text at size`, async () => {
      const page = await openPage(env.browser, env.site.url, { viewport: { width, height }, touch: isPhone(height) });
      await page.locator('[data-kind="practice"][data-mode="4p"]').click();
      let decisions = 0, m = { pond: null }, shot = false, melds = null;
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
        checkFits(m, width, height);
        seen.buttons += m.buttons.length;
        if (m.melds !== null) melds = m.melds;
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
      sizes[`${width}x${height}`] = { ...m, liveMelds: melds, ...sizes[`${width}x${height}`] };
      assert.ok(m.pond >= (isPhone(height) ? 22 : 0), `pond tiles ${m.pond} px at ${width}×${height}`);
      if (width === 1366) {
        assert.ok(m.pond >= 30, `pond tiles ${m.pond} px at 1366×768`);
        assert.ok(m.hand >= 40, `hand tiles ${m.hand} px at 1366×768`);
      }
      if (width === 1920) assert.ok(m.pond >= 45, `pond tiles ${m.pond} px at 1920×1080 (45.9 before the phone layout)`);
      if (isPhone(height)) assert.ok(m.hand >= 44, `hand tiles ${m.hand} px at ${width}×${height}`);
      assertNoProblems(page);
      await page.context().close();
    });
  }

  test('a call was offered at some size, so buttons were measured too', () => {
    assert.ok(seen.buttons > 0, 'no decision with buttons in all the hands played');
  });
});

// You are seat 1: seat 2 on your right, seat 3 across, seat 0 (the dealer) on your left.
// Seat 2 pons haku from seat 0 (across from seat 2) and adds the fourth (kakan); seat 0 chis 3p
// from seat 3 (its left); seat 3 pons 1s from seat 0 (its right) and declares a closed kan of 2m.
// Seat 3 deals here (the plate on the board's far side, with the longest name) and declares riichi.
const SEAT3_PON = [
  { type: 'call', seat: 3, meld: { type: 'pon', tiles: ['1s', '1s', '1s'], called: '1s', from: 0 } },
  { type: 'discard', seat: 3, tile: '9p', tsumogiri: false, riichi: false },
];
const SEAT3_ANKAN = [
  { type: 'draw', seat: 3, replacement: false },
  { type: 'call', seat: 3, meld: { type: 'ankan', tiles: ['2m', '2m', '2m', '2m'] } },
  { type: 'draw', seat: 3, replacement: true },
  { type: 'discard', seat: 3, tile: '8m', tsumogiri: false, riichi: false },
];
// the default names' length: a guest is "Guest-" and six hex digits (src/server/auth/auth.c), a bot "Bot " and a name
const FOUND = {
  ...YONMA_FOUND,
  seats: YONMA_FOUND.seats.map((s) => (s.seat === 3 ? { ...s, name: 'Guest-9f3a0c' } : s.seat === 0 ? { ...s, name: 'Bot Sora', bot: true } : s)),
};
const CALL_ASK = {
  options: [{ type: 'daiminkan', tiles: ['8p', '8p', '8p', '8p'] }, { type: 'pon', tiles: ['8p', '8p', '8p'] }, { type: 'pass' }],
  tenpai: { waits: ['5s', '8s'], furiten: false }, // the waits box shows too
};

/** each meld of the other seats, as its owner sees it: the tiles from its left to its right */
function meldsSeen(page) {
  return page.evaluate(() => {
    // the owner's left-to-right direction on screen, by its position (you 0, right 1, across 2, left 3)
    const axis = { 0: [1, 0], 1: [0, -1], 2: [-1, 0], 3: [0, 1] };
    return [...document.querySelectorAll('.board .layer')].flatMap((layer) => {
      const pos = Number([...layer.classList].find((c) => /^pos\d$/.test(c)).slice(3));
      const [ax, ay] = axis[pos];
      return [...layer.querySelectorAll('.strip .meld')].map((meld) => {
        const tiles = [...meld.querySelectorAll('.tile')].map((el) => {
          const r = el.getBoundingClientRect();
          const cx = r.left + r.width / 2, cy = r.top + r.height / 2;
          return { at: cx * ax + cy * ay, along: cx * -ay + cy * ax, sideways: el.classList.contains('sideways'), back: !el.dataset.tile,
            size: Math.min(r.width, r.height) };
        });
        return { seat: Number(layer.dataset.seat), pos, tiles };
      });
    });
  });
}

/** the tiles of a meld in the owner's left-to-right order, a kakan's stack as one place: 'U' upright, 'S' turned, 'B' face down, 'SS' stacked */
function shape(meld) {
  const places = [];
  for (const t of [...meld.tiles].sort((a, b) => a.at - b.at)) {
    const last = places[places.length - 1];
    if (last && Math.abs(last.at - t.at) < 2) last.code += 'S';
    else places.push({ at: t.at, code: t.back ? 'B' : t.sideways ? 'S' : 'U' });
  }
  return places.map((p) => p.code).join(' ');
}

describe('the other seats\' melds, the dora and the dealer at a scripted table', () => {
  const env = siteAndBrowser();
  // one table per language, the window resized through the sizes (a page and a connection each would be slow)
  const cases = { en: SIZES, ja: [[740, 360], [1280, 720]] };
  for (const [lang, list] of Object.entries(cases)) {
    test(`${lang}, at ${list.map(([w, h]) => `${w}×${h}`).join(', ')}: each meld turned toward its giver, at size; the dora shown; the dealer said`, async () => {
      const { page, table } = await scriptedPage(env, FOUND, { lang, viewport: { width: list[0][0], height: list[0][1] } });
      table.events([{ ...YONMA_HAND2_START[0], dealer: 3 }, ...YONMA_HAND2_START.slice(1), ...YONMA_PON, ...YONMA_CHI, ...SEAT3_PON, ...YONMA_KAN, ...SEAT3_ANKAN,
        { type: 'draw', seat: 3, replacement: false }, { type: 'discard', seat: 3, tile: '8p', tsumogiri: false, riichi: true },
        { type: 'riichi_stick', seat: 3 }]); // the dealer in riichi: both said on its plate
      table.ask(CALL_ASK);
      await page.locator('.actions button.act[data-kind="pass"]').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('.strip .meld').length === 4);
      await page.waitForFunction(() => !document.querySelector('.callout, .banner')); // the kans' call-outs gone: the board in view
      // the dora: indicators 4s and 7m (the kakan's) show 5s and 8m
      const dora = await page.locator('.center .dora-is .tile').evaluateAll((els) => els.map((e) => e.dataset.tile));
      assert.deepEqual(dora, ['5s', '8m']);
      assert.equal((await page.locator('.center .dora-box > .dora-label').textContent()).trim(), lang === 'ja' ? 'ドラ表示牌' : 'Dora indicators');
      assert.equal((await page.locator('.plate[data-seat="3"] .plate-dealer').textContent()).trim(), lang === 'ja' ? '親' : 'Dealer');
      assert.equal(await page.locator('.plate-dealer').count(), 1, 'one dealer');
      assert.equal(await page.locator('.plate[data-seat="3"] .plate-riichi').count(), 1, 'the dealer\'s riichi on its plate too');
      for (const [width, height] of list) {
        await page.setViewportSize({ width, height });
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
        await screenshot(page, `table-melds-${width}x${height}${lang === 'ja' ? '-ja' : ''}`);
        const melds = await meldsSeen(page);
        const of = (seat) => melds.filter((x) => x.seat === seat).map(shape);
        assert.deepEqual(of(0), ['S U U'], 'seat 0 (on your left) chis from its left: the turned tile first');
        assert.deepEqual(of(2), ['U SS U'], 'seat 2 (on your right) added to a pon from across: the stack in the middle');
        assert.deepEqual(of(3).sort(), ['B U U B', 'U U S'].sort(), 'seat 3 (across) pons from its right: turned last; a closed kan: ends face down');
        const m = await measure(page);
        checkFits(m, width, height);
        assert.ok(m.buttons.length === 3 && m.buttonHeight >= (isPhone(height) ? 44 : 40), `call buttons ${m.buttonHeight} px tall`);
        const pond = await page.evaluate(() => Math.min(...[...document.querySelectorAll('.river .tile.pond')]
          .map((el) => Math.min(el.getBoundingClientRect().width, el.getBoundingClientRect().height))));
        const meldSize = Math.min(...melds.flatMap((x) => x.tiles.map((t) => t.size)));
        assert.ok(meldSize >= (isPhone(height) ? 18 : 0.75 * pond) - 0.05, `melds ${meldSize} px, pond ${pond} px at ${width}×${height}`);
        const key = `${width}x${height}`;
        if (lang === 'en') sizes[key] = { ...sizes[key], scriptedMelds: meldSize, scriptedPond: pond, buttonHeight: m.buttonHeight };
      }
      assertNoProblems(page);
      await page.context().close();
    });
  }
});

after(() => {
  const rows = SIZES.map(([w, h]) => {
    const s = sizes[`${w}x${h}`] || {};
    const plate = s.plates && s.plates[0];
    return `| ${w}×${h} | ${fmt(s.hand)} | ${fmt(s.pond)} | ${fmt(s.dora)} | ${fmt(s.scriptedMelds)}${s.liveMelds ? ` (live ${fmt(s.liveMelds)})` : ''} | ${fmt(s.buttonHeight)} | ${plate ? `${fmt(plate.name)} / ${fmt(plate.points)}` : "—"} |`;
  });
  console.log(['| window | hand tile | pond tile | dora indicator | others\' melds | call button height | plate name / score |',
    '|---|---|---|---|---|---|---|', ...rows].join('\n'));
});
