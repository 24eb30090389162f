// scripted.mjs — a game server played from a script, for browser tests that need an exact table
// (a given call at a given seat, a given win with honba and sticks). The page's REST calls go to
// the real server (a real guest session), but its game WebSocket (/ws) is answered by the test
// through playwright's routeWebSocket: the test sends the protocol's messages (PROTOCOL.md) as a
// server would, numbering the events, and reads the page's answers.
//
//   const { page, table } = await scriptedPage(env, FOUND, { lang: 'ja' }); // at the table, or by hand:
//   const table = await scriptedTable(page, FOUND);          // before the page connects
//   await page.goto(site.url); await startPractice(page, table); // the page says practice → match_found
//   await table.event({ type: 'hand_start', … });               // {type:'event', n, event}
//   const seq = await table.ask({ options: […] });              // an ask; then
//   assert.deepEqual((await table.nextAct()).action, { … });    // what the page answered
import assert from 'node:assert/strict';
import { openPage } from './browser.mjs';

/** the clock an ask carries: long, so the table never plays for the page during a test */
export const LONG_CLOCK = { move_ms: 600_000, bank_ms: 600_000 };

/**
 * answers the page's /ws: hello → welcome (the user the page is), practice → `found` (a
 * match_found message); returns { event, ask, send, nextAct, acts }
 */
export async function scriptedTable(page, found) {
  const table = { n: 0, seq: 0, acts: [], waiting: [], socket: null, user: { id: 'u-test', display_name: 'Tester', guest: true } };
  let connected;
  const ready = new Promise((resolve) => { connected = resolve; });
  await page.routeWebSocket(/\/ws$/, (ws) => {
    table.socket = ws;
    ws.onMessage((raw) => {
      const m = JSON.parse(String(raw));
      if (m.type === 'hello') ws.send(JSON.stringify({ type: 'welcome', v: 1, user: table.user, table: null, queue: null }));
      else if (m.type === 'ping') ws.send(JSON.stringify({ type: 'pong', t: Date.now() }));
      else if (m.type === 'practice') {
        ws.send(JSON.stringify(found));
        connected();
      } else if (m.type === 'act') {
        const w = table.waiting.shift();
        if (w) w(m);
        else table.acts.push(m);
      }
    });
  });
  return {
    /** resolves when the page asked for practice and got the match */
    started: () => ready,
    send(msg) {
      table.socket.send(JSON.stringify(msg));
    },
    /** sends one event, numbered as the server numbers a seat's events */
    event(e) {
      table.n += 1;
      table.socket.send(JSON.stringify({ type: 'event', n: table.n, event: e }));
    },
    /** sends several events in order */
    events(list) {
      for (const e of list) this.event(e);
    },
    /** sends an ask; returns its seq */
    ask(fields) {
      table.seq += 1;
      table.socket.send(JSON.stringify({ type: 'ask', seq: table.seq, clock: LONG_CLOCK, ...fields }));
      return table.seq;
    },
    /** the page's next `act` message (waits up to timeoutMs) */
    nextAct(timeoutMs = 10_000) {
      if (table.acts.length) return Promise.resolve(table.acts.shift());
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error('the page did not answer the ask')), timeoutMs);
        table.waiting.push((m) => { clearTimeout(timer); resolve(m); });
      });
    },
    /** no act arrived (for asks a play aid must leave alone) */
    assertNoAct() {
      assert.deepEqual(table.acts, [], 'the page answered on its own');
    },
  };
}

/** from the lobby: the practice button of `mode`; resolves when the table page shows */
export async function startPractice(page, table, mode = '4p') {
  await page.locator(`[data-kind="practice"][data-mode="${mode}"]`).click();
  await table.started();
  await page.locator('.table-page .board').waitFor();
}

/** where a box's centre lies on the board's: 'bottom' | 'right' | 'top' | 'left' | 'middle' */
export function sideOf(el, board) {
  const dx = el.x + el.width / 2 - (board.x + board.width / 2);
  const dy = el.y + el.height / 2 - (board.y + board.height / 2);
  const near = board.width * 0.1;
  if (Math.abs(dx) < near && Math.abs(dy) < near) return 'middle';
  if (Math.abs(dx) > Math.abs(dy)) return dx > 0 ? 'right' : 'left';
  return dy > 0 ? 'bottom' : 'top';
}

/**
 * a page in `lang` at a scripted table: the lobby's practice button brought it `found`
 * (match_found); returns { page, table }. options go to openPage (viewport, reducedMotion…)
 */
export async function scriptedPage(env, found, { lang = 'en', viewport = { width: 1366, height: 768 }, ...options } = {}) {
  const page = await openPage(env.browser, null, { viewport, locale: lang === 'ja' ? 'ja-JP' : 'en-US', ...options });
  await page.addInitScript((l) => localStorage.setItem('ippon.lang', l), lang);
  const table = await scriptedTable(page, found);
  await page.goto(env.site.url);
  await startPractice(page, table, found.mode);
  return { page, table };
}
