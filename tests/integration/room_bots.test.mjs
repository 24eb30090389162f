// room_bots.test.mjs — AIs in private rooms (PROTOCOL.md "AIs in a private table", MJAI.md
// "Invitations"; game/gateway_room_bots.c) through the real server.
//
// - an owner's private bot waits at /mjai?room=invitations; its owner creates a 4p room, lists
//   the bots it may seat (room_bots), seats it by name (any case): the members show it with "ai"
//   and its owner; started, match_found marks its seat bot and ai, the AI plays its seat over
//   mjai (mjai_ai.mjs) to the end with the owner and built-in bots, and the match is private;
// - 3p: a bot waiting with mode=3p (the query read whole: room=invitations&mode=3p) is refused
//   to a 4p room (bot_mode) and plays a 3p room to the end;
// - every refusal: no_room, not_host, no_bot, bot_private (a stranger and a private bot),
//   bot_suspended, bot_offline, bot_busy (seated in another room; at a table), room_full,
//   not_seated; the host unseats an AI and seats it again;
// - an AI whose connection closes leaves the room, the members told;
// - the built-in bot as an invitations client (ippon-mjai-bot --room invitations, as the README
//   says) waits, is seated, plays a 4p room to the end and exits 0;
// - a public bot waiting in the ladder's pool is seated by a stranger, leaves the pool, and goes
//   back to it when unseated or when the room closes (it may be seated again).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { BUILD_DIR, FAST_PLAY, api, eventually, serveWithAdmin, shutdown, storedMatch,
  withDeadline } from './harness.mjs';
import { mjaiConnect } from './mjai_ai.mjs';
import { player, playToEnd, MATCH_TIMEOUT_MS } from './ws_player.mjs';


describe('AIs in private rooms', () => {
  let server, port, admin;
  let n = 0;
  const fresh = (p) => `${p}${Date.now() % 100000}${n++}`;

  /** a new account: { token, user } */
  async function account() {
    const username = fresh('host');
    const r = await api(port, 'POST', '/api/auth/register',
      { body: { username, password: 'Aozora-kite-19', display_name: username } });
    assert.equal(r.status, 201, r.raw);
    return r.json;
  }

  async function newBot(owner, { isPublic = false, name = fresh('Ai') } = {}) {
    const r = await api(port, 'POST', '/api/bots', { token: owner.token, body: { name, public: isPublic } });
    assert.equal(r.status, 201, r.raw);
    return { id: r.json.bot.id, token: r.json.token, name };
  }

  /** a player's room of mode (bots may fill it) */
  async function hostRoom(c, mode = '4p', extra = {}) {
    c.send({ type: 'room_create', mode, bots: true, ...extra });
    return c.next((m) => m.type === 'room', 5_000, 'the room');
  }

  /** the error c gets for msg */
  async function refusal(c, msg) {
    c.send(msg);
    return c.next((m) => m.type === 'error', 5_000, `the refusal of ${msg.type}`);
  }

  /** the hosts close their rooms (an address may have three open) and hang up */
  async function closeRooms(...hosts) {
    for (const c of hosts) {
      c.send({ type: 'room_close' });
      await c.next((m) => m.type === 'room_closed', 5_000, 'room_closed');
      c.close();
    }
  }

  const seat = (c, name) => c.send({ type: 'room_seat_bot', name });
  const roomWith = (c, count) => c.next((m) => m.type === 'room' && m.members.length === count, 5_000,
    `the room with ${count} members`);

  before(async () => {
    let login;
    ({ server, port, admin: login } = await serveWithAdmin({ ...FAST_PLAY, log_level: 'warn', signups_per_address: 1000, max_conns_per_addr: 100 }));
    admin = login;
  });

  after(async () => { await shutdown(server); });

  test('the owner seats its private bot and plays a 4p match with it to the end', async () => {
    const owner = await account();
    const bot = await newBot(owner);
    const ai = await mjaiConnect(port, bot.token, { room: 'invitations&mode=4p' });
    const host = await player(port, owner.token);
    const room = await hostRoom(host);
    host.send({ type: 'room_bots' });
    const listed = await host.next((m) => m.type === 'room_bots', 5_000, 'room_bots');
    assert.equal(listed.mode, '4p');
    assert.deepEqual(listed.bots, [{ user_id: bot.id, name: bot.name, owner: owner.user.display_name, mine: true, public: false }]);

    seat(host, bot.name.toUpperCase());
    const seated = await roomWith(host, 2);
    assert.equal(seated.code, room.code);
    assert.deepEqual(seated.members[1], { user_id: bot.id, name: bot.name, host: false, ai: true,
      owner: owner.user.display_name });
    assert.equal(seated.members[0].ai, undefined, 'a human member is no AI');
    host.send({ type: 'room_bots' });
    assert.deepEqual((await host.next((m) => m.type === 'room_bots')).bots, [], 'seated: no longer waiting');

    host.send({ type: 'room_start' });
    const found = await host.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.equal(found.ranked, false);
    assert.equal(found.seats.length, 4);
    const aiSeat = found.seats.find((s) => s.name === bot.name);
    assert.ok(aiSeat, JSON.stringify(found.seats));
    assert.equal(aiSeat.bot, true);
    assert.equal(aiSeat.ai, true);
    const mine = found.seats.find((s) => s.name === owner.user.display_name);
    assert.equal(mine.bot, false);
    assert.equal(mine.ai, false);
    assert.deepEqual(found.seats.filter((s) => s.bot && !s.ai).length, 2, 'built-in bots in the two other seats');
    await ai.until((a) => a.lines.some((l) => l.type === 'start_game'), 10_000, 'start_game');
    const start = ai.lines.find((l) => l.type === 'start_game');
    assert.equal(start.names[start.id], bot.name, 'the AI plays its own seat');
    assert.deepEqual([...start.names].sort(), found.seats.map((s) => s.name).sort());
    const [end, closed] = await Promise.all([playToEnd(host), ai.closed]);
    assert.ok(end.type === 'match_end' || end.type === 'table_closed', JSON.stringify(end));
    assert.equal(closed.code, 1000, 'end_game closes the AI\'s connection');
    assert.ok(ai.lines.some((l) => l.type === 'end_game'));
    assert.ok(ai.extra.every((e) => e.type !== 'error'), JSON.stringify(ai.extra));
    const rec = await storedMatch(port, found.table);
    assert.equal(rec.private, true);
    assert.equal(rec.ranked, false);
    host.close();
  });

  test('3p: a bot waiting for 3p is refused to a 4p room and plays a 3p room to the end', async () => {
    const owner = await account();
    const bot = await newBot(owner);
    const ai = await mjaiConnect(port, bot.token, { room: 'invitations&mode=3p' });
    const host = await player(port, owner.token);
    await hostRoom(host, '4p');
    host.send({ type: 'room_bots' });
    assert.deepEqual((await host.next((m) => m.type === 'room_bots')).bots, [], 'a 3p bot is not listed for 4p');
    const wrong = await refusal(host, { type: 'room_seat_bot', name: bot.name });
    assert.equal(wrong.code, 'bot_mode');
    assert.match(wrong.message, /3p/);
    host.send({ type: 'room_close' });
    await host.next((m) => m.type === 'room_closed');

    await hostRoom(host, '3p');
    seat(host, bot.name);
    await roomWith(host, 2);
    host.send({ type: 'room_start' });
    const found = await host.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.equal(found.seats.length, 3);
    assert.equal(found.seats.filter((s) => s.ai).length, 1);
    assert.equal(found.seats.filter((s) => s.bot && !s.ai).length, 1);
    const [, closed] = await Promise.all([playToEnd(host), ai.closed]);
    assert.equal(closed.code, 1000);
    const start = ai.lines.find((l) => l.type === 'start_game');
    assert.equal(start.names.length, 3, 'a 3-player mjai match');
    host.close();
  });

  test('refusals: each error code', async () => {
    const owner = await account(), stranger = await account();
    const privateBot = await newBot(owner), other = await newBot(owner), offline = await newBot(owner);
    const suspended = await newBot(owner, { isPublic: true });
    const ai = await mjaiConnect(port, privateBot.token, { room: 'invitations&mode=4p' });
    const otherAi = await mjaiConnect(port, other.token, { room: 'invitations&mode=4p' });
    const host = await player(port, owner.token), alien = await player(port, stranger.token), friend = await player(port);

    assert.equal((await refusal(host, { type: 'room_seat_bot', name: privateBot.name })).code, 'no_room');
    assert.equal((await refusal(host, { type: 'room_seat_bot' })).code, 'bad_message');
    const room = await hostRoom(host);
    friend.send({ type: 'room_join', code: room.code });
    await roomWith(host, 2);
    assert.equal((await refusal(friend, { type: 'room_seat_bot', name: privateBot.name })).code, 'not_host');
    assert.equal((await refusal(friend, { type: 'room_bots' })).code, 'not_host');
    assert.equal((await refusal(host, { type: 'room_seat_bot', name: 'NoSuchBot' })).code, 'no_bot');
    assert.equal((await refusal(host, { type: 'room_seat_bot', name: offline.name })).code, 'bot_offline');
    const sus = await api(port, 'POST', `/api/admin/bots/${suspended.id}/suspend`, { token: admin.token, body: { reason: 'sleeps' } });
    assert.equal(sus.status, 200, sus.raw);
    assert.equal((await refusal(host, { type: 'room_seat_bot', name: suspended.name })).code, 'bot_suspended');

    // a stranger may not seat a private bot, nor list it
    await hostRoom(alien);
    alien.send({ type: 'room_bots' });
    const seen = (await alien.next((m) => m.type === 'room_bots')).bots;
    assert.ok(!seen.some((b) => b.user_id === privateBot.id), 'a private bot is not listed to a stranger');
    assert.equal((await refusal(alien, { type: 'room_seat_bot', name: privateBot.name })).code, 'bot_private');

    // seated in one room: busy for another
    seat(host, privateBot.name);
    await roomWith(host, 3);
    const other2 = await account();
    const thirdHost = await player(port, other2.token);
    await hostRoom(thirdHost);
    const publicBusy = await newBot(other2, { isPublic: true });
    const publicAi = await mjaiConnect(port, publicBusy.token, { room: 'invitations&mode=4p' });
    seat(thirdHost, publicBusy.name);
    await roomWith(thirdHost, 2);
    assert.equal((await refusal(alien, { type: 'room_seat_bot', name: publicBusy.name })).code, 'bot_busy');

    // the room full: the fourth seat taken, a fifth refused
    seat(host, other.name);
    const full = await roomWith(host, 4);
    assert.equal(full.members.filter((m) => m.ai).length, 2);
    assert.equal((await refusal(host, { type: 'room_seat_bot', name: publicBusy.name })).code, 'room_full');
    await friend.next((m) => m.type === 'room' && m.members.length === 4, 5_000, 'the friend sees the full room');

    // unseating: an unknown user_id, then the AI, which may be seated again
    assert.equal((await refusal(host, { type: 'room_unseat_bot', user_id: friend.welcome.user.id })).code, 'not_seated');
    assert.equal((await refusal(friend, { type: 'room_unseat_bot', user_id: other.id })).code, 'not_host');
    host.send({ type: 'room_unseat_bot', user_id: other.id });
    const unseated = await roomWith(host, 3);
    assert.ok(!unseated.members.some((m) => m.user_id === other.id));
    await friend.next((m) => m.type === 'room' && m.members.length === 3, 5_000, 'the friend told of the unseating');
    seat(host, other.name);
    await roomWith(host, 4);

    // at a table: busy. A practice AI of its own plays at once
    const practiced = await newBot(stranger, { isPublic: true });
    const practice = await mjaiConnect(port, practiced.token, { room: 'practice-4p', auto: false });
    await practice.until((a) => a.lines.length > 0, 10_000, 'the practice match');
    assert.equal((await refusal(alien, { type: 'room_seat_bot', name: practiced.name })).code, 'bot_busy');

    await closeRooms(host, alien, thirdHost);
    friend.close();
    for (const a of [ai, otherAi, publicAi, practice]) a.ws.close();
  });

  test('an AI whose connection closes leaves the room, the members told', async () => {
    const owner = await account();
    const bot = await newBot(owner);
    const ai = await mjaiConnect(port, bot.token, { room: 'invitations&mode=4p' });
    const host = await player(port, owner.token), friend = await player(port);
    const room = await hostRoom(host);
    friend.send({ type: 'room_join', code: room.code });
    await roomWith(host, 2);
    seat(host, bot.name);
    await roomWith(host, 3);
    await friend.next((m) => m.type === 'room' && m.members.length === 3, 5_000, 'the friend sees the AI');
    ai.ws.close();
    const left = await roomWith(host, 2);
    assert.ok(!left.members.some((m) => m.ai));
    await friend.next((m) => m.type === 'room' && m.members.length === 2, 5_000, 'the friend told');
    assert.equal((await refusal(host, { type: 'room_seat_bot', name: bot.name })).code, 'bot_offline');
    // back at invitations: seated again; a connection to practice instead unseats it
    const back = await mjaiConnect(port, bot.token, { room: 'invitations&mode=4p' });
    seat(host, bot.name);
    await roomWith(host, 3);
    const practice = await mjaiConnect(port, bot.token, { room: 'practice-4p', auto: false });
    await roomWith(host, 2);
    await closeRooms(host);
    friend.close();
    for (const a of [back, practice]) a.ws.close();
  });

  test('the built-in bot waits at invitations (ippon-mjai-bot), is seated and plays to the end', async () => {
    const owner = await account();
    const bot = await newBot(owner);
    const child = spawn(join(BUILD_DIR, 'src/tools/ippon-mjai-bot'), ['--url', `ws://127.0.0.1:${port}`, '--token', bot.token,
      '--room', 'invitations', '--mode', '4p', '--matches', '1'], { stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    const exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
    const host = await player(port, owner.token);
    await hostRoom(host);
    await eventually(async () => {
      host.send({ type: 'room_bots' });
      const listed = await host.next((m) => m.type === 'room_bots');
      return listed.bots.some((b) => b.user_id === bot.id);
    }, 10_000, 'the bot waiting');
    seat(host, bot.name);
    await roomWith(host, 2);
    host.send({ type: 'room_start' });
    await host.next((m) => m.type === 'match_found', 10_000, 'match_found');
    await playToEnd(host);
    assert.equal(await withDeadline(exited, MATCH_TIMEOUT_MS, 'ippon-mjai-bot to exit'), 0, stderr);
    host.close();
  });

  test('a public bot in the ladder\'s pool is seated by a stranger and goes back to the pool', async () => {
    const owner = await account(), stranger = await account();
    const bot = await newBot(owner, { isPublic: true });
    const ai = await mjaiConnect(port, bot.token, { room: 'ladder&mode=4p' });
    const host = await player(port, stranger.token);
    await hostRoom(host);
    host.send({ type: 'room_bots' });
    const listed = (await host.next((m) => m.type === 'room_bots')).bots.find((b) => b.user_id === bot.id);
    assert.deepEqual(listed, { user_id: bot.id, name: bot.name, owner: owner.user.display_name, mine: false, public: true });
    seat(host, bot.name);
    const seated = await roomWith(host, 2);
    assert.equal(seated.members[1].owner, owner.user.display_name);
    // unseated: back in the pool, so it may be seated again
    host.send({ type: 'room_unseat_bot', user_id: bot.id });
    await roomWith(host, 1);
    seat(host, bot.name);
    await roomWith(host, 2);
    // the room closed unplayed: back in the pool again
    host.send({ type: 'room_close' });
    await host.next((m) => m.type === 'room_closed');
    await hostRoom(host);
    seat(host, bot.name);
    await roomWith(host, 2);
    // and it plays the room's match (private, unranked) over its ladder connection
    host.send({ type: 'room_start' });
    const found = await host.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.equal(found.ranked, false);
    const [, closed] = await Promise.all([playToEnd(host), ai.closed]);
    assert.equal(closed.code, 1000);
    const rec = await storedMatch(port, found.table, MATCH_TIMEOUT_MS);
    assert.equal(rec.private, true);
    host.close();
  });
});
