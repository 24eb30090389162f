// heldout.mjs — what the review's fitted models (src/review/README.md, "Danger" and "Win
// chance") are fitted and checked on: the games of the committed data (the majiang-ai self-play
// set, split into training and held-out halves; the Tenhou samples; ippon's own self-play from
// ippon-sim), the rows ippon-review prints for them, and the paired Brier gain of a model over a
// baseline with its standard error, the games as clusters.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';

const build = process.env.IPPON_BUILD_DIR;
export const source = process.env.IPPON_SOURCE_DIR ?? join(import.meta.dirname, '../..');
export const tool = (name) => join(build, 'src', 'tools', name);
const data = join(source, 'tests', 'data', 'replay');

// the majiang-ai self-play games, one JSON text each: the first 250 train, the rest are held out
export const majiang = gunzipSync(readFileSync(join(data, 'selfplay-majiang.jsonl.gz'))).toString('utf8').trim().split('\n');

// the committed Tenhou samples whose file name starts with prefix, one game per line
export const samples = (prefix) => readdirSync(join(data, 'samples')).filter((f) => f.startsWith(prefix) && f.endsWith('.json'))
  .sort().map((f) => readFileSync(join(data, 'samples', f), 'utf8').replace(/\n/g, ' '));

// ippon's own yonma self-play: `matches` matches from ippon-sim's seed
export function ipponSelfPlay(seed, matches = 100) {
  const dir = mkdtempSync(join(tmpdir(), 'ippon-heldout-'));
  try {
    const file = join(dir, 'games.jsonl');
    const r = spawnSync(tool('ippon-sim'), ['--rules', 'yonma', '--matches', String(matches), '--seed', String(seed), '--tenhou', file], { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    return readFileSync(file, 'utf8').trim().split('\n');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// the CSV ippon-review prints with `flag` (--danger-rows, --win-rows) for games under rules
// (null: Tenhou's by the game)
export function rowsText(flag, lines, rules) {
  const args = [flag, ...(rules ? ['--rules', rules] : [])];
  const r = spawnSync(tool('ippon-review'), args, { input: lines.join('\n') + '\n', encoding: 'utf8', maxBuffer: 1 << 28 });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

export const brier = (rows, p) => rows.reduce((s, r) => s + (p(r) - r.label) ** 2, 0) / rows.length;

// the paired difference baseline − model of the squared errors, per row on average, and its
// standard error with the games as clusters (rows of one game are not independent)
export function pairedGain(rows, baseP, modelP = (r) => r.p) {
  const byGame = new Map();
  for (const r of rows) {
    const d = (baseP(r) - r.label) ** 2 - (modelP(r) - r.label) ** 2;
    const g = byGame.get(r.game) ?? { sum: 0, n: 0 };
    g.sum += d; g.n += 1;
    byGame.set(r.game, g);
  }
  const n = rows.length, games = [...byGame.values()];
  const mean = games.reduce((s, g) => s + g.sum, 0) / n;
  const v = games.reduce((s, g) => s + (g.sum - mean * g.n) ** 2, 0) / (n * n) * games.length / (games.length - 1);
  return { mean, se: Math.sqrt(v), games: games.length };
}

// the rows in deciles of p: [{ rows, meanP, observed }]
export function deciles(rows) {
  const sorted = [...rows].sort((x, y) => x.p - y.p);
  return Array.from({ length: 10 }, (_, d) => {
    const bin = sorted.slice(Math.floor((d * sorted.length) / 10), Math.floor(((d + 1) * sorted.length) / 10));
    return { rows: bin.length, meanP: bin.reduce((s, r) => s + r.p, 0) / bin.length, observed: bin.reduce((s, r) => s + r.label, 0) / bin.length };
  });
}
