// proxy.test.mjs — the client's address behind a reverse proxy (src/server/net/client_addr.h).
//
// The per-address limits must count real clients, not the proxy, and must not be fooled by a
// client that writes its own X-Forwarded-For. With "trusted_proxy" set to the peer (here the
// test itself, 127.0.0.1) the last X-Forwarded-For entry is the client; without it, or with a
// header that is not an address, the header is ignored. Checked with the guest limit over
// REST (guests_per_address 1) and the WebSocket cap (max_conns_per_addr 1).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import WebSocket from 'ws';
import { api, configure, runToExit, serve, shutdown } from './harness.mjs';

/** a server of its own: one guest and one WebSocket per address */
const serveLimited = (extra) => serve({ log_level: 'warn', guests_per_address: 1, max_conns_per_addr: 1, ...extra });

/** POST /api/auth/guest with an X-Forwarded-For header (or none); resolves to the status */
async function newGuest(port, forwarded) {
  const headers = forwarded === undefined ? {} : { 'x-forwarded-for': forwarded };
  return (await api(port, 'POST', '/api/auth/guest', { body: '{}', headers })).status;
}

/**
 * a WebSocket from a forwarded address: resolves to 'open' or 'refused'. The server closes a
 * refused socket right after the handshake, and answers a ping on one it took: the pong says
 * open, the close (or an error) says refused, whichever comes
 */
function openSocket(port, forwarded, sockets) {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, 'ippon.v1', { headers: { 'x-forwarded-for': forwarded } });
    sockets.push(ws);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'ping' })));
    ws.on('message', (data) => { if (JSON.parse(String(data)).type === 'pong') resolve('open'); });
    ws.on('close', () => resolve('refused'));
    ws.on('error', () => resolve('refused'));
  });
}

describe('behind a trusted proxy', () => {
  let server;
  before(async () => { server = await serveLimited({ trusted_proxy: '127.0.0.1' }); });
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
  before(async () => { server = await serveLimited({}); });
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
  const { dir, config } = await configure({ trusted_proxy: 'proxy.example' });
  try {
    const proc = await runToExit(['--config', config], dir);
    assert.equal(proc.exitCode, 1);
    assert.match(proc.stderr, /trusted_proxy/);
  } finally {
    await shutdown({ dir });
  }
});
