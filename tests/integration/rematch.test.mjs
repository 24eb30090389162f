// rematch.test.mjs — a private table played again (PROTOCOL.md, "Playing again"; rooms.c,
// gateway_rooms.c) through the real server.
//
// A host and a friend play a 3p private match (a bot in the third seat) to its end. The friend
// may not open the room again (not its host); the host does: the same code and choices, the host
// alone in it, and the friend is offered to come back (room_offer naming the code and the host).
// The friend joins with the code; the host starts a second match at a new table with the same
// two people. A player who hosted no room gets no_room; a second room_again while the room is open
// just says the room again.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, serve, shutdown } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

describe('playing a private table again', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn' });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('the host opens the same room again, the friend is offered it, a second match starts', async () => {
    const host = await player(port), friend = await player(port), stranger = await player(port);
    stranger.send({ type: 'room_again' });
    assert.equal((await stranger.next((m) => m.type === 'error')).code, 'no_room', 'hosted nothing');
    host.send({ type: 'room_create', mode: '3p', clock: 'relaxed', bots: true, spectators: false });
    const room = await host.next((m) => m.type === 'room');
    friend.send({ type: 'room_join', code: room.code });
    await host.next((m) => m.type === 'room' && m.members.length === 2, 5_000, 'the friend in');
    host.send({ type: 'room_start' });
    const first = await Promise.all([host, friend].map((c) => c.next((m) => m.type === 'match_found', 10_000, 'match_found')));
    assert.equal(first[0].private, true);
    host.send({ type: 'room_again' });
    assert.equal((await host.next((m) => m.type === 'error')).code, 'in_match', 'not before the match ends');
    await Promise.all([host, friend].map((c) => playToEnd(c)));

    friend.send({ type: 'room_again' });
    assert.equal((await friend.next((m) => m.type === 'error')).code, 'no_room', 'only the host');
    host.send({ type: 'room_again' });
    const again = await host.next((m) => m.type === 'room', 5_000, 'the room again');
    assert.equal(again.code, room.code, 'the same code');
    assert.deepEqual(again.choices, room.choices, 'the same choices');
    assert.deepEqual(again.members.map((m) => m.user_id), [host.welcome.user.id], 'the host alone until friends come back');
    const offer = await friend.next((m) => m.type === 'room_offer', 5_000, 'the offer');
    assert.deepEqual(offer, { type: 'room_offer', code: room.code,
      host: { user_id: host.welcome.user.id, name: host.welcome.user.display_name } });
    host.send({ type: 'room_again' });
    const same = await host.next((m) => m.type === 'room', 5_000, 'the room said again');
    assert.equal(same.code, room.code);

    friend.send({ type: 'room_join', code: offer.code });
    const back = await host.next((m) => m.type === 'room' && m.members.length === 2, 5_000, 'the friend back');
    assert.deepEqual(back.members.map((m) => m.user_id), [host.welcome.user.id, friend.welcome.user.id]);
    host.send({ type: 'room_start' });
    const second = await Promise.all([host, friend].map((c) => c.next((m) => m.type === 'match_found', 10_000, 'match_found')));
    assert.equal(second[0].table, second[1].table, 'one table');
    assert.notEqual(second[0].table, first[0].table, 'a new match');
    assert.equal(second[0].private, true);
    assert.deepEqual(second[0].seats.filter((s) => !s.bot).map((s) => s.name).sort(),
      [host.welcome.user.display_name, friend.welcome.user.display_name].sort());
    for (const c of [host, friend, stranger]) c.close();
  });
});
