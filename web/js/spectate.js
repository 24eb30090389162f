// spectate.js — watching a table (src/server/PROTOCOL.md, "Watching a table"): the spectator's
// state, built from the server's `watching` (the seats and numbers) and its `spectate` events
// (the table's public events, a delay late) into a game model (game.js) seen from seat 0, with
// nothing private in it. play.js hands these messages here and sends `watch` / `unwatch`; the
// watch page (watch.js) draws the model. No DOM here.
import { newGame, applyEvent } from './game.js';

export const spectator = {
  table: null,   // the table asked for
  g: null,       // the game as the spectator sees it (null until `watching`)
  delayMs: null,
  ended: false,  // the match is over and its last event shown
  error: null,   // the server's error code (no_table, in_match), or null
};

const listeners = new Set();

export function onSpectateChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed() {
  for (const fn of listeners) fn();
}

/** a new watch of table `id` (the caller sends the message) */
export function beginWatch(id) {
  Object.assign(spectator, { table: id, g: null, delayMs: null, ended: false, error: null });
  changed();
}

/** no more watching (the caller sends `unwatch`) */
export function endWatch() {
  Object.assign(spectator, { table: null, g: null, delayMs: null, ended: false, error: null });
  changed();
}

/** the error the server answered a `watch` with */
export function watchRefused(code) {
  if (!spectator.table) return false;
  spectator.error = code;
  changed();
  return true;
}

/** a message for the spectator: true when it was one (watching, spectate, watch_ended, unwatched) */
export function spectateMessage(msg) {
  switch (msg.type) {
    case 'watching': {
      if (msg.table !== spectator.table) return true;
      const g = newGame({ table: msg.table, mode: msg.mode, seat: 0, ranked: msg.ranked, numbers: msg.numbers, seats: msg.seats });
      g.watching = true;
      Object.assign(spectator, { g, delayMs: msg.delay_ms, ended: false, error: null });
      break;
    }
    case 'spectate':
      if (!spectator.g || msg.table !== spectator.table) return true;
      applyEvent(spectator.g, msg.event);
      spectator.g.n = msg.n;
      break;
    case 'watch_ended':
      if (msg.table === spectator.table) spectator.ended = true;
      break;
    case 'unwatched':
      break;
    default:
      return false;
  }
  changed();
  return true;
}
