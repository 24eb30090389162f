// fairness_crypto.test.mjs — the browser's fairness verifier (web/js/fairness.js on the @noble
// BLAKE2b and ChaCha20 vendored in web/vendor/) checked against independent sources: the RFC test
// vectors, Node's OpenSSL (BLAKE2b-512, ChaCha20), Python's hashlib (keyed and 32-byte BLAKE2b),
// and vectors printed by the server's own C code (src/fairness/fairness.c on libsodium). Then
// verifyMatch's comparisons: one changed byte fails exactly the checks that depend on it.
// Run: node --test tests/web/fairness_crypto.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createHash, createCipheriv, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildMatch } from './fairness_records.mjs';

const web = (name) => import(pathToFileURL(join(import.meta.dirname, '../../web', name)).href);
const { blake2b: nobleBlake2b } = await web('vendor/noble-hashes-2.4.0/blake2.js');
const { chacha20 } = await web('vendor/noble-ciphers-2.4.0/chacha.js');
const F = await web('js/fairness.js');

const rnd = (n) => new Uint8Array(randomBytes(n));
const toHex = (b) => Buffer.from(b).toString('hex');
const fromHex = (h) => new Uint8Array(Buffer.from(h, 'hex'));
// BLAKE2b as fairness.js calls it: outlen bytes, keyed when a key is given
const blake2b = (message, outlen = 64, key = undefined) => nobleBlake2b(message, { dkLen: outlen, key });
// the 64 keystream bytes of block `counter` as fairness.js asks for them: zeros encrypted
const chacha20Block = (key, counter, nonce) => chacha20(key, nonce, new Uint8Array(64), undefined, counter);

// ---------------------------------------------------------------- BLAKE2b

test('BLAKE2b-512 of "abc" is the RFC 7693 Appendix A vector', () => {
  const expected =
    'ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d1' +
    '7d87c5392aab792dc252d5de4533cc9518d38aa8dbf1925ab92386edd4009923';
  assert.equal(toHex(blake2b(new TextEncoder().encode('abc'))), expected);
});

test('BLAKE2b-512 matches OpenSSL (blake2b512) for many lengths', () => {
  const lengths = [0, 1, 2, 63, 64, 65, 127, 128, 129, 200, 255, 256, 257, 383, 384, 385, 1000, 4096];
  for (let i = 0; i < 20; i++) lengths.push(Math.floor(Math.random() * 2000));
  for (const n of lengths) {
    const msg = rnd(n);
    const expected = createHash('blake2b512').update(msg).digest('hex');
    assert.equal(toHex(blake2b(msg)), expected, `length ${n}`);
  }
});

test('keyed BLAKE2b and short outputs match Python hashlib.blake2b', () => {
  const cases = [];
  const msgLengths = [0, 1, 31, 32, 64, 127, 128, 129, 200, 255, 256, 257, 500];
  for (const m of msgLengths) {
    for (const k of [0, 1, 16, 32, 64]) cases.push({ m: rnd(m), k: rnd(k), n: 32 });
  }
  for (let i = 0; i < 20; i++) {
    const upTo = (n) => Math.floor(Math.random() * n);
    cases.push({ m: rnd(upTo(600)), k: rnd(upTo(65)), n: 1 + upTo(64) });
  }
  const script = [
    'import sys, json, hashlib',
    'cases = json.load(sys.stdin)',
    "h = lambda c: hashlib.blake2b(bytes.fromhex(c['m']), digest_size=c['n'], key=bytes.fromhex(c['k'])).hexdigest()",
    'print(json.dumps([h(c) for c in cases]))',
  ].join('\n');
  const input = JSON.stringify(cases.map((c) => ({ m: toHex(c.m), k: toHex(c.k), n: c.n })));
  const expected = JSON.parse(execFileSync('python3', ['-c', script], { input, encoding: 'utf8' }));
  assert.equal(expected.length, cases.length);
  cases.forEach((c, i) => {
    const key = c.k.length ? c.k : undefined;
    assert.equal(toHex(blake2b(c.m, c.n, key)), expected[i], `message ${c.m.length}, key ${c.k.length}, outlen ${c.n}`);
  });
});

test('BLAKE2b rejects bad arguments', () => {
  assert.throws(() => blake2b(new Uint8Array(1), 0));
  assert.throws(() => blake2b(new Uint8Array(1), 65));
  assert.throws(() => blake2b(new Uint8Array(1), 32, new Uint8Array(65)));
  assert.throws(() => blake2b('abc'));
});

test('BLAKE2b hashes 300 messages of 200 bytes well under a second', () => {
  const msgs = Array.from({ length: 300 }, () => rnd(200));
  const key = rnd(32);
  const start = performance.now();
  for (const m of msgs) blake2b(m, 32, key);
  const ms = performance.now() - start;
  assert.ok(ms < 1000, `took ${ms.toFixed(1)} ms`);
});

// ---------------------------------------------------------------- ChaCha20

// the keystream OpenSSL gives from block `counter` on: zeros encrypted, iv = u32le counter ‖ nonce
function opensslKeystream(key, counter, nonce, bytes) {
  const iv = Buffer.alloc(16);
  iv.writeUInt32LE(counter, 0);
  Buffer.from(nonce).copy(iv, 4);
  const c = createCipheriv('chacha20', key, iv);
  return new Uint8Array(Buffer.concat([c.update(Buffer.alloc(bytes)), c.final()]));
}

test('ChaCha20 block is the RFC 8439 §2.3.2 vector', () => {
  const key = Uint8Array.from({ length: 32 }, (_, i) => i);
  const nonce = fromHex('000000090000004a00000000');
  const expected =
    '10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e' +
    'd2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e';
  assert.equal(toHex(chacha20Block(key, 1, nonce)), expected);
});

test('ChaCha20 blocks match OpenSSL for random keys, nonces and counters', () => {
  for (let i = 0; i < 50; i++) {
    const key = rnd(32), nonce = rnd(12);
    const counter = i === 0 ? 0 : i === 1 ? 0xfffffffb : randomBytes(4).readUInt32LE(0) % 0xfffffff0;
    const stream = opensslKeystream(key, counter, nonce, 3 * 64);
    for (let b = 0; b < 3; b++) {
      const expected = toHex(stream.subarray(64 * b, 64 * b + 64));
      assert.equal(toHex(chacha20Block(key, counter + b, nonce)), expected, `case ${i} block ${b}`);
    }
  }
});

test('the keystream word reader gives the OpenSSL keystream of a seed (zero nonce) as little-endian uint32 words', () => {
  const seed = rnd(32);
  const stream = Buffer.from(opensslKeystream(seed, 0, new Uint8Array(12), 4 * 64));
  const next = F.keystreamWords(seed);
  for (let i = 0; i < 64; i++) assert.equal(next(), stream.readUInt32LE(4 * i), `word ${i}`);
});

test('ChaCha20 rejects bad arguments', () => {
  assert.throws(() => chacha20Block(new Uint8Array(31), 0, new Uint8Array(12)));
  assert.throws(() => chacha20Block(new Uint8Array(32), 0, new Uint8Array(8)));
  assert.throws(() => chacha20Block(new Uint8Array(32), 2 ** 32, new Uint8Array(12)));
});

// ---------------------------------------------------------------- walls

test('hex and unhex', () => {
  assert.equal(F.hex(new Uint8Array([0, 1, 0xab, 0xff])), '0001abff');
  assert.deepEqual([...F.unhex('0001ABff')], [0, 1, 0xab, 0xff]);
  assert.deepEqual([...F.unhex('')], []);
  assert.throws(() => F.unhex('abc'), /not hex/);
  assert.throws(() => F.unhex('zz'), /not hex/);
  assert.throws(() => F.unhex(null), /not hex/);
  assert.throws(() => F.unhex('00', 32), /32 bytes/);
});

test('wall tile ids: 136 in 4-player, 108 without 2m–8m in 3-player, increasing', () => {
  const four = F.wallTileIds(4), three = F.wallTileIds(3);
  assert.deepEqual(four, Array.from({ length: 136 }, (_, i) => i));
  assert.equal(three.length, 108);
  assert.deepEqual(three.slice(0, 5), [0, 1, 2, 3, 32]); // 1m ×4, then 9m
  assert.ok(three.every((id) => id < 4 || id >= 32));
  assert.deepEqual(three, [...three].sort((a, b) => a - b));
});

test('tile names and red fives', () => {
  const red4 = F.redFivesFor(4), red3 = F.redFivesFor(3);
  assert.deepEqual(red4, [1, 1, 1]);
  assert.deepEqual(red3, [0, 1, 1]);
  assert.equal(F.tileName(0, red4), '1m');
  assert.equal(F.tileName(35, red4), '9m');
  assert.equal(F.tileName(16, red4), '0m'); // kind 4 (5m) copy 0
  assert.equal(F.tileName(17, red4), '5m');
  assert.equal(F.tileName(16, red3), '5m');
  assert.equal(F.tileName(52, red3), '0p'); // kind 13 (5p) copy 0
  assert.equal(F.tileName(53, red3), '5p');
  assert.equal(F.tileName(88, red4), '0s'); // kind 22 (5s) copy 0
  assert.equal(F.tileName(108, red4), '1z');
  assert.equal(F.tileName(124, red4), '5z'); // haku: no red honours
  assert.equal(F.tileName(135, red4), '7z');
});

test('a wall is a permutation of the tile ids; different seeds give different walls', () => {
  for (const players of [3, 4]) {
    const ids = F.wallTileIds(players);
    const seen = new Set();
    for (let i = 0; i < 20; i++) {
      const w = F.wall(players, rnd(32));
      assert.deepEqual([...w].sort((a, b) => a - b), ids);
      seen.add(w.join(','));
    }
    assert.equal(seen.size, 20);
    const seed = rnd(32);
    assert.deepEqual(F.wall(players, seed), F.wall(players, seed));
  }
});

test('the shuffle rejects words at or above 2^32 − (2^32 mod bound), worked by hand', () => {
  // 3 tiles: i = 2, bound 3, 2^32 mod 3 = 1, limit 4294967295: 0xffffffff is rejected, 4 → j = 1;
  // i = 1, bound 2 divides 2^32, nothing is rejected: 0xffffffff → j = 1 (no change)
  let words = [0xffffffff, 4, 0xffffffff], used = 0;
  assert.deepEqual(F.shuffle(['a', 'b', 'c'], () => words[used++]), ['a', 'c', 'b']);
  assert.equal(used, 3);
  // 136 tiles, i = 135: 2^32 = 136 × 31580641 + 120, so the limit is 4294967176 — that word is
  // rejected, 4294967175 (= 136 × 31580640 + 135) gives j = 135; every later word is 0 (j = 0)
  const ids = Array.from({ length: 136 }, (_, i) => i);
  words = [4294967176, 4294967175];
  used = 0;
  const out = F.shuffle([...ids], () => (used < words.length ? words[used++] : 0));
  assert.equal(used, 2);
  // with j = 0 from i = 134 down, step i puts the tile then at 0 (i + 1, or 0 at the first step)
  // at position i, and tile i at 0: out = [1, 2, …, 134, 0, 135]
  assert.deepEqual(out, [...ids.slice(1, 135), 0, 135]);
});

// an independent shuffle: OpenSSL's keystream, BigInt arithmetic
function referenceWall(players, seed) {
  const ids = F.wallTileIds(players);
  const stream = Buffer.from(opensslKeystream(seed, 0, new Uint8Array(12), 64 * 16)); // 256 words: 135 draws and any rejections
  let pos = 0;
  const TWO32 = 1n << 32n;
  for (let i = ids.length - 1; i > 0; i--) {
    const bound = BigInt(i + 1);
    const limit = TWO32 - (TWO32 % bound);
    let w;
    do { w = BigInt(stream.readUInt32LE(pos)); pos += 4; } while (w >= limit);
    const j = Number(w % bound);
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  return ids;
}

test('walls match a reference shuffle driven by the OpenSSL keystream', () => {
  for (const players of [3, 4]) {
    for (let i = 0; i < 20; i++) {
      const seed = rnd(32);
      assert.deepEqual(F.wall(players, seed), referenceWall(players, seed));
    }
  }
});

// printed by the server's C code (src/fairness/fairness.c, libsodium) for random inputs
test('vectors from the server: hand commitments, secret commitments, hand seeds', () => {
  const walls = [
    [4, '4c23421f2fb6f9a941c088e08cdf0eacbd2d445b5598469089c8722637fcf983', '9aef33a208c748b9426b4c945671edc2de007dad66c3c8f6350a3c4fe872bb1a'],
    [3, 'd1f809327cbc903bb7c445130141355226e2edd8746ed20104fbafb127aa4100', 'a66cbb7c3ad56aa868895d47269b75dfbde69efc23455964c362232e693c7ed3'],
  ];
  for (const [players, seed, commitment] of walls) {
    const s = fromHex(seed);
    assert.equal(toHex(F.handCommitment(s, F.wall(players, s))), commitment);
  }
  const seeds = [
    [0, '384b6a35cf9aaae016a438fa1821a94535296d03fb121416b8c974d2a63fcc25', '5a0b509d34742e5b146ca206d638125efe9fcdf4a806684aee4ef3144f549629',
      ['c78a39d97b7249e9ed3d3d5050253126f3349e1d825e5bd053cb3648c8e5ecf5', '', 'ce83ed1fb2825fc0eed8b5243bc5e78154814a4635c5c0e6b806878a320fe9cb'],
      'f2dc2b38152914f0afc1be4d1d7dca344d7530e118a1cc04984110724aea1f93'],
    [1, '31abacd0cb5dfe8fec065f094cada198d9f028d331c38b52b7d1acf6bf059938', '67a8d605ac897cc7f75e95053e22e94b008b6e9b2b9aa8a63af40fdc2e156ea4',
      ['', '', '', 'a917ba48cef63ff2630c25bb373d5e3b937debb4e3eb8762c20f4ba3d2c0da67'],
      '35601a42e1f85ce61721a02d036d90dbba8a00c2355887e81caa5c039b442b6a'],
    [3390403969, '6b73c8bac3731ac62b12255bf452e2416afe0b03debc896ddd06ebf5c916b6b1', 'dffb9b76a7c285ee9a7ba8366530891541f46f4afdb6678537bbb2ba8e3400db',
      ['61d2271017b27367cb7aba34a90f880b751cf4182157ca41c3259013818ff79f', '2691bef162275643e44062e8e373ee452200bfe535500cca2939038684f7cd8d',
        '688582a6ec42ae142d72d6a2e0577a90f599158a3507e90cf29d98e59872a106', '65000a9719c7c8f5583e4c04e4263d940fbf8602b17e2d38ef2658c7fac7384a'],
      '0758c27c01cc9267e0866dbd91d671754023f1c5c50529935c7db19baf52c4cb'],
  ];
  for (const [k, secret, commitment, contributions, seed] of seeds) {
    assert.equal(toHex(F.secretCommitment(fromHex(secret))), commitment);
    assert.equal(toHex(F.handSeed(fromHex(secret), k, contributions.map(fromHex))), seed, `hand ${k}`);
  }
});

test('secret commitments and hand seeds match Python hashlib', () => {
  const secret = rnd(32), contributions = [rnd(32), new Uint8Array(0), rnd(32), rnd(32)];
  const k = 7;
  const script = [
    'import sys, hashlib',
    's = bytes.fromhex(sys.argv[1]); cs = [bytes.fromhex(c) for c in sys.argv[3:]]',
    "msg = int(sys.argv[2]).to_bytes(4, 'little') + b''.join(bytes([len(c)]) + c for c in cs)",
    "print(hashlib.blake2b(s, digest_size=32).hexdigest(), hashlib.blake2b(msg, digest_size=32, key=s).hexdigest())",
  ].join('\n');
  const args = ['-c', script, toHex(secret), String(k), ...contributions.map(toHex)];
  const out = execFileSync('python3', args, { encoding: 'utf8' });
  const [commitment, seed] = out.trim().split(' ');
  assert.equal(toHex(F.secretCommitment(secret)), commitment);
  assert.equal(toHex(F.handSeed(secret, k, contributions)), seed);
});

// ---------------------------------------------------------------- verifyMatch

const clone = (x) => JSON.parse(JSON.stringify(x));

/** the verdict on a copy of a built match after edit(record, seen) (with the browser's memory of it,
    unless withSeen is false) */
function verifyEdited(base, edit, withSeen = true) {
  const { record, seen } = clone(base);
  edit(record, seen);
  return F.verifyMatch(record, withSeen ? seen : undefined);
}
const label = (c) => (c.hand === undefined ? c.id : `${c.id}:${c.hand}`);
const failed = (result) => result.checks.filter((c) => !c.ok).map(label).sort();
function flipHex(h, i = Math.floor(Math.random() * (h.length / 2))) {
  const b = fromHex(h);
  b[i] ^= 1 + Math.floor(Math.random() * 255);
  return toHex(b);
}
// a tile code of another kind than `code`
const otherTile = (code) => (code[1] === 'z' ? '1m' : `${code[1] === 'm' ? 1 : 9}z`);

test('a consistent record passes every check, in order', () => {
  for (const players of [3, 4]) {
    const { record, seen } = buildMatch(players);
    const r = F.verifyMatch(record, seen);
    assert.equal(r.ok, true, JSON.stringify(failed(r)));
    assert.deepEqual(r.checks.map(label), [
      'hands', 'commitment', 'contributions', 'seed:0', 'seed:1', 'seed:2', 'seen_commitment', 'contribution',
      'hand_commitment:0', 'deal:0', 'dora:0', 'hand_commitment:1', 'deal:1', 'dora:1', 'hand_commitment:2', 'deal:2', 'dora:2',
    ]);
    const alone = F.verifyMatch(record);
    assert.equal(alone.ok, true);
    assert.deepEqual(alone.checks.map((c) => c.id), ['hands', 'commitment', 'contributions', 'seed', 'seed', 'seed']);
  }
});

test('the dealt tiles are the seat’s own: wall[13i..13i+12], i = its wind', () => {
  const { record, seen } = buildMatch(4, 1, 3);
  const w = F.wall(4, fromHex(record.seeds[0]));
  // hand 0: dealer 0, so seat 3 has wind 3
  assert.deepEqual(F.dealtTiles(4, w, 3, 0), w.slice(39, 52).map((id) => F.tileName(id, [1, 1, 1])));
  assert.deepEqual([...seen.hands[0].deal].sort(), F.dealtTiles(4, w, 3, 0).sort());
  // dealer 2: seat 3 has wind 1; seat 0 has wind 2
  assert.deepEqual(F.dealtTiles(4, w, 3, 2), w.slice(13, 26).map((id) => F.tileName(id, [1, 1, 1])));
  assert.deepEqual(F.dealtTiles(4, w, 0, 2), w.slice(26, 39).map((id) => F.tileName(id, [1, 1, 1])));
});

test('one changed byte fails exactly the checks that depend on it', () => {
  for (const players of [3, 4]) {
    const base = buildMatch(players);
    const run = (edit, withSeen = true) => verifyEdited(base, edit, withSeen);

    // the secret: its commitment and every seed derived from it
    let r = run((rec) => { rec.fairness.secret = flipHex(rec.fairness.secret); });
    assert.equal(r.ok, false);
    assert.deepEqual(failed(r), ['commitment', 'seed:0', 'seed:1', 'seed:2']);

    // the published commitment: against the secret, and against the one seen live
    r = run((rec) => { rec.fairness.commitment = flipHex(rec.fairness.commitment); });
    assert.deepEqual(failed(r), ['commitment', 'seen_commitment']);

    // another seat's contribution: every seed
    r = run((rec) => { rec.fairness.contributions[0] = flipHex(rec.fairness.contributions[0]); });
    assert.deepEqual(failed(r), ['seed:0', 'seed:1', 'seed:2']);

    // this seat's own contribution as recorded: every seed, and the contribution check
    r = run((rec) => { rec.fairness.contributions[1] = flipHex(rec.fairness.contributions[1]); });
    assert.deepEqual(failed(r), ['contribution', 'seed:0', 'seed:1', 'seed:2']);

    // one seed: its derivation; with what was seen, that hand's commitment too (and perhaps its
    // deal and dora, which come from another wall now), nothing of the other hands
    r = run((rec) => { rec.seeds[1] = flipHex(rec.seeds[1]); }, false);
    assert.deepEqual(failed(r), ['seed:1']);
    r = run((rec) => { rec.seeds[1] = flipHex(rec.seeds[1]); });
    const f = failed(r);
    assert.ok(f.includes('seed:1') && f.includes('hand_commitment:1'), JSON.stringify(f));
    assert.ok(f.every((id) => ['seed:1', 'hand_commitment:1', 'deal:1', 'dora:1'].includes(id)), JSON.stringify(f));

    // what was seen live
    r = run((rec, seen) => { seen.commitment = flipHex(seen.commitment); });
    assert.deepEqual(failed(r), ['seen_commitment']);
    r = run((rec, seen) => { seen.contribution = flipHex(seen.contribution); });
    assert.deepEqual(failed(r), ['contribution']);
    r = run((rec, seen) => { seen.hands[2].commitment = flipHex(seen.hands[2].commitment); });
    assert.deepEqual(failed(r), ['hand_commitment:2']);
    r = run((rec, seen) => { seen.hands[0].deal[5] = otherTile(seen.hands[0].deal[5]); });
    assert.deepEqual(failed(r), ['deal:0']);
    r = run((rec, seen) => { seen.hands[1].dora = otherTile(seen.hands[1].dora); });
    assert.deepEqual(failed(r), ['dora:1']);
    r = run((rec, seen) => { seen.hands[1].dealer = (seen.hands[1].dealer + 1) % players; });
    assert.deepEqual(failed(r), ['deal:1']);

    // no contribution sent from this browser: no contribution check
    r = run((rec, seen) => { seen.contribution = null; });
    assert.equal(r.ok, true);
    assert.ok(!r.checks.some((c) => c.id === 'contribution'));
  }
});

test('malformed fields fail their checks with a reason instead of throwing', () => {
  const base = buildMatch(4);
  let { record, seen } = clone(base);
  record.fairness.secret = 'xyz';
  let r = F.verifyMatch(record, seen);
  assert.equal(r.ok, false);
  assert.deepEqual(failed(r), ['commitment', 'seed:0', 'seed:1', 'seed:2']);
  assert.match(r.checks.find((c) => c.id === 'commitment').detail, /not hex/);

  ({ record, seen } = clone(base));
  record.fairness.contributions.pop();
  r = F.verifyMatch(record);
  assert.deepEqual(failed(r), ['contributions', 'seed:0', 'seed:1', 'seed:2']);
  assert.match(r.checks.find((c) => c.id === 'contributions').detail, /expected 4 contributions, got 3/);

  ({ record, seen } = clone(base));
  record.seeds.pop(); // a hand seen live whose seed was not revealed
  r = F.verifyMatch(record, seen);
  assert.deepEqual(failed(r), ['deal:2', 'dora:2', 'hand_commitment:2', 'hands']);
  assert.match(r.checks.find((c) => c.id === 'hand_commitment' && c.hand === 2).detail, /no seed for hand 2/);
});

test('players from seats or mode; records without fairness data are legacy', () => {
  const { record, seen } = buildMatch(3);
  const bySeats = clone(record);
  delete bySeats.players;
  bySeats.seats = [{}, {}, {}];
  assert.equal(F.verifyMatch(bySeats, seen).ok, true);
  const byMode = clone(record);
  delete byMode.players;
  byMode.mode = '3p';
  assert.equal(F.verifyMatch(byMode, seen).ok, true);
  const wrong = clone(record);
  wrong.players = 4; // a 4-player wall: another deal, and 4 contributions expected
  assert.equal(F.verifyMatch(wrong, seen).ok, false);

  const legacy = clone(record);
  delete legacy.fairness;
  const alone = F.verifyMatch(legacy); // nothing asked of it: said to be legacy, never ok
  assert.equal(alone.ok, false);
  assert.equal(alone.legacy, true);
  assert.deepEqual(failed(alone), []);
  assert.deepEqual(F.verifyMatch(null), { ok: false, legacy: false, checks: [{ id: 'record', ok: false, detail: 'not a match record' }] });
});

// a record made to look older or shorter than it is: every check that was asked for and could
// not be made fails, and saying so (cannot), never passing by being left out
test('a downgraded record fails: fairness taken away, seeds or hands cut, contributions dropped', () => {
  for (const players of [3, 4]) {
    const base = buildMatch(players);
    const run = (edit, withSeen = true) => verifyEdited(base, edit, withSeen);
    const cannot = (r) => r.checks.filter((c) => c.cannot).map(label).sort();

    // fairness null or missing, in a match this browser saw: its commitment and contribution
    // cannot be checked; each hand it saw is still checked against the seeds (and passes)
    for (const strip of [(rec) => { rec.fairness = null; }, (rec) => { delete rec.fairness; }]) {
      const r = run(strip);
      assert.equal(r.ok, false);
      assert.equal(r.legacy, true);
      assert.deepEqual(failed(r), ['contribution', 'seen_commitment']);
      assert.deepEqual(cannot(r), ['contribution', 'seen_commitment']);
      assert.equal(r.checks.filter((c) => c.id === 'hand_commitment' && c.ok).length, 3);
    }
    // … and a seat that sent no contribution still asks for the commitment it saw
    let r = run((rec, seen) => { rec.fairness = null; seen.contribution = null; });
    assert.deepEqual(cannot(r), ['seen_commitment']);
    // fairness of another type is no legacy record: it is unreadable, and fails
    for (const bogus of [false, 0, '', 'none', []]) {
      r = run((rec) => { rec.fairness = bogus; }, false);
      assert.equal(r.legacy, false, JSON.stringify(bogus));
      assert.ok(failed(r).includes('commitment') && failed(r).includes('contributions'), JSON.stringify(bogus));
    }

    // seeds emptied, or fewer than the hands: the count fails, with or without what was seen
    for (const withSeen of [false, true]) {
      r = run((rec) => { rec.seeds = []; }, withSeen);
      assert.equal(r.ok, false);
      assert.ok(failed(r).includes('hands'), JSON.stringify(failed(r)));
      assert.deepEqual(r.checks.find((c) => c.id === 'hands').expected, 3);
      assert.deepEqual(r.checks.find((c) => c.id === 'hands').got, 0);
      r = run((rec) => { rec.seeds.pop(); }, withSeen);
      assert.ok(failed(r).includes('hands'));
      // and a legacy record cut short fails all the same
      r = run((rec) => { rec.fairness = null; rec.seeds = rec.seeds.slice(0, 1); }, withSeen);
      assert.ok(failed(r).includes('hands'));
    }
    // hands lowered to match the cut seeds: a completed match dealt one hand at least
    r = run((rec) => { rec.seeds = []; rec.hands = 0; }, false);
    assert.deepEqual(failed(r), ['hands']);
    assert.match(r.checks[0].detail, /completed match with no hand/);
    // the hands taken away, or not a count
    for (const hands of [undefined, null, '3', -1, 2.5]) {
      r = run((rec) => { rec.hands = hands; }, false);
      assert.deepEqual(failed(r), ['hands'], String(hands));
      assert.match(r.checks[0].detail, /how many hands/);
    }
    // more seeds than hands
    r = run((rec) => { rec.hands = 2; }, false);
    assert.deepEqual(failed(r), ['hands']);
    // the seeds taken away altogether
    r = run((rec) => { delete rec.seeds; }, false);
    assert.deepEqual(failed(r), ['hands']);
    assert.match(r.checks[0].detail, /no seeds/);

    // the secret kept, the contributions dropped: they cannot make the seeds, and this browser's
    // contribution is not found
    r = run((rec) => { delete rec.fairness.contributions; });
    assert.deepEqual(failed(r), ['contribution', 'contributions', 'seed:0', 'seed:1', 'seed:2']);
    // … even in a match stopped before its first deal, where no seed is checked
    r = run((rec, seen) => { delete rec.fairness.contributions; rec.seeds = []; rec.hands = 0; rec.completed = false; seen.hands = []; });
    assert.deepEqual(failed(r), ['contribution', 'contributions']);
    r = run((rec) => { rec.fairness.contributions = rec.fairness.contributions.map(() => ''); }, false);
    assert.deepEqual(failed(r), ['seed:0', 'seed:1', 'seed:2']);
  }
});
