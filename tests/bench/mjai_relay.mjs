// mjai_relay.mjs — the mjai relay's latency at many bot seats (game/gateway_mjai.c): SEATS public bots,
// each an mjai WebSocket client in this one Node process, play the 4-player bot ladder at the real
// clock (every table all AIs), answering every line at once — hora when offered, a discard chosen by a
// simple shape rule on their own draw (isolated honours and edge tiles first, so some hands win by
// tsumo), "none" otherwise — and entering the ladder again after every match. After a warm-up it
// reads /metrics, waits MINUTES, reads it again, and prints for the window: the seats busy (4 ×
// ippon_tables{mode="4p"}, sampled every 5 s, over SEATS), the lines out and in and their rate, the
// server's relay out and in p50/p99 (from the ippon_mjai_relay_*_seconds histograms, interpolated
// within a bucket as Prometheus' histogram_quantile does) with the share at or below 5 ms (a bucket
// bound: exact), the clients' round trip of their own discards (the tsumo received → the dahai
// answered → its echo received: the relay in, the table and the relay out, plus the kernel and this
// process; an upper bound) p50/p99/max, the server's CPU (user + system from /proc), the matches the
// ladder finished, and the errors. The target — p99 ≤ 5 ms each way at 200 bot seats
// (src/server/README.md, "Performance budgets") — ends the output as PASS or FAIL. Not a test: a
// program that prints figures (tests/bench/README.md).
//
//   IPPON_BUILD_DIR=build/rel IPPON_SOURCE_DIR=$PWD node tests/bench/mjai_relay.mjs [MINUTES] [SEATS]
//
// Defaults: 4 minutes, 200 seats (50 tables). SEATS is rounded down to a multiple of 4. The warm-up
// is WARMUP_S (20 s): every bot connected and seated. The server's config raises only the limits
// that stop SEATS clients from one address (sign-ups, WebSockets, HTTP connections, messages).
import { readFileSync } from 'node:fs';
import WebSocket from 'ws';
import { FAST_HASH, accountToken, api, request, serve, shutdown } from '../integration/harness.mjs';

const minutes = Number(process.argv[2] || 4);
const seats = Math.floor(Number(process.argv[3] || 200) / 4) * 4;
const WARMUP_S = 20;
const BOTS_PER_OWNER = 10;
const TARGET_S = 0.005;
if (!(minutes > 0) || !(seats >= 4)) {
  console.error('usage: node tests/bench/mjai_relay.mjs [MINUTES > 0] [SEATS >= 4]');
  process.exit(2);
}

function cpuMs(pid) { // utime + stime of the server, in ms (clock ticks of 10 ms)
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

function metric(text, name) {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `));
  return line ? Number(line.split(' ')[1]) : 0;
}

/** a histogram of the /metrics text: { bounds: [[le, cumulative]…] (+Inf last), count } */
function histogram(text, name) {
  const bounds = text.split('\n').filter((l) => l.startsWith(`${name}_bucket{`)).map((l) => {
    const m = /le="([^"]+)"\} (\d+)$/.exec(l);
    return [m[1] === '+Inf' ? Infinity : Number(m[1]), Number(m[2])];
  });
  return { bounds, count: metric(text, `${name}_count`) };
}

/** what a histogram counted between two readings */
function delta(later, earlier) {
  return { bounds: later.bounds.map(([le, n], i) => [le, n - earlier.bounds[i][1]]), count: later.count - earlier.count };
}

/** the q-quantile of a histogram, linear within its bucket (histogram_quantile's way); NaN if empty */
function quantile(h, q) {
  if (!h.count) return NaN;
  const rank = q * h.count;
  let lower = 0, below = 0;
  for (const [le, n] of h.bounds) {
    if (n >= rank) return le === Infinity ? lower : lower + (le - lower) * ((rank - below) / Math.max(1, n - below));
    lower = le;
    below = n;
  }
  return lower;
}

/** the share of a histogram at or below a bound it has */
function shareAtMost(h, bound) {
  const b = h.bounds.find(([le]) => le === bound);
  return h.count ? b[1] / h.count : NaN;
}

function percentile(sorted, p) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

const ms = (s) => (s * 1000).toFixed(3);

// ---- the clients' play: mjai tiles ("1m"…"9s", "5mr" red, honours "E S W N P F C") ----

const HONOURS = new Set(['E', 'S', 'W', 'N', 'P', 'F', 'C']);
const plain = (pai) => pai.replace('r', ''); // a red five is a five for the hand's shape

/** how much a tile holds the hand together: copies, neighbours (suited), lower = discard first */
function keep(hand, pai) {
  const t = plain(pai);
  const copies = hand.filter((p) => plain(p) === t).length - 1;
  if (HONOURS.has(t)) return 4 * copies;
  const n = Number(t[0]), suit = t[1];
  const has = (k) => k >= 1 && k <= 9 && hand.some((p) => plain(p) === `${k}${suit}`);
  return 4 * copies + 2 * (has(n - 1) + has(n + 1)) + (has(n - 2) + has(n + 2)) + (n === 1 || n === 9 ? 0 : 1);
}

class Bot {
  constructor(port, token, stats) {
    Object.assign(this, { port, token, stats, hand: [], me: -1, stopping: false, askedAt: 0, drawn: null });
    this.connect();
  }

  connect() {
    const ws = new WebSocket(`ws://127.0.0.1:${this.port}/mjai?room=ladder&mode=4p`, ['mjai'],
      { headers: { Authorization: `Bearer ${this.token}` } });
    this.ws = ws;
    ws.on('message', (data) => this.take(JSON.parse(String(data))));
    ws.on('unexpected-response', (req, res) => {
      this.stats.errors.push(`upgrade refused: ${res.statusCode}`);
      ws.terminate();
    });
    ws.on('error', (e) => { if (!/Unexpected server response/.test(String(e))) this.stats.errors.push(`socket: ${e.message}`); });
    ws.on('close', (code) => {
      if (this.stopping) return;
      if (code !== 1000) this.stats.errors.push(`closed ${code}`);
      setTimeout(() => this.connect(), code === 1000 ? 50 : 1000); // the ladder again
    });
  }

  answer(text) {
    this.ws.send(text);
    this.stats.answers++;
  }

  take(line) {
    const now = performance.now();
    if (line.type === 'error') { this.stats.errors.push(`error ${line.code}: ${line.message}`); return; }
    if (line.type === 'resume') return;
    this.stats.lines++;
    if (this.askedAt && line.type === 'dahai' && line.actor === this.me) { // the echo of its own discard
      this.stats.roundTrips.push(now - this.askedAt);
      this.askedAt = 0;
    }
    if (line.type === 'start_game') this.me = line.id;
    if (line.type === 'start_kyoku') this.hand = [...line.tehais[this.me]];
    if (line.type === 'end_game') this.stats.matchesSeen++;
    const hora = (line.possible_actions || []).find((a) => a.type === 'hora');
    if (hora) { this.answer(JSON.stringify(hora)); return; }
    if (line.type === 'tsumo' && line.actor === this.me) {
      this.hand.push(line.pai);
      let worst = this.hand.length - 1; // the drawn tile unless another holds the hand together less
      for (let i = 0; i < this.hand.length; i++) if (keep(this.hand, this.hand[i]) < keep(this.hand, this.hand[worst])) worst = i;
      const pai = this.hand[worst];
      this.hand.splice(worst, 1);
      this.askedAt = performance.now();
      this.answer(JSON.stringify({ type: 'dahai', actor: this.me, pai, tsumogiri: worst === this.hand.length }));
      return;
    }
    this.answer('{"type":"none"}');
  }

  stop() { this.stopping = true; this.ws.terminate(); }
}

// ---- the run ----

const server = await serve({ ...FAST_HASH, log_level: 'warn', bots: true, signups_per_address: 100000,
  max_conns_per_addr: 100000, max_http_conns_per_addr: 100000, guests_per_address: 100000,
  max_messages_per_10s: 100000000 });
const { port } = server;
const pid = server.proc.child.pid;
const bots = [];
const stats = { lines: 0, answers: 0, roundTrips: [], errors: [], matchesSeen: 0 };
try {
  const tokens = [];
  for (let owner = 0; tokens.length < seats; owner++) {
    const token = await accountToken(port, `relay_owner_${owner}`);
    for (let i = 0; i < BOTS_PER_OWNER && tokens.length < seats; i++) {
      const r = await api(port, 'POST', '/api/bots', { token, body: { name: `Relay_${owner}_${i}`, public: true } });
      if (r.status !== 201) throw new Error(`POST /api/bots: ${r.status} ${r.raw}`);
      tokens.push(r.json.token);
    }
  }
  for (const token of tokens) bots.push(new Bot(port, token, stats));
  await new Promise((r) => setTimeout(r, WARMUP_S * 1000));

  const read = async () => (await request(port, { path: '/metrics' })).body;
  const first = await read();
  const cpu0 = cpuMs(pid), t0 = performance.now();
  const lines0 = stats.lines, answers0 = stats.answers, errors0 = stats.errors.length, matches0 = stats.matchesSeen;
  stats.roundTrips.length = 0;
  const busy = [];
  const end = t0 + minutes * 60_000;
  while (performance.now() < end) {
    await new Promise((r) => setTimeout(r, Math.min(5000, Math.max(0, end - performance.now()))));
    busy.push(4 * metric(await read(), 'ippon_tables{mode="4p"}'));
  }
  const last = await read();
  const secs = (performance.now() - t0) / 1000, cpu = cpuMs(pid) - cpu0;
  const out = delta(histogram(last, 'ippon_mjai_relay_out_seconds'), histogram(first, 'ippon_mjai_relay_out_seconds'));
  const inn = delta(histogram(last, 'ippon_mjai_relay_in_seconds'), histogram(first, 'ippon_mjai_relay_in_seconds'));
  const rt = stats.roundTrips.slice().sort((a, b) => a - b);
  const errors = stats.errors.slice(errors0);
  const badMessages = metric(last, 'ippon_errors_total{kind="bad_message"}') - metric(first, 'ippon_errors_total{kind="bad_message"}');
  const finished = metric(last, 'ippon_matches_finished_total') - metric(first, 'ippon_matches_finished_total');
  const mean = busy.reduce((a, x) => a + x, 0) / Math.max(1, busy.length);

  console.log(`mjai relay: ${minutes} min after a ${WARMUP_S} s warm-up, ${seats} bot seats on the 4p ladder, one Node process`);
  console.log(`  seats busy: mean ${mean.toFixed(1)} of ${seats}, lowest ${Math.min(...busy)} (${busy.length} samples)`);
  console.log(`  lines out ${out.count} (${(out.count / secs).toFixed(0)}/s), answers in ${inn.count} (${(inn.count / secs).toFixed(0)}/s); `
    + `clients received ${stats.lines - lines0}, sent ${stats.answers - answers0}`);
  console.log(`  server relay out: p50 ${ms(quantile(out, 0.5))} ms, p99 ${ms(quantile(out, 0.99))} ms, `
    + `${(100 * shareAtMost(out, TARGET_S)).toFixed(3)} % ≤ 5 ms`);
  console.log(`  server relay in:  p50 ${ms(quantile(inn, 0.5))} ms, p99 ${ms(quantile(inn, 0.99))} ms, `
    + `${(100 * shareAtMost(inn, TARGET_S)).toFixed(3)} % ≤ 5 ms`);
  console.log(`  client round trip, own tsumo → dahai → its echo (upper bound): p50 ${percentile(rt, 0.5).toFixed(3)} ms, `
    + `p99 ${percentile(rt, 0.99).toFixed(3)} ms, max ${(rt.at(-1) ?? NaN).toFixed(3)} ms (${rt.length} discards)`);
  console.log(`  server CPU ${(cpu / secs / 10).toFixed(1)} % of a core (${out.count + inn.count ? ((cpu * 1000) / (out.count + inn.count)).toFixed(1) : '–'} µs a line relayed)`);
  console.log(`  matches finished ${finished} (clients saw end_game ${stats.matchesSeen - matches0})`);
  console.log(`  errors: ${errors.length} at the clients, ${badMessages} bad messages at the server`
    + (errors.length ? ` (first: ${[...new Set(errors)].slice(0, 5).join('; ')})` : ''));
  const pass = shareAtMost(out, TARGET_S) >= 0.99 && shareAtMost(inn, TARGET_S) >= 0.99 && out.count > 0 && inn.count > 0;
  console.log(`  target p99 ≤ 5 ms each way at ${seats} seats: ${pass ? 'PASS' : 'FAIL'}`);
} finally {
  for (const b of bots) b.stop();
  await shutdown(server).catch((e) => console.error(`shutdown: ${e.message}`));
}
