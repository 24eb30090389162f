// event_remove.test.mjs — bot stand-ins taking a person's seat in the middle of an event's match
// (src/server/EVENTS.md, "Its life", step 3); one-round 4-player events, clocks 20 times faster,
// four entrants on their sockets.
// An entrant the organiser removes while it thinks (silent, asked): within the runner's look (a
// second) a bot stand-in takes its seat — the removed entrant is told its table is closed to it
// and may not act there, the others are told which seat a bot plays — and the three play the
// match to its end. The round's seat is marked a stand-in's, the match record has a bot in it,
// and the standings count the stand-in's result for the removed entrant (stand_in = counts).
// An entrant the organiser replaces by a bot (…/stand_in): the same at its table, but it stays in
// the event; a second replacement, one of someone at no table, or by anyone but the organiser is
// refused.
// An entrant who leaves (its socket closed) and is not back within event_away_s (5 s here): the
// others are told a bot plays its seat; back later, it is seated nowhere and may queue; the
// round's seat is a stand-in's.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import { FAST_HASH, api, configure, eventually, startServer, stopServer, storedMatch } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';
import { seatedEvent as seatedAt } from './event_seated.mjs';

describe('an entrant removed mid-match', () => {
  let server, proc;
  before(async () => {
    server = await configure({ ...FAST_HASH, signups_per_address: 100, time_scale: 0.05, bot_delay_ms: 0,
      event_away_s: 5 });
    proc = await startServer(['--config', server.config], server.dir, server.port);
  });
  after(async () => {
    if (proc) await stopServer(proc);
    if (server) await rm(server.dir, { recursive: true, force: true });
  });

  let serial = 0;
  const seatedEvent = (port, name) => {
    serial += 1;
    return seatedAt(port, { prefix: `standin${serial}x`, name, names: { 4: `外される人${serial}` } });
  };

  const finished = (port, id) => eventually(async () => {
    const r = await api(port, 'GET', `/api/events/${id}`);
    return r.json.status === 'finished' && r.json;
  }, 30_000, 'the event finished');

  test('removed: a bot stand-in plays the seat to the end, and the result counts for the entrant', { timeout: 240_000 }, async () => {
    const port = server.port;
    const { org, entrants, clients, id, match } = await seatedEvent(port, 'Removed mid-match');
    const victim = clients[3], victimId = entrants[3].user.id;
    const found = victim.received.find((m) => m.type === 'match_found');
    assert.ok(found, 'the fourth entrant is at the table');
    const seat = found.seat;

    // the fourth is removed once it is asked, while it thinks; then the three play
    const ask = await victim.next((m) => m.type === 'ask', 60_000, 'an ask of the silent entrant');
    const removed = await api(port, 'POST', `/api/events/${id}/entrants/${victimId}/remove`,
      { token: org.token, body: { reason: 'left the venue' } });
    assert.equal(removed.status, 200, removed.raw);
    const closed = await victim.next((m) => m.type === 'table_closed', 10_000, 'its table closed to it');
    assert.equal(closed.table, match);
    assert.match(closed.reason, /removed you from the event/);
    victim.send({ type: 'act', seq: ask.seq, action: ask.options[0] });
    const refused = await victim.next((m) => m.type === 'error', 10_000, 'its late answer refused');
    assert.equal(refused.code, 'no_match', JSON.stringify(refused));

    const ends = await Promise.all(clients.slice(0, 3).map((c) => playToEnd(c)));
    assert.ok(ends.every((e) => e.type === 'match_end'), `the match ended with a result: ${JSON.stringify(ends)}`);
    for (const c of clients.slice(0, 3)) {
      const told = c.received.filter((m) => m.type === 'stand_in');
      assert.equal(told.length, 1, 'each other player is told once');
      assert.equal(told[0].seat, seat);
      assert.equal(told[0].table, match);
      assert.equal(told[0].why, 'removed');
    }

    const ev = await finished(port, id);
    const seats = ev.round_list[0].tables[0].seats;
    for (const s of seats) assert.equal(s.stand_in, s.user.id === victimId, `${s.user.display_name}: stand-in mark`);
    const rec = await storedMatch(port, match);
    const theirs = ev.standings.find((l) => l.user.id === victimId);
    assert.ok(theirs, 'the removed entrant has its result in the standings');
    assert.equal(theirs.played, 1);
    assert.equal(rec.players[seat].bot, true, 'the record has the stand-in at the seat');
    assert.equal(theirs.total, rec.players[seat].result, 'the stand-in\'s result counts for the entrant');
    assert.equal(ev.standings.reduce((sum, l) => sum + l.total, 0), 0, 'one table: the results add up to nothing');
    for (const c of clients) c.close();
  });

  test('away: a bot stand-in takes the seat of an entrant gone longer than event_away_s', { timeout: 240_000 }, async (t) => {
    const port = server.port;
    const { entrants, clients, id, match } = await seatedEvent(port, 'Away mid-match');
    const leaver = clients[2], leaverId = entrants[2].user.id;
    const seat = leaver.received.find((m) => m.type === 'match_found').seat;
    const left = Date.now();
    leaver.close();
    const told = await clients[0].next((m) => m.type === 'stand_in', 30_000, 'a stand-in for the one who left');
    const after = Date.now() - left;
    assert.equal(told.seat, seat);
    assert.equal(told.why, 'away');
    assert.equal(told.table, match);
    assert.ok(after >= 5_000, `not before event_away_s (${after} ms)`);
    t.diagnostic(`stand-in ${after} ms after the socket closed`);

    const back = await player(port, entrants[2].token);
    assert.equal(back.welcome.table, null, `back, it is seated nowhere: ${JSON.stringify(back.welcome.table)}`);
    const others = [clients[0], clients[1], clients[3]];
    const ends = await Promise.all(others.map((c) => playToEnd(c)));
    assert.ok(ends.every((e) => e.type === 'match_end'), `the match ended with a result: ${JSON.stringify(ends)}`);
    const ev = await finished(port, id);
    for (const s of ev.round_list[0].tables[0].seats) {
      assert.equal(s.stand_in, s.user.id === leaverId, `${s.user.display_name}: stand-in mark`);
    }
    back.send({ type: 'queue', mode: '4p' });
    const queued = await back.next((m) => m.type === 'queued' || m.type === 'error', 10_000, 'queued');
    assert.equal(queued.type, 'queued', `free to queue again: ${JSON.stringify(queued)}`);
    for (const c of [...others, back]) c.close();
  });

  test('replaced by the organiser: a bot plays the seat, the entrant stays in the event', { timeout: 240_000 }, async () => {
    const port = server.port;
    const { org, entrants, clients, id, match } = await seatedEvent(port, 'Replaced mid-match');
    const [other, , , replaced] = entrants;
    const seat = clients[3].received.find((m) => m.type === 'match_found').seat;
    const standIn = (who, token) => api(port, 'POST', `/api/events/${id}/entrants/${who.user.id}/stand_in`,
      { token, body: { reason: 'connection trouble' } });
    assert.equal((await standIn(replaced, other.token)).status, 403, 'only the organiser');
    const done = await standIn(replaced, org.token);
    assert.equal(done.status, 200, done.raw);
    const closed = await clients[3].next((m) => m.type === 'table_closed', 10_000, 'its table closed to it');
    assert.equal(closed.table, match);
    assert.match(closed.reason, /organiser had a bot play your seat/);
    const again = await standIn(replaced, org.token);
    assert.equal(again.status, 409, again.raw);
    assert.equal(again.json.error.code, 'not_playing');
    const told = await clients[0].next((m) => m.type === 'stand_in', 10_000, 'the stand-in told');
    assert.equal(told.seat, seat);
    assert.equal(told.why, 'replaced');

    const ends = await Promise.all(clients.slice(0, 3).map((c) => playToEnd(c)));
    assert.ok(ends.every((e) => e.type === 'match_end'), `the match ended with a result: ${JSON.stringify(ends)}`);
    const ev = await finished(port, id);
    for (const s of ev.round_list[0].tables[0].seats) {
      assert.equal(s.stand_in, s.user.id === replaced.user.id, `${s.user.display_name}: stand-in mark`);
    }
    assert.equal(ev.entrants.find((e) => e.user.id === replaced.user.id).status, 'registered', 'still in the event');
    const late = await standIn(other, org.token);
    assert.equal(late.status, 409, 'the event is over');
    for (const c of clients) c.close();
  });
});
