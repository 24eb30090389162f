// notation.js — tile codes as the protocol writes them ("3m", "0p" a red five, "7z" chun): their
// parts, their kind, and the usual hand order. Pure (no DOM, no storage): the table's model
// (game.js, tenpai.js, openhands.js) and the drawing (tiles.js) both use it.

/** "0p" → { suit: 'p', n: 5, red: true } */
export function parse(code) {
  const d = Number(code[0]);
  return { suit: code[1], n: d === 0 ? 5 : d, red: d === 0 };
}

/** the kind of a tile, red fives counted as fives: "0m" → "5m" */
export function kind(code) {
  return code[0] === '0' ? `5${code[1]}` : code;
}

const SUIT_ORDER = { m: 0, p: 1, s: 2, z: 3 };
function sortKey(code) {
  const { suit, n, red } = parse(code);
  return SUIT_ORDER[suit] * 20 + n * 2 + (red ? 1 : 0);
}

/** tiles in the usual hand order: man, pin, sou, honors; a red five after the plain fives */
export function sortTiles(tiles) {
  return [...tiles].sort((a, b) => sortKey(a) - sortKey(b));
}
