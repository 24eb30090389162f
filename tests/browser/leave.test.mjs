// leave.test.mjs — leaving a practice table from the table's menu (web/js/tablemenu.js, play.js;
// PROTOCOL.md, "Leaving a practice table"): a practice match under way, the menu offers "Leave
// this table"; its confirm (a dialog of the page, not the browser's) says the match is forfeited;
// Escape and "Keep playing" each close it and the match goes on (another discard); "Leave and
// forfeit" brings the player back to the lobby with a notice, and the server has ended the
// table: its record is stored as not completed, not ranked. A ranked table's menu offers no
// leaving and keeps saying the clock plays for you. Desktop and phone screenshots of the confirm.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { practiceUnderWay, untilDiscardOrEnd } from './player.mjs';
import { storedMatch } from '../integration/harness.mjs';

/** opens the table's menu */
async function openMenu(page) {
  await page.locator('.table-menu .menu-button').click();
  await page.locator('.table-menu .menu-list').waitFor();
}

describe('leaving a practice table', () => {
  const env = siteAndBrowser({ clock_move_ms: 60_000, clock_bank_ms: 300_000 });

  test('the menu asks first; cancel keeps playing; leaving forfeits the match and ends the table', async () => {
    const page = await openPage(env.browser, env.site.url, { viewport: { width: 1366, height: 768 } });
    await practiceUnderWay(page);
    const table = await page.evaluate(() => JSON.parse(localStorage.getItem('ippon.match')).table);
    assert.match(table, /^[0-9a-f]{32}$/);

    await openMenu(page);
    assert.match(await page.locator('.menu-note').innerText(), /forfeits/);
    await page.locator('[data-kind="leave-table"]').click();
    const dialog = page.locator('.leave-confirm[role="alertdialog"]');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /forfeits this practice match/);
    assert.equal(await page.evaluate(() => document.activeElement.dataset.kind), 'cancel-leave', 'the focus on the safe choice');
    await screenshot(page, 'leave-confirm-1366x768');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.setViewportSize({ width: 844, height: 390 });
    await openMenu(page);
    await page.locator('[data-kind="leave-table"]').click();
    await dialog.waitFor();
    const box = await dialog.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 390 && box.x >= 0 && box.x + box.width <= 844, `on screen: ${JSON.stringify(box)}`);
    await screenshot(page, 'leave-confirm-844x390');
    await page.locator('[data-kind="cancel-leave"]').click();
    await dialog.waitFor({ state: 'detached' });
    await page.setViewportSize({ width: 1366, height: 768 });
    // the match goes on: another discard at the same table
    await untilDiscardOrEnd(page);
    assert.equal(await page.locator('.match-end').count(), 0, 'still playing');
    await page.locator('.table-page.my-turn .hand-tile.ok').last().click();
    assert.equal(await page.evaluate(() => JSON.parse(localStorage.getItem('ippon.match')).table), table);
    assert.ok(page.url().endsWith('#/table'));

    await openMenu(page);
    await page.locator('[data-kind="leave-table"]').click();
    await page.locator('[data-kind="confirm-leave"]').click();
    await page.waitForURL((u) => u.hash === '#/');
    await page.locator('.mode-card').first().waitFor();
    assert.match(await page.locator('#toast').innerText(), /forfeited/);
    const rec = await storedMatch(env.site.port, table);
    assert.deepEqual([rec.completed, rec.ranked], [false, false], 'ended without a result');
    assertNoProblems(page, 'the practice table');
    await page.context().close();
  });

  test('a ranked table cannot be left: the menu says the clock plays for you', async () => {
    const page = await openPage(env.browser, env.site.url, { viewport: { width: 1366, height: 768 } });
    await page.locator('[data-kind="queue"][data-mode="4p"]').click();
    await page.locator('.board').waitFor({ timeout: 15_000 });
    assert.equal(await page.locator('.table-top .badge[data-kind="ranked"]').count(), 1);
    await openMenu(page);
    assert.match(await page.locator('.menu-note').innerText(), /clock plays for you/);
    assert.equal(await page.locator('[data-kind="leave-table"]').count(), 0);
    assertNoProblems(page, 'the ranked table');
    await page.context().close();
  });
});
