// review_stats.test.mjs — a player's review trend (src/server/README.md, "A player's review trend";
// api/review_stats_rest.c, store/review_writes.c), through the real server, on SQLite and (as
// cluster.review_stats_pg) on PostgreSQL.
//
// A registered player plays practice matches of both modes with the built-in bots, and a guest one.
// Each stored match has a summary for its human seat only, and it is what GET
// /api/matches/{id}/review?seat=N's summary says; the trend's sums and halves are worked out here
// from the matches listed. A match still running is not listed; bad parameters are 400s naming
// them; the summaries removed (a match stored before them) or of an older version are filled again
// by the next request, the same.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { FAST_PLAY, accountToken, api, assertError, getJson, serve, shutdown, sqlite, storedMatch } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

const CATEGORIES = ['efficiency', 'defence', 'call', 'riichi', 'win'];

/** a query on the server's records, SQLite's file or its PostgreSQL schema */
function records(server, query) {
  const config = JSON.parse(readFileSync(server.config, 'utf8'));
  const pg = config.cluster?.postgres;
  if (pg) return execFileSync('psql', [pg, '-X', '-q', '-A', '-t', '-F', '|', '-c', query], { encoding: 'utf8' }).trim();
  return sqlite(`${server.dir}/ippon.db`, query);
}

/** plays one practice match of mode to its end with token's player: { table, seat } */
async function playMatch(port, token, mode) {
  const c = await player(port, token);
  c.send({ type: 'practice', mode });
  const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
  await playToEnd(c);
  c.ws.close();
  await storedMatch(port, found.table);
  return { table: found.table, seat: found.seat, mode };
}

const round = (x, places) => Math.round(x * 10 ** places) / 10 ** places;
const marksOf = (m) => CATEGORIES.reduce((n, c) => n + m.marks.by_category[c], 0);

/** a half of the trend, from its matches, as README defines it */
function half(ms) {
  const decisions = ms.reduce((n, m) => n + m.decisions, 0);
  const agreed = ms.reduce((n, m) => n + m.agreed, 0);
  const marks = ms.reduce((n, m) => n + marksOf(m), 0);
  const per = (x) => (decisions ? round((100 * x) / decisions, 1) : null);
  return {
    matches: ms.length, decisions, agreement: decisions ? round(agreed / decisions, 3) : null, marks_per_100: per(marks),
    by_category_per_100: Object.fromEntries(CATEGORIES.map((c) => [c, per(ms.reduce((n, m) => n + m.marks.by_category[c], 0))])),
  };
}

describe("a player's review trend", () => {
  let server, port, token, user;
  const played = [];
  before(async () => {
    server = await serve({ ...FAST_PLAY });
    port = server.port;
    token = await accountToken(port, 'trendy');
    user = (await api(port, 'GET', '/api/auth/me', { token })).json.user.id;
    for (const mode of ['4p', '3p', '4p']) played.push(await playMatch(port, token, mode));
  });
  after(async () => { await shutdown(server); });

  test("each match's summary is its review's, newest first, with its sums and its trend", async () => {
    // written with the match, before anything asked for them (the store writer, not the lazy fill)
    for (const p of played)
      assert.equal(records(server, `SELECT seat FROM review_summaries WHERE match_id = '${p.table}'`), String(p.seat),
        `match ${p.table}: its human seat's summary stored with it`);
    const stats = await getJson(port, `/api/players/${user}/review-stats`);
    assert.equal(stats.player, user);
    assert.equal(stats.n, 20);
    assert.equal(stats.unreviewed, 0);
    assert.deepEqual(stats.matches.map((m) => m.match_id), played.map((p) => p.table).reverse(), 'newest first');
    for (const m of stats.matches) {
      const p = played.find((x) => x.table === m.match_id);
      assert.equal(m.seat, p.seat);
      assert.equal(m.mode, p.mode);
      const review = await getJson(port, `/api/matches/${m.match_id}/review?seat=${p.seat}`);
      const s = review.summary;
      assert.deepEqual({ decisions: m.decisions, agreed: m.agreed, agreement: m.agreement, marks: m.marks },
        { decisions: s.decisions, agreed: s.agreed, agreement: s.agreement, marks: s.marks }, `match ${m.match_id}`);
      assert.ok(m.decisions > 0, 'the player made decisions');
      const detail = await getJson(port, `/api/matches/${m.match_id}`);
      assert.equal(m.ended_at, detail.ended_at);
    }
    // the sums
    const sum = (f) => stats.matches.reduce((n, m) => n + f(m), 0);
    assert.equal(stats.total.matches, 3);
    assert.equal(stats.total.decisions, sum((m) => m.decisions));
    assert.equal(stats.total.agreed, sum((m) => m.agreed));
    assert.equal(stats.total.agreement, round(stats.total.agreed / stats.total.decisions, 3));
    for (const c of CATEGORIES) assert.equal(stats.total.marks.by_category[c], sum((m) => m.marks.by_category[c]));
    for (const v of ['small', 'clear', 'big']) assert.equal(stats.total.marks.by_severity[v], sum((m) => m.marks.by_severity[v]));
    // the trend: three matches, the newest against the oldest (the middle one in neither)
    const [newest, , oldest] = stats.matches;
    assert.deepEqual(stats.trend.newer, half([newest]));
    assert.deepEqual(stats.trend.older, half([oldest]));
    assert.equal(stats.trend.agreement_change, round(half([newest]).agreement - half([oldest]).agreement, 3));
    assert.equal(stats.trend.marks_per_100_change, round(half([newest]).marks_per_100 - half([oldest]).marks_per_100, 1));
    // n: the newest n
    const one = await getJson(port, `/api/players/${user}/review-stats?n=1`);
    assert.deepEqual(one.matches, [newest]);
    assert.equal(one.trend.agreement_change, null, 'one match has no trend');
    assert.equal((await getJson(port, `/api/players/${user}/review-stats?n=100`)).matches.length, 3);
  });

  test('only the human seat is stored; a guest is reviewed too', async () => {
    for (const p of played)
      assert.equal(records(server, `SELECT seat FROM review_summaries WHERE match_id = '${p.table}'`), String(p.seat));
    const guest = (await api(port, 'POST', '/api/auth/guest', { body: {} })).json;
    const g = await playMatch(port, guest.token, '4p');
    const stats = await getJson(port, `/api/players/${guest.user.id}/review-stats`);
    assert.deepEqual(stats.matches.map((m) => [m.match_id, m.seat]), [[g.table, g.seat]]);
    assert.equal(records(server, `SELECT count(*) FROM review_summaries WHERE match_id = '${g.table}'`), '1');
  });

  test('a running match is not listed', async () => {
    // on a loaded machine the fast clock can play a whole match for the silent player before the
    // request is served: the match counts as running only if its review is still refused after
    // the trend was read, so a few tries
    for (let attempt = 0; attempt < 3; attempt++) {
      const c = await player(port, token);
      c.send({ type: 'practice', mode: '4p' });
      const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
      const stats = await getJson(port, `/api/players/${user}/review-stats`);
      const running = (await api(port, 'GET', `/api/matches/${found.table}/review?seat=${found.seat}`)).status === 409;
      if (running) assert.ok(!stats.matches.some((m) => m.match_id === found.table), 'the running match is not listed');
      await playToEnd(c);
      c.ws.close();
      await storedMatch(port, found.table);
      played.push({ table: found.table, seat: found.seat, mode: '4p' });
      if (running) return;
    }
    assert.fail('no match was still running when asked');
  });

  test('summaries missing or of an older version are filled again by the next request', async () => {
    const before = await getJson(port, `/api/players/${user}/review-stats`);
    const version = records(server, `SELECT DISTINCT version FROM review_summaries`);
    assert.match(version, /^\d+$/, 'one version');
    const [a, b] = before.matches;
    records(server, `DELETE FROM review_summaries WHERE match_id = '${a.match_id}'`);
    records(server, `UPDATE review_summaries SET version = 0, decisions = 0 WHERE match_id = '${b.match_id}'`);
    const after = await getJson(port, `/api/players/${user}/review-stats`);
    assert.deepEqual(after, before, 'filled again, the same');
    assert.equal(records(server, `SELECT DISTINCT version FROM review_summaries`), version);
  });

  test('bad parameters are 400s naming them; an unknown player 404', async () => {
    for (const n of ['0', '101', 'x', '-1', '2.5'])
      assertError(await api(port, 'GET', `/api/players/${user}/review-stats?n=${n}`), 400, 'bad_request', 'n');
    assertError(await api(port, 'GET', '/api/players/nope/review-stats'), 400, 'bad_request', 'id');
    assertError(await api(port, 'GET', `/api/players/${'0'.repeat(32)}/review-stats`), 404, 'not_found');
  });
});
