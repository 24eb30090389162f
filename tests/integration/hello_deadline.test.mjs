// hello_deadline.test.mjs — a WebSocket must say hello in time (hello_timeout_s, src/server/net/ws.c):
// one that never does, or whose hello fails, is told ("hello_timeout") and closed with a close
// frame that says why; one that said hello in time stays open past the deadline.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_HASH, serve, shutdown } from './harness.mjs';
import { Client, guestToken } from './ws_player.mjs';

describe('the hello deadline', () => {
  let server;
  before(async () => { server = await serve({ ...FAST_HASH, hello_timeout_s: 1, log_level: 'warn' }); });
  after(async () => { await shutdown(server); });

  test('a socket that never says hello is told and closed with the reason', async () => {
    const c = new Client(server.port);
    await c.connect();
    const opened = Date.now();
    const error = await c.next((m) => m.type === 'error', 5000, 'the hello_timeout error');
    assert.equal(error.code, 'hello_timeout');
    assert.match(error.message, /hello within 1 s/);
    const closed = await c.untilClosed(5000);
    assert.equal(closed.code, 1008);
    assert.equal(closed.reason, 'no hello in time');
    const after = (Date.now() - opened) / 1000;
    assert.ok(after >= 0.8 && after < 3, `closed after ${after} s, not about 1`);
  });

  test('a failed hello does not count: the deadline still closes it', async () => {
    const c = new Client(server.port);
    await c.connect();
    c.send({ type: 'hello', v: 1, token: 'no-such-token' });
    assert.equal((await c.next((m) => m.type === 'error')).code, 'auth_failed');
    assert.equal((await c.next((m) => m.type === 'error', 5000)).code, 'hello_timeout');
    assert.equal((await c.untilClosed(5000)).code, 1008);
  });

  test('a socket that said hello in time stays open past the deadline', async () => {
    const c = new Client(server.port);
    await c.connect();
    c.send({ type: 'hello', v: 1, token: await guestToken(server.port) });
    assert.equal((await c.next()).type, 'welcome');
    await new Promise((r) => setTimeout(r, 2000)); // past the hello deadline: the clock is what is tested
    assert.equal(c.closed, null);
    c.send({ type: 'ping' });
    assert.equal((await c.next((m) => m.type === 'pong')).type, 'pong');
    c.ws.close();
  });
});
