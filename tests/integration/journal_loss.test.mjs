// journal_loss.test.mjs — what a restart keeps when its files are damaged or its disk is full
// (src/server/README.md, "Running matches: the journal" and "The database"):
//   - journals that do not read (garbage, a corrupt line in the middle of a real journal, an empty
//     file, a name that is not a match id, a folder in a journal's place) are set aside as
//     ".unreadable" and counted in /api/health, /metrics and the admin area's live view; the server
//     starts, and the good journal beside them resumes its match (an old server exited 1 on the
//     first: "line 1: not a JSON object");
//   - a full disk at SIGTERM (a small tmpfs filled to the last byte, where the test may mount one):
//     the finished matches the database could not take are written into the room of the disk
//     reserve, and the next start with room again stores every one exactly once (an old server
//     wrote them only to standard error and exited 1, and the next start lost them).
import { test, describe } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { access, mkdir, open, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { FAST_PLAY, adminCommand, api, configure, eventually, shutdown, startServer, stopServer, storedMatch, tempDir,
  withDeadline } from './harness.mjs';
import { Client, MATCH_TIMEOUT_MS, choose, guestToken, player, playToEnd } from './ws_player.mjs';

const ADMIN_PASSWORD = 'Tsumo-Pinfu-Dora3';

/** a practice match of a new guest running after two answered asks (a new one if a win ended it) */
async function practiceRunning(port) {
  for (let tries = 0; tries < 5; tries++) {
    const token = await guestToken(port);
    const c = await player(port, token);
    c.send({ type: 'practice', mode: '4p' });
    const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
    let running = true;
    for (let i = 0; i < 2 && running; i++) {
      const m = await c.next((x) => x.type === 'ask' || (x.type === 'event' && x.event.type === 'match_end'),
        MATCH_TIMEOUT_MS, 'an ask');
      if (m.type === 'event') running = false;
      else c.send({ type: 'act', seq: m.seq, action: choose(m.options) });
    }
    if (running) return { c, token, found };
    c.close();
  }
  throw new Error('five practice matches in a row ended within two asks');
}

describe('damaged journals at start-up', () => {
  test('are set aside and counted; the server starts and the good journal resumes its match',
    { timeout: 120_000 }, async () => {
      const server = await configure({ ...FAST_PLAY, time_scale: 0.2, bot_delay_ms: 0, clock_move_ms: 60000,
        clock_bank_ms: 150000, resume_hold_ms: 8000 });
      const journals = path.join(server.dir, 'ippon.db.journal');
      try {
        assert.equal((await adminCommand(['create', 'boss', '--config', server.config], `${ADMIN_PASSWORD}\n`,
          server.dir)).code, 0);
        let proc = await startServer(['--config', server.config], server.dir, server.port);
        const { c, token, found } = await practiceRunning(server.port);
        await stopServer(proc); // SIGTERM: the running match is handed over in its journal
        c.close();
        const good = (await readFile(path.join(journals, `${found.table}.jsonl`), 'utf8')).split('\n').filter(Boolean);
        assert.ok(good.length >= 4, 'the good journal has records');
        // the damaged ones beside it
        const corrupt = [...good];
        corrupt[Math.floor(good.length / 2)] = '{"k":"act","at":'; // a line in the middle cut short
        const damaged = {
          '0123456789abcdef0123456789abcdef': 'garbage\n',
          '1123456789abcdef0123456789abcdef': `${corrupt.map((l) => l.replace(found.table, '1123456789abcdef0123456789abcdef')).join('\n')}\n`,
          '2123456789abcdef0123456789abcdef': '',
          '3123456789abcdef0123456789abcdef': '[1,2,3]\n{"k":"open"}\n',
          'not a match id!': `${good.join('\n')}\n`,
        };
        for (const [name, text] of Object.entries(damaged))
          await writeFile(path.join(journals, `${name}.jsonl`), text);
        await mkdir(path.join(journals, '4123456789abcdef0123456789abcdef.jsonl')); // unreadable: a folder
        const unreadable = Object.keys(damaged).length + 1;

        proc = await startServer(['--config', server.config], server.dir, server.port);
        try {
          for (const name of [...Object.keys(damaged), '4123456789abcdef0123456789abcdef']) {
            await access(path.join(journals, `${name}.jsonl.unreadable`));
            await assert.rejects(access(path.join(journals, `${name}.jsonl`)), `${name}.jsonl set aside`);
          }
          assert.match(proc.stderr, /line \d+: not a JSON object/);
          assert.match(proc.stderr, /not a match id/);
          // the good one resumed: its player is back at the table
          const again = new Client(server.port);
          await again.connect();
          again.send({ type: 'hello', v: 1, token });
          const welcome = await again.next((m) => m.type === 'welcome' || m.type === 'error', 10_000, 'welcome');
          assert.deepEqual(welcome.table, { id: found.table, seat: found.seat }, 'back at the resumed table');
          again.close();
          // counted: health, metrics, the admin area
          const health = await api(server.port, 'GET', '/api/health');
          assert.equal(health.status, 200, health.raw);
          assert.deepEqual(health.json.matches_lost, { journals_unreadable: unreadable, voided_at_resume: 0 });
          const metrics = await api(server.port, 'GET', '/metrics');
          assert.match(metrics.raw, new RegExp(`^ippon_matches_lost_total\\{kind="journal_unreadable"\\} ${unreadable}$`, 'm'));
          assert.match(metrics.raw, /^ippon_matches_lost_total\{kind="voided_at_resume"\} 0$/m);
          const login = await api(server.port, 'POST', '/api/auth/login',
            { body: { username: 'boss', password: ADMIN_PASSWORD } });
          assert.equal(login.status, 200, login.raw);
          const live = await api(server.port, 'GET', '/api/admin/tables', { token: login.json.token });
          assert.equal(live.status, 200, live.raw);
          assert.deepEqual(live.json.matches_lost, { journals_unreadable: unreadable, voided_at_resume: 0 });
          assert.ok(live.json.tables.some((t) => t.id === found.table), 'the resumed table is live');
        } finally {
          await stopServer(proc);
        }
        // set aside: the next start reads none of them again
        proc = await startServer(['--config', server.config], server.dir, server.port);
        const health = await api(server.port, 'GET', '/api/health');
        assert.deepEqual(health.json.matches_lost, { journals_unreadable: 0, voided_at_resume: 0 });
        await stopServer(proc);
      } finally {
        await rm(server.dir, { recursive: true, force: true });
      }
    });
});

describe('a full disk across a restart', () => {
  test('the finished matches unstored at SIGTERM are all stored by the next start, each once',
    { timeout: 180_000 }, async (t) => {
      const mnt = await tempDir();
      try {
        execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=48m', 'tmpfs', mnt], { stdio: 'pipe' });
      } catch {
        await rm(mnt, { recursive: true, force: true });
        t.skip('cannot mount a tmpfs here (needs root with CAP_SYS_ADMIN): a real full disk cannot be made');
        return;
      }
      const MATCHES = 12;
      let server, proc;
      const db = path.join(mnt, 'ippon.db');
      const filler = path.join(mnt, 'filler');
      try {
        server = await configure({ ...FAST_PLAY, log_level: 'warn', database: db, max_conns_per_addr: 100 });
        proc = await startServer(['--config', server.config], server.dir, server.port);
        await access(`${db}.reserve`); // the reserve is taken at start
        // the players exist before the disk fills (making a guest is a write)
        const tokens = [];
        for (let i = 0; i < MATCHES; i++) tokens.push(await guestToken(server.port));
        const cs = await Promise.all(tokens.map((tk) => player(server.port, tk)));
        // fill the file system to the last byte
        const f = await open(filler, 'w');
        for (const size of [1 << 20, 65536, 4096, 512, 1]) {
          const chunk = Buffer.alloc(size, 1);
          try {
            for (;;) await f.write(chunk);
          } catch (e) {
            assert.equal(e.code, 'ENOSPC');
          }
        }
        await f.close();
        const ids = await Promise.all(cs.map(async (c) => {
          c.send({ type: 'practice', mode: '4p' });
          const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
          await playToEnd(c);
          return found.table;
        }));
        assert.equal(new Set(ids).size, MATCHES);
        await eventually(async () => (await api(server.port, 'GET', '/api/health')).json.matches_waiting >= MATCHES,
          20_000, 'every match waiting');
        for (const c of cs) c.close();
        await stopServer(proc); // exit 0: nothing lost
        proc = null;
        const pending = (await readFile(`${db}.pending.jsonl`, 'utf8')).trim().split('\n').map((l) => JSON.parse(l).id);
        assert.deepEqual([...pending].sort(), [...ids].sort(), 'every unstored match is in the pending file');

        await rm(filler); // room again
        proc = await startServer(['--config', server.config], server.dir, server.port);
        for (let i = 0; i < MATCHES; i++) {
          const rec = await storedMatch(server.port, ids[i], 20_000);
          assert.equal(rec.completed, true);
          const me = await api(server.port, 'GET', '/api/auth/me', { token: tokens[i] });
          const list = await api(server.port, 'GET', `/api/matches?player=${me.json.user.id}`);
          assert.equal(list.json.matches.filter((x) => x.id === ids[i]).length, 1, 'stored exactly once');
        }
        await eventually(async () => !(await readdir(`${db}.journal`)).some((n) => n.endsWith('.jsonl')), 10_000,
          'no journal left behind');
        const health = await api(server.port, 'GET', '/api/health');
        assert.deepEqual(health.json.matches_lost, { journals_unreadable: 0, voided_at_resume: 0 });
        assert.equal(health.json.matches_waiting, 0);
        await access(`${db}.reserve`); // taken again
      } finally {
        if (proc) await withDeadline(stopServer(proc), 20_000, 'the last stop').catch(() => {});
        if (server) await shutdown({ dir: server.dir });
        execFileSync('umount', [mnt]);
        await rm(mnt, { recursive: true, force: true });
      }
    });
});
