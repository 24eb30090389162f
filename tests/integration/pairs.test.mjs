// pairs.test.mjs — the admin area's pairs of players who meet at ranked tables
// (GET /api/admin/pairs, read off the event loop): two humans play a ranked match to its end over
// WebSocket, and the pair shows with one game together in the last days and each one's result as
// the match_end said it; an administrator only (401 without a session, 403 for a player); bad
// parameters are 400 naming them.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, adminCommand, api, assertError, configure, eventually, shutdown, startServer } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

const ADMIN_PASSWORD = 'Chankan-Haitei-Rinshan7';

describe('pairs of players at ranked tables', () => {
  let dir, port, config, proc, admin;

  before(async () => {
    ({ dir, port, config } = await configure({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 0.3, ranked_min_humans: 2 }));
    const made = await adminCommand(['create', 'warden', '--config', config], `${ADMIN_PASSWORD}\n`, dir);
    assert.equal(made.code, 0, made.stderr);
    proc = await startServer(['--config', config], dir, port);
    const login = await api(port, 'POST', '/api/auth/login', { body: { username: 'warden', password: ADMIN_PASSWORD } });
    assert.equal(login.status, 200, login.raw);
    admin = login.json.token;
  });

  after(async () => { await shutdown({ proc, dir }); });

  test('two humans of one ranked match make a pair with their results', async () => {
    const humans = [await player(port), await player(port)];
    for (const c of humans) c.send({ type: 'queue', mode: '4p' });
    const found = await Promise.all(humans.map((c) => c.next((m) => m.type === 'match_found', 15_000, 'match_found')));
    assert.equal(found[0].table, found[1].table);
    assert.equal(found[0].ranked, true);
    const ends = await Promise.all(humans.map((c) => playToEnd(c)));
    for (const c of humans) c.ws.close();
    const result = (h) => ends[0].results[found[h].seat];
    const reply = await eventually(async () => { // the writer stores the match a moment after match_end
      const r = await api(port, 'GET', '/api/admin/pairs?min_games=1', { token: admin });
      return r.status === 200 && r.json.total > 0 && r;
    }, 10_000, 'a pair');
    assert.equal(reply.status, 200, reply.raw);
    assert.equal(reply.json.total, 1);
    const [pair] = reply.json.pairs;
    assert.equal(pair.games, 1);
    assert.equal(reply.json.days, 7, 'the last week unless asked');
    const byId = Object.fromEntries(pair.players.map((p) => [p.id, p]));
    for (let h = 0; h < 2; h++) {
      const me = byId[humans[h].welcome.user.id];
      assert.ok(me, 'both humans in the pair');
      assert.equal(me.display_name, humans[h].welcome.user.display_name);
      assert.equal(me.total, result(h));
    }
    // a threshold above one game: nobody
    const two = await api(port, 'GET', '/api/admin/pairs?min_games=2', { token: admin });
    assert.deepEqual([two.json.total, two.json.pairs], [0, []]);
  });

  test('administrators only; bad parameters are named', async () => {
    assertError(await api(port, 'GET', '/api/admin/pairs'), 401, 'unauthorized');
    const guest = await api(port, 'POST', '/api/auth/guest', { body: {} });
    assertError(await api(port, 'GET', '/api/admin/pairs', { token: guest.json.token }), 403, 'not_admin');
    for (const q of ['min_games=0', 'min_games=x', 'page=0', 'limit=1000', 'days=0', 'days=91'])
      assert.equal((await api(port, 'GET', `/api/admin/pairs?${q}`, { token: admin })).status, 400, q);
  });
});
