// events.test.mjs — the events' pages (web/js/events*.js) in the browser, in English and
// Japanese at 1366×768 and 390×844. The players are real accounts of the real server (its
// sessions); the events' REST is answered by a small store written here from src/server/EVENTS.md
// ("REST"), which records every request so the test checks what the page sent. An entrant finds
// the event in the list, is refused with a wrong code and told so, registers with the right one,
// checks in once check-in opens, and sees the rules, the entrants, the rounds (watch and match
// links, the commitment and the revealed secret) and the standings with each round's result; the
// organiser sees the entry code and Start / Cancel (asked again with a reason), announces, and
// removes an entrant with a reason. The creation form checks its fields in the page and shows the
// server's 400 fields beside theirs, then opens the new event. Socket messages (`event_seated`,
// `event_announcement`) show as toasts wherever the player is. Nothing scrolls the page sideways.
// Screenshots: events-list-*, event-entrant-*, event-organiser-*, event-new-* (LANG-WxH).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { siteAndBrowser, openPage, assertNoProblems, screenshot, setLang } from './browser.mjs';
import { api } from '../integration/harness.mjs';

const PASSWORD = 'correct horse battery staple 9';
const EV = 'e0'.repeat(16);
const MATCH1 = 'a1'.repeat(16), MATCH2 = 'a2'.repeat(16), MATCH3 = 'a3'.repeat(16);
const COMMIT1 = 'c1'.repeat(32), SECRET1 = '5e'.repeat(32), COMMIT2 = 'c2'.repeat(32);
const STARTS = Date.UTC(2026, 11, 24, 18, 30); // 24 Dec 2026 18:30 UTC
const SIZES = [{ width: 1366, height: 768 }, { width: 390, height: 844 }];

const TEXT = {
  en: { nav: 'Events', badCode: 'That entry code is not right.', registered: 'You are registered', checkedIn: 'You are checked in',
    checkin: 'Check in', register: 'Register', start: 'Start now', cancel: 'Cancel the event', confirm: 'Confirm', announce: 'Announce',
    remove: 'Remove', date: '24 Dec 2026, 18:30', seated: 'Round 2: you are seated at table 1.', said: 'Event announcement: Round 2 in five minutes',
    required: 'Fill this in.', range: 'From 2 to 512', running: 'Running', r1: 'R1', status: 'Check-in', roundOf: 'round 2 of 2' },
  ja: { nav: '大会', badCode: '参加コードが違います。', registered: '参加登録済みです', checkedIn: 'チェックイン済みです',
    checkin: 'チェックイン', register: '参加登録', start: '今すぐ開始', cancel: '大会を中止', confirm: '確定', announce: 'お知らせを送る',
    remove: '除外', date: '2026/12/24 18:30', seated: '2回戦：1卓に着席しました。', said: '大会のお知らせ：Round 2 in five minutes',
    required: '入力してください。', range: '2～512', running: '開催中', r1: '1回戦', status: 'チェックイン', roundOf: '2/2回戦' },
};

let serial = 0;
/** a new registered account on the real server: { token, user } */
async function account(port, name) {
  serial += 1;
  const r = await api(port, 'POST', '/api/auth/register',
    { body: { username: `${name.toLowerCase()}${serial}${process.pid}`, password: PASSWORD, display_name: `${name}${serial}` } });
  assert.equal(r.status, 201, r.raw);
  return { token: r.json.token, user: { id: r.json.user.id, display_name: r.json.user.display_name } };
}

/**
 * the event's REST as EVENTS.md gives it, for one event: `state.status`, its entrants and
 * rounds; who calls is told by the bearer token. Every request lands in `sent` ({ method, path, body, who })
 */
function eventStore(org, players) {
  const byToken = new Map([org, ...players].map((a) => [a.token, a.user]));
  const [p1, p2, p3] = players.map((a) => a.user);
  const s = {
    sent: [], status: 'registration', entrants: [{ user: p2, status: 'registered', checked_in: true }, { user: p3, status: 'registered', checked_in: false }],
    announcement: '', created: null,
  };
  const seat = (n, user, extra = {}) => ({ seat: n, user, stand_in: false, bot: !user, ...extra });
  const roundList = () => (s.status === 'running' ? [
    { round: 1, status: 'done', starts_at: STARTS, commitment: COMMIT1, secret: SECRET1,
      tables: [{ table: 1, match_id: MATCH1, done: true, seats: [seat(0, p1), seat(1, p2), seat(2, p3, { stand_in: true }), seat(3, null)] }] },
    { round: 2, status: 'running', starts_at: STARTS + 1800000, commitment: COMMIT2,
      tables: [{ table: 1, match_id: MATCH2, done: false, seats: [seat(0, p2), seat(1, p1), seat(2, null), seat(3, p3)] }] },
  ] : []);
  const standings = () => (s.status === 'running' ? [
    { rank: 1, user: p2, total: 12300, played: 1, tops: 1, best: 12300, lasts: 0, results: [12300] },
    { rank: 2, user: p1, total: -2000, played: 1, tops: 0, best: -2000, lasts: 0, results: [-2000] },
    { rank: 3, user: p3, total: -10300, played: 1, tops: 0, best: -10300, lasts: 1, results: [-10300] },
  ] : []);
  const event = (who) => {
    const mine = s.entrants.find((x) => x.user.id === who?.id);
    return {
      id: EV, name: 'Winter Cup', description: 'Four rounds before the holidays.', kind: 'club', organiser: org.user, mode: '4p', rounds: 2,
      round: s.status === 'running' ? 2 : 0, starts_at: STARTS, round_start: 'when_done', break_minutes: 2, seating: 'swiss', duplicate: true,
      entry: 'code', ...(who?.id === org.user.id ? { entry_code: 'PINE42' } : {}), cap: 16, clocks: 'standard', fill: 'bots', stand_in: 'counts',
      spectators: true, watch_delay_s: 60, recurrence: null, status: s.status, announcement: s.announcement,
      entrants: s.entrants, round_list: roundList(), standings: standings(), me: mine ? { status: mine.status, checked_in: mine.checked_in } : null,
    };
  };
  const summary = () => ({ id: EV, name: 'Winter Cup', kind: 'club', mode: '4p', status: s.status, starts_at: STARTS, rounds: 2, round: 0,
    entrants: s.entrants.filter((x) => x.status === 'registered').length, cap: 16, organiser: org.user });
  s.handle = (route) => {
    const req = route.request();
    const url = new URL(req.url());
    const who = byToken.get((req.headers().authorization || '').replace(/^Bearer /, '')) || null;
    const body = req.postData() ? JSON.parse(req.postData()) : null;
    const path = url.pathname.replace(/^\/api/, '');
    s.sent.push({ method: req.method(), path, query: url.search, body, who: who?.display_name ?? null });
    const ok = (json, status = 200) => route.fulfill({ status, json });
    const fail = (status, code, fields) => route.fulfill({ status, json: { error: { code, message: code, fields } } });
    if (req.method() === 'GET' && path === '/events') {
      const upcoming = ['registration', 'checkin'].includes(s.status);
      const want = url.searchParams.get('status') || 'upcoming';
      const list = (want === 'upcoming') === upcoming && want !== 'finished' ? [summary()] : [];
      return ok({ events: list, total: list.length, page: 1, limit: 25 });
    }
    if (req.method() === 'POST' && path === '/events') {
      if (body.name === 'Taken') return fail(400, 'bad_request', { name: 'an event of yours has this name' });
      s.created = body;
      return ok({ ...event(who), id: EV, name: body.name }, 201);
    }
    if (req.method() === 'GET' && path === `/events/${EV}`) return ok(event(who));
    const act = path.slice(`/events/${EV}/`.length);
    if (act === 'register') {
      if (body.code !== 'PINE42') return fail(403, 'bad_code');
      s.entrants.push({ user: who, status: 'registered', checked_in: false });
      return ok({ me: { status: 'registered', checked_in: false } });
    }
    if (act === 'checkin') {
      if (s.status !== 'checkin') return fail(409, 'not_open');
      s.entrants.find((x) => x.user.id === who.id).checked_in = true;
      return ok({});
    }
    if (who?.id !== org.user.id) return fail(403, 'not_organiser');
    if (act === 'start') s.status = 'running';
    else if (act === 'cancel') s.status = 'cancelled';
    else if (act === 'announce') s.announcement = body.text;
    else if (/^entrants\/[^/]+\/remove$/.test(act)) s.entrants.find((x) => x.user.id === act.split('/')[1]).status = 'removed';
    else return fail(404, 'not_found');
    return ok(event(who));
  };
  return s;
}

/** a page signed in as `who`, in `lang`, whose events' REST the store answers */
async function pageAs(env, who, store, lang, viewport) {
  const page = await openPage(env.browser, null, { viewport, timezoneId: 'UTC' });
  await page.addInitScript((t) => localStorage.setItem('ippon.token', t), who.token);
  await page.route(/\/api\/events(\/|\?|$)/, store.handle);
  await page.goto(`${env.site.url}/#/about`);
  await setLang(page, lang);
  return page;
}

/** takes the browser's own log line of each refusal the test asked for (one per status) out of page.problems */
function expectRefusals(page, statuses) {
  for (const status of statuses) {
    const i = page.problems.findIndex((p) => p.includes(`status of ${status} `));
    assert.ok(i >= 0, `the browser logged the ${status} the test caused`);
    page.problems.splice(i, 1);
  }
}

const noSideways = async (page, what) =>
  assert.equal(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), true, `${what}: no sideways scroll`);

describe('the events pages', () => {
  const env = siteAndBrowser();

  for (const lang of ['en', 'ja']) {
    const x = TEXT[lang];
    for (const viewport of SIZES) {
      const size = `${lang}-${viewport.width}x${viewport.height}`;

      test(`an entrant registers with the code, checks in, sees the rounds and standings (${size})`, async () => {
        const port = env.site.port;
        const org = await account(port, 'Org');
        const players = [await account(port, 'Ema'), await account(port, 'Kai'), await account(port, 'Rio')];
        const store = eventStore(org, players);
        const page = await pageAs(env, players[0], store, lang, viewport);
        // the list, reached from the header's link
        await page.locator('#nav a[href="#/events"]', { hasText: x.nav }).click();
        const row = page.locator(`table.events-list tr[data-event="${EV}"]`);
        await row.waitFor();
        assert.equal(await row.locator('.col-starts').innerText(), x.date);
        assert.equal(await row.locator('.col-entrants').innerText(), '2 / 16');
        assert.equal(await row.locator('.col-organiser').innerText(), org.user.display_name);
        assert.equal(await page.locator('[data-kind=create-event]').count(), 1);
        await noSideways(page, 'the list');
        await screenshot(page, `events-list-${size}`);
        await row.locator('a.event-name').click();
        // a wrong code: the server's refusal said plainly; the right one registers
        await page.locator('#ev-code').fill('PINE41');
        await page.locator('[data-kind=register]').click();
        await page.locator('[data-kind=entry-error]', { hasText: x.badCode }).waitFor();
        await page.locator('#ev-code').fill('PINE42');
        await page.locator('[data-kind=register]').click();
        await page.locator('.entry-state', { hasText: x.registered }).waitFor();
        assert.deepEqual(store.sent.filter((r) => r.path.endsWith('/register')).map((r) => r.body), [{ code: 'PINE41' }, { code: 'PINE42' }]);
        assert.equal(await page.locator('[data-kind=checkin]').count(), 0, 'no check in before check-in opens');
        assert.equal(await page.locator('.event-org').count(), 0, 'no organiser panel for an entrant');
        // check-in opens: the Check in button, then checked in
        store.status = 'checkin';
        await page.reload();
        await page.locator('[data-kind=checkin]', { hasText: x.checkin }).click();
        await page.locator('.entry-state', { hasText: x.checkedIn }).waitFor();
        assert.equal(await page.locator(`tr[data-user="${players[0].user.id}"]`).getAttribute('data-checked-in'), 'true');
        // running: rounds with their tables' links and the walls' commitment and secret, the standings
        store.status = 'running';
        await page.reload();
        await page.locator('.event-standings table').waitFor();
        assert.equal(await page.locator('h1 .event-status').innerText(), x.running);
        assert.ok((await page.locator('.event-meta').innerText()).endsWith(x.roundOf), 'the round under way');
        assert.equal(await page.locator('[data-rule=rounds] dd').innerText(), '2');
        const standings = await page.locator('.event-standings tbody tr').evaluateAll((rows) => rows.map((r) => [...r.cells].map((c) => c.innerText)));
        assert.deepEqual(standings, [
          ['1', players[1].user.display_name, '+12,300', '1', '1', '+12,300', '0', '+12,300'],
          ['2', players[0].user.display_name, '−2,000', '1', '0', '−2,000', '0', '−2,000'],
          ['3', players[2].user.display_name, '−10,300', '1', '0', '−10,300', '1', '−10,300'],
        ]);
        assert.equal(await page.locator('.event-standings thead th.round-col').innerText(), x.r1);
        const r1 = page.locator('.event-round-card[data-round="1"]'), r2 = page.locator('.event-round-card[data-round="2"]');
        assert.equal(await r1.locator('a[data-kind=match]').getAttribute('href'), `#/match/${MATCH1}`);
        assert.equal(await r1.locator('code.commitment').innerText(), COMMIT1);
        assert.equal(await r1.locator('code.secret').innerText(), SECRET1);
        assert.equal(await r1.locator('.stand-in').count(), 1);
        assert.equal(await r2.locator('a[data-kind=watch]').getAttribute('href'), `#/watch/${MATCH2}`);
        assert.equal(await r2.locator('code.secret').count(), 0, 'no secret before the round is done');
        assert.equal(await page.locator('a[data-kind=csv]').getAttribute('href'), `/api/events/${EV}/standings.csv`);
        assert.equal(await page.locator('a[data-kind=logs-mjai]').count(), 0, 'the logs once finished only');
        for (const t of await page.locator('.table-scroll').all())
          assert.ok(await t.evaluate((el) => el.getBoundingClientRect().right <= window.innerWidth + 0.5), 'each table inside the window');
        await noSideways(page, 'the event page');
        await screenshot(page, `event-entrant-${size}`);
        expectRefusals(page, [403]);
        assertNoProblems(page);
        await page.context().close();
      });

      test(`the organiser: the code, start, announce, remove with a reason, cancel asked again (${size})`, async () => {
        const port = env.site.port;
        const org = await account(port, 'Org');
        const players = [await account(port, 'Ema'), await account(port, 'Kai'), await account(port, 'Rio')];
        const store = eventStore(org, players);
        store.status = 'checkin';
        const page = await pageAs(env, org, store, lang, viewport);
        await page.goto(`${env.site.url}/#/event/${EV}`);
        await page.locator('.event-org').waitFor();
        assert.equal(await page.locator('.entry-code .code').innerText(), 'PINE42');
        assert.equal(await page.locator('.event-status').first().innerText(), x.status);
        // remove an entrant: a reason is needed, then sent
        const rio = page.locator(`tr[data-user="${players[2].user.id}"]`);
        await rio.locator('[data-kind=org-remove]', { hasText: x.remove }).click();
        await rio.locator('[data-kind=confirm]').click();
        assert.equal(await rio.locator('#ev-reason').getAttribute('aria-invalid'), 'true');
        await rio.locator('#ev-reason').fill('no-show last week');
        await rio.locator('[data-kind=confirm]', { hasText: x.confirm }).click();
        await page.locator(`tr[data-user="${players[2].user.id}"] [data-kind=org-remove]`).waitFor({ state: 'detached' });
        // announce, shown on the page
        await page.locator('#ev-announce').fill('Round 2 in five minutes');
        await page.locator('[data-kind=announce]', { hasText: x.announce }).click();
        await page.locator('.event-announcement', { hasText: 'Round 2 in five minutes' }).waitFor();
        await noSideways(page, 'the organiser');
        await screenshot(page, `event-organiser-${size}`);
        // start, then cancel asked again with its reason
        await page.locator('[data-kind=event-start]', { hasText: x.start }).click();
        await page.locator('[data-kind=event-pause]').waitFor();
        await page.locator('[data-kind=event-cancel]', { hasText: x.cancel }).click();
        await page.locator('.org-confirm #ev-reason').fill('storm');
        await page.locator('.org-confirm [data-kind=confirm]').click();
        await page.locator('.event-page[data-status="cancelled"]').waitFor();
        const posts = store.sent.filter((r) => r.method === 'POST').map((r) => [r.path.slice(`/events/${EV}`.length), r.body, r.who]);
        assert.deepEqual(posts, [
          [`/entrants/${players[2].user.id}/remove`, { reason: 'no-show last week' }, org.user.display_name],
          ['/announce', { text: 'Round 2 in five minutes' }, org.user.display_name],
          ['/start', {}, org.user.display_name],
          ['/cancel', { reason: 'storm' }, org.user.display_name],
        ]);
        assertNoProblems(page);
        await page.context().close();
      });
    }

    test(`the creation form: checks in the page, the server's fields beside theirs, then the event (${lang})`, async () => {
      const port = env.site.port;
      const org = await account(port, 'Org');
      const store = eventStore(org, [await account(port, 'Ema'), await account(port, 'Kai'), await account(port, 'Rio')]);
      const page = await pageAs(env, org, store, lang, SIZES[1]);
      await page.goto(`${env.site.url}/#/events`);
      await page.locator('[data-kind=create-event]').click();
      await page.locator('form.event-form').waitFor();
      assert.equal(await page.locator('#ev-kind').count(), 0, 'the site kind only for administrators');
      await page.locator('#ev-cap').fill('1');
      await page.locator('[data-kind=create]').click();
      assert.equal(await page.locator('[data-error-for=name]').innerText(), x.required);
      assert.equal(await page.locator('[data-error-for=cap]').innerText(), x.range);
      assert.equal(store.sent.filter((r) => r.method === 'POST').length, 0, 'nothing sent while a field is wrong');
      await page.locator('#ev-cap').fill('16');
      await page.locator('#ev-entry').selectOption('code');
      await page.locator('#ev-entry_code').fill('PINE42');
      await page.locator('#ev-name').fill('Taken');
      await page.locator('[data-kind=create]').click();
      await page.locator('[data-error-for=name]', { hasText: 'an event of yours has this name' }).waitFor();
      await noSideways(page, 'the form');
      await screenshot(page, `event-new-${lang}-390x844`);
      await page.locator('#ev-name').fill('Spring Cup');
      await page.locator('[data-kind=create]').click();
      await page.waitForURL(`**/#/event/${EV}`);
      const made = store.created;
      assert.equal(made.name, 'Spring Cup');
      assert.deepEqual([made.kind, made.mode, made.rounds, made.entry, made.entry_code, made.cap, made.break_minutes, made.duplicate, made.spectators, made.watch_delay_s],
        ['club', '4p', 4, 'code', 'PINE42', 16, 2, true, true, 60]);
      assert.ok(made.starts_at > Date.now(), 'round 1 in the future');
      expectRefusals(page, [400]);
      assertNoProblems(page);
      await page.context().close();
    });

    test(`event messages over the socket show wherever the player is (${lang})`, async () => {
      const port = env.site.port;
      const org = await account(port, 'Org');
      const players = [await account(port, 'Ema'), await account(port, 'Kai'), await account(port, 'Rio')];
      const store = eventStore(org, players);
      const page = await openPage(env.browser, null, { viewport: SIZES[0], timezoneId: 'UTC' });
      let socket;
      const greeted = new Promise((resolve) => {
        page.routeWebSocket(/\/ws$/, (ws) => {
          socket = ws;
          ws.onMessage((raw) => {
            const m = JSON.parse(String(raw));
            if (m.type === 'hello') { ws.send(JSON.stringify({ type: 'welcome', v: 1, user: { ...players[0].user, guest: false }, table: null, queue: null })); resolve(); }
          });
        });
      });
      await page.addInitScript((t) => localStorage.setItem('ippon.token', t), players[0].token);
      await page.route(/\/api\/events(\/|\?|$)/, store.handle);
      await page.goto(`${env.site.url}/#/rules`);
      await setLang(page, lang);
      await greeted;
      socket.send(JSON.stringify({ type: 'event_announcement', event: EV, text: 'Round 2 in five minutes' }));
      await page.locator('#toast .toast', { hasText: x.said }).waitFor();
      // on the event page, a message for it asks the server for the event again
      await page.goto(`${env.site.url}/#/event/${EV}`);
      await page.locator('.event-rules').waitFor();
      const asked = store.sent.filter((r) => r.method === 'GET' && r.path === `/events/${EV}`).length;
      socket.send(JSON.stringify({ type: 'event_standings', event: EV, round: 1, standings: [] }));
      await page.waitForFunction(() => document.querySelector('#toast .toast'));
      await assert.doesNotReject(async () => {
        for (let i = 0; i < 50 && store.sent.filter((r) => r.method === 'GET' && r.path === `/events/${EV}`).length === asked; i++)
          await new Promise((r) => setTimeout(r, 100));
      });
      assert.ok(store.sent.filter((r) => r.method === 'GET' && r.path === `/events/${EV}`).length > asked, 'the page asked again');
      // seated: to the table
      socket.send(JSON.stringify({ type: 'event_seated', event: EV, round: 2, table: 1, match: MATCH3 }));
      await page.waitForURL('**/#/table');
      await page.locator('#toast .toast', { hasText: x.seated }).waitFor();
      await page.context().close();
    });
  }
});

describe('the events pages on the real server (its REST, i30-store)', () => {
  const env = siteAndBrowser();
  const REAL = {
    en: { badCode: 'That entry code is not right.', registered: 'You are registered', checkedIn: 'You are checked in', running: 'Running',
      paused: 'Paused', finished: 'Finished', checkedInRow: 'Checked in' },
    ja: { badCode: '参加コードが違います。', registered: '参加登録済みです', checkedIn: 'チェックイン済みです', running: '開催中',
      paused: '一時停止', finished: '終了', checkedInRow: 'チェックイン済み' },
  };
  for (const [lang, viewport] of [['en', SIZES[0]], ['ja', SIZES[1]], ['en', SIZES[1]], ['ja', SIZES[0]]]) {
    const x = REAL[lang];
    const size = `${lang}-${viewport.width}x${viewport.height}`;
    test(`made from the form, registered with its code, checked in, run by its organiser (${size})`, async () => {
      const port = env.site.port;
      const org = await account(port, 'Org'), ema = await account(port, 'Ema');
      const orgPage = await openPage(env.browser, null, { viewport });
      await orgPage.addInitScript((t) => localStorage.setItem('ippon.token', t), org.token);
      await orgPage.goto(`${env.site.url}/#/about`);
      await setLang(orgPage, lang);
      await orgPage.goto(`${env.site.url}/#/events/new`);
      await orgPage.locator('#ev-name').fill(`Cup ${size}`);
      await orgPage.locator('#ev-entry').selectOption('code');
      await orgPage.locator('#ev-entry_code').fill('PINE42');
      await orgPage.locator('[data-kind=create]').click();
      await orgPage.waitForURL(/#\/event\/[0-9a-f]{32}$/);
      const id = orgPage.url().split('/').pop();
      await orgPage.locator('[data-kind=event-start]').waitFor();
      const stored = (await api(port, 'GET', `/api/events/${id}`)).json;
      assert.deepEqual([stored.name, stored.entry, stored.mode, stored.cap, stored.status], [`Cup ${size}`, 'code', '4p', 64, 'registration']);

      // the entrant: from the list, a wrong code refused, the right one registers
      const page = await openPage(env.browser, null, { viewport });
      await page.addInitScript((t) => localStorage.setItem('ippon.token', t), ema.token);
      await page.goto(`${env.site.url}/#/about`);
      await setLang(page, lang);
      await page.goto(`${env.site.url}/#/events`);
      await page.locator(`tr[data-event="${id}"] a.event-name`).click();
      await page.locator('#ev-code').fill('PINE41');
      await page.locator('[data-kind=register]').click();
      await page.locator('[data-kind=entry-error]', { hasText: x.badCode }).waitFor();
      await page.locator('#ev-code').fill('PINE42');
      await page.locator('[data-kind=register]').click();
      await page.locator('.entry-state', { hasText: x.registered }).waitFor();
      // check-in opens (the organiser widens the window to cover round 1's time), the entrant checks in
      const patched = await api(port, 'PATCH', `/api/events/${id}`, { token: org.token, body: { checkin_minutes: 120 } });
      assert.equal(patched.status, 200, patched.raw);
      await page.reload();
      await page.locator('[data-kind=checkin]').click();
      await page.locator('.entry-state', { hasText: x.checkedIn }).waitFor();
      const me = (await api(port, 'GET', `/api/events/${id}`, { token: ema.token })).json.me;
      assert.deepEqual(me, { status: 'registered', checked_in: true });
      await noSideways(page, 'the entrant');
      await screenshot(page, `event-real-entrant-${size}`);

      // the organiser: the entrant checked in; start, pause, resume, end (asked again)
      await orgPage.reload();
      await orgPage.locator(`tr[data-user="${ema.user.id}"] .entrant-state`, { hasText: x.checkedInRow }).waitFor();
      await orgPage.locator('[data-kind=event-start]').click();
      await orgPage.locator('h1 .event-status', { hasText: x.running }).waitFor();
      await orgPage.locator('[data-kind=event-pause]').click();
      await orgPage.locator('h1 .event-status', { hasText: x.paused }).waitFor();
      await orgPage.locator('[data-kind=event-resume]').click();
      await orgPage.locator('[data-kind=event-end]').waitFor();
      await screenshot(orgPage, `event-real-organiser-${size}`);
      await orgPage.locator('[data-kind=event-end]').click();
      await orgPage.locator('.org-confirm #ev-reason').fill('done for today');
      await orgPage.locator('.org-confirm [data-kind=confirm]').click();
      await orgPage.locator('h1 .event-status', { hasText: x.finished }).waitFor();
      assert.equal(await orgPage.locator('a[data-kind=logs-tenhou]').getAttribute('href'), `/api/events/${id}/logs?format=tenhou`);
      assert.equal((await api(port, 'GET', `/api/events/${id}`)).json.status, 'finished');
      await noSideways(orgPage, 'the organiser');
      expectRefusals(page, [403]);
      assertNoProblems(page);
      assertNoProblems(orgPage);
      await page.context().close();
      await orgPage.context().close();
    });
  }
});
