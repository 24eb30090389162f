// player.mjs — a test player that sits at the web client's table and plays only through what
// the page shows: it clicks the offered buttons (tsumo, ron, kita, riichi then a highlighted
// tile, pass) and hand tiles, sometimes by keyboard (Space, ←/→ + Enter). The tile it lets go is
// the one a player aiming to win would (aim.mjs), from the tiles the page shows, so that its
// matches end in a hand or a few rather than in draw after draw. It listens to the
// WebSocket frames the page receives to check that the action bar offers exactly the options
// of each ask. untilDiscardOrEnd(page) passes on call offers until it is this player's discard;
// practiceUnderWay(page) starts a practice match with a few discards in the ponds.
import assert from 'node:assert/strict';
import { bestDiscard } from '../integration/aim.mjs';

/** the buttons an ask should produce: every option but discards, riichi once */
export function expectedKinds(ask) {
  const kinds = [];
  for (const o of ask.options) {
    if (o.type === 'discard') continue;
    if (o.type === 'riichi' && kinds.includes('riichi')) continue;
    kinds.push(o.type);
  }
  return kinds.sort();
}

/** records the asks a page receives, by seq */
export function watchAsks(page) {
  const asks = new Map();
  page.on('websocket', (ws) => {
    ws.on('framereceived', ({ payload }) => {
      try {
        const m = JSON.parse(String(payload));
        if (m.type === 'ask') asks.set(m.seq, m);
      } catch { /* not JSON */ }
    });
  });
  return asks;
}

/** what the page shows right now */
function look(page) {
  return page.evaluate(() => {
    // a phone held upright has the compact table and the full one in the page, one of them hidden
    const shown = (sel) => [...document.querySelectorAll(sel)].filter((e) => e.checkVisibility());
    const bar = shown('.actions')[0];
    return {
      end: !!document.querySelector('.match-end .standings'),
      myTurn: !!document.querySelector('.table-page.my-turn'),
      seq: bar && bar.dataset.seq !== '' ? Number(bar.dataset.seq) : null,
      kinds: shown('.actions button.act').map((b) => b.dataset.kind),
      riichiMode: !!document.querySelector('.riichi-mode'),
      drawnOk: shown('.hand-tile.ok[data-drawn="true"]').length > 0,
      kita: shown('.my-kita .tile').length,
      tiles: shown('.hand-tile').map((e) => e.dataset.tile),
      melds: shown('.my-melds .meld').length,
      okTiles: shown('.hand-tile.ok').map((e) => e.dataset.tile),
      riichiTiles: shown('.hand-tile.riichi-ok').map((e) => e.dataset.tile),
    };
  });
}

/**
 * plays until the match-end screen shows; returns counts of what it did.
 * opts.onMove(stats) is awaited after each move (screenshots); opts.riichi: declare when offered.
 */
export async function playToEnd(page, asks, { timeoutMs = 150_000, onMove = null, riichi = true } = {}) {
  const stats = { moves: 0, discards: 0, keys: 0, kita: 0, riichi: 0, calls: 0, passes: 0, checked: 0 };
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    await page.waitForFunction(() => document.querySelector('.match-end .standings')
      || document.querySelector('.table-page.my-turn'), null, { timeout: 30_000 });
    const s = await look(page);
    if (s.end) return stats;
    if (!s.myTurn || s.seq === null) continue;
    const ask = asks.get(s.seq);
    if (ask && !s.riichiMode) {
      assert.deepEqual([...s.kinds].sort(), expectedKinds(ask), `ask ${s.seq}: the buttons are the options`);
      stats.checked++;
    }
    try {
      await move(page, s, stats, riichi);
      stats.moves++;
    } catch {
      continue; // the table moved on under the click (a clock ran out): look again
    }
    if (onMove) await onMove(stats);
  }
  throw new Error(`the match did not end within ${timeoutMs} ms (${JSON.stringify(stats)})`);
}

async function clickKind(page, kind) {
  await page.locator(`.actions button.act[data-kind="${kind}"]:visible`).first().click({ timeout: 2000 });
}

async function move(page, s, stats, riichi) {
  const has = (k) => s.kinds.includes(k);
  if (has('tsumo')) return clickKind(page, 'tsumo');
  if (has('ron')) return clickKind(page, 'ron');
  if (has('kita')) {
    await clickKind(page, 'kita');
    await page.waitForFunction((n) => [...document.querySelectorAll('.my-kita .tile')].filter((e) => e.checkVisibility()).length > n, s.kita, { timeout: 5000 });
    stats.kita++;
    return undefined;
  }
  if (s.riichiMode) {
    stats.riichi++;
    const best = bestDiscard(s.tiles, s.melds, s.riichiTiles);
    if (best) return page.locator(`.hand-tile.riichi-ok[data-tile="${best}"]:visible`).first().click({ timeout: 2000 });
    return page.locator('.hand-tile.riichi-ok:visible').last().click({ timeout: 2000 });
  }
  if (riichi && has('riichi')) return clickKind(page, 'riichi'); // the next look finds the highlighted tiles
  if (has('pass')) {
    stats.passes++;
    if (stats.passes % 2) return page.keyboard.press('Space');
    return clickKind(page, 'pass');
  }
  if (!s.okTiles.length) return undefined;
  stats.discards++;
  if (stats.discards % 4 === 0 && stats.keys < 3) { // by keyboard: choose with the arrows, discard with Enter
    stats.keys++;
    await page.keyboard.press('ArrowLeft');
    return page.keyboard.press('Enter');
  }
  // the tile a player aiming to win would let go (aim.mjs), from the tiles the page shows
  const best = bestDiscard(s.tiles, s.melds, s.okTiles);
  if (best) return page.locator(`.hand-tile.ok[data-tile="${best}"]:visible`).last().click({ timeout: 2000 });
  if (s.drawnOk) return page.locator('.hand-tile.ok[data-drawn="true"]:visible').click({ timeout: 2000 });
  return page.locator('.hand-tile.ok:visible').last().click({ timeout: 2000 });
}

/** waits for this player's discard (passing on call offers) or the match end */
export async function untilDiscardOrEnd(page) {
  for (let passes = 0; passes < 100; passes++) {
    await page.waitForFunction(() => document.querySelector('.table-page.my-turn .actions button.act')
      || document.querySelector('.table-page.my-turn .hand-tile.ok') || document.querySelector('.match-end'), null, { timeout: 20_000 });
    if (await page.locator('.match-end, .table-page.my-turn .hand-tile.ok').count()) return;
    await page.locator('.actions button.act[data-kind="pass"]').click({ timeout: 2000 }).catch(() => {});
  }
  throw new Error('no discard of this player nor a match end');
}

/**
 * starts a 4p practice match (from the lobby, or "again" on a result screen) and discards two
 * tiles; the first win ends a match, so when a bot wins that early it plays again. Returns at
 * this player's next discard.
 */
export async function practiceUnderWay(page, { discards = 2, tries = 6 } = {}) {
  for (let attempt = 0; attempt < tries; attempt++) {
    const again = await page.locator('.match-end [data-kind="again"]').count();
    await page.locator(again ? '.match-end [data-kind="again"]' : '[data-kind="practice"][data-mode="4p"]').click();
    await page.locator('.match-end').waitFor({ state: 'detached' });
    await untilDiscardOrEnd(page);
    for (let i = 0; i < discards && !(await page.locator('.match-end').count()); i++) {
      await page.locator('.table-page.my-turn .hand-tile.ok').last().click();
      await untilDiscardOrEnd(page);
    }
    if (!(await page.locator('.match-end').count())) return;
  }
  throw new Error(`no practice match still running after ${discards} discards in ${tries} tries`);
}

/** switches the language as a player would: at the table through its menu, elsewhere in the header */
export async function switchLanguage(page) {
  if (await page.locator('.table-page .table-menu').count()) {
    await page.locator('.table-menu .menu-button').click();
    await page.locator('.table-menu .menu-list button[lang]').click();
  } else {
    await page.locator('#lang').click();
  }
}
