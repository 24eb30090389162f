// mjai_ai.mjs — a test AI at the server's /mjai route (src/server/MJAI.md), for the integration
// tests: it connects with a bot's token, keeps every numbered line it is sent (not "error" or
// "resume"), and answers them in order with a simple policy written from mjai's message set:
// take hora when possible_actions offers it, discard the tile just drawn on its own tsumo,
// otherwise "none". A test may hold its answers, answer with anything, or drop the socket.
import WebSocket from 'ws';

export const UNNUMBERED = new Set(['error', 'resume']);

/** the refusal of an upgrade to /mjai: { status, body } (or { open: true } if it opened) */
export function mjaiRefusal(port, { token, room = 'practice-4p', query, protocol = 'mjai' } = {}) {
  const q = query ?? `room=${encodeURIComponent(room)}`;
  const headers = token === undefined ? {} : { Authorization: `Bearer ${token}` };
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/mjai?${q}`, protocol ? [protocol] : [], { headers });
    ws.on('unexpected-response', (req, res) => {
      let body = '';
      res.on('data', (d) => { body += d; });
      res.on('end', () => resolve({ status: res.statusCode, body: body ? JSON.parse(body) : null }));
    });
    ws.on('open', () => { ws.close(); resolve({ open: true }); });
    ws.on('error', (e) => { if (!/Unexpected server response/.test(String(e))) reject(e); });
  });
}

/** what the policy answers to a line, as text */
export function policy(line, me) {
  const hora = (line.possible_actions || []).find((a) => a.type === 'hora');
  if (hora) return JSON.stringify(hora);
  if (line.type === 'tsumo' && line.actor === me) {
    return JSON.stringify({ type: 'dahai', actor: me, pai: line.pai, tsumogiri: true });
  }
  return '{"type":"none"}';
}

export class MjaiAi {
  constructor(ws) {
    this.ws = ws;
    this.lines = [];      // numbered lines, parsed
    this.extra = [];      // "error" and "resume" messages, in order, with the line count when they came
    this.answered = 0;    // answers sent on this connection's numbering (see resumeFrom)
    this.auto = true;     // answer by policy as lines come
    this.me = null;
    this.waiters = [];
    this.closed = new Promise((resolve) => ws.on('close', (code, reason) => resolve({ code, reason: String(reason) })));
    ws.on('message', (data) => this.take(JSON.parse(String(data))));
  }

  take(msg) {
    if (msg.type === 'resume') this.answered = msg.answered; // the server has R: the answers after it again
    if (UNNUMBERED.has(msg.type)) this.extra.push({ ...msg, after: this.lines.length });
    else {
      this.lines.push(msg);
      if (msg.type === 'start_game') this.me = msg.id;
    }
    if (this.auto) this.answerAll();
    for (const w of [...this.waiters]) if (w.check()) this.waiters.splice(this.waiters.indexOf(w), 1);
  }

  /** sends answers to every line not answered yet (from `answered`) */
  answerAll() {
    while (this.answered < this.lines.length && this.ws.readyState === WebSocket.OPEN) {
      this.ws.send(policy(this.lines[this.answered], this.me));
      this.answered++;
    }
  }

  send(text) { this.ws.send(text); this.answered++; }

  /** resolves when pred(this) holds */
  until(pred, ms = 60_000, what = 'a condition') {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`mjai AI: timed out waiting for ${what}`)), ms);
      const w = { check: () => { if (!pred(this)) return false; clearTimeout(timer); resolve(this); return true; } };
      if (!w.check()) this.waiters.push(w);
    });
  }
}

/** an AI connected to /mjai (rejects if the upgrade is refused) */
/** (lines: what a resuming AI received before; resume=lines.length then) */
export function mjaiConnect(port, token, { room = 'practice-4p', resume, auto = true, lines } = {}) {
  const q = `room=${room}${resume === undefined ? '' : `&resume=${resume}`}`;
  const ws = new WebSocket(`ws://127.0.0.1:${port}/mjai?${q}`, ['mjai'], { headers: { Authorization: `Bearer ${token}` } });
  const ai = new MjaiAi(ws);
  ai.auto = auto;
  if (lines) {
    ai.lines = [...lines];
    ai.answered = lines.length;
    ai.me = lines.find((l) => l.type === 'start_game')?.id ?? null;
  }
  return new Promise((resolve, reject) => {
    ws.on('open', () => resolve(ai));
    ws.on('unexpected-response', (req, res) => reject(new Error(`upgrade refused: ${res.statusCode}`)));
    ws.on('error', reject);
  });
}
