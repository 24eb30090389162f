// review.test.mjs — the review in a real browser: the replay viewer's review mode
// (#/review/ID/SEAT/K, web/js/replay.js + review.js) and the import page (#/review).
//
// A practice match is played over the WebSocket and stored; its review is opened from the match
// page's "Review this match". The panel must show the decision the URL names, at the step just
// before that seat's discard in the replay (the state of the hand when it chose), its options
// ranked by shanten then ukeire (checked against GET /api/matches/ID/review), each with a bar, the
// chosen one highlighted; "next decision" moves the table and the URL, and a reload comes back to
// the same decision. The import page reviews a pasted committed Tenhou log and shows the server's
// error text for a broken one. In Japanese too. Screenshots at 1366×768 and 844×390, also copied to
// /tmp/ippon-shots/review-*.png.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { request, SOURCE_DIR } from '../integration/harness.mjs';
import { siteAndBrowser, openPage, assertNoProblems, screenshot, setLang, playOverSocket } from './browser.mjs';

const SHOTS = '/tmp/ippon-shots';
async function shot(page, name) {
  const file = await screenshot(page, name);
  await fs.mkdir(SHOTS, { recursive: true });
  await fs.copyFile(file, path.join(SHOTS, `${name}.png`));
}

/** the options as the panel lists them: [{discard, chosen, bar}] */
function panelOptions(page) {
  return page.locator('.review-panel .review-option').evaluateAll((els) => els.map((el) => ({
    discard: el.dataset.discard, chosen: el.classList.contains('chosen'),
    bar: parseFloat(el.querySelector('.review-bar.ukeire .fill').style.width),
  })));
}

/** the server's ranking of a decision's options: least shanten, then most ukeire */
const rankedKinds = (d) => [...d.options].sort((a, b) => a.shanten - b.shanten || b.ukeire.count - a.ukeire.count).map((o) => o.discard);

describe('the review', () => {
  const env = siteAndBrowser();

  test('a finished match reviewed beside the replay: options with bars, next decision, the URL keeps it', async () => {
    const { id } = await playOverSocket(env.site.port, { mode: '4p', practice: true });
    const replay = JSON.parse((await request(env.site.port, { path: `/api/matches/${id}?format=replay` })).body);
    const me = replay.players.find((p) => !p.bot).seat;
    const review = JSON.parse((await request(env.site.port, { path: `/api/matches/${id}/review?seat=${me}` })).body);
    assert.ok(review.decisions.length >= 2, `${review.decisions.length} decisions to step through`);

    const page = await openPage(env.browser, `${env.site.url}/#/match/${id}`, { viewport: { width: 1366, height: 768 } });
    await page.locator('a[data-kind="review"]').click();
    await page.locator('.review-panel[data-decision="0"]').waitFor();
    assert.match(page.url(), new RegExp(`#/review/${id}/${me}/0$`));
    const ownTurn = (d) => ['discard', 'riichi', 'kan', 'kita'].includes(d.kind) || (d.kind === 'win' && d.tsumo);
    const kindOf = (c) => c.replace(/^0/, '5');
    const check = async (k) => {
      const d = review.decisions[k];
      assert.equal(await page.locator('.review-panel').getAttribute('data-kind'), d.kind, `decision ${k}: its kind`);
      const step = Number(await page.locator('.replay-position').getAttribute('data-step'));
      if (d.kind !== 'discard') {
        // another kind: its choices, the one taken highlighted (none for a win it could not take)
        const taken = await page.locator('.review-panel .review-option.chosen').count();
        assert.equal(taken, d.kind === 'win' && !d.legal ? 0 : 1, `decision ${k} (${d.kind}): the choice taken highlighted`);
        if (!ownTurn(d)) { // an offer: shown at the other seat's discard of the tile
          assert.notEqual(replay.steps[step].seat, me);
          assert.equal(kindOf(replay.steps[step].action.tile), kindOf(d.tile), `decision ${k}: the discard offered`);
        } else {
          assert.equal(replay.steps[step + 1].seat, me, `decision ${k}: the next step is the seat's own action`);
        }
        return;
      }
      const shown = await panelOptions(page);
      assert.deepEqual(shown.map((o) => o.discard), rankedKinds(d), `decision ${k}: the options ranked`);
      assert.deepEqual(shown.filter((o) => o.chosen).map((o) => o.discard), [kindOf(d.chosen)], 'the chosen one highlighted');
      const most = Math.max(...d.options.map((o) => o.ukeire.count));
      for (const o of shown) {
        const want = Math.round((100 * d.options.find((x) => x.discard === o.discard).ukeire.count) / most);
        assert.equal(o.bar, want, `${o.discard}: its bar`);
      }
      // the table shows the moment before the discard: the chosen tile is still in the hand below
      const next = replay.steps[step + 1];
      assert.equal(next.seat, me, 'the next step is the seat\'s own action');
      assert.equal(next.action.tile, d.chosen, 'and discards the chosen tile');
      const hand = await page.locator('.my-hand .hand-tile').evaluateAll((els) => els.map((el) => el.dataset.tile));
      assert.ok(hand.includes(d.chosen), `the hand below holds ${d.chosen}: ${hand}`);
    };
    await check(0);
    await shot(page, 'review-1366x768');
    const stepOf = async () => Number(await page.locator('.replay-position').getAttribute('data-step'));
    const step0 = await stepOf();

    await page.locator('.review-panel button[data-kind="next"]').click();
    await page.locator('.review-panel[data-decision="1"]').waitFor();
    await page.waitForFunction((u) => location.hash.endsWith(u), `/${me}/1`);
    await check(1);
    // the replay's own step back: between decisions the panel says so (or shows decision 0 when
    // that is the step before: two decisions can stand a step apart, or at one step — a kan not
    // made and the discard of that turn), its buttons lead back
    const step1 = await stepOf();
    if (step1 > step0) {
      await page.locator('button[data-kind="back"]').click();
      await page.locator(step1 - 1 > step0 ? '.review-between' : '.review-panel[data-decision="0"]').waitFor();
      await page.locator('.review-panel button[data-kind="next"]').click();
      await page.locator('.review-panel[data-decision="1"]').waitFor();
    }

    await page.reload();
    await page.locator('.review-panel[data-decision="1"]').waitFor();
    await check(1);

    // marked decisions: the next marked one from decision 1, by its button and by the filter
    const nextMarked = review.decisions.findIndex((d, i) => i > 1 && d.mark);
    assert.equal(await page.locator('.review-panel button[data-kind="next-marked"]').isDisabled(), nextMarked < 0);
    await page.locator('select.review-filter').selectOption('marked');
    assert.equal(await page.locator('.review-panel button[data-kind="next"]').isDisabled(), nextMarked < 0);
    if (nextMarked >= 0) {
      await page.locator('.review-panel button[data-kind="next"]').click();
      await page.locator(`.review-panel[data-decision="${nextMarked}"]`).waitFor();
      const mark = review.decisions[nextMarked].mark;
      const shownMark = page.locator('.review-panel .review-mark');
      assert.equal(await shownMark.getAttribute('data-severity'), mark.severity);
      assert.equal(await shownMark.getAttribute('data-category'), mark.category);
      assert.ok((await shownMark.textContent()).includes(mark.text.en), 'the mark\'s sentence');
      await check(nextMarked);
      await shot(page, 'review-marked-1366x768');
    }

    // Japanese
    await setLang(page, 'ja');
    await page.locator('.review-panel button[data-kind="next"]', { hasText: '次の判断' }).waitFor();
    await shot(page, 'review-1366x768-ja');
    assertNoProblems(page, 'the review');
    await page.context().close();

    // a phone on its side: the panel is a drawer opened by its button
    const phone = await openPage(env.browser, `${env.site.url}/#/review/${id}/${me}/1`, { viewport: { width: 844, height: 390 }, touch: true });
    await phone.locator('.review-panel[data-decision="1"]').waitFor({ state: 'attached' });
    const hidden = await phone.locator('.review-panel').boundingBox();
    assert.ok(!hidden || hidden.x >= 844 - 1, 'closed: off the screen');
    await phone.locator('button[data-kind="review-open"]').click();
    await phone.waitForFunction(() => { const r = document.querySelector('.review-panel').getBoundingClientRect(); return r.right <= 845 && r.left < 844 && r.left > 300; });
    const box = await phone.locator('.review-panel').boundingBox();
    assert.ok(box.height >= 380, 'the drawer takes the height');
    await phone.waitForTimeout(300);
    await shot(phone, 'review-844x390');
    await phone.locator('.review-panel button[data-kind="next"]').click();
    await phone.locator('.review-panel[data-decision="2"]').waitFor();
    assertNoProblems(phone, 'the review on a phone');
    await phone.context().close();
  });

  test('the import page reviews a pasted Tenhou log, and shows the server\'s error for a broken one', async () => {
    const text = await fs.readFile(path.join(SOURCE_DIR, 'tests/data/replay/samples/tenhou4-ranked_game.json'), 'utf8');
    const want = JSON.parse((await request(env.site.port, { method: 'POST', path: '/api/review?seat=1', body: text })).body);
    const page = await openPage(env.browser, `${env.site.url}/#/review`, { viewport: { width: 1366, height: 768 } });
    await page.locator('textarea.review-text').fill('{"log": [[[0,0,0],[25000,25000,25000,25000],[11],[],[99]]]}');
    await page.locator('form.review-import button[type="submit"]').click();
    const error = await page.locator('form.review-import p.error').textContent();
    assert.match(error, /log\[0\]/, `the library's text names the hand: ${error}`);
    await page.locator('textarea.review-text').fill(text);
    await page.locator('select.review-seat').selectOption('1');
    await page.locator('form.review-import button[type="submit"]').click();
    await page.locator('.review-page .review-panel[data-decision="0"]').waitFor();
    assert.deepEqual((await panelOptions(page)).map((o) => o.discard), rankedKinds(want.decisions[0]));
    const held = await page.locator('.review-held .tile').evaluateAll((els) => els.map((el) => el.dataset.tile));
    assert.equal(held.length, want.decisions[0].held.replace(/[mpsz]/g, '').length, 'the hand before the discard');
    await page.locator('.review-panel button[data-kind="next"]').click();
    await page.locator('.review-page .review-panel[data-decision="1"]').waitFor();
    assert.deepEqual((await panelOptions(page)).map((o) => o.discard), rankedKinds(want.decisions[1]));
    // a tenpai option's line: its points, win chance and expected value (src/review/README.md, "Win chance")
    const k = want.decisions.findIndex((d) => (d.options ?? []).some((o) => o.value?.dama));
    assert.ok(k > 1, 'the log has a tenpai option');
    for (let i = 2; i <= k; i++) {
      await page.locator('.review-panel button[data-kind="next"]').click();
      await page.locator(`.review-page .review-panel[data-decision="${i}"]`).waitFor();
    }
    const tenpai = want.decisions[k].options.find((o) => o.value?.dama), dama = tenpai.value.dama;
    const line = page.locator(`.review-panel .review-option[data-discard="${tenpai.discard}"]`);
    const en = `dama ${dama.ron.toLocaleString('en')} (wins ${Math.round(dama.win * 100)} %, EV ${dama.ev.toLocaleString('en')})`;
    assert.ok((await line.textContent()).includes(en), `${await line.textContent()} has ${en}`);
    await shot(page, 'review-import-1366x768');
    await setLang(page, 'ja');
    await page.locator('.review-page h1', { hasText: '牌譜を検討する' }).waitFor();
    const ja = `ダマ ${dama.ron.toLocaleString('en')}（和了率${Math.round(dama.win * 100)}%・期待値${dama.ev.toLocaleString('en')}）`;
    assert.ok((await line.textContent()).includes(ja), `${await line.textContent()} has ${ja}`);
    await page.setViewportSize({ width: 844, height: 390 });
    await shot(page, 'review-import-844x390-ja');
    page.problems = page.problems.filter((x) => !/status of 400/.test(x)); // the broken log's answer, shown above
    assertNoProblems(page, 'the import page');
    await page.context().close();
  });
});
