// witness.js — this browser's part in fair walls (src/server/PROTOCOL.md, "Walls no one can
// choose"): it makes the player's random contribution when a table asks for one, and keeps what
// the player saw of each match that a later check needs — the commitment to the server's secret
// from match_found, the contribution sent, and per hand its commitment, dealer, the tiles this
// seat was dealt and the first dora indicator. The match page's verifier (match.js, fairness.js)
// compares the revealed record with it. Kept in localStorage for the last MAX_MATCHES matches.
import { hex } from './fairness.js';

const KEY = 'ippon.witness';
const MAX_MATCHES = 50;

function load() {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) || '{}');
    return all && typeof all === 'object' && !Array.isArray(all) ? all : {};
  } catch {
    return {};
  }
}

function save(all) {
  const tables = Object.keys(all).sort((a, b) => (all[a].at ?? 0) - (all[b].at ?? 0));
  for (const t of tables.slice(0, Math.max(0, tables.length - MAX_MATCHES))) delete all[t];
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch { /* storage full or off: the check then has only the record */ }
}

function update(table, fn) {
  if (!table) return;
  const all = load();
  const w = all[table] || { at: Date.now(), seat: null, commitment: null, contribution: null, late: false, hands: [] };
  fn(w);
  all[table] = w;
  save(all);
}

/** what this browser saw of a match, as verifyMatch takes it; null when it saw nothing */
export function witnessed(table) {
  const w = load()[table];
  return w ? { ...w, hands: w.hands.filter((hand) => hand.deal && hand.dora) } : null;
}

/**
 * a match_found, or a view of a table still waiting for this seat's contribution: returns the
 * contribution message to send, or null when none is wanted. The bytes are made once per table
 * (32 fresh random bytes) and kept: a view that still asks after a reconnect gets the same bytes
 * again, since the server can have lost them in flight (a crash before it read them); a
 * match_found repeated after one was sent gets nothing.
 */
export function contributionFor(msg) {
  const wanted = (msg.type === 'match_found' && msg.fairness?.contribute_ms > 0)
    || (msg.type === 'view' && msg.fairness?.contributing);
  if (!wanted || !msg.table) return null;
  let bytes = null;
  update(msg.table, (w) => {
    if (msg.type === 'match_found') w.seat = msg.seat;
    w.commitment = w.commitment || msg.fairness.commitment;
    if (!w.contribution) {
      w.contribution = hex(crypto.getRandomValues(new Uint8Array(32)));
      bytes = w.contribution;
    } else if (msg.type === 'view') {
      bytes = w.contribution;
    }
  });
  return bytes ? { type: 'contribute', bytes } : null;
}

/** match_found without a wait for contributions: the commitment and seat all the same */
export function noteFound(msg) {
  if (!msg.fairness) return;
  update(msg.table, (w) => {
    w.seat = msg.seat;
    w.commitment = w.commitment || msg.fairness.commitment;
  });
}

/** the server took the first deal before our contribution arrived */
export function noteLate(table) {
  update(table, (w) => { w.late = true; });
}

/**
 * an event of the table, for the record: a hand's start, this seat's deal, the hand's first dora
 * indicator. Returns false when a hand_start lists contributions without the one this browser
 * sent in time (the player should know), else true.
 */
export function noteEvent(table, seat, ev) {
  if (ev.type !== 'hand_start' && ev.type !== 'deal' && ev.type !== 'dora') return true;
  let fine = true;
  update(table, (w) => {
    if (w.seat === null) w.seat = seat;
    if (ev.type === 'hand_start') {
      w.hands.push({ k: ev.hand_number ?? w.hands.length, dealer: ev.dealer, commitment: ev.commitment, deal: null, dora: null });
      if (w.contribution && !w.late && Array.isArray(ev.contributions) && !ev.contributions.includes(w.contribution))
        fine = false;
    } else if (ev.type === 'deal' && w.hands.length) {
      w.hands.at(-1).deal = ev.hand;
    } else if (ev.type === 'dora' && w.hands.length && !w.hands.at(-1).dora) {
      w.hands.at(-1).dora = ev.indicator;
    }
  });
  return fine;
}
