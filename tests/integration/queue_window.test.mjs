// queue_window.test.mjs — the ranked queue's rating window through the running server
// (src/server/README.md, "The ranked queue's window"): ratings are written into the database
// while the server is stopped; three players within 80 of each other form a 3p table at once,
// long before bots would fill; in 4p, two players 300 apart sit together once the window has
// widened (at the bot fill), two 450 apart never do (past the cap, 400: each gets bots); and the
// ranked table's spread and waits reach GET /api/admin/queue (administrators only).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { FAST_PLAY, adminCommand, api, assertError, configure, eventually, haveSqlite3, shutdown, sqlite, startServer,
  stopServer } from './harness.mjs';
import { guestToken, player, playToEnd } from './ws_player.mjs';

const ADMIN_PASSWORD = 'Riichi-Ippatsu-Tsumo-9';
// bot_fill_after 50 s × time_scale 0.02: bots fill after 1 s of real time; the window (100 + 10/s,
// cap 400) grows 500 a real second, so it is at its cap when bots fill
const RATINGS = { close: [1500, 1540, 1580], mid: [1500, 1800], far: [1500, 1950] };

describe('the ranked queue keeps to the rating window', { skip: !haveSqlite3() && 'no sqlite3 shell' }, () => {
  let dir, port, config, proc, admin;
  const tokens = {}, ids = {};

  before(async () => {
    ({ dir, port, config } = await configure({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 50,
      ranked_min_humans: 2, cluster: { postgres: '' } }));
    const made = await adminCommand(['create', 'warden', '--config', config], `${ADMIN_PASSWORD}\n`, dir);
    assert.equal(made.code, 0, made.stderr);
    proc = await startServer(['--config', config], dir, port);
    for (const [group, ratings] of Object.entries(RATINGS)) {
      tokens[group] = [];
      ids[group] = [];
      for (let i = 0; i < ratings.length; i++) {
        const token = await guestToken(port);
        const c = await player(port, token);
        tokens[group].push(token);
        ids[group].push(c.welcome.user.id);
        c.close();
      }
    }
    await stopServer(proc);
    const rows = [];
    for (const [group, ratings] of Object.entries(RATINGS))
      ratings.forEach((mu, i) => { for (const mode of ['3p', '4p']) rows.push(`('${mode}','${ids[group][i]}',${mu},200,0,0,0)`); });
    sqlite(path.join(dir, 'ippon.db'), `INSERT INTO ratings (mode, user_id, mu, sigma, games, tier, rank_points) VALUES ${rows.join(',')}`);
    proc = await startServer(['--config', config], dir, port);
    const login = await api(port, 'POST', '/api/auth/login', { body: { username: 'warden', password: ADMIN_PASSWORD } });
    assert.equal(login.status, 200, login.raw);
    admin = login.json.token;
  });

  after(async () => { await shutdown({ proc, dir }); });

  /* the group's players connect, then queue one right after the other (their waits within a few ms) */
  const queue = async (group, mode) => {
    const cs = [];
    for (const token of tokens[group]) cs.push(await player(port, token));
    for (const c of cs) c.send({ type: 'queue', mode });
    return cs;
  };
  const found = (cs) => Promise.all(cs.map((c) => c.next((m) => m.type === 'match_found', 15_000, 'match_found')));

  test('equals sit together at once', async () => {
    const cs = await queue('close', '3p');
    const f = await found(cs);
    assert.equal(new Set(f.map((m) => m.table)).size, 1, 'one table');
    assert.equal(f[0].seats.filter((s) => !s.bot).length, 3, 'three humans: formed before bots would fill');
    assert.equal(f[0].ranked, true);
    for (const c of cs) c.close(); // the table plays on for them (a 3p row may come later)
  });

  test('300 apart: together once the window has widened, and counted; 450 apart: never (the cap)', async () => {
    const mid = await queue('mid', '4p');
    const fm = await found(mid);
    assert.equal(fm[0].table, fm[1].table, 'the window reached 300 by the time bots filled');
    assert.equal(fm[0].ranked, true);
    const far = await queue('far', '4p');
    const ff = await found(far);
    assert.notEqual(ff[0].table, ff[1].table, '450 is past the cap: each sits with bots');
    for (const c of far) c.close();
    const ends = await Promise.all(mid.map((c) => playToEnd(c)));
    for (const c of mid) c.close();
    assert.equal(ends[0].type, 'match_end', JSON.stringify(ends[0]).slice(0, 300));
    const reply = await eventually(async () => {
      const r = await api(port, 'GET', '/api/admin/queue?days=2', { token: admin });
      return r.status === 200 && r.json.rows.some((x) => x.mode === '4p') && r;
    }, 10_000, 'the queue statistics');
    assert.equal(reply.json.days, 2);
    assert.deepEqual(reply.json.window, { start: 100, growth: 10, cap: 400 });
    const row = reply.json.rows.find((x) => x.mode === '4p');
    assert.equal(row.day, new Date().toISOString().slice(0, 10));
    assert.equal(row.tables, 1, 'the far players\' tables had one human each: not ranked');
    assert.equal(row.median_spread, 300); // 1800 − 1500
    // both waited for the bot fill, 50 s × 0.02 = 1 s after the first queued (the second queued a
    // few ms later; the lobby's timer may be late a little)
    assert.ok(row.median_wait_ms >= 900 && row.median_wait_ms < 5000, `the middle wait ${row.median_wait_ms} ms`);
  });

  test('administrators only; days is checked', async () => {
    assertError(await api(port, 'GET', '/api/admin/queue'), 401, 'unauthorized');
    const guest = await api(port, 'POST', '/api/auth/guest', { body: {} });
    assertError(await api(port, 'GET', '/api/admin/queue', { token: guest.json.token }), 403, 'not_admin');
    for (const q of ['days=0', 'days=91', 'days=x'])
      assert.equal((await api(port, 'GET', `/api/admin/queue?${q}`, { token: admin })).status, 400, q);
    const plain = await api(port, 'GET', '/api/admin/queue', { token: admin });
    assert.equal(plain.json.days, 14, 'two weeks unless asked');
  });
});
