// restart_drill.test.mjs — a restart never voids a match (issue 24; table.h "Journal"): the server
// is killed (SIGKILL) or stopped (SIGTERM, the handover) at the moments players really meet, over
// and over, with matches of both modes running at once, and started again on the same database:
//   - while a human thinks about the tile it drew (its ask is open, nothing journaled since the
//     call window before it closed),
//   - inside a call window (a discard just announced),
//   - between hands (an exhaustive draw announced, the next hand not dealt yet),
//   - during the wait for contributions (match_found, the player's contribution not sent yet),
//   - right after match_end.
// The players reconnect as the web client does (web/js/ws.js: hello with the number of the last
// event seen and its proof), and also ask for the current hand again (resume from before its
// hand_start): every event a player saw comes back the same — number, contents, proof — and no
// match is voided. Every match plays to its end and is stored exactly once (completed, results
// summing to 0, ranked as it was, its walls verified by ippon-verify); a player whose contribution
// the stop interrupted gives it after the restart and it is in the first hand's walls.
//
// Each mode has two tables at all times: a private table of two humans who never call or win, and
// bots (so that hands often end in exhaustive draws, and the bots end matches), and a ranked table
// of one human who plays to win, and bots (queued). The figures
// (kills per mode and moment, matches resumed, voided, stored, the wait after a handover) are
// printed at the end.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { FAST_PLAY, api, configure, eventually, startServer, stopServer, storedMatch, verifyRecord, withDeadline }
  from './harness.mjs';
import { Client, guestToken } from './ws_player.mjs';
import { rm } from 'node:fs/promises';

const KILLS = Number(process.env.IPPON_DRILL_KILLS ?? 30); // each hits a match of each mode
const MOMENTS = ['think', 'window', 'between', 'contribution', 'match_end'];
const MODES = ['4p', '3p'];

// clocks a tenth of the real ones with a long move and bank, a long resume hold (it ends once the
// players are back): a restart of a sanitizer build takes a second or more; the longest wait for
// contributions the configuration allows, so that on a loaded machine (two tests at a time under
// ctest) the player who gives its contribution after the restart is still waited for
const CONFIG = { ...FAST_PLAY, time_scale: 0.1, bot_fill_after: 0.2, bot_delay_ms: 0, clock_move_ms: 30000,
  clock_bank_ms: 60000, resume_hold_ms: 8000, ranked_min_humans: 1, contribution_ms: 10000,
  max_conns_per_addr: 64 };

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * One human player: a socket that reconnects as the web client does, keeps every event it saw by
 * number (any event sent again must be the same), and answers its asks by a policy — naive (pass
 * every offer, discard the first tile offered: nobody wins) or to win — unless the drill has
 * paused it at a moment.
 */
class Seat {
  constructor(drill, token, { naive, contribute = true }) {
    this.drill = drill;
    this.token = token;
    this.naive = naive;
    this.contribute = contribute;
    this.events = new Map(); // n → the event message
    this.maxN = -1;
    this.proof = null; // { n, p } of the latest event or view
    this.table = null;
    this.seat = null;
    this.ended = null; // the match_end event
    this.compared = 0; // events seen before a restart and compared after it
    this.contributed = null;
  }

  /** a new connection, welcomed; its messages taken from then on (loop: false, not yet) */
  async connect({ resumeFrom, loop = true } = {}) {
    const c = new Client(this.drill.port, {}, { contribute: this.contribute });
    if (this.contributed) c.contributed[this.table] = this.contributed;
    await c.connect();
    this.c = c;
    const hello = { type: 'hello', v: 1, token: this.token };
    if (this.proof) { // the web client's way (ws.js): the last event seen and its proof
      hello.last = this.proof.n;
      hello.proof = this.proof.p;
    }
    c.send(hello);
    const welcome = await c.next((m) => m.type === 'welcome' || m.type === 'error', 10_000, 'welcome');
    assert.equal(welcome.type, 'welcome', JSON.stringify(welcome));
    if (resumeFrom !== undefined) {
      c.send({ type: 'resume', last: resumeFrom });
      this.replaying = true; // until the hand comes again (or a full view)
    }
    if (loop) this.run(c);
    return welcome;
  }

  /** takes every message of connection c until it closes */
  async run(c) {
    for (;;) {
      let m;
      try {
        m = await c.next(() => true, 600_000, 'a message');
      } catch {
        return; // closed: the server went down, or the drill closed it
      }
      try {
        this.take(m);
      } catch (e) {
        this.drill.failures.push(e.message);
      }
      this.contributed = c.contributed[this.table] ?? this.contributed;
    }
  }

  take(m) {
    if (m.type === 'match_found') {
      this.table = m.table;
      this.seat = m.seat;
      this.drill.moment('contribution', this, m);
    } else if (m.type === 'event') {
      const seen = this.events.get(m.n);
      if (seen) {
        assert.deepEqual(m, seen, `seat ${this.seat} of ${this.table}: event ${m.n} sent again, not the same`);
        this.compared++;
        this.replaying = false;
        return;
      }
      assert.ok(m.n === this.maxN + 1, `seat ${this.seat} of ${this.table}: event ${m.n} after ${this.maxN}`);
      this.events.set(m.n, m);
      this.maxN = m.n;
      this.proof = { n: m.n, p: m.p };
      if (m.event.type === 'match_end') {
        this.ended = m.event;
        this.drill.moment('match_end', this, m);
      } else if (m.event.type === 'discard') {
        this.drill.moment('window', this, m);
      } else if (m.event.type === 'exhaustive_draw' || m.event.type === 'abortive_draw') {
        this.drill.moment('between', this, m);
      }
    } else if (m.type === 'view') {
      this.replaying = false;
      if (m.n > this.maxN) {
        this.maxN = m.n;
        this.proof = { n: m.n, p: m.p };
      }
      this.drill.views++;
    } else if (m.type === 'ask') {
      const turn = m.options.some((o) => o.type === 'discard');
      if (turn && this.drill.moment('think', this, m)) return; // held: the kill comes while it thinks
      if (this.drill.paused) return; // answered again after the restart (the ask comes again)
      setTimeout(() => this.answer(m), Math.floor(Math.random() * 30)); // a player's think time, varied
    } else if (m.type === 'table_closed') {
      this.drill.closed.push({ table: this.table, reason: m.reason });
    } else if (m.type === 'error' && !['stale', 'not_your_turn', 'too_late', 'already_contributed', 'no_match', 'match_over'].includes(m.code)) {
      this.drill.errors.push(m);
    }
  }

  answer(ask) {
    if (this.drill.paused || this.c.closed) return;
    const o = ask.options;
    let pick;
    if (this.naive) {
      pick = o.find((x) => x.type === 'pass') ?? o.find((x) => x.type === 'discard') ?? o[0];
    } else {
      pick = o.find((x) => ['tsumo', 'ron', 'kita'].includes(x.type)) ?? o.find((x) => x.type === 'pass') ??
        o.find((x) => x.type === 'discard') ?? o[0];
    }
    this.c.send({ type: 'act', seq: ask.seq, action: pick });
  }

  /** the event number before this seat's latest hand_start (a resume from there replays the hand) */
  handStartBefore() {
    let n = -1;
    for (const [k, m] of this.events) if (m.event.type === 'hand_start' && k - 1 > n) n = k - 1;
    return n;
  }
}

/** one match the drill follows: its seats, mode, ranked or not, and what happened to it */
class Match {
  constructor(mode, kind, seats) {
    this.mode = mode;
    this.kind = kind; // 'private' (two naive humans and bots) or 'ranked' (one human and bots)
    this.seats = seats;
    this.kills = 0;
    this.resumed = 0;
  }
  get table() { return this.seats[0].table; }
  get over() { return this.seats.some((s) => s.ended); }
}

class Drill {
  constructor(server) {
    this.server = server;
    this.port = server.port;
    this.matches = [];
    this.finished = [];
    this.paused = false;
    this.armed = null; // { kind, resolve }
    this.closed = [];
    this.errors = [];
    this.failures = []; // what a player found wrong (an event sent again changed, a gap)
    this.views = 0;
    this.kills = { SIGKILL: 0, SIGTERM: 0 };
    this.byMoment = Object.fromEntries(MOMENTS.map((k) => [k, 0]));
    this.byMode = Object.fromEntries(MODES.map((k) => [k, 0]));
    this.handoverWaits = []; // ms, per player and handover: down time + hello to welcome at the table
    this.handoverDown = []; // ms, per handover: SIGTERM to the new server answering
  }

  /** a seat met a moment of this kind: if the drill waits for one, it pauses every player and
      takes it (true) */
  moment(kind, seat, msg) {
    if (!this.armed || this.armed.kind !== kind || this.paused || seat.replaying) return false;
    if (kind === 'contribution' && seat.contribute) return false; // only the seat that holds its back
    this.paused = true;
    this.armed.resolve({ seat, msg });
    this.armed = null;
    return true;
  }

  /** the next moment of kind (null if none comes within ms); meanwhile tables that end are
      stored and replaced, so there is always play */
  async waitFor(kind, ms) {
    const until = Date.now() + ms;
    const hit = new Promise((resolve) => { this.armed = { kind, resolve }; });
    while (Date.now() < until) {
      const met = await Promise.race([hit, sleep(1000).then(() => null)]); // the tables looked after each second
      if (met) return met;
      await this.keepTables();
      if (this.paused) return hit; // met while the tables were looked after
    }
    this.armed = null;
    return null;
  }

  /** a new match of mode: private (two naive humans and bots) or ranked (one human queued) */
  async start(mode, kind, { contribute = true } = {}) {
    const humans = kind === 'private' ? 2 : 1;
    const seats = [];
    for (let i = 0; i < humans; i++)
      seats.push(new Seat(this, await guestToken(this.port), { naive: kind === 'private', contribute }));
    for (const s of seats) await s.connect({ loop: false });
    if (kind === 'private') {
      const [host, ...others] = seats;
      host.c.send({ type: 'room_create', mode, clock: 'relaxed', bots: true, spectators: false, delay_s: 0 });
      const room = await host.c.next((m) => m.type === 'room', 10_000, 'the room');
      for (const o of others) {
        o.c.send({ type: 'room_join', code: room.code });
        await o.c.next((m) => m.type === 'room', 10_000, 'the room joined');
      }
      host.c.send({ type: 'room_start' });
    } else {
      seats[0].c.send({ type: 'queue', mode });
    }
    for (const s of seats) s.run(s.c);
    const m = new Match(mode, kind, seats);
    this.matches.push(m);
    return m;
  }

  /** SIGKILL or SIGTERM, then the server again on the same database */
  async restart(signal) {
    const down = Date.now();
    if (signal === 'SIGTERM') {
      await stopServer(this.proc);
    } else {
      this.proc.child.kill('SIGKILL');
      await withDeadline(this.proc.exited, 10_000, 'ippon after SIGKILL');
    }
    this.kills[signal]++;
    for (const m of this.matches) for (const s of m.seats) s.c.close();
    this.paused = false; // the players answer again as soon as they are back
    this.proc = await startServer(['--config', this.server.config], this.server.dir, this.port);
    return Date.now() - down;
  }

  /** every running match's players back, as the web client comes back; the current hand asked for
      again; matches over before their players are back are checked as stored. After a handover
      (SIGTERM), each player's wait is the server's down time plus its own hello to its welcome
      back at its table (the client's reconnect delay aside: ws.js tries again after 0.3 s, then
      backs off) */
  async reconnectAll(downMs, signal) {
    const running = [];
    for (const m of this.matches) {
      if (!m.table) { // still queued or in its room: nothing to lose but the wait (queues and rooms
        continue;     // live in memory): the drill drops it
      }
      const welcomes = [];
      for (const s of m.seats) {
        const from = s.handStartBefore();
        const hello = Date.now();
        welcomes.push(await s.connect({ resumeFrom: from >= 0 && from < s.maxN ? from : undefined }));
        if (signal === 'SIGTERM') this.handoverWaits.push(downMs + Date.now() - hello);
      }
      const at = welcomes.map((w) => w.table);
      if (at.every((t) => t === null) && m.table) { // over before they were back (a bot won): stored
        await this.stored(m);
        continue;
      }
      m.seats.forEach((s, i) => assert.deepEqual(at[i], { id: s.table, seat: s.seat },
        `back at the same table and seat (${m.kind} ${m.mode})`));
      m.resumed++;
      running.push(m);
    }
    // the tables go on: every player gets its next event or ask (the wait a handover costs)
    if (signal === 'SIGTERM') this.handoverDown.push(downMs);
    // each player has had the current hand again (compared event by event) before the next moment
    await eventually(() => !running.some((m) => m.seats.some((s) => s.replaying && !s.ended)), 30_000,
      'the current hand sent again to every player');
    this.matches = running;
  }

  /** the match is stored once, finished, as it was played */
  async stored(m) {
    const id = m.table;
    const r = await storedMatch(this.port, id);
    assert.equal(r.completed, true, `match ${id} completed, not voided (${r.void_reason})`);
    assert.equal(r.ranked, m.kind === 'ranked', `match ${id} ranked as it was`);
    assert.equal(r.players.reduce((a, p) => a + p.result, 0), 0, 'the results sum to 0');
    const verified = await verifyRecord(r);
    assert.equal(verified.code, 0, `ippon-verify: ${JSON.stringify(verified.out)} ${verified.stderr}`);
    for (const s of m.seats) {
      const me = await api(this.port, 'GET', '/api/auth/me', { token: s.token });
      const list = await api(this.port, 'GET', `/api/matches?player=${me.json.user.id}`);
      assert.equal(list.json.matches.filter((x) => x.id === id).length, 1, 'stored exactly once');
      if (s.contributed && s.contribute)
        assert.ok(r.fairness.contributions.includes(s.contributed), `seat ${s.seat}'s contribution is in the walls`);
    }
    this.finished.push(m);
  }

  /** matches that ended are checked and replaced: each mode keeps a private and a ranked table */
  async keepTables() {
    for (const m of [...this.matches]) {
      if (!m.over) continue;
      for (const s of m.seats) s.c.close();
      this.matches = this.matches.filter((x) => x !== m);
      await this.stored(m);
    }
    for (const mode of MODES)
      for (const kind of ['private', 'ranked'])
        if (!this.matches.some((m) => m.mode === mode && m.kind === kind)) await this.start(mode, kind);
    // wait until every table has dealt (its contributions are in), unless a moment came meanwhile
    await eventually(() => this.paused || !this.matches.some((m) => m.seats.some((s) => s.maxN < 0)), 30_000,
      'every table dealt');
  }

  /** the moment of kind k, made to happen: true when met (some kinds need luck: a draw, a win) */
  async meet(kind) {
    if (kind === 'contribution') {
      const mode = MODES[this.byMoment.contribution % 2];
      const found = this.waitFor('contribution', 20_000); // armed before the queue: match_found comes fast
      const m = await this.start(mode, 'ranked', { contribute: false });
      assert.ok(await found, 'match_found for the player who holds its contribution back');
      m.seats[0].contribute = true; // it gives its contribution once back (the view says contributing)
      return true;
    }
    if (!await this.waitFor(kind, kind === 'between' || kind === 'match_end' ? 40_000 : 15_000))
      return false;
    if (kind === 'think') await sleep(Math.floor(Math.random() * 40)); // somewhere in the thinking
    return true;
  }
}

test('a restart at any moment voids no match: every event seen stays, every match is stored once', { timeout: 900_000 }, async () => {
  const server = await configure(CONFIG);
  const drill = new Drill(server);
  drill.proc = await startServer(['--config', server.config], server.dir, server.port);
  try {
    let missed = 0;
    for (let k = 0; k < KILLS; k++) {
      await drill.keepTables();
      const kind = MOMENTS[k % MOMENTS.length];
      const signal = k % 2 === 0 ? 'SIGKILL' : 'SIGTERM';
      const met = await drill.meet(kind) || (missed++, await drill.meet('think'));
      assert.ok(met, `no "${kind}" moment and no thinking player either`);
      const hit = drill.matches.filter((m) => m.table); // running, or just ended (the match_end moment)
      for (const m of hit) m.kills++;
      for (const mode of MODES) if (hit.some((m) => m.mode === mode)) drill.byMode[mode]++;
      drill.byMoment[met ? kind : 'think']++;
      const downMs = await drill.restart(signal);
      await drill.reconnectAll(downMs, signal);
      assert.deepEqual(drill.closed, [], 'no table closed (voided) by a restart');
      assert.deepEqual(drill.failures, [], 'every event seen is the same after the restart');
    }
    // the rest of every match, to its end (the bots win it)
    await eventually(() => drill.matches.every((m) => m.over), 300_000, 'every match played to its end');
    for (const m of drill.matches) await drill.stored(m);
    assert.deepEqual(drill.closed, [], 'no table closed');
    assert.deepEqual(drill.errors, [], 'no error but a stale answer');
    assert.deepEqual(drill.failures, [], 'every event seen is the same after the restart');
    const compared = drill.finished.reduce((a, m) => a + m.seats.reduce((b, s) => b + s.compared, 0), 0);
    const resumed = drill.finished.reduce((a, m) => a + m.resumed, 0);
    const waits = drill.handoverWaits.sort((a, b) => a - b);
    const downs = drill.handoverDown.sort((a, b) => a - b);
    console.log(`restart drill: ${KILLS} kills (${drill.kills.SIGKILL} SIGKILL, ${drill.kills.SIGTERM} SIGTERM); ` +
      `kill points per mode ${JSON.stringify(drill.byMode)}; by moment ${JSON.stringify(drill.byMoment)} ` +
      `(${missed} moments not met in time, a thinking player instead); ${drill.finished.length} matches stored ` +
      `once each, ${resumed} resumptions, 0 voided; ${compared} events seen before a restart compared after it; ` +
      `after a handover (sanitizer build): server down ${downs[0]}–${downs[downs.length - 1]} ms (median ` +
      `${downs[downs.length >> 1]}), a player's wait to be back at its table (hello to welcome added) median ` +
      `${waits[waits.length >> 1]} ms, ` +
      `max ${waits[waits.length - 1]} ms`);
    for (const mode of MODES) assert.ok(drill.byMode[mode] >= 30, `at least 30 kill points in ${mode}`);
    assert.ok(compared > 0, 'events were compared');
  } finally {
    for (const m of drill.matches) for (const s of m.seats) s.c?.close();
    if (drill.proc) await stopServer(drill.proc).catch(() => {});
    await rm(server.dir, { recursive: true, force: true });
  }
});
