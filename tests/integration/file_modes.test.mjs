// file_modes.test.mjs — every file the server and its admin commands create is its owner's alone,
// 0600, and every folder 0700, whatever the umask they start under (src/server/store/private_files.h).
// Under umask 022 (which leaves 0644 and 0755 to anything made with the usual modes): a server on a
// database in a folder it makes, a practice match stored while writes fail (so it is kept in the
// pending file at SIGTERM) and one still running at SIGTERM (left in the journal); then
// `ippon backup` and `ippon admin create` on a database of its own in a new folder. Each kind of
// file is checked to exist, and every file and folder under the server's folder (but the test's
// own config) to have its mode.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, describe, test } from 'node:test';
import { spawn } from 'node:child_process';
import { BIN, FAST_PLAY, configure, shutdown, startServer, stopServer, tempDir, withDeadline } from './harness.mjs';
import { guestToken, player, playToEnd } from './ws_player.mjs';

const FAIL_ENV = 'IPPON_TEST_WRITE_FAIL_FILE'; // store_writer.h: writes fail while that file exists
const UMASK_022 = ['sh', '-c', 'umask 022; exec "$0" "$@"']; // a prefix: the server's command follows


/** every file and folder under dir but those named in skip: [{ path (relative), folder, mode }] */
async function tree(dir, skip, under = '') {
  const found = [];
  for (const entry of await fs.readdir(path.join(dir, under), { withFileTypes: true })) {
    const rel = path.join(under, entry.name);
    if (skip.includes(rel))
      continue;
    const st = await fs.lstat(path.join(dir, rel));
    found.push({ path: rel, folder: st.isDirectory(), mode: st.mode & 0o777 });
    if (st.isDirectory())
      found.push(...await tree(dir, skip, rel));
  }
  return found;
}

function assertPrivate(entries) {
  const wrong = entries.filter((e) => e.mode !== (e.folder ? 0o700 : 0o600))
    .map((e) => `${e.path} ${e.mode.toString(8)}`);
  assert.deepEqual(wrong, [], 'files 0600 and folders 0700');
}

/** `ippon ARGS…` under umask 022 in cwd, input on its standard input, until it exits: { code, stderr } */
function runUnderUmask(args, cwd, input = '') {
  const [sh, ...shArgs] = UMASK_022;
  return withDeadline(new Promise((resolve, reject) => {
    const child = spawn(sh, [...shArgs, BIN, ...args], { cwd, stdio: ['pipe', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d) => { stderr += d; });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stderr }));
    child.stdin.end(input);
  }), 30_000, `ippon ${args.join(' ')}`);
}

describe('the modes of the files the server creates', () => {
  let server, failDir;
  after(async () => {
    await shutdown(server);
    if (failDir) await fs.rm(failDir, { recursive: true, force: true });
  });

  test('under umask 022: the database and its -wal, -shm and lock, the journal, the pending file, a backup',
    { timeout: 120_000 }, async () => {
      failDir = await tempDir();
      const fail = path.join(failDir, 'fail-writes');
      server = await configure({ ...FAST_PLAY, database: 'data/ippon.db', handover: true });
      process.env[FAIL_ENV] = fail;
      try {
        server.proc = await startServer(['--config', server.config], server.dir, server.port, { prefix: UMASK_022 });
      } finally {
        delete process.env[FAIL_ENV];
      }
      const data = path.join(server.dir, 'data');
      const stored = await player(server.port, await guestToken(server.port));
      const running = await player(server.port, await guestToken(server.port));
      // one match played to its end while writes fail: kept for the pending file at the stop
      await fs.writeFile(fail, '');
      stored.send({ type: 'practice', mode: '4p' });
      await stored.next((m) => m.type === 'match_found', 10_000, 'match_found');
      await playToEnd(stored);
      // one match started and left running: its journal stays for the next start
      running.send({ type: 'practice', mode: '4p' });
      const found = await running.next((m) => m.type === 'match_found', 10_000, 'match_found');
      await running.next((m) => m.type === 'ask', 10_000, 'the first ask');
      const whileRunning = await tree(server.dir, [path.basename(server.config)]); // the -wal and -shm are there
      stored.close();
      running.close();
      await Promise.all([stored.untilClosed(), running.untilClosed()]); // the server has seen both go
      await stopServer(server.proc);
      server.proc = undefined;
      assert.match((await fs.readdir(data)).join(' '), /pending\.jsonl/, 'the match that was not stored is kept');

      const backup = await runUnderUmask(['backup', 'data/copy.db', '--config', server.config], server.dir);
      assert.equal(backup.code, 0, backup.stderr);
      const admin = await runUnderUmask(['admin', 'create', 'owner', '--config', server.config, '--db',
        'admins/ippon.db'], server.dir, 'Quiet-Harbour-Lantern-1987\n');
      assert.equal(admin.code, 0, admin.stderr);

      const entries = [...whileRunning, ...await tree(server.dir, [path.basename(server.config)])];
      const names = entries.map((e) => e.path);
      for (const kind of ['data', 'data/ippon.db', 'data/ippon.db-wal', 'data/ippon.db-shm', 'data/ippon.db.lock',
        'data/ippon.db.journal', 'data/ippon.db.journal/event.key', `data/ippon.db.journal/${found.table}.jsonl`,
        'data/ippon.db.pending.jsonl', 'data/copy.db', 'admins', 'admins/ippon.db'])
        assert.ok(names.includes(kind), `${kind} was made: ${names.join(' ')}`);
      assertPrivate(entries);
    });
});
