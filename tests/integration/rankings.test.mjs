// rankings.test.mjs — the rankings over REST against the real `ippon` binary: one human queued
// for 4p with ranked_min_humans 1 gets a ranked table once bots fill it (bot_fill_after), plays
// it to the end over WebSocket (the `ws` package), and then appears on GET /api/leaderboard
// with total = its result, in GET /api/players/{id} and /api/matches?player=, and
// GET /api/matches/{id} shows the match (each win with the winner's melds, kita and the dora
// indicators, as the player's own events showed them). The match's logs download as
// tenhou.net/6 JSON (replayed by ippon-replay, the engine's own deltas giving the stored final
// points with mjai's accepted riichi deposits) and as mjai lines, both saying which seats bots
// played (ippon's "bots", in the logs' seat order: the player's false, the built-in bots' true). Also: a practice match does not count; every bad
// parameter is a 400 naming it; unknown ids are 404s; ETag and If-None-Match → 304.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { BUILD_DIR, FAST_PLAY, eventually, getJson, request, serve, shutdown } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

/** a tile's kind as text: a red five ("0p") is a five */
const kindOf = (tile) => tile.replace(/^0/, '5');

/**
 * What the player's own events showed of the last hand: the winner's melds (a kakan in its pon's
 * place), its Norths set aside, and every dora indicator turned, in order; and the win events
 */
function lastHand(received, winner) {
  let melds = [], kita = [], dora = [];
  const wins = [];
  for (const m of received) {
    if (m.type !== 'event') continue;
    const e = m.event;
    if (e.type === 'hand_start') [melds, kita, dora] = [[], [], []];
    else if (e.type === 'dora') dora.push(e.indicator);
    else if (e.type === 'win') wins.push(e);
    else if (e.type === 'kita' && e.seat === winner) kita.push(e.tile);
    else if (e.type === 'call' && e.seat === winner && e.meld.type === 'kakan')
      melds[melds.findIndex((x) => x.type === 'pon' && kindOf(x.tiles[0]) === kindOf(e.meld.added))] = e.meld;
    else if (e.type === 'call' && e.seat === winner) melds.push(e.meld);
  }
  return { melds, kita, dora, wins };
}

describe('the rankings over REST', () => {
  let server, port;
  let me, matchId, result, seat, points;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 0.2, ranked_min_humans: 1,
      leaderboard_min_games: 1 });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('a practice match is stored but never ranked', async () => {
    const c = await player(port);
    c.send({ type: 'practice', mode: '4p' });
    const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.equal(found.ranked, false);
    await playToEnd(c);
    c.ws.close();
    // the store writes finished matches a moment after match_end
    const list = await eventually(async () => {
      const l = await getJson(port, `/api/matches?player=${c.welcome.user.id}`);
      return l.total > 0 && l;
    }, 10_000, 'the match in the player\'s list');
    assert.equal(list.total, 1);
    assert.equal(list.matches[0].ranked, false);
    const profile = await getJson(port, `/api/players/${c.welcome.user.id}`);
    assert.equal(profile.modes['4p'].games, 0);
    const board = await getJson(port, '/api/leaderboard?mode=4p');
    assert.ok(!board.rows.some((r) => r.user_id === c.welcome.user.id));
  });

  test('one human queued with bots filling plays a ranked match that shows everywhere', async () => {
    const c = await player(port);
    me = c.welcome.user;
    c.send({ type: 'queue', mode: '4p' });
    const found = await c.next((m) => m.type === 'match_found', 15_000, 'match_found');
    assert.equal(found.ranked, true);
    matchId = found.table;
    seat = found.seat;
    const end = await playToEnd(c);
    result = end.results[seat];
    points = end.points[seat];
    c.ws.close();

    const board = await eventually(async () => { // the store write follows the match_end event
      const b = await getJson(port, '/api/leaderboard?mode=4p&period=day&page=1&limit=50');
      return b.total > 0 && b;
    }, 10_000, 'a row on the leaderboard');
    assert.equal(board.total, 1, JSON.stringify(board));
    assert.deepEqual({ ...board.rows[0], average: undefined }, {
      rank: 1, user_id: me.id, display_name: me.display_name, bot: false, games: 1, total: result, average: undefined,
      wins: result > 0 && result === Math.max(...end.results) ? 1 : 0, best: result });
    assert.equal(board.rows[0].average, result);
    assert.equal((await getJson(port, '/api/leaderboard?mode=3p')).total, 0);
    assert.equal((await getJson(port, '/api/leaderboard?mode=4p&page=2&limit=1')).rows.length, 0);

    const profile = await getJson(port, `/api/players/${me.id}`);
    assert.equal(profile.display_name, me.display_name);
    assert.equal(profile.modes['4p'].games, 1);
    assert.equal(profile.modes['4p'].total, result);
    assert.deepEqual(profile.recent.map((r) => [r.id, r.result, r.final_points, r.seat, r.counted]),
      [[matchId, result, points, seat, true]]);
    assert.equal(profile.history['4p'].at(-1).cumulative, result);

    const list = await getJson(port, `/api/matches?player=${me.id}&page=1&limit=10`);
    assert.equal(list.total, 1);
    assert.equal(list.matches[0].id, matchId);

    const match = await getJson(port, `/api/matches/${matchId}`);
    assert.equal(match.mode, '4p');
    assert.equal(match.ranked, true);
    assert.equal(match.completed, true);
    assert.equal(match.players.length, 4);
    assert.equal(match.players.filter((p) => p.bot).length, 3);
    assert.deepEqual(match.players.map((p) => p.result), end.results);
    assert.equal(match.players.reduce((a, p) => a + p.result, 0), 0);
    assert.deepEqual(match.seeds, end.seeds);
    assert.ok(Array.isArray(match.wins));
    assert.equal(match.hands, match.seeds.length);
    // each stored win is the win event as sent, plus the whole winning hand as the table showed it
    assert.ok(match.wins.length >= 1);
    for (const [i, w] of match.wins.entries()) {
      const { melds, kita, dora, wins } = lastHand(c.received, w.seat);
      assert.deepEqual({ melds: w.melds, kita: w.kita, dora: w.dora }, { melds, kita, dora });
      assert.deepEqual({ ...w, melds: undefined, kita: undefined, dora: undefined },
        { ...wins[i], melds: undefined, kita: undefined, dora: undefined });
      assert.equal(w.payments[w.seat], w.score.points + w.score.honba_points + w.score.sticks_points);
    }
  });

  test('every period shows the match; paging edges; deal-ins in the profile; every match sums to 0', async () => {
    for (const period of ['all', 'month', 'week', 'day']) {
      const board = await getJson(port, `/api/leaderboard?mode=4p&period=${period}&limit=100`);
      assert.equal(board.period, period);
      assert.deepEqual(board.rows.map((r) => r.user_id), [me.id], period);
    }
    const match = await getJson(port, `/api/matches/${matchId}`);
    const profile = await getJson(port, `/api/players/${me.id}`);
    const dealtIn = match.wins.some((w) => w.from === seat && w.seat !== seat) ? 1 : 0;
    assert.equal(profile.modes['4p'].hands, match.hands);
    assert.equal(profile.modes['4p'].deal_ins, dealtIn);
    assert.equal(profile.modes['4p'].deal_in_rate, dealtIn / match.hands);
    assert.equal(profile.modes['4p'].hand_win_rate, profile.modes['4p'].wins / match.hands);
    assert.equal(profile.modes['3p'].deal_in_rate, null);

    const all = await getJson(port, '/api/matches?limit=100');
    assert.equal(all.total, 2); // the practice match and the ranked one
    for (const m of all.matches) assert.equal(m.players.reduce((a, p) => a + p.result, 0), 0, m.id);
    const first = await getJson(port, '/api/matches?page=1&limit=1');
    const second = await getJson(port, '/api/matches?page=2&limit=1');
    const third = await getJson(port, '/api/matches?page=3&limit=1');
    assert.deepEqual([first.matches.length, second.matches.length, third.matches.length], [1, 1, 0]);
    assert.deepEqual([first.matches[0].id, second.matches[0].id], all.matches.map((m) => m.id));
    assert.equal(third.total, 2);
    assert.equal((await getJson(port, '/api/matches?page=1000000&limit=100')).matches.length, 0);
  });

  test("the match's logs download as tenhou.net/6 and mjai and replay to the stored result", async () => {
    const match = await getJson(port, `/api/matches/${matchId}`);
    assert.deepEqual(match.logs, { tenhou: `/api/matches/${matchId}?format=tenhou`, mjai: `/api/matches/${matchId}?format=mjai` });

    const t = await request(port, { path: match.logs.tenhou });
    assert.equal(t.status, 200, t.body);
    assert.match(t.headers['content-type'], /^application\/json/);
    assert.equal(t.headers['content-disposition'], `attachment; filename="ippon-${matchId}.json"`);
    const game = JSON.parse(t.body);
    // the logs number the seats from the first dealer (log seat r = table seat r + F): viewers
    // show the first hand as East 1
    const F = (await getJson(port, `/api/matches/${matchId}?format=replay`)).first_dealer;
    const tableSeat = (r) => (r + F) % 4, logSeat = (s) => (s - F + 4) % 4;
    const byLogSeat = [0, 1, 2, 3].map((r) => match.players.find((p) => p.seat === tableSeat(r)));
    assert.deepEqual(game.name.slice(0, 4), byLogSeat.map((p) => p.display_name));
    assert.equal(game.log[0][0][0], 0, 'the first hand is East 1');
    assert.ok(Array.isArray(game.title) && game.title.length === 2);
    assert.equal(game.log.length, match.hands);
    const last = game.log.at(-1);
    assert.equal(last[16][0], '和了');
    const winners = [];
    for (let i = 2; i < last[16].length; i += 2) winners.push(last[16][i][0]);
    assert.deepEqual(winners, match.wins.map((w) => logSeat(w.seat)));
    assert.deepEqual(game.log[0][1], [25000, 25000, 25000, 25000]);
    const bots = byLogSeat.map((p) => p.user_id !== me.id); // the test's player, and three built-in bots
    assert.deepEqual(game.bots, bots);

    // the engine replays the downloaded log hand by hand (ippon-replay, from the log's tiles alone)
    const replay = spawnSync(path.join(BUILD_DIR, 'src/tools/ippon-replay'), ['--rules', 'yonma'],
      { input: JSON.stringify(game) + '\n', encoding: 'utf8' });
    assert.equal(replay.status, 0, replay.stderr);
    const hands = replay.stdout.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(hands.length, match.hands);
    for (const h of hands) assert.equal(h.error, undefined, JSON.stringify(h));
    assert.deepEqual(hands.at(-1).wins.map((w) => [w.who, w.from]), match.wins.map((w) => [logSeat(w.seat), logSeat(w.from)]));

    const m = await request(port, { path: match.logs.mjai });
    assert.equal(m.status, 200, m.body);
    assert.match(m.headers['content-type'], /^application\/x-ndjson/);
    assert.equal(m.headers['content-disposition'], `attachment; filename="ippon-${matchId}.mjson"`);
    const events = m.body.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(events[0].type, 'start_game');
    assert.deepEqual(events[0].names, byLogSeat.map((p) => p.display_name));
    assert.deepEqual(events[0].bots, bots);
    assert.equal(events[1].type, 'start_kyoku');
    assert.equal(events.at(-1).type, 'end_game');
    assert.equal(events.at(-2).type, 'end_kyoku');
    assert.equal(events.filter((e) => e.type === 'start_kyoku').length, match.hands);
    assert.deepEqual(events.filter((e) => e.type === 'hora').map((e) => e.actor), match.wins.map((w) => logSeat(w.seat)));

    // stored final points = 25,000 + the engine's deltas of every hand − 1,000 per accepted riichi
    const finals = [0, 1, 2, 3].map((r) => 25000 + hands.reduce((a, h) => a + h.deltas[r], 0)
      - 1000 * events.filter((e) => e.type === 'reach_accepted' && e.actor === r).length);
    assert.deepEqual(finals, byLogSeat.map((p) => p.final_points));

    const again = await request(port, { path: match.logs.tenhou, headers: { 'if-none-match': t.headers.etag } });
    assert.equal(again.status, 304);
  });

  test('every bad parameter is a 400 naming it; unknown ids are 404s', async () => {
    const bad = [
      ['/api/leaderboard?mode=5p', 'mode'], ['/api/leaderboard?period=year', 'period'],
      ['/api/leaderboard?page=0', 'page'], ['/api/leaderboard?page=-1', 'page'], ['/api/leaderboard?page=x', 'page'],
      ['/api/leaderboard?limit=0', 'limit'], ['/api/leaderboard?limit=101', 'limit'], ['/api/leaderboard?limit=1e2', 'limit'],
      ['/api/matches?player=123', 'player'], ['/api/matches?page=0', 'page'], ['/api/matches?limit=500', 'limit'],
      ['/api/players/xyz', 'id'], ['/api/matches/0123', 'id'],
      [`/api/matches/${matchId}?format=xml`, 'format'], [`/api/matches/${matchId}?format=`, 'format'],
      [`/api/matches/${matchId}?format=${'x'.repeat(100)}`, 'format'],
    ];
    for (const [url, name] of bad) {
      const body = await getJson(port, url, 400);
      assert.equal(body.error.code, 'bad_request', url);
      assert.match(body.error.message, new RegExp(`^${name}: `), url);
      assert.ok(body.error.fields[name], url);
    }
    const nobody = 'f'.repeat(32);
    assert.equal((await getJson(port, `/api/players/${nobody}`, 404)).error.code, 'not_found');
    assert.equal((await getJson(port, `/api/matches/${nobody}`, 404)).error.code, 'not_found');
    assert.equal((await getJson(port, `/api/matches/${nobody}?format=tenhou`, 404)).error.code, 'not_found');
    assert.equal((await getJson(port, `/api/matches?player=${nobody}`, 404)).error.code, 'not_found');
    assert.equal((await getJson(port, '/api/players/', 404)).error.code, 'not_found');
    assert.equal((await getJson(port, `/api/players/${nobody}/more`, 404)).error.code, 'not_found');
    const post = await request(port, { method: 'POST', path: `/api/matches/${nobody}`, body: '{}' });
    assert.equal(post.status, 405);
    assert.equal(post.headers.allow, 'GET');
  });

  test('replies carry an ETag; a matching If-None-Match gets 304', async () => {
    for (const url of ['/api/leaderboard?mode=4p', `/api/players/${me.id}`, `/api/matches?player=${me.id}`,
      `/api/matches/${matchId}`]) {
      const first = await request(port, { path: url });
      assert.equal(first.status, 200);
      assert.match(first.headers.etag, /^"[0-9a-f]{32}"$/);
      assert.equal(first.headers['cache-control'], 'no-cache');
      const again = await request(port, { path: url, headers: { 'if-none-match': first.headers.etag } });
      assert.equal(again.status, 304, url);
      assert.equal(again.body, '');
      assert.equal(again.headers.etag, first.headers.etag);
      const other = await request(port, { path: url, headers: { 'if-none-match': '"nope"' } });
      assert.equal(other.status, 200);
      assert.equal(other.body, first.body);
    }
    const health = await request(port, { path: '/api/health' });
    assert.equal(health.headers.etag, undefined);
    assert.equal(health.headers['cache-control'], 'no-store');
  });
});
