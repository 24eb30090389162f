// event_run.test.mjs — an event the server runs, seen by an entrant in the browser, in English
// (1366×768) and Japanese (390×844): she registers from the event page (check-in is open, so
// registering checks her in), waits there; at the event's time the server seats its one round
// (src/server/EVENTS.md "The runner") and the page goes to her table by itself (event_seated);
// she plays her match to its end beside one entrant playing over WebSocket and two who never
// came (bot stand-ins play their seats: four weak test players can draw hand after hand at real
// clocks, past six minutes once). A few moves in, the organiser takes the socket entrant's seat
// from it — in English from the organiser's own event page (Replace by a bot, a reason, confirm),
// in Japanese by removing it over REST: a bot takes the seat, and her table says so (a notice
// naming it and why, the seat's plate marked bot); the event page then shows the event finished and its standings, her own result among them as the stored
// match has it, and her entry her place and total. Screenshots: event-run-waiting-*,
// event-run-replace-en-*, event-run-stand-in-*, event-run-standings-* (LANG-WxH).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot, setLang } from './browser.mjs';
import { watchAsks, playToEnd } from './player.mjs';
import { api, storedMatch } from '../integration/harness.mjs';
import { player, playToEnd as playOverSocket } from '../integration/ws_player.mjs';

const PASSWORD = 'correct horse battery staple 9';
let serial = 0;

async function account(port, name) {
  serial += 1;
  const r = await api(port, 'POST', '/api/auth/register',
    { body: { username: `run${serial}${process.pid}`, password: PASSWORD, display_name: `${name}${serial}` } });
  assert.equal(r.status, 201, r.raw);
  return r.json;
}

/** a signed figure as the page writes it (+12,000, −3,900, 0) */
const figure = (text) => Number(text.trim().replace('−', '-').replace(/[^\d-]/g, ''));

const WORDS = {
  en: { registered: 'You are checked in', finished: 'Finished', standIn: 'had a bot take' },
  ja: { registered: 'チェックイン済みです', finished: '終了', standIn: '除外しました' },
};

describe('an event run by the server, in the browser', () => {
  const env = siteAndBrowser();
  for (const [lang, viewport] of [['en', { width: 1366, height: 768 }], ['ja', { width: 390, height: 844 }]]) {
    const size = `${lang}-${viewport.width}x${viewport.height}`;
    test(`registers, is seated and taken to the table, plays, sees the standings (${size})`, { timeout: 420_000 }, async () => {
      const port = env.site.port;
      const [org, ema, ...others] = [await account(port, 'Org'), await account(port, lang === 'ja' ? '恵麻' : 'Ema'),
        await account(port, 'Rin'), await account(port, 'Aki'), await account(port, 'Kiri')];
      const made = await api(port, 'POST', '/api/events', { token: org.token, body: {
        name: lang === 'ja' ? '一局勝負の夕べ' : 'One-hand evening', mode: '4p', rounds: 1, starts_at: Date.now() + 15_000,
        checkin_minutes: 5, duplicate: true } });
      assert.equal(made.status, 201, made.raw);
      const id = made.json.id;

      const page = await openPage(env.browser, null, { viewport });
      const asks = watchAsks(page);
      await page.addInitScript((t) => localStorage.setItem('ippon.token', t), ema.token);
      await page.goto(`${env.site.url}/#/about`);
      await setLang(page, lang);
      await page.goto(`${env.site.url}/#/event/${id}`);
      await page.locator('[data-kind=register]').click();
      await page.locator('.entry-state', { hasText: WORDS[lang].registered }).waitFor();
      await screenshot(page, `event-run-waiting-${size}`);

      // the three others register over REST; one waits on its socket, playing whatever comes,
      // the other two are not there when the round is seated
      const sockets = [];
      for (const o of others) {
        const reg = await api(port, 'POST', `/api/events/${id}/register`, { token: o.token });
        assert.equal(reg.status, 200, reg.raw);
      }
      sockets.push(await player(port, others[0].token));
      const theirs = sockets.map((c) => playOverSocket(c));
      // if her play fails, the sockets close under their players: that is not a second failure
      for (const p of theirs) p.catch(() => {});
      try {
        // at its time the page goes to the table by itself, and she plays to the end
        await page.waitForURL(/#\/table$/, { timeout: 40_000 });
        // one hand, but exhaustive draws go on at the same table at real clocks
        let removed = false;
        const removeOne = async (stats) => {
          if (removed || stats.moves < 3) return;
          removed = true;
          // the notice shows 4 s and the organiser's page takes longer on a loaded machine: the
          // page records each notice as it comes, from before the action
          await page.evaluate(() => {
            window.__toasts = [];
            new MutationObserver(() => {
              for (const el of document.querySelectorAll('#toast .toast'))
                if (!window.__toasts.includes(el.textContent)) window.__toasts.push(el.textContent);
            }).observe(document.getElementById('toast'), { childList: true, subtree: true, characterData: true });
          });
          if (lang === 'en') { // the organiser's page: Replace by a bot, with a reason
            const orgPage = await openPage(env.browser, null, { viewport: { width: 1366, height: 768 } });
            await orgPage.addInitScript((t) => localStorage.setItem('ippon.token', t), org.token);
            await orgPage.goto(`${env.site.url}/#/event/${id}`);
            const row = orgPage.locator(`table.entrants tr[data-user="${others[0].user.id}"]`);
            await row.locator('[data-kind=org-stand-in]').click();
            await row.locator('#ev-reason').fill('connection trouble');
            await screenshot(orgPage, `event-run-replace-${size}`);
            await row.locator('[data-kind=confirm]').click();
            await row.locator('[data-kind=org-stand-in]').waitFor({ state: 'detached', timeout: 10_000 }); // a stand-in's seat now
            assert.equal(await orgPage.locator('[data-kind=org-error]').count(), 0, 'no refusal');
            assertNoProblems(orgPage);
            await orgPage.context().close();
          } else {
            const r = await api(port, 'POST', `/api/events/${id}/entrants/${others[0].user.id}/remove`,
              { token: org.token, body: { reason: 'left early' } });
            assert.equal(r.status, 200, r.raw);
          }
          const name = others[0].user.display_name;
          await page.waitForFunction(([who, words]) => window.__toasts.some((x) => x.includes(who) && x.includes(words)),
            [name, WORDS[lang].standIn], { timeout: 10_000 });
          const plate = page.locator('.plate:visible', { hasText: name });
          await plate.locator('.plate-bot').first().waitFor(); // visible: the entrant's plate says bot
          await screenshot(page, `event-run-stand-in-${size}`);
          if (lang === 'en') { // a phone on its side: its plates leave out the mark of a seat named "Bot …", not this one
            await page.setViewportSize({ width: 844, height: 390 });
            await plate.locator('.plate-bot').first().waitFor();
            assert.equal(await page.locator('.plate:visible .plate-bot:visible').count(), 1, 'the named bots\' marks left out');
            await screenshot(page, 'event-run-stand-in-en-844x390');
            await page.setViewportSize(viewport);
          }
        };
        await playToEnd(page, asks, { timeoutMs: 360_000, onMove: removeOne });
        assert.ok(removed, 'she made moves enough for the stand-in');
        await Promise.all(theirs);
        const seated = sockets[0].received.find((m) => m.type === 'event_seated');
        assert.equal(seated.event, id);
        assert.equal(seated.round, 1);

        // the event page: finished, the standings, her result as the stored match has it
        const rec = await storedMatch(port, seated.match);
        const mine = rec.players.find((p) => p.user_id === ema.user.id);
        assert.ok(mine, 'she played the match of her seat');
        const shown = await api(port, 'GET', `/api/events/${id}`);
        const seats = shown.json.round_list[0].tables[0].seats;
        assert.equal(seats.length, 4);
        for (const s of seats) {
          assert.equal(s.stand_in, s.user.id !== ema.user.id, `${s.user.display_name}: a stand-in for every other (two absent, one replaced or removed)`);
        }
        await page.goto(`${env.site.url}/#/event/${id}`);
        await page.locator('h1 .event-status', { hasText: WORDS[lang].finished }).waitFor({ timeout: 15_000 });
        const rows = page.locator('.event-standings tbody tr');
        assert.equal(await rows.count(), 4);
        const row = page.locator(`.event-standings tr[data-user="${ema.user.id}"]`);
        assert.equal(figure(await row.locator('td.total').innerText()), mine.result,
          'her total is her stored result');
        assert.ok(await row.evaluate((tr) => tr.classList.contains('me')), 'her own row marked');
        const entry = await page.locator('.entry-state[data-entry=finished]').innerText();
        const rank = await row.locator('td').first().innerText();
        assert.ok(entry.includes(await row.locator('td.total').innerText()) && entry.includes(rank),
          `her entry tells her place and total: ${entry}`);
        const totals = await rows.locator('td.total').allInnerTexts();
        const numbers = totals.map(figure);
        assert.deepEqual(numbers, [...numbers].sort((a, b) => b - a), 'ranked by total');
        assert.equal(numbers.reduce((a, b) => a + b, 0), 0, 'one table: the results add up to nothing');
        await row.scrollIntoViewIfNeeded();
        await screenshot(page, `event-run-standings-${size}`);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
        assert.equal(wide, false, 'nothing scrolls sideways');
        assertNoProblems(page);
      } finally {
        for (const c of sockets) c.close();
        await page.context().close();
      }
    });
  }
});
