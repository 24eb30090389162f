// bot_ladder.test.mjs — the bot ladder (src/server/game/gateway_ladder.h) through the real server:
// public bots whose AIs (mjai_ai.mjs) connect at /mjai?room=ladder&mode=… and come back after
// every match, as a ladder client does.
//
// - a whole duplicate set in each mode: 4 matches in 4-player, 3 in 3-player, all stored, each
//   dealt from the same secret with the same first dealer (so hand 1's seed, wall and commitment
//   are the same in every match), the bots rotated one seat per match (bot k at seat
//   (k + r) mod n); every bot's ladder rating counts every match (matches = n), the points
//   rated are the matches' results, and nobody is ranked;
// - refusals: a private bot (403 not_public), an unknown mode (400 bad_room);
// - an AI that never answers runs out of time: after LADDER_STRIKES timeouts in one ladder match
//   it is suspended from the ladder with the reason (403 ladder_suspended on its next entry),
//   the set ends after that match, and practice stays open to it.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { spawn } from 'node:child_process';
import { BUILD_DIR, FAST_PLAY, accountToken, api, eventually, getJson, serve, shutdown, sqlite, startServer, withDeadline } from './harness.mjs';
import { mjaiConnect, mjaiRefusal } from './mjai_ai.mjs';

const ROTATIONS = { '4p': 4, '3p': 3 };

const BOT = join(BUILD_DIR, 'src/tools/ippon-mjai-bot');

/** the built-in bot as a ladder client: ippon-mjai-bot --matches 0 enters again after every match */
function ladderClient(port, bot, mode) {
  const child = spawn(BOT, ['--url', `ws://127.0.0.1:${port}`, '--token', bot.token, '--room', 'ladder', '--mode', mode,
    '--matches', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
  child.stderrText = '';
  child.stderr.on('data', (d) => { child.stderrText += d; });
  child.exited = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  return child;
}

/** an AI that answers start_game and nothing after (its clock plays for it), entering again after
    each match until refused; `refusal` says why it was */
class SilentAi {
  constructor(port, bot, mode) { Object.assign(this, { port, bot, mode, refusal: null, stopped: false }); }

  async run() {
    while (!this.stopped) {
      let ai;
      try {
        ai = await mjaiConnect(this.port, this.bot.token, { room: `ladder&mode=${this.mode}`, auto: false });
      } catch (e) {
        this.refusal = String(e.message);
        return;
      }
      this.ai = ai;
      ai.until((a) => a.lines.length > 0, 600_000, 'start_game').then(() => ai.send('{"type":"none"}'), () => {});
      await ai.closed;
    }
  }

  stop() { this.stopped = true; this.ai?.ws.close(); }
}

/** a policy AI on the ladder that can hold its answers (`hold`), and comes back with resume when
    its socket drops without the match's end (a restart), entering again after each match */
class ResumingAi {
  constructor(port, bot, mode) { Object.assign(this, { port, bot, mode, hold: false, holding: false, resumed: 0, stopped: false }); }

  async run() {
    let lines = null;
    while (!this.stopped) {
      let ai;
      try {
        ai = await mjaiConnect(this.port, this.bot.token, lines
          ? { room: `ladder&mode=${this.mode}`, resume: lines.length, lines, auto: false }
          : { room: `ladder&mode=${this.mode}`, auto: false });
      } catch {
        await new Promise((r) => setTimeout(r, 200)); // the server is restarting
        continue;
      }
      if (lines) this.resumed++;
      this.ai = ai;
      const answer = () => {
        if (this.hold && ai.lines.length > ai.answered) { this.holding = true; return; }
        ai.answerAll();
      };
      ai.ws.on('message', answer);
      const tick = setInterval(answer, 100);
      const closed = await ai.closed;
      clearInterval(tick);
      lines = closed.code === 1000 || ai.lines.some((l) => l.type === 'end_game') ? null : ai.lines;
    }
  }

  stop() { this.stopped = true; this.ai?.ws.close(); }
}

describe('the bot ladder', () => {
  let server, port, owner;

  async function newBot(name, isPublic = true, by = owner) {
    const r = await api(port, 'POST', '/api/bots', { token: by, body: { name, public: isPublic } });
    assert.equal(r.status, 201, r.raw);
    return { id: r.json.bot.id, token: r.json.token, name };
  }

  /** the rows of a query on the server's database, each an array of its columns */
  function sql(query) {
    const out = sqlite(join(server.dir, 'ippon.db'), query);
    return out ? out.split('\n').map((line) => line.split('|')) : [];
  }

  /** the stored ladder matches of a set, by rotation, read from the database */
  function setMatches(setId) {
    return sql(`SELECT rotation, match_id FROM ladder_matches WHERE set_id = '${setId}' ORDER BY rotation`)
      .map(([rotation, id]) => ({ rotation: Number(rotation), id }));
  }

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn' });
    port = server.port;
    owner = await accountToken(port, 'ladder_owner');
  });

  after(async () => { await shutdown(server); });

  for (const mode of ['4p', '3p']) {
    test(`a whole ${mode} duplicate set: the same walls in every seat rotation, every match rated`, { timeout: 240_000 }, async () => {
      const n = ROTATIONS[mode];
      const bots = [];
      for (let i = 0; i < n; i++) bots.push(await newBot(`Dup${mode}_${i}`));
      const clients = bots.map((b) => ladderClient(port, b, mode));
      try {
        const sets = await eventually(() => {
          const rows = sql(`SELECT set_id, count(*) FROM ladder_matches WHERE mode = '${mode}' GROUP BY set_id`);
          return rows.find(([, c]) => Number(c) === n) ?? null;
        }, 200_000, `a complete ${mode} set`);
        const matches = setMatches(sets[0]);
        assert.deepEqual(matches.map((m) => m.rotation), [...Array(n).keys()], 'one match per rotation');
        const records = [];
        for (const m of matches) records.push(await getJson(port, `/api/matches/${m.id}`));
        const first = records[0];
        for (const r of records) {
          assert.equal(r.completed, true, 'a ladder match is played to its win');
          assert.equal(r.ranked, false, 'bots never play ranked');
          assert.equal(r.fairness.secret, first.fairness.secret, 'one secret for the whole set');
          assert.equal(r.seeds[0], first.seeds[0], "hand 1's seed is the set's");
          assert.equal(r.players.reduce((a, p) => a + p.result, 0), 0, 'results sum to 0');
        }
        // the base order is rotation 0's seats; at rotation r, bot k sits at seat (k + r) mod n
        const base = [...first.players].sort((a, b) => a.seat - b.seat).map((p) => p.user_id ?? p.id);
        for (const [r, rec] of records.entries()) {
          const seats = [...rec.players].sort((a, b) => a.seat - b.seat).map((p) => p.user_id ?? p.id);
          for (let k = 0; k < n; k++) assert.equal(seats[(k + r) % n], base[k], `rotation ${r}: bot ${k}'s seat`);
        }
        // ladder ratings: every bot has played the n matches; the points are its results' sum
        for (const b of bots) {
          const [row] = sql(`SELECT matches, points, mu, sigma FROM ladder_ratings WHERE mode = '${mode}' AND user_id = '${b.id}'`);
          assert.ok(row, `${b.name} rated`);
          assert.equal(Number(row[0]), n, `${b.name}: ${n} ladder matches`);
          const results = records.map((rec) => rec.players.find((p) => (p.user_id ?? p.id) === b.id).result);
          assert.equal(Number(row[1]), results.reduce((a, x) => a + x, 0), `${b.name}: points = the sum of its results`);
          assert.ok(Number(row[3]) < 200, 'sigma shrank from the initial 200');
        }
      } finally {
        clients.forEach((c) => c.kill('SIGTERM'));
        await Promise.all(clients.map((c) => c.exited));
      }
    });
  }

  test('a restart in the middle of a set: the running rotation comes back from its journal and the set completes', { timeout: 240_000 }, async () => {
    // a server at a fifth of the clock (1 s a move, 4 s bank), so that a rotation can be caught running: one AI holds
    // its answer while the server is killed, and comes back with resume after the restart
    const slow = await serve({ ...FAST_PLAY, time_scale: 0.2, log_level: 'warn' });
    const third = await accountToken(slow.port, 'ladder_owner3');
    const bots = [];
    for (let i = 0; i < 4; i++) {
      const r = await api(slow.port, 'POST', '/api/bots', { token: third, body: { name: `Restart4p_${i}`, public: true } });
      bots.push({ id: r.json.bot.id, token: r.json.token });
    }
    const held = new ResumingAi(slow.port, bots[0], '4p');
    held.run();
    const clients = bots.slice(1).map((b) => ladderClient(slow.port, b, '4p'));
    const slowSql = (q) => { const out = sqlite(join(slow.dir, 'ippon.db'), q); return out ? out.split('\n').map((l) => l.split('|')) : []; };
    try {
      const mine = `SELECT l.set_id, count(DISTINCT l.match_id) FROM ladder_matches l JOIN match_players p ON p.match_id = l.match_id
        WHERE p.user_id = '${bots[0].id}' GROUP BY l.set_id`;
      const [[setId]] = await eventually(() => { const r = slowSql(mine); return r.length ? r : null; }, 150_000, 'rotation 1 stored');
      held.hold = true; // rotation 2: the held AI sits on its next decision (its 5 s of clock run)
      await eventually(() => held.holding, 60_000, 'rotation 2 waiting on the held AI');
      slow.proc.child.kill('SIGKILL');
      await withDeadline(slow.proc.exited, 10_000, 'ippon after SIGKILL');
      slow.proc = await startServer(['--config', slow.config], slow.dir, slow.port);
      held.hold = false;
      const rows = await eventually(() => { const r = slowSql(mine); return r.length && Number(r[0][1]) === 4 ? r : null; },
        200_000, 'the set completed after the restart');
      assert.equal(rows.length, 1, 'one set: the restart did not start another');
      assert.equal(rows[0][0], setId);
      assert.ok(held.resumed > 0, 'the held AI came back to its table with resume');
      const secrets = new Set();
      for (const id of slowSql(`SELECT match_id FROM ladder_matches WHERE set_id = '${setId}'`).map((r) => r[0]))
        secrets.add((await getJson(slow.port, `/api/matches/${id}`)).fairness.secret);
      assert.equal(secrets.size, 1, "every rotation dealt from the set's secret, before and after the restart");
    } finally {
      held.stop();
      clients.forEach((c) => c.kill('SIGTERM'));
      await Promise.all(clients.map((c) => c.exited));
      await shutdown(slow);
    }
  });

  test('a private bot and an unknown mode are refused', async () => {
    const hidden = await newBot('Hidden_Bot', false);
    let r = await mjaiRefusal(port, { token: hidden.token, query: 'room=ladder&mode=4p' });
    assert.deepEqual([r.status, r.body?.error?.code], [403, 'not_public']);
    r = await mjaiRefusal(port, { token: hidden.token, query: 'room=ladder&mode=5p' });
    assert.deepEqual([r.status, r.body?.error?.code], [400, 'bad_room']);
  });

  test('a bot that keeps running out of time is suspended from the ladder, with the reason', { timeout: 240_000 }, async () => {
    const bots = [];
    const second = await accountToken(port, 'ladder_owner2'); // an owner has at most 10 bots
    for (let i = 0; i < 3; i++) bots.push(await newBot(`Slow3p_${i}`, true, second));
    const silent = new SilentAi(port, bots[0], '3p');
    silent.run();
    const clients = bots.slice(1).map((b) => ladderClient(port, b, '3p'));
    try {
      const [row] = await eventually(() => {
        const rows = sql(`SELECT ladder_suspended_at, ladder_reason FROM bots WHERE user_id = '${bots[0].id}' AND ladder_suspended_at IS NOT NULL`);
        return rows.length ? rows : null;
      }, 200_000, 'the silent bot suspended from the ladder');
      assert.match(row[1], /ran out of time 3 times in ladder match [0-9a-f]{32}/);
      await eventually(() => silent.refusal, 60_000, 'the silent bot refused at its next entry');
      const r = await mjaiRefusal(port, { token: bots[0].token, query: 'room=ladder&mode=3p' });
      assert.deepEqual([r.status, r.body?.error?.code], [403, 'ladder_suspended']);
      assert.match(r.body.error.message, /ran out of time/);
      const practice = await mjaiRefusal(port, { token: bots[0].token, room: 'practice-3p' });
      assert.deepEqual(practice, { open: true }, 'practice stays open to it');
      // its owner sees why, and lifts it: the ladder takes the bot again
      const mine = await api(port, 'GET', '/api/bots', { token: second });
      const listed = mine.json.bots.find((b) => b.id === bots[0].id);
      assert.equal(listed.ladder_suspended, true);
      assert.match(listed.ladder_reason, /ran out of time/);
      let lift = await api(port, 'PATCH', `/api/bots/${bots[0].id}`, { token: second, body: { ladder: false } });
      assert.equal(lift.status, 400, 'ladder: only true lifts');
      lift = await api(port, 'PATCH', `/api/bots/${bots[0].id}`, { token: second, body: { ladder: true } });
      assert.equal(lift.status, 200, lift.raw);
      assert.deepEqual([lift.json.bot.ladder_suspended, lift.json.bot.ladder_reason], [false, null]);
      assert.deepEqual(await mjaiRefusal(port, { token: bots[0].token, query: 'room=ladder&mode=3p' }), { open: true });
      // the set ended with that match: no later rotation of it was stored
      const [[setId]] = sql(`SELECT l.set_id FROM ladder_matches l JOIN match_players p ON p.match_id = l.match_id WHERE p.user_id = '${bots[0].id}'`);
      assert.equal(setMatches(setId).length, 1, 'the set ends after the match the bot was suspended in');
    } finally {
      silent.stop();
      clients.forEach((c) => c.kill('SIGTERM'));
      await Promise.all(clients.map((c) => c.exited));
    }
  });
});
