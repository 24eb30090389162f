// watch.test.mjs — spectators (PROTOCOL.md, "Watching a table"; game/gateway_watch.c) through the
// real server, with spectate_delay_s 1.
//
// A guest plays a practice match; another watches it by its id. The spectator gets `watching`
// (seats, numbers, the delay) and then the table's public events in order, numbered from 0, each
// at least the delay after the player got the same event; nothing private ever comes (no deal,
// no drawn tile, no `you`); the match ends with match_end and watch_ended. The player hears the
// spectators' count. Bad and refused watches (a malformed id, an unknown table, one's own table)
// get their errors; unwatch answers unwatched and stops the events. GET /api/tables lists a
// running ranked table with its spectators, its built-in bots marked "bot" and a bot account's AI
// marked "bot" and "ai" (an AI at a ranked table: its journal's seat made a bot account's before
// a restart resumes it, since AIs play practice tables only so far).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FAST_PLAY, accountToken, api, request, serve, shutdown, startServer, stopServer } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

const DELAY_MS = 1000;

/** the public events a player was sent, in order, with when they came */
// the events a spectator also sees: not the deal, nor "tenpai" (the seat's own waits and furiten,
// told to it alone: table.c)
const PRIVATE = new Set(['deal', 'tenpai']);
function publicOf(received) {
  return received.filter((m) => m.type === 'event' && !PRIVATE.has(m.event.type)).map((m) => m.event);
}

describe('watching a table', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', time_scale: 0.05, spectate_delay_s: 1,
      ranked_min_humans: 1, bot_fill_after: 0.2 });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('a spectator sees the public events a delay late, never a private one', async () => {
    const p = await player(port);
    const times = [], pBase = p.received.length;
    p.ws.on('message', () => times.push(Date.now())); // arrival time of every later message, in order
    p.send({ type: 'practice', mode: '4p' });
    const found = await p.next((m) => m.type === 'match_found', 10_000, 'match_found');
    const s = await player(port);
    const sTimes = [], sBase = s.received.length;
    s.ws.on('message', () => sTimes.push(Date.now()));
    s.send({ type: 'watch', table: found.table });
    const watching = await s.next((m) => m.type === 'watching', 5_000, 'watching');
    assert.equal(watching.delay_ms, DELAY_MS);
    assert.equal(watching.seats.length, 4);
    assert.deepEqual(watching.numbers, found.numbers);
    const count = await p.next((m) => m.type === 'watchers', 5_000, 'the count');
    assert.equal(count.count, 1);
    const end = await playToEnd(p);
    assert.ok(end.results);
    await s.next((m) => m.type === 'watch_ended', 10_000, 'watch_ended');

    const spect = s.received.filter((m) => m.type === 'spectate');
    assert.ok(spect.length > 10, `${spect.length} events watched`);
    spect.forEach((m, i) => {
      assert.equal(m.n, i, 'numbered from 0 without a gap');
      assert.equal(m.table, found.table);
      const e = m.event;
      assert.ok(!PRIVATE.has(e.type), `no private event (${e.type})`);
      if (e.type === 'draw') assert.equal(e.tile, undefined, 'no drawn tile');
      assert.equal(e.you, undefined);
    });
    // the same public events as the player's, in the same order, each at least the delay later
    const mine = publicOf(p.received);
    const strip = (e) => { const { tile, ...rest } = e; return e.type === 'draw' ? rest : e; };
    assert.deepEqual(spect.map((m) => m.event.type), mine.map((e) => e.type));
    assert.deepEqual(spect.at(-1).event.type, 'match_end');
    const pArrive = p.received.map((m, i) => ({ m, at: times[i - pBase] })).filter(({ m }) => m.type === 'event' && !PRIVATE.has(m.event.type));
    const sArrive = s.received.map((m, i) => ({ m, at: sTimes[i - sBase] })).filter(({ m }) => m.type === 'spectate');
    for (let i = 0; i < sArrive.length; i++) {
      assert.deepEqual(strip(sArrive[i].m.event), strip(pArrive[i].m.event));
      assert.ok(sArrive[i].at - pArrive[i].at >= DELAY_MS - 60,
        `event ${i} (${sArrive[i].m.event.type}) came ${sArrive[i].at - pArrive[i].at} ms after the player's`);
    }
    p.ws.close();
    s.ws.close();
  });

  test('bad watches are refused with their errors; unwatch stops the events', async () => {
    const p = await player(port);
    p.send({ type: 'practice', mode: '3p' });
    const found = await p.next((m) => m.type === 'match_found', 10_000, 'match_found');
    p.send({ type: 'watch', table: found.table });
    assert.equal((await p.next((m) => m.type === 'error')).code, 'in_match');
    const s = await player(port);
    for (const [table, code] of [['nope', 'bad_message'], [42, 'bad_message'], ['0'.repeat(32), 'no_table']]) {
      s.send({ type: 'watch', table });
      assert.equal((await s.next((m) => m.type === 'error', 5_000, `the error for ${table}`)).code, code);
    }
    const w = await player(port); // watches to the end: the moment s would have had every event
    for (const c of [s, w]) {
      c.send({ type: 'watch', table: found.table });
      await c.next((m) => m.type === 'watching');
    }
    s.send({ type: 'unwatch' });
    await s.next((m) => m.type === 'unwatched');
    const upTo = s.received.length, wUpTo = w.received.length;
    await playToEnd(p);
    await w.next((m) => m.type === 'watch_ended', 10_000, 'watch_ended');
    s.send({ type: 'ping' }); // answered after anything the server sent s before
    await s.next((m) => m.type === 'pong', 5_000, 'pong');
    assert.ok(w.received.slice(wUpTo).some((m) => m.type === 'spectate'), 'the other watcher saw events after the unwatch');
    assert.equal(s.received.slice(upTo).filter((m) => m.type === 'spectate').length, 0, 'nothing after unwatch');
    for (const c of [p, s, w]) c.ws.close();
  });

  test('the lobby lists running ranked tables with their spectators', async () => {
    const p = await player(port);
    p.send({ type: 'queue', mode: '4p' });
    const found = await p.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.equal(found.ranked, true);
    const s = await player(port);
    s.send({ type: 'watch', table: found.table });
    await s.next((m) => m.type === 'watching');
    const list = JSON.parse((await request(port, { path: '/api/tables' })).body);
    assert.equal(list.delay_s, 1);
    const row = list.tables.find((x) => x.id === found.table);
    assert.ok(row, JSON.stringify(list));
    assert.equal(row.mode, '4p');
    assert.equal(row.watchers, 1);
    assert.deepEqual(row.seats.map((x) => [x.seat, x.bot, x.ai]), [0, 1, 2, 3].map((i) => [i, i !== found.seat, false]),
      'the player no bot, the others built-in bots, no AI');
    assert.ok(row.running_ms >= 0 && row.kyoku >= 1);
    p.ws.close();
    s.ws.close();
  });

  test("a bot account's AI at a ranked table is listed as a bot and an AI", async () => {
    const owner = await accountToken(port, 'table_owner');
    const made = await api(port, 'POST', '/api/bots', { token: owner, body: { name: 'Listed_AI' } });
    assert.equal(made.status, 201, made.raw);
    const p = await player(port, undefined, { contribute: false }); // an AI's seat contributes nothing
    p.send({ type: 'queue', mode: '4p' });
    const found = await p.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.equal(found.ranked, true);
    // the server hands its running matches over (SIGTERM): the journal's player becomes the AI
    await stopServer(server.proc);
    const file = path.join(server.dir, 'ippon.db.journal', `${found.table}.jsonl`);
    const records = (await readFile(file, 'utf8')).split('\n').filter(Boolean).map((l) => JSON.parse(l));
    assert.equal(records[0].k, 'open');
    assert.equal(records[0].ranked, true);
    records[0].players[found.seat] = { user_id: made.json.bot.id, name: 'Listed_AI', bot: false, mjai: true };
    await writeFile(file, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    server.proc = await startServer(['--config', server.config], server.dir, port);
    const list = JSON.parse((await request(port, { path: '/api/tables' })).body);
    const row = list.tables.find((x) => x.id === found.table);
    assert.ok(row, JSON.stringify(list));
    assert.deepEqual(row.seats.map((x) => [x.seat, x.name === 'Listed_AI', x.bot, x.ai]),
      [0, 1, 2, 3].map((i) => [i, i === found.seat, true, i === found.seat]), 'the AI a bot and an AI, the rest built-in bots');
  });
});
