// seasons.test.mjs — the point-sum board's seasons over REST against the real `ippon` binary
// (src/server/README.md, "Seasons"), with season_months 3 (quarters from January, UTC): a new
// player's profile has no seasons; a ranked match against bots lands in the current quarter's
// board (period=season, and &season= naming it) and in the profile's season history (rank 1 of 1,
// its result as points); the quarter before holds nothing and is final; bad seasons are 400s
// naming `season` (malformed, not a quarter's first month, in the future, without period=season).
// Restarted with season_months 1 the table is counted again from the stored matches: the match is
// in the current calendar month. An administrator's void takes it out of the season. A
// season_months of 5 refuses to start.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { FAST_PLAY, adminCommand, api, assertError, configure, eventually, getJson, runToExit, shutdown, startServer,
  stopServer } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

const PASSWORD = 'Haitei-Raoyue-7';

/** the season of now with seasons of `months` months, worked with JavaScript's UTC calendar */
function seasonOf(now, months) {
  const d = new Date(now);
  const month = d.getUTCMonth() - (d.getUTCMonth() % months); // 0-based
  const name = (y, m) => `${y}-${String(m + 1).padStart(2, '0')}`;
  const previous = month - months < 0 ? name(d.getUTCFullYear() - 1, 12 - months) : name(d.getUTCFullYear(), month - months);
  const next = month + months > 11 ? name(d.getUTCFullYear() + 1, 0) : name(d.getUTCFullYear(), month + months);
  return {
    name: name(d.getUTCFullYear(), month), previous, next,
    start: Date.UTC(d.getUTCFullYear(), month, 1), end: Date.UTC(d.getUTCFullYear(), month + months, 1),
    // a month of the season that starts none (only with months > 1)
    unaligned: name(d.getUTCFullYear(), month + 1),
  };
}

describe('the seasons over REST', () => {
  let server, port;
  let me, matchId, result;
  const quarter = seasonOf(Date.now(), 3);

  const options = { ...FAST_PLAY, log_level: 'warn', bot_fill_after: 0.2, ranked_min_humans: 1,
    leaderboard_min_games: 1 };

  before(async () => {
    server = await configure({ ...options, season_months: 3 });
    port = server.port;
    const made = await adminCommand(['create', 'boss', '--config', server.config], `${PASSWORD}\n`, server.dir);
    assert.equal(made.code, 0, made.stderr);
    server.proc = await startServer(['--config', server.config], server.dir, port);
  });

  after(async () => { await shutdown(server); });

  test('a ranked match lands in the current season and the profile\'s season history', async () => {
    const c = await player(port);
    me = c.welcome.user;
    const fresh = await getJson(port, `/api/players/${me.id}`);
    assert.deepEqual(fresh.seasons, { '4p': [], '3p': [] });

    c.send({ type: 'queue', mode: '4p' });
    const found = await c.next((m) => m.type === 'match_found', 15_000, 'match_found');
    assert.equal(found.ranked, true);
    matchId = found.table;
    const end = await playToEnd(c);
    result = end.results[found.seat];
    c.ws.close();

    const board = await eventually(async () => {
      const b = await getJson(port, '/api/leaderboard?board=points&mode=4p&period=season');
      return b.total > 0 && b;
    }, 10_000, 'a row on the season board');
    assert.equal(board.period, 'season');
    assert.equal(board.season, quarter.name);
    assert.equal(board.season_start, quarter.start);
    assert.equal(board.season_end, quarter.end);
    assert.equal(board.season_months, 3);
    assert.equal(board.final, false);
    assert.equal(board.total, 1);
    assert.deepEqual([board.rows[0].rank, board.rows[0].user_id, board.rows[0].games, board.rows[0].total],
      [1, me.id, 1, result]);
    // the same season named
    const named = await getJson(port, `/api/leaderboard?mode=4p&period=season&season=${quarter.name}`);
    assert.deepEqual(named.rows, board.rows);
    // 3-player and the quarter before: nobody, the quarter before final
    assert.equal((await getJson(port, '/api/leaderboard?mode=3p&period=season')).total, 0);
    const past = await getJson(port, `/api/leaderboard?mode=4p&period=season&season=${quarter.previous}`);
    assert.equal(past.total, 0);
    assert.equal(past.final, true);
    assert.equal(past.season_end, quarter.start);

    const profile = await getJson(port, `/api/players/${me.id}`);
    assert.deepEqual(profile.seasons, {
      '4p': [{ season: quarter.name, rank: 1, of: 1, points: result, games: 1, final: false }], '3p': [] });
    assert.equal(profile.season_months, 3);
  });

  test('bad seasons are 400s naming the parameter', async () => {
    const bad = async (query, pattern) => {
      const r = await api(port, 'GET', `/api/leaderboard?mode=4p&${query}`);
      assertError(r, 400, 'bad_request', 'season');
      assert.match(r.json.error.message, pattern);
    };
    await bad('period=season&season=2026-4', /"YYYY-MM"/);
    await bad('period=season&season=2026-13', /"YYYY-MM"/);
    await bad('period=season&season=1969-10', /"YYYY-MM"/);
    await bad(`period=season&season=${quarter.unaligned}`, /3 months long from January\): YYYY-01, 04, 07 or 10/);
    await bad(`period=season&season=${quarter.next}`, /in the future/);
    await bad(`season=${quarter.name}`, /only with period=season/);
    await bad(`period=all&season=${quarter.name}`, /only with period=season/);
    const period = await api(port, 'GET', '/api/leaderboard?mode=4p&period=quarter');
    assertError(period, 400, 'bad_request', 'period');
    assert.match(period.json.error.message, /"season"/);
  });

  test('another season_months counts the seasons again at start-up; a void takes the match out', async () => {
    await stopServer(server.proc);
    server.proc = undefined;
    const config = JSON.parse(await fs.readFile(server.config, 'utf8'));
    await fs.writeFile(server.config, JSON.stringify({ ...config, season_months: 5 }));
    const refused = await runToExit(['--config', server.config], server.dir);
    assert.notEqual(refused.exitCode, 0);
    assert.match(refused.stderr, /key "season_months": must divide a year into whole seasons: 1, 2, 3, 4, 6 or 12 \(not 5\)/);

    await fs.writeFile(server.config, JSON.stringify({ ...config, season_months: 1 }));
    server.proc = await startServer(['--config', server.config], server.dir, port);
    const month = seasonOf(Date.now(), 1);
    const board = await getJson(port, '/api/leaderboard?mode=4p&period=season');
    assert.equal(board.season, month.name);
    assert.equal(board.season_months, 1);
    assert.deepEqual(board.rows.map((r) => [r.user_id, r.games, r.total]), [[me.id, 1, result]]);
    assert.deepEqual((await getJson(port, `/api/players/${me.id}`)).seasons['4p'],
      [{ season: month.name, rank: 1, of: 1, points: result, games: 1, final: false }]);

    const login = await api(port, 'POST', '/api/auth/login', { body: { username: 'boss', password: PASSWORD } });
    assert.equal(login.status, 200, login.raw);
    const voided = await api(port, 'POST', '/api/admin/void', { body: { match_id: matchId, reason: 'season test' },
      token: login.json.token });
    assert.equal(voided.status, 200, voided.raw);
    assert.equal((await getJson(port, '/api/leaderboard?mode=4p&period=season')).total, 0);
    assert.deepEqual((await getJson(port, `/api/players/${me.id}`)).seasons, { '4p': [], '3p': [] });
  });
});
