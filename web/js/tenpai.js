// tenpai.js — what the player's own eyes can count (no DOM): the dora a set of indicators
// points at (src/core/RULES.md: the next tile in its suit, winds E→S→W→N→E, dragons haku→hatsu→chun;
// in 3-player the man suit is 1m and 9m only, so 1m shows 9m and 9m shows 1m), and how many
// tiles of a kind this seat has not seen: four, less its own hand, every pond, meld, kita and
// indicator face up. Waits and furiten themselves come from the server (PROTOCOL.md).
import { kind } from './notation.js';

/** the dora kind an indicator points at: "9p" → "1p", "4z" → "1z", "7z" → "5z"; 3p: "1m" → "9m" */
export function doraOf(indicator, players) {
  const k = kind(indicator);
  const n = Number(k[0]), suit = k[1];
  if (suit === 'z') {
    if (n <= 4) return `${(n % 4) + 1}z`;
    return `${n === 7 ? 5 : n + 1}z`;
  }
  if (suit === 'm' && players === 3) return n === 1 ? '9m' : '1m';
  return `${(n % 9) + 1}${suit}`;
}

/** the set of dora kinds of the indicators face up */
export function doraKinds(g) {
  return new Set(g.dora.map((c) => doraOf(c, g.players)));
}

/** how many of each kind this seat can see: own tiles, ponds, melds, kita, dora indicators */
export function seenCounts(g) {
  const seen = new Map();
  const add = (code) => seen.set(kind(code), (seen.get(kind(code)) || 0) + 1);
  g.hand.forEach(add);
  if (g.drawn) add(g.drawn);
  for (const s of g.seats) {
    for (const d of s.discards) if (!d.called) add(d.tile); // a called tile is counted in its meld
    for (const m of s.melds) m.tiles.forEach(add); // an ankan is shown when declared
    s.kita.forEach(add);
  }
  g.dora.forEach(add);
  return seen;
}

/** the waits with how many of each this seat has not seen: [{ tile, left }] */
export function waitsLeft(g, waits) {
  const seen = seenCounts(g);
  return waits.map((tile) => ({ tile, left: Math.max(0, 4 - (seen.get(kind(tile)) || 0)) }));
}
