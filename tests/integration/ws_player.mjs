// ws_player.mjs — a WebSocket player for the integration tests (the `ws` package) over the game
// protocol of src/server/PROTOCOL.md: it keeps every message it receives, hands them out in
// order to whoever waits for one (every wait has a deadline), says hello with a session token
// and can answer every ask until the match ends. Like the web client, it sends its random
// contribution to the walls as soon as a match_found (or a view still waiting for it) asks for
// one, and keeps what it sent per table (`contributed`); `contribute: false` sends none.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import WebSocket from 'ws';
import { request } from './harness.mjs';
import { HandSeen, aim } from './aim.mjs';

/** how long a whole match may take with the clocks run fast */
export const MATCH_TIMEOUT_MS = 60_000;

/** a WebSocket connection: every received message is kept; waiters take them in order */
export class Client {
  /** headers: sent with the upgrade request (a test's X-Forwarded-For); path: where (a cluster's
      "move" gives /ws?node=K&table=T) */
  constructor(port, headers = {}, { contribute = true, path = '/ws' } = {}) {
    this.port = port;
    this.path = path;
    this.headers = headers;
    this.contribute = contribute;
    this.contributed = {};
    this.received = [];
    this.queue = [];
    this.waiters = [];
    this.closed = null;
    this.hand = new HandSeen(); // its own tiles, for a player that aims to win (aim.mjs)
  }

  connect() {
    return new Promise((resolve, reject) => {
      this.ws = new WebSocket(`ws://127.0.0.1:${this.port}${this.path}`, 'ippon.v1', { headers: this.headers });
      this.ws.on('open', resolve);
      this.ws.on('error', reject);
      this.ws.on('message', (data) => {
        const msg = JSON.parse(String(data));
        this.offerContribution(msg);
        this.hand.see(msg);
        this.received.push(msg);
        this.queue.push(msg);
        this.wake();
      });
      this.ws.on('close', (code, reason) => {
        this.closed = { code, reason: String(reason) };
        this.wake();
      });
    });
  }

  send(obj) { this.ws.send(typeof obj === 'string' ? obj : JSON.stringify(obj)); }

  /** 32 random bytes for the walls, when the table waits for them (PROTOCOL.md, "Walls no one can choose") */
  offerContribution(msg) {
    const wanted = (msg.type === 'match_found' && msg.fairness?.contribute_ms > 0) ||
      (msg.type === 'view' && msg.fairness?.contributing);
    const table = msg.table;
    if (!this.contribute || !wanted) return;
    // a view that still asks after a reconnect gets the same bytes again (lost in flight at a crash)
    if (this.contributed[table] && msg.type !== 'view') return;
    this.contributed[table] ??= randomBytes(32).toString('hex');
    this.send({ type: 'contribute', bytes: this.contributed[table] });
  }

  wake() {
    for (const w of [...this.waiters]) w();
  }

  /**
   * a waiter: check(settle) runs now and at every message or close until it settles, or until
   * ms pass (then the promise fails naming what); either way the waiter is gone, so one that
   * timed out takes no later message
   */
  wait(check, ms, what) {
    return new Promise((resolve, reject) => {
      let timer;
      const look = () => check((fn, value) => {
        clearTimeout(timer);
        this.waiters = this.waiters.filter((w) => w !== look);
        fn(value);
      }, resolve, reject);
      timer = setTimeout(() => {
        this.waiters = this.waiters.filter((w) => w !== look);
        reject(new Error(`waiting for ${what}: still waiting after ${ms} ms`));
      }, ms);
      this.waiters.push(look);
      look();
    });
  }

  /** the next message (in arrival order) for which pred is true; earlier ones are dropped */
  next(pred = () => true, ms = 10_000, what = 'a message') {
    return this.wait((settle, resolve, reject) => {
      while (this.queue.length) {
        const m = this.queue.shift();
        if (pred(m)) return settle(resolve, m);
      }
      if (this.closed) settle(reject, new Error(`connection closed (${this.closed.code}) while waiting for ${what}`));
    }, ms, what);
  }

  /** resolves to { code, reason } once the connection is closed */
  untilClosed(ms = 10_000) {
    return this.wait((settle, resolve) => {
      if (this.closed) settle(resolve, this.closed);
    }, ms, 'the connection to close');
  }

  close() { this.ws.close(); }
}

/** a new guest's session token; a 503 (the database busy past its answer time on a loaded
    machine: nothing was made) is tried again after its Retry-After, as a client should, twice */
export async function guestToken(port) {
  let res;
  for (let attempt = 0; attempt < 3; attempt++) {
    res = await request(port, { method: 'POST', path: '/api/auth/guest', body: '{}' });
    if (res.status !== 503) break;
    await new Promise((r) => setTimeout(r, 1000 * Number(res.headers['retry-after'] || 1)));
  }
  assert.equal(res.status, 201, res.body);
  return JSON.parse(res.body).token;
}

/**
 * a connection that has said hello with token (a new guest's if none): c.token, and in
 * c.welcome the answer, "welcome" or an "error" (a banned account's); forwardedFor: the
 * X-Forwarded-For the connection claims (a server whose trusted_proxy is 127.0.0.1 believes it);
 * contribute: false sends no contribution to the walls; path: the WebSocket's path (/ws)
 */
export async function connect(port, token, { forwardedFor, contribute = true, path } = {}) {
  const c = new Client(port, forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}, { contribute, path });
  await c.connect();
  c.token = token ?? await guestToken(port);
  c.send({ type: 'hello', v: 1, token: c.token });
  c.welcome = await c.next((m) => m.type === 'welcome' || m.type === 'error', 10_000, 'welcome');
  return c;
}

/** connect() that must be welcomed */
export async function player(port, token, options) {
  const c = await connect(port, token, options);
  assert.equal(c.welcome.type, 'welcome', JSON.stringify(c.welcome));
  return c;
}

/**
 * an option to play: the first of prefer's kinds offered (win if possible, set North aside);
 * else, given the player's tiles (a Client's `hand`), what a player aiming to win takes
 * (aim.mjs); else the first option
 */
export function choose(options, prefer = ['tsumo', 'ron', 'kita'], hand = null) {
  for (const t of prefer) {
    const o = options.find((x) => x.type === t);
    if (o) return o;
  }
  return (hand && aim(options, hand)) ?? options[0];
}

/**
 * answers every ask until the match ends; returns the match_end event — or the table_closed
 * message if the table closed first (a table closes a match that reaches its hand limit, 200
 * hands without a winner: players kept from winning, by `prefer`, can get there)
 */
export async function playToEnd(c, prefer) {
  for (;;) {
    const m = await c.next((x) => x.type === 'ask' || x.type === 'table_closed' ||
      (x.type === 'event' && x.event.type === 'match_end'), MATCH_TIMEOUT_MS, 'an ask or the match end');
    if (m.type === 'table_closed') return m;
    if (m.type === 'event') return m.event;
    c.send({ type: 'act', seq: m.seq, action: choose(m.options, prefer, c.hand) });
  }
}

/** did the table close the match at its hand limit (the end playToEnd returned)? */
export const atHandLimit = (end) => end.type === 'table_closed' && /hand limit/.test(end.reason);
