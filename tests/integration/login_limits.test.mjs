// login_limits.test.mjs — failed logins limited so that a stranger cannot lock the owner out
// (src/server/auth/login_limits.h), through the real program behind a trusted proxy (127.0.0.1, the
// test itself), so that each request can come from an address of its own (X-Forwarded-For):
//   - failures for an account from many addresses never refuse it: the right password from a
//     fresh address gets 200, after a wait that grows with the failures and stays bounded;
//   - failures from one address for an account: that (account, address) gets 429 with
//     Retry-After, even with the right password, while another address gets in;
//   - a password change's wrong current password counts like a failed login.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_HASH, api, assertError, serve, shutdown } from './harness.mjs';

const BASE_MS = 300; // login_delay_base_ms
const MAX_MS = 1200; // login_delay_max_ms
const PASSWORD = 'Aozora-kite-19';

let unique = 0;
const fresh = (prefix) => `${prefix}${process.pid % 1000}_${++unique}`;

describe('login limits', () => {
  let server, port;
  before(async () => {
    server = await serve({ ...FAST_HASH, trusted_proxy: '127.0.0.1', login_fails_per_account: 5,
      login_fails_per_account_address: 5, login_fails_per_address: 1000, login_delay_base_ms: BASE_MS,
      login_delay_max_ms: MAX_MS, signups_per_address: 1000 });
    port = server.port;
  });
  after(async () => { await shutdown(server); });

  /** a login from address: the reply and how long it took */
  async function login(username, password, address) {
    const t = performance.now();
    const res = await api(port, 'POST', '/api/auth/login',
      { body: { username, password }, headers: { 'x-forwarded-for': address } });
    return { res, ms: performance.now() - t };
  }

  async function register() {
    const username = fresh('owner');
    const r = await api(port, 'POST', '/api/auth/register', { body: { username, password: PASSWORD, display_name: username } });
    assert.equal(r.status, 201, r.raw);
    return { username, token: r.json.token };
  }

  test('five failures from other addresses, then the right password from a fresh one: 200, after a bounded wait', async () => {
    const { username } = await register();
    for (let i = 1; i <= 5; i++) {
      const { res, ms } = await login(username, `guess-${i}-wrong`, `198.51.100.${i}`);
      assertError(res, 401, 'bad_credentials');
      assert.ok(ms < BASE_MS, `failure ${i} waited ${ms.toFixed(0)} ms before the limit`);
    }
    const { res, ms } = await login(username, PASSWORD, '203.0.113.77');
    assert.equal(res.status, 200, res.raw);
    assert.ok(ms >= BASE_MS - 5 && ms < BASE_MS + 1000, `the owner waited ${ms.toFixed(0)} ms`);
    // guessing on from ever more addresses only makes every attempt wait longer, up to the cap
    for (let i = 6; i <= 12; i++)
      assertError((await login(username, `guess-${i}-wrong`, `198.51.100.${i}`)).res, 401, 'bad_credentials');
    const again = await login(username, PASSWORD, '203.0.113.78');
    assert.equal(again.res.status, 200, again.res.raw);
    assert.ok(again.ms >= MAX_MS - 5 && again.ms < MAX_MS + 1000, `the owner waited ${again.ms.toFixed(0)} ms`);
    // the server answers others meanwhile: a wait holds no thread
    const started = performance.now();
    const slow = login(username, PASSWORD, '203.0.113.79');
    const health = await api(port, 'GET', '/api/health');
    assert.equal(health.status, 200);
    assert.ok(performance.now() - started < MAX_MS / 2, 'health waited for a held login');
    assert.equal((await slow).res.status, 200);
  });

  test('failures from one address: 429 for that account from there, another address gets in', async () => {
    const { username } = await register();
    for (let i = 1; i <= 5; i++)
      assertError((await login(username, `guess-${i}-wrong`, '192.0.2.50')).res, 401, 'bad_credentials');
    for (const password of ['guess-6-wrong', PASSWORD]) {
      const { res } = await login(username, password, '192.0.2.50');
      assertError(res, 429, 'rate_limited');
      const wait = Number(res.headers['retry-after']);
      assert.ok(wait > 170 && wait <= 180, `Retry-After: ${res.headers['retry-after']}`);
    }
    const { res } = await login(username, PASSWORD, '192.0.2.51');
    assert.equal(res.status, 200, res.raw);
    // and that address may still sign in to other accounts
    const other = await register();
    assert.equal((await login(other.username, PASSWORD, '192.0.2.50')).res.status, 200);
  });

  test('a wrong current password in a password change counts as a failure for that address', async () => {
    const { username, token } = await register();
    const change = (old_password, address) => api(port, 'POST', '/api/auth/password',
      { token, body: { old_password, new_password: 'Tonari-no-kaze-7' }, headers: { 'x-forwarded-for': address } });
    for (let i = 1; i <= 5; i++)
      assertError(await change(`guess-${i}-wrong`, '192.0.2.60'), 403, 'wrong_password');
    assertError(await change(PASSWORD, '192.0.2.60'), 429, 'rate_limited');
    assertError((await login(username, PASSWORD, '192.0.2.60')).res, 429, 'rate_limited');
    const ok = await change(PASSWORD, '192.0.2.61');
    assert.equal(ok.status, 200, ok.raw);
  });
});
