// aim.mjs — a test player that aims to win, so that matches of test players end in a hand or a
// few rather than in exhaustive draw after draw (a player that discards the first tile it is
// offered seldom wins: three of them at a table could play to its 200-hand limit, and a round
// of an event could wait minutes on one such table). A socket player keeps its own concealed
// tiles from what the server sends it (HandSeen), and on its turn discards the tile that leaves
// the fewest shanten and, among those, the most tiles that would lower it, declaring riichi
// when it may. Shanten and the improving tiles are majiang-core's (the rules oracle the suite
// already has), not the engine's: a test player should not lean on the code under test. It
// passes on every chi, pon and kan (a closed hand keeps its riichi). It is a player for
// tests that need matches to end, not a strong one, and not a test of anything itself.
import { createRequire } from 'node:module';

const Majiang = createRequire(import.meta.url)('@kobalab/majiang-core');

/** our tile code ("5m", "0p" for a red five, "7z") in majiang's ("m5", "p0", "z7") */
const majiangTile = (t) => t[1] + t[0];

/** a seat's concealed tiles and its count of melds, from the messages its socket receives */
export class HandSeen {
  constructor() {
    this.seat = null;
    this.tiles = [];
    this.melds = 0;
  }

  remove(tile) {
    const i = this.tiles.indexOf(tile);
    if (i >= 0) this.tiles.splice(i, 1);
  }

  /** follows one message of the protocol (PROTOCOL.md) */
  see(msg) {
    if (msg.type === 'match_found') {
      this.seat = msg.seat;
      this.tiles = [];
      this.melds = 0;
    } else if (msg.type === 'view' && msg.you) {
      this.seat = msg.you.seat;
      this.tiles = [...(msg.you.hand ?? []), ...(msg.you.drawn ? [msg.you.drawn] : [])];
      this.melds = msg.seats?.[this.seat]?.melds?.length ?? 0;
    } else if (msg.type === 'event') {
      this.seeEvent(msg.event);
    }
  }

  seeEvent(e) {
    if (e.type === 'hand_start') {
      this.tiles = [];
      this.melds = 0;
    } else if (e.type === 'deal') {
      this.tiles = [...e.hand];
    } else if (e.seat !== this.seat) {
      // another seat's move: nothing of ours
    } else if (e.type === 'draw' && e.tile) {
      this.tiles.push(e.tile);
    } else if (e.type === 'discard' || e.type === 'kita') {
      this.remove(e.tile);
    } else if (e.type === 'call') {
      const m = e.meld;
      if (m.type === 'kakan') {
        this.remove(m.added);
        return;
      }
      let calledLeft = m.type !== 'ankan'; // the called tile came from another seat's pond
      for (const t of m.tiles) {
        if (calledLeft && t === m.called) calledLeft = false;
        else this.remove(t);
      }
      this.melds++;
    }
  }
}

/** shanten of `tiles` (13 − 3·melds of them) with `melds` open melds, and how many unseen
    tiles (counting only our own as seen) would lower it; null if majiang refuses the hand */
function standing(tiles, melds) {
  let sp;
  try {
    sp = new Majiang.Shoupai(tiles.map(majiangTile));
  } catch {
    return null;
  }
  for (let i = 0; i < melds; i++) sp._fulou.push('z777='); // which tiles a meld holds does not change shanten
  const shanten = Majiang.Util.xiangting(sp);
  let better = 0;
  for (const p of Majiang.Util.tingpai(sp) ?? []) {
    const held = tiles.filter((t) => majiangTile(t).replace('0', '5') === p).length;
    better += Math.max(0, 4 - held);
  }
  return { shanten, better };
}

/**
 * of `candidates` (tile codes, each in `tiles`), the discard that leaves the fewest shanten and
 * then the most improving tiles; null if `tiles` is not a hand to discard from or majiang
 * refuses it (tiles: the concealed ones, the drawn tile included; melds: how many are open)
 */
export function bestDiscard(tiles, melds, candidates) {
  if (tiles.length % 3 !== 2) return null;
  let best = null;
  for (const tile of new Set(candidates)) {
    const rest = [...tiles];
    const at = rest.indexOf(tile);
    if (at < 0) return null; // out of step with the server: let the caller choose
    rest.splice(at, 1);
    const s = standing(rest, melds);
    if (!s) return null;
    const key = [s.shanten, -s.better];
    if (!best || lexLess(key, best.key)) best = { tile, key };
  }
  return best?.tile ?? null;
}

/**
 * the option of an ask a player aiming to win takes, or null (no discard to weigh, or the
 * tracked tiles do not match the options): riichi when offered, else the best discard; on an
 * offer to call, pass
 */
export function aim(options, hand) {
  const discards = options.filter((o) => o.type === 'discard' || o.type === 'riichi');
  if (!discards.length) return options.find((o) => o.type === 'pass') ?? null;
  const riichi = discards.filter((o) => o.type === 'riichi');
  const pool = riichi.length ? riichi : discards;
  const tile = hand && bestDiscard(hand.tiles, hand.melds, pool.map((o) => o.tile));
  return tile ? pool.find((o) => o.tile === tile) : null;
}

/** a before b, element by element */
const lexLess = (a, b) => {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
};
