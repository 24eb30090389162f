// event_round_start.mjs — how soon after its time a big round of an event is under way
// (game/gateway_events.c, gateway_event_rounds.c; the target in src/server/EVENTS.md, "The runner":
// a round of 16 tables starts within 10 s of its time). For each run a fresh server (the build's
// own config, real clocks) gets PLAYERS registered players, each with its WebSocket open, a
// 4-player one-round event starting LEAD_S seconds after it is made, with duplicate walls and
// Swiss seating; every player registers (check-in is open, so that checks them in). The clock
// starts at the event's starts_at. Printed per run: when the last player was sent event_seated
// and when the last one was dealt its first hand (hand_start: the round's every table dealt,
// the players' wall contributions in), p50 and max over the players, and the tables. Nobody plays: the server is stopped
// once every table is seen. Not a test: a program that prints figures (tests/bench/README.md).
//
//   IPPON_BUILD_DIR=build/rel IPPON_SOURCE_DIR=$PWD node tests/bench/event_round_start.mjs [RUNS] [PLAYERS]
//
// Defaults: 3 runs, 64 players (16 tables). PLAYERS is rounded down to a multiple of 4.
import { FAST_HASH, api, serveWithAdmin, shutdown } from '../integration/harness.mjs';
import { player } from '../integration/ws_player.mjs';

const runs = Number(process.argv[2] || 3);
const players = Math.floor(Number(process.argv[3] || 64) / 4) * 4;
const LEAD_S = 10;
const TARGET_MS = 10_000;
if (!(runs >= 1) || !(players >= 4)) {
  console.error('usage: node tests/bench/event_round_start.mjs [RUNS >= 1] [PLAYERS >= 4]');
  process.exit(2);
}

const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

async function oneRun(run) {
  const { server, port, admin } = await serveWithAdmin({ ...FAST_HASH, signups_per_address: 10_000,
    max_conns_per_addr: players + 20, guests_per_address: 10_000 });
  try {
    const tokens = [];
    for (let i = 0; i < players; i++) {
      const r = await api(port, 'POST', '/api/auth/register', { body: { username: `start${run}p${i}`,
        password: 'Aozora-kite-19', display_name: `Start${run}-${i}` } });
      if (r.status !== 201) throw new Error(`register: ${r.status} ${r.raw}`);
      tokens.push(r.json.token);
    }
    const made = await api(port, 'POST', '/api/events', { token: admin.token, body: {
      kind: 'site', name: `Round start ${run}`, mode: '4p', rounds: 1, starts_at: Date.now() + LEAD_S * 1000,
      checkin_minutes: 1, seating: 'swiss', duplicate: true, fill: 'bots', stand_in: 'counts' } });
    if (made.status !== 201) throw new Error(`event: ${made.status} ${made.raw}`);
    const ev = made.json;
    const clients = [];
    for (const token of tokens) {
      const reg = await api(port, 'POST', `/api/events/${ev.id}/register`, { token });
      if (reg.status !== 200 || !reg.json.me.checked_in) throw new Error(`entry: ${reg.status} ${reg.raw}`);
      clients.push(await player(port, token));
    }
    if (Date.now() > ev.starts_at - 1000) throw new Error(`setting up took past the event's time: raise LEAD_S (${LEAD_S})`);
    // stamped as they arrive (a table on the round's duplicate walls deals at once, so its first
    // hand_start may come before event_seated)
    const seen = await Promise.all(clients.map((c) => new Promise((resolve, reject) => {
      const at = {};
      const timer = setTimeout(() => reject(new Error(`no seat and deal within 60 s: ${JSON.stringify(at)}`)), 60_000);
      c.ws.on('message', (data) => {
        const m = JSON.parse(String(data));
        if (m.type === 'event_seated' && at.seated === undefined) { at.seated = Date.now() - ev.starts_at; at.table = m.table; }
        if (m.type === 'event' && m.event.type === 'hand_start' && at.playing === undefined) at.playing = Date.now() - ev.starts_at;
        if (at.seated !== undefined && at.playing !== undefined) { clearTimeout(timer); resolve(at); }
      });
    })));
    for (const c of clients) c.close();
    return {
      tables: new Set(seen.map((s) => s.table)).size,
      seatedP50: quantile(seen.map((s) => s.seated), 0.5), seatedMax: Math.max(...seen.map((s) => s.seated)),
      playingP50: quantile(seen.map((s) => s.playing), 0.5), playingMax: Math.max(...seen.map((s) => s.playing)),
    };
  } finally {
    await shutdown(server);
  }
}

console.log(`# ${runs} runs, ${players} players (4-player, one round), ms after the event's starts_at`);
console.log('run  tables  seated p50  seated max  dealt p50  dealt max');
let worst = 0;
for (let run = 1; run <= runs; run++) {
  const r = await oneRun(run);
  worst = Math.max(worst, r.playingMax);
  console.log(`${String(run).padStart(3)}  ${String(r.tables).padStart(6)}  ${String(r.seatedP50).padStart(10)}  `
    + `${String(r.seatedMax).padStart(10)}  ${String(r.playingP50).padStart(9)}  ${String(r.playingMax).padStart(9)}`);
}
console.log(`worst: every table dealt ${worst} ms after its time; target ≤ ${TARGET_MS} ms: ${worst <= TARGET_MS ? 'PASS' : 'FAIL'}`);
