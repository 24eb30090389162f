// sessions.test.mjs — a session that ends takes its game socket with it (src/server/game/gateway.h,
// gateway_sessions.c): a logout closes the socket opened with that session (not another
// session's), a password change the sockets of the user's other sessions (not the caller's),
// "sign out everywhere" every one, a ban the banned user's (and an administrator's rename is
// bound by the names rule), and an expired session's socket
// closes within a second — each with the error session_ended (banned) and a message. And a
// hello that cannot be checked because the database cannot be read (a test build's
// IPPON_TEST_READ_FAIL_FILE, store.h) is told "unavailable" (retry), not "auth_failed" (which
// makes the client forget its token).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { FAST_PLAY, adminCommand, api, configure, shutdown, startServer } from './harness.mjs';
import { connect, player } from './ws_player.mjs';

const PASSWORD = 'Aozora-kite-19';
let unique = 0;
const fresh = (prefix) => `${prefix}${process.pid % 1000}_${++unique}`;

/** an account and a second session of it: { username, id, first, second } (tokens) */
async function account(port) {
  const username = fresh('sess');
  const r = await api(port, 'POST', '/api/auth/register', { body: { username, password: PASSWORD, display_name: username } });
  assert.equal(r.status, 201, r.raw);
  const l = await api(port, 'POST', '/api/auth/login', { body: { username, password: PASSWORD } });
  assert.equal(l.status, 200, l.raw);
  return { username, id: r.json.user.id, first: r.json.token, second: l.json.token };
}

/** the socket gets the error code and closes, within ms of now */
async function endsWith(c, code, ms = 1000) {
  const t = performance.now();
  const err = await c.next((m) => m.type === 'error', ms + 500, `the error ${code}`);
  assert.equal(err.code, code, JSON.stringify(err));
  assert.ok(typeof err.message === 'string' && err.message.length > 5, JSON.stringify(err));
  await c.untilClosed(ms + 500);
  const took = performance.now() - t;
  assert.ok(took < ms, `closed after ${took.toFixed(0)} ms`);
  return err;
}

/** the socket stays open and answers a ping */
async function staysOpen(c) {
  c.send({ type: 'ping' });
  await c.next((m) => m.type === 'pong', 2000, 'a pong');
  assert.equal(c.closed, null);
}

describe('sockets of ended sessions', () => {
  let server, port;
  before(async () => {
    server = await configure({ ...FAST_PLAY, signups_per_address: 1000, login_fails_per_address: 1000 });
    port = server.port;
    server.proc = await startServer(['--config', server.config], server.dir, port);
  });
  after(async () => { await shutdown(server); });

  test('logout closes the socket of that session only', async () => {
    const a = await account(port);
    const c = await player(port, a.first);
    const t = performance.now();
    assert.equal((await api(port, 'POST', '/api/auth/logout', { token: a.first })).status, 200);
    const err = await endsWith(c, 'session_ended', 1000 - (performance.now() - t));
    assert.match(err.message, /signed out/);
    // a socket of the other session is not touched by a logout of the first
    const d = await player(port, a.second);
    const b = await account(port);
    assert.equal((await api(port, 'POST', '/api/auth/logout', { token: b.first })).status, 200);
    await staysOpen(d);
    d.close();
  });

  test('a password change closes the other sessions\' sockets, not the caller\'s', async () => {
    const a = await account(port);
    const other = await player(port, a.second);
    const res = await api(port, 'POST', '/api/auth/password',
      { token: a.first, body: { old_password: PASSWORD, new_password: 'Tonari-no-kaze-7' } });
    assert.equal(res.status, 200, res.raw);
    const err = await endsWith(other, 'session_ended');
    assert.match(err.message, /password/);
    const mine = await player(port, a.first); // the caller's session still works
    await staysOpen(mine);
    mine.close();
  });

  test('signing out everywhere closes the socket of any session, the caller\'s too', async () => {
    const a = await account(port);
    const c = await player(port, a.second);
    assert.equal((await api(port, 'POST', '/api/auth/logout-all', { token: a.first })).status, 200);
    await endsWith(c, 'session_ended');
    const again = await connect(port, a.second);
    assert.equal(again.welcome.code, 'auth_failed');
    again.close();
  });
});

describe('a ban and an expiry', () => {
  let server, port;
  before(async () => {
    // sessions of two seconds; guests of an hour
    server = await configure({ ...FAST_PLAY, session_days: 2 / 86400, guest_days: 1 / 24, signups_per_address: 1000 });
    port = server.port;
    const made = await adminCommand(['create', 'warden', '--config', server.config], 'Riichi-Ippatsu-Ura9\n', server.dir);
    assert.equal(made.code, 0, made.stderr);
    server.proc = await startServer(['--config', server.config], server.dir, port);
  });
  after(async () => { await shutdown(server); });

  test('an expired session\'s socket closes within a second of the expiry', async () => {
    const username = fresh('brief');
    const r = await api(port, 'POST', '/api/auth/register', { body: { username, password: PASSWORD, display_name: username } });
    assert.equal(r.status, 201, r.raw);
    const c = await player(port, r.json.token);
    const expiresMs = r.json.expires_at * 1000;
    const err = await c.next((m) => m.type === 'error', 5000, 'session_ended');
    assert.equal(err.code, 'session_ended');
    assert.match(err.message, /expired/);
    await c.untilClosed(2000);
    const late = Date.now() - expiresMs;
    assert.ok(late >= 0 && late < 1500, `closed ${late} ms after the expiry`);
  });

  test('a ban closes the banned user\'s socket', async () => {
    const login = await api(port, 'POST', '/api/auth/login', { body: { username: 'warden', password: 'Riichi-Ippatsu-Ura9' } });
    assert.equal(login.status, 200, login.raw);
    const g = await api(port, 'POST', '/api/auth/guest', { body: {} });
    const c = await player(port, g.json.token);
    const t = performance.now();
    const ban = await api(port, 'POST', '/api/admin/ban',
      { token: login.json.token, body: { user_id: g.json.user.id, reason: 'test' } });
    assert.equal(ban.status, 200, ban.raw);
    await endsWith(c, 'banned', 1000 - (performance.now() - t));
    // an administrator's rename is bound by the names rule too
    const renamed = await api(port, 'POST', '/api/admin/rename',
      { token: login.json.token, body: { user_id: g.json.user.id, display_name: 'adm1n', reason: 'test' } });
    assert.equal(renamed.status, 400, renamed.raw);
    assert.match(renamed.json.error.fields.display_name, /"admin"/);
    // and an administrator's new password needs 12 bytes, as \`ippon admin create\` asks
    const short = await api(port, 'POST', '/api/auth/password',
      { token: login.json.token, body: { old_password: 'Riichi-Ippatsu-Ura9', new_password: 'Kaze-mori-7' } });
    assert.equal(short.status, 400, short.raw);
    assert.match(short.json.error.fields.new_password, /at least 12 bytes/);
  });
});

const READ_FAIL_ENV = 'IPPON_TEST_READ_FAIL_FILE'; // test builds: the loop's session reads fail while it exists

describe('a hello while the database cannot be read', () => {
  let server, port, failFile;
  before(async () => {
    server = await configure({ ...FAST_PLAY });
    port = server.port;
    failFile = path.join(server.dir, 'reads-fail');
    process.env[READ_FAIL_ENV] = failFile;
    try {
      server.proc = await startServer(['--config', server.config], server.dir, port);
    } finally {
      delete process.env[READ_FAIL_ENV];
    }
  });
  after(async () => { await shutdown(server); });

  test('is told "unavailable" (the token is not said to be bad), and a later hello works', async () => {
    const g = await api(port, 'POST', '/api/auth/guest', { body: {} });
    assert.equal(g.status, 201);
    await fs.writeFile(failFile, '');
    try {
      const c = await connect(port, g.json.token);
      assert.equal(c.welcome.type, 'error');
      assert.equal(c.welcome.code, 'unavailable', JSON.stringify(c.welcome));
      assert.match(c.welcome.message, /again/);
      await c.untilClosed(2000);
    } finally {
      await fs.rm(failFile, { force: true });
    }
    const again = await player(port, g.json.token);
    again.close();
  });
});
