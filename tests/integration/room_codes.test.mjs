// room_codes.test.mjs — room codes cannot be guessed (game/room_limits.h, gateway_room_limits.c;
// PROTOCOL.md, "Private tables"): through the real server with its default limits (10 codes that
// lead nowhere per address and per account in 10 minutes), behind the "proxy" 127.0.0.1
// (trusted_proxy) so that each test speaks for addresses of its own through X-Forwarded-For.
//
// Wrong codes from one address, across reconnects and several guests, are refused `rate_limited`
// with a retry time once ten have failed — and so is the right code; a flood of them closes no
// connection. One guest trying from many addresses is limited by its account. A friend who
// mistypes a few times still joins, and joins whose code is right never count. At the end the
// server's log holds one summary line per address, and no line per attempt or per connection.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, serve, shutdown, stopServer } from './harness.mjs';
import { guestToken, player } from './ws_player.mjs';

const LIMIT = 10; // the default room_join_fails_per_address and room_join_fails_per_account

describe('guessing room codes', () => {
  let server, port, code;
  const sent = {}; // address → [failed joins answered no_room, joins refused rate_limited]
  const from = (address) => ({ forwardedFor: address });
  const tally = (address, i) => { (sent[address] ??= [0, 0])[i]++; };

  /** one room_join from c (of address): its answer */
  async function join(c, address, roomCode) {
    c.send({ type: 'room_join', code: roomCode });
    const m = await c.next((x) => x.type === 'room' || x.type === 'error', 5_000, `the answer to ${roomCode}`);
    if (m.type === 'error' && m.code === 'no_room') tally(address, 0);
    if (m.type === 'error' && m.code === 'rate_limited') tally(address, 1);
    return m;
  }

  /** a code that is not the room's (nor, at six characters of 31, likely any other) */
  let wrong = 0;
  const wrongCode = () => `ZZZZ${'23456789'[Math.floor(wrong / 8) % 8]}${'23456789'[wrong++ % 8]}`;

  function assertLimited(m, what) {
    assert.equal(m.type, 'error', `${what}: ${JSON.stringify(m)}`);
    assert.equal(m.code, 'rate_limited', `${what}: ${JSON.stringify(m)}`);
    assert.ok(Number.isInteger(m.retry_after_ms) && m.retry_after_ms > 0 && m.retry_after_ms <= 60_000,
      `${what}: retry_after_ms ${m.retry_after_ms}`);
  }

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'info', trusted_proxy: '127.0.0.1' });
    port = server.port;
    const host = await player(port, undefined, from('192.0.2.1'));
    host.send({ type: 'room_create', mode: '4p' });
    ({ code } = await host.next((m) => m.type === 'room', 5_000, 'the room'));
  });

  after(async () => { await shutdown(server); });

  test('one address: ten wrong codes over reconnects and guests, then rate_limited, the right code too', async () => {
    const address = '192.0.2.10';
    const token = await guestToken(port);
    let g1 = await player(port, token, from(address));
    for (let i = 0; i < 4; i++)
      assert.equal((await join(g1, address, wrongCode())).code, 'no_room');
    g1.ws.close();
    g1 = await player(port, token, from(address)); // reconnecting does not reset the count
    for (let i = 0; i < 4; i++)
      assert.equal((await join(g1, address, wrongCode())).code, 'no_room');
    const g2 = await player(port, undefined, from(address)); // nor does another guest
    for (let i = 0; i < LIMIT - 8; i++)
      assert.equal((await join(g2, address, wrongCode())).code, 'no_room');
    assertLimited(await join(g2, address, wrongCode()), 'the eleventh wrong code');
    const g3 = await player(port, undefined, from(address));
    assertLimited(await join(g3, address, code), 'the right code from a limited address');
    assertLimited(await join(g3, address, code.toLowerCase()), 'the right code, any case');

    // a flood: every join answered rate_limited, no connection closed for it
    for (let i = 0; i < 50; i++) g1.send({ type: 'room_join', code: wrongCode() });
    for (let i = 0; i < 50; i++) {
      const m = await g1.next((x) => x.type === 'error' || x.type === 'room', 5_000, `flood answer ${i}`);
      assertLimited(m, `flood answer ${i}`);
      tally(address, 1);
    }
    g1.send({ type: 'ping' });
    await g1.next((m) => m.type === 'pong', 5_000, 'the flooding socket still open');
    assert.equal(g1.closed, null);

    // another address joins with the right code at once
    const friend = await player(port, undefined, from('192.0.2.11'));
    const room = await join(friend, '192.0.2.11', code);
    assert.equal(room.type, 'room', JSON.stringify(room));
    for (const c of [g1, g2, g3, friend]) c.ws.close();
  });

  test('one account from many addresses is limited by the account', async () => {
    const token = await guestToken(port);
    for (let i = 0; i < LIMIT; i++) {
      const address = `198.51.100.${i + 1}`;
      const c = await player(port, token, from(address));
      assert.equal((await join(c, address, wrongCode())).code, 'no_room');
      c.ws.close();
    }
    const address = '198.51.100.200';
    const c = await player(port, token, from(address));
    assertLimited(await join(c, address, wrongCode()), 'the account\'s eleventh');
    const other = await player(port, undefined, from(address)); // the address itself is not limited
    assert.equal((await join(other, address, wrongCode())).code, 'no_room');
    for (const x of [c, other]) x.ws.close();
  });

  test('a friend who mistypes a few times joins; right codes never count', async () => {
    const address = '203.0.113.7';
    const friend = await player(port, undefined, from(address));
    for (let i = 0; i < 3; i++)
      assert.equal((await join(friend, address, wrongCode())).code, 'no_room');
    for (let i = 0; i < 3 * LIMIT; i++) { // joining and leaving again and again
      const room = await join(friend, address, code);
      assert.equal(room.type, 'room', `join ${i}: ${JSON.stringify(room)}`);
      friend.send({ type: 'room_leave' });
      await friend.next((m) => m.type === 'room_left', 5_000, 'room_left');
    }
    friend.ws.close();
  });

  test('the log: one summary line per address, none per attempt or connection', async () => {
    await stopServer(server.proc); // the summaries of the minute not over yet are written at the end
    const { stderr } = server.proc;
    server.proc = null;
    const summaries = [...stderr.matchAll(
      /rooms: address (\S+): (\d+) failed room joins in the last minute \((\d+) with codes that led nowhere, (\d+) refused by the limit\)/g)];
    const byAddress = new Map();
    for (const m of summaries) {
      assert.ok(!byAddress.has(m[1]), `one line for ${m[1]}:\n${stderr}`);
      byAddress.set(m[1], [Number(m[3]), Number(m[4])]);
      assert.equal(Number(m[2]), Number(m[3]) + Number(m[4]));
    }
    for (const [address, counts] of Object.entries(sent))
      assert.deepEqual(byAddress.get(address), counts, `${address}'s summary:\n${stderr}`);
    assert.deepEqual(byAddress.get('192.0.2.10'), [LIMIT, 53], 'the guessing address');
    assert.equal(byAddress.size, Object.keys(sent).length, [...byAddress.keys()].join(' '));
    const warnings = stderr.split('\n').filter((l) => / warn /.test(l));
    assert.deepEqual(warnings.filter((l) => !/rooms: address/.test(l)), [], 'no other warning');
    assert.doesNotMatch(stderr, /too many bad messages/);
  });
});
