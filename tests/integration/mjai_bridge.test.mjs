// mjai_bridge.test.mjs — the bridge ippon-mjai (src/tools/ippon_mjai.c, its WebSocket link
// src/tools/common/mjai_link.c) between a fake mjai TCP client (node's net, speaking as akochan's
// mjai_client does: read hello, send join, answer every line) and a fake server mjai route (the
// ws package, following src/server/MJAI.md): hello and join, the upgrade's bearer token,
// subprotocol, room and resume query, lines relayed both ways in order, the server's error
// messages kept from the client, a dropped WebSocket resumed (the server says how many answers
// it has and expects the rest again), refusals (401 bad_token, 403 bot_suspended: exit 1 with
// the server's message; 503: tried again), and bad command lines (exit 2).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { WebSocketServer } from 'ws';
import { BUILD_DIR, SANITIZER_REPORT } from './harness.mjs';

const TOOL = path.join(BUILD_DIR, 'src/tools/ippon-mjai');
const TOKEN = 'ab'.repeat(32);
const WAIT_MS = 10_000;

/** resolves with what `fn` returns once it is truthy; fails after ms */
async function until(fn, what, ms = WAIT_MS) {
  const end = Date.now() + ms;
  for (;;) {
    const v = fn();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/**
 * A fake mjai route. `refuse(req)` may return [status, body] to refuse an upgrade; every
 * accepted socket is pushed to `sockets` as { ws, url, headers, received: [parsed answers] }.
 */
async function fakeServer(refuse = () => null) {
  const wss = new WebSocketServer({ noServer: true, handleProtocols: (p) => (p.has('mjai') ? 'mjai' : false) });
  const server = http.createServer((req, res) => { res.writeHead(404); res.end(); });
  const s = { requests: [], sockets: [] };
  server.on('upgrade', (req, socket, head) => {
    s.requests.push({ url: req.url, headers: req.headers });
    const refusal = refuse(req);
    if (refusal) {
      const [status, body] = refusal;
      const text = JSON.stringify(body);
      socket.end(`HTTP/1.1 ${status} Refused\r\nContent-Type: application/json\r\n`
        + `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`);
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      const conn = { ws, url: req.url, headers: req.headers, received: [], closed: false };
      ws.on('message', (data) => conn.received.push(JSON.parse(data.toString())));
      ws.on('close', () => { conn.closed = true; });
      s.sockets.push(conn);
    });
  });
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  s.url = `ws://127.0.0.1:${server.address().port}`;
  s.close = () => { for (const c of s.sockets) c.ws.terminate(); server.close(); };
  return s;
}

/** starts the bridge; resolves once it listens: { proc, port, stderr(), exit } */
async function startBridge(args) {
  const proc = spawn(TOOL, [...args, '--listen', '127.0.0.1:0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d) => { err += d; });
  const exit = new Promise((r) => proc.on('exit', (code, signal) => r({ code, signal })));
  const port = await until(() => /listening on 127\.0\.0\.1:(\d+)/.exec(err)?.[1], 'the bridge to listen');
  return { proc, port: Number(port), stderr: () => err, exit };
}

async function stopBridge(b) {
  b.proc.kill('SIGTERM');
  const { code } = await b.exit;
  assert.equal(code, 0, b.stderr());
  assert.doesNotMatch(b.stderr(), SANITIZER_REPORT);
}

/** an mjai TCP client: lines as parsed JSON, in order */
async function mjaiClient(port) {
  const sock = net.connect(port, '127.0.0.1');
  const c = { lines: [], ended: false, sock };
  let buf = '';
  sock.on('data', (d) => {
    buf += d;
    let i;
    while ((i = buf.indexOf('\n')) >= 0) {
      c.lines.push(JSON.parse(buf.slice(0, i)));
      buf = buf.slice(i + 1);
    }
  });
  sock.on('end', () => { c.ended = true; });
  sock.on('close', () => { c.ended = true; });
  await new Promise((r) => sock.on('connect', r));
  c.send = (obj) => sock.write(`${JSON.stringify(obj)}\n`);
  c.line = (n) => until(() => c.lines.length >= n && c.lines[n - 1], `client line ${n}`);
  return c;
}

const HELLO = { type: 'hello', protocol: 'mjsonp', protocol_version: 3 };
const JOIN = { type: 'join', name: 'akochan', room: 'default' };

// a short match as the route would send it to seat 0 (MJAI.md), and the bot's answers to it
const MATCH = [
  { type: 'start_game', id: 0, names: ['bot', 'a', 'b', 'c'] },
  { type: 'start_kyoku', bakaze: 'E', dora_marker: '3p', kyoku: 1, honba: 0, kyotaku: 0, oya: 0,
    scores: [25000, 25000, 25000, 25000], tehais: [['1m', '2m', '3m', '4p', '5pr', '6p', '7s', '8s', '9s', 'E', 'E', 'S', 'W'],
      Array(13).fill('?'), Array(13).fill('?'), Array(13).fill('?')] },
  { type: 'tsumo', actor: 0, pai: 'N' },
  { type: 'dahai', actor: 0, pai: 'N', tsumogiri: true },
  { type: 'tsumo', actor: 1, pai: '?' },
  { type: 'dahai', actor: 1, pai: 'E', tsumogiri: false, possible_actions: [{ type: 'pon', actor: 0, target: 1, pai: 'E', consumed: ['E', 'E'] }] },
  { type: 'end_game' },
];
const ANSWERS = [
  { type: 'none' },
  { type: 'none' },
  { type: 'dahai', actor: 0, pai: 'N', tsumogiri: true },
  { type: 'none' },
  { type: 'none' },
  { type: 'pon', actor: 0, target: 1, pai: 'E', consumed: ['E', 'E'] },
  { type: 'none' },
];

/** the client answers message i (1-based) of MATCH */
function answerOf(msg) {
  return ANSWERS[MATCH.findIndex((m) => JSON.stringify(m) === JSON.stringify(msg))];
}

test('hello, join, the upgrade (bearer, subprotocol, room), lines both ways in order, EOF at the end, the next client', async () => {
  const srv = await fakeServer();
  const b = await startBridge(['--url', srv.url, '--token', TOKEN, '--room', 'practice-4p']);
  try {
    const c = await mjaiClient(b.port);
    assert.deepEqual(await c.line(1), HELLO);
    assert.equal(srv.requests.length, 0, 'no WebSocket before join');
    c.send(JOIN);
    const conn = await until(() => srv.sockets[0], 'the upgrade');
    assert.equal(conn.url, '/mjai?room=practice-4p', 'the bridge\'s room, not the client\'s "default"; no resume');
    assert.equal(conn.headers.authorization, `Bearer ${TOKEN}`);
    assert.equal(conn.ws.protocol, 'mjai');
    // the client answers each line as it comes; an error between them reaches nobody's count
    let answered = 0;
    const answerer = setInterval(() => {
      while (answered < c.lines.length - 1) c.send(answerOf(c.lines[1 + answered++]));
    }, 5);
    for (const [i, msg] of MATCH.entries()) {
      conn.ws.send(JSON.stringify(msg) + (i % 2 ? '\n' : '')); // a trailing newline is allowed
      if (i === 3) conn.ws.send(JSON.stringify({ type: 'error', message: 'dahai: not your turn' }));
      await until(() => conn.received.length === i + 1, `answer ${i + 1}`);
    }
    clearInterval(answerer);
    assert.deepEqual(c.lines.slice(1), MATCH, 'every numbered message, once, in order; the error kept back');
    assert.deepEqual(conn.received, ANSWERS, 'every answer, once, in order');
    assert.match(b.stderr(), /the server says: \{"type":"error","message":"dahai: not your turn"\}/);
    conn.ws.close(1000);
    await until(() => c.ended, 'EOF for the client after the match');
    assert.match(b.stderr(), /the match is over \(7 messages, 7 answers\)/);

    // the bridge waits for the next client, which gets its own WebSocket
    const c2 = await mjaiClient(b.port);
    assert.deepEqual(await c2.line(1), HELLO);
    c2.send({ type: 'join', name: 'second', room: 'default' });
    const conn2 = await until(() => srv.sockets[1], 'the second upgrade');
    assert.equal(conn2.url, '/mjai?room=practice-4p');
    // one client at a time: a third is refused while the second plays
    const c3 = await mjaiClient(b.port);
    await until(() => c3.ended, 'the third client refused');
    assert.deepEqual(c3.lines, []);
    // the client leaves: the WebSocket is closed
    c2.sock.end();
    await until(() => conn2.closed, 'the WebSocket closed after the client left');
    assert.match(b.stderr(), /the client left: closing the WebSocket/);
  } finally {
    await stopBridge(b);
    srv.close();
  }
});

test('a dropped WebSocket is resumed: resume=N, the server\'s answered R, the answers after R sent again', async () => {
  const srv = await fakeServer();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ippon-mjai-'));
  const tokenFile = path.join(dir, 'token');
  fs.writeFileSync(tokenFile, `${TOKEN}\n`, { mode: 0o600 });
  const b = await startBridge(['--url', `${srv.url}/mjai`, '--token-file', tokenFile, '--room', 'practice-3p']);
  try {
    const c = await mjaiClient(b.port);
    await c.line(1);
    c.send(JOIN);
    const conn1 = await until(() => srv.sockets[0], 'the upgrade');
    assert.equal(conn1.headers.authorization, `Bearer ${TOKEN}`, 'the token from the file');
    for (const msg of MATCH.slice(0, 3)) conn1.ws.send(JSON.stringify(msg));
    for (let i = 2; i <= 3; i++) c.send(answerOf(await c.line(i)));
    await until(() => conn1.received.length === 2, 'two answers');
    conn1.ws.terminate(); // the connection drops, no close frame
    await c.line(4);
    c.send(answerOf(c.lines[3])); // answer 3, given while the bridge is away or just about to notice

    const conn2 = await until(() => srv.sockets[1], 'the reconnection');
    assert.equal(conn2.url, '/mjai?room=practice-3p&resume=3');
    assert.equal(conn2.headers.authorization, `Bearer ${TOKEN}`);
    await new Promise((r) => setTimeout(r, 100));
    assert.deepEqual(conn2.received, [], 'nothing is sent before the server says what it has');
    conn2.ws.send(JSON.stringify({ type: 'resume', answered: 1 })); // it lost answer 2 (and never had 3)
    await until(() => conn2.received.length === 2, 'answers 2 and 3');
    assert.deepEqual(conn2.received, ANSWERS.slice(1, 3));
    for (const msg of MATCH.slice(3)) conn2.ws.send(JSON.stringify(msg));
    for (let i = 5; i <= MATCH.length + 1; i++) c.send(answerOf(await c.line(i)));
    await until(() => conn2.received.length === 2 + MATCH.length - 3, 'the rest of the answers');
    assert.deepEqual(conn2.received, ANSWERS.slice(1), 'after the resent ones, the rest in order');
    assert.deepEqual(c.lines.slice(1), MATCH, 'the client saw each message once: neither the resume nor a repeat');
    assert.match(b.stderr(), /reconnecting in 0\.2 s/);
    assert.match(b.stderr(), /resumed after message 3: the server has answers up to 1, 2 sent again/);
    conn2.ws.close(1000);
    await until(() => c.ended, 'EOF after the match');
  } finally {
    await stopBridge(b);
    srv.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('a resume refused (bad_resume: the match is gone) or a replaced socket (4000): the client gets EOF, the bridge goes on', async () => {
  const srv = await fakeServer((req) => (req.url.includes('resume=')
    ? [400, { error: { code: 'bad_resume', message: 'the match has ended' } }] : null));
  const b = await startBridge(['--url', srv.url, '--token', TOKEN, '--room', 'practice-4p']);
  try {
    const c = await mjaiClient(b.port);
    await c.line(1);
    c.send(JOIN);
    const conn = await until(() => srv.sockets[0], 'the upgrade');
    conn.ws.send(JSON.stringify(MATCH[0]));
    c.send(answerOf(await c.line(2)));
    await until(() => conn.received.length === 1, 'the answer');
    conn.ws.terminate();
    await until(() => c.ended, 'EOF once the resume is refused');
    assert.equal(srv.requests.at(-1).url, '/mjai?room=practice-4p&resume=1');
    assert.match(b.stderr(), /the server no longer has the match \(bad_resume: the match has ended\): the client gets EOF/);

    const c2 = await mjaiClient(b.port); // still listening
    await c2.line(1);
    c2.send(JOIN);
    const conn2 = await until(() => srv.sockets[1], 'the second upgrade');
    conn2.ws.close(4000, 'replaced');
    await until(() => c2.ended, 'EOF once replaced');
    assert.match(b.stderr(), /another connection of this bot took its seat/);
    assert.equal(srv.sockets.length, 2, 'a replaced link does not come back');

    // a client whose first line is not join is told so and let go
    const c3 = await mjaiClient(b.port);
    await c3.line(1);
    c3.send({ type: 'none' });
    await until(() => c3.ended, 'EOF after a first line that is not join');
    assert.deepEqual(c3.lines[1], { type: 'error', message: 'ippon-mjai: the first message must be join' });
    assert.equal(srv.sockets.length, 2, 'no WebSocket for it');
  } finally {
    await stopBridge(b);
    srv.close();
  }
});

test('an upgrade refused with 503 is tried again; a client leaving while the bridge waits to try again', async () => {
  let refusals = 1;
  const srv = await fakeServer(() => (refusals-- > 0 ? [503, { error: { code: 'busy', message: 'try later' } }] : null));
  const b = await startBridge(['--url', srv.url, '--token', TOKEN, '--room', 'ladder']);
  try {
    const c = await mjaiClient(b.port);
    await c.line(1);
    c.send(JOIN);
    const conn = await until(() => srv.sockets[0], 'the second attempt');
    assert.equal(conn.url, '/mjai?room=ladder');
    assert.equal(srv.requests.length, 2);
    assert.match(b.stderr(), /HTTP 503: trying again in 0\.2 s/);
    c.sock.end();
    await until(() => conn.closed, 'the WebSocket closed');

    refusals = Infinity; // the server stays busy: the link waits 0.2, 0.4, 0.8 s…
    const c2 = await mjaiClient(b.port);
    await c2.line(1);
    c2.send(JOIN);
    await until(() => /HTTP 503: trying again in 0\.4 s/.test(b.stderr()), 'a second refusal, a longer wait');
    c2.sock.end(); // the client leaves meanwhile: nothing is left behind (ASan's leak check at the end)
    await until(() => (b.stderr().match(/disconnected; waiting for the next client/g) || []).length === 2,
      'the second client gone');
    const attempts = srv.requests.length;
    await new Promise((r) => setTimeout(r, 1000));
    assert.equal(srv.requests.length, attempts, 'no attempt after the client left');
  } finally {
    await stopBridge(b);
    srv.close();
  }
});

for (const [status, code, message, line] of [
  [401, 'bad_token', 'no bot has this token', 'the server refused the token (bad_token): no bot has this token'],
  [403, 'bot_suspended', 'suspended: timed out 12 times', 'the server refused the bot (bot_suspended): suspended: timed out 12 times'],
]) {
  test(`${status} ${code}: exit 1 with the server's message, no retry`, async () => {
    const srv = await fakeServer(() => [status, { error: { code, message } }]);
    const b = await startBridge(['--url', srv.url, '--token', TOKEN, '--room', 'practice-4p']);
    try {
      const c = await mjaiClient(b.port);
      await c.line(1);
      c.send(JOIN);
      const { code: exitCode } = await b.exit;
      assert.equal(exitCode, 1, b.stderr());
      assert.match(b.stderr(), new RegExp(`^ippon-mjai: ${line.replace(/[()]/g, '\\$&')}$`, 'm'));
      assert.doesNotMatch(b.stderr(), SANITIZER_REPORT);
      // the upgrade, and once more as plain HTTP to read the body (lws 4.1 drops it): no retry
      assert.equal(srv.requests.length, 2);
      assert.ok(srv.requests.every((r) => r.headers.authorization === `Bearer ${TOKEN}`));
      await until(() => c.ended, 'EOF for the client');
    } finally {
      srv.close();
    }
  });
}

test('bad command lines exit 2 with a reason; --help exits 0', async () => {
  const run = (args) => new Promise((resolve) => {
    const p = spawn(TOOL, args);
    let out = '';
    let err = '';
    p.stdout.on('data', (d) => { out += d; });
    p.stderr.on('data', (d) => { err += d; });
    p.on('exit', (code) => resolve({ code, out, err }));
  });
  const base = ['--url', 'ws://127.0.0.1:1', '--room', 'practice-4p'];
  for (const [args, reason] of [
    [[], /--url is required/],
    [['--url', 'ws://127.0.0.1:1', '--token', TOKEN], /--room is required/],
    [base, /--token or --token-file/],
    [[...base, '--token', TOKEN, '--token-file', '/nonexistent'], /--token or --token-file/],
    [[...base, '--token-file', '/nonexistent/token'], /--token-file \/nonexistent\/token: No such file/],
    [['--url', 'http://127.0.0.1:1', '--room', 'ladder', '--token', TOKEN], /not a ws:\/\/ URL/],
    [['--url', 'wss://example.org', '--room', 'ladder', '--token', TOKEN], /TLS is not spoken/],
    [['--url', 'ws://127.0.0.1:99999', '--room', 'ladder', '--token', TOKEN], /port is not a number/],
    [['--url', 'ws://127.0.0.1:1', '--room', 'a room', '--token', TOKEN], /--room a room: letters/],
    [[...base, '--token', 'two words'], /--token: 1 to 256 printable/],
    [[...base, '--token', TOKEN, '--listen', 'nowhere'], /--listen nowhere: not HOST:PORT/],
    [[...base, '--token', TOKEN, '--bogus'], /unknown option --bogus/],
    [[...base, '--token'], /--token needs a value/],
  ]) {
    const r = await run(args);
    assert.equal(r.code, 2, `${args.join(' ')}: ${r.err}`);
    assert.match(r.err, reason, args.join(' '));
  }
  const help = await run(['--help']);
  assert.equal(help.code, 0);
  assert.match(help.out, /^usage: ippon-mjai --url ws:\/\/HOST:PORT/);
});
