// fairness.test.mjs — walls no one can choose, in a real browser (web/js/witness.js, verifier.js,
// fairness.js; src/server/PROTOCOL.md, "Walls no one can choose").
//
// A visitor plays a 4p practice match to its end by clicking. From the WebSocket frames: the page
// sends one contribution (64 hex digits) right after match_found and before the first deal, and
// every hand_start lists it at the player's seat. The result screen links to the match page,
// whose "Fair walls" section checks the record in the browser against what this browser saw: every
// check passes, and there is one deal check per hand played. The same record with one digit of its
// secret changed (served by page.route) fails the commitment check, in English and in Japanese; a
// second browser that did not play checks the record alone; a record stored before contributions
// shows its seeds to rebuild, plainly, without a verdict. Downgraded records are red: the record
// without its fairness data in the browser that played (its commitment and contribution could
// not be checked, in English and in Japanese), and records whose seeds were emptied. Screenshots
// at desktop and phone sizes.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { request } from '../integration/harness.mjs';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { watchAsks, playToEnd } from './player.mjs';

/** the frames a page sends and receives over its WebSocket, parsed, in order */
function watchFrames(page) {
  const frames = [];
  page.on('websocket', (ws) => {
    for (const [dir, name] of [['out', 'framesent'], ['in', 'framereceived']])
      ws.on(name, ({ payload }) => {
        try {
          frames.push({ dir, at: Date.now(), msg: JSON.parse(String(payload)) });
        } catch { /* not JSON */ }
      });
  });
  return frames;
}

const section = '.match-page .fairness';

describe('fair walls in the browser', () => {
  // the player's clock is long: the table never plays for the test player on a slow machine
  const env = siteAndBrowser({ clock_move_ms: 60_000, clock_bank_ms: 300_000 });

  test('the page contributes, and the match page checks the walls against what it saw', async () => {
    const page = await openPage(env.browser, env.site.url);
    const asks = watchAsks(page);
    const frames = watchFrames(page);
    await page.locator('[data-kind="practice"][data-mode="4p"]').click();
    await page.locator('.board').waitFor({ timeout: 15_000 });
    await playToEnd(page, asks);

    const found = frames.find((f) => f.dir === 'in' && f.msg.type === 'match_found').msg;
    const sent = frames.filter((f) => f.dir === 'out' && f.msg.type === 'contribute');
    assert.equal(sent.length, 1, 'one contribution sent');
    assert.match(sent[0].msg.bytes, /^[0-9a-f]{64}$/);
    const firstDeal = frames.findIndex((f) => f.dir === 'in' && f.msg.type === 'event' && f.msg.event.type === 'hand_start');
    assert.ok(frames.indexOf(sent[0]) < firstDeal, 'sent before the first deal');
    const starts = frames.filter((f) => f.dir === 'in' && f.msg.type === 'event' && f.msg.event.type === 'hand_start');
    for (const s of starts) assert.equal(s.msg.event.contributions[found.seat], sent[0].msg.bytes, 'the hand names it');
    const end = frames.find((f) => f.dir === 'in' && f.msg.type === 'event' && f.msg.event.type === 'match_end').msg.event;
    assert.match(end.secret, /^[0-9a-f]{64}$/);

    await page.locator('.match-end [data-kind="check-walls"]').click();
    await page.locator(section).waitFor();
    assert.equal(await page.locator(section).getAttribute('data-ok'), 'true', await page.locator(section).innerText());
    const checks = await page.locator(`${section} li.check`).evaluateAll((els) =>
      els.map((e) => ({ id: e.dataset.check, ok: e.dataset.ok === 'true' })));
    const count = (id) => checks.filter((c) => c.id === id && c.ok).length;
    assert.equal(count('commitment'), 1);
    assert.equal(count('seen_commitment'), 1);
    assert.equal(count('contribution'), 1, 'this browser\'s contribution was used');
    assert.equal(count('seed'), starts.length);
    assert.equal(count('deal'), starts.length, 'the deal of every hand checked');
    assert.equal(count('dora'), starts.length);
    assert.equal(count('hand_commitment'), starts.length);
    assert.ok(checks.every((c) => c.ok));
    assert.match(await page.locator(`${section} .verdict`).innerText(), /Every check passed/);
    assert.match(await page.locator(`${section} .contributions`).innerText(), /yours/);
    await screenshot(page, 'fairness-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'fairness-phone');
    assertNoProblems(page, 'the match page');

    // the same record with one digit of the secret changed: the check fails, in both languages
    const res = await request(env.site.port, { path: `/api/matches/${found.table}` });
    const record = JSON.parse(res.body);
    const bad = structuredClone(record);
    bad.fairness.secret = (bad.fairness.secret[0] === '0' ? '1' : '0') + bad.fairness.secret.slice(1);
    await page.route(`**/api/matches/${found.table}`, (route) => route.fulfill({ json: bad }));
    await page.reload();
    await page.locator(section).waitFor();
    assert.equal(await page.locator(section).getAttribute('data-ok'), 'false');
    assert.equal(await page.locator(`${section} li.check[data-check="commitment"]`).getAttribute('data-ok'), 'false');
    assert.match(await page.locator(`${section} .verdict`).innerText(), /A check failed/);
    await page.locator('#lang').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    assert.match(await page.locator(`${section} .verdict`).innerText(), /検証に失敗/);
    assert.match(await page.locator(`${section} li.check[data-check="commitment"]`).innerText(), /✗/);
    await screenshot(page, 'fairness-failed-ja');
    await page.locator('#lang').click();
    await page.waitForFunction(() => document.documentElement.lang === 'en');

    // the record downgraded, its fairness taken away: in a match this browser saw, the commitment
    // and contribution it holds cannot be checked, and the verdict is red, never a mild note
    const stripped = { ...record, fairness: null };
    await page.unroute(`**/api/matches/${found.table}`);
    await page.route(`**/api/matches/${found.table}`, (route) => route.fulfill({ json: stripped }));
    await page.reload();
    await page.locator(section).waitFor();
    assert.equal(await page.locator(section).getAttribute('data-ok'), 'false');
    const verdict = page.locator(`${section} .verdict.bad`);
    assert.match(await verdict.innerText(), /A check could not be made/);
    const [shown, failing] = await verdict.evaluate((el) => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--minus)';
      el.after(probe);
      const colours = [getComputedStyle(el).color, getComputedStyle(probe).color];
      probe.remove();
      return colours;
    });
    assert.equal(shown, failing, 'the verdict is in the failing colour (--minus)');
    for (const id of ['seen_commitment', 'contribution']) {
      const line = page.locator(`${section} li.check[data-check="${id}"]`);
      assert.equal(await line.getAttribute('data-ok'), 'false', id);
      assert.equal(await line.getAttribute('data-cannot'), 'no_fairness', id);
      assert.match(await line.innerText(), /✗.*could not be checked: the record has no secret/s, id);
    }
    assert.equal(await page.locator(`${section} li.check[data-check="hand_commitment"][data-ok="true"]`).count(), starts.length,
      'each hand seen is still checked against its seed');
    assert.doesNotMatch(await page.locator(section).innerText(), /Every check passed/);
    await page.locator('#lang').click();
    await page.waitForFunction(() => document.documentElement.lang === 'ja');
    assert.match(await verdict.innerText(), /検証できない項目があります/);
    assert.match(await page.locator(`${section} li.check[data-check="seen_commitment"]`).innerText(), /検証できません/);
    await screenshot(page, 'fairness-downgraded-ja');
    await page.context().close();

    // another browser, which did not play: the record alone, still good
    const other = await openPage(env.browser, `${env.site.url}/#/match/${found.table}`);
    await other.locator(section).waitFor();
    assert.equal(await other.locator(section).getAttribute('data-ok'), 'true');
    assert.match(await other.locator(section).innerText(), /did not take part/);
    assert.equal(await other.locator(`${section} li.check[data-check="deal"]`).count(), 0);
    assert.equal(await other.locator(`${section} li.check[data-check="seed"]`).count(), starts.length);

    // a record from before contributions: its seeds, each rebuilt by /api/fairness
    const legacy = { ...record, id: 'legacy1', fairness: null };
    await other.route('**/api/matches/legacy1', (route) => route.fulfill({ json: legacy }));
    await other.goto(`${env.site.url}/#/match/legacy1`);
    await other.locator(`${section}[data-legacy="true"]`).waitFor();
    const links = await other.locator(`${section} .fair a`).evaluateAll((els) => els.map((e) => e.getAttribute('href')));
    assert.equal(links.length, record.seeds.length);
    assert.ok(links[0].startsWith(`/api/fairness?mode=4p&seed=${record.seeds[0]}`));
    assert.equal(await other.locator(`${section} .verdict`).count(), 0, 'said plainly: no verdict either way');
    assert.doesNotMatch(await other.locator(section).innerText(), /Every check passed/);

    // the same, its seeds emptied: the hands played no longer have theirs, and that is red
    const emptied = { ...record, id: 'legacy2', fairness: null, seeds: [] };
    await other.route('**/api/matches/legacy2', (route) => route.fulfill({ json: emptied }));
    await other.goto(`${env.site.url}/#/match/legacy2`);
    await other.locator(`${section}[data-legacy="true"]`).waitFor();
    assert.equal(await other.locator(section).getAttribute('data-ok'), 'false');
    assert.match(await other.locator(`${section} .verdict.bad`).innerText(), /A check failed/);
    assert.match(await other.locator(`${section} li.check[data-check="hands"]`).innerText(),
      new RegExp(`✗.*expected ${record.hands}, found 0`, 's'));
    // and a record with its fairness data whose seeds were emptied
    const cut = { ...record, id: 'cut1', seeds: [] };
    await other.route('**/api/matches/cut1', (route) => route.fulfill({ json: cut }));
    await other.goto(`${env.site.url}/#/match/cut1`);
    await other.locator(`${section}[data-ok="false"]`).waitFor();
    assert.match(await other.locator(`${section} .verdict.bad`).innerText(), /A check failed/);
    assert.equal(await other.locator(`${section} li.check[data-check="hands"]`).getAttribute('data-ok'), 'false');
    assertNoProblems(other, 'the other browser');
    await other.context().close();
  });
});
