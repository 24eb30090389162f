// leave.test.mjs — leaving a practice table (PROTOCOL.md, "Leaving a practice table";
// gateway_tables.c gw_leave) through the real server.
//
// A player at a practice table (bots in the other seats) sends "leave": the table ends at once
// without a result — table_closed saying the match is forfeited, the record stored as not
// completed and not ranked, the player free to play again. A ranked table with two people and a
// private table refuse it (may_not_leave) and play on; a player at no table gets no_match.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, serve, shutdown, storedMatch } from './harness.mjs';
import { player } from './ws_player.mjs';

describe('leaving a table', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 1, ranked_min_humans: 2 });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('a practice table is forfeited and closed; the player may play again', async () => {
    const me = await player(port);
    me.send({ type: 'leave' });
    assert.equal((await me.next((m) => m.type === 'error')).code, 'no_match', 'at no table');
    me.send({ type: 'practice', mode: '3p' });
    const found = await me.next((m) => m.type === 'match_found');
    assert.deepEqual([found.ranked, found.private], [false, false]);
    await me.next((m) => m.type === 'ask', 20_000, 'the first ask');
    me.send({ type: 'leave' });
    const closed = await me.next((m) => m.type === 'table_closed', 5_000, 'table_closed');
    assert.match(closed.reason, /forfeit/);
    assert.ok(closed.secret, 'what the end of a match reveals');
    const rec = await storedMatch(port, found.table);
    assert.deepEqual([rec.completed, rec.ranked], [false, false]);
    me.send({ type: 'leave' });
    assert.equal((await me.next((m) => m.type === 'error')).code, 'no_match', 'the table is gone');
    me.send({ type: 'practice', mode: '4p' });
    const again = await me.next((m) => m.type === 'match_found' || m.type === 'error');
    assert.equal(again.type, 'match_found', JSON.stringify(again));
    assert.notEqual(again.table, found.table);
    me.close();
  });

  test('a ranked table and a private one may not be left', async () => {
    const a = await player(port), b = await player(port);
    for (const c of [a, b]) c.send({ type: 'queue', mode: '4p' });
    const found = await Promise.all([a, b].map((c) => c.next((m) => m.type === 'match_found', 10_000, 'match_found')));
    assert.equal(found[0].ranked, true);
    a.send({ type: 'leave' });
    assert.equal((await a.next((m) => m.type === 'error')).code, 'may_not_leave');
    assert.ok(await a.next((m) => m.type === 'ask' || m.type === 'event', 20_000, 'the table plays on'));

    const host = await player(port);
    host.send({ type: 'room_create', mode: '3p', bots: true });
    await host.next((m) => m.type === 'room');
    host.send({ type: 'room_start' });
    const priv = await host.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.deepEqual([priv.ranked, priv.private], [false, true]);
    host.send({ type: 'leave' });
    assert.equal((await host.next((m) => m.type === 'error')).code, 'may_not_leave');
    for (const c of [a, b, host]) c.close();
  });
});
