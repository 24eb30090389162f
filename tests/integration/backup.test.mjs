// backup.test.mjs — `ippon backup` (src/server/admin/backup_cli.h): a copy taken while matches are
// being played and stored is a sound database (integrity_check through a server that starts on it)
// whose every match is the original's, whole; a copy taken when play has stopped restores to a
// server whose leaderboards and profiles equal the original's. Bad uses: no path (2), a path that
// exists (1, the file untouched), no database (1).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FAST_PLAY, api, configure, eventually, freePort, runToExit, startServer, stopServer, storedMatch, writeConfig }
  from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

describe('ippon backup', () => {
  let server, proc, copyProc;
  let played = []; // the matches the first test played, each { id, token }
  before(async () => {
    server = await configure({ ...FAST_PLAY, ranked_min_humans: 1 });
    proc = await startServer(['--config', server.config], server.dir, server.port);
  });
  after(async () => {
    if (copyProc) await stopServer(copyProc);
    if (proc) await stopServer(proc);
    if (server) await rm(server.dir, { recursive: true, force: true });
  });

  const backup = (dest) => runToExit(['backup', dest, '--config', server.config], server.dir);

  /** players each playing ranked matches one after another until told to stop */
  function play(count, stop) {
    return Promise.all(Array.from({ length: count }, async () => {
      const c = await player(server.port);
      const ids = [];
      while (!stop.now) {
        c.send({ type: 'queue', mode: '3p' });
        const found = await c.next((m) => m.type === 'match_found', 20_000, 'match_found');
        await playToEnd(c);
        ids.push({ id: found.table, token: c.token });
      }
      c.close();
      return ids;
    }));
  }

  /** a server of its own on a copy of the database */
  async function serveCopy(file) {
    const port = await freePort();
    const config = await writeConfig(server.dir, { ...JSON.parse(await readFile(server.config, 'utf8')),
      port, database: file }, `copy-${path.basename(file)}.json`);
    return { port, proc: await startServer(['--config', config], server.dir, port) };
  }

  test('a copy taken during play holds whole matches, each as the original has it', async () => {
    const stop = { now: false };
    const playing = play(2, stop);
    await eventually(async () => ((await api(server.port, 'GET', '/api/matches?limit=1')).json?.total ?? 0) >= 2,
      90_000, 'matches stored before the backup'); // some stored, more being played
    const file = path.join(server.dir, 'during.db');
    const out = await backup(file);
    assert.equal(out.exitCode, 0, out.stderr);
    assert.match(out.stdout, /backed up to .*during\.db \(\d+ bytes\)/);
    stop.now = true;
    played = (await playing).flat();
    assert.ok(played.length >= 2, `matches were played (${played.length})`);
    const copy = await serveCopy(file);
    try {
      const list = await api(copy.port, 'GET', '/api/matches?limit=100');
      assert.equal(list.status, 200);
      assert.ok(list.json.total >= 1, `the copy holds the matches stored before it: ${list.raw}`);
      for (const m of list.json.matches) {
        const mine = await api(copy.port, 'GET', `/api/matches/${m.id}`);
        const theirs = await storedMatch(server.port, m.id);
        assert.deepEqual(mine.json, theirs, `match ${m.id} whole and the same`);
        assert.equal(mine.json.players.reduce((a, p) => a + p.result, 0), 0);
      }
      const health = await api(copy.port, 'GET', '/api/health');
      assert.equal(health.json.db, 'ok');
    } finally {
      await stopServer(copy.proc);
    }
  });

  test('a copy taken after play restores the same leaderboards and profiles', async () => {
    for (const m of played) await storedMatch(server.port, m.id); // the last matches stored
    const file = path.join(server.dir, 'after.db');
    const out = await backup(file);
    assert.equal(out.exitCode, 0, out.stderr);
    const copy = await serveCopy(file);
    copyProc = copy.proc;
    for (const mode of ['3p', '4p']) {
      const a = await api(server.port, 'GET', `/api/leaderboard?mode=${mode}&limit=100`);
      const b = await api(copy.port, 'GET', `/api/leaderboard?mode=${mode}&limit=100`);
      assert.deepEqual(b.json, a.json, `the ${mode} leaderboard`);
      for (const row of a.json.rows) {
        const pa = await api(server.port, 'GET', `/api/players/${row.user_id}`);
        const pb = await api(copy.port, 'GET', `/api/players/${row.user_id}`);
        assert.deepEqual(pb.json, pa.json, `the profile of ${row.user_id}`);
      }
    }
    await stopServer(copyProc);
    copyProc = null;
  });

  test('bad uses are refused with a reason, and nothing is overwritten', async () => {
    const none = await runToExit(['backup', '--config', server.config], server.dir);
    assert.equal(none.exitCode, 2);
    const taken = path.join(server.dir, 'taken.db');
    await writeFile(taken, 'keep me');
    const again = await backup(taken);
    assert.equal(again.exitCode, 1);
    assert.match(again.stderr, /already exists/);
    assert.equal(await readFile(taken, 'utf8'), 'keep me');
    const nodb = await runToExit(['backup', path.join(server.dir, 'x.db'), '--config', server.config, '--db',
      path.join(server.dir, 'missing.db')], server.dir);
    assert.equal(nodb.exitCode, 1);
    assert.match(nodb.stderr, /no database there/);
  });
});
