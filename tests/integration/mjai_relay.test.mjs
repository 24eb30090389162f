// mjai_relay.test.mjs — the mjai relay's timing at /metrics (game/gateway_mjai.c, metrics.h):
// ippon_mjai_relay_out_seconds (a table's line, from its seat being handed it to its socket's write)
// and ippon_mjai_relay_in_seconds (an AI's answer, from its arrival to the table taking it).
//
// - a whole practice match over mjai (the test's AI, mjai_ai.mjs): every line the AI received was
//   timed once on its way out. On the way in, every answer up to the last line that asked the AI a
//   decision (possible_actions, or its own draw outside riichi) was taken by the table before it
//   could go on, so it was counted;
//   the answer to end_game never is (the connection is closing once end_game is queued), nor those
//   that come after it. Each histogram: 16 bounds from 2 µs to 1 s, its buckets rising to its count,
//   its sum within its bounds;
// - an AI that drops and comes back without resume is sent every line again from start_game: a
//   replay, not timed — the outward count grows by no more than the match's lines, not by the
//   lines of both connections.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, accountToken, api, eventually, request, serve, shutdown } from './harness.mjs';
import { mjaiConnect } from './mjai_ai.mjs';

/** a histogram of the /metrics text: { buckets: [[le, cumulative]…], sum, count } */
function histogram(text, name) {
  const lines = text.split('\n');
  const buckets = lines.filter((l) => l.startsWith(`${name}_bucket{`)).map((l) => {
    const m = /le="([^"]+)"\} (\d+)$/.exec(l);
    return [m[1] === '+Inf' ? Infinity : Number(m[1]), Number(m[2])];
  });
  const value = (suffix) => Number(lines.find((l) => l.startsWith(`${name}_${suffix} `))?.split(' ')[1]);
  return { buckets, sum: value('sum'), count: value('count') };
}

async function relay(port) {
  const text = (await request(port, { path: '/metrics' })).body;
  return { out: histogram(text, 'ippon_mjai_relay_out_seconds'), in: histogram(text, 'ippon_mjai_relay_in_seconds') };
}

/** the histogram is one: 16 bounds from 2 µs to 1 s and +Inf, rising to its count, its sum within its bounds */
function assertConsistent(h, what) {
  assert.equal(h.buckets.length, 17, `${what}: 16 bounds and +Inf`);
  assert.deepEqual([h.buckets[0][0], h.buckets[15][0], h.buckets[16][0]], [0.000002, 1, Infinity], what);
  assert.ok(h.buckets.some(([le]) => le === 0.005), `${what}: the 5 ms budget is a bound`);
  for (let i = 1; i < h.buckets.length; i++)
    assert.ok(h.buckets[i][1] >= h.buckets[i - 1][1], `${what}: cumulative buckets never fall`);
  assert.equal(h.buckets.at(-1)[1], h.count, `${what}: +Inf is the count`);
  const above = h.count - h.buckets[15][1];
  assert.equal(above, 0, `${what}: nothing took a second on a test's loopback`);
  assert.ok(h.sum >= 0 && h.sum <= h.count * 1, `${what}: the sum lies within the bounds (${h.sum} for ${h.count})`);
}

describe('the mjai relay timed at /metrics', () => {
  let server, port, owner;

  async function newBot(name) {
    const r = await api(port, 'POST', '/api/bots', { token: owner, body: { name } });
    assert.equal(r.status, 201, r.raw);
    return r.json.token;
  }

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn' });
    port = server.port;
    owner = await accountToken(port, 'relay_author');
  });

  after(async () => { await shutdown(server); });

  test('a whole practice match: every line out counted once, the answers the table took counted', async (t) => {
    const start = await relay(port);
    assert.deepEqual([start.out.count, start.in.count], [0, 0], 'nothing relayed before the first AI');
    assertConsistent(start.out, 'out, before');
    assertConsistent(start.in, 'in, before');
    const ai = await mjaiConnect(port, await newBot('Relay_Whole'), { room: 'practice-4p' });
    assert.equal((await ai.closed).code, 1000);
    assert.deepEqual(ai.extra, [], 'no error for a well-behaved AI');
    assert.equal(ai.lines.at(-1).type, 'end_game');
    const end = await relay(port);
    assertConsistent(end.out, 'out');
    assertConsistent(end.in, 'in');
    assert.equal(end.out.count, ai.lines.length, 'each line the AI received was timed once on its way out');
    // a decision: a line offering possible_actions, or the AI's own draw while it is not in riichi
    // (a one-hand match can end before anything is ever offered: a bot's early win)
    let riichi = false;
    const asked = ai.lines.map((l) => {
      if (l.type === 'reach_accepted' && l.actor === ai.me) riichi = true;
      return Boolean(l.possible_actions?.length) || (l.type === 'tsumo' && l.actor === ai.me && !riichi);
    });
    const lastAsked = asked.lastIndexOf(true) + 1; // its number (0: won before the AI's first draw)
    if (lastAsked === 0) t.diagnostic('the match ended before the AI was asked anything');
    assert.ok(end.in.count >= lastAsked, `the answers up to line ${lastAsked} reached the table (${end.in.count})`);
    assert.ok(end.in.count <= ai.answered - 1, `not the answer to end_game (${end.in.count} of ${ai.answered})`);
  });

  test('lines sent again to an AI that comes back are a replay, not timed', async () => {
    const token = await newBot('Relay_Back');
    const start = await relay(port);
    const first = await mjaiConnect(port, token, { room: 'practice-3p' });
    await first.until((a) => a.lines.filter((l) => l.type === 'dahai').length >= 4, 20_000, 'four discards');
    first.auto = false;
    first.ws.terminate();
    await first.closed;
    const again = await mjaiConnect(port, token, { room: 'practice-3p' });
    assert.equal((await again.closed).code, 1000);
    assert.equal(again.lines[0].type, 'start_game', 'every line again from the first');
    const end = await eventually(async () => {
      const r = await relay(port);
      return r.out.count > start.out.count ? r : null;
    }, 5_000, 'the lines counted');
    assertConsistent(end.out, 'out');
    const grew = end.out.count - start.out.count;
    assert.ok(grew >= first.lines.length, `the first connection's ${first.lines.length} lines were live (${grew})`);
    assert.ok(grew <= again.lines.length,
      `no more than the match's ${again.lines.length} lines, not the ${first.lines.length + again.lines.length} sent`);
  });
});
