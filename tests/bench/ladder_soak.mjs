// ladder_soak.mjs — the bot ladder under a steady load (game/gateway_ladder.h): N public bots, each
// the built-in bot as an mjai client (ippon-mjai-bot --room ladder --matches 0: it enters again after
// every match), some on the 4-player ladder and the rest on the 3-player one, against one server at
// the real clock (5 s a move, 20 s bank). Every 5 s it reads /metrics. Prints, at the end: how busy
// the bots were (seats at running tables over N, mean and lowest), the matches and sets the ladder
// played, the longest any table went without a public event, and the stuck tables — a table is
// stuck when it goes STUCK_S (60 s: more than a whole decision's clock, 25 s, plus the AI warm-up,
// 30 s) without an event. Not a test: a program that prints figures (tests/bench/README.md).
//
//   IPPON_BUILD_DIR=build/rel IPPON_SOURCE_DIR=$PWD node tests/bench/ladder_soak.mjs [MINUTES] [BOTS] [BOTS_3P]
//
// Defaults: 30 minutes, 50 bots of which 18 on the 3-player ladder (8 four-player tables and 6
// three-player ones when all are seated).
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { BUILD_DIR, FAST_HASH, accountToken, api, request, serve, shutdown, sqlite } from '../integration/harness.mjs';

const minutes = Number(process.argv[2] || 30);
const bots = Number(process.argv[3] || 50);
const bots3p = Number(process.argv[4] ?? 18);
const STUCK_S = 60;
const BOT_BIN = join(BUILD_DIR, 'src/tools/ippon-mjai-bot');

function metric(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

const server = await serve({ ...FAST_HASH, log_level: 'warn', bots: true, guests_per_address: 1000,
  signups_per_address: 1000, max_conns_per_addr: 1000, // every bot connects from 127.0.0.1
  max_messages_per_10s: 1000000 });
const { port } = server;
const clients = [];
let died = 0;
try {
  const tokens = [];
  for (let owner = 0; tokens.length < bots; owner++) {
    const token = await accountToken(port, `soak_owner_${owner}`);
    for (let i = 0; i < 10 && tokens.length < bots; i++) {
      const r = await api(port, 'POST', '/api/bots', { token, body: { name: `Soak_${owner}_${i}`, public: true } });
      if (r.status !== 201) throw new Error(`POST /api/bots: ${r.status} ${r.raw}`);
      tokens.push(r.json.token);
    }
  }
  tokens.forEach((token, i) => {
    const mode = i < bots - bots3p ? '4p' : '3p';
    const child = spawn(BOT_BIN, ['--url', `ws://127.0.0.1:${port}`, '--token', token, '--room', 'ladder',
      '--mode', mode, '--matches', '0'], { stdio: ['ignore', 'ignore', 'pipe'] });
    child.stderrText = '';
    child.stderr.on('data', (d) => { child.stderrText = (child.stderrText + d).slice(-2000); });
    child.on('exit', (code, signal) => {
      if (!child.stopping) { died++; console.error(`bot ${i} exited (${code ?? signal}): ${child.stderrText}`); }
    });
    clients.push(child);
  });
  const started = Date.now(), end = started + minutes * 60_000;
  const busy = [];
  let longestIdle = 0, stuckSamples = 0, samples = 0;
  while (Date.now() < end) {
    await new Promise((r) => setTimeout(r, 5000));
    const text = (await request(port, { path: '/metrics' })).body;
    const seats = 4 * metric(text, 'ippon_tables{mode="4p"}') + 3 * metric(text, 'ippon_tables{mode="3p"}');
    const idle = metric(text, 'ippon_table_longest_idle_seconds');
    samples++;
    if (Date.now() - started > 60_000) busy.push(seats / bots); // after the first minute: the ladder is full
    longestIdle = Math.max(longestIdle, idle);
    if (idle > STUCK_S) stuckSamples++;
    if (samples % 60 === 0)
      console.log(`${Math.round((Date.now() - started) / 60_000)} min: ${seats} of ${bots} seats busy, longest idle ${idle.toFixed(1)} s`);
  }
  const text = (await request(port, { path: '/metrics' })).body;
  const db = join(server.dir, 'ippon.db');
  const matches = sqlite(db, 'SELECT mode, count(*) FROM ladder_matches GROUP BY mode ORDER BY mode');
  const complete = sqlite(db, `SELECT count(*) FROM (SELECT set_id, mode, count(*) AS n FROM ladder_matches GROUP BY set_id
    HAVING n = CASE mode WHEN '4p' THEN 4 ELSE 3 END)`);
  const mean = busy.reduce((a, x) => a + x, 0) / Math.max(1, busy.length);
  console.log(`ladder soak: ${minutes} min, ${bots} bots (${bots - bots3p} on 4p, ${bots3p} on 3p)`);
  console.log(`  seats busy after the first minute: mean ${(100 * mean).toFixed(1)} %, lowest ${(100 * Math.min(...busy)).toFixed(1)} %`);
  console.log(`  ladder matches stored: ${matches.replace(/\n/g, ', ').replace(/\|/g, ' ')}; complete sets ${complete}; ` +
    `sets ended early ${metric(text, 'ippon_ladder_sets_total{end="early"}')}; bots suspended ${metric(text, 'ippon_ladder_suspended_total')}`);
  console.log(`  longest any table went without an event: ${longestIdle.toFixed(1)} s; ` +
    `stuck tables (over ${STUCK_S} s): ${stuckSamples ? `seen in ${stuckSamples} samples` : 0}; bot clients that died: ${died}`);
} finally {
  for (const c of clients) { c.stopping = true; c.kill('SIGTERM'); }
  await shutdown(server).catch((e) => console.error(`shutdown: ${e.message}`));
}
