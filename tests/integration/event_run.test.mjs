// event_run.test.mjs — an event run by the server itself (src/server/EVENTS.md "Its life";
// game/gateway_events.c, gateway_event_rounds.c): 16 registered players over WebSocket, a 4-player
// event of 3 rounds on duplicate walls with Swiss seating from round 2. Nobody presses anything
// after registering and checking in: at starts_at the event runs, every round is seated and its
// tables started, each player is sent event_seated and plays its match to the end, the next
// round starts when every table is done. Two players leave mid-event: one between rounds 1 and 2
// (a stand-in plays both its later seats from the start), one in the middle of its round-2 match
// (the clock plays its seat to the end — event_away_s is set past any match's length here, so the
// seat stays its own; event_remove.test.mjs has the away stand-in; a stand-in plays its round-3
// seat). Checked against the
// stored matches, not against the server's own arithmetic: each round seats all 16 once; every
// table of a round played the same walls, committed before and verified after (ippon-verify);
// the standings' totals are the sums of each entrant's results in the match records, in rank
// order; the players still here were told each round's standings. The round start figure (how
// long after the last table of a round ended the next round's tables started) is printed, not
// asserted: a figure of a sanitizer build on a loaded machine (4 s alone, 14 s beside a browser
// test) is not a target's measure; tests/bench/event_round_start.mjs measures the target.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, api, eventually, serveWithAdmin, shutdown, storedMatch, verifyRecord } from './harness.mjs';
import { choose, player, MATCH_TIMEOUT_MS } from './ws_player.mjs';

const PLAYERS = 16, ROUNDS = 3;

/** plays every match it is seated at until the event's last standings. leaveAt(round, moment):
    true closes the socket there; moment is the number of the ask about to be answered in that
    round's match (1 …), or 'end' at its match_end. A round is counted by its match_found (the
    first ask may come before event_seated) */
async function entrant(c, eventId, leaveAt = () => false) {
  const seated = [];
  let asks = 0, round = 0;
  for (;;) {
    const m = await c.next((x) => x.type === 'ask' || x.type === 'event_seated' || x.type === 'match_found' ||
      (x.type === 'event' && x.event.type === 'match_end') ||
      (x.type === 'event_standings' && x.round === ROUNDS), 4 * MATCH_TIMEOUT_MS, 'the event to go on');
    if (m.type === 'event_standings') return { seated, left: false };
    if (m.type === 'event_seated') {
      assert.equal(m.event, eventId);
      seated.push(m);
      continue;
    }
    if (m.type === 'match_found') {
      round++;
      asks = 0;
      continue;
    }
    if (leaveAt(round, m.type === 'ask' ? ++asks : 'end')) {
      c.close();
      return { seated, left: true };
    }
    if (m.type === 'ask') c.send({ type: 'act', seq: m.seq, action: choose(m.options, undefined, c.hand) });
  }
}

describe('an event of 16 players, 3 rounds, run by the server', () => {
  let server, port, admin;

  before(async () => {
    ({ server, port, admin } = await serveWithAdmin({ ...FAST_PLAY, signups_per_address: 1000, max_conns_per_addr: 100,
      event_away_s: 3600 }));
  });
  after(async () => { await shutdown(server); });

  test('seated, played, two leaving, to its standings', { timeout: 600_000 }, async () => {
    const accounts = [];
    for (let i = 0; i < PLAYERS; i++) {
      const username = `run${Date.now() % 100000}p${i}`;
      const r = await api(port, 'POST', '/api/auth/register', { body: { username, password: 'Aozora-kite-19',
        display_name: i === 0 ? '東風荘の鬼' : username } });
      assert.equal(r.status, 201, r.raw);
      accounts.push(r.json);
    }
    const made = await api(port, 'POST', '/api/events', { token: admin.token, body: {
      kind: 'site', name: '一本勝負杯', mode: '4p', rounds: ROUNDS, starts_at: Date.now() + 6_000, checkin_minutes: 1,
      round_start: 'when_done', break_minutes: 0, seating: 'swiss', duplicate: true, fill: 'bots', stand_in: 'counts' } });
    assert.equal(made.status, 201, made.raw);
    const ev = made.json;
    for (const a of accounts) {
      const reg = await api(port, 'POST', `/api/events/${ev.id}/register`, { token: a.token });
      assert.equal(reg.status, 200, reg.raw);
      assert.equal(reg.json.me.checked_in, true, 'registering once check-in is open checks in');
    }
    const clients = await Promise.all(accounts.map((a) => player(port, a.token)));

    // player 1 leaves as its round-1 match ends; player 2 at its second ask in round 2 (mid-match;
    // at its end if it had fewer: a quick win)
    const runs = clients.map((c, i) => entrant(c, ev.id,
      i === 1 ? (round, at) => round === 1 && at === 'end' : i === 2 ? (round, at) => round === 2 && (at === 2 || at === 'end') : undefined));
    const done = await Promise.all(runs);
    assert.equal(done[1].left, true);
    assert.equal(done[2].left, true);

    const final = await eventually(async () => {
      const r = await api(port, 'GET', `/api/events/${ev.id}`);
      return r.json.status === 'finished' && r.json;
    }, 20_000, 'the event finished');
    assert.equal(final.round, ROUNDS);
    assert.equal(final.round_list.length, ROUNDS);

    const byUser = new Map(accounts.map((a, i) => [a.user.id, i]));
    const sums = new Map(accounts.map((a) => [a.user.id, 0]));
    let secretsSeen = 0;
    for (const r of final.round_list) {
      assert.equal(r.status, 'done', `round ${r.round} done`);
      assert.equal(r.tables.length, PLAYERS / 4);
      assert.match(r.commitment, /^[0-9a-f]{64}$/, 'duplicate walls: a commitment');
      assert.match(r.secret, /^[0-9a-f]{64}$/, 'revealed once done');
      const seated = r.tables.flatMap((t) => t.seats.map((s) => s.user?.id)).filter(Boolean);
      assert.equal(new Set(seated).size, PLAYERS, `round ${r.round}: all 16 seated once`);
      let seeds = null;
      for (const t of r.tables) {
        assert.equal(t.done, true);
        const rec = await storedMatch(port, t.match_id);
        assert.equal(rec.fairness.secret, r.secret, 'the round\'s secret');
        assert.deepEqual(rec.seeds[0], seeds ?? rec.seeds[0], 'every table of the round dealt the same first wall');
        seeds ??= rec.seeds[0];
        const cli = await verifyRecord(rec, ['--commitment', r.commitment]);
        assert.equal(cli.code, 0, `ippon-verify: ${JSON.stringify(cli.out)} ${cli.stderr}`);
        secretsSeen++;
        for (const s of t.seats) {
          const i = byUser.get(s.user.id);
          const mustStandIn = (i === 1 && r.round >= 2) || (i === 2 && r.round === 3);
          assert.equal(s.stand_in, mustStandIn, `round ${r.round}: player ${i}'s seat ${mustStandIn ? 'is' : 'is not'} a stand-in's`);
          assert.equal(rec.players[s.seat].bot, mustStandIn, 'a stand-in is a bot at the table');
          sums.set(s.user.id, sums.get(s.user.id) + rec.players[s.seat].result);
        }
      }
      if (r.round > 1) { // the round start figure: from the previous round's last table's end
        const prev = final.round_list[r.round - 2];
        let lastEnd = 0;
        for (const t of prev.tables) lastEnd = Math.max(lastEnd, (await storedMatch(port, t.match_id)).ended_at);
        console.log(`# round ${r.round} of 4 tables started ${r.starts_at - lastEnd} ms after round ${r.round - 1}'s last table ended`);
      }
    }
    assert.equal(secretsSeen, ROUNDS * PLAYERS / 4);

    // the standings: every entrant, its total the sum of its seats' results, in order
    assert.equal(final.standings.length, PLAYERS);
    assert.deepEqual(final.standings.map((l) => l.rank), [...Array(PLAYERS).keys()].map((k) => k + 1));
    for (const l of final.standings) {
      assert.equal(l.total, sums.get(l.user.id), `${l.user.display_name}'s total`);
      assert.equal(l.played, ROUNDS);
      assert.equal(l.results.reduce((a, b) => a + b, 0), l.total);
    }
    for (let k = 1; k < PLAYERS; k++)
      assert.ok(final.standings[k - 1].total >= final.standings[k].total, 'by total');
    assert.equal(final.standings.find((l) => byUser.get(l.user.id) === 0).user.display_name, '東風荘の鬼');

    // what the players were told: where they sat, and the standings after each round
    for (let i = 0; i < PLAYERS; i++) {
      const rounds = done[i].seated.map((m) => m.round);
      assert.deepEqual(rounds, i === 1 ? [1] : i === 2 ? [1, 2] : [1, 2, 3], `player ${i} seated`);
      if (i === 1 || i === 2) continue;
      const told = clients[i].received.filter((m) => m.type === 'event_standings').map((m) => m.round);
      assert.deepEqual(told, [1, 2, 3], `player ${i} told the standings after each round`);
      const last = clients[i].received.findLast((m) => m.type === 'event_standings');
      assert.deepEqual(last.standings.map((l) => l.user.id), final.standings.map((l) => l.user.id));
      clients[i].close();
    }
  });
});
