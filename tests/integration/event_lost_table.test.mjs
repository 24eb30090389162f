// event_lost_table.test.mjs — a round never hangs on a table lost in a crash (src/server/EVENTS.md,
// "The runner", "A table lost"): a one-round 4-player event is seated and its table started with
// four entrants on their sockets, none of them playing (a real clock: the match is far from over);
// the server is killed with SIGKILL and the match's journal is lost with it (removed, as a disk
// that failed would lose it). After the restart the match is gone without a record; within the
// runner's grace (30 s) and a look the table is made void, the round is done without it and the
// event finished: the table shows "void", no entrant has a result, and no match was stored.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { FAST_HASH, api, configure, eventually, startServer, stopServer, withDeadline } from './harness.mjs';
import { seatedEvent } from './event_seated.mjs';

describe('an event table lost in a crash', () => {
  let server, proc;
  before(async () => {
    server = await configure({ ...FAST_HASH, signups_per_address: 100 });
    proc = await startServer(['--config', server.config], server.dir, server.port);
  });
  after(async () => {
    if (proc) await stopServer(proc);
    if (server) await rm(server.dir, { recursive: true, force: true });
  });

  test('is made void and the event goes on to its end', { timeout: 180_000 }, async () => {
    const port = server.port;
    const { id, clients, match } = await seatedEvent(port, { prefix: 'lost', name: 'Lost table', names: { 1: '卓を失う人' },
      body: { duplicate: true } });

    proc.child.kill('SIGKILL');
    await withDeadline(proc.exited, 10_000, 'ippon after SIGKILL');
    proc = null;
    for (const c of clients) c.close();
    await rm(path.join(server.dir, 'ippon.db.journal', `${match}.jsonl`));
    proc = await startServer(['--config', server.config], server.dir, server.port);

    const before = await api(port, 'GET', `/api/events/${id}`);
    assert.equal(before.json.status, 'running', 'the event runs on after the restart');
    assert.equal(before.json.round_list[0].status, 'playing');
    const ev = await eventually(async () => {
      const r = await api(port, 'GET', `/api/events/${id}`);
      return r.json.status === 'finished' && r.json;
    }, 60_000, 'the event finished without its lost table');
    const round = ev.round_list[0];
    assert.equal(round.status, 'done');
    assert.equal(round.tables.length, 1);
    assert.equal(round.tables[0].void, true, 'the lost table is void');
    assert.equal(round.tables[0].done, false, 'no match stored for it');
    assert.equal(ev.standings.length, 4);
    for (const line of ev.standings) {
      assert.equal(line.played, 0, `${line.user.display_name} has no result`);
      assert.equal(line.total, 0);
    }
    const stored = await api(port, 'GET', `/api/matches/${match}`);
    assert.equal(stored.status, 404, 'the lost match has no record');
  });
});
