// browser.mjs — what the browser tests share: the real `ippon` server started with a fast
// configuration in a temporary folder, Debian's chromium launched headless through
// playwright-core, pages that collect every console error and page error, and screenshots
// saved as test artifacts under $IPPON_BUILD_DIR/artifacts/browser/.
//
//   const site = await startSite({ time_scale: 0.1 });   // { url, port, dir, proc, stop() }
//   const env = siteAndBrowser();                          // or, in a describe(): both, started and stopped for it
//   const env = siteAndBrowser({}, { line: true });        // … with env.line, a relay (startLine) in front of the server
//   const browser = await launchBrowser();
//   const page = await openPage(browser, site.url);       // page.problems: console errors, page errors
//   ...
//   assertNoProblems(page);
//   await screenshot(page, 'table-4p');
//   await browser.close(); await site.stop();
//
//   const line = await startLine(site.port);               // a TCP relay: the page at line.url
//   line.cut({ refuse: true }); …; line.mend();             // drops every connection, then lets them through
//
//   const match = await playOverSocket(site.port, { mode: '3p', practice: true });  // { id, user, ranked }
//
// Reuses the integration harness (server start/stop with deadlines and the sanitizer check).
import assert from 'node:assert/strict';
import { before, after } from 'node:test';
import fs from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import { chromium } from 'playwright-core';
import WebSocket from 'ws';
import { BUILD_DIR, WEB, MIGRATIONS, freePort, tempDir, writeConfig, startServer, stopServer, request, storedMatch,
  withDeadline }
  from '../integration/harness.mjs';
import { choose } from '../integration/ws_player.mjs';
import { HandSeen } from '../integration/aim.mjs';

export const CHROMIUM = process.env.IPPON_CHROMIUM || '/usr/bin/chromium';
export const ARTIFACTS = path.join(BUILD_DIR, 'artifacts', 'browser');

/** the test configuration: fast clocks, bots at once, one human enough for a ranked match */
export const FAST_CONFIG = {
  bind: '127.0.0.1', log_level: 'warn', time_scale: 0.1, bot_delay_ms: 0, bot_fill_after: 0,
  ranked_min_humans: 1, pwhash_ops: 1, pwhash_mem_kib: 8, shutdown_grace: 1,
  guests_per_address: 10000, signups_per_address: 10000, login_fails_per_address: 10000,
  max_messages_per_10s: 1000000, max_conns_per_addr: 1000,
};

/** starts the real server on a free port with FAST_CONFIG plus `overrides`, web/ as its root */
export async function startSite(overrides = {}) {
  const dir = await tempDir();
  const port = await freePort();
  const config = await writeConfig(dir, {
    ...FAST_CONFIG, port, web_root: WEB, migrations: MIGRATIONS, database: path.join(dir, 'ippon.db'), ...overrides,
  });
  let proc;
  try {
    proc = await startServer(['--config', config], dir, port);
  } catch (e) {
    await fs.rm(dir, { recursive: true, force: true });
    throw e;
  }
  return {
    url: `http://127.0.0.1:${port}`, port, dir, proc,
    /** stops the server (exit 0, no sanitizer report) and removes its folder */
    async stop() {
      try {
        await stopServer(proc);
      } finally {
        await fs.rm(dir, { recursive: true, force: true });
      }
    },
  };
}

/**
 * for a describe(): the server (FAST_CONFIG plus `overrides`) and the browser are started before
 * its tests and stopped after them; returns { site, browser }, filled in by the time tests run
 */
export function siteAndBrowser(overrides = {}, { line = false } = {}) {
  const env = { site: null, line: null, browser: null };
  before(async () => {
    env.site = await startSite(overrides);
    if (line) env.line = await startLine(env.site.port);
    env.browser = await launchBrowser();
  });
  after(async () => {
    if (env.browser) await env.browser.close();
    if (env.line) await env.line.close();
    if (env.site) await env.site.stop();
  });
  return env;
}

/** Debian's chromium, headless; --no-sandbox because the tests may run as root */
export async function launchBrowser() {
  return chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox', '--disable-gpu'] });
}

/**
 * a new page (own context: own localStorage) at `url`; every console error, uncaught page
 * error and failed request is pushed onto page.problems; touch: a phone's touch screen (coarse
 * pointer, no hover); reducedMotion: 'reduce' for a player who asked for less motion; timezoneId:
 * the page's time zone ('UTC'), for a test of shown dates
 */
export async function openPage(browser, url, { viewport = { width: 1280, height: 900 }, locale = 'en-US', touch = false, reducedMotion = 'no-preference', timezoneId } = {}) {
  const context = await browser.newContext({ viewport, locale, hasTouch: touch, isMobile: touch, reducedMotion, timezoneId });
  const page = await context.newPage();
  page.problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`);
  });
  page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
  page.on('requestfailed', (req) => {
    const why = req.failure()?.errorText ?? '';
    if (!/ERR_ABORTED/.test(why)) page.problems.push(`request failed: ${req.url()} ${why}`);
  });
  if (url) await page.goto(url);
  return page;
}

/** fails with every console error and page error the page has collected */
export function assertNoProblems(page, what = 'the page') {
  assert.deepEqual(page.problems, [], `${what}: console errors or page errors`);
}

/**
 * resolves once a timer of the page, as long as the client's constant `name` exported by
 * `module` (e.g. '/js/table.js', 'AUTO_MS'), has fired: set after the page's own timers of that
 * length, it fires after them, so whatever they would do has been done. The positive signal that
 * the client's moment has passed, for a test that then asserts nothing happened
 */
export async function pastClientMoment(page, module, name) {
  await page.evaluate(async ([m, n]) => {
    const ms = (await import(m))[n];
    if (typeof ms !== 'number') throw new Error(`${m} exports no ${n}`);
    await new Promise((r) => setTimeout(r, ms));
  }, [module, name]);
}

/** switches the page's language ('en', 'ja') as its own language button does (i18n.js's setLang) */
export async function setLang(page, lang) {
  await page.evaluate(async (l) => (await import('/js/i18n.js')).setLang(l), lang);
}

/** saves a full-page PNG as $IPPON_BUILD_DIR/artifacts/browser/<name>.png; returns the path */
export async function screenshot(page, name) {
  await fs.mkdir(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * a TCP relay in front of the server, so a test can cut the page's network: the page opens
 * line.url; cut() destroys every relayed connection at once (the page's WebSocket closes as on a
 * lost network, code 1006); with { refuse: true } later connections are closed as soon as they
 * arrive until mend(). line.attempts holds the time (ms) of every connection made to the relay.
 */
export async function startLine(serverPort) {
  const open = new Set();
  const line = { attempts: [], refusing: false };
  const relay = net.createServer((client) => {
    line.attempts.push(Date.now());
    if (line.refusing) {
      client.destroy();
      return;
    }
    const upstream = net.connect(serverPort, '127.0.0.1');
    const pair = { client, upstream };
    open.add(pair);
    const end = () => {
      open.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
  });
  await new Promise((resolve, reject) => relay.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = relay.address();
  return Object.assign(line, {
    url: `http://127.0.0.1:${port}`,
    port,
    /** drops every open connection; refuse: also close new ones until mend() */
    cut({ refuse = false } = {}) {
      line.refusing = refuse;
      for (const { client, upstream } of [...open]) {
        client.destroy();
        upstream.destroy();
      }
    },
    mend() {
      line.refusing = false;
    },
    close() {
      line.cut();
      return new Promise((resolve) => relay.close(() => resolve()));
    },
  });
}

/**
 * a new guest plays one match to its end over the WebSocket, without a browser: queues for
 * `mode` (bots fill at once, one human ranks) or, with practice, sits at a practice table; on
 * each ask it takes the first of `prefer` it is offered, else plays to win (ws_player's choose,
 * from the tiles it was sent). Resolves when the
 * finished match is stored (GET /api/matches/ID answers) with { id, user, ranked }.
 */
export async function playOverSocket(port, { mode = '4p', practice = false, prefer = ['tsumo', 'ron', 'kita'] } = {}) {
  const guest = await request(port, { method: 'POST', path: '/api/auth/guest', body: '{}' });
  const { token } = JSON.parse(guest.body);
  const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, 'ippon.v1');
  await new Promise((resolve, reject) => { ws.on('open', resolve); ws.on('error', reject); });
  let found = null, user = null;
  const hand = new HandSeen();
  const ended = new Promise((resolve) => {
    ws.on('message', (d) => {
      const m = JSON.parse(String(d));
      hand.see(m);
      if (m.type === 'welcome') {
        user = m.user;
        ws.send(JSON.stringify({ type: practice ? 'practice' : 'queue', mode }));
      }
      if (m.type === 'match_found') {
        found = m;
        ws.send(JSON.stringify({ type: 'contribute', bytes: randomBytes(32).toString('hex') }));
      }
      if (m.type === 'ask') {
        ws.send(JSON.stringify({ type: 'act', seq: m.seq, action: choose(m.options, prefer, hand) }));
      }
      if (m.type === 'event' && m.event.type === 'match_end') resolve();
    });
  });
  ws.send(JSON.stringify({ type: 'hello', v: 1, token }));
  await withDeadline(ended, 90_000, `the ${practice ? 'practice' : 'ranked'} ${mode} match to end`);
  ws.close();
  await storedMatch(port, found.table); // the store writes finished matches a moment after match_end
  return { id: found.table, user, ranked: found.ranked };
}
