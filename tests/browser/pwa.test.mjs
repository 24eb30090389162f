// pwa.test.mjs — ippon as an installable app (web/manifest.webmanifest, web/sw.js, web/js/device.js)
// and its reconnect after the background (web/js/ws.js), in chromium against the real server:
// - the server sends the manifest as application/manifest+json and a Content-Security-Policy that
//   lets the page load it and its worker (manifest-src, worker-src 'self'), the same policy and
//   security headers on every answer (a page, the API, a 404);
// - chromium finds the page installable (CDP Page.getInstallabilityErrors: none) and reads the
//   manifest's name, start URL, standalone display and icons, whose PNGs load at 192 and 512 px;
// - the service worker is activated and, after a reload, controls the page; the static files come
//   from it and its cache while no /api/ request does, and no /api/ answer is ever in its cache;
//   with the server out of reach, the page's modules still load from the cache;
// - seated at a practice table the screen is kept on (a wake lock taken, and let go at the match's
//   end), each new ask vibrates once while the page is visible and not while it is hidden;
// - a page whose socket was cut while it was hidden, its back-off already 4 s long, is greeted
//   again within 2 s of being shown (the time is printed).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { chromium } from 'playwright-core';
import { tempDir } from '../integration/harness.mjs';
import { CHROMIUM, siteAndBrowser, openPage, assertNoProblems, screenshot } from './browser.mjs';
import { watchAsks, playToEnd, practiceUnderWay } from './player.mjs';

const REFUSED = /^(console: WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws' failed|console: Failed to load resource|request failed: .*ERR_(CONNECTION|EMPTY_RESPONSE|FAILED|SOCKET_NOT_CONNECTED))/;

/** the page hidden or shown as a phone would, with its visibilitychange (headless chromium is always visible) */
function setVisible(page, on) {
  return page.evaluate((visible) => {
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (visible ? 'visible' : 'hidden') });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => !visible });
    document.dispatchEvent(new Event('visibilitychange'));
  }, on);
}

/** the device's features recorded instead of used: wake locks taken and let go, vibrations */
function recordDevice(page) {
  return page.addInitScript(() => {
    const seen = { locks: 0, released: 0, vibrations: [] };
    window.deviceSeen = seen;
    const held = new Set(); // as browsers do, a hidden page loses its wake locks
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') for (const s of [...held]) s.release();
    });
    Object.defineProperty(navigator, 'wakeLock', { configurable: true, value: {
      async request(type) {
        if (type !== 'screen') throw new TypeError(type);
        seen.locks++;
        const sentinel = new EventTarget();
        sentinel.released = false;
        held.add(sentinel);
        sentinel.release = async () => {
          if (sentinel.released) return;
          sentinel.released = true;
          held.delete(sentinel);
          seen.released++;
          sentinel.dispatchEvent(new Event('release'));
        };
        return sentinel;
      },
    } });
    navigator.vibrate = (pattern) => { seen.vibrations.push({ pattern, visible: document.visibilityState }); return true; };
  });
}

const deviceSeen = (page) => page.evaluate(() => ({ ...window.deviceSeen, vibrations: [...window.deviceSeen.vibrations] }));
const connState = (page) => page.evaluate(async () => (await import('/js/play.js')).play.conn);

describe('installable: the manifest and the service worker', () => {
  const env = siteAndBrowser({ clock_move_ms: 60_000, clock_bank_ms: 300_000 }, { line: true });

  test('the server sends the manifest and a policy that allows it and the worker', async () => {
    const manifest = await fetch(`${env.site.url}/manifest.webmanifest`);
    assert.equal(manifest.status, 200);
    assert.match(manifest.headers.get('content-type'), /^application\/manifest\+json/);
    const csp = manifest.headers.get('content-security-policy');
    assert.match(csp, /manifest-src 'self'/);
    assert.match(csp, /worker-src 'self'/);
    assert.match(csp, /default-src 'none'/, 'everything else still refused');
    assert.match(csp, /script-src 'self';/, 'scripts from this origin only');
    // the rest of the security headers as before, on every kind of answer (a page, the API, a 404)
    for (const path of ['/', '/api/health', '/no-such-file.js']) {
      const r = await fetch(`${env.site.url}${path}`);
      assert.equal(r.headers.get('content-security-policy'), csp, `${path}: the same policy`);
      assert.equal(r.headers.get('x-content-type-options'), 'nosniff', path);
      assert.equal(r.headers.get('x-frame-options'), 'deny', path);
      assert.equal(r.headers.get('referrer-policy'), 'no-referrer', path);
    }
    assert.match(csp, /frame-ancestors 'none'/);
    const worker = await fetch(`${env.site.url}/sw.js`);
    assert.equal(worker.status, 200);
    assert.match(worker.headers.get('content-type'), /^text\/javascript/);
    for (const [file, size] of [['icon-192.png', 192], ['icon-512.png', 512], ['icon-maskable-512.png', 512]]) {
      const icon = await fetch(`${env.site.url}/icons/${file}`);
      assert.equal(icon.status, 200, file);
      assert.equal(icon.headers.get('content-type'), 'image/png', file);
      const png = Buffer.from(await icon.arrayBuffer());
      assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [size, size], `${file}: ${size}×${size}`);
    }
  });

  test('chromium finds the page installable, and the worker serves the static files, never the API', async () => {
    // a profile of its own: chromium installs nothing from an incognito context (as newContext's are)
    const profile = await tempDir();
    const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true,
      args: ['--no-sandbox', '--disable-gpu'], viewport: { width: 1280, height: 900 }, locale: 'en-US' });
    const page = context.pages()[0] ?? await context.newPage();
    page.problems = [];
    page.on('console', (msg) => { if (msg.type() === 'error') page.problems.push(`console: ${msg.text()}`); });
    page.on('pageerror', (err) => page.problems.push(`page error: ${err.message}`));
    await page.goto(env.site.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    const cdp = await page.context().newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'no installability errors');
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    assert.equal(url, `${env.site.url}/manifest.webmanifest`);
    assert.deepEqual(errors, []);
    const m = JSON.parse(data);
    assert.equal(m.short_name, 'ippon');
    assert.match(m.name, /^ippon/);
    assert.equal(m.start_url, '/');
    assert.equal(m.scope, '/');
    assert.equal(m.display, 'standalone');
    for (const size of ['192x192', '512x512'])
      assert.ok(m.icons.some((i) => i.sizes === size && i.type === 'image/png' && i.purpose === 'any'), `a ${size} PNG icon`);
    assert.ok(m.icons.some((i) => i.purpose === 'maskable'), 'a maskable icon');
    assert.ok(m.icons.some((i) => i.type === 'image/svg+xml'), 'an SVG icon');
    const drawn = await page.evaluate((icons) => Promise.all(icons.map(async (i) => {
      const img = new Image();
      img.src = i.src;
      await img.decode();
      return `${img.naturalWidth}x${img.naturalHeight}`;
    })), m.icons.filter((i) => i.type === 'image/png'));
    assert.deepEqual(drawn, m.icons.filter((i) => i.type === 'image/png').map((i) => i.sizes), 'each PNG icon loads at its size');

    // reloaded: the worker controls the page, the static files come through it, the API does not
    const responses = [];
    page.on('response', (r) => responses.push({ path: new URL(r.url()).pathname, sw: r.fromServiceWorker() }));
    await page.reload();
    await page.locator('[data-kind="practice"][data-mode="4p"]').waitFor();
    assert.equal(await page.evaluate(() => navigator.serviceWorker.controller?.state), 'activated');
    const statics = responses.filter((r) => !r.path.startsWith('/api/'));
    for (const path of ['/', '/style.css', '/js/app.js', '/js/lobby.js', '/js/i18n.js'])
      assert.ok(statics.some((r) => r.path === path && r.sw), `${path} from the worker`);
    await page.locator('[data-kind="practice"][data-mode="4p"]').click(); // a guest session, a table: the API
    await page.locator('.table-page').waitFor();
    const api = responses.filter((r) => r.path.startsWith('/api/'));
    assert.ok(api.length >= 1, 'the page asked the API');
    assert.deepEqual(api.filter((r) => r.sw), [], 'no API answer from the worker');
    const cached = await page.evaluate(async () => {
      const names = await caches.keys();
      const paths = [];
      for (const name of names) for (const req of await (await caches.open(name)).keys()) paths.push(new URL(req.url).pathname);
      return { names, paths };
    });
    assert.equal(cached.names.length, 1, 'one cache, of this version');
    assert.match(cached.names[0], /^ippon-static-/);
    for (const path of ['/', '/manifest.webmanifest', '/icons/icon-512.png', '/js/app.js', '/js/table.js', '/table.css'])
      assert.ok(cached.paths.includes(path), `${path} cached`);
    assert.deepEqual(cached.paths.filter((p) => /^\/(api|ws)(\/|$)/.test(p)), [], 'nothing of the API or the socket cached');
    assertNoProblems(page);
    await context.close();
    await fs.rm(profile, { recursive: true, force: true });
  });

  test('with the server out of reach, the page still loads from the cache', async () => {
    const page = await openPage(env.browser, env.line.url);
    await page.evaluate(() => navigator.serviceWorker.ready);
    await page.reload();
    await page.locator('[data-kind="practice"][data-mode="4p"]').waitFor(); // the lobby's modules, cached now
    env.line.cut({ refuse: true });
    await page.reload();
    assert.equal(await page.evaluate(async () => (await import('/js/i18n.js')).t('nav.play')), 'Play', 'the modules load');
    assert.equal(await page.locator('header.site .brand').count(), 1, 'the page is the app\'s');
    env.line.mend();
    assert.deepEqual(page.problems.filter((p) => !REFUSED.test(p)), [], 'only the refused connections');
    await page.context().close();
  });
});

describe('at the table on a phone: screen on, a vibration on each ask, back from the background at once', () => {
  const env = siteAndBrowser({ clock_move_ms: 60_000, clock_bank_ms: 300_000 }, { line: true });

  test('wake lock while seated, vibrations while visible, a reconnect within 2 s of being shown', async () => {
    const page = await openPage(env.browser, null, { viewport: { width: 844, height: 390 }, touch: true });
    await recordDevice(page);
    const asks = watchAsks(page);
    await page.goto(env.line.url);
    assert.deepEqual(await deviceSeen(page), { locks: 0, released: 0, vibrations: [] }, 'nothing in the lobby');
    await practiceUnderWay(page, { discards: 1 });
    let seen = await deviceSeen(page);
    assert.equal(seen.locks - seen.released, 1, 'one wake lock held at the table');
    assert.ok(seen.vibrations.length >= 1, 'a vibration for an ask');
    assert.ok(seen.vibrations.length <= asks.size, `no more vibrations (${seen.vibrations.length}) than asks (${asks.size})`);
    assert.ok(seen.vibrations.every((v) => v.visible === 'visible' && v.pattern > 0 && v.pattern <= 200), 'short pulses, while visible');

    // hidden: the next ask does not vibrate; shown again: the lock is asked for again
    await setVisible(page, false);
    const before = seen.vibrations.length;
    const seq = await page.locator('.actions').getAttribute('data-seq');
    await page.locator('.table-page.my-turn .hand-tile.ok').last().click();
    await page.waitForFunction((s) => document.querySelector('.match-end')
      || (document.querySelector('.actions')?.dataset.seq && document.querySelector('.actions').dataset.seq !== s), seq);
    seen = await deviceSeen(page);
    assert.equal(seen.vibrations.length, before, 'no vibration while hidden');

    // hidden, the line is cut and refuses the page three times: the back-off reaches 4 s
    const sockets = [];
    page.on('websocket', () => sockets.push(Date.now()));
    env.line.cut({ refuse: true });
    await page.waitForFunction(() => document.querySelector('.table-top .badge.warn'));
    const deadline = Date.now() + 15_000;
    while (sockets.length < 3 && Date.now() < deadline) await page.waitForTimeout(50);
    assert.ok(sockets.length >= 3, `three refused attempts (${sockets.length})`);
    env.line.mend();
    const shown = Date.now();
    await setVisible(page, true);
    await page.waitForFunction(async () => (await import('/js/play.js')).play.conn === 'open', null, { timeout: 10_000 });
    const ms = Date.now() - shown;
    console.log(`# greeted again ${ms} ms after the page was shown (back-off at ${sockets.length} refused attempts)`);
    assert.ok(ms <= 2000, `reconnected within 2 s of being shown (${ms} ms)`);
    // and stays connected (once, under a loaded CI run, the state read 'connecting' just after the
    // welcome: the socket was made again at once; it must be open again within 2 s)
    await page.waitForFunction(async () => (await import('/js/play.js')).play.conn === 'open', null, { timeout: 2_000 });
    assert.equal(await connState(page), 'open');
    seen = await deviceSeen(page);
    assert.equal(seen.locks, 2, 'the wake lock asked for again once shown (hidden, the page lost it)');
    assert.equal(seen.locks - seen.released, 1, 'and held');
    await screenshot(page, 'pwa-phone-table');

    // the match played to its end: the lock is let go
    await playToEnd(page, asks);
    seen = await deviceSeen(page);
    assert.equal(seen.locks - seen.released, 0, 'no wake lock once the match is over');
    assert.deepEqual(page.problems.filter((p) => !REFUSED.test(p)), [], 'only the refused connections');
    await page.context().close();
  });
});
