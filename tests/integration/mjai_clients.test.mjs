// mjai_clients.test.mjs — the built-in bot as an unmodified mjai client at the real server: the
// program ippon-mjai-bot (it speaks mjai over TCP as to gimite/mjai's server) connects to the
// bridge ippon-mjai, which seats it over the server's /mjai route with a bot account's token
// (src/server/MJAI.md). Whole practice matches in 4-player and 3-player: the bot client exits 0
// after end_game, the bridge goes on listening, the match is stored with the bot account as a
// player, and the server refused none of the client's answers (the bridge prints every error
// the server sends). A second client after the first is seated again (the next match). The same
// bot client over the WebSocket directly (ippon-mjai-bot --url), both modes. A wrong token: the
// bridge, and the client over the WebSocket, exit 1 saying the server refused it.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import path from 'node:path';
import { BUILD_DIR, FAST_PLAY, SANITIZER_REPORT, accountToken, api, eventually, getJson, serve, shutdown } from './harness.mjs';

const BRIDGE = path.join(BUILD_DIR, 'src/tools/ippon-mjai');
const BOT = path.join(BUILD_DIR, 'src/tools/ippon-mjai-bot');

/** a program with its output kept; exit: a promise of [code, stdout, stderr] */
function run(bin, args) {
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  const out = { stdout: '', stderr: '' };
  child.stdout.on('data', (d) => { out.stdout += d; });
  child.stderr.on('data', (d) => { out.stderr += d; });
  out.exit = new Promise((resolve) => child.on('exit', (code) => resolve(code)));
  out.child = child;
  return out;
}

describe('the built-in bot over mjai through ippon-mjai', () => {
  let server, port, owner;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn' });
    port = server.port;
    owner = await accountToken(port, 'bridge_author');
  });

  after(async () => { await shutdown(server); });

  for (const [room, players] of [['practice-4p', 4], ['practice-3p', 3]]) {
    test(`whole ${room} matches, one client after another`, async () => {
      const made = await api(port, 'POST', '/api/bots', { token: owner, body: { name: `Bridged_${players}p` } });
      assert.equal(made.status, 201, made.raw);
      const bridge = run(BRIDGE, ['--url', `ws://127.0.0.1:${port}`, '--token', made.json.token, '--room', room,
        '--listen', '127.0.0.1:0']);
      try {
        const listening = await eventually(() => /listening on [^ ]+:(\d+)/.exec(bridge.stderr), 10_000, 'the bridge listening');
        for (let match = 1; match <= 2; match++) {
          const bot = run(BOT, ['--connect', `127.0.0.1:${listening[1]}`, '--name', 'akochan-like']);
          const code = await Promise.race([bot.exit, new Promise((r) => setTimeout(() => r('timeout'), 90_000))]);
          if (code === 'timeout') bot.child.kill();
          assert.equal(code, 0, `match ${match}: the client's exit (its stderr: ${bot.stderr.slice(-500)}; the bridge's: ${bridge.stderr.slice(-1500)})`);
          assert.doesNotMatch(bot.stderr, SANITIZER_REPORT);
        }
        const list = await eventually(async () => {
          const l = await getJson(port, `/api/matches?player=${made.json.bot.id}`);
          return l.matches?.length >= 2 && l;
        }, 10_000, 'two matches stored');
        for (const m of list.matches.slice(0, 2)) {
          const rec = await getJson(port, `/api/matches/${m.id}`);
          assert.equal(rec.completed, true);
          assert.equal(rec.players.length, players);
          assert.ok(rec.players.some((p) => p.user_id === made.json.bot.id), 'the bot account played');
        }
        assert.doesNotMatch(bridge.stderr, /refused|"type":"error"/, 'no answer of the client was refused');
      } finally {
        bridge.child.kill('SIGTERM');
        await bridge.exit;
      }
      assert.doesNotMatch(bridge.stderr, SANITIZER_REPORT);
    });
  }

  for (const [room, players] of [['practice-4p', 4], ['practice-3p', 3]]) {
    test(`a whole ${room} match over the WebSocket directly (ippon-mjai-bot --url)`, async () => {
      const made = await api(port, 'POST', '/api/bots', { token: owner, body: { name: `Direct_${players}p` } });
      assert.equal(made.status, 201, made.raw);
      const bot = run(BOT, ['--url', `ws://127.0.0.1:${port}`, '--token', made.json.token, '--room', room]);
      const code = await Promise.race([bot.exit, new Promise((r) => setTimeout(() => r('timeout'), 90_000))]);
      if (code === 'timeout') bot.child.kill();
      assert.equal(code, 0, `the client's exit (its stderr: ${bot.stderr.slice(-800)})`);
      assert.match(bot.stderr, /end_game after \d+ decisions/);
      assert.doesNotMatch(bot.stderr, /the server says/, 'no answer was refused');
      assert.doesNotMatch(bot.stderr, SANITIZER_REPORT);
      const list = await eventually(async () => {
        const l = await getJson(port, `/api/matches?player=${made.json.bot.id}`);
        return l.matches?.length >= 1 && l;
      }, 10_000, 'the match stored');
      const rec = await getJson(port, `/api/matches/${list.matches[0].id}`);
      assert.deepEqual([rec.completed, rec.players.length], [true, players]);
    });
  }

  test('a wrong token over the WebSocket: ippon-mjai-bot exits 1 saying why', async () => {
    const bot = run(BOT, ['--url', `ws://127.0.0.1:${port}`, '--token', 'ef'.repeat(32)]);
    assert.equal(await bot.exit, 1);
    assert.match(bot.stderr, /refused the bot \(bad_token, HTTP 401\): the token is not a bot's/);
  });

  test('a wrong token: the bridge says the server refused it and exits 1', async () => {
    const bridge = run(BRIDGE, ['--url', `ws://127.0.0.1:${port}`, '--token', 'cd'.repeat(32), '--room', 'practice-4p',
      '--listen', '127.0.0.1:0']);
    const listening = await eventually(() => /listening on [^ ]+:(\d+)/.exec(bridge.stderr), 10_000, 'the bridge listening');
    const bot = run(BOT, ['--connect', `127.0.0.1:${listening[1]}`]);
    assert.equal(await bridge.exit, 1);
    assert.match(bridge.stderr, /the server refused the token \(bad_token\): the token is not a bot's/);
    bot.child.kill();
    await bot.exit;
  });
});
