// play.js — the player's game session: one GameSocket, the lobby state (queued or not), the
// current game (game.js) and short notices. Views read `play` and listen with onPlayChange;
// they change things only through the functions here. A practice table can be left (forfeited);
// after a private match its host opens the room again and the friends are offered it
// (PROTOCOL.md, "Leaving a practice table", "Playing again"). An event's messages (event_*) go to
// eventsnews.js and show as notices; event_seated also goes to the table.
import { GameSocket } from './ws.js';
import { newGame, applyEvent, applyView, applyAsk } from './game.js';
import { storedToken } from './api.js';
import { ensureSession, greeted, forget } from './session.js';
import { navigate, currentPath } from './router.js';
import { contributionFor, noteFound, noteEvent, noteLate } from './witness.js';
import { spectator, spectateMessage, beginWatch, endWatch, watchRefused } from './spectate.js';
import { eventNews } from './eventsnews.js';

const MATCH_KEY = 'ippon.match';

export const play = {
  conn: 'idle',      // idle | connecting | open | down | stopped
  queue: null,       // { mode, position, size, waitedMs, at }
  game: null,
  notice: null,      // { key, vars, at }
  replaced: false,
  lastStart: null,   // { kind: 'practice' | 'queue', mode }
  room: null,        // the private table we are in before its match (PROTOCOL.md, "Private tables")
  roomClosed: null,  // { code, reason } of the last room that closed on us
  roomError: null,   // { code: the room's code asked for, error: the server's error code, retryAt (rate_limited:
                     //   when a join may be asked again, Date.now() ms) }
  roomOffer: null,   // { code, host: { user_id, name } }: a private table we played, opened again by its host
  roomAwaited: null, // { code, name }: we asked to play that private table again and wait for its host to open it
  roomReopening: null, // the code of our played room we asked to open again (its host), until the answer
  roomBots: null,    // room_bots: the AIs the host may seat at its room ({ mode, bots }: roombots.js)
  roomBotError: null, // { error, message }: the last refusal to seat or unseat an AI
  leaving: null,     // the table we asked to leave (forfeit)
};

let startedRoom = null; // { code, host: { user_id, name } } of the room whose match is starting

const listeners = new Set();
let socket = null;

export function onPlayChange(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

function changed(what) {
  for (const fn of listeners) fn(what);
}

function notice(key, vars = {}) {
  play.notice = { key, vars, at: Date.now() };
  changed('notice');
}

function storedMatch(table) {
  try {
    const m = JSON.parse(localStorage.getItem(MATCH_KEY) || 'null');
    return m && m.table === table ? m : null;
  } catch {
    return null;
  }
}

/** the last event seen and the server's proof of it, for a reconnect; null when none */
function lastEvent() {
  const g = play.game;
  return g && g.n !== null && !g.end ? { n: g.n, proof: g.proof ?? null } : null;
}

/** opens the socket if there is a session (on start, after signing in) */
export function connect() {
  if (!storedToken()) return;
  if (!socket)
    socket = new GameSocket({
      getToken: storedToken,
      getLast: lastEvent,
      onMessage: receive,
      onState: (s) => { play.conn = s; changed('conn'); },
    });
  socket.start();
}

/** closes the socket for good (sign-out) */
export function disconnect() {
  if (socket) socket.stop();
  socket = null;
  play.queue = null;
  play.game = null;
  play.conn = 'idle';
  changed('conn');
}

/** after "connected from elsewhere": take the session back here */
export function reclaim() {
  play.replaced = false;
  if (socket) socket.restart();
  else connect();
  changed('conn');
}

async function ready() {
  await ensureSession();
  connect();
}

export async function startPractice(mode) {
  await ready();
  play.lastStart = { kind: 'practice', mode };
  socket.send({ type: 'practice', mode });
}

export async function joinQueue(mode) {
  await ready();
  play.lastStart = { kind: 'queue', mode };
  play.queue = { mode, position: null, size: null, waitedMs: 0, at: Date.now() };
  socket.send({ type: 'queue', mode });
  changed('queue');
}

/** watches table `id` (spectate.js holds what is seen) */
export async function watchTable(id) {
  beginWatch(id);
  await ready();
  // a socket not greeted yet asks at its welcome, as after a reconnect (a second watch would
  // start the feed over)
  if (socket && socket.open) socket.send({ type: 'watch', table: id });
}

/** opens a private table with these choices ({ mode, clock, bots, spectators, delay_s }) */
export async function createRoom(choices) {
  await ready();
  play.roomError = null;
  socket.send({ type: 'room_create', ...choices });
}

/** joins the private table with this code */
export async function joinRoom(code) {
  await ready();
  play.roomError = null;
  play.roomAsked = code;
  socket.send({ type: 'room_join', code });
}

/** leaves the private table (the host's leaving closes it) */
export function leaveRoom() {
  if (socket && play.room) socket.send({ type: play.room.members[0]?.user_id === play.me ? 'room_close' : 'room_leave' });
  play.room = null;
  changed('room');
}

/**
 * "play again" after a private match: its host opens the room again (room_again); a friend joins
 * it if the host has opened it already (its offer came), else waits for the offer and joins then
 */
export async function playRoomAgain(room) {
  await ready();
  play.roomError = null;
  play.roomAsked = room.code;
  if (room.host.user_id === play.me) {
    play.roomReopening = room.code;
    socket.send({ type: 'room_again' });
  } else if (play.roomOffer && play.roomOffer.code === room.code) {
    joinRoom(room.code);
  } else {
    play.roomAwaited = { code: room.code, name: room.host.name };
    changed('room');
  }
}

/** no more waiting to play that private table again (the player went elsewhere) */
export function stopAwaitingRoom(code) {
  if (play.roomAwaited && play.roomAwaited.code === code) play.roomAwaited = null;
}

/** leaves the practice table we sit at: the match is forfeited and the table closes */
export function leaveTable() {
  const g = play.game;
  if (!socket || !g || g.end || g.closed) return;
  play.leaving = g.table;
  socket.send({ type: 'leave' });
}

/** the host asks which AIs it may seat at its room (room_bots) */
export function listRoomBots() {
  if (socket && play.room) socket.send({ type: 'room_bots' });
}

/** the host seats the AI with this name at its room */
export function seatRoomBot(name) {
  play.roomBotError = null;
  if (socket && play.room) socket.send({ type: 'room_seat_bot', name });
}

/** the host unseats the AI user_id from its room */
export function unseatRoomBot(userId) {
  play.roomBotError = null;
  if (socket && play.room) socket.send({ type: 'room_unseat_bot', user_id: userId });
}

/** the host starts the private table's match */
export function startRoom() {
  if (socket && play.room) socket.send({ type: 'room_start' });
}

/** stops watching */
export function unwatchTable() {
  if (spectator.table && socket) socket.send({ type: 'unwatch' });
  endWatch();
}

export function leaveQueue() {
  if (socket) socket.send({ type: 'unqueue' });
  play.queue = null;
  changed('queue');
}

/** answers the pending ask with one of its options */
export function act(action) {
  const g = play.game;
  if (!g || !g.ask || !socket) return false;
  socket.send({ type: 'act', seq: g.ask.seq, action });
  g.ask = null;
  changed('game');
  return true;
}

/** forgets a finished game (leaving its result screen) */
export function leaveGame() {
  if (play.game && (play.game.end || play.game.closed || play.game.gone)) play.game = null;
  changed('game');
}

function welcome(msg) {
  greeted(msg.user);
  play.me = msg.user.id;
  if (msg.table) {
    if (!play.game || play.game.table !== msg.table.id) {
      const stored = storedMatch(msg.table.id);
      play.game = newGame(stored || { table: msg.table.id, seat: msg.table.seat, seats: null, mode: null });
    }
    if (currentPath() !== '/table') navigate('/table');
  } else if (play.game && !play.game.end && !play.game.closed) {
    play.game.gone = true; // it ended while we were away
  }
  if (msg.queue && !msg.table) {
    play.queue = play.queue && play.queue.mode === msg.queue.mode ? play.queue
      : { mode: msg.queue.mode, position: null, size: msg.queue.size, waitedMs: 0, at: Date.now() };
  } else if (!msg.queue) {
    play.queue = null;
  }
  if (spectator.table && !spectator.ended && socket) socket.send({ type: 'watch', table: spectator.table }); // again after a reconnect
  changed('welcome');
}

function event(msg) {
  const g = play.game;
  if (!g) return;
  if (g.n !== null && msg.n <= g.n) return;
  if (g.n !== null && msg.n > g.n + 1) {
    socket.send(g.proof ? { type: 'resume', last: g.n, proof: g.proof } : { type: 'resume', last: g.n });
    return;
  }
  if (!noteEvent(g.table, g.seat, msg.event)) notice('notice.contribution_missing');
  applyEvent(g, msg.event);
  g.n = msg.n;
  g.proof = msg.p ?? null;
  if (msg.event.type === 'match_end') localStorage.removeItem(MATCH_KEY);
  changed('game');
}

function receive(msg) {
  if (spectateMessage(msg)) return;
  switch (msg.type) {
    case 'welcome': welcome(msg); break;
    case 'queued':
      play.queue = { ...(play.queue || {}), mode: msg.mode, position: msg.position, at: play.queue?.at ?? Date.now(), waitedMs: 0 };
      changed('queue');
      break;
    case 'queue_status':
      if (!play.queue) break;
      play.queue = { ...play.queue, position: msg.position, size: msg.size, waitedMs: msg.waited_ms, at: Date.now() - msg.waited_ms };
      changed('queue');
      break;
    case 'unqueued':
      play.queue = null;
      changed('queue');
      break;
    case 'move': // the table or private room is on another node of the cluster: the socket goes there (ws.js)
      break;
    case 'match_found': {
      contribute(msg);
      noteFound(msg);
      play.queue = null;
      const found = { ...msg, practice: play.lastStart?.kind === 'practice' && !msg.ranked && !msg.private,
        room: msg.private && startedRoom ? startedRoom : null };
      startedRoom = null;
      localStorage.setItem(MATCH_KEY, JSON.stringify(found));
      play.game = newGame(found);
      changed('game');
      navigate('/table');
      break;
    }
    case 'event': event(msg); break;
    case 'view':
      contribute(msg);
      if (!play.game || play.game.table !== msg.table) play.game = newGame({ ...(storedMatch(msg.table) || {}), table: msg.table, seat: msg.you.seat, mode: msg.players === 3 ? '3p' : '4p' });
      applyView(play.game, msg);
      play.game.private = !!msg.private;
      changed('game');
      break;
    case 'ask':
      if (!play.game) break;
      applyAsk(play.game, msg);
      changed('game');
      break;
    case 'room':
      play.room = msg;
      play.roomClosed = null;
      play.roomError = null;
      play.roomAwaited = null;
      play.roomReopening = null;
      if (play.roomOffer && play.roomOffer.code === msg.code) play.roomOffer = null;
      play.roomBotError = null;
      changed('room');
      break;
    case 'room_bots':
      play.roomBots = { mode: msg.mode, bots: msg.bots };
      changed('room');
      break;
    case 'room_offer':
      play.roomOffer = { code: msg.code, host: msg.host };
      if (play.roomAwaited && play.roomAwaited.code === msg.code) joinRoom(msg.code); // we asked to play again
      else notice('room.offer', { name: msg.host.name, code: msg.code });
      changed('room');
      break;
    case 'room_started': {
      const host = play.room && play.room.code === msg.code ? play.room.members[0] : null;
      startedRoom = host ? { code: msg.code, host: { user_id: host.user_id, name: host.name } } : null;
      play.room = null;
      changed('room');
      break;
    }
    case 'room_left':
      play.room = null;
      changed('room');
      break;
    case 'room_closed':
      play.room = null;
      play.roomClosed = { code: msg.code, reason: msg.reason };
      changed('room');
      break;
    case 'watchers': // how many watch the table we play at
      if (play.game && play.game.table === msg.table) play.game.watchers = msg.count;
      changed('game');
      break;
    case 'timeout':
      if (play.game && play.game.ask && play.game.ask.seq === msg.seq) play.game.ask = null;
      notice('notice.timeout');
      changed('game');
      break;
    case 'stand_in': // at our event table a bot plays a seat from now: its entrant removed, replaced or away
      if (play.game && play.game.table === msg.table) {
        play.game.bots[msg.seat] = true;
        notice(['removed', 'replaced', 'away'].includes(msg.why) ? `notice.stand_in.${msg.why}` : 'notice.stand_in.away',
          { name: play.game.names[msg.seat] || '' });
        changed('game');
      }
      break;
    case 'table_closed':
      localStorage.removeItem(MATCH_KEY);
      if (play.game && play.leaving === play.game.table) { // we left it: back to the lobby
        play.leaving = null;
        play.game = null;
        changed('game');
        navigate('/');
        notice('notice.forfeited');
        break;
      }
      if (play.game) play.game.closed = msg;
      changed('game');
      break;
    case 'event_seated': // an event's round seats us: to the table (its match_found follows)
    case 'event_standings':
    case 'event_announcement':
    case 'event_round': {
      const said = eventNews(msg);
      if (said) notice(said.key, said.vars);
      if (msg.type === 'event_seated' && currentPath() !== '/table') navigate('/table');
      break;
    }
    case 'error': error(msg); break;
    default: break;
  }
}

/** our random contribution to the walls, when the table asks for it (witness.js) */
function contribute(msg) {
  const c = contributionFor(msg);
  if (c && socket) socket.send(c);
}

function error(msg) {
  if (msg.code === 'rate_limited' && Number.isFinite(msg.retry_after_ms)) { // a room_join past the limits on wrong codes
    play.roomError = { code: play.roomAsked ?? null, error: msg.code, message: msg.message,
      retryAt: Date.now() + msg.retry_after_ms };
    changed('room');
    return;
  }
  switch (msg.code) {
    case 'too_late': // the first deal came before our contribution: the walls are the server's alone
      if (play.game) noteLate(play.game.table);
      break;
    case 'already_contributed': // sent again after a reconnect: the first one counts
      break;
    case 'no_table':
    case 'not_watchable':
      if (watchRefused(msg.code)) return;
      break;
    case 'no_room':
    case 'room_full':
    case 'in_room':
    case 'queued':
    case 'too_many_rooms':
    case 'room_not_full':
    case 'not_host':
      play.roomError = { code: play.roomAsked ?? null, error: msg.code, message: msg.message };
      play.roomReopening = null;
      changed('room');
      return;
    case 'no_bot':
    case 'bot_private':
    case 'bot_suspended':
    case 'bot_offline':
    case 'bot_busy':
    case 'bot_mode':
    case 'not_seated':
      play.roomBotError = { error: msg.code, message: msg.message };
      changed('room');
      return;
    case 'replaced':
      play.replaced = true;
      notice('notice.replaced');
      break;
    case 'auth_failed':
    case 'session_ended': // signed out, the password changed elsewhere, or the session expired
      forget();
      disconnect();
      notice('notice.signed_out');
      break;
    case 'unavailable': // the session could not be checked just now: the socket tries again by itself
      notice('notice.unavailable');
      break;
    case 'stale':
    case 'not_your_turn':
      break; // an answer that crossed the table's own move: the next ask follows
    case 'in_match':
      if (currentPath() !== '/table') navigate('/table');
      break;
    case 'may_not_leave': // a ranked or private table: the clock plays on for us
      play.leaving = null;
      notice('notice.error', { message: msg.message });
      break;
    default:
      notice('notice.error', { message: msg.message || msg.code });
  }
  changed('error');
}
