// ws_move.test.mjs — the browser's game socket (web/js/ws.js) following a cluster's "move"
// (PROTOCOL.md): told its table is on another node, it closes and connects at once to the
// move's path (which HAProxy routes to that node), says hello there, and keeps that path for
// later reconnects; when the table's node does not answer (closed before its welcome), the next
// try goes to plain /ws again. A move whose path is not a /ws path is ignored. Runs ws.js in
// Node against a scripted WebSocket (no server: fake_socket.mjs).
// Run: node --test tests/web/ws_move.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { FakeSocket, settle } from './fake_socket.mjs';

const { GameSocket } = await import(pathToFileURL(join(import.meta.dirname, '../../web/js/ws.js')).href);

/** ws.js's first back-off (BACKOFF_MS[0]): the tests' clock is moved on by it, not waited for */
const FIRST_BACKOFF_MS = 300;

function socket(received) {
  const s = new GameSocket({ getToken: () => 'tok', getLast: () => null, onMessage: (m) => received.push(m),
    onState: () => {} });
  s.start();
  return s;
}

test('a move sends the socket to the table\'s node at once, and it stays there', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  FakeSocket.made = [];
  const received = [];
  const s = socket(received);
  const first = FakeSocket.made[0];
  assert.equal(first.url, 'wss://play.example/ws');
  first.open();
  first.receive({ type: 'welcome', user: { id: 'u' }, table: null });
  first.receive({ type: 'move', reason: 'match_found', node: 'n2', table: 't1', path: '/ws?node=n2&table=t1' });
  await settle();
  assert.equal(FakeSocket.made.length, 2, 'connected again at once, without a back-off');
  const there = FakeSocket.made[1];
  assert.equal(there.url, 'wss://play.example/ws?node=n2&table=t1');
  there.open();
  assert.deepEqual(there.sent[0], { type: 'hello', v: 1, token: 'tok' });
  there.receive({ type: 'welcome', user: { id: 'u' }, table: { id: 't1', seat: 2 } });
  assert.ok(received.some((m) => m.type === 'move'), 'the move is handed on too');
  // a dropped connection comes back to the same node (after the back-off)
  there.close();
  await settle();
  assert.equal(FakeSocket.made.at(-1), there, 'not before the back-off');
  t.mock.timers.tick(FIRST_BACKOFF_MS);
  assert.equal(FakeSocket.made.at(-1).url, 'wss://play.example/ws?node=n2&table=t1');
  s.stop();
});

test('a table node that does not answer sends the next try to plain /ws', async (t) => {
  t.mock.timers.enable({ apis: ['setTimeout'] });
  FakeSocket.made = [];
  const s = socket([]);
  FakeSocket.made[0].open();
  FakeSocket.made[0].receive({ type: 'welcome', user: { id: 'u' }, table: null });
  FakeSocket.made[0].receive({ type: 'move', reason: 'seated', node: 'n3', table: 't9', path: '/ws?node=n3&table=t9' });
  await settle();
  const gone = FakeSocket.made[1];
  assert.equal(gone.url, 'wss://play.example/ws?node=n3&table=t9');
  gone.close(); // closed before any welcome: the node is down
  await settle();
  assert.equal(FakeSocket.made.at(-1), gone, 'not before the back-off');
  t.mock.timers.tick(FIRST_BACKOFF_MS);
  assert.equal(FakeSocket.made.at(-1).url, 'wss://play.example/ws');
  s.stop();
});

test('a move whose path is not a /ws path is not followed', async () => {
  FakeSocket.made = [];
  const s = socket([]);
  FakeSocket.made[0].open();
  FakeSocket.made[0].receive({ type: 'welcome', user: { id: 'u' }, table: null });
  FakeSocket.made[0].receive({ type: 'move', reason: 'seated', node: 'x', table: 't', path: '//evil.example/ws' });
  await settle();
  assert.equal(FakeSocket.made.length, 1);
  s.stop();
});
