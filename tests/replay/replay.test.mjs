// replay.test.mjs — whole recorded games replayed through the engine (ippon-replay) must give
// exactly what the logs recorded: real Tenhou games under Tenhou's rules (tenhou4/tenhou3),
// majiang-ai self-play games under the product's 4-player rules (yonma), and ippon's own
// self-play exported as tenhou.net/6 in both modes (a round trip through the log writer; its
// first dealers are random table seats, so the seats the log turns to start from the first dealer
// are checked on the way).
//
// For every hand: the deltas; for a win also who won from whom, pao, han (or the yakuman
// count), fu where the log shows it (below mangan), and the yaku as a multiset with Tenhou's
// names. A draw must not report wins. The expected values are read from the logs' own result
// element; nothing here comes from the engine under test.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const build = process.env.IPPON_BUILD_DIR;
const source = process.env.IPPON_SOURCE_DIR;
const tool = (name) => join(build, 'src', 'tools', name);
const data = join(source, 'tests', 'data', 'replay');

function run(program, args, input) {
  const r = spawnSync(program, args, { input, maxBuffer: 1 << 30, encoding: 'utf8' });
  assert.equal(r.status, 0, `${program} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r.stdout;
}

// what a log's result element says about one hand
function expectedOf(result) {
  const kind = result[0];
  if (kind !== '和了') return { draw: kind, deltas: result[1] || [0, 0, 0, 0], wins: [] };
  const deltas = [0, 0, 0, 0];
  const wins = [];
  for (let i = 1; i + 1 < result.length; i += 2) {
    result[i].forEach((d, s) => (deltas[s] += d));
    const [who, from, pao, score, ...yakuText] = result[i + 1];
    const yaku = new Map();
    let han = 0, yakuman = 0;
    for (const t of yakuText) {
      const m = /^(.*)\((\d+)飜\)$/.exec(t) || /^(.*)\(役満\)$/.exec(t);
      if (!m) continue; // English names (one Mahjong Soul sample): yaku not compared
      const name = m[1] === '抜きドラ' ? 'ドラ' : m[1];
      if (m[2] === undefined) { yakuman++; yaku.set(name + '/yakuman', (yaku.get(name + '/yakuman') || 0) + 1); }
      else { han += +m[2]; yaku.set(name, (yaku.get(name) || 0) + +m[2]); }
    }
    const fuHan = /^(\d+)符(\d+)飜/.exec(score);
    wins.push({
      who, from, pao: pao === who ? null : pao,
      han: yakuman ? null : han, fu: fuHan ? +fuHan[1] : null, yakuman,
      yaku, english: yakuText.some((t) => /^[A-Za-z]/.test(t)),
    });
  }
  return { deltas, wins };
}

function yakuOf(win) {
  const yaku = new Map();
  for (const [name0, v] of win.yaku) {
    const name = name0 === '抜きドラ' ? 'ドラ' : name0;
    if (v === 'yakuman') yaku.set(name + '/yakuman', (yaku.get(name + '/yakuman') || 0) + 1);
    else if (v > 0) yaku.set(name, (yaku.get(name) || 0) + v);
  }
  return yaku;
}

const same = (a, b) => a.size === b.size && [...a].every(([k, v]) => b.get(k) === v);

// differences between the engine's line and the log's result, as text (empty = equal)
function compare(ours, want) {
  if (ours.error) return [`engine error: ${ours.error}`];
  const out = [];
  if (JSON.stringify(ours.deltas) !== JSON.stringify(want.deltas.map((d) => d || 0)))
    out.push(`deltas ${JSON.stringify(ours.deltas)} != ${JSON.stringify(want.deltas)}`);
  const wins = ours.wins || [];
  if (wins.length !== want.wins.length) return [...out, `${wins.length} wins != ${want.wins.length}`];
  want.wins.forEach((w, i) => {
    const o = wins[i];
    if (o.who !== w.who || o.from !== w.from) out.push(`win ${i}: ${o.who}<-${o.from} != ${w.who}<-${w.from}`);
    if ((o.pao ?? null) !== w.pao) out.push(`win ${i}: pao ${o.pao} != ${w.pao}`);
    if (w.yakuman ? o.yakuman !== w.yakuman : o.han !== w.han) out.push(`win ${i}: han ${o.han}/${o.yakuman} != ${w.han}/${w.yakuman}`);
    if (w.fu !== null && o.fu !== w.fu) out.push(`win ${i}: fu ${o.fu} != ${w.fu}`);
    if (!w.english && !same(yakuOf(o), w.yaku)) out.push(`win ${i}: yaku ${JSON.stringify([...yakuOf(o)])} != ${JSON.stringify([...w.yaku])}`);
  });
  return out;
}

// replays games (JSON objects) under one rule set; returns the failures
function replayGames(games, rules) {
  const out = run(tool('ippon-replay'), ['--rules', rules], games.map((g) => JSON.stringify(g)).join('\n') + '\n');
  const lines = out.trim().split('\n').filter(Boolean).map((l) => JSON.parse(l));
  const byKey = new Map(lines.map((l) => [`${l.game}/${l.hand}`, l]));
  const failures = [];
  let hands = 0;
  games.forEach((g, gi) => {
    const tolerated = new Set((g.meta?.notes || []).map(([h]) => h));
    g.log.forEach((hand, hi) => {
      hands++;
      const ours = byKey.get(`${gi}/${hi}`);
      const diff = ours ? compare(ours, expectedOf(hand[16])) : ['no line from the engine'];
      if (diff.length && !tolerated.has(hi)) failures.push(`game ${gi} hand ${hi} [${rules}]: ${diff.join('; ')}`);
    });
  });
  return { hands, failures };
}

function check({ hands, failures }, atLeast) {
  assert.ok(hands >= atLeast, `only ${hands} hands replayed`);
  assert.deepEqual(failures.slice(0, 10), [], `${failures.length} of ${hands} hands differ`);
}

const samples = readdirSync(join(data, 'samples')).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(data, 'samples', f), 'utf8')));

test('real Tenhou 4-player games replay with their recorded results (tenhou4)', () => {
  check(replayGames(samples.filter((g) => g.meta.rules === 'tenhou4'), 'tenhou4'), 21);
});

test('real Tenhou 3-player games replay with their recorded results (tenhou3)', () => {
  check(replayGames(samples.filter((g) => g.meta.rules === 'tenhou3'), 'tenhou3'), 39);
});

test('majiang-ai self-play games replay with their results under the product rules (yonma)', () => {
  const games = gunzipSync(readFileSync(join(data, 'selfplay-majiang.jsonl.gz'))).toString('utf8')
    .trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(games.length >= 200);
  check(replayGames(games, 'yonma'), games.length);
});

test('a triple ron under Tenhou\'s 4-player rules aborts the hand (三家和了), as its log says', () => {
  const games = readFileSync(join(data, 'tenhou4-triple-ron.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  const aborted = games.flatMap((g) => g.log.filter((h) => h[16][0] === '三家和了'));
  assert.ok(aborted.length >= 3, `${aborted.length} triple-ron hands in the data`);
  check(replayGames(games, 'tenhou4'), aborted.length);
});

for (const rules of ['yonma', 'sanma']) {
  test(`ippon's own matches exported as tenhou.net/6 replay with the same results (${rules})`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'ippon-replay-'));
    try {
      const file = join(dir, 'games.jsonl');
      run(tool('ippon-sim'), ['--rules', rules, '--matches', '300', '--seed', '11', '--tenhou', file]);
      const games = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      assert.equal(games.length, 300);
      // viewers read the seats from the first dealer: log seat 0 deals the first hand (East 1),
      // whichever table seat dealt it; the title is Tenhou's two lines
      for (const g of games) {
        assert.equal(g.log[0][0][0], 0, `the first hand is East 1: ${JSON.stringify(g.log[0][0])}`);
        assert.ok(Array.isArray(g.title) && g.title.length === 2 && g.title.every((x) => typeof x === 'string'));
      }
      check(replayGames(games, rules), 300);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('a broken log gives an error line for that hand, not a crash', () => {
  const g = structuredClone(samples.find((x) => x.meta.rules === 'tenhou4'));
  const hand = g.log[0];
  const dealer = hand[0][0] % 4;
  const held = new Set([...hand[4 + 3 * dealer], hand[5 + 3 * dealer][0]]);
  const missing = [11, 12, 13, 14, 15, 16, 17, 18, 19, 41, 42, 43, 44, 45, 46, 47].find((c) => !held.has(c));
  hand[6 + 3 * dealer][0] = missing; // the dealer's first discard: a tile it does not hold
  const bad = ['{"log": 3}', 'not json', JSON.stringify(g)];
  const lines = run(tool('ippon-replay'), ['--rules', 'tenhou4'], bad.join('\n') + '\n').trim().split('\n').map((l) => JSON.parse(l));
  assert.ok(lines.length >= 3);
  for (const l of lines) assert.ok(typeof l.error === 'string' && l.error.length > 0, JSON.stringify(l));
});
