// rooms.test.mjs — private tables (PROTOCOL.md, "Private tables"; game/rooms.c, gateway_rooms.c)
// through the real server.
//
// A host creates a 4p room (relaxed clocks, bots allowed, spectators with no delay); two friends
// join by its code (any case); every member hears the room change; a stranger may not start it;
// the host starts it: three humans and one bot at one table, match_found not ranked, the clocks
// three times the standard ones; a spectator watches it with no delay. Played to the end, the
// match is stored as private and not ranked, and shows as private in each player's profile.
// Refusals: a bad mode, an unknown code, a full room, joining while queued, queueing while in a
// room, a second room from one player, more than three open rooms from one address, starting a
// room that may not use bots before it is full. The host closing a room tells its members.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, getJson, serve, shutdown, storedMatch } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

describe('private tables', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', clock_move_ms: 5000, clock_bank_ms: 20000 });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('create, join by code, start with a bot, play, stored as private', async () => {
    const host = await player(port), a = await player(port), b = await player(port), stranger = await player(port);
    host.send({ type: 'room_create', mode: '4p', clock: 'relaxed', bots: true, spectators: true, delay_s: 0 });
    const room = await host.next((m) => m.type === 'room', 5_000, 'the room');
    assert.match(room.code, /^[2-9A-HJKMNP-Z]{6}$/);
    assert.deepEqual(room.choices, { mode: '4p', clock: 'relaxed', bots: true, spectators: true, delay_s: 0 });
    assert.equal(room.members.length, 1);
    assert.equal(room.members[0].host, true);
    a.send({ type: 'room_join', code: room.code.toLowerCase() });
    await a.next((m) => m.type === 'room' && m.members.length === 2, 5_000, 'a in the room');
    b.send({ type: 'room_join', code: room.code });
    const full = await host.next((m) => m.type === 'room' && m.members.length === 3, 5_000, 'all three');
    assert.deepEqual(full.members.map((m) => m.name), [host.welcome.user.display_name, a.welcome.user.display_name,
      b.welcome.user.display_name]);
    stranger.send({ type: 'room_start' });
    assert.equal((await stranger.next((m) => m.type === 'error')).code, 'no_room');
    a.send({ type: 'room_start' });
    assert.equal((await a.next((m) => m.type === 'error')).code, 'not_host');
    a.send({ type: 'queue', mode: '4p' });
    assert.equal((await a.next((m) => m.type === 'error')).code, 'in_room');

    host.send({ type: 'room_start' });
    const found = await Promise.all([host, a, b].map((c) => c.next((m) => m.type === 'match_found', 10_000, 'match_found')));
    assert.equal(new Set(found.map((f) => f.table)).size, 1, 'one table');
    for (const f of found) assert.equal(f.ranked, false);
    assert.equal(found[0].seats.filter((s) => s.bot).length, 1, 'a bot in the empty seat');
    const ask = await Promise.race([host, a, b].map((c) => c.next((m) => m.type === 'ask', 20_000, 'an ask')));
    assert.equal(ask.clock.move_ms, 3 * 5000 * FAST_PLAY.time_scale, 'relaxed: three times the move time');

    const watcher = await player(port);
    watcher.send({ type: 'watch', table: found[0].table });
    const watching = await watcher.next((m) => m.type === 'watching');
    assert.equal(watching.delay_ms, 0, 'the host\'s delay');
    const list = await getJson(port, '/api/tables');
    assert.equal(list.tables.filter((x) => x.id === found[0].table).length, 0, 'private tables are not listed');

    await Promise.all([host, a, b].map((c) => playToEnd(c)));
    const rec = await storedMatch(port, found[0].table);
    assert.equal(rec.private, true);
    assert.equal(rec.ranked, false);
    for (const c of [host, a, b]) {
      const profile = await getJson(port, `/api/players/${c.welcome.user.id}`);
      const row = profile.recent.find((r) => r.id === found[0].table);
      assert.ok(row, 'in the profile');
      assert.equal(row.private, true);
      assert.equal(row.counted, false);
    }
    for (const c of [host, a, b, stranger, watcher]) c.ws.close();
  });

  test('refusals and closing', async () => {
    const host = await player(port), other = await player(port);
    host.send({ type: 'room_create', mode: '5p' });
    assert.equal((await host.next((m) => m.type === 'error')).code, 'bad_message');
    host.send({ type: 'room_create', mode: '3p', delay_s: -1 });
    assert.equal((await host.next((m) => m.type === 'error')).code, 'bad_message');
    other.send({ type: 'room_join', code: 'ZZZZZZ' });
    assert.equal((await other.next((m) => m.type === 'error')).code, 'no_room');
    host.send({ type: 'room_create', mode: '3p', bots: false });
    const room = await host.next((m) => m.type === 'room');
    host.send({ type: 'room_create', mode: '3p' });
    assert.equal((await host.next((m) => m.type === 'error')).code, 'in_room');
    host.send({ type: 'room_start' });
    assert.equal((await host.next((m) => m.type === 'error')).code, 'room_not_full');
    other.send({ type: 'queue', mode: '4p' });
    await other.next((m) => m.type === 'queued');
    other.send({ type: 'room_join', code: room.code });
    assert.equal((await other.next((m) => m.type === 'error')).code, 'queued');
    other.send({ type: 'unqueue' });
    await other.next((m) => m.type === 'unqueued');
    other.send({ type: 'room_join', code: room.code });
    await other.next((m) => m.type === 'room');
    const third = await player(port), fourth = await player(port);
    third.send({ type: 'room_join', code: room.code });
    await third.next((m) => m.type === 'room');
    fourth.send({ type: 'room_join', code: room.code });
    assert.equal((await fourth.next((m) => m.type === 'error')).code, 'room_full');
    host.send({ type: 'room_close' });
    for (const c of [host, other, third]) {
      const closed = await c.next((m) => m.type === 'room_closed', 5_000, 'room_closed');
      assert.equal(closed.code, room.code);
    }
    // three open rooms from one address, not a fourth
    const hosts = [await player(port), await player(port), await player(port), fourth];
    for (const [i, c] of hosts.entries()) {
      c.send({ type: 'room_create', mode: '4p' });
      const m = await c.next((x) => x.type === 'room' || x.type === 'error');
      if (i < 3) assert.equal(m.type, 'room');
      else assert.equal(m.code, 'too_many_rooms');
    }
    for (const c of [host, other, third, ...hosts]) c.ws.close();
  });
});
