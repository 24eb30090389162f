// ratings.test.mjs — the ratings over REST against the real `ippon` binary (src/server/README.md,
// "Ratings"): a new player's profile carries the initial standing in both modes (1500 ± 200,
// provisional, Novice with 0 rank points, no games) and an empty history; the rating and dan
// boards name themselves, have no periods (a 400 naming `period`), and list provisional players
// apart; a practice match changes nothing; after one ranked match against bots (the bots are not
// rated) the player's history holds that match, with rank points worked from ladder.h's table,
// the rating moved the way the placement says, and the player on the provisional rating board.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, eventually, getJson, request, serve, shutdown } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

/** the standing of a player who never played a counted game (rating.h, ladder.h) */
const INITIAL = {
  rating: 1500, uncertainty: 200, provisional: true,
  dan: { tier: 0, id: 'novice', name: { en: 'Novice', ja: '新人' }, promote_at: 20, demotes: false },
  rank_points: 0, games: 0,
};

/**
 * A 4-player match's rank points for seat i at Novice (ladder.h): the base of its place (1st 20,
 * 2nd 10, 3rd 0, 4th −0 at Novice), shared and averaged between tied final points, rounded half
 * away from zero, plus round(result / 1000)
 */
function noviceDelta(points, results, i) {
  const bases = [20, 10, 0, 0];
  const better = points.filter((p) => p > points[i]).length, tied = points.filter((p) => p === points[i]).length;
  const avg = bases.slice(better, better + tied).reduce((a, b) => a + b, 0) / tied;
  const half = (x) => Math.sign(x) * Math.round(Math.abs(x));
  return half(avg) + half(results[i] / 1000);
}

describe('the ratings over REST', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 0.2, ranked_min_humans: 1 });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('a new player stands at the initial rating in both modes, with no history', async () => {
    const c = await player(port);
    const me = c.welcome.user;
    c.ws.close();
    const profile = await getJson(port, `/api/players/${me.id}`);
    assert.deepEqual(profile.ratings, { '4p': INITIAL, '3p': INITIAL });
    const h = await getJson(port, `/api/players/${me.id}/ratings?mode=3p`);
    assert.deepEqual(h, { entries: [], next_before: null, player: me.id, mode: '3p', limit: 20 });
    assert.equal((await request(port, { path: '/api/players/ffffffffffffffffffffffffffffffff/ratings' })).status, 404);
    const bad = await request(port, { path: `/api/players/${me.id}/ratings?before=0` });
    assert.equal(bad.status, 400);
    assert.deepEqual(Object.keys(JSON.parse(bad.body).error.fields), ['before']);
  });

  test('the boards name themselves, have no periods, and list provisional players apart', async () => {
    for (const board of ['rating', 'dan']) {
      for (const provisional of [0, 1]) {
        const b = await getJson(port, `/api/leaderboard?board=${board}&mode=3p&provisional=${provisional}`);
        assert.deepEqual(b, { total: 0, rows: [], board, mode: '3p', period: 'all', provisional: provisional === 1,
          page: 1, limit: 50 });
      }
      const res = await request(port, { path: `/api/leaderboard?board=${board}&period=week` });
      assert.equal(res.status, 400);
      assert.deepEqual(Object.keys(JSON.parse(res.body).error.fields), ['period']);
    }
    assert.equal((await getJson(port, '/api/leaderboard?mode=4p')).board, 'points');
    assert.equal((await request(port, { path: '/api/leaderboard?board=elo' })).status, 400);
  });

  test('a practice match leaves the standing as it was', async () => {
    const c = await player(port);
    const me = c.welcome.user;
    c.send({ type: 'practice', mode: '4p' });
    await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
    await playToEnd(c);
    c.ws.close();
    await eventually(async () => (await getJson(port, `/api/matches?player=${me.id}`)).total > 0, 10_000, 'stored');
    assert.deepEqual((await getJson(port, `/api/players/${me.id}`)).ratings['4p'], INITIAL);
    assert.equal((await getJson(port, `/api/players/${me.id}/ratings?mode=4p`)).entries.length, 0);
  });

  describe('one ranked match against bots', () => {
    let me, matchId, seat, end;

    before(async () => {
      const c = await player(port);
      me = c.welcome.user;
      c.send({ type: 'queue', mode: '4p' });
      const found = await c.next((m) => m.type === 'match_found', 15_000, 'match_found');
      assert.equal(found.ranked, true);
      [matchId, seat] = [found.table, found.seat];
      end = await playToEnd(c);
      c.ws.close();
      await eventually(async () => (await getJson(port, `/api/matches?player=${me.id}`)).total > 0, 10_000, 'stored');
    });

    test('the profile still carries both standings, whole numbers', async () => {
      const r = (await getJson(port, `/api/players/${me.id}`)).ratings;
      for (const mode of ['4p', '3p']) {
        assert.deepEqual(Object.keys(r[mode]), Object.keys(INITIAL), mode);
        assert.ok(Number.isInteger(r[mode].rating) && Number.isInteger(r[mode].uncertainty), mode);
      }
      assert.deepEqual(r['3p'], INITIAL);
    });

    test('a ranked match: the history holds the match, the standing moved, the player is on the provisional board',
      async () => {
        const h = await eventually(async () => {
          const x = await getJson(port, `/api/players/${me.id}/ratings?mode=4p`);
          return x.entries.length > 0 && x;
        }, 10_000, 'the history entry');
        assert.equal(h.entries.length, 1);
        const e = h.entries[0];
        assert.equal(e.match_id, matchId);
        assert.equal(e.rating_before, 1500);
        assert.equal(e.uncertainty_before, 200);
        assert.equal(e.dan_before.id, 'novice');
        assert.equal(e.rank_points_before, 0);
        assert.equal(e.rank_points_delta, noviceDelta(end.points, end.results, seat));
        // Novice never demotes, and 20 points promote to 9 kyu at 0 (ladder.c's table)
        const after = Math.max(0, e.rank_points_delta);
        assert.deepEqual([e.dan_after.id, e.rank_points_after], after >= 20 ? ['9k', 0] : ['novice', after]);
        // alone on top the rating rises, alone at the bottom it falls; sigma always shrinks here
        const mine = end.points[seat];
        if (end.points.every((p, i) => i === seat || p < mine)) assert.ok(e.rating_after > e.rating_before);
        if (end.points.every((p, i) => i === seat || p > mine)) assert.ok(e.rating_after < e.rating_before);
        assert.ok(e.uncertainty_after < e.uncertainty_before);

        const r = (await getJson(port, `/api/players/${me.id}`)).ratings['4p'];
        assert.equal(r.games, 1);
        assert.equal(r.rating, Math.round(e.rating_after));
        assert.equal(r.uncertainty, Math.round(e.uncertainty_after));
        assert.equal(r.provisional, true); // one match cannot take 200 below 125
        assert.deepEqual([r.dan.id, r.rank_points], [e.dan_after.id, e.rank_points_after]);

        const prov = await getJson(port, '/api/leaderboard?board=rating&mode=4p&provisional=1');
        assert.deepEqual(prov.rows.map((x) => [x.rank, x.user_id, x.display_name, x.games]),
          [[1, me.id, me.display_name, 1]]);
        assert.equal((await getJson(port, '/api/leaderboard?board=rating&mode=4p')).total, 0);
        const dan = await getJson(port, '/api/leaderboard?board=dan&mode=4p&provisional=1');
        assert.deepEqual(dan.rows.map((x) => [x.user_id, x.dan.id, x.rank_points]),
          [[me.id, e.dan_after.id, e.rank_points_after]]);
      });
  });
});
