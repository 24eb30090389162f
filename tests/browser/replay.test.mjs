// replay.test.mjs — the replay viewer (#/replay/ID, web/js/replay.js) in a real browser.
//
// A practice match is played over the WebSocket and stored; its replay is opened from the match
// page. The tiles the viewer shows are checked against the stored log (the match's tenhou.net/6
// export, whose log seat r is table seat r + first dealer): at the first step every seat's hand
// lies open with exactly its dealt tiles, and each step forward that is a discard puts that tile
// at the end of its seat's pond; the viewer is stepped to the end by keys and buttons (→, ←, the
// next-hand button, Space to play and pause), where the win is shown in full with the winner's
// name. The URL follows the step: opened again in a second browser, it shows the same position
// and the same tiles; it keeps the viewpoint too (another seat's, through a reload). The list of
// the hand's turns holds each action but the passes, in order, with its seat, and a click on one
// jumps there. In Japanese too. Screenshots at 1366×768 and 844×390.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { request } from '../integration/harness.mjs';
import { siteAndBrowser, openPage, assertNoProblems, pastClientMoment, screenshot, playOverSocket } from './browser.mjs';

/** a tenhou.net/6 tile code as the protocol writes it (51, 52, 53: red fives) */
function tileName(code) {
  if (code >= 51) return `0${'mps'[code - 51]}`;
  return `${code % 10}${'mpsz'[Math.floor(code / 10) - 1]}`;
}

/** the tiles shown for each seat: its open hand (the viewpoint's: the hand below the board), sorted */
function shownHands(page) {
  return page.evaluate(() => {
    const out = {};
    for (const layer of document.querySelectorAll('.board .layer')) {
      const tiles = [...layer.querySelectorAll('.strip .hidden-hand .tile')].map((el) => el.dataset.tile);
      if (tiles.length) out[layer.dataset.seat] = tiles;
    }
    const mine = [...document.querySelectorAll('.my-hand .hand-tile')].map((el) => el.dataset.tile);
    return { seats: out, mine };
  });
}

function pondOf(page, seat) {
  return page.evaluate((s) => [...document.querySelectorAll(`.board .layer[data-seat="${s}"] .river .tile`)]
    .map((el) => el.dataset.tile), seat);
}

async function position(page) {
  return Number(await page.locator('.replay-position').getAttribute('data-step'));
}

describe('the replay viewer', () => {
  const env = siteAndBrowser();

  test('a stored match stepped through to its end, the tiles as the log has them, the URL shared', async () => {
    const { id } = await playOverSocket(env.site.port, { mode: '4p', practice: true });
    const replay = JSON.parse((await request(env.site.port, { path: `/api/matches/${id}?format=replay` })).body);
    const log = JSON.parse((await request(env.site.port, { path: `/api/matches/${id}?format=tenhou` })).body);
    const P = replay.players.length, first = replay.first_dealer;
    const me = replay.players.find((p) => !p.bot).seat;

    const page = await openPage(env.browser, `${env.site.url}/#/match/${id}`, { viewport: { width: 1366, height: 768 } });
    await page.locator('a[data-kind="replay"]').click();
    await page.locator('.replay-page .board').waitFor();
    assert.equal(await position(page), 0);
    // the deal: every seat's 13 (the dealer's 14, its first draw apart) as the log's first hand has them
    const shown = await shownHands(page);
    for (let r = 0; r < P; r++) {
      const seat = (r + first) % P;
      const dealt = log.log[0][4 + 3 * r].map(tileName).sort();
      const hand = (seat === me ? shown.mine : shown.seats[seat]) ?? [];
      const firstDraw = log.log[0][5 + 3 * r][0];
      const want = seat === (log.log[0][0][0] % 4 + first) % P ? [...dealt, tileName(firstDraw)].sort() : dealt;
      assert.deepEqual([...hand].sort(), want, `seat ${seat} (log seat ${r}): the dealt tiles`);
    }
    await screenshot(page, 'replay-1366x768');

    // step forward by key and button: each discard lands at the end of its seat's pond
    let discards = 0;
    for (let i = 0; i < 12; i++) {
      const before = await position(page);
      if (i % 2) await page.locator('button[data-kind="forward"]').click();
      else await page.keyboard.press('ArrowRight');
      await page.waitForFunction((n) => Number(document.querySelector('.replay-position').dataset.step) === n, before + 1);
      const step = replay.steps[before + 1];
      const d = step.events.find((e) => e.type === 'discard');
      if (d) {
        assert.equal((await pondOf(page, d.seat)).at(-1), d.tile, `step ${before + 1}: the discard in the pond`);
        discards++;
      }
    }
    assert.ok(discards >= 6, `${discards} discards seen`);
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction(() => Number(document.querySelector('.replay-position').dataset.step) === 11);
    assert.match(page.url(), new RegExp(`#/replay/${id}/11/${me}$`), 'the URL names the step and the viewpoint');

    // shared: the same URL elsewhere shows the same moment
    const other = await openPage(env.browser, page.url(), { viewport: { width: 1366, height: 768 } });
    await other.locator('.replay-page .board').waitFor();
    await other.waitForFunction(() => document.querySelector('.replay-position')?.dataset.step === '11');
    assert.deepEqual(await shownHands(other), await shownHands(page));
    for (let s = 0; s < P; s++) assert.deepEqual(await pondOf(other, s), await pondOf(page, s));
    assertNoProblems(other, 'the shared replay');
    await other.context().close();

    // another seat's view: its hand below the board, kept in the URL through a reload
    const view = (me + 1) % P;
    await page.locator('select.replay-view').selectOption(String(view));
    await page.waitForFunction((u) => location.hash.endsWith(u), `/11/${view}`);
    assert.equal(await page.locator('.board .layer.pos0').getAttribute('data-seat'), String(view), 'that seat at the bottom');
    const seenFromThere = await shownHands(page);
    await page.reload();
    await page.waitForFunction(() => document.querySelector('.replay-position')?.dataset.step === '11');
    assert.equal(await page.locator('.board .layer.pos0').getAttribute('data-seat'), String(view), 'the viewpoint survives a reload');
    assert.equal(await page.locator('select.replay-view').inputValue(), String(view));
    assert.deepEqual(await shownHands(page), seenFromThere);

    // the hand's turns: every action of the hand but passes, in order, the current one marked; a click jumps
    const handEnd = replay.steps.findIndex((st, i) => i > 0 && st.seat === undefined);
    const turns = replay.steps.map((st, i) => ({ st, i }))
      .filter(({ st, i }) => i > 0 && (handEnd < 0 || i < handEnd) && st.seat !== undefined && st.action.type !== 'pass');
    await page.locator('.replay-turns summary').click();
    const listed = await page.locator('.replay-turn').evaluateAll((bs) => bs.map((b) => ({ step: Number(b.dataset.step), seat: Number(b.dataset.seat), text: b.textContent })));
    assert.deepEqual(listed.map((x) => x.step), turns.map((x) => x.i), 'each turn of the hand, passes left out');
    assert.deepEqual(listed.map((x) => x.seat), turns.map((x) => x.st.seat));
    const firstDiscard = turns.find((x) => x.st.action.type === 'discard');
    const named = listed.find((x) => x.step === firstDiscard.i);
    assert.ok(named.text.includes(replay.players[firstDiscard.st.seat].display_name) && named.text.includes('discards'), named.text);
    // the turn marked: step 11's, or the last listed before it when step 11 was a pass
    const markedAt11 = turns.filter((x) => x.i <= 11).at(-1);
    assert.equal(await page.locator('.replay-turn[aria-current="step"]').getAttribute('data-step'), String(markedAt11.i));
    const target = turns.at(-1).i;
    await page.locator(`.replay-turn[data-step="${target}"]`).click();
    await page.waitForFunction((n) => document.querySelector('.replay-position').dataset.step === String(n), target);
    assert.match(page.url(), new RegExp(`#/replay/${id}/${target}/${view}$`));
    const d = replay.steps[target].events.find((e) => e.type === 'discard');
    if (d) assert.equal((await pondOf(page, d.seat)).at(-1), d.tile, 'the pond at that turn');
    assert.equal(await page.locator('.replay-turn[aria-current="step"]').getAttribute('data-step'), String(target));
    await screenshot(page, 'replay-turns');
    await page.locator('select.replay-view').selectOption(String(me));

    // play, pause, then the last hand and the end
    await page.keyboard.press(' ');
    await page.waitForFunction(() => Number(document.querySelector('.replay-position').dataset.step) >= 13);
    await page.keyboard.press(' ');
    await page.locator('button.replay-button[data-kind="play"]').waitFor(); // paused: its play button is back
    const paused = await position(page);
    await pastClientMoment(page, '/js/replay.js', 'STEP_MS'); // a step's time at 1× (the speed here)
    assert.equal(await position(page), paused, 'paused');
    while (!(await page.locator('button[data-kind="next-hand"]').isDisabled())) await page.locator('button[data-kind="next-hand"]').click();
    await page.keyboard.press('End');
    await page.waitForFunction((n) => Number(document.querySelector('.replay-position').dataset.step) === n, replay.steps.length - 1);
    const win = replay.steps.at(-1).events.find((e) => e.type === 'win');
    assert.ok(win, 'the match ended in a win');
    const result = page.locator('.viewer-result');
    await result.waitFor();
    assert.match(await result.innerText(), new RegExp(replay.players[win.seat].display_name));
    await screenshot(page, 'replay-end');
    await page.locator('#lang').count(); // the site header gives way to the table's menu here
    await page.locator('.table-menu .menu-button').click();
    await page.locator('.table-menu .menu-list button[lang]').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    assert.match(await page.locator('.replay-position').innerText(), /手目/);
    await page.setViewportSize({ width: 844, height: 390 });
    await page.keyboard.press('Home');
    await page.waitForFunction(() => document.querySelector('.replay-position').dataset.step === '0');
    await screenshot(page, 'replay-844x390-ja');
    // the turns on a phone held sideways, in Japanese: reachable, and a tap jumps
    assert.equal(await page.locator('.replay-turns summary').innerText(), 'この局の手番');
    if (!(await page.locator('.replay-turns').evaluate((d) => d.open))) await page.locator('.replay-turns summary').click();
    const phoneTurn = page.locator('.replay-turn').nth(2);
    const step3 = await phoneTurn.getAttribute('data-step');
    await phoneTurn.click();
    await page.waitForFunction((n) => document.querySelector('.replay-position').dataset.step === n, step3);
    assert.equal(await page.locator('.replay-turn[aria-current="step"]').getAttribute('data-step'), step3);
    await screenshot(page, 'replay-turns-844x390-ja');
    const box = await page.locator('.replay-turns').boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 390 && box.x + box.width <= 844, 'the open list on screen');
    assert.equal(await page.evaluate(() => document.scrollingElement.scrollTop), 0, 'the page does not scroll');
    assertNoProblems(page, 'the replay');
    await page.context().close();
  });
});
