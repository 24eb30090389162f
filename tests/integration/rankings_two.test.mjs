// rankings_two.test.mjs — a ranked match of two humans through the gateway (the real `ippon`
// binary, ranked_min_humans 2, bots filling the other two seats): both humans play it to the end
// over WebSocket, and then each appears on the leaderboard with its own result, in its own
// profile (games, total, the match among its recent ones, counted, and its chart) and in its own
// match list; the match lists both humans and two bots. A lone human under the same settings
// plays an unranked match that shows in its profile but counts nowhere.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, eventually, getJson, serve, shutdown } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

describe('a ranked match of two humans', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 0.3, ranked_min_humans: 2,
      leaderboard_min_games: 1 });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('both humans are on the leaderboard and in their own profiles and match lists', async () => {
    const humans = [await player(port), await player(port)];
    for (const c of humans) c.send({ type: 'queue', mode: '4p' });
    const found = await Promise.all(humans.map((c) => c.next((m) => m.type === 'match_found', 15_000, 'match_found')));
    assert.equal(found[0].table, found[1].table);
    assert.notEqual(found[0].seat, found[1].seat);
    for (const f of found) assert.equal(f.ranked, true);
    const matchId = found[0].table;
    const ends = await Promise.all(humans.map((c) => playToEnd(c)));
    assert.deepEqual(ends[0].results, ends[1].results);
    for (const c of humans) c.ws.close();
    const results = ends[0].results;

    const board = await eventually(async () => { // the store write follows the match_end event
      const b = await getJson(port, '/api/leaderboard?mode=4p&limit=10');
      return b.total >= 2 && b;
    }, 10_000, 'both humans on the leaderboard');
    assert.equal(board.total, 2, JSON.stringify(board));
    for (let h = 0; h < 2; h++) {
      const me = humans[h].welcome.user, seat = found[h].seat, result = results[seat];
      const row = board.rows.find((r) => r.user_id === me.id);
      assert.ok(row, `${me.id} on the leaderboard`);
      assert.equal(row.games, 1);
      assert.equal(row.total, result);

      const profile = await getJson(port, `/api/players/${me.id}`);
      assert.equal(profile.modes['4p'].games, 1);
      assert.equal(profile.modes['4p'].total, result);
      assert.deepEqual(profile.recent.map((r) => [r.id, r.mode, r.seat, r.result, r.counted]),
        [[matchId, '4p', seat, result, true]]);
      assert.deepEqual(profile.history['4p'].map((p) => p.cumulative), [result]);

      const list = await getJson(port, `/api/matches?player=${me.id}`);
      assert.equal(list.total, 1);
      assert.deepEqual(list.matches.map((m) => [m.id, m.ranked, m.voided]), [[matchId, true, false]]);
    }
    const [r0, r1] = [results[found[0].seat], results[found[1].seat]];
    const [id0, id1] = humans.map((c) => c.welcome.user.id);
    if (r0 !== r1) // a tie would be broken by the ids
      assert.deepEqual(board.rows.map((r) => r.user_id), r0 > r1 ? [id0, id1] : [id1, id0]);

    const match = await getJson(port, `/api/matches/${matchId}`);
    assert.equal(match.ranked, true);
    assert.deepEqual(match.players.map((p) => p.bot), [0, 1, 2, 3].map((s) => s !== found[0].seat && s !== found[1].seat));
    for (let h = 0; h < 2; h++)
      assert.equal(match.players[found[h].seat].user_id, humans[h].welcome.user.id);
    assert.deepEqual(match.players.map((p) => p.result), results);
  });

  test('a lone human under ranked_min_humans 2 plays an unranked match that counts nowhere', async () => {
    const c = await player(port);
    c.send({ type: 'queue', mode: '4p' });
    const found = await c.next((m) => m.type === 'match_found', 15_000, 'match_found');
    assert.equal(found.ranked, false);
    await playToEnd(c);
    c.ws.close();
    const list = await eventually(async () => {
      const l = await getJson(port, `/api/matches?player=${c.welcome.user.id}`);
      return l.total > 0 && l;
    }, 10_000, 'the match in the player\'s list');
    assert.deepEqual(list.matches.map((m) => [m.id, m.ranked]), [[found.table, false]]);
    const profile = await getJson(port, `/api/players/${c.welcome.user.id}`);
    assert.equal(profile.modes['4p'].games, 0);
    assert.deepEqual(profile.recent.map((r) => [r.id, r.counted]), [[found.table, false]]);
    const board = await getJson(port, '/api/leaderboard?mode=4p');
    assert.equal(board.total, 2);
    assert.ok(!board.rows.some((r) => r.user_id === c.welcome.user.id));
    assert.equal((await getJson(port, '/api/matches')).total, 2);
  });
});
