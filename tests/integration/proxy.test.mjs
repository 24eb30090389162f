// proxy.test.mjs — the client's address behind a reverse proxy (src/server/client_addr.h).
//
// The per-address limits must count real clients, not the proxy, and must not be fooled by a
// client that writes its own X-Forwarded-For. With "trusted_proxy" set to the peer (here the
// test itself, 127.0.0.1) the last X-Forwarded-For entry is the client; without it, or with a
// header that is not an address, the header is ignored. Checked with the guest limit over
// REST (guests_per_address 1) and the WebSocket cap (max_conns_per_addr 1).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import http from 'node:http';
import WebSocket from 'ws';
import { MIGRATIONS, REQUEST_TIMEOUT_MS, WEB, freePort, runToExit, startServer, stopServer, tempDir,
  writeConfig } from './harness.mjs';

async function serve(extra) {
  const dir = await tempDir();
  const port = await freePort();
  const config = await writeConfig(dir, { port, bind: '127.0.0.1', web_root: WEB, database: 'ippon.db',
    migrations: MIGRATIONS, log_level: 'warn', guests_per_address: 1, max_conns_per_addr: 1, ...extra });
  const proc = await startServer(['--config', config], dir, port);
  return { port, proc, dir };
}

async function shutdown(server) {
  if (!server)
    return;
  try {
    await stopServer(server.proc);
  } finally {
    await fs.rm(server.dir, { recursive: true, force: true });
  }
}

/** POST /api/auth/guest with an X-Forwarded-For header (or none); resolves to the status */
function newGuest(port, forwarded) {
  return new Promise((resolve, reject) => {
    const headers = { 'content-type': 'application/json', 'content-length': 2 };
    if (forwarded !== undefined)
      headers['x-forwarded-for'] = forwarded;
    const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: '/api/auth/guest', agent: false,
      timeout: REQUEST_TIMEOUT_MS, headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('timeout', () => req.destroy(new Error('no answer')));
    req.on('error', reject);
    req.end('{}');
  });
}

/** a WebSocket from a forwarded address: resolves to 'open' or 'refused' */
function openSocket(port, forwarded, sockets) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, 'ippon.v1', { headers: { 'x-forwarded-for': forwarded } });
    sockets.push(ws);
    let opened = false;
    ws.on('open', () => {
      opened = true;
      // the server closes a refused socket right after the handshake: wait a moment to be sure
      setTimeout(() => resolve(ws.readyState === WebSocket.OPEN ? 'open' : 'refused'), 300);
    });
    ws.on('close', () => { if (!opened) resolve('refused'); });
    ws.on('error', () => resolve('refused'));
  });
}

describe('behind a trusted proxy', () => {
  let server;
  before(async () => { server = await serve({ trusted_proxy: '127.0.0.1' }); });
  after(async () => { await shutdown(server); });

  test('each forwarded client has its own guest limit', async () => {
    assert.equal(await newGuest(server.port, '203.0.113.5'), 201);
    assert.equal(await newGuest(server.port, '203.0.113.5'), 429);
    assert.equal(await newGuest(server.port, '198.51.100.7'), 201);
    assert.equal(await newGuest(server.port, '2001:db8::1'), 201);
  });

  test('only the last entry counts: what the client wrote before it proves nothing', async () => {
    assert.equal(await newGuest(server.port, '10.0.0.1, 192.0.2.44'), 201);
    assert.equal(await newGuest(server.port, '10.0.0.2, 192.0.2.44'), 429);
    assert.equal(await newGuest(server.port, '192.0.2.44, 192.0.2.45'), 201);
  });

  test('a header that is not an address falls back to the peer', async () => {
    assert.equal(await newGuest(server.port, 'not-an-address'), 201); // counted as 127.0.0.1
    assert.equal(await newGuest(server.port), 429);
    assert.equal(await newGuest(server.port, '192.0.2.50 junk'), 429);
  });

  test('the WebSocket cap counts forwarded clients', async () => {
    const sockets = [];
    try {
      assert.equal(await openSocket(server.port, '203.0.113.80', sockets), 'open');
      assert.equal(await openSocket(server.port, '203.0.113.81', sockets), 'open');
      assert.equal(await openSocket(server.port, '203.0.113.80', sockets), 'refused');
    } finally {
      for (const ws of sockets)
        ws.terminate();
    }
  });
});

describe('without a trusted proxy', () => {
  let server;
  before(async () => { server = await serve({}); });
  after(async () => { await shutdown(server); });

  test('X-Forwarded-For is ignored: a client cannot choose its address', async () => {
    assert.equal(await newGuest(server.port, '203.0.113.5'), 201);
    assert.equal(await newGuest(server.port, '198.51.100.7'), 429);
    const sockets = [];
    try {
      assert.equal(await openSocket(server.port, '203.0.113.80', sockets), 'open');
      assert.equal(await openSocket(server.port, '203.0.113.81', sockets), 'refused');
    } finally {
      for (const ws of sockets)
        ws.terminate();
    }
  });
});

test('a trusted_proxy that is not an address stops start-up, naming the key', async () => {
  const dir = await tempDir();
  try {
    const config = await writeConfig(dir, { port: await freePort(), web_root: WEB, migrations: MIGRATIONS,
      database: 'ippon.db', trusted_proxy: 'proxy.example' });
    const proc = await runToExit(['--config', config], dir);
    assert.equal(proc.exitCode, 1);
    assert.match(proc.stderr, /trusted_proxy/);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
});
