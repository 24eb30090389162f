// openhands.js — every seat's concealed tiles, followed through a replay's events, where every
// hand is open (GET /api/matches/ID?format=replay gives each seat's deal and drawn tiles). Pure:
// the replay viewer (replay.js) keeps the list on its game as g.open, and the board (board.js)
// lays those hands face up.
import { kind, sortTiles } from './notation.js';

/** a seat's open hand: its tiles, and the one it just drew apart */
function freshHand() {
  return { hand: [], drawn: null };
}

export function newOpenHands(players) {
  return Array.from({ length: players }, freshHand);
}

/** the drawn tile joins the hand */
function settle(s) {
  if (s.drawn) s.hand.push(s.drawn);
  s.drawn = null;
  s.hand = sortTiles(s.hand);
}

/** takes one tile of exactly `code` (else one of its kind: a red five for a plain one) */
function take(s, code) {
  if (s.drawn === code) {
    s.drawn = null;
    return;
  }
  settle(s);
  let i = s.hand.indexOf(code);
  if (i < 0) i = s.hand.findIndex((c) => kind(c) === kind(code));
  if (i >= 0) s.hand.splice(i, 1);
}

/** follows one event (the protocol's, every hand open) */
export function followOpen(open, e) {
  const s = open[e.seat];
  switch (e.type) {
    case 'hand_start':
      open.forEach((_, i) => { open[i] = freshHand(); });
      break;
    case 'deal':
      if (s) open[e.seat] = { hand: sortTiles(e.hand), drawn: null };
      break;
    case 'draw':
      if (s && e.tile) {
        settle(s);
        s.drawn = e.tile;
      }
      break;
    case 'discard':
      if (!s) break;
      if (e.tsumogiri && s.drawn) s.drawn = null;
      else take(s, e.tile);
      settle(s);
      break;
    case 'call': {
      if (!s) break;
      const m = e.meld;
      if (m.type === 'kakan') {
        take(s, m.added);
      } else {
        const used = [...m.tiles];
        if (m.type !== 'ankan') used.splice(used.indexOf(m.called), 1);
        for (const c of used) take(s, c);
      }
      settle(s);
      break;
    }
    case 'kita':
      if (s) {
        take(s, e.tile);
        settle(s);
      }
      break;
    default:
      break;
  }
  return open;
}
