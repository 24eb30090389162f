// game.js — the table as this player knows it, kept up to date from the server's messages:
// match_found starts it, `view` replaces it (after a reconnect), each `event` changes it.
// Besides the table itself it keeps what the screens need to explain a hand: each seat's points
// when the hand began and the riichi deposits it paid, whose turn began when, this seat's own
// tenpai — its waits and which furiten, exactly as the server last told it (an ask, the view, a
// `tenpai` event: PROTOCOL.md "Your own tenpai"), never guessed — and a list of effects (call-outs) for table.js to
// show once. The match's numbers (starting points, the riichi stick, the live tiles at the deal)
// are the ones the server sent in match_found or view (`numbers`), never the client's own.
// No DOM here: table.js draws what this holds.
import { kind, sortTiles } from './notation.js';

function freshSeat(seat) {
  return { seat, melds: [], discards: [], kita: [], concealed: 13, riichi: false };
}

/**
 * a new game from match_found (or what was stored of it); without its `numbers` (a stored
 * match from an older client) they stay null until the view the server sends on reconnecting
 */
export function newGame(found) {
  const players = found.seats ? found.seats.length : found.mode === '3p' ? 3 : 4;
  const numbers = found.numbers ? { ...found.numbers } : null;
  const start = numbers ? numbers.start_points : null;
  return {
    table: found.table,
    mode: found.mode || (players === 3 ? '3p' : '4p'),
    players,
    me: found.seat,
    ranked: !!found.ranked,
    practice: !found.ranked && !!found.practice,
    private: !!found.private, // a friends' table (PROTOCOL.md, "Private tables"): called private, never practice
    event: !!found.event, // an event's table: never left (the clock plays for an absent player)
    room: found.room || null, // its room, for playing again: { code, host: { user_id, name } }
    numbers, // { start_points, riichi_stick, honba_ron, honba_tsumo, wall_tiles, live_tiles } (PROTOCOL.md)
    names: (found.seats || []).map((s) => s.name),
    bots: (found.seats || []).map((s) => !!s.bot),
    ais: (found.seats || []).map((s) => !!s.ai), // of the bots, a bot account's AI (over mjai)
    n: null,
    roundWind: 0, kyoku: 1, dealer: 0, honba: 0, sticks: 0, handNumber: -1,
    points: Array(players).fill(start),
    handStart: { points: Array(players).fill(start), honba: 0, sticks: 0 },
    deposits: Array(players).fill(0),
    live: null, dora: [], commitment: null,
    seats: Array.from({ length: players }, (_, s) => freshSeat(s)),
    hand: [], drawn: null,
    turn: null, turnAt: 0, lastDiscard: null,
    ask: null, askAt: 0, moveMs: null,
    tenpai: null, // { waits: ['3p', '6p'], furiten: null | 'temporary' | 'permanent' | 'riichi' } or null
    wins: [], handEnd: null, drawResult: null, end: null, closed: null,
    effects: [], effectSeq: 0,
    started: false,
  };
}

/** seat → position around the table from this player's side: 0 me, 1 right, 2 across, 3 left (3p: 0, 1, 3) */
export function position(g, seat) {
  const rel = (seat - g.me + g.players) % g.players;
  return g.players === 3 && rel === 2 ? 3 : rel;
}

export function windOf(g, seat) {
  return (seat - g.dealer + g.players) % g.players;
}

/** an effect for the screen (a call-out at a seat, a banner): shown once by table.js */
function effect(g, kindName, seat, extra = {}) {
  g.effects.push({ id: ++g.effectSeq, kind: kindName, seat, at: Date.now(), ...extra });
  if (g.effects.length > 12) g.effects.splice(0, g.effects.length - 12);
}

/** removes one tile of exactly `code` from the list; false if none */
function takeOne(list, code) {
  const i = list.indexOf(code);
  if (i < 0) return false;
  list.splice(i, 1);
  return true;
}

/** my concealed tiles leave the hand: the drawn tile joins the hand first */
function takeFromHand(g, codes) {
  if (g.drawn) {
    g.hand.push(g.drawn);
    g.drawn = null;
  }
  for (const c of codes) takeOne(g.hand, c) || takeOne(g.hand, kind(c));
  g.hand = sortTiles(g.hand);
}

function setTurn(g, seat) {
  if (g.turn !== seat) g.turnAt = Date.now();
  g.turn = seat;
}

function startHand(g, e) {
  g.started = true;
  g.handNumber++;
  g.roundWind = e.round_wind;
  g.kyoku = e.kyoku || 1;
  g.dealer = e.dealer;
  g.honba = e.honba;
  g.sticks = e.sticks;
  g.points = [...e.points];
  g.handStart = { points: [...e.points], honba: e.honba, sticks: e.sticks };
  g.deposits = Array(g.players).fill(0);
  g.commitment = e.commitment || null;
  g.seats = Array.from({ length: g.players }, (_, s) => freshSeat(s));
  g.hand = [];
  g.drawn = null;
  g.dora = [];
  g.live = g.numbers ? g.numbers.live_tiles : null;
  g.turn = null;
  setTurn(g, e.dealer);
  g.lastDiscard = null;
  g.ask = null;
  g.tenpai = null;
  g.wins = [];
  g.handEnd = null;
  g.drawResult = null; // the draw's panel gives way to the new hand
  effect(g, 'hand_start', -1, { first: g.handNumber === 0 });
}

/** the server's word on this seat's tenpai (an ask's, the view's, a `tenpai` event's), or null */
function tenpaiOf(told) {
  return told ? { waits: [...told.waits], furiten: told.furiten || null } : null;
}

function discard(g, e) {
  const s = g.seats[e.seat];
  s.discards.push({ tile: e.tile, tsumogiri: !!e.tsumogiri, riichi: !!e.riichi, called: false, at: Date.now() });
  s.concealed--;
  effect(g, e.riichi ? 'riichi' : 'discard', e.seat);
  if (e.riichi) s.riichi = true;
  g.lastDiscard = { seat: e.seat, index: s.discards.length - 1 };
  if (e.seat !== g.me) return;
  g.ask = null; // my tenpai after it: the `tenpai` event that follows, if it changed
  if (e.tsumogiri && g.drawn) {
    g.drawn = null;
    return;
  }
  if (!takeOne(g.hand, e.tile) && g.drawn === e.tile) {
    g.drawn = null;
    return;
  }
  if (g.drawn) g.hand.push(g.drawn);
  g.drawn = null;
  g.hand = sortTiles(g.hand);
}

function call(g, e) {
  const s = g.seats[e.seat];
  const m = e.meld;
  effect(g, m.type === 'chi' || m.type === 'pon' ? m.type : 'kan', e.seat);
  if (m.type === 'kakan') {
    const i = s.melds.findIndex((x) => x.type === 'pon' && kind(x.tiles[0]) === kind(m.added));
    if (i >= 0) s.melds[i] = m;
    else s.melds.push(m);
    s.concealed--;
    if (e.seat === g.me) takeFromHand(g, [m.added]);
  } else if (m.type === 'ankan') {
    s.melds.push(m);
    s.concealed -= 4;
    if (e.seat === g.me) takeFromHand(g, m.tiles);
  } else {
    s.melds.push(m);
    const used = [...m.tiles];
    takeOne(used, m.called);
    s.concealed -= used.length;
    const giver = g.seats[m.from];
    if (giver && giver.discards.length) giver.discards[giver.discards.length - 1].called = true;
    if (e.seat === g.me) takeFromHand(g, used);
  }
  if (e.seat === g.me) g.tenpai = null; // the server tells the waits again (PROTOCOL.md)
  setTurn(g, e.seat);
  g.lastDiscard = null;
}

function pay(g, payments) {
  if (payments) payments.forEach((p, i) => { g.points[i] += p; });
}

/** applies one event; returns it */
export function applyEvent(g, e) {
  switch (e.type) {
    case 'hand_start': startHand(g, e); break;
    case 'deal': g.hand = sortTiles(e.hand); break;
    case 'draw':
      if (g.live !== null) g.live--;
      g.turn = null;
      setTurn(g, e.seat);
      g.seats[e.seat].concealed++;
      if (e.seat === g.me && e.tile) g.drawn = e.tile;
      break;
    case 'discard': discard(g, e); break;
    case 'riichi_stick':
      g.sticks++;
      g.points[e.seat] -= g.numbers.riichi_stick;
      g.deposits[e.seat] -= g.numbers.riichi_stick;
      break;
    case 'call': call(g, e); break;
    case 'kita':
      g.seats[e.seat].kita.push(e.tile);
      g.seats[e.seat].concealed--;
      effect(g, 'kita', e.seat);
      if (e.seat === g.me) takeFromHand(g, [e.tile]);
      break;
    case 'dora': g.dora.push(e.indicator); break;
    case 'tenpai': g.tenpai = tenpaiOf(e.tenpai); break; // mine changed (only I am sent it)
    case 'win':
      g.wins.push({ ...e, at: Date.now(), dora: [...g.dora], sticksTaken: g.sticks }); // the first winner takes every stick
      effect(g, e.from === e.seat || e.from < 0 ? 'tsumo' : 'ron', e.seat);
      pay(g, e.payments);
      g.sticks = 0;
      g.handEnd = { type: 'win', wins: g.wins };
      g.ask = null;
      break;
    case 'exhaustive_draw':
    case 'abortive_draw':
      pay(g, e.payments);
      g.handEnd = e;
      g.drawResult = { event: e, at: Date.now(), handStart: g.handStart, deposits: [...g.deposits], sticks: g.sticks };
      effect(g, e.type === 'exhaustive_draw' ? 'draw' : 'abort', -1);
      g.ask = null;
      g.turn = null;
      break;
    case 'match_end':
      g.end = e;
      g.points = [...e.points];
      g.ask = null;
      break;
    default:
      break;
  }
  return e;
}

/** an ask for this seat: its own tenpai comes with it while it is tenpai (PROTOCOL.md) */
export function applyAsk(g, ask) {
  g.ask = ask;
  g.askAt = performance.now();
  if (ask.clock.move_ms > (g.moveMs || 0)) g.moveMs = ask.clock.move_ms;
  if (ask.tenpai) g.tenpai = tenpaiOf(ask.tenpai);
}

/**
 * the whole table from a `view` (a reconnect): replaces what was known. Every field but `p` (none
 * when the server keeps no proof key) and `last_discarder` (null before a discard) is always sent
 * to a seated player (PROTOCOL.md, src/server/game/table.c send_view)
 */
export function applyView(g, v) {
  g.started = true;
  g.n = v.n;
  g.proof = v.p ?? null; /* the server's proof of that number: sent back with it on a reconnect */
  g.players = v.players;
  g.numbers = { ...v.numbers };
  g.roundWind = v.round_wind;
  g.kyoku = v.kyoku;
  g.dealer = v.dealer;
  g.honba = v.honba;
  g.sticks = v.sticks;
  g.handNumber = v.hand_number;
  g.names = v.names.map((s) => s.name);
  g.bots = v.names.map((s) => s.bot);
  g.ais = v.names.map((s) => !!s.ai);
  g.ranked = v.ranked;
  g.event = !!v.event;
  g.live = v.live;
  g.dora = [...v.dora];
  g.commitment = v.commitment;
  g.points = v.seats.map((s) => s.points);
  const riichiPaid = v.seats.map((s) => (s.riichi && !(s.discards.length && s.discards.at(-1).riichi && v.last_discarder === s.seat) ? g.numbers.riichi_stick : 0));
  // what the hand began with, as far as a view tells it: points before this hand's riichi sticks
  g.handStart = { points: v.seats.map((s, i) => s.points + riichiPaid[i]), honba: v.honba, sticks: v.sticks - riichiPaid.filter(Boolean).length };
  g.deposits = riichiPaid.map((x) => -x);
  g.seats = v.seats.map((s) => ({
    seat: s.seat, melds: s.melds, discards: s.discards.map((d) => ({ ...d })), kita: [...s.kita],
    concealed: s.concealed, riichi: s.riichi,
  }));
  g.me = v.you.seat;
  const hand = [...v.you.hand];
  if (v.you.drawn) takeOne(hand, v.you.drawn);
  g.hand = sortTiles(hand);
  g.drawn = v.you.drawn;
  g.tenpai = tenpaiOf(v.you.tenpai);
  g.clock = v.clocks[g.me];
  // whose turn (the seat to act, or whose discard is on offer) and the latest discard, as the server says
  g.turn = null;
  setTurn(g, v.turn);
  const last = Number.isInteger(v.last_discarder) ? g.seats[v.last_discarder] : null;
  const tail = last && last.discards[last.discards.length - 1];
  g.lastDiscard = tail && !tail.called ? { seat: last.seat, index: last.discards.length - 1 } : null;
  g.ask = null;
  g.wins = [];
  g.handEnd = null;
}
