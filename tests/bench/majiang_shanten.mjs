// majiang_shanten.mjs — the Node counterpart of bench_shanten.c: times majiang-core's
// Util.xiangting (all three forms, like ippon_shanten) on the very same hands, and prints
// both figures and their ratio.
//
// The hands are dealt exactly as bench_shanten.c deals them: mulberry32 with the same seed, a
// Fisher–Yates shuffle of the 136 tile ids, 13 and 14 tiles alternately. They are parsed into
// Shoupai objects before timing (not timed), and xiangting runs over all of them in a few passes;
// the best pass counts. If bench_shanten is found (argument, or IPPON_BUILD_DIR /
// build/ under the repository), it is run too and the ratio printed.
//
// Usage: node tests/bench/majiang_shanten.mjs [path/to/bench_shanten] [HANDS]
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const require = createRequire(path.join(here, '..', 'package.json'));
const Majiang = require('@kobalab/majiang-core');

const hands = Number(process.argv[3] ?? 100000);
const passes = 10;

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function deal(n, seed) {
  const rand = mulberry32(seed);
  const out = [];
  for (let i = 0; i < n; i++) {
    const wall = Array.from({ length: 136 }, (_, t) => t);
    for (let t = 135; t > 0; t--) {
      const j = Math.floor(rand() * (t + 1));
      [wall[t], wall[j]] = [wall[j], wall[t]];
    }
    const by = { m: '', p: '', s: '', z: '' };
    for (const id of wall.slice(0, 13 + (i & 1)).sort((a, b) => a - b)) {
      const k = id >> 2;
      by['mpsz'[Math.floor(k / 9)]] += (k % 9) + 1;
    }
    out.push(Majiang.Shoupai.fromString(Object.entries(by).filter(([, d]) => d).map(([s, d]) => s + d).join('')));
  }
  return out;
}

const shoupai = deal(hands, 20240601);
let shantenSum = 0;
for (const sp of shoupai) shantenSum += Majiang.Util.xiangting(sp);
let best = Infinity, checksum = 0;
for (let pass = 0; pass < passes; pass++) {
  const t0 = process.hrtime.bigint();
  for (const sp of shoupai) checksum += Majiang.Util.xiangting(sp);
  const ns = Number(process.hrtime.bigint() - t0) / shoupai.length;
  if (ns < best) best = ns;
}
console.log(`majiang-core Util.xiangting: ${best.toFixed(1)} ns/hand (${hands} hands, shanten sum ${shantenSum}, best of ${passes}, checksum ${checksum})`);

const candidates = [
  process.argv[2],
  process.env.IPPON_BUILD_DIR && path.join(process.env.IPPON_BUILD_DIR, 'tests/bench/bench_shanten'),
  path.join(here, '../../build/tests/bench/bench_shanten'),
].filter(Boolean);
const bench = candidates.find((p) => existsSync(p));
if (!bench) {
  console.log('bench_shanten not found: pass its path to print the ratio');
} else {
  const r = spawnSync(bench, [String(hands)], { encoding: 'utf8' });
  process.stdout.write(r.stdout);
  const m = r.stdout.match(/ippon_shanten_ns ([\d.]+)/);
  if (m) console.log(`ratio: majiang-core / ippon = ${(best / Number(m[1])).toFixed(0)}x`);
}
