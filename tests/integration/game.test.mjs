// game.test.mjs — the game over WebSocket against the real `ippon` binary, with real
// WebSocket clients (ws_player.mjs, over the `ws` package) and clocks run fast (time_scale).
//
// Whole 4p and 3p matches (practice with bots, and two humans queued together with bots
// filling the table) played only through "ask"/"act"; a draw followed by a continued hand; a
// reconnect in the middle of a hand; clock expiry with the table acting; every bad input of
// PROTOCOL.md answered with an error while the connection stays open; flooding and an
// oversized frame closing it; fairness (each hand's commitment matches the revealed seed's
// wall, and the dealt tiles are that wall's); and over every frame a client received, never
// another seat's concealed tiles.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import { FAST_PLAY, eventually, request, serve, shutdown, stopServer } from './harness.mjs';
import { Client, MATCH_TIMEOUT_MS, atHandLimit, player, playToEnd } from './ws_player.mjs';

/**
 * the numbers match_found and view carry, as src/core/RULES.md gives them: starting points (§1), the
 * riichi stick (§4), honba on a ron and from each tsumo payer (§6), tiles and live tiles at the
 * deal (§2)
 */
const NUMBERS = {
  '4p': { start_points: 25000, riichi_stick: 1000, honba_ron: 300, honba_tsumo: 100, wall_tiles: 136, live_tiles: 70 },
  '3p': { start_points: 35000, riichi_stick: 1000, honba_ron: 200, honba_tsumo: 100, wall_tiles: 108, live_tiles: 55 },
};

/** events a client received, in order */
const eventsOf = (c) => c.received.filter((m) => m.type === 'event');

/** asserts event numbers run 0, 1, 2, … without gaps or repeats */
function assertNumbered(c) {
  const ns = eventsOf(c).map((m) => m.n);
  ns.forEach((n, i) => assert.equal(n, i, `event numbers ${ns.slice(Math.max(0, i - 3), i + 3)}`));
}

/** no frame a client got reveals another seat's concealed tiles */
function assertNoLeak(c, mySeat) {
  for (const m of c.received) {
    const text = JSON.stringify(m);
    if (m.type === 'event') {
      const e = m.event;
      if (e.type === 'draw' && e.seat !== mySeat) assert.ok(!('tile' in e), `another seat's draw leaked: ${text}`);
      assert.notEqual(e.type === 'deal' && e.seat !== undefined && e.seat !== mySeat, true, text);
    }
    if (m.type === 'view' && m.you) assert.equal(m.you.seat, mySeat, text);
    if (m.type === 'view') for (const s of m.seats) assert.ok(!('hand' in s), `a seat's hand in a view: ${text}`);
    assert.ok(!/"wall"/.test(text), `the wall leaked: ${text}`);
  }
}

describe('the game over WebSocket', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 1, ranked_min_humans: 2, max_frame: 4096 });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  for (const mode of ['4p', '3p']) {
    test(`a ${mode} practice match against bots, played to the end through asks`, async () => {
      const c = await player(port);
      c.send({ type: 'practice', mode });
      const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
      assert.equal(found.mode, mode);
      assert.equal(found.ranked, false);
      assert.equal(found.seats.length, mode === '4p' ? 4 : 3);
      assert.equal(found.seats.filter((s) => s.bot).length, mode === '4p' ? 3 : 2);
      assert.deepEqual(found.numbers, NUMBERS[mode], 'the match\'s numbers in match_found');
      const end = await playToEnd(c);
      assert.equal(end.results.reduce((a, b) => a + b, 0), 0, 'results sum to 0');
      const start = NUMBERS[mode].start_points;
      end.points.forEach((p, i) => assert.equal(p - start, end.results[i]));
      const starts = eventsOf(c).filter((m) => m.event.type === 'hand_start');
      assert.equal(end.seeds.length, starts.length, 'one seed per hand');
      assertNumbered(c);
      assertNoLeak(c, found.seat);
      // fairness: each seed gives the committed wall, and my first deal comes from it
      for (let h = 0; h < starts.length; h++) {
        const res = await request(port, { path: `/api/fairness?mode=${mode}&seed=${end.seeds[h]}` });
        assert.equal(res.status, 200, res.body);
        const f = JSON.parse(res.body);
        assert.equal(f.commitment, starts[h].event.commitment, `hand ${h}: commitment`);
        const players = mode === '4p' ? 4 : 3;
        const wind = (found.seat - starts[h].event.dealer + players) % players;
        const deal = eventsOf(c).filter((m) => m.event.type === 'deal')[h].event.hand;
        assert.deepEqual([...deal].sort(), f.wall.slice(13 * wind, 13 * wind + 13).sort(), `hand ${h}: dealt tiles`);
      }
      c.close();
    });
  }

  test('two players queued together get one ranked table, bots fill the rest', async () => {
    const a = await player(port), b = await player(port);
    a.send({ type: 'queue', mode: '4p' });
    b.send({ type: 'queue', mode: '4p' });
    assert.equal((await a.next((m) => m.type === 'queued')).mode, '4p');
    const fa = await a.next((m) => m.type === 'match_found', 15_000, 'match_found');
    const fb = await b.next((m) => m.type === 'match_found', 15_000, 'match_found');
    assert.equal(fa.table, fb.table);
    assert.equal(fa.ranked, true);
    assert.equal(fa.seats.filter((s) => !s.bot).length, 2);
    const [ea, eb] = await Promise.all([playToEnd(a), playToEnd(b)]);
    assert.deepEqual(ea, eb);
    assertNoLeak(a, fa.seat);
    assertNoLeak(b, fb.seat);
    // neither ever received the other's private events
    for (const [c, other] of [[a, fb.seat], [b, fa.seat]])
      assert.ok(!eventsOf(c).some((m) => m.event.type === 'draw' && m.event.seat === other && 'tile' in m.event));
    a.close();
    b.close();
  });

  for (const [mode, n] of [['4p', 4], ['3p', 3]]) {
    test(`${n} humans queued for ${mode} play a whole match with no bot`, async () => {
      const players = await Promise.all(Array.from({ length: n }, () => player(port)));
      for (const p of players) p.send({ type: 'queue', mode });
      const found = await Promise.all(players.map((p) => p.next((m) => m.type === 'match_found', 15_000, 'match_found')));
      assert.equal(new Set(found.map((f) => f.table)).size, 1, 'one table');
      assert.equal(found[0].seats.filter((s) => s.bot).length, 0, 'no bot');
      for (const f of found) assert.deepEqual(f.numbers, NUMBERS[mode], 'the match\'s numbers in match_found');
      assert.deepEqual(found.map((f) => f.seat).sort(), [...Array(n).keys()]);
      // every player sees the same end: the match's, or (the players never aim to win: it
      // happens) the table's hand limit, 200 hands without a winner
      const ends = await Promise.all(players.map((p) => playToEnd(p)));
      for (const e of ends) assert.deepEqual(e, ends[0]);
      assert.ok(ends[0].type === 'match_end' || atHandLimit(ends[0]), JSON.stringify(ends[0]).slice(0, 300));
      players.forEach((p, i) => { assertNoLeak(p, found[i].seat); assertNumbered(p); p.close(); });
    });
  }

  test('an exhaustive draw is followed by another hand at the same table', async () => {
    for (let tries = 0; tries < 40; tries++) {
      const c = await player(port);
      c.send({ type: 'practice', mode: '4p' });
      await c.next((m) => m.type === 'match_found');
      await playToEnd(c, ['kita']); // never tsumo or ron: more draws
      const events = eventsOf(c).map((m) => m.event);
      c.close();
      const draw = events.findIndex((e) => e.type === 'exhaustive_draw');
      if (draw < 0) continue;
      const next = events.slice(draw).find((e) => e.type === 'hand_start');
      assert.ok(next, 'a new hand after the draw');
      assert.equal(next.honba, events.filter((e) => e.type === 'hand_start')[0].honba + 1);
      assert.equal(events[draw].payments.reduce((x, y) => x + y, 0), 0);
      return;
    }
    assert.fail('no exhaustive draw in 40 matches');
  });

  test('a reconnect in the middle of a hand resumes the events and the pending ask', async () => {
    const c = await player(port);
    c.send({ type: 'practice', mode: '4p' });
    await c.next((m) => m.type === 'match_found');
    const ask = await c.next((m) => m.type === 'ask', 10_000, 'an ask');
    const last = eventsOf(c).at(-1).n;
    c.close();
    const again = await player(port, c.token);
    assert.ok(again.welcome.table, 'welcome names the table');
    // no `last` in hello: the full view, then the ask
    const view = await again.next((m) => m.type === 'view', 10_000, 'the view');
    assert.equal(view.you.seat, again.welcome.table.seat);
    assert.deepEqual(view.numbers, NUMBERS['4p'], 'the match\'s numbers in the view');
    assert.ok(view.n >= last);
    const ask2 = await again.next((m) => m.type === 'ask', 10_000, 'the pending ask');
    assert.equal(ask2.seq, ask.seq);
    // and with a last number: exactly the events after it
    again.send({ type: 'resume', last: last - 2 });
    const e1 = await again.next((m) => m.type === 'event');
    assert.equal(e1.n, last - 1);
    await playToEnd(again);
    again.close();
  });

  test('a player who never answers is played for by the clock', async () => {
    const c = await player(port);
    c.send({ type: 'practice', mode: '3p' });
    await c.next((m) => m.type === 'match_found');
    const t = await c.next((m) => m.type === 'timeout', 20_000, 'a timeout');
    assert.ok(Number.isInteger(t.seq));
    await c.next((m) => m.type === 'event' && m.event.type === 'match_end', MATCH_TIMEOUT_MS, 'the match end');
    c.close();
  });

  test('every bad message gets an error and the connection stays open', async () => {
    const anon = new Client(port);
    await anon.connect();
    anon.send({ type: 'queue', mode: '4p' });
    assert.equal((await anon.next((m) => m.type === 'error')).code, 'auth_required');
    anon.send({ type: 'hello', token: 'nope' });
    assert.equal((await anon.next((m) => m.type === 'error')).code, 'auth_failed');
    anon.close();

    const c = await player(port);
    const cases = [
      ['{not json', 'bad_json'],
      ['[1,2]', 'bad_json'],
      [{ nope: 1 }, 'bad_message'],
      [{ type: 'dance' }, 'unknown_type'],
      [{ type: 'queue', mode: '5p' }, 'bad_message'],
      [{ type: 'queue' }, 'bad_message'],
      [{ type: 'practice', mode: 7 }, 'bad_message'],
      [{ type: 'act', seq: 1, action: { type: 'discard', tile: '1m' } }, 'no_match'],
      [{ type: 'resume', last: 'x' }, 'bad_message'],
    ];
    for (const [msg, code] of cases) {
      c.send(msg);
      const e = await c.next((m) => m.type === 'error', 5_000, `the error for ${JSON.stringify(msg)}`);
      assert.equal(e.code, code, JSON.stringify(msg));
      assert.ok(e.message.length > 0);
    }
    c.send({ type: 'practice', mode: '4p' });
    await c.next((m) => m.type === 'match_found');
    const ask = await c.next((m) => m.type === 'ask', 10_000, 'an ask');
    const wrong = [
      [{ type: 'act', seq: ask.seq + 5, action: ask.options[0] }, 'stale'],
      [{ type: 'act', action: ask.options[0] }, 'bad_message'],
      [{ type: 'act', seq: ask.seq, action: { type: 'discard', tile: 'xx' } }, 'illegal'],
      [{ type: 'act', seq: ask.seq, action: { type: 'chi', tiles: ['1m'] } }, 'illegal'],
      [{ type: 'act', seq: ask.seq, action: 'discard' }, 'illegal'],
      [{ type: 'queue', mode: '4p' }, 'in_match'],
    ];
    for (const [msg, code] of wrong) {
      c.send(msg);
      const e = await c.next((m) => m.type === 'error', 5_000, `the error for ${JSON.stringify(msg)}`);
      assert.equal(e.code, code, JSON.stringify(msg));
    }
    c.send({ type: 'act', seq: ask.seq, action: ask.options[0] }); // the real answer still works
    c.send({ type: 'ping' });
    await c.next((m) => m.type === 'pong');
    assert.equal(c.closed, null);
    c.close();
  });

  test('a second connection of the same user replaces the first', async () => {
    const first = await player(port);
    const second = await player(port, first.token);
    assert.equal(second.welcome.user.id, first.welcome.user.id);
    const e = await first.next((m) => m.type === 'error', 5_000, 'the replaced error');
    assert.equal(e.code, 'replaced');
    second.send({ type: 'ping' });
    await second.next((m) => m.type === 'pong');
    second.close();
  });

  test('sustained abuse closes the connection: a flood of bad messages, an oversized frame', async () => {
    const flood = await player(port);
    // far more than the 20 bad messages a connection may send in 10 s: the 21st closes it, and
    // the rest, still on its way, is read and dropped until the client answers the close frame
    // (ws.c), so no reset drops the abuse error before the client reads it
    for (let i = 0; i < 300; i++) flood.send('garbage');
    const abuse = await flood.next((m) => m.type === 'error' && m.code === 'abuse', 5_000, 'the abuse error');
    assert.ok(abuse);
    await flood.untilClosed(5_000);
    assert.equal(flood.closed.code, 1008);

    const big = await player(port);
    big.send(JSON.stringify({ type: 'ping', pad: 'x'.repeat(10_000) }));
    assert.equal((await big.next((m) => m.type === 'error', 5_000)).code, 'too_large');
    await big.untilClosed(5_000);
    assert.equal(big.closed.code, 1009);

    const ok = await player(port); // the server is fine
    ok.send({ type: 'ping' });
    await ok.next((m) => m.type === 'pong');
    ok.close();
  });
});

describe('shutting down', () => {
  test('SIGTERM without handover drains: no new matches, the running one is closed after the grace, exit 0', async () => {
    const { port, proc, dir } = await serve({
      log_level: 'warn', time_scale: 1, bot_delay_ms: 0, handover: false, shutdown_grace: 1.5, guests_per_address: 1000,
    });
    try {
      const c = await player(port);
      c.send({ type: 'practice', mode: '4p' });
      await c.next((m) => m.type === 'match_found');
      await c.next((m) => m.type === 'ask', 10_000, 'an ask'); // and never answer: real clocks, the match runs on
      proc.child.kill('SIGTERM');
      await eventually(async () => JSON.parse((await request(port, { path: '/api/health' })).body).status === 'draining',
        1000, 'draining after SIGTERM'); // within the grace of 1.5 s
      const other = await player(port);
      other.send({ type: 'practice', mode: '3p' });
      assert.equal((await other.next((m) => m.type === 'error')).code, 'draining');
      const closed = await c.next((m) => m.type === 'table_closed', 10_000, 'table_closed');
      assert.match(closed.reason, /shutting down/);
      assert.ok(closed.seeds.length >= 1, 'the seeds are revealed');
      await stopServer(proc); // already exiting: code 0, no sanitizer report
    } finally {
      if (proc.exitCode === undefined) proc.child.kill('SIGKILL');
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});
