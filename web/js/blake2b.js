// blake2b.js — BLAKE2b (RFC 7693) for the fairness verifier: the server's commitments and hand
// seeds are BLAKE2b hashes, and the browser's WebCrypto has no BLAKE2b. Plain and keyed hashing,
// any output length 1–64 bytes. The 64-bit words are kept as pairs of 32-bit halves in a
// Uint32Array (low half at the even index). Checked in tests against Node's OpenSSL and
// Python's hashlib (tests/web/fairness_crypto.test.mjs).

// the initialisation vector: the SHA-512 IV, as [low, high] halves
const IV = new Uint32Array([
  0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85, 0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a,
  0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c, 0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19,
]);

// the message word schedule of each of the 12 rounds (rounds 10 and 11 repeat 0 and 1)
const SIGMA = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15],
  [14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3],
  [11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4],
  [7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8],
  [9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13],
  [2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9],
  [12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11],
  [13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10],
  [6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5],
  [10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0],
];

const BLOCK = 128;
const TWO32 = 0x100000000;

// working vector v[0..15] and message m[0..15], each word as two halves
const v = new Uint32Array(32);
const m = new Uint32Array(32);

// v[a] += v[b] + m[x] (word indices a, b; half index x of m), mod 2^64
function add3(a, b, x) {
  const lo = v[2 * a] + v[2 * b] + m[x];
  v[2 * a + 1] = v[2 * a + 1] + v[2 * b + 1] + m[x + 1] + Math.floor(lo / TWO32);
  v[2 * a] = lo;
}

// v[a] += v[b], mod 2^64
function add2(a, b) {
  const lo = v[2 * a] + v[2 * b];
  v[2 * a + 1] = v[2 * a + 1] + v[2 * b + 1] + (lo >= TWO32 ? 1 : 0);
  v[2 * a] = lo;
}

// v[d] = (v[d] ^ v[a]) rotated right by r bits (r = 32, 24, 16 or 63)
function xorRotate(d, a, r) {
  const lo = v[2 * d] ^ v[2 * a];
  const hi = v[2 * d + 1] ^ v[2 * a + 1];
  if (r === 32) {
    v[2 * d] = hi;
    v[2 * d + 1] = lo;
  } else if (r < 32) {
    v[2 * d] = (lo >>> r) | (hi << (32 - r));
    v[2 * d + 1] = (hi >>> r) | (lo << (32 - r));
  } else { // 63: one bit to the left
    v[2 * d] = (lo << 1) | (hi >>> 31);
    v[2 * d + 1] = (hi << 1) | (lo >>> 31);
  }
}

// the mixing function G of RFC 7693 §3.1 on words a, b, c, d with message words x, y
function mix(a, b, c, d, x, y) {
  add3(a, b, 2 * x);
  xorRotate(d, a, 32);
  add2(c, d);
  xorRotate(b, c, 24);
  add3(a, b, 2 * y);
  xorRotate(d, a, 16);
  add2(c, d);
  xorRotate(b, c, 63);
}

// the compression function F (RFC 7693 §3.2): h (16 halves) absorbs the 128-byte block at
// buf[off..]; t = bytes hashed so far including this block; last = the final block
function compress(h, buf, off, t, last) {
  for (let i = 0; i < 32; i++) {
    const p = off + 4 * i;
    m[i] = buf[p] | (buf[p + 1] << 8) | (buf[p + 2] << 16) | (buf[p + 3] << 24);
  }
  v.set(h, 0);
  v.set(IV, 16);
  v[24] ^= t % TWO32;
  v[25] ^= Math.floor(t / TWO32);
  if (last) {
    v[28] = ~v[28];
    v[29] = ~v[29];
  }
  for (let r = 0; r < 12; r++) {
    const s = SIGMA[r % 10];
    mix(0, 4, 8, 12, s[0], s[1]);
    mix(1, 5, 9, 13, s[2], s[3]);
    mix(2, 6, 10, 14, s[4], s[5]);
    mix(3, 7, 11, 15, s[6], s[7]);
    mix(0, 5, 10, 15, s[8], s[9]);
    mix(1, 6, 11, 12, s[10], s[11]);
    mix(2, 7, 8, 13, s[12], s[13]);
    mix(3, 4, 9, 14, s[14], s[15]);
  }
  for (let i = 0; i < 32; i++) h[i] ^= v[i] ^ v[i + 16];
}

/** BLAKE2b of message: outlen bytes (1–64), keyed when key (0–64 bytes) is given */
export function blake2b(message, outlen = 64, key = undefined) {
  if (!(message instanceof Uint8Array)) throw new TypeError('blake2b: message must be a Uint8Array');
  if (!Number.isInteger(outlen) || outlen < 1 || outlen > 64) throw new RangeError('blake2b: outlen must be 1..64');
  const keylen = key === undefined ? 0 : key.length;
  if (key !== undefined && !(key instanceof Uint8Array)) throw new TypeError('blake2b: key must be a Uint8Array');
  if (keylen > 64) throw new RangeError('blake2b: key longer than 64 bytes');

  const h = new Uint32Array(IV);
  h[0] ^= 0x01010000 ^ (keylen << 8) ^ outlen; // parameter block: depth 1, fanout 1, key length, digest length

  // the key, padded to a full block, comes first; an empty input is one block of zeros
  const total = (keylen ? BLOCK : 0) + message.length;
  const blocks = Math.max(1, Math.ceil(total / BLOCK));
  const buf = new Uint8Array(blocks * BLOCK);
  if (keylen) buf.set(key, 0);
  buf.set(message, keylen ? BLOCK : 0);
  for (let i = 0; i < blocks - 1; i++) compress(h, buf, i * BLOCK, (i + 1) * BLOCK, false);
  compress(h, buf, (blocks - 1) * BLOCK, total, true);

  const out = new Uint8Array(outlen);
  for (let i = 0; i < outlen; i++) out[i] = h[i >> 2] >>> (8 * (i & 3));
  return out;
}
