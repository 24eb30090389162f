// ws_back.test.mjs — the game socket (web/js/ws.js) when the page comes back from the background:
// a socket that dropped while the page was hidden waits out its back-off no longer once the page
// is visible again (or back online): it connects at once and says hello. An open socket is
// checked with a ping: answered, it stays; silent for ws.js's PROBE_MS (a phone's sleep killed it
// without a close), it is replaced at once. A hidden page does not reconnect early, and a socket
// stopped for good (session over) does not come back. Runs ws.js in Node (fake_socket.mjs).
// Run: node --test tests/web/ws_back.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FakeSocket, setVisible, settle } from './fake_socket.mjs';

const { GameSocket, PROBE_MS } = await import(pathToFileURL(join(import.meta.dirname, '../../web/js/ws.js')).href);

/** a socket started and greeted; its states in `states` */
function greeted(states = []) {
  FakeSocket.made = [];
  const s = new GameSocket({ getToken: () => 'tok', getLast: () => null, onMessage: () => {}, onState: (x) => states.push(x) });
  s.start();
  FakeSocket.made[0].open();
  FakeSocket.made[0].receive({ type: 'welcome', user: { id: 'u' }, table: null });
  return s;
}

/** the socket dropped and failed `n` times more: its next try is the back-off's 4 s or more away */
async function downAfterFailures(t, n) {
  for (let i = 0; i <= n; i++) {
    FakeSocket.made.at(-1).close();
    await settle();
    if (i < n) {
      const before = FakeSocket.made.length;
      while (FakeSocket.made.length === before) t.mock.timers.tick(100);
    }
  }
}

test('a socket that dropped while hidden connects at once when the page is visible again', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const states = [];
  const s = greeted(states);
  setVisible(false);
  await downAfterFailures(t, 3); // 300 + 1000 + 2000 ms of back-off: the next try waits 4000 ms
  const made = FakeSocket.made.length;
  t.mock.timers.tick(1000);
  assert.equal(FakeSocket.made.length, made, 'still waiting out the back-off');
  setVisible(false); // hidden: nothing yet
  assert.equal(FakeSocket.made.length, made);
  setVisible(true);
  assert.equal(FakeSocket.made.length, made + 1, 'connected at once');
  const now = FakeSocket.made.at(-1);
  now.open();
  assert.deepEqual(now.sent[0], { type: 'hello', v: 1, token: 'tok' });
  now.receive({ type: 'welcome', user: { id: 'u' }, table: null });
  assert.equal(states.at(-1), 'open');
  // and the back-off starts over: a drop now waits the first step only
  now.close();
  await settle();
  t.mock.timers.tick(300);
  assert.equal(FakeSocket.made.length, made + 2);
  s.stop();
});

test('back online connects at once too', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const s = greeted();
  await downAfterFailures(t, 2);
  const made = FakeSocket.made.length;
  window.dispatchEvent(new Event('online'));
  assert.equal(FakeSocket.made.length, made + 1);
  s.stop();
});

test('an open socket that answers the check stays; one that does not is replaced', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const s = greeted();
  const first = FakeSocket.made[0];
  setVisible(true);
  assert.deepEqual(first.sent.at(-1), { type: 'ping' }, 'asked for a pong');
  first.receive({ type: 'pong', t: 1 });
  t.mock.timers.tick(PROBE_MS * 2);
  assert.equal(FakeSocket.made.length, 1, 'answered: kept');
  setVisible(true);
  t.mock.timers.tick(PROBE_MS - 1);
  assert.equal(FakeSocket.made.length, 1, 'not before PROBE_MS');
  t.mock.timers.tick(1);
  assert.equal(FakeSocket.made.length, 2, 'silent: replaced at once');
  assert.equal(first.readyState, 3, 'the silent one closed');
  await settle(); // its late close event changes nothing
  assert.equal(FakeSocket.made.length, 2);
  FakeSocket.made[1].open();
  assert.deepEqual(FakeSocket.made[1].sent[0], { type: 'hello', v: 1, token: 'tok' });
  s.stop();
});

test('a socket stopped for good stays down when the page comes back', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout', 'setInterval'] });
  const s = greeted();
  FakeSocket.made[0].receive({ type: 'error', code: 'session_ended' });
  FakeSocket.made[0].close();
  await settle();
  setVisible(true);
  window.dispatchEvent(new Event('online'));
  assert.equal(FakeSocket.made.length, 1);
  s.stop();
});
