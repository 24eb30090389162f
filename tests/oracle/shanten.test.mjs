// shanten.test.mjs — differential test of the core's shanten, waits and ukeire against
// majiang-core (@kobalab/majiang-core, Util.xiangting / xiangting_yiban / xiangting_qidui /
// xiangting_guoshi / tingpai), the community's reference implementation.
//
// How it works: a fixed-seed PRNG (mulberry32, written out below so the hands never change)
// shuffles a 136-tile wall (one red five per suit) and deals hands; every hand is written in
// short notation ("123m0p11z", melds as " melds=N") to one run of `ippon-shanten` (found under
// IPPON_BUILD_DIR, set by ctest), whose JSON lines are compared field by field with majiang-core
// on the same hand ("m1230p11z" in its notation). Hand sets:
//   - 100,000 random 13- and 14-tile hands from a full wall (shanten and each form);
//   - 20,000 one- and two-suit hands (chinitsu/honitsu shapes, where decompositions compete);
//   - 10,000 hands with 1–4 melds (pon/chi strings given to majiang-core, " melds=N" to us);
//   - 4,000 tenpai hands (a random complete hand minus one tile, 7 pairs or kokushi among
//     them): waits against Util.tingpai;
//   - 2,000 random 13-tile hands: ukeire (tiles that lower the shanten) against Util.tingpai;
//   - exhaustive shapes: every honor-only hand and every 16th one-suit (sou) hand of 13 − 3m and
//     14 − 3m tiles for m = 0..4 melds (where uses of a 4th copy and long connected shapes
//     compete), shanten, and ukeire of those of 13 − 3m tiles that are at most iishanten.
// Any mismatch fails the test and the first ones are printed. IPPON_ORACLE_SCALE=N multiplies
// the random sets (for long runs by hand).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';

const require = createRequire(import.meta.url);
const Majiang = require('@kobalab/majiang-core');

const buildDir = process.env.IPPON_BUILD_DIR ?? path.resolve(import.meta.dirname ?? '.', '../../build');
const tool = path.join(buildDir, 'src/tools/ippon-shanten');
const scale = Number(process.env.IPPON_ORACLE_SCALE ?? 1);

// ---- deterministic dealing --------------------------------------------------------------

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

const SUITS = ['m', 'p', 's', 'z'];

// a tile id 0..135 (kind*4 + copy); copy 0 of a suited five is red
const kindOf = (id) => id >> 2;
const isRed = (id) => (id & 3) === 0 && kindOf(id) < 27 && kindOf(id) % 9 === 4;

function shuffled(rand, ids) {
  const wall = ids.slice();
  for (let i = wall.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [wall[i], wall[j]] = [wall[j], wall[i]];
  }
  return wall;
}

const ALL_IDS = Array.from({ length: 136 }, (_, i) => i);

// digits per suit of a list of tile ids, sorted, red fives as 0
function digitsBySuit(ids) {
  const by = { m: [], p: [], s: [], z: [] };
  for (const id of ids.slice().sort((a, b) => a - b)) {
    const k = kindOf(id);
    by[SUITS[Math.floor(k / 9)]].push(isRed(id) ? 0 : (k % 9) + 1);
  }
  return by;
}

// ours: "123m0p11z"; majiang-core: "m1230p11z" (suit letter first)
function ourNotation(ids) {
  const by = digitsBySuit(ids);
  return SUITS.filter((s) => by[s].length).map((s) => by[s].join('') + s).join('');
}
function majiangNotation(ids) {
  const by = digitsBySuit(ids);
  return SUITS.filter((s) => by[s].length).map((s) => s + by[s].join('')).join('');
}

// majiang-core's kinds ("m1".."z7") as our short notation ("1m…7z"), in our kind order
function kindsNotation(list) {
  const by = { m: [], p: [], s: [], z: [] };
  for (const p of list) by[p[0]].push(+p[1] === 0 ? 5 : +p[1]);
  return SUITS.filter((s) => by[s].length)
    .map((s) => [...new Set(by[s])].sort((a, b) => a - b).join('') + s)
    .join('');
}

// ---- the two engines ----------------------------------------------------------------------

function runTool(lines) {
  const r = spawnSync(tool, [], { input: lines.join('\n') + '\n', maxBuffer: 1 << 30, encoding: 'utf8' });
  assert.equal(r.status, 0, `ippon-shanten failed: ${r.stderr}`);
  const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(out.length, lines.length, 'one output line per hand');
  return out;
}

const finite = (x) => (x === Infinity ? null : x);

// a case: { ours: "123m… melds=N", theirs: "m123…,z111=", tiles (concealed count), melds }
function compareShanten(cases) {
  const got = runTool(cases.map((c) => c.ours));
  const mismatches = [];
  for (let i = 0; i < cases.length; i++) {
    const sp = Majiang.Shoupai.fromString(cases[i].theirs);
    const want = {
      shanten: Majiang.Util.xiangting(sp),
      standard: Majiang.Util.xiangting_yiban(sp),
      chiitoi: finite(Majiang.Util.xiangting_qidui(sp)),
      kokushi: finite(Majiang.Util.xiangting_guoshi(sp)),
    };
    const g = got[i];
    for (const field of Object.keys(want))
      if (g[field] !== want[field]) {
        mismatches.push(`${cases[i].ours}: ${field} ours ${g[field]} majiang ${want[field]} (${g.error ?? ''})`);
        break;
      }
  }
  return mismatches;
}

// compares our `field` ("waits" or "ukeire") with Util.tingpai on 13 − 3·melds tile hands
function compareTingpai(cases, field, tenpaiOnly) {
  const got = runTool(cases.map((c) => c.ours));
  const mismatches = [];
  let compared = 0;
  for (let i = 0; i < cases.length; i++) {
    const sp = Majiang.Shoupai.fromString(cases[i].theirs);
    if (tenpaiOnly && Majiang.Util.xiangting(sp) !== 0) continue;
    compared++;
    const want = kindsNotation(Majiang.Util.tingpai(sp));
    if (got[i][field] !== want) mismatches.push(`${cases[i].ours}: ${field} ours "${got[i][field]}" majiang "${want}"`);
  }
  return { mismatches, compared };
}

function report(name, n, mismatches) {
  if (mismatches.length) console.log(`${name}: ${mismatches.length} mismatches of ${n}\n  ` + mismatches.slice(0, 20).join('\n  '));
  assert.equal(mismatches.length, 0, `${name}: ${mismatches.length} mismatches of ${n}`);
}

// ---- hand sets ---------------------------------------------------------------------------

function randomHands(seed, n) {
  const rand = mulberry32(seed);
  const cases = [];
  for (let i = 0; i < n; i++) {
    const wall = shuffled(rand, ALL_IDS);
    const tiles = wall.slice(0, 13 + (i & 1));
    cases.push({ ours: ourNotation(tiles), theirs: majiangNotation(tiles) });
  }
  return cases;
}

// hands from a wall of one suit (+ honors half the time) or two suits: long connected shapes
function concentratedHands(seed, n) {
  const rand = mulberry32(seed);
  const cases = [];
  for (let i = 0; i < n; i++) {
    const a = Math.floor(rand() * 3), b = Math.floor(rand() * 4);
    const suits = i % 3 === 0 ? [a] : i % 3 === 1 ? [a, 3] : [a, b];
    const ids = ALL_IDS.filter((id) => suits.includes(Math.floor(kindOf(id) / 9)));
    const tiles = shuffled(rand, ids).slice(0, 13 + (i & 1));
    cases.push({ ours: ourNotation(tiles), theirs: majiangNotation(tiles) });
  }
  return cases;
}

// hands with 1–4 melds: pon or chi taken from the wall, then 13 − 3m or 14 − 3m concealed tiles
function meldHands(seed, n) {
  const rand = mulberry32(seed);
  const cases = [];
  for (let i = 0; i < n; i++) {
    let wall = shuffled(rand, ALL_IDS);
    const melds = 1 + Math.floor(rand() * 4);
    const meldStrings = [];
    for (let m = 0; m < melds; m++) {
      const k = kindOf(wall[0]);
      const s = SUITS[Math.floor(k / 9)], d = (k % 9) + 1;
      const chi = k < 27 && d <= 7 && rand() < 0.5;
      const want = chi ? [k, k + 1, k + 2] : [k, k, k];
      const taken = [];
      for (const kk of want) {
        const j = wall.findIndex((id, idx) => kindOf(id) === kk && !taken.includes(idx));
        if (j >= 0) taken.push(j);
      }
      if (taken.length < 3) continue;
      wall = wall.filter((_, idx) => !taken.includes(idx));
      meldStrings.push(chi ? `${s}${d}-${d + 1}${d + 2}` : `${s}${d}${d}${d}=`);
    }
    const m = meldStrings.length;
    const tiles = wall.slice(0, 13 - 3 * m + (i & 1));
    cases.push({
      ours: ourNotation(tiles) + ` melds=${m}`,
      theirs: [majiangNotation(tiles), ...meldStrings].join(','),
    });
  }
  return cases;
}

// tenpai hands: a random complete hand (4 sets + pair, 7 pairs, or kokushi) minus one tile
function tenpaiHands(seed, n) {
  const rand = mulberry32(seed);
  const cases = [];
  const pick = (k) => Math.floor(rand() * k);
  while (cases.length < n) {
    const counts = new Array(34).fill(0);
    const kinds = [];
    const add = (k) => { counts[k]++; kinds.push(k); };
    const form = cases.length % 10;
    let ok = true;
    if (form === 8) { // seven pairs
      const ks = shuffled(rand, Array.from({ length: 34 }, (_, k) => k)).slice(0, 7);
      for (const k of ks) { add(k); add(k); }
    } else if (form === 9) { // kokushi
      const yao = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
      for (const k of yao) add(k);
      add(yao[pick(13)]);
    } else {
      const oneSuit = form >= 5 ? pick(3) : -1; // half of them chinitsu-like
      for (let set = 0; set < 4 && ok; set++) {
        const suit = oneSuit >= 0 ? oneSuit : pick(4);
        if (suit < 3 && rand() < 0.6) { const k = suit * 9 + pick(7); add(k); add(k + 1); add(k + 2); }
        else { const k = suit < 3 ? suit * 9 + pick(9) : 27 + pick(7); add(k); add(k); add(k); }
      }
      const ps = oneSuit >= 0 ? oneSuit : pick(4);
      const pk = ps < 3 ? ps * 9 + pick(9) : 27 + pick(7);
      add(pk); add(pk);
      ok = counts.every((c) => c <= 4);
    }
    if (!ok) continue;
    kinds.splice(pick(kinds.length), 1);
    // tile ids: copy 1.. so that no red five appears (copy 0 would be red)
    const used = new Array(34).fill(0);
    const tiles = kinds.map((k) => k * 4 + ((used[k]++ + 1) % 4));
    cases.push({ ours: ourNotation(tiles), theirs: majiangNotation(tiles) });
  }
  return cases;
}

// every hand of one suit ('s' or 'z') with 13 − 3m or 14 − 3m tiles, m = 0..4; every `stride`-th
function exhaustiveHands(suit, stride) {
  const kinds = suit === 'z' ? 7 : 9;
  const cases = [];
  let i = 0;
  for (let melds = 0; melds <= 4; melds++)
    for (const n of [13 - 3 * melds, 14 - 3 * melds]) {
      const c = new Array(kinds).fill(0);
      const rec = (k, left) => {
        if (k === kinds) {
          if (left === 0 && i++ % stride === 0) {
            const digits = c.map((v, d) => String(d + 1).repeat(v)).join('');
            cases.push({
              ours: digits + suit + (melds ? ` melds=${melds}` : ''),
              theirs: [suit + digits, ...Array(melds).fill('m777=')].join(','),
              ting: n === 13 - 3 * melds,
            });
          }
          return;
        }
        for (let v = 0; v <= 4 && v <= left; v++) {
          c[k] = v;
          rec(k + 1, left - v);
        }
        c[k] = 0;
      };
      rec(0, n);
    }
  return cases;
}

// ---- the tests ---------------------------------------------------------------------------

test('ippon-shanten is built', () => {
  assert.ok(existsSync(tool), `${tool} not found (set IPPON_BUILD_DIR)`);
});

test('shanten of 100,000 random 13/14-tile hands equals majiang-core', () => {
  const n = 100000 * scale;
  report('random', n, compareShanten(randomHands(20240601, n)));
});

test('shanten of one- and two-suit hands equals majiang-core', () => {
  const n = 20000 * scale;
  report('concentrated', n, compareShanten(concentratedHands(7, n)));
});

test('shanten of hands with melds equals majiang-core', () => {
  const n = 10000 * scale;
  report('melds', n, compareShanten(meldHands(99, n)));
});

test('waits of tenpai hands equal majiang-core tingpai', () => {
  const n = 4000 * scale;
  const { mismatches, compared } = compareTingpai(tenpaiHands(12345, n), 'waits', true);
  assert.ok(compared > n * 0.9, `only ${compared} tenpai hands`);
  report('waits', compared, mismatches);
});

test('ukeire of random 13-tile hands equals majiang-core tingpai', () => {
  const n = 2000 * scale;
  const cases = randomHands(555, 2 * n).filter((_, i) => i % 2 === 0);
  const meld = meldHands(556, 2 * n).filter((_, i) => i % 2 === 0);
  const { mismatches, compared } = compareTingpai([...cases, ...meld.slice(0, n / 4)], 'ukeire', false);
  report('ukeire', compared, mismatches);
});

test('shanten and ukeire of every honor-only hand and every 16th one-suit hand equal majiang-core', () => {
  const cases = [...exhaustiveHands('z', 1), ...exhaustiveHands('s', 16)];
  report('exhaustive shanten', cases.length, compareShanten(cases));
  const ting = cases.filter((c) => c.ting && Majiang.Util.xiangting(Majiang.Shoupai.fromString(c.theirs)) <= 1);
  const { mismatches, compared } = compareTingpai(ting, 'ukeire', false);
  report('exhaustive ukeire', compared, mismatches);
});

test('bad lines give an error and the tool goes on', () => {
  const got = runTool(['12x', '11111m', '123m melds=9', '19m19p19s1234567z']);
  assert.ok(got[0].error && got[1].error && got[2].error);
  assert.equal(got[3].shanten, 0);
  assert.equal(got[3].waits, '19m19p19s1234567z');
});
