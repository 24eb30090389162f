// fairness.js — checking a finished match's provably fair walls (no DOM, no fetch). At the match
// start the server commits to a secret (BLAKE2b-256 of it); each hand's 32-byte seed is the
// secret-keyed BLAKE2b-256 of the hand's index and the seats' contributions; the seed keys a
// ChaCha20 stream that shuffles the wall (Fisher–Yates, unbiased by rejection); and each hand
// starts with a commitment to its seed and wall. After the match the secret and seeds are
// revealed: verifyMatch re-derives all of it and, given what this browser saw live, checks the
// commitments it received, its own contribution, its deal and the first dora indicator.
// BLAKE2b and ChaCha20 (RFC 8439, libsodium's crypto_stream_chacha20_ietf) are the audited
// @noble packages vendored under web/vendor/ (web/vendor/README.md).
import { blake2b } from '../vendor/noble-hashes-2.4.0/blake2.js';
import { chacha20 } from '../vendor/noble-ciphers-2.4.0/chacha.js';
import { sortTiles } from './notation.js';

const ZERO_NONCE = new Uint8Array(12);
const TWO32 = 0x100000000;

/** lower-case hex of bytes */
export function hex(bytes) {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}

/** the bytes of a hex string (either case); throws when it is not hex, or not `length` bytes when given */
export function unhex(text, length = undefined) {
  if (typeof text !== 'string') throw new Error('not hex: expected a string');
  if (text.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(text)) {
    throw new Error(`not hex: "${text.length > 20 ? `${text.slice(0, 20)}…` : text}"`);
  }
  if (length !== undefined && text.length !== 2 * length) {
    throw new Error(`expected ${length} bytes of hex, got ${text.length / 2}`);
  }
  const out = new Uint8Array(text.length / 2);
  for (let i = 0; i < out.length; i++) out[i] = parseInt(text.slice(2 * i, 2 * i + 2), 16);
  return out;
}

function need32(bytes, what) {
  if (!(bytes instanceof Uint8Array) || bytes.length !== 32) throw new Error(`${what} must be 32 bytes`);
}

/** the commitment to the match secret published at its start: BLAKE2b-256 of the secret */
export function secretCommitment(secret) {
  need32(secret, 'the secret');
  return blake2b(secret, { dkLen: 32 });
}

/**
 * hand k's seed: BLAKE2b-256 keyed with the secret over u32le k, then per seat in order one
 * length byte (0 or 32) and that seat's contribution
 */
export function handSeed(secret, k, contributions) {
  need32(secret, 'the secret');
  if (!Number.isInteger(k) || k < 0 || k >= TWO32) throw new Error('the hand index must be 0..2^32-1');
  let size = 4;
  for (const c of contributions) {
    if (!(c instanceof Uint8Array) || (c.length !== 0 && c.length !== 32)) {
      throw new Error('a contribution must be 0 or 32 bytes');
    }
    size += 1 + c.length;
  }
  const msg = new Uint8Array(size);
  msg[0] = k; msg[1] = k >>> 8; msg[2] = k >>> 16; msg[3] = k >>> 24;
  let p = 4;
  for (const c of contributions) {
    msg[p++] = c.length;
    msg.set(c, p);
    p += c.length;
  }
  return blake2b(msg, { dkLen: 32, key: secret });
}

/** the tile ids of a wall in increasing order: all 136, or 108 without 2m–8m in 3-player */
export function wallTileIds(players) {
  const ids = [];
  for (let id = 0; id < 136; id++) {
    const kind = id >> 2;
    if (players === 3 && kind >= 1 && kind <= 7) continue;
    ids.push(id);
  }
  return ids;
}

/**
 * a function returning the consecutive little-endian uint32 words of a seed's ChaCha20 keystream
 * (zero nonce, from block 0 on), one 64-byte block at a time
 */
export function keystreamWords(seed) {
  const zeros = new Uint8Array(64);
  let block = null, used = 64, counter = 0;
  return () => {
    if (used === 64) {
      block = new DataView(chacha20(seed, ZERO_NONCE, zeros, undefined, counter).buffer);
      counter += 1;
      used = 0;
    }
    const w = block.getUint32(used, true);
    used += 4;
    return w;
  };
}

/** shuffles ids in place, Fisher–Yates from the last position down, j by rejection from nextWord() */
export function shuffle(ids, nextWord) {
  for (let i = ids.length - 1; i > 0; i--) {
    const bound = i + 1;
    const limit = TWO32 - (TWO32 % bound); // a multiple of bound; 2^32 accepts every word
    let w;
    do w = nextWord(); while (w >= limit);
    const j = w % bound;
    const t = ids[i];
    ids[i] = ids[j];
    ids[j] = t;
  }
  return ids;
}

/** the wall (tile ids in wall order) a 32-byte seed gives: its ChaCha20 stream shuffles wallTileIds */
export function wall(players, seed) {
  need32(seed, 'a seed');
  return shuffle(wallTileIds(players), keystreamWords(seed));
}

/** the commitment sent when a hand starts: BLAKE2b-256 of the seed, then one byte per tile id in wall order */
export function handCommitment(seed, wallIds) {
  need32(seed, 'a seed');
  const msg = new Uint8Array(32 + wallIds.length);
  msg.set(seed, 0);
  msg.set(wallIds, 32);
  return blake2b(msg, { dkLen: 32 });
}

/** which suits have a red five (m, p, s): all three in 4-player, pin and sou in 3-player */
export function redFivesFor(players) {
  return players === 3 ? [0, 1, 1] : [1, 1, 1];
}

/** a tile id's code: "3m", "7z", "0p" for copy 0 of a five whose suit has red fives */
export function tileName(id, redFives) {
  const kind = id >> 2;
  const suit = Math.floor(kind / 9); // 0 m, 1 p, 2 s, 3 z
  const n = (kind % 9) + 1;
  const red = suit < 3 && n === 5 && (id & 3) === 0 && redFives && redFives[suit];
  return `${red ? 0 : n}${'mpsz'[suit]}`;
}

/** the codes a seat was dealt: wall[13i .. 13i+12], i = its wind (0 = the dealer) */
export function dealtTiles(players, wallIds, seat, dealer, redFives = redFivesFor(players)) {
  const i = (seat - dealer + players) % players;
  return wallIds.slice(13 * i, 13 * i + 13).map((id) => tileName(id, redFives));
}

/** the code of the first dora indicator: wall[N-9] */
export function doraIndicator(wallIds, redFives) {
  return tileName(wallIds[wallIds.length - 9], redFives);
}

function playersOf(record) {
  if (record.players === 3 || record.players === 4) return record.players;
  if (record.mode === '3p') return 3;
  if (record.mode === '4p') return 4;
  if (Array.isArray(record.seats) && (record.seats.length === 3 || record.seats.length === 4)) return record.seats.length;
  return null;
}

// one check: run(), which returns [ok, detail, values?], or throws (a malformed field: the check
// fails); values { expected, got } let a page say in its own words what differed
function check(id, hand, run) {
  let ok, detail, values;
  try {
    [ok, detail, values] = run();
  } catch (e) {
    ok = false;
    detail = e.message;
  }
  const c = { id, ok: Boolean(ok), detail, ...values };
  if (hand !== undefined) c.hand = hand;
  return c;
}

// a check that was asked for and could not be made: it fails, and says why (`cannot`, a reason a
// page can name in its own words: 'no_fairness', the record lacks what the walls were made from)
function cannot(id, reason, detail) {
  return { id, ok: false, cannot: reason, detail };
}

function same(expected, got) {
  return expected === got ? [true, `matches ${expected}`, { expected, got }]
    : [false, `expected ${expected}, got ${got}`, { expected, got }];
}

// the record's count of hands against its seeds: one seed per hand dealt, and a completed match
// dealt one at least (a record cut short of hands would otherwise check only what it kept)
function handsAgree(record) {
  const { hands, seeds } = record;
  if (!Number.isInteger(hands) || hands < 0) throw new Error('the record does not say how many hands were dealt');
  if (!Array.isArray(seeds)) throw new Error('the record has no seeds');
  if (record.completed === true && hands === 0) throw new Error('a completed match with no hand dealt');
  return same(hands, seeds.length);
}

const NO_FAIRNESS = 'the record has no fairness data (secret, commitment, contributions)';

/**
 * Checks a match record (GET /api/matches/…: players or mode or seats, hands, seeds[], fairness
 * { secret, commitment, contributions[] }), and, when `seen` is given, what this browser saw
 * live ({ seat, commitment, contribution, hands: [{ k, dealer, commitment, deal, dora }] }).
 * Returns { ok, legacy, checks: [{ id, ok, hand?, detail, cannot? }] }. ok is true only when
 * the record has its fairness data and every check passed. A record without it (legacy: a match
 * stored before contributions) is still checked for its count of hands and, against what was
 * seen, for each hand's commitment, deal and dora; but what needs the secret and was asked for
 * (the commitment and contribution this browser saw) fails as a check that could not be made.
 */
export function verifyMatch(record, seen = undefined) {
  if (!record || typeof record !== 'object') {
    return { ok: false, legacy: false, checks: [{ id: 'record', ok: false, detail: 'not a match record' }] };
  }
  const f = record.fairness;
  const legacy = f === null || f === undefined;
  const players = playersOf(record);
  const seeds = Array.isArray(record.seeds) ? record.seeds : [];
  const checks = [];
  if (!players) {
    checks.push({ id: 'record', ok: false, detail: 'the number of players is missing' });
    return { ok: false, legacy, checks };
  }
  const redFives = redFivesFor(players);
  const fairness = () => {
    if (!f || typeof f !== 'object') throw new Error('fairness: not an object');
    return f;
  };
  const secret = () => unhex(fairness().secret, 32);
  const contributions = () => {
    const list = fairness().contributions;
    if (!Array.isArray(list) || list.length !== players) {
      throw new Error(`expected ${players} contributions, got ${Array.isArray(list) ? list.length : 'none'}`);
    }
    return list.map((c) => unhex(c || '', c ? 32 : 0));
  };
  const seedOf = (k) => {
    if (typeof seeds[k] !== 'string') throw new Error(`no seed for hand ${k}`);
    return unhex(seeds[k], 32);
  };

  checks.push(check('hands', undefined, () => handsAgree(record)));
  if (!legacy) {
    checks.push(check('commitment', undefined, () => same(hex(unhex(fairness().commitment, 32)), hex(secretCommitment(secret())))));
    checks.push(check('contributions', undefined, () => same(players, contributions().length)));
    seeds.forEach((s, k) => {
      checks.push(check('seed', k, () => same(hex(seedOf(k)), hex(handSeed(secret(), k, contributions())))));
    });
  }

  if (seen) {
    checks.push(legacy ? cannot('seen_commitment', 'no_fairness', NO_FAIRNESS) : check('seen_commitment', undefined, () => {
      return same(hex(unhex(seen.commitment, 32)), hex(unhex(f.commitment, 32)));
    }));
    if (seen.contribution !== null && seen.contribution !== undefined) {
      checks.push(legacy ? cannot('contribution', 'no_fairness', NO_FAIRNESS) : check('contribution', undefined, () => {
        const list = Array.isArray(f.contributions) ? f.contributions : [];
        return same(hex(unhex(seen.contribution)), hex(unhex(list[seen.seat] || '')));
      }));
    }
    for (const h of seen.hands || []) {
      let cached = null;
      const walled = () => (cached ??= wall(players, seedOf(h.k)));
      checks.push(check('hand_commitment', h.k, () => {
        return same(hex(unhex(h.commitment, 32)), hex(handCommitment(seedOf(h.k), walled())));
      }));
      checks.push(check('deal', h.k, () => {
        const dealt = dealtTiles(players, walled(), seen.seat, h.dealer, redFives);
        return same(sortTiles(h.deal || []).join(' '), sortTiles(dealt).join(' '));
      }));
      checks.push(check('dora', h.k, () => same(String(h.dora), doraIndicator(walled(), redFives))));
    }
  }
  return { ok: !legacy && checks.every((c) => c.ok), legacy, checks };
}
