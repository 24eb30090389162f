// private_rooms.test.mjs — private rooms across two real nodes of one cluster (matchmaking_rooms.c), with
// a Redis and a PostgreSQL this test starts (a token made on one node is good on the other): a
// friend who asks on the other node to join a room is told to move to the room's node and, on
// arriving, is a member; the host reconnecting on the other node is sent back to its room; an
// unknown code is "no_room" on every node; once the room starts, its code leads nowhere.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY } from '../integration/harness.mjs';
import { guestToken, player } from '../integration/ws_player.mjs';
import { startCluster } from './engines.mjs';

describe('private rooms across the nodes of a cluster', () => {
  let cluster, nodes;
  before(async () => {
    cluster = await startCluster(['n1', 'n2'], { ...FAST_PLAY, log_level: 'warn' }, { prefix: 'rooms' });
    nodes = cluster.nodes;
  });
  after(async () => { await cluster?.stop(); });

  const isRoom = (m) => m.type === 'room';
  const members = (room) => room.members.map((m) => m.user_id);

  test('a friend on another node is sent to the room\'s node and joins it there', async () => {
    const host = await player(nodes.n1.port, await guestToken(nodes.n1.port));
    host.send({ type: 'room_create', mode: '4p', clock: 'standard', bots: true, spectators: false, delay_s: 0 });
    const { code } = await host.next(isRoom, 10_000, 'the new room');
    const hostId = host.welcome.user.id;

    // a friend on n2 asks for the room: told to move to n1
    const friendToken = await guestToken(nodes.n2.port);
    const asking = await player(nodes.n2.port, friendToken);
    asking.send({ type: 'room_join', code: code.toLowerCase() }); // any case
    const move = await asking.next((m) => m.type === 'move' || m.type === 'error', 10_000, 'a move to the room');
    assert.equal(move.type, 'move', JSON.stringify(move));
    assert.equal(move.reason, 'room');
    assert.equal(move.node, 'n1');
    assert.equal(move.room, code);
    assert.equal(move.path, `/ws?node=n1&room=${code}`);
    asking.close();

    // arriving on n1 (the path a proxy routes by), it is a member: both hear the room
    const friend = await player(nodes.n1.port, friendToken, { path: move.path });
    const seen = await friend.next((m) => isRoom(m) && m.members.length === 2, 10_000, 'the room with both');
    assert.deepEqual(members(seen), [hostId, friend.welcome.user.id]);
    await host.next((m) => isRoom(m) && m.members.length === 2, 10_000, 'the host hears the friend');

    // the host reconnecting on n2 is sent back to its room
    host.close();
    const astray = await player(nodes.n2.port, host.token);
    const back = await astray.next((m) => m.type === 'move', 10_000, 'a move back to the room');
    assert.equal(back.reason, 'room');
    assert.equal(back.room, code);
    astray.close();
    const home = await player(nodes.n1.port, host.token, { path: back.path });
    await home.next((m) => isRoom(m) && m.members.length === 2, 10_000, 'the room again');

    // the host starts it: both get the table; then the code leads nowhere, on either node
    home.send({ type: 'room_start' });
    const [a, b] = await Promise.all([home.next((m) => m.type === 'match_found', 10_000, 'the host\'s table'),
      friend.next((m) => m.type === 'match_found', 10_000, 'the friend\'s table')]);
    assert.equal(a.table, b.table);
    const late = await player(nodes.n2.port, await guestToken(nodes.n2.port));
    late.send({ type: 'room_join', code });
    const refused = await late.next((m) => m.type === 'error' || m.type === 'move', 10_000, 'an answer');
    assert.equal(refused.code, 'no_room', JSON.stringify(refused));
    for (const c of [home, friend, late]) c.close();
  });

  test('an unknown code is no_room on every node', async () => {
    for (const n of [nodes.n1, nodes.n2]) {
      const c = await player(n.port, await guestToken(n.port));
      c.send({ type: 'room_join', code: 'ZZZZ22' });
      const e = await c.next((m) => m.type === 'error' || m.type === 'move', 10_000, 'an answer');
      assert.equal(e.code, 'no_room', JSON.stringify(e));
      c.close();
    }
  });
});
