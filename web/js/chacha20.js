// chacha20.js — the ChaCha20 block function, IETF variant (RFC 8439: 256-bit key, 96-bit nonce,
// 32-bit block counter), for the fairness verifier: a hand's wall is shuffled with the keystream
// of its seed, and the browser's WebCrypto has no ChaCha20. Also a reader of the keystream as
// little-endian 32-bit words. Checked in tests against Node's OpenSSL
// (tests/web/fairness_crypto.test.mjs).

const SIGMA = [0x61707865, 0x3320646e, 0x79622d32, 0x6b206574]; // "expand 32-byte k"

function word(bytes, i) {
  return (bytes[i] | (bytes[i + 1] << 8) | (bytes[i + 2] << 16) | (bytes[i + 3] << 24)) >>> 0;
}

function rotl(x, n) {
  return (x << n) | (x >>> (32 - n));
}

// the quarter round of RFC 8439 §2.1 on state words a, b, c, d
function quarter(x, a, b, c, d) {
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 16);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 12);
  x[a] += x[b]; x[d] = rotl(x[d] ^ x[a], 8);
  x[c] += x[d]; x[b] = rotl(x[b] ^ x[c], 7);
}

/** the 64 keystream bytes of block `counter` (0..2^32-1) under a 32-byte key and 12-byte nonce */
export function chacha20Block(key, counter, nonce) {
  if (!(key instanceof Uint8Array) || key.length !== 32) throw new TypeError('chacha20: key must be 32 bytes');
  if (!(nonce instanceof Uint8Array) || nonce.length !== 12) throw new TypeError('chacha20: nonce must be 12 bytes');
  if (!Number.isInteger(counter) || counter < 0 || counter > 0xffffffff) {
    throw new RangeError('chacha20: counter must be 0..2^32-1');
  }

  const state = new Uint32Array(16);
  state.set(SIGMA, 0);
  for (let i = 0; i < 8; i++) state[4 + i] = word(key, 4 * i);
  state[12] = counter;
  for (let i = 0; i < 3; i++) state[13 + i] = word(nonce, 4 * i);

  const x = new Uint32Array(state);
  for (let r = 0; r < 10; r++) { // 20 rounds: a column round and a diagonal round, 10 times
    quarter(x, 0, 4, 8, 12);
    quarter(x, 1, 5, 9, 13);
    quarter(x, 2, 6, 10, 14);
    quarter(x, 3, 7, 11, 15);
    quarter(x, 0, 5, 10, 15);
    quarter(x, 1, 6, 11, 12);
    quarter(x, 2, 7, 8, 13);
    quarter(x, 3, 4, 9, 14);
  }

  const out = new Uint8Array(64);
  for (let i = 0; i < 16; i++) {
    const w = (x[i] + state[i]) >>> 0;
    out[4 * i] = w;
    out[4 * i + 1] = w >>> 8;
    out[4 * i + 2] = w >>> 16;
    out[4 * i + 3] = w >>> 24;
  }
  return out;
}

/** a function returning the keystream's consecutive little-endian uint32 words, from block `counter` on */
export function chacha20Words(key, nonce, counter = 0) {
  let block = null, used = 64, next = counter;
  return () => {
    if (used === 64) {
      block = chacha20Block(key, next, nonce);
      next += 1;
      used = 0;
    }
    const w = word(block, used);
    used += 4;
    return w;
  };
}
