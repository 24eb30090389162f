// auth.test.mjs — identities through the real `ippon` program: guests, registration, login,
// wrong passwords, /api/auth/me with and without a good token, logout, renaming, a guest
// claiming an account (same id), 409s for taken names, weak passwords and names that pass for
// the staff or a bot (in English or Japanese) or are not in their usual form refused with the
// reason in "fields", changing the password (the other sessions end) and signing out everywhere, 429 after repeated failures per address (the
// per-account scheme: login_limits.test.mjs), a 400 naming the field for every malformed body, session
// expiry (a server configured with two-second sessions), and that the event loop keeps
// answering while a slow password hash runs (a server configured with costly hashing),
// including a client that hangs up mid-hash and a shutdown mid-hash.
//
// Only Node built-ins (and ./harness.mjs). Servers hash with libsodium's minimum costs
// unless the test is about slow hashing.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { FAST_HASH, api, assertError, serve, shutdown, stopServer } from './harness.mjs';

function assertSession(res, status) {
  assert.equal(res.status, status, res.raw);
  assert.match(res.json.token, /^[0-9a-f]{64}$/);
  assert.match(res.json.user.id, /^[0-9a-f]{32}$/);
  assert.equal(typeof res.json.expires_at, 'number');
  assert.deepEqual(Object.keys(res.json.user).sort(),
    ['admin', 'created_at', 'display_name', 'guest', 'id', 'username']);
  assert.doesNotMatch(res.raw, /argon2|password/);
  return res.json;
}

let unique = 0;
const fresh = (prefix) => `${prefix}${process.pid % 1000}_${++unique}`;

describe('identities', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_HASH, login_fails_per_address: 1000, signups_per_address: 1000,
      guests_per_address: 1000 });
    port = server.port;
  });
  after(async () => { await shutdown(server); });

  test('a guest gets an id, a generated name and a token that works', async () => {
    const g = assertSession(await api(port, 'POST', '/api/auth/guest'), 201);
    assert.equal(g.user.guest, true);
    assert.equal(g.user.username, null);
    assert.match(g.user.display_name, /^Guest-[0-9A-F]{6}$/);
    const days = (g.expires_at - g.user.created_at) / 86400;
    assert.equal(days, 365);
    const me = await api(port, 'GET', '/api/auth/me', { token: g.token });
    assert.equal(me.status, 200);
    assert.deepEqual(me.json.user, g.user);
    // a second visit without the token is another guest
    const other = assertSession(await api(port, 'POST', '/api/auth/guest', { body: {} }), 201);
    assert.notEqual(other.user.id, g.user.id);
    assert.notEqual(other.user.display_name, g.user.display_name);
    const named = assertSession(await api(port, 'POST', '/api/auth/guest',
      { body: { display_name: fresh('麻雀') } }), 201);
    assert.equal(named.user.guest, true);
  });

  test('register, then log in (username case does not matter)', async () => {
    const username = fresh('Reg');
    const r = assertSession(await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'correct horse', display_name: username } }), 201);
    assert.equal(r.user.guest, false);
    assert.equal(r.user.username, username);
    assert.equal(r.user.display_name, username);
    assert.equal((r.expires_at - r.user.created_at) / 86400, 30);
    const l = assertSession(await api(port, 'POST', '/api/auth/login',
      { body: { username: username.toUpperCase(), password: 'correct horse' } }), 200);
    assert.equal(l.user.id, r.user.id);
    assert.notEqual(l.token, r.token);
    for (const token of [r.token, l.token]) {
      const me = await api(port, 'GET', '/api/auth/me', { token });
      assert.equal(me.status, 200);
      assert.equal(me.json.user.id, r.user.id);
    }
  });

  test('a wrong password or an unknown user is a 401', async () => {
    const username = fresh('wrong');
    await api(port, 'POST', '/api/auth/register', { body: { username, password: 'Aozora-kite-19', display_name: username } });
    for (const body of [{ username, password: 'password2' }, { username: fresh('nobody'), password: 'Aozora-kite-19' }]) {
      const res = await api(port, 'POST', '/api/auth/login', { body });
      assertError(res, 401, 'bad_credentials');
      assert.match(res.headers['www-authenticate'], /^Bearer/);
      assert.equal(res.json.error.message, 'wrong username or password');
    }
  });

  test('/api/auth/me without, with a malformed, and with an unknown token: 401', async () => {
    const unknown = 'ab'.repeat(32);
    const cases = [{}, { token: 'abc' }, { token: unknown }, { token: 'zz'.repeat(32) },
      { authorization: `Basic ${unknown}` }, { authorization: 'Bearer' }, { token: `${unknown}00` }];
    for (const c of cases) {
      const res = await api(port, 'GET', '/api/auth/me', c);
      assertError(res, 401, 'unauthorized');
      assert.match(res.headers['www-authenticate'], /^Bearer/, JSON.stringify(c));
    }
  });

  test('logout ends that session only', async () => {
    const username = fresh('out');
    const r = (await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } })).json;
    const l = (await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } })).json;
    const res = await api(port, 'POST', '/api/auth/logout', { token: r.token });
    assert.equal(res.status, 200);
    assert.deepEqual(res.json, { logged_out: true });
    assertError(await api(port, 'GET', '/api/auth/me', { token: r.token }), 401, 'unauthorized');
    assertError(await api(port, 'POST', '/api/auth/logout', { token: r.token }), 401, 'unauthorized');
    assertError(await api(port, 'POST', '/api/auth/logout'), 401, 'unauthorized');
    assert.equal((await api(port, 'GET', '/api/auth/me', { token: l.token })).status, 200);
  });

  test('a guest claims an account and keeps its id', async () => {
    const g = (await api(port, 'POST', '/api/auth/guest')).json;
    const username = fresh('claim');
    const c = assertSession(await api(port, 'POST', '/api/auth/claim',
      { token: g.token, body: { username, password: 'Aozora-kite-19' } }), 200);
    assert.equal(c.user.id, g.user.id);
    assert.equal(c.user.guest, false);
    assert.equal(c.user.username, username);
    assert.equal(c.user.display_name, g.user.display_name);
    assert.notEqual(c.token, g.token);
    assertError(await api(port, 'GET', '/api/auth/me', { token: g.token }), 401, 'unauthorized');
    assert.equal((await api(port, 'GET', '/api/auth/me', { token: c.token })).json.user.id, g.user.id);
    const l = await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } });
    assert.equal(l.status, 200);
    assert.equal(l.json.user.id, g.user.id);
    // once only
    assertError(await api(port, 'POST', '/api/auth/claim',
      { token: c.token, body: { username: fresh('again'), password: 'Aozora-kite-19' } }), 403, 'not_a_guest');
    // with a new display name
    const g2 = (await api(port, 'POST', '/api/auth/guest')).json;
    const name = fresh('名前');
    const c2 = await api(port, 'POST', '/api/auth/claim',
      { token: g2.token, body: { username: fresh('claim'), password: 'Aozora-kite-19', display_name: name } });
    assert.equal(c2.status, 200);
    assert.equal(c2.json.user.display_name, name);
    assert.equal(c2.json.user.id, g2.user.id);
  });

  test('taken usernames and display names: 409, in any case', async () => {
    const username = fresh('Dup');
    const first = await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } });
    assert.equal(first.status, 201);
    let res = await api(port, 'POST', '/api/auth/register',
      { body: { username: username.toLowerCase(), password: 'Aozora-kite-19', display_name: fresh('x') } });
    assertError(res, 409, 'username_taken');
    assert.equal(res.json.error.fields.username, 'already taken');
    res = await api(port, 'POST', '/api/auth/register',
      { body: { username: fresh('y'), password: 'Aozora-kite-19', display_name: username.toUpperCase() } });
    assertError(res, 409, 'display_name_taken');
    assert.equal(res.json.error.fields.display_name, 'already taken');
    const g = (await api(port, 'POST', '/api/auth/guest')).json;
    assertError(await api(port, 'POST', '/api/auth/claim',
      { token: g.token, body: { username, password: 'Aozora-kite-19' } }), 409, 'username_taken');
    assertError(await api(port, 'PATCH', '/api/auth/me',
      { token: g.token, body: { display_name: username.toLowerCase() } }), 409, 'display_name_taken');
    assertError(await api(port, 'POST', '/api/auth/guest', { body: { display_name: username } }),
      409, 'display_name_taken');
    // renaming to a free name works, and the old one is free again
    const newName = fresh('Renamed');
    const renamed = await api(port, 'PATCH', '/api/auth/me', { token: first.json.token, body: { display_name: newName } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.json.user.display_name, newName);
    assert.equal((await api(port, 'PATCH', '/api/auth/me',
      { token: g.token, body: { display_name: username } })).status, 200);
  });

  test('weak passwords are refused with the reason, at register, claim and a password change', async () => {
    const g = (await api(port, 'POST', '/api/auth/guest')).json;
    for (const [password, reason] of [['12345678', /simple pattern/], ['password1', /common password or a dictionary word/],
      ['qwertyui', /common password or a dictionary word/], ['sunshine', /dictionary word/]]) {
      const username = fresh('weak');
      let res = await api(port, 'POST', '/api/auth/register', { body: { username, password, display_name: username } });
      assertError(res, 400, 'bad_request', 'password');
      assert.match(res.json.error.fields.password, reason);
      res = await api(port, 'POST', '/api/auth/claim', { token: g.token, body: { username, password } });
      assertError(res, 400, 'bad_request', 'password');
      assert.match(res.json.error.fields.password, reason);
      // nothing was made: the name is still free
      assert.equal((await api(port, 'POST', '/api/auth/login', { body: { username, password } })).status, 401);
    }
    const username = fresh('Named');
    const res = await api(port, 'POST', '/api/auth/register',
      { body: { username, password: `${username}-x9`, display_name: username } });
    assertError(res, 400, 'bad_request', 'password');
    assert.match(res.json.error.fields.password, /username/);
  });

  test('names that pass for the staff, the service or a bot are refused everywhere', async () => {
    const g = (await api(port, 'POST', '/api/auth/guest')).json;
    const registered = (await api(port, 'POST', '/api/auth/register',
      { body: { username: fresh('nm'), password: 'Aozora-kite-19', display_name: fresh('nm') } })).json;
    for (const [name, reason] of [['Admin', /"admin"/], ['adm1n', /"admin"/], ['ippon', /"ippon"/], ['Bot Aoi', /bot/],
      ['5upport', /"support"/], ['Bot_Sora', /bot/],
      // Japanese names a tester saw accepted (issue 24), a full-width one, and one that reads as another
      ['管理者', /"管理者"/], ['運営者', /"運営"/], ['公式運営', /"運営"/], ['システム管理者', /"管理者"/],
      ['サポート', /"サポート"/], ['イッポン公式', /"公式"/], ['ボットAoi', /bot's name/], ['ＡＤＭＩＮ', /"admin"/],
      ['\uFA19田さん', /U\+FA19 at character 1 is a compatibility form of U\+795E/]]) {
      const cases = [
        ['POST', '/api/auth/guest', undefined, { display_name: name }],
        ['POST', '/api/auth/register', undefined, { username: fresh('nm'), password: 'Aozora-kite-19', display_name: name }],
        ['PATCH', '/api/auth/me', registered.token, { display_name: name }],
        ['POST', '/api/auth/claim', g.token, { username: fresh('nm'), password: 'Aozora-kite-19', display_name: name }],
      ];
      for (const [method, urlPath, token, body] of cases) {
        const res = await api(port, method, urlPath, { token, body });
        assertError(res, 400, 'bad_request', 'display_name');
        assert.match(res.json.error.fields.display_name, reason, `${method} ${urlPath} ${name}`);
      }
    }
    // a name that only contains a reserved word is fine
    const ok = await api(port, 'PATCH', '/api/auth/me', { token: registered.token, body: { display_name: fresh('Badminton') } });
    assert.equal(ok.status, 200, ok.raw);
    const robot = await api(port, 'POST', '/api/auth/guest', { body: { display_name: 'ロボット一本気' } });
    assert.equal(robot.status, 201, robot.raw);
  });

  test('changing the password: the current one is checked, the new one too; other sessions end', async () => {
    const username = fresh('chg');
    const r = (await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } })).json;
    const other = (await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } })).json;
    let res = await api(port, 'POST', '/api/auth/password',
      { token: r.token, body: { old_password: 'Wrong-guess-77', new_password: 'Tonari-no-kaze-7' } });
    assertError(res, 403, 'wrong_password', 'old_password');
    res = await api(port, 'POST', '/api/auth/password',
      { token: r.token, body: { old_password: 'Aozora-kite-19', new_password: 'qwertyui' } });
    assertError(res, 400, 'bad_request', 'new_password');
    assert.match(res.json.error.fields.new_password, /dictionary word/);
    res = await api(port, 'POST', '/api/auth/password',
      { token: r.token, body: { old_password: 'Aozora-kite-19', new_password: 'Aozora-kite-19' } });
    assertError(res, 400, 'bad_request', 'new_password');
    assert.match(res.json.error.fields.new_password, /current password/);
    for (const body of [{ old_password: 'Aozora-kite-19' }, { new_password: 'Tonari-no-kaze-7' },
      { old_password: 'Aozora-kite-19', new_password: 'short' }, { old_password: 1, new_password: 'Tonari-no-kaze-7' }])
      assertError(await api(port, 'POST', '/api/auth/password', { token: r.token, body }), 400, 'bad_request');
    // nothing changed so far: both sessions live, the old password works
    assert.equal((await api(port, 'GET', '/api/auth/me', { token: other.token })).status, 200);
    res = await api(port, 'POST', '/api/auth/password',
      { token: r.token, body: { old_password: 'Aozora-kite-19', new_password: 'Tonari-no-kaze-7' } });
    assert.equal(res.status, 200, res.raw);
    assert.equal(res.json.user.id, r.user.id);
    assert.equal(res.json.sessions_ended, 1);
    assert.equal((await api(port, 'GET', '/api/auth/me', { token: r.token })).status, 200);
    assertError(await api(port, 'GET', '/api/auth/me', { token: other.token }), 401, 'unauthorized');
    assertError(await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } }),
      401, 'bad_credentials');
    assert.equal((await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Tonari-no-kaze-7' } })).status, 200);
    // a guest has no password to change; no token is a 401
    const g = (await api(port, 'POST', '/api/auth/guest')).json;
    assertError(await api(port, 'POST', '/api/auth/password',
      { token: g.token, body: { old_password: 'Aozora-kite-19', new_password: 'Tonari-no-kaze-7' } }), 403, 'not_registered');
    assertError(await api(port, 'POST', '/api/auth/password',
      { body: { old_password: 'Aozora-kite-19', new_password: 'Tonari-no-kaze-7' } }), 401, 'unauthorized');
  });

  test('signing out everywhere ends every session, the caller\'s too', async () => {
    const username = fresh('all');
    const r = (await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } })).json;
    const l = (await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } })).json;
    const res = await api(port, 'POST', '/api/auth/logout-all', { token: l.token });
    assert.equal(res.status, 200, res.raw);
    assert.deepEqual(res.json, { logged_out: true, sessions_ended: 2 });
    for (const token of [r.token, l.token])
      assertError(await api(port, 'GET', '/api/auth/me', { token }), 401, 'unauthorized');
    assertError(await api(port, 'POST', '/api/auth/logout-all', { token: l.token }), 401, 'unauthorized');
    assert.equal((await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } })).status, 200);
  });

  test('every malformed body is a 400 naming the field, and changes nothing', async () => {
    const username = fresh('mal');
    const good = { username, password: 'Aozora-kite-19', display_name: username };
    const g = (await api(port, 'POST', '/api/auth/guest')).json;
    const cases = [
      ['/api/auth/register', undefined, 'body'],
      ['/api/auth/register', '', 'body'],
      ['/api/auth/register', '{"username":', 'body'],
      ['/api/auth/register', '[]', 'body'],
      ['/api/auth/register', 'null', 'body'],
      ['/api/auth/register', '{"username":"a","username":"b"}', 'body'],
      ['/api/auth/register', '{"username":"\\u0000abc","password":"password1","display_name":"abc"}', 'body'],
      ['/api/auth/register', { ...good, username: undefined }, 'username'],
      ['/api/auth/register', { ...good, username: 42 }, 'username'],
      ['/api/auth/register', { ...good, username: null }, 'username'],
      ['/api/auth/register', { ...good, username: 'ab' }, 'username'],
      ['/api/auth/register', { ...good, username: 'a'.repeat(25) }, 'username'],
      ['/api/auth/register', { ...good, username: 'has space' }, 'username'],
      ['/api/auth/register', { ...good, username: 'ユーザー名' }, 'username'],
      ['/api/auth/register', { ...good, password: undefined }, 'password'],
      ['/api/auth/register', { ...good, password: 'short' }, 'password'],
      ['/api/auth/register', { ...good, password: 'p'.repeat(129) }, 'password'],
      ['/api/auth/register', { ...good, password: { x: 1 } }, 'password'],
      ['/api/auth/register', { ...good, display_name: undefined }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: '' }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: 'ab' }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: 'x'.repeat(17) }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: ' leading' }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: 'trailing ' }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: 'tab\there' }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: 'emoji😀' }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: 'Guest-ABCDEF' }, 'display_name'],
      ['/api/auth/register', { ...good, display_name: ['x'] }, 'display_name'],
      ['/api/auth/register', { ...good, is_admin: true }, 'is_admin'],
      ['/api/auth/login', { username }, 'password'],
      ['/api/auth/login', { password: 'x' }, 'username'],
      ['/api/auth/login', { username: '', password: 'x' }, 'username'],
      ['/api/auth/login', { username, password: '' }, 'password'],
      ['/api/auth/login', { username, password: 12345678 }, 'password'],
      ['/api/auth/login', { username, password: 'x', extra: 1 }, 'extra'],
      ['/api/auth/login', 'username=a&password=b', 'body'],
      ['/api/auth/guest', { display_name: 7 }, 'display_name'],
      ['/api/auth/guest', { display_name: 'no way!' }, 'display_name'],
      ['/api/auth/guest', { name: 'abc' }, 'name'],
      ['/api/auth/guest', '"x"', 'body'],
    ];
    for (const [urlPath, body, field] of cases) {
      const res = await api(port, 'POST', urlPath, { body });
      assertError(res, 400, 'bad_request', field);
    }
    // with a token: the claim's and rename's bodies
    const tokenCases = [
      ['POST', '/api/auth/claim', { username }, 'password'],
      ['POST', '/api/auth/claim', { password: 'Aozora-kite-19' }, 'username'],
      ['POST', '/api/auth/claim', { username, password: 'Aozora-kite-19', display_name: 'x' }, 'display_name'],
      ['POST', '/api/auth/claim', '{', 'body'],
      ['PATCH', '/api/auth/me', {}, 'display_name'],
      ['PATCH', '/api/auth/me', { display_name: null }, 'display_name'],
      ['PATCH', '/api/auth/me', { display_name: 'ok_name', colour: 'red' }, 'colour'],
      ['PATCH', '/api/auth/me', undefined, 'body'],
    ];
    for (const [method, urlPath, body, field] of tokenCases) {
      const res = await api(port, method, urlPath, { body, token: g.token });
      assertError(res, 400, 'bad_request', field);
    }
    // all problems of one body at once
    const all = await api(port, 'POST', '/api/auth/register', { body: { username: 'a', password: 1, display_name: '' } });
    assertError(all, 400, 'bad_request', 'username');
    assert.deepEqual(Object.keys(all.json.error.fields).sort(), ['display_name', 'password', 'username']);
    // too large
    assertError(await api(port, 'POST', '/api/auth/register', { body: { ...good, pad: 'x'.repeat(5000) } }),
      413, 'too_large');
    // nothing changed: the name is free, the guest is still a guest under its name
    assert.equal((await api(port, 'POST', '/api/auth/register', { body: good })).status, 201);
    const me = await api(port, 'GET', '/api/auth/me', { token: g.token });
    assert.deepEqual(me.json.user, g.user);
  });

  test('other methods on the auth paths: 405 with Allow', async () => {
    for (const [method, urlPath, allow] of [['GET', '/api/auth/login', 'POST'], ['DELETE', '/api/auth/me', 'GET, PATCH'],
      ['PUT', '/api/auth/guest', 'POST']]) {
      const res = await api(port, method, urlPath);
      assertError(res, 405, 'method_not_allowed');
      assert.equal(res.headers.allow, allow);
    }
  });
});

describe('limits per address and short sessions', () => {
  let server, port;
  before(async () => {
    server = await serve({ ...FAST_HASH, session_days: 2 / 86400, guest_days: 3 / 86400,
      guests_per_address: 2, login_fails_per_address: 3, signups_per_address: 3 });
    port = server.port;
  });
  after(async () => { await shutdown(server); });

  test('a session ends when it expires', async () => {
    const username = fresh('brief');
    const r = (await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } })).json;
    assert.equal(r.expires_at - r.user.created_at, 2);
    const g = (await api(port, 'POST', '/api/auth/guest')).json;
    assert.equal(g.expires_at - g.user.created_at, 3);
    assert.equal((await api(port, 'GET', '/api/auth/me', { token: r.token })).status, 200);
    await new Promise((resolve) => setTimeout(resolve, 3300)); // past the sessions' expiry: the clock is what is tested
    for (const token of [r.token, g.token])
      assertError(await api(port, 'GET', '/api/auth/me', { token }), 401, 'unauthorized');
    // logging in again gives a new session
    const l = await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } });
    assert.equal(l.status, 200);
    assert.equal((await api(port, 'GET', '/api/auth/me', { token: l.json.token })).status, 200);
  });

  test('guests per address', async () => {
    // one guest was made by the test above
    assert.equal((await api(port, 'POST', '/api/auth/guest')).status, 201);
    const res = await api(port, 'POST', '/api/auth/guest');
    assertError(res, 429, 'rate_limited');
    assert.ok(Number(res.headers['retry-after']) > 0);
  });

  test('failed logins per address, whatever the account', async () => {
    for (let i = 0; i < 3; i++)
      assertError(await api(port, 'POST', '/api/auth/login', { body: { username: fresh('any'), password: 'Aozora-kite-19' } }),
        401, 'bad_credentials');
    const res = await api(port, 'POST', '/api/auth/login', { body: { username: fresh('any'), password: 'Aozora-kite-19' } });
    assertError(res, 429, 'rate_limited');
    assert.ok(Number(res.headers['retry-after']) >= 299, res.headers['retry-after']);
  });

  test('sign-ups per address (registrations and claims)', async () => {
    // one registration was made by the first test; two more are allowed
    for (let i = 0; i < 2; i++) {
      const username = fresh('s');
      assert.equal((await api(port, 'POST', '/api/auth/register',
        { body: { username, password: 'Aozora-kite-19', display_name: username } })).status, 201);
    }
    const username = fresh('s');
    assertError(await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } }), 429, 'rate_limited');
  });
});

describe('slow password hashing does not block the server', () => {
  let server, port;
  before(async () => {
    // about half a second per hash on this machine: argon2id, 64 MiB, 20 passes
    server = await serve({ pwhash_ops: 20, pwhash_mem_kib: 65536, login_fails_per_address: 1000 });
    port = server.port;
  });
  after(async () => { await shutdown(server); });

  test('GET /api/health is answered while a login is hashing', async () => {
    const username = fresh('slow');
    let t = performance.now();
    const r = await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } });
    const hashMs = performance.now() - t;
    assert.equal(r.status, 201);
    assert.ok(hashMs > 300, `a hash took only ${hashMs.toFixed(0)} ms: the test proves nothing`);

    t = performance.now();
    let loginDone = 0;
    const login = api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } })
      .then((res) => { loginDone = performance.now(); return res; });
    // a moment into the hash (over 300 ms, asserted above): the server shows no sign of a hash begun
    await new Promise((resolve) => setTimeout(resolve, 50));
    const healthStart = performance.now();
    const health = await api(port, 'GET', '/api/health');
    const healthMs = performance.now() - healthStart;
    assert.equal(health.status, 200);
    assert.equal(loginDone, 0, 'the login finished before the health check');
    assert.ok(healthMs < Math.min(250, hashMs / 2), `health took ${healthMs.toFixed(0)} ms during a ${hashMs.toFixed(0)} ms hash`);
    // a guest (no hashing) is not held up either
    assert.equal((await api(port, 'POST', '/api/auth/guest')).status, 201);
    assert.equal(loginDone, 0);
    const l = await login;
    assert.equal(l.status, 200);
    assert.equal(l.json.user.id, r.json.user.id);
  });

  test('a client that hangs up mid-hash is dropped safely', async () => {
    const username = fresh('gone');
    await api(port, 'POST', '/api/auth/register', { body: { username, password: 'Aozora-kite-19', display_name: username } });
    const controller = new AbortController();
    const abandoned = api(port, 'POST', '/api/auth/login',
      { body: { username, password: 'Aozora-kite-19' }, signal: controller.signal }).catch((e) => e);
    await new Promise((resolve) => setTimeout(resolve, 100)); // a moment into the hash: no sign of it outside
    controller.abort();
    assert.ok((await abandoned) instanceof Error);
    // the server keeps serving, and finishes that hash without a client to answer
    const again = await api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } });
    assert.equal(again.status, 200);
    assert.equal((await api(port, 'GET', '/api/health')).status, 200);
  });

  test('logins queue up and all succeed', async () => {
    const username = fresh('many');
    await api(port, 'POST', '/api/auth/register', { body: { username, password: 'Aozora-kite-19', display_name: username } });
    const results = await Promise.all([1, 2, 3].map(() =>
      api(port, 'POST', '/api/auth/login', { body: { username, password: 'Aozora-kite-19' } })));
    assert.deepEqual(results.map((r) => r.status), [200, 200, 200]);
    assert.equal(new Set(results.map((r) => r.json.token)).size, 3);
    assert.equal(new Set(results.map((r) => r.json.user.id)).size, 1);
  });

  test('stopping while a hash runs exits cleanly', async () => {
    const username = fresh('stop');
    const pending = api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } }).catch((e) => e);
    await new Promise((resolve) => setTimeout(resolve, 100)); // a moment into the hash: no sign of it outside
    const stopping = stopServer(server.proc); // exit 0, no sanitizer report
    const res = await pending;
    await stopping;
    if (!(res instanceof Error))
      assert.ok([201, 503].includes(res.status), res.raw);
    await fs.rm(server.dir, { recursive: true, force: true });
    server = undefined;
  });
});
