// watch_fanout.mjs — what spectators cost a table (game/gateway_watch.c): one player plays practice
// matches at a realistic pace (bots thinking 600 ms, the 700 ms call window, the player answering
// at once) while N spectators watch its table; when a match ends they watch the next one. Prints,
// for each N: the spectate messages delivered per second, the server's CPU (from /proc, user +
// system) per second and per delivered message, and the player's act→own-discard latency p50/p99
// (what the table's players feel). Not a test: a program that prints figures (tests/bench/README.md).
//
//   IPPON_BUILD_DIR=build/rel IPPON_SOURCE_DIR=$PWD node tests/bench/watch_fanout.mjs [SECONDS] [N…]
//
// Defaults: 30 s per run, N = 0 100 1000 3000. The delay is 1 s (the fan-out's cost does not depend
// on it). Spectators and the player run in this Node process; pin them apart from the server with
// taskset for steadier figures (e.g. the server on core 0: SERVER_CPUS=0, this on core 1).
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { FAST_HASH, serve, shutdown, request } from '../integration/harness.mjs';

const seconds = Number(process.argv[2] || 30);
const counts = process.argv.slice(3).map(Number);
const runs = counts.length ? counts : [0, 100, 1000, 3000];

function cpuMs(pid) { // utime + stime of the server, in ms (clock ticks of 10 ms)
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function guest(port) {
  const res = await request(port, { method: 'POST', path: '/api/auth/guest', body: '{}' });
  return JSON.parse(res.body).token;
}

function open(port, token, onMessage) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/ws`, 'ippon.v1');
    ws.on('open', () => { ws.send(JSON.stringify({ type: 'hello', v: 1, token })); resolve(ws); });
    ws.on('error', reject);
    ws.on('message', (d) => onMessage(JSON.parse(String(d)), ws));
  });
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

async function run(n) {
  const server = await serve({ ...FAST_HASH, log_level: 'warn', spectate_delay_s: 1, guests_per_address: 100000,
    max_conns_per_addr: 100000, max_messages_per_10s: 1000000 });
  const port = server.port;
  try {
    const watchers = [];
    let delivered = 0, table = null;
    for (let i = 0; i < n; i++) {
      const ws = await open(port, await guest(port), (m, sock) => {
        if (m.type === 'spectate') delivered++;
        if (m.type === 'watch_ended' && table && m.table !== table) sock.send(JSON.stringify({ type: 'watch', table }));
      });
      watchers.push(ws);
    }
    const latencies = [];
    let sentAt = 0;
    const player = await open(port, await guest(port), (m, sock) => {
      if (m.type === 'welcome') sock.send(JSON.stringify({ type: 'practice', mode: '4p' }));
      if (m.type === 'match_found') {
        sock.send(JSON.stringify({ type: 'contribute', bytes: 'ab'.repeat(32) }));
        table = m.table;
        for (const w of watchers) w.send(JSON.stringify({ type: 'watch', table }));
      }
      if (m.type === 'ask') {
        const o = m.options.find((x) => x.type === 'tsumo' || x.type === 'ron') ?? m.options.find((x) => x.type === 'pass')
          ?? m.options[m.options.length - 1];
        sentAt = performance.now();
        sock.send(JSON.stringify({ type: 'act', seq: m.seq, action: o }));
      }
      if (m.type === 'event' && m.event.type === 'discard' && sentAt) {
        latencies.push(performance.now() - sentAt);
        sentAt = 0;
      }
      if (m.type === 'event' && m.event.type === 'match_end') sock.send(JSON.stringify({ type: 'practice', mode: '4p' }));
    });
    await new Promise((r) => setTimeout(r, 3000)); // the first match under way, the spectators in
    const cpu0 = cpuMs(server.proc.child.pid), d0 = delivered, t0 = performance.now();
    latencies.length = 0;
    await new Promise((r) => setTimeout(r, seconds * 1000));
    const secs = (performance.now() - t0) / 1000, cpu = cpuMs(server.proc.child.pid) - cpu0, msgs = delivered - d0;
    latencies.sort((a, b) => a - b);
    console.log(`spectators ${String(n).padStart(5)}: ${(msgs / secs).toFixed(0).padStart(7)} spectate msgs/s, server CPU `
      + `${(cpu / secs / 10).toFixed(1).padStart(5)} % of a core, ${msgs ? ((cpu * 1000) / msgs).toFixed(2) : '–'} µs per message; `
      + `player act→discard p50 ${percentile(latencies, 0.5).toFixed(1)} ms, p99 ${percentile(latencies, 0.99).toFixed(1)} ms (${latencies.length} acts)`);
    player.close();
    for (const w of watchers) w.close();
  } finally {
    await shutdown(server);
  }
}

for (const n of runs) await run(n);
