// admin.test.mjs — administering the service, against the real `ippon` binary: the
// `ippon admin create` command (password from standard input; weak and empty ones refused; no
// default account), every /api/admin route refusing anyone but an administrator (401 without a
// session, 403 for a guest or a player), the live view of tables and queues with a table's public
// view (no concealed tiles), closing a table (players told, nothing ranked), bans (the user's
// WebSocket closes; login, hello and REST refused; unban lets them back), renames, voiding a match
// (it leaves the leaderboard and the profile; the record stays; an unranked match is refused; its rating is
// undone and `ippon admin ratings --recompute` finds every stored rating again), settings (checked by the
// configuration's rules, stored, applied to the next match and the lobby, kept over a restart,
// registration closed, maintenance), each action in the audit log with who, what, when and why,
// failed admin logins from one address refused (429) and logged, and /metrics in the Prometheus text format.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, adminCommand, api, assertError, configure, eventually, shutdown, startServer, stopServer, storedMatch }
  from './harness.mjs';
import { connect, playToEnd } from './ws_player.mjs';

const ADMIN_PASSWORD = 'Tsumo-Pinfu-Dora3';
const FAILS_PER_ACCOUNT = 3; // per (account, address): then 429 from that address (login_limits.h)

/** `ippon admin ...` with `input` on its standard input (a pipe, not a terminal) */
describe('administering the service', () => {
  let dir, port, proc, config;
  let admin; // { token, user }
  let n = 0;
  const fresh = (p) => `${p}${Date.now() % 100000}${n++}`;

  const guest = async () => {
    const r = await api(port, 'POST', '/api/auth/guest', { body: {} });
    assert.equal(r.status, 201, r.raw);
    return r.json;
  };
  const account = async (prefix = 'pl') => {
    const username = fresh(prefix);
    const r = await api(port, 'POST', '/api/auth/register', { body: { username, password: 'Aozora-kite-19', display_name: username } });
    assert.equal(r.status, 201, r.raw);
    return { ...r.json, username };
  };
  const as = (method, urlPath, body) => api(port, method, urlPath, { body, token: admin.token });
  const lastAudit = async (action) => {
    const r = await as('GET', `/api/admin/audit?action=${action}&limit=1`);
    assert.equal(r.status, 200, r.raw);
    return r.json.entries[0];
  };
  const assertAudited = async (action, target, reason) => {
    const e = await lastAudit(action);
    assert.ok(e, `no audit row for ${action}`);
    assert.equal(e.admin_id, admin.user.id);
    assert.equal(e.admin_name, 'boss');
    assert.equal(e.target, target);
    assert.equal(e.reason, reason);
    assert.ok(Math.abs(Date.now() - e.at) < 60_000, `audit time ${e.at}`);
    return e;
  };
  const putSettings = (values, reason = 'test') => as('PUT', '/api/admin/settings', { values, reason });

  before(async () => {
    ({ dir, port, config } = await configure({
      ...FAST_PLAY, log_level: 'info', bot_fill_after: 0.2, ranked_min_humans: 2, signups_per_address: 1000,
      login_fails_per_account_address: FAILS_PER_ACCOUNT, login_fails_per_address: 1000,
    }));
  });

  after(async () => { await shutdown({ proc, dir }); });

  test('the admin command refuses weak or empty passwords, then creates the first administrator', async () => {
    for (const [input, why] of [['', /empty/], ['\n', /empty/], ['short7!\n', /8 to 128 bytes/],
      ['abcabcabcabcabc\n', /different characters/], ['my-boss-account-1\n', /username/],
      ['administrator\n', /dictionary word/], ['123456789012\n', /simple pattern/]]) {
      const r = await adminCommand(['create', 'boss', '--config', config], input, dir);
      assert.equal(r.code, 1, r.stderr);
      assert.match(r.stderr, why);
      assert.match(r.stderr, /nothing changed/);
    }
    const usage = await adminCommand(['create', '--config', config], '', dir);
    assert.equal(usage.code, 2);
    const made = await adminCommand(['create', 'boss', '--config', config], `${ADMIN_PASSWORD}\n`, dir);
    assert.equal(made.code, 0, made.stderr);
    assert.match(made.stdout, /administrator "boss" created/);
    const again = await adminCommand(['create', 'boss', '--config', config], `${ADMIN_PASSWORD}\n`, dir);
    assert.equal(again.code, 1);
    assert.match(again.stderr, /taken/);
    // a second administrator, for the brute-force test (it gets locked out)
    assert.equal((await adminCommand(['create', 'guard', '--config', config], 'Riichi-Ippatsu-Ura9\n', dir)).code, 0);

    proc = await startServer(['--config', config], dir, port);
    // no default credentials: only the accounts made above exist
    assertError(await api(port, 'POST', '/api/auth/login', { body: { username: 'admin', password: 'admin' } }),
      401, 'bad_credentials');
    const login = await api(port, 'POST', '/api/auth/login', { body: { username: 'boss', password: ADMIN_PASSWORD } });
    assert.equal(login.status, 200, login.raw);
    assert.equal(login.json.user.admin, true);
    admin = { token: login.json.token, user: login.json.user };
    const e = await lastAudit('admin_create');
    assert.equal(e.admin_id, null);
    assert.equal(e.admin_name, '(command line)');
    // the login's audit row is written after its reply
    const signedIn = await eventually(() => lastAudit('login'), 5000, 'the login in the audit log');
    assert.equal(signedIn.admin_id, admin.user.id);
  });

  test('every admin route refuses anyone but an administrator', async () => {
    const g = await guest();
    const p = await account();
    const id = 'a'.repeat(32);
    const routes = [['GET', '/api/admin/tables'], ['GET', `/api/admin/tables/${id}`],
      ['POST', '/api/admin/close-table', { table: id, reason: 'x' }], ['GET', '/api/admin/users'],
      ['POST', '/api/admin/ban', { user_id: id, reason: 'x' }], ['POST', '/api/admin/unban', { user_id: id, reason: 'x' }],
      ['POST', '/api/admin/rename', { user_id: id, display_name: 'Nobody', reason: 'x' }],
      ['POST', '/api/admin/void', { match_id: id, reason: 'x' }], ['GET', '/api/admin/settings'],
      ['PUT', '/api/admin/settings', { values: { maintenance: true }, reason: 'x' },
        { values: { maintenance: false }, reason: 'route check' }], ['GET', '/api/admin/audit']];
    for (const [method, url, body, adminBody] of routes) {
      const what = `${method} ${url}`;
      const none = await api(port, method, url, { body });
      assert.equal(none.status, 401, `${what} without a session: ${none.raw}`);
      assert.match(none.headers['www-authenticate'] ?? '', /^Bearer/, what);
      assertError(await api(port, method, url, { body, token: '0'.repeat(64) }), 401, 'unauthorized');
      assertError(await api(port, method, url, { body, token: g.token }), 403, 'not_admin');
      assertError(await api(port, method, url, { body, token: p.token }), 403, 'not_admin');
      const ok = await api(port, method, url, { body: adminBody ?? body, token: admin.token });
      assert.ok(![401, 403].includes(ok.status), `${what} as admin: ${ok.raw}`);
    }
    // nothing was changed by the refused calls
    assert.equal((await as('GET', '/api/admin/settings')).json.values.maintenance, false);
  });

  test('the live view shows queues and tables; a table is watched through its public view', async () => {
    // bots fill late now: a queued player waits where the admin can see them (applied at the lobby's next check)
    assert.equal((await putSettings({ bot_fill_after: 3600 }, 'watch the queue')).status, 200);
    const waiting = await connect(port, (await guest()).token);
    waiting.send({ type: 'queue', mode: '3p' });
    await waiting.next((m) => m.type === 'queued');
    let live = (await as('GET', '/api/admin/tables')).json;
    assert.equal(live.queues['3p'].size, 1);
    assert.equal(live.queues['3p'].waiting[0].user_id, waiting.welcome.user.id);
    assert.ok(live.queues['3p'].longest_wait_ms >= 0);
    assert.ok(live.connections >= 1 && live.players_online >= 1, JSON.stringify(live));
    // every number and flag the admin page's summary cards print (web/admin/js/live.js)
    for (const k of ['connections', 'players_online', 'tables_total'])
      assert.equal(typeof live[k], 'number', k);
    for (const k of ['maintenance', 'draining'])
      assert.equal(typeof live[k], 'boolean', k);
    assert.equal((await putSettings({ bot_fill_after: 0.2 }, 'back to normal')).status, 200);
    const seated = await waiting.next((m) => m.type === 'match_found', 15_000, 'match_found after the setting');
    assert.equal(seated.mode, '3p');

    live = (await as('GET', '/api/admin/tables')).json;
    const t = live.tables.find((x) => x.id === seated.table);
    assert.ok(t, JSON.stringify(live));
    assert.equal(t.mode, '3p');
    assert.equal(t.players.length, 3);
    const me = t.players.find((x) => !x.bot);
    assert.deepEqual([me.user_id, me.connected], [waiting.welcome.user.id, true]);
    for (const k of ['hand_number', 'honba', 'sticks', 'running_ms', 'dealer', 'round_wind'])
      assert.equal(typeof t[k], 'number', k);

    const view = await as('GET', `/api/admin/tables/${seated.table}`);
    assert.equal(view.status, 200, view.raw);
    assert.equal(view.json.table, seated.table);
    assert.equal(view.json.you, undefined, 'an admin has no seat');
    assert.equal(view.json.seats.length, 3);
    for (const s of view.json.seats) assert.ok(!('hand' in s), JSON.stringify(s));
    assert.ok(!/"hand":|"wall"/.test(view.raw), 'no concealed tiles in the public view');
    assertError(await as('GET', `/api/admin/tables/${'b'.repeat(32)}`), 404, 'not_found');
    await playToEnd(waiting);
    waiting.ws.close();

    // one human while ranked_min_humans is 2: a finished match that never counted cannot be voided
    assert.equal(seated.ranked, false);
    const stored = await storedMatch(port, seated.table);
    assert.deepEqual([stored.completed, stored.ranked], [true, false]);
    const refused = await as('POST', '/api/admin/void', { match_id: seated.table, reason: 'practice' });
    assertError(refused, 409, 'not_ranked');
    assert.match(refused.json.error.message, /only ranked matches can be voided/);
    assert.equal((await api(port, 'GET', `/api/matches/${seated.table}`)).json.voided_at, null, 'nothing changed');
  });

  test('closing a table ends it without a result, tells its players, and is audited', async () => {
    const p = await connect(port, (await guest()).token);
    p.send({ type: 'queue', mode: '4p' }); // alone: ranked_min_humans is 2 in the file
    const found = await p.next((m) => m.type === 'match_found', 15_000, 'match_found');
    assert.equal(found.ranked, false, 'one human is not enough for a ranked match yet');
    assertError(await as('POST', '/api/admin/close-table', { table: found.table }), 400, 'bad_request');
    assertError(await as('POST', '/api/admin/close-table', { table: 'zz', reason: 'x' }), 400, 'bad_request');
    const closed = await as('POST', '/api/admin/close-table', { table: found.table, reason: 'stuck in a loop' });
    assert.equal(closed.status, 200, closed.raw);
    const told = await p.next((m) => m.type === 'table_closed', 10_000, 'table_closed');
    assert.equal(told.reason, 'closed by an administrator');
    await assertAudited('close_table', found.table, 'stuck in a loop');
    assertError(await as('POST', '/api/admin/close-table', { table: found.table, reason: 'again' }), 404, 'not_found');
    const stored = await storedMatch(port, found.table);
    assert.equal(stored.completed, false);
    assert.equal(stored.ranked, false);
    assert.ok(stored.players.every((x) => x.result === 0));
    assertError(await as('POST', '/api/admin/void', { match_id: found.table, reason: 'x' }), 409, 'not_ranked');
    const live = (await as('GET', '/api/admin/tables')).json;
    assert.ok(!live.tables.some((x) => x.id === found.table));
    p.ws.close();
  });

  test('a changed setting applies to the next match; voiding that match takes it out of the rankings', async () => {
    const bad = await putSettings({ ranked_min_humans: 9 });
    assertError(bad, 400, 'bad_request');
    assert.equal(bad.json.error.fields['values.ranked_min_humans'], 'must be an integer 1..4');
    assert.equal((await as('GET', '/api/admin/settings')).json.values.ranked_min_humans, 2, 'nothing changed');
    const set = await putSettings({ ranked_min_humans: 1 }, 'let single players rank');
    assert.equal(set.status, 200, set.raw);
    assert.equal(set.json.values.ranked_min_humans, 1);
    const e = await assertAudited('settings', 'ranked_min_humans', 'let single players rank');
    assert.deepEqual(e.detail.ranked_min_humans, { from: 2, to: 1 });

    const p = await connect(port, (await guest()).token);
    p.send({ type: 'queue', mode: '4p' });
    const found = await p.next((m) => m.type === 'match_found', 15_000, 'match_found');
    assert.equal(found.ranked, true, 'the next match follows the new setting');
    await playToEnd(p);
    p.ws.close();
    const me = p.welcome.user.id;
    await eventually(async () => (await api(port, 'GET', '/api/leaderboard?mode=4p')).json.rows.some((r) => r.user_id === me),
      10_000, 'ranked before the void');
    assert.equal((await api(port, 'GET', `/api/players/${me}`)).json.modes['4p'].games, 1);

    // the match was rated as it was stored: the recompute (the server running) finds every stored value again
    const replayed = (out) => Number(/(\d+) matches replayed/.exec(out)?.[1]);
    const before = await adminCommand(['ratings', '--recompute', '--check', '--config', config], '', dir);
    assert.equal(before.code, 0, before.stderr + before.stdout);
    assert.match(before.stdout, /0 players and 0 history rows differ/);
    assert.ok(replayed(before.stdout) >= 1, before.stdout);

    assertError(await as('POST', '/api/admin/void', { match_id: found.table, reason: ' ' }), 400, 'bad_request');
    assertError(await as('POST', '/api/admin/void', { match_id: 'c'.repeat(32), reason: 'x' }), 404, 'not_found');
    const voided = await as('POST', '/api/admin/void', { match_id: found.table, reason: 'played against itself' });
    assert.equal(voided.status, 200, voided.raw);
    assert.equal(voided.json.match.void_reason, 'played against itself');
    await assertAudited('void_match', found.table, 'played against itself');
    assertError(await as('POST', '/api/admin/void', { match_id: found.table, reason: 'again' }), 409, 'already_voided');

    const board = (await api(port, 'GET', '/api/leaderboard?mode=4p')).json;
    assert.ok(!board.rows.some((r) => r.user_id === me), 'left the leaderboard');
    const profile = (await api(port, 'GET', `/api/players/${me}`)).json;
    assert.equal(profile.modes['4p'].games, 0, 'left the profile');
    assert.equal(profile.recent[0].counted, false);
    const record = (await api(port, 'GET', `/api/matches/${found.table}`)).json;
    assert.equal(record.completed, true, 'the record stays');
    assert.equal(typeof record.voided_at, 'number');

    // the void took its rating out and replayed the rest: one match fewer, still nothing differs
    const after = await adminCommand(['ratings', '--recompute', '--check', '--config', config], '', dir);
    assert.equal(after.code, 0, after.stderr + after.stdout);
    assert.match(after.stdout, /0 players and 0 history rows differ/);
    assert.equal(replayed(after.stdout), replayed(before.stdout) - 1);
    assert.equal((await adminCommand(['ratings', '--recompute', '--mode', '5p', '--config', config], '', dir)).code, 2);
    const written = await adminCommand(['ratings', '--recompute', '--mode', '4p', '--config', config], '', dir);
    assert.equal(written.code, 0, written.stderr + written.stdout);
    assert.match(written.stdout, /ratings \(4p\): \d+ matches replayed, \d+ players; 0 players and 0 history rows differed/);
    const audited = await lastAudit('ratings_recompute');
    assert.equal(audited.admin_name, '(command line)');
    assert.equal(audited.target, '4p');
  });

  test('a banned user is locked out and disconnected; unbanned, they are back', async () => {
    const p = await account('ban');
    const c = await connect(port, p.token);
    assert.equal(c.welcome.type, 'welcome');
    assertError(await as('POST', '/api/admin/ban', { user_id: p.user.id }), 400, 'bad_request');
    assertError(await as('POST', '/api/admin/ban', { user_id: 'd'.repeat(32), reason: 'x' }), 404, 'not_found');
    assertError(await as('POST', '/api/admin/ban', { user_id: admin.user.id, reason: 'x' }), 409, 'is_admin');
    const ban = await as('POST', '/api/admin/ban', { user_id: p.user.id.toUpperCase(), reason: 'abusive chat' });
    assert.equal(ban.status, 200, ban.raw);
    assert.equal(ban.json.user.ban_reason, 'abusive chat');
    assert.equal(typeof ban.json.user.banned_at, 'number');
    const bye = await c.next((m) => m.type === 'error', 5_000, 'the banned error');
    assert.equal(bye.code, 'banned');
    await c.untilClosed();
    await assertAudited('ban', p.user.id, 'abusive chat');
    assertError(await as('POST', '/api/admin/ban', { user_id: p.user.id, reason: 'x' }), 409, 'already_banned');

    assertError(await api(port, 'POST', '/api/auth/login', { body: { username: p.username, password: 'Aozora-kite-19' } }),
      403, 'banned');
    assertError(await api(port, 'GET', '/api/auth/me', { token: p.token }), 403, 'banned');
    const again = await connect(port, p.token);
    assert.equal(again.welcome.code, 'banned');
    again.send({ type: 'queue', mode: '4p' });
    assert.equal((await again.next((m) => m.type === 'error')).code, 'auth_required', 'cannot queue');
    again.ws.close();
    const listed = await as('GET', '/api/admin/users?banned=1');
    assert.ok(listed.json.users.some((u) => u.id === p.user.id), listed.raw);

    const unban = await as('POST', '/api/admin/unban', { user_id: p.user.id, reason: 'appeal accepted' });
    assert.equal(unban.status, 200, unban.raw);
    assert.equal(unban.json.user.banned_at, null);
    await assertAudited('unban', p.user.id, 'appeal accepted');
    assert.equal((await api(port, 'POST', '/api/auth/login', { body: { username: p.username, password: 'Aozora-kite-19' } })).status, 200);
  });

  test('an offensive display name is renamed', async () => {
    const p = await account('rn');
    const other = await account('rn');
    const found = await as('GET', `/api/admin/users?q=${p.username.slice(0, 6)}`);
    assert.ok(found.json.users.some((u) => u.id === p.user.id), found.raw);
    const badName = await as('POST', '/api/admin/rename', { user_id: p.user.id, display_name: 'no spaces', reason: 'x' });
    assertError(badName, 400, 'bad_request');
    assert.ok(badName.json.error.fields.display_name);
    assertError(await as('POST', '/api/admin/rename', { user_id: p.user.id, display_name: other.username, reason: 'x' }),
      409, 'display_name_taken');
    const newName = fresh('Nice');
    const r = await as('POST', '/api/admin/rename', { user_id: p.user.id, display_name: newName, reason: 'offensive name' });
    assert.equal(r.status, 200, r.raw);
    assert.equal(r.json.user.display_name, newName);
    const e = await assertAudited('rename', p.user.id, 'offensive name');
    assert.deepEqual(e.detail, { from: p.username, to: newName });
    assert.equal((await api(port, 'GET', '/api/auth/me', { token: p.token })).json.user.display_name, newName);
  });

  test('settings: only live keys, by the configuration\'s rules; registration and maintenance act at once', async () => {
    for (const [values, field, why] of [[{ port: 1 }, 'values.port', /cannot be changed while the server runs/],
      [{ nope: 1 }, 'values.nope', /unknown setting/], [{ maintenance: 'yes' }, 'values.maintenance', /true or false/],
      [{ clock_move_ms: 10 }, 'values.clock_move_ms', /500\.\.60000/]]) {
      const r = await putSettings(values);
      assertError(r, 400, 'bad_request');
      assert.match(r.json.error.fields[field], why, r.raw);
    }
    assertError(await as('PUT', '/api/admin/settings', { values: { maintenance: true } }), 400, 'bad_request');
    assertError(await as('PUT', '/api/admin/settings', { values: {}, reason: 'x' }), 400, 'bad_request');
    assert.equal((await as('GET', '/api/admin/settings')).json.values.maintenance, false);

    assert.equal((await putSettings({ registration_open: false }, 'spam wave')).status, 200);
    assertError(await api(port, 'POST', '/api/auth/register',
      { body: { username: fresh('late'), password: 'Aozora-kite-19', display_name: fresh('late') } }), 403, 'registration_closed');
    const g = await guest();
    assertError(await api(port, 'POST', '/api/auth/claim',
      { token: g.token, body: { username: fresh('cl'), password: 'Aozora-kite-19' } }), 403, 'registration_closed');
    assert.equal((await putSettings({ registration_open: true }, 'over')).status, 200);
    assert.equal((await api(port, 'POST', '/api/auth/claim',
      { token: g.token, body: { username: fresh('cl'), password: 'Aozora-kite-19' } })).status, 200);

    const waiting = await connect(port, (await guest()).token);
    assert.equal((await putSettings({ bot_fill_after: 3600 }, 'hold the queue')).status, 200);
    waiting.send({ type: 'queue', mode: '4p' });
    await waiting.next((m) => m.type === 'queued');
    assert.equal((await putSettings({ maintenance: true, bot_fill_after: 0.2 }, 'upgrade')).status, 200);
    assert.equal((await waiting.next((m) => m.type === 'error')).code, 'maintenance', 'the queue is emptied');
    await waiting.next((m) => m.type === 'unqueued');
    waiting.send({ type: 'queue', mode: '4p' });
    assert.equal((await waiting.next((m) => m.type === 'error')).code, 'maintenance');
    waiting.send({ type: 'practice', mode: '3p' });
    assert.equal((await waiting.next((m) => m.type === 'error')).code, 'maintenance');
    assert.match((await api(port, 'GET', '/metrics')).raw, /^ippon_maintenance 1$/m);
    assert.equal((await putSettings({ maintenance: false, clock_move_ms: 9000 }, 'done; slower clock')).status, 200);

    waiting.send({ type: 'practice', mode: '4p' });
    await waiting.next((m) => m.type === 'match_found');
    const ask = await waiting.next((m) => m.type === 'ask', 10_000, 'the first ask');
    // 9000 ms × time_scale 0.02 = 180 ms (the file's default would give 100)
    assert.ok(ask.clock.move_ms > 120 && ask.clock.move_ms <= 180, JSON.stringify(ask.clock));
    waiting.ws.close();
  });

  test('failed logins to an administrator account from one address: 429 from it, and logged', async () => {
    for (let i = 0; i < FAILS_PER_ACCOUNT; i++)
      assertError(await api(port, 'POST', '/api/auth/login', { body: { username: 'guard', password: `wrong-${i}-guess` } }),
        401, 'bad_credentials');
    const limited = await api(port, 'POST', '/api/auth/login', { body: { username: 'guard', password: 'Riichi-Ippatsu-Ura9' } });
    assertError(limited, 429, 'rate_limited');
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.match(proc.stderr, /failed login for the ADMINISTRATOR account "guard"/);
    // the audit row goes to the store writer after the reply, so the last one may come a little later
    const audit = await eventually(async () => {
      const page = (await as('GET', '/api/admin/audit?action=login_failed')).json;
      return page.total >= FAILS_PER_ACCOUNT && page;
    }, 5000, `${FAILS_PER_ACCOUNT} failed logins in the audit log`);
    assert.equal(audit.total, FAILS_PER_ACCOUNT);
    assert.equal(audit.entries[0].admin_name, 'guard');
    assert.equal(audit.entries[0].admin_id, null);
    assert.equal(audit.entries[0].detail.address, '127.0.0.1');
    assert.match((await api(port, 'GET', '/metrics')).raw, new RegExp(`^ippon_admin_logins_failed_total ${FAILS_PER_ACCOUNT}$`, 'm'));
  });

  test('/metrics speaks the Prometheus text format; the audit log lists every action', async () => {
    const res = await api(port, 'GET', '/metrics');
    assert.equal(res.status, 200);
    assert.match(res.headers['content-type'], /^text\/plain; version=0\.0\.4/);
    const lines = res.raw.trim().split('\n');
    for (const line of lines)
      assert.match(line, /^(# (HELP|TYPE) [a-z_]+ .+|[a-z_]+(\{[a-z_]+="[^"]*"\})? -?[0-9.e+]+)$/, line);
    const value = (name) => Number(lines.find((l) => l.startsWith(`${name} `))?.split(' ')[1]);
    assert.ok(value('ippon_matches_finished_total') >= 3, 'the matches played above');
    assert.ok(value('ippon_action_latency_seconds_count') > 0);
    assert.equal(value('ippon_action_latency_seconds_bucket{le="+Inf"}'), value('ippon_action_latency_seconds_count'));
    assert.ok(value('ippon_queue_wait_seconds_count') >= 3);
    assert.ok(value('ippon_admin_actions_total') >= 10);
    for (const name of ['ippon_connections', 'ippon_tables{mode="4p"}', 'ippon_queue_length{mode="3p"}',
      'ippon_errors_total{kind="bad_message"}', 'ippon_http_responses_total{class="4xx"}', 'ippon_uptime_seconds'])
      assert.ok(Number.isFinite(value(name)), name);
    const buckets = lines.filter((l) => l.startsWith('ippon_action_latency_seconds_bucket')).map((l) => Number(l.split(' ')[1]));
    buckets.forEach((b, i) => assert.ok(i === 0 || b >= buckets[i - 1], 'cumulative buckets'));
    assert.equal((await api(port, 'GET', '/api/health')).json.status, 'ok');

    const audit = (await as('GET', '/api/admin/audit?limit=100')).json;
    const actions = new Set(audit.entries.map((e) => e.action));
    for (const a of ['admin_create', 'login', 'settings', 'close_table', 'void_match', 'ban', 'unban', 'rename', 'login_failed'])
      assert.ok(actions.has(a), `${a} in the audit log`);
    const ids = audit.entries.map((e) => e.id);
    assert.deepEqual(ids, [...ids].sort((a, b) => b - a), 'newest first');
    assertError(await as('GET', '/api/admin/audit?limit=0'), 400, 'bad_request');
  });

  test('stored settings survive a restart', async () => {
    await stopServer(proc);
    proc = await startServer(['--config', config], dir, port);
    const login = await api(port, 'POST', '/api/auth/login', { body: { username: 'boss', password: ADMIN_PASSWORD } });
    admin.token = login.json.token;
    const s = (await as('GET', '/api/admin/settings')).json;
    assert.equal(s.values.ranked_min_humans, 1);
    assert.equal(s.defaults.ranked_min_humans, 2, 'the file says 2');
    assert.equal(s.values.clock_move_ms, 9000);
    assert.equal(typeof s.stored.ranked_min_humans, 'number');
    assert.equal(s.values.maintenance, false);
  });
});
