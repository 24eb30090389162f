// room_bots.test.mjs — "Practice with your AI" in a real browser (web/js/friends.js, room.js,
// roombots.js; PROTOCOL.md "AIs in a private table"): a signed-in owner whose bot's AI waits at
// /mjai?room=invitations (a scripted mjai client, integration/mjai_ai.mjs) opens a private table
// from the lobby's card, sees the bot in the room page's "Seat an AI", a name that is no bot's
// refused there, seats it with a click: the members list marks it AI with its owner; the host
// starts, and the table's plate of the AI's seat carries the AI mark (the built-in bots keep
// their "bot"). At 1366×768 in English and at 844×390 (a phone held sideways, touch) in
// Japanese. Screenshots in /tmp/ippon-shots/room-bots-*.png and the build's artifacts. No
// console errors.
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { api } from '../integration/harness.mjs';
import { mjaiConnect } from '../integration/mjai_ai.mjs';

const SHOTS = '/tmp/ippon-shots';
const PASSWORD = 'Aozora-kite-19';
const CASES = [
  { what: 'desktop', locale: 'en-US', viewport: { width: 1366, height: 768 }, touch: false,
    words: { title: 'Seat an AI', practice: 'Practice with your AI', mark: 'AI', owner: 'by ', noBot: 'No bot has that name.' } },
  { what: 'phone', locale: 'ja-JP', viewport: { width: 844, height: 390 }, touch: true,
    words: { title: 'AIを座らせる', practice: '自分のAIと練習', mark: 'AI', owner: '作成者 ', noBot: 'その名前のボットはいません。' } },
];

/** the page's screenshot, in the build's artifacts and as /tmp/ippon-shots/room-bots-<name>.png */
async function shot(page, name) {
  await screenshot(page, `room-bots-${name}`);
  await fs.mkdir(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/room-bots-${name}.png`, fullPage: true });
}

let unique = 0;

describe('practice with your AI in the browser', () => {
  const env = siteAndBrowser({ clock_move_ms: 60_000, clock_bank_ms: 300_000 });

  for (const c of CASES) {
    test(`${c.what} (${c.locale}): seat your waiting AI from the room page, the AI marked in the room and at the table`, async () => {
      const port = env.site.port;
      const n = `${process.pid % 1000}r${++unique}`;
      const reg = await api(port, 'POST', '/api/auth/register', { body: { username: `own${n}`, password: PASSWORD, display_name: `Own${n}` } });
      assert.equal(reg.status, 201, reg.raw);
      const made = await api(port, 'POST', '/api/bots', { token: reg.json.token, body: { name: `Kaze${n}`, public: false } });
      assert.equal(made.status, 201, made.raw);
      const botName = made.json.bot.name;
      const ai = await mjaiConnect(port, made.json.token, { room: 'invitations&mode=4p' });

      const page = await openPage(env.browser, null, { locale: c.locale, viewport: c.viewport, touch: c.touch });
      await page.addInitScript((t) => localStorage.setItem('ippon.token', t), reg.json.token);
      await page.goto(`${env.site.url}/#/`);
      const practice = page.locator('.friends-card [data-kind="practice-ai"]');
      await practice.waitFor();
      assert.equal(await practice.innerText(), c.words.practice);
      await page.locator('.friends-card select[data-field="mode"]').selectOption('4p');
      await practice.click();

      const panel = page.locator('.room-page [data-kind="seat-ai"]');
      await panel.waitFor();
      assert.equal(await panel.locator('h2').innerText(), c.words.title);
      const row = panel.locator(`li.waiting-bot[data-bot="${made.json.bot.id}"]`);
      await row.waitFor();
      assert.match(await row.innerText(), new RegExp(botName));

      // a name that is no bot's: refused, said in the page's language
      await panel.locator('input[data-field="bot-name"]').fill('NoSuchBot');
      await panel.locator('[data-kind="seat-by-name"]').click();
      const refused = panel.locator('p.error[data-error="no_bot"]');
      await refused.waitFor();
      assert.equal(await refused.innerText(), c.words.noBot);

      await row.locator('[data-kind="seat-bot"]').click();
      const member = page.locator(`.room-members li[data-ai="true"][data-user="${made.json.bot.id}"]`);
      await member.waitFor();
      assert.equal(await member.locator('.ai-badge').innerText(), c.words.mark);
      assert.equal(await member.locator('.ai-owner').innerText(), `${c.words.owner}Own${n}`);
      assert.equal(await page.locator('.room-members li').count(), 2);
      await panel.locator('[data-kind="no-waiting-bots"]').waitFor(); // seated: no longer waiting
      assert.equal(await refused.count(), 0, 'the refusal is gone once a seat is taken');
      await shot(page, `room-${c.what}`);

      await page.locator('[data-kind="start-room"]').click();
      await page.locator('.board').waitFor({ timeout: 15_000 });
      await ai.until((a) => a.lines.some((l) => l.type === 'start_game'), 15_000, 'the AI\'s start_game');
      const aiPlate = page.locator('.plate', { has: page.locator('.plate-ai') });
      await aiPlate.waitFor();
      assert.equal(await page.locator('.plate .plate-ai').count(), 1, 'one AI seat');
      assert.ok((await aiPlate.innerText()).includes(botName), 'the AI plate is the bot\'s');
      assert.ok(await page.locator('.plate .plate-ai').isVisible(), 'the AI mark shows at this size');
      await shot(page, `table-${c.what}`);
      assertNoProblems(page, 'the room and table with an AI');
      await page.context().close();
      ai.ws.close();
    });
  }
});
