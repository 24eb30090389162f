// events.test.mjs — events (tournaments) over REST, against the real `ippon` binary
// (src/server/EVENTS.md "REST"): an administrator makes a site event, a registered user a club
// event within the club limits (event_club_open, event_club_per_day); the list's filters and
// paging; registration by code, list and cap, withdrawal, check-in's window; the organiser's
// moves and announcements, each with its audit row; who may do what (401, 403, 404, 400, 409);
// the rounds, standings, standings.csv and logs an event shows before its runner plays a round (the
// rounds' writes and the standings from stored matches: tests/unit/test_server_events.c).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_HASH, api, assertError, serveWithAdmin, shutdown } from './harness.mjs';

const HOUR = 3600_000;

describe('events', () => {
  let server, port, admin;
  let n = 0;
  const fresh = (p) => `${p}${Date.now() % 100000}${n++}`;
  const account = async (display_name) => {
    const username = fresh('ev');
    const r = await api(port, 'POST', '/api/auth/register', { body: { username, password: 'Aozora-kite-19', display_name: display_name ?? username } });
    assert.equal(r.status, 201, r.raw);
    return r.json;
  };
  const as = (who, method, path, body) => api(port, method, path, { body, token: who.token });
  const event = (extra = {}) => ({ name: fresh('Cup'), mode: '4p', rounds: 3, starts_at: Date.now() + 2 * HOUR, ...extra });

  before(async () => {
    ({ server, port, admin } = await serveWithAdmin({ ...FAST_HASH, signups_per_address: 1000, guests_per_address: 1000,
      event_club_open: 2, event_club_per_day: 3 }));
  });
  after(async () => { await shutdown(server); });

  test('an administrator makes a site event; anyone reads it and finds it in the list', async () => {
    const made = await as(admin, 'POST', '/api/events', event({ kind: 'site', name: '春の段位戦', description: '四人打ち',
      seating: 'swiss', duplicate: true, cap: 8 }));
    assert.equal(made.status, 201, made.raw);
    const ev = made.json;
    assert.match(ev.id, /^[0-9a-f]{32}$/);
    assert.equal(ev.name, '春の段位戦');
    assert.equal(ev.kind, 'site');
    assert.equal(ev.status, 'registration');
    assert.equal(ev.seating, 'swiss');
    assert.equal(ev.duplicate, true);
    assert.equal(ev.cap, 8);
    assert.equal(ev.checkin_minutes, 15); // defaults
    assert.equal(ev.fill, 'bots');
    assert.equal(ev.round, 0);
    assert.deepEqual(ev.organiser, { id: admin.user.id, display_name: admin.user.display_name });
    assert.deepEqual(ev.entrants, []);
    assert.equal(ev.me, null);

    const got = await api(port, 'GET', `/api/events/${ev.id}`);
    assert.equal(got.status, 200, got.raw);
    assert.equal(got.json.description, '四人打ち');
    const list = await api(port, 'GET', '/api/events?status=upcoming&kind=site');
    assert.equal(list.status, 200, list.raw);
    assert.ok(list.json.events.some((e) => e.id === ev.id && e.entrants === 0 && e.name === '春の段位戦'));
    const clubs = await api(port, 'GET', '/api/events?kind=club');
    assert.ok(!clubs.json.events.some((e) => e.id === ev.id));
    const audit = await as(admin, 'GET', '/api/admin/audit?action=event_create&limit=5');
    assert.ok(audit.json.entries.some((a) => a.target === ev.id && a.admin_id === admin.user.id), audit.raw);
  });

  test('who may make an event, and every bad field named', async () => {
    assertError(await api(port, 'POST', '/api/events', { body: event() }), 401, 'unauthorized');
    const guest = (await api(port, 'POST', '/api/auth/guest', { body: {} })).json;
    assertError(await as(guest, 'POST', '/api/events', event()), 403, 'not_registered');
    const user = await account();
    assertError(await as(user, 'POST', '/api/events', event({ kind: 'site' })), 403, 'not_admin');
    const bad = await as(user, 'POST', '/api/events', { name: '', mode: '5p', rounds: 21, starts_at: Date.now() - 1000,
      entry: 'code', cap: 1, colour: 'red', round_start: 'times' });
    assertError(bad, 400, 'bad_request');
    for (const field of ['name', 'mode', 'rounds', 'starts_at', 'entry_code', 'cap', 'colour'])
      assert.ok(field in bad.json.error.fields, `${field} in ${bad.raw}`);
    assertError(await as(user, 'POST', '/api/events', event({ round_start: 'times', round_times: [1] })), 400, 'bad_request', 'round_times');
    assertError(await as(user, 'POST', '/api/events', event({ entry: 'list' })), 400, 'bad_request', 'entry_list');
    assertError(await as(user, 'POST', '/api/events', event({ entry_min: 3 })), 400, 'bad_request', 'entry_min');
    const timed = await as(user, 'POST', '/api/events', event({ rounds: 2, round_start: 'times', round_times: [Date.now() + 3 * HOUR] }));
    assert.equal(timed.status, 201, timed.raw);
    assert.equal(timed.json.kind, 'club');
    assert.equal(timed.json.round_times.length, 1);
  });

  test('a club organiser has limits: open events, and events a day', async () => {
    const user = await account();
    const ids = [];
    for (let i = 0; i < 2; i++) {
      const r = await as(user, 'POST', '/api/events', event());
      assert.equal(r.status, 201, r.raw);
      ids.push(r.json.id);
    }
    assertError(await as(user, 'POST', '/api/events', event()), 409, 'too_many_events');
    const cancelled = await as(user, 'POST', `/api/events/${ids[0]}/cancel`, { reason: 'too few players' });
    assert.equal(cancelled.status, 200, cancelled.raw);
    assert.equal(cancelled.json.status, 'cancelled');
    assert.equal((await as(user, 'POST', '/api/events', event())).status, 201); // the third today
    await as(user, 'POST', `/api/events/${ids[1]}/cancel`, {});
    const fourth = await as(user, 'POST', '/api/events', event());
    assertError(fourth, 409, 'too_many_events');
    assert.match(fourth.json.error.message, /24 hours/);
    // site events are not counted against anyone
    for (let i = 0; i < 3; i++)
      assert.equal((await as(admin, 'POST', '/api/events', event({ kind: 'site' }))).status, 201);
  });

  test('registration: open, code, list, cap and closed; withdrawal; the entrants in order', async () => {
    const org = await account();
    const open = (await as(org, 'POST', '/api/events', event({ cap: 2 }))).json;
    const [a, b, c] = [await account('たろう'), await account(), await account()];
    const r1 = await as(a, 'POST', `/api/events/${open.id}/register`);
    assert.equal(r1.status, 200, r1.raw);
    assert.deepEqual(r1.json.me, { status: 'registered', checked_in: false });
    assertError(await as(a, 'POST', `/api/events/${open.id}/register`), 409, 'already_registered');
    assert.equal((await as(b, 'POST', `/api/events/${open.id}/register`)).status, 200);
    assertError(await as(c, 'POST', `/api/events/${open.id}/register`), 409, 'full');
    const w = await as(a, 'POST', `/api/events/${open.id}/withdraw`);
    assert.equal(w.status, 200, w.raw);
    assert.equal(w.json.me.status, 'withdrawn');
    assertError(await as(a, 'POST', `/api/events/${open.id}/withdraw`), 409, 'not_entrant');
    assert.equal((await as(c, 'POST', `/api/events/${open.id}/register`)).status, 200);
    const seen = (await as(c, 'GET', `/api/events/${open.id}`)).json;
    assert.deepEqual(seen.entrants.map((e) => [e.user.display_name, e.status]),
      [['たろう', 'withdrawn'], [b.user.display_name, 'registered'], [c.user.display_name, 'registered']]);
    assert.equal(seen.entrants[0].user.id, a.user.id);
    assert.deepEqual(seen.me, { status: 'registered', checked_in: false });
    const summary = (await api(port, 'GET', `/api/events?status=upcoming&kind=club&limit=100`)).json.events.find((e) => e.id === open.id);
    assert.equal(summary.entrants, 2);

    const coded = (await as(org, 'POST', '/api/events', event({ entry: 'code', entry_code: 'hanami' }))).json;
    assert.equal(coded.entry_code, undefined);
    assert.ok(!JSON.stringify(coded).includes('hanami'));
    assertError(await as(a, 'POST', `/api/events/${coded.id}/register`), 403, 'bad_code');
    assertError(await as(a, 'POST', `/api/events/${coded.id}/register`, { code: 'sakura' }), 403, 'bad_code');
    assert.equal((await as(a, 'POST', `/api/events/${coded.id}/register`, { code: 'hanami' })).status, 200);

    const org2 = await account();
    const listed = (await as(org2, 'POST', '/api/events', event({ entry: 'list', entry_list: ['たろう', b.user.id] }))).json;
    assert.deepEqual(listed.entry_list, ['たろう', b.user.id]);
    assert.equal((await as(a, 'POST', `/api/events/${listed.id}/register`)).status, 200); // by name
    assert.equal((await as(b, 'POST', `/api/events/${listed.id}/register`)).status, 200); // by id
    assertError(await as(c, 'POST', `/api/events/${listed.id}/register`), 403, 'not_allowed');

    const dan = (await as(org2, 'POST', '/api/events', event({ entry: 'min_dan', entry_min: 10 }))).json;
    assertError(await as(c, 'POST', `/api/events/${dan.id}/register`), 403, 'not_allowed'); // a new player is Novice
    const novices = (await as(admin, 'POST', '/api/events', event({ kind: 'site', entry: 'min_dan', entry_min: 0 }))).json;
    assert.equal((await as(c, 'POST', `/api/events/${novices.id}/register`)).status, 200);

    await as(org, 'POST', `/api/events/${coded.id}/cancel`);
    assertError(await as(b, 'POST', `/api/events/${coded.id}/register`, { code: 'hanami' }), 409, 'closed');
  });

  test('check-in opens checkin_minutes before the start', async () => {
    const org = await account();
    const later = (await as(org, 'POST', '/api/events', event())).json;
    const soon = (await as(org, 'POST', '/api/events', event({ starts_at: Date.now() + 10 * 60_000 }))).json;
    const p = await account();
    await as(p, 'POST', `/api/events/${later.id}/register`);
    assertError(await as(p, 'POST', `/api/events/${later.id}/checkin`), 409, 'not_open');
    assertError(await as(p, 'POST', `/api/events/${soon.id}/checkin`), 409, 'not_entrant');
    const late = await as(p, 'POST', `/api/events/${soon.id}/register`); // registering in the window checks in too
    assert.deepEqual(late.json.me, { status: 'registered', checked_in: true });
    const q = await account();
    await as(q, 'POST', `/api/events/${later.id}/register`);
    const byOrg = await as(org, 'POST', `/api/events/${later.id}/entrants/${q.user.id}/checkin`, { reason: 'at the venue' });
    assert.equal(byOrg.status, 200, byOrg.raw);
    assert.equal(byOrg.json.entrants.find((e) => e.user.id === q.user.id).checked_in, true);
  });

  test('the organiser moves the event, announces and removes entrants, each audited; others may not', async () => {
    const org = await account();
    const ev = (await as(org, 'POST', '/api/events', event())).json;
    const p = await account();
    const other = await account();
    await as(p, 'POST', `/api/events/${ev.id}/register`);

    assertError(await api(port, 'POST', `/api/events/${ev.id}/start`), 401, 'unauthorized');
    assertError(await as(other, 'POST', `/api/events/${ev.id}/start`), 403, 'not_organiser');
    assertError(await as(other, 'PATCH', `/api/events/${ev.id}`, { cap: 4 }), 403, 'not_organiser');
    assertError(await as(org, 'POST', `/api/events/${'0'.repeat(32)}/start`), 404, 'not_found');
    assertError(await as(org, 'POST', '/api/events/nope/start'), 400, 'bad_request', 'id');
    assertError(await as(org, 'POST', `/api/events/${ev.id}/pause`), 409, 'bad_status');
    assertError(await as(org, 'POST', `/api/events/${ev.id}/start`, { colour: 1 }), 400, 'bad_request', 'colour');

    const changed = await as(org, 'PATCH', `/api/events/${ev.id}`, { cap: 4, name: '夏の陣' });
    assert.equal(changed.status, 200, changed.raw);
    assert.equal(changed.json.cap, 4);
    assert.equal(changed.json.name, '夏の陣');
    assert.equal(changed.json.mode, '4p'); // kept

    const said = await as(org, 'POST', `/api/events/${ev.id}/announce`, { text: '第一回戦は21時から' });
    assert.equal(said.status, 200, said.raw);
    assert.equal(said.json.announcement, '第一回戦は21時から');
    assertError(await as(org, 'POST', `/api/events/${ev.id}/announce`, {}), 400, 'bad_request', 'text');

    const started = await as(org, 'POST', `/api/events/${ev.id}/start`);
    assert.equal(started.status, 200, started.raw);
    assert.equal(started.json.status, 'running');
    assert.equal(started.json.round, 0, 'no round seated yet: the runner seats round 1 (one entrant, not checked in: it waits)');
    assertError(await as(org, 'PATCH', `/api/events/${ev.id}`, { cap: 8 }), 409, 'bad_status');
    assertError(await as(other, 'POST', `/api/events/${ev.id}/register`), 409, 'closed');
    assert.equal((await as(org, 'POST', `/api/events/${ev.id}/pause`)).json.status, 'paused');
    assert.equal((await as(org, 'POST', `/api/events/${ev.id}/resume`)).json.status, 'running');
    const removed = await as(org, 'POST', `/api/events/${ev.id}/entrants/${p.user.id}/remove`, { reason: 'no-show' });
    assert.equal(removed.status, 200, removed.raw);
    assert.equal(removed.json.entrants[0].status, 'removed');
    assertError(await as(org, 'POST', `/api/events/${ev.id}/entrants/${other.user.id}/remove`), 409, 'not_entrant');
    assertError(await as(org, 'POST', `/api/events/${ev.id}/entrants/zz/remove`), 400, 'bad_request', 'user');
    // an administrator may act for any organiser
    const ended = await as(admin, 'POST', `/api/events/${ev.id}/end`);
    assert.equal(ended.status, 200, ended.raw);
    assert.equal(ended.json.status, 'finished');
    assertError(await as(org, 'POST', `/api/events/${ev.id}/cancel`), 409, 'bad_status');

    const audit = await as(admin, 'GET', '/api/admin/audit?limit=100');
    const rows = audit.json.entries.filter((a) => a.target === ev.id).reverse();
    assert.deepEqual(rows.map((a) => a.action), ['event_create', 'event_change', 'event_announce', 'event_start',
      'event_pause', 'event_resume', 'event_remove', 'event_end']);
    assert.equal(rows[6].reason, 'no-show');
    assert.equal(rows[6].detail.user, p.user.id);
    assert.equal(rows[7].admin_id, admin.user.id);
    assert.equal(rows[3].admin_id, org.user.id);
    assert.deepEqual(rows[3].detail, { from: 'registration', to: 'running' });
  });

  test('the rounds, the standings, their CSV and the logs before any round is played', async () => {
    const org = await account();
    const ev = (await as(org, 'POST', '/api/events', event({ rounds: 2 }))).json;
    const p = await account(fresh('雀士'));
    const q = await account();
    assert.equal((await as(p, 'POST', `/api/events/${ev.id}/register`, {})).status, 200);
    assert.equal((await as(q, 'POST', `/api/events/${ev.id}/register`, {})).status, 200);
    const got = (await api(port, 'GET', `/api/events/${ev.id}`)).json;
    assert.equal(got.rounds, 2); // the number of rounds; the rounds themselves are round_list
    assert.deepEqual(got.round_list, []);
    // no results yet: everyone at 0, ranked by registration, one null result per round
    assert.deepEqual(got.standings.map((r) => [r.rank, r.user.id, r.total, r.played, r.best, r.results]),
      [[1, p.user.id, 0, 0, null, [null, null]], [2, q.user.id, 0, 0, null, [null, null]]]);

    const csv = await api(port, 'GET', `/api/events/${ev.id}/standings.csv`);
    assert.equal(csv.status, 200, csv.raw);
    assert.match(csv.headers['content-type'], /^text\/csv; charset=utf-8/);
    assert.match(csv.headers['content-disposition'], new RegExp(`attachment; filename="event-${ev.id}-standings.csv"`));
    assert.match(p.user.display_name, /^雀士/); // UTF-8 as it is (the quoting: tests/unit/test_server_events.c)
    assert.equal(csv.raw, 'rank,name,user_id,total,played,tops,best,lasts,round_1,round_2\r\n' +
      `1,${p.user.display_name},${p.user.id},0,0,0,,0,,\r\n2,${q.user.display_name},${q.user.id},0,0,0,,0,,\r\n`);

    for (const format of ['tenhou', 'mjai']) {
      const logs = await api(port, 'GET', `/api/events/${ev.id}/logs?format=${format}`);
      assert.equal(logs.status, 200, logs.raw);
      assert.match(logs.headers['content-type'], /^application\/x-ndjson/);
      assert.equal(logs.raw, ''); // no table's match is stored yet
    }
    assertError(await api(port, 'GET', `/api/events/${ev.id}/logs`), 400, 'bad_request', 'format');
    assertError(await api(port, 'GET', `/api/events/${ev.id}/logs?format=json`), 400, 'bad_request', 'format');
    assertError(await api(port, 'GET', `/api/events/${ev.id}/logs?format=mjai&round=21`), 400, 'bad_request', 'round');
    assertError(await api(port, 'GET', `/api/events/${'0'.repeat(32)}/standings.csv`), 404, 'not_found');
    assertError(await api(port, 'GET', '/api/events/nope/logs?format=tenhou'), 400, 'bad_request', 'id');
  });

  test('the list filters and pages', async () => {
    assertError(await api(port, 'GET', '/api/events?status=soon'), 400, 'bad_request', 'status');
    assertError(await api(port, 'GET', '/api/events?kind=guild'), 400, 'bad_request', 'kind');
    assertError(await api(port, 'GET', '/api/events?limit=0'), 400, 'bad_request', 'limit');
    const all = (await api(port, 'GET', '/api/events?limit=100')).json;
    assert.equal(typeof all.total, 'number', JSON.stringify(all));
    assert.ok(all.total >= 10);
    const p1 = (await api(port, 'GET', '/api/events?limit=3&page=1')).json;
    const p2 = (await api(port, 'GET', '/api/events?limit=3&page=2')).json;
    assert.equal(p1.events.length, 3);
    assert.equal(p1.total, all.total);
    assert.deepEqual([...p1.events, ...p2.events].map((e) => e.id), all.events.slice(0, 6).map((e) => e.id));
    const finished = (await api(port, 'GET', '/api/events?status=finished&limit=100')).json;
    assert.ok(finished.events.length > 0 && finished.events.every((e) => ['finished', 'cancelled'].includes(e.status)));
    const running = (await api(port, 'GET', '/api/events?status=running')).json;
    assert.ok(running.events.every((e) => ['running', 'paused'].includes(e.status)));
  });
});
