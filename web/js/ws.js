// ws.js — the game's WebSocket (/ws, subprotocol ippon.v1): says hello with the token and the
// number of the last event seen, hands every message to onMessage, and reconnects with a
// growing delay when the connection drops or the server cannot check the session just now
// (not when it was replaced by another tab, the session ended, or it was closed on purpose). A ping every 20 s keeps idle connections open through proxies.
// In a cluster the server may say "move" (the player's table is on another node): the socket
// goes there at once (its path, /ws?node=K&table=T, routes to that node) and keeps going there
// on reconnects, until a connection there fails before its welcome (the node is gone: plain /ws).
// When the page comes back (visible again, back online, shown from the back/forward cache) a
// socket that is down connects at once (the back-off starts over), and an open one is asked for a
// pong: no message within PROBE_MS and it is taken for dead (a phone's sleep) and replaced.
const BACKOFF_MS = [300, 1000, 2000, 4000, 8000];
const PING_MS = 20000;
export const PROBE_MS = 1200;

export class GameSocket {
  /**
   * getToken(): the session token; getLast(): the last event seen, {n, proof}, or null;
   * onMessage(msg); onState('connecting' | 'open' | 'down' | 'stopped')
   */
  constructor({ getToken, getLast, onMessage, onState }) {
    Object.assign(this, { getToken, getLast, onMessage, onState });
    this.ws = null;
    this.tries = 0;
    this.stopped = true;
    this.timer = null;
    this.pinger = null;
    this.pending = [];
    this.path = '/ws'; // where the socket connects: /ws, or the node of the player's table
    this.moving = false;
    this.probe = null;
    this.wake = (ev) => { if (ev.type !== 'pageshow' || ev.persisted) this.back(); };
  }

  get open() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN && this.ready;
  }

  start() {
    this.stopped = false;
    document.addEventListener('visibilitychange', this.wake);
    window.addEventListener('online', this.wake);
    window.addEventListener('pageshow', this.wake);
    if (!this.ws) this.connect();
  }

  /** the page is back (visible, online, or shown again): a socket down connects now, an open one is checked */
  back() {
    if (this.stopped || document.visibilityState !== 'visible') return;
    if (!this.ws) {
      this.tries = 0;
      this.connect();
    } else if (this.open && !this.probe) {
      this.ws.send(JSON.stringify({ type: 'ping' }));
      this.probe = setTimeout(() => this.dropped(), PROBE_MS);
    }
  }

  /** the open socket did not answer the probe: given up without waiting for its close, and replaced */
  dropped() {
    this.probe = null;
    const dead = this.ws;
    if (!dead) return;
    this.ws = null;
    this.ready = false;
    clearInterval(this.pinger);
    dead.close();
    this.tries = 0;
    this.connect();
  }

  connect() {
    clearTimeout(this.timer);
    clearTimeout(this.probe); // a probe of the socket this one replaces must not drop the new one
    this.probe = null;
    this.ready = false;
    this.onState('connecting');
    const proto = location.protocol === 'https:' ? 'wss' : 'ws';
    const ws = new WebSocket(`${proto}://${location.host}${this.path}`, 'ippon.v1');
    this.ws = ws;
    ws.addEventListener('open', () => {
      const hello = { type: 'hello', v: 1, token: this.getToken() };
      const last = this.getLast();
      if (last) {
        hello.last = last.n;
        if (last.proof) hello.proof = last.proof;
      }
      ws.send(JSON.stringify(hello));
    });
    ws.addEventListener('message', (ev) => {
      clearTimeout(this.probe);
      this.probe = null;
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === 'welcome') {
        this.ready = true;
        this.tries = 0;
        this.onState('open');
        for (const m of this.pending.splice(0)) ws.send(JSON.stringify(m));
        clearInterval(this.pinger);
        this.pinger = setInterval(() => this.send({ type: 'ping' }), PING_MS);
      }
      // the session is over or taken elsewhere: no reconnecting; "unavailable" (the server could
      // not check the session just now) closes the socket and the backoff below tries again
      if (msg.type === 'error' && ['replaced', 'auth_failed', 'banned', 'session_ended'].includes(msg.code))
        this.stopped = true;
      if (msg.type === 'move' && typeof msg.path === 'string' && msg.path.startsWith('/ws?')) {
        this.path = msg.path; // the table's node: go there now
        this.moving = true;
        ws.close();
      }
      this.onMessage(msg);
    });
    ws.addEventListener('close', () => {
      if (this.ws !== ws) return;
      clearInterval(this.pinger);
      const greeted = this.ready;
      this.ws = null;
      this.ready = false;
      if (this.moving) {
        this.moving = false;
        this.connect();
        return;
      }
      if (!greeted) this.path = '/ws'; // the table's node did not answer: any node will do
      if (this.stopped) {
        this.onState('stopped');
        return;
      }
      this.onState('down');
      const delay = BACKOFF_MS[Math.min(this.tries, BACKOFF_MS.length - 1)];
      this.tries++;
      this.timer = setTimeout(() => this.connect(), delay);
    });
  }

  /** sends now if greeted, else after the welcome */
  send(msg) {
    if (this.open) this.ws.send(JSON.stringify(msg));
    else if (msg.type !== 'ping') this.pending.push(msg);
  }

  /** closes for good (sign-out) */
  stop() {
    this.stopped = true;
    document.removeEventListener('visibilitychange', this.wake);
    window.removeEventListener('online', this.wake);
    window.removeEventListener('pageshow', this.wake);
    clearTimeout(this.timer);
    clearTimeout(this.probe);
    this.probe = null;
    clearInterval(this.pinger);
    this.pending = [];
    if (this.ws) this.ws.close();
  }

  /** after a stop (another tab took over): connect again */
  restart() {
    this.stop();
    this.ws = null;
    this.tries = 0;
    this.start();
  }
}
