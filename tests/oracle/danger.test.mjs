// danger.test.mjs — the danger model (src/review/README.md, "Danger") checked on games it was not
// fitted on. ippon-review --danger-rows gives, for every seat's discard decision while another
// seat threatens (in riichi, or an open hand that looks tenpai), one row per (legal kind,
// threatening opponent) with the threat kind, the model's probability p, the label the engine
// knows (the kind would deal in) and whether the opponent is tenpai. The test recomputes from the
// committed data, for each threat kind: the baseline's rate (every non-genbutsu kind equally
// dangerous, genbutsu 0) on the training games (the first 250 of selfplay-majiang.jsonl.gz and 300
// matches of ippon-sim from seed 9100), and
// on the held-out games (the other 250, ippon's own yonma self-play from ippon-sim seed 7001, the
// real Tenhou 4p and 3p samples) the Brier scores of the model and of the baseline and a
// reliability table, which it prints. It fails unless, for each threat kind, the model beats the
// baseline on the pooled held-out rows by more than three standard errors of the paired
// difference (games as clusters) and by at least 1.5 % of the baseline's score, and is no worse
// on each held-out set with enough rows; unless most open threats are really tenpai (the "looks
// tenpai" rule's justification); unless no genbutsu row deals in (a genbutsu can no longer be
// ronned); and unless the committed weights are the fit of the training rows
// (src/review/fit/fit_danger.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brier, deciles, ipponSelfPlay, majiang, pairedGain, rowsText, samples, source, tool } from './heldout.mjs';

const { readRows, fit, baselineRate, isGenbutsu } = await import(join(source, 'src/review/fit/fit_danger.mjs'));

// the danger rows of games (JSON texts, one per line) under rules (null: Tenhou's by the game)
function rowsOf(lines, rules, set) {
  const { rows } = readRows(rowsText('--danger-rows', lines, rules));
  for (const row of rows) row.game = `${set}:${row.game}`;
  return rows;
}

// the training games: majiang-ai's first 250, and 300 of ippon's from seed 9100 (the held-out
// ones are from seed 7001: other games)
const training = [...rowsOf(majiang.slice(0, 250), 'yonma', 'train'), ...rowsOf(ipponSelfPlay(9100, 300), 'yonma', 'train-sim')];
const THREATS = ['riichi', 'open'];
const rate = Object.fromEntries(THREATS.map((t) => [t, baselineRate(training, t)]));

const heldOut = [
  ['majiang-ai self-play, games 250-499', rowsOf(majiang.slice(250), 'yonma', 'mj')],
  ['ippon-sim yonma, seed 7001', rowsOf(ipponSelfPlay(7001, 100), 'yonma', 'sim')],
  ['Tenhou 4p samples', rowsOf(samples('tenhou4-'), 'tenhou4', 't4')],
  ['Tenhou 3p samples', rowsOf(samples('tenhou3-'), 'tenhou3', 't3')],
];
const pooled = heldOut.flatMap(([, rows]) => rows);
const ofThreat = (rows, threat) => rows.filter((r) => r.threat === threat);

const baseP = (r) => (isGenbutsu(r) ? 0 : rate[r.threat]);
const modelP = (r) => r.p;

// a set's rows of one threat kind are checked one by one when they are at least this many (the
// Tenhou samples hold few open threats: they count in the pooled rows only)
const MIN_ROWS = 500;

for (const threat of THREATS) {
  test(`held-out games, ${threat} threats: the model beats the baseline (Brier), and the reliability table`, () => {
    const pool = ofThreat(pooled, threat);
    console.log(`${threat}: training ${ofThreat(training, threat).length} rows, baseline rate (non-genbutsu deal-in) ${rate[threat].toFixed(4)}`);
    console.log('set | rows | deal-in rate | Brier model | Brier baseline | skill');
    for (const [name, all] of [...heldOut, ['pooled held-out', pooled]]) {
      const rows = ofThreat(all, threat);
      if (rows.length === 0) continue;
      const m = brier(rows, modelP), b = brier(rows, baseP);
      const dealIn = rows.reduce((s, r) => s + r.label, 0) / rows.length;
      console.log(`${name} | ${rows.length} | ${dealIn.toFixed(4)} | ${m.toFixed(5)} | ${b.toFixed(5)} | ${((1 - m / b) * 100).toFixed(1)} %`);
      if (rows.length >= MIN_ROWS) assert.ok(m < b, `${name}: the model's Brier ${m} is not below the baseline's ${b}`);
    }
    assert.ok(pool.length > 5000, `only ${pool.length} pooled ${threat} rows`);
    const g = pairedGain(pool, baseP);
    const m = brier(pool, modelP), b = brier(pool, baseP);
    console.log(`pooled gain ${g.mean.toExponential(3)} per row, standard error ${g.se.toExponential(3)} over ${g.games} games (${(g.mean / g.se).toFixed(1)} SE)`);
    assert.ok(g.mean > 3 * g.se, `the gain ${g.mean} is within 3 standard errors (${g.se})`);
    assert.ok(1 - m / b >= 0.015, `the model's skill ${(1 - m / b) * 100} % is below 1.5 %`);

    // reliability: genbutsu (p = 0), then the other rows in deciles of p
    const gen = pool.filter(isGenbutsu);
    console.log('bin | rows | mean p | observed deal-in');
    console.log(`genbutsu | ${gen.length} | 0.0000 | ${(gen.reduce((s, r) => s + r.label, 0) / gen.length).toFixed(4)}`);
    deciles(pool.filter((r) => !isGenbutsu(r))).forEach((bin, d) =>
      console.log(`decile ${d + 1} | ${bin.rows} | ${bin.meanP.toFixed(4)} | ${bin.observed.toFixed(4)}`));
  });
}

// the share of (decision, open opponent) pairs whose opponent is tenpai: one row per pair, the
// pair named by the game, hand, deciding seat, opponent and the opponent's discards and calls
function tenpaiShare(rows) {
  const pairs = new Map();
  for (const r of ofThreat(rows, 'open')) pairs.set(`${r.game}/${r.hand}/${r.seat}/${r.opp}/${r.turn}/${r.calls}`, r.tenpai);
  return { pairs: pairs.size, share: [...pairs.values()].reduce((s, t) => s + t, 0) / pairs.size };
}

test('the open hands that look tenpai mostly are: the rule is read from visible calls and turns', () => {
  console.log('set | open threats (decision, opponent) | really tenpai');
  for (const [name, rows] of [['training', training], ...heldOut, ['pooled held-out', pooled]]) {
    const { pairs, share } = tenpaiShare(rows);
    if (pairs > 0) console.log(`${name} | ${pairs} | ${share.toFixed(3)}`);
  }
  assert.ok(tenpaiShare(pooled).share > 0.5, 'most open threats must be tenpai');
  // a riichi threat is always tenpai
  assert.equal(ofThreat(pooled, 'riichi').filter((r) => !r.tenpai).length, 0);
});

test('no genbutsu deals in: its kind is furiten for the opponent', () => {
  const bad = [...training, ...pooled].filter((r) => isGenbutsu(r) && r.label === 1);
  assert.equal(bad.length, 0, JSON.stringify(bad.slice(0, 3)));
  for (const threat of THREATS) assert.ok(ofThreat(pooled, threat).filter(isGenbutsu).length > 1000, threat);
});

test('the committed weights are the fit of the training rows (review_danger_model.c is up to date)', () => {
  const text = readFileSync(join(source, 'src/review/review_danger_model.c'), 'utf8');
  const committed = [...text.matchAll(/^\s+(-?\d+\.\d+), \/\* (.+) \*\/$/gm)].map((m) => [m[2], Number(m[1])]);
  const names = readRows(spawnSync(tool('ippon-review'), ['--danger-rows'], { input: majiang[0], encoding: 'utf8' }).stdout).names;
  assert.deepEqual(committed.map(([n]) => n), names);
  const w = fit(training, names);
  committed.forEach(([name, c], i) => assert.ok(Math.abs(c - w[i]) < 2e-6, `${name}: committed ${c}, fitted ${w[i]}`));
});

test('the check can fail: the same probabilities dealt to the wrong rows do not beat the baseline', () => {
  const shuffled = pooled.map((r, i) => ({ ...r, p: pooled[(i * 7919) % pooled.length].p }));
  const g = pairedGain(shuffled, baseP);
  assert.ok(!(g.mean > 3 * g.se), `shuffled: gain ${g.mean}, standard error ${g.se}`);
});
