// ladder_board.test.mjs — the bot ladder's public side over REST against the real `ippon` binary
// (src/server/README.md, "The bot ladder"): a server's records seeded with ladder_seed.mjs's small
// ladder (a complete 4p set, two incomplete ones, a 3p set, a deleted bot, a suspended one); the
// boards of both modes (ranks, owners, standings, averages, complete sets, flags) and the recent
// sets (rotations, seats, totals, complete or not) against the values worked out by hand in
// ladder_seed.mjs's header; the board's paging by offset, the sets' paging by `before` (a page
// never ends between sets of one millisecond; a set with a match at or after `before` is not on
// it); every bad parameter a 400 naming it; a bot's profile with its ladder standings and rank,
// which follows the other bots' ratings although the profile reply is kept; ETag and 304. With
// IPPON_TEST_POSTGRES (ctest's cluster.ladder_board_pg) the same on PostgreSQL.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { api, assertError, getJson, request, serve, shutdown } from './harness.mjs';
import { BOTS, OWNERS, SETS, T0, haveRecordsShell, ladderSeedSql, matchId, runRecordsSql } from './ladder_seed.mjs';

const user = (bot) => ({ id: BOTS[bot].id, display_name: BOTS[bot].name });
const aki = { id: OWNERS.aki, display_name: 'Aki' }, bea = { id: OWNERS.bea, display_name: 'Bea' };

/* the 4p board: mu desc, then user id (Bravo and Charlie share 1580: bb… before cc…); average is
   points / matches rounded half away from zero; complete sets: S1 only (S2, S0 lack rotations) */
const BOARD_4P = [
  { rank: 1, user: { ...user('alpha'), bot: true }, owner: aki, description: 'Plays fast and folds early', mu: 1620.5,
    sigma: 90.25, provisional: false, matches: 7, wins: 2, points: 7000, average: 1000, sets: 1, last_at: T0 + 6000,
    suspended: false, deleted: false },
  { rank: 2, user: { ...user('bravo'), bot: true }, owner: aki, description: '', mu: 1580, sigma: 70, provisional: false,
    matches: 7, wins: 2, points: -3000, average: -429, sets: 1, last_at: T0 + 6000, suspended: false, deleted: false },
  { rank: 3, user: { ...user('charlie'), bot: true }, owner: aki, description: '', mu: 1580, sigma: 130.5,
    provisional: true, matches: 6, wins: 1, points: 1000, average: 167, sets: 1, last_at: T0 + 6000, suspended: false,
    deleted: false },
  { rank: 4, user: { ...user('delta'), bot: true }, owner: bea, description: '', mu: 1490.75, sigma: 110,
    provisional: false, matches: 5, wins: 2, points: 0, average: 0, sets: 1, last_at: T0 + 4000, suspended: false,
    deleted: true },
  { rank: 5, user: { ...user('echo'), bot: true }, owner: bea, description: '', mu: 1400.25, sigma: 150,
    provisional: true, matches: 3, wins: 0, points: -5000, average: -1667, sets: 0, last_at: T0 + 6000, suspended: true,
    deleted: false },
];

/* the 3p board: Bravo, Alpha, Charlie (sigma 126 is past 125: provisional) */
const BOARD_3P = [
  { rank: 1, user: { ...user('bravo'), bot: true }, owner: aki, description: '', mu: 1550.5, sigma: 100,
    provisional: false, matches: 3, wins: 1, points: 3000, average: 1000, sets: 1, last_at: T0 + 9000, suspended: false,
    deleted: false },
  { rank: 2, user: { ...user('alpha'), bot: true }, owner: aki, description: 'Plays fast and folds early', mu: 1510,
    sigma: 120, provisional: false, matches: 3, wins: 1, points: 1000, average: 333, sets: 1, last_at: T0 + 9000,
    suspended: false, deleted: false },
  { rank: 3, user: { ...user('charlie'), bot: true }, owner: aki, description: '', mu: 1450, sigma: 126,
    provisional: true, matches: 3, wins: 1, points: -4000, average: -1333, sets: 1, last_at: T0 + 9000,
    suspended: false, deleted: false },
];

/* a seat: [seat, bot, final points, result] */
const seats = (list) => list.map(([seat, bot, final, result]) => ({ seat, user: user(bot), final_points: final, result }));
const total = (bot, points) => ({ user: user(bot), points });

/* the 4p sets by their latest match: S2 (T0+6000), then S1 and S0, both T0+4000 (ties by set id,
   descending: 51… before 50…); totals highest first, ties by user id */
const S2 = {
  id: SETS.s2, complete: false, ended_at: T0 + 6000,
  rotations: [
    { rotation: 0, match_id: matchId(5), ended_at: T0 + 5000,
      seats: seats([[0, 'alpha', 23000, -2000], [1, 'bravo', 28000, 3000], [2, 'charlie', 26000, 1000], [3, 'echo', 23000, -2000]]) },
    { rotation: 1, match_id: matchId(6), ended_at: T0 + 6000,
      seats: seats([[0, 'echo', 24000, -1000], [1, 'alpha', 30000, 5000], [2, 'bravo', 22000, -3000], [3, 'charlie', 24000, -1000]]) },
  ],
  totals: [total('alpha', 3000), total('bravo', 0), total('charlie', 0), total('echo', -3000)],
};
const S1 = {
  id: SETS.s1, complete: true, ended_at: T0 + 4000,
  rotations: [
    { rotation: 0, match_id: matchId(1), ended_at: T0 + 1000,
      seats: seats([[0, 'alpha', 37000, 12000], [1, 'bravo', 21000, -4000], [2, 'charlie', 22000, -3000], [3, 'delta', 20000, -5000]]) },
    { rotation: 1, match_id: matchId(2), ended_at: T0 + 2000,
      seats: seats([[0, 'delta', 24000, -1000], [1, 'alpha', 17000, -8000], [2, 'bravo', 35000, 10000], [3, 'charlie', 24000, -1000]]) },
    { rotation: 2, match_id: matchId(3), ended_at: T0 + 3000,
      seats: seats([[0, 'charlie', 32000, 7000], [1, 'delta', 22000, -3000], [2, 'alpha', 27000, 2000], [3, 'bravo', 19000, -6000]]) },
    { rotation: 3, match_id: matchId(4), ended_at: T0 + 4000,
      seats: seats([[0, 'bravo', 24000, -1000], [1, 'charlie', 23000, -2000], [2, 'delta', 29000, 4000], [3, 'alpha', 24000, -1000]]) },
  ],
  totals: [total('alpha', 5000), total('charlie', 1000), total('bravo', -1000), total('delta', -5000)],
};
const S0 = {
  id: SETS.s0, complete: false, ended_at: T0 + 4000,
  rotations: [
    { rotation: 0, match_id: matchId(10), ended_at: T0 + 4000,
      seats: seats([[0, 'alpha', 24000, -1000], [1, 'bravo', 23000, -2000], [2, 'delta', 30000, 5000], [3, 'echo', 23000, -2000]]) },
  ],
  totals: [total('delta', 5000), total('alpha', -1000), total('bravo', -2000), total('echo', -2000)],
};
const S3 = {
  id: SETS.s3, complete: true, ended_at: T0 + 9000,
  rotations: [
    { rotation: 0, match_id: matchId(7), ended_at: T0 + 7000,
      seats: seats([[0, 'alpha', 41000, 6000], [1, 'bravo', 32000, -3000], [2, 'charlie', 32000, -3000]]) },
    { rotation: 1, match_id: matchId(8), ended_at: T0 + 8000,
      seats: seats([[0, 'charlie', 31000, -4000], [1, 'alpha', 31000, -4000], [2, 'bravo', 43000, 8000]]) },
    { rotation: 2, match_id: matchId(9), ended_at: T0 + 9000,
      seats: seats([[0, 'bravo', 33000, -2000], [1, 'charlie', 38000, 3000], [2, 'alpha', 34000, -1000]]) },
  ],
  totals: [total('bravo', 3000), total('alpha', 1000), total('charlie', -4000)],
};

describe('the bot ladder over REST', { skip: !haveRecordsShell() && 'no sqlite3 (or psql) shell' }, () => {
  let server, port;

  before(async () => {
    server = await serve({ log_level: 'warn' });
    port = server.port;
    // no ladder yet: empty boards and no sets, in both modes
    for (const mode of ['4p', '3p']) {
      assert.deepEqual(await getJson(port, `/api/ladder?mode=${mode}`), { mode, total: 0, bots: [], limit: 50, offset: 0 });
      assert.deepEqual(await getJson(port, `/api/ladder/sets?mode=${mode}`), { mode, sets: [], next_before: null, limit: 10 });
    }
    runRecordsSql(server, ladderSeedSql());
  });

  after(async () => { await shutdown(server); });

  test('the boards: bots by mu, their owners, standings, averages, complete sets, suspended and deleted', async () => {
    assert.deepEqual(await getJson(port, '/api/ladder?mode=4p'), { mode: '4p', total: 5, bots: BOARD_4P, limit: 50, offset: 0 });
    assert.deepEqual(await getJson(port, '/api/ladder?mode=3p'), { mode: '3p', total: 3, bots: BOARD_3P, limit: 50, offset: 0 });
    assert.deepEqual((await getJson(port, '/api/ladder')).bots, BOARD_4P, 'mode defaults to 4p');
  });

  test('the board pages by limit and offset', async () => {
    assert.deepEqual(await getJson(port, '/api/ladder?mode=4p&limit=2&offset=1'),
      { mode: '4p', total: 5, bots: BOARD_4P.slice(1, 3), limit: 2, offset: 1 });
    assert.deepEqual(await getJson(port, '/api/ladder?mode=4p&limit=100&offset=4'),
      { mode: '4p', total: 5, bots: BOARD_4P.slice(4), limit: 100, offset: 4 });
    assert.deepEqual(await getJson(port, '/api/ladder?mode=3p&offset=3'), { mode: '3p', total: 3, bots: [], limit: 50, offset: 3 });
  });

  test('the recent sets: newest first, rotations with their seats, the set totals, complete or not', async () => {
    assert.deepEqual(await getJson(port, '/api/ladder/sets?mode=4p'), { mode: '4p', sets: [S2, S1, S0], next_before: null, limit: 10 });
    assert.deepEqual(await getJson(port, '/api/ladder/sets?mode=3p&limit=50'), { mode: '3p', sets: [S3], next_before: null, limit: 50 });
    assert.deepEqual((await getJson(port, '/api/ladder/sets')).sets, [S2, S1, S0], 'mode defaults to 4p');
  });

  test('the sets page back by `before`, never between sets of one millisecond', async () => {
    const get = (q) => getJson(port, `/api/ladder/sets?mode=4p&${q}`);
    assert.deepEqual(await get('limit=1'), { mode: '4p', sets: [S2], next_before: T0 + 6000, limit: 1 });
    // two more would split S1 and S0 (both T0+4000): the page stops before them
    assert.deepEqual(await get('limit=2'), { mode: '4p', sets: [S2], next_before: T0 + 6000, limit: 2 });
    assert.deepEqual(await get(`limit=2&before=${T0 + 6000}`), { mode: '4p', sets: [S1, S0], next_before: null, limit: 2 });
    assert.deepEqual(await get(`limit=3`), { mode: '4p', sets: [S2, S1, S0], next_before: null, limit: 3 });
    // S2 has a match before T0+5500 (T0+5000) and one after (T0+6000): it was on an earlier page
    assert.deepEqual((await get(`before=${T0 + 5500}`)).sets, [S1, S0]);
    // more sets of one millisecond than the page holds: the page is full of them, the rest of that
    // millisecond passed over (the ladder's pace never makes it; store_ladder.h says so)
    assert.deepEqual(await get(`before=${T0 + 4001}&limit=1`), { mode: '4p', sets: [S1], next_before: T0 + 4000, limit: 1 });
    assert.deepEqual((await get(`before=${T0 + 4000}`)).sets, [], 'S1 and S0 end at T0+4000, not before it');
    assert.deepEqual((await get('before=1')).sets, []);
  });

  test('every bad parameter is a 400 naming it', async () => {
    const bad = async (q, field) => assertError(await api(port, 'GET', q), 400, 'bad_request', field);
    for (const mode of ['5p', '', '4P', 'all', '4p4p4p4p4p'])
      for (const route of ['/api/ladder', '/api/ladder/sets'])
        await bad(`${route}?mode=${mode}`, 'mode');
    for (const limit of ['0', '101', '-1', 'ten', '', '1.5'])
      await bad(`/api/ladder?limit=${limit}`, 'limit');
    for (const offset of ['-1', 'x', '', '100000001', '1e3'])
      await bad(`/api/ladder?offset=${offset}`, 'offset');
    for (const limit of ['0', '51', 'x', ''])
      await bad(`/api/ladder/sets?limit=${limit}`, 'limit');
    for (const b of ['0', '-5', 'abc', '', '1e12', '1234567890123456789', `${T0}.5`])
      await bad(`/api/ladder/sets?before=${b}`, 'before');
    const r = await api(port, 'GET', '/api/ladder/sets?before=0');
    assert.equal(r.json.error.message, 'before: a positive integer (Unix ms, from next_before)');
    assert.equal((await api(port, 'GET', '/api/ladder?limit=0')).json.error.fields.limit, 'an integer 1..100');
    assert.equal((await api(port, 'GET', '/api/ladder?mode=x')).json.error.message, 'mode: "4p" or "3p"');
    assert.equal((await api(port, 'POST', '/api/ladder')).status, 405);
    assert.equal((await api(port, 'GET', '/api/ladder/sets/x')).status, 404);
  });

  test('a reply carries an ETag, and If-None-Match with it is a 304', async () => {
    for (const route of ['/api/ladder?mode=3p', '/api/ladder/sets?mode=3p']) {
      const first = await request(port, { path: route });
      assert.equal(first.status, 200);
      assert.ok(first.headers.etag, `${route}: an ETag`);
      const again = await request(port, { path: route, headers: { 'if-none-match': first.headers.etag } });
      assert.equal(again.status, 304, route);
      assert.equal(again.body, '');
    }
  });

  test("a bot's profile has its ladder standings and ranks; a person's has none", async () => {
    const alpha = await getJson(port, `/api/players/${BOTS.alpha.id}`);
    assert.deepEqual(alpha.ladder, {
      '4p': { mu: 1620.5, sigma: 90.25, provisional: false, matches: 7, wins: 2, points: 7000, sets: 1, rank: 1 },
      '3p': { mu: 1510, sigma: 120, provisional: false, matches: 3, wins: 1, points: 1000, sets: 1, rank: 2 },
    });
    const echo = await getJson(port, `/api/players/${BOTS.echo.id}`);
    assert.deepEqual(echo.ladder, {
      '4p': { mu: 1400.25, sigma: 150, provisional: true, matches: 3, wins: 0, points: -5000, sets: 0, rank: 5 },
      '3p': null,
    });
    assert.deepEqual((await getJson(port, `/api/players/${BOTS.delta.id}`)).ladder['3p'], null);
    const owner = await getJson(port, `/api/players/${OWNERS.aki}`);
    assert.equal(owner.bot, false);
    assert.ok(!('ladder' in owner), 'a person has no ladder standing');
  });

  test("a kept profile follows its rank when another bot's rating moves past it", async () => {
    const path = `/api/players/${BOTS.charlie.id}`;
    const first = await request(port, { path });
    assert.equal(JSON.parse(first.body).ladder['4p'].rank, 3);
    const kept = await request(port, { path, headers: { 'if-none-match': first.headers.etag } });
    assert.equal(kept.status, 304, 'the same reply while nothing moved');
    // Delta's rating moves above Charlie's (as a ladder match of Delta's alone would do it)
    runRecordsSql(server, `UPDATE ladder_ratings SET mu = 1700 WHERE mode = '4p' AND user_id = '${BOTS.delta.id}'`);
    const moved = await request(port, { path, headers: { 'if-none-match': first.headers.etag } });
    assert.equal(moved.status, 200, 'a new reply');
    assert.equal(JSON.parse(moved.body).ladder['4p'].rank, 4);
    assert.deepEqual((await getJson(port, '/api/ladder?mode=4p&limit=2')).bots.map((b) => b.user.display_name), ['Delta', 'Alpha']);
    runRecordsSql(server, `UPDATE ladder_ratings SET mu = 1490.75 WHERE mode = '4p' AND user_id = '${BOTS.delta.id}'`);
    assert.equal((await getJson(port, path)).ladder['4p'].rank, 3);
  });
});
