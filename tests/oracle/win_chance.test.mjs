// win_chance.test.mjs — the win-chance model (src/review/README.md, "Win chance") on games it was
// not fitted on. ippon-review --win-rows gives, for every discard of any seat that leaves it
// tenpai, the model's chance that the seat wins the hand and whether it did. The model is fitted
// on the training games (the first 250 of selfplay-majiang.jsonl.gz and 300 matches of ippon-sim
// seed 6001) and checked on the held-out ones (the other 250, 300 matches of ippon-sim seed 7001,
// the real Tenhou 4p and 3p samples) against the baseline "every tenpai discard wins at the training rate": the
// Brier score, a reliability table in deciles, and that the committed weights are the fit.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brier, deciles, ipponSelfPlay, majiang, pairedGain, rowsText, samples, source } from './heldout.mjs';

const { readWinRows, fit, chance, tsumoShare } = await import(join(source, 'src/review/fit/fit_win.mjs'));

const rowsOf = (lines, rules, set) => readWinRows(rowsText('--win-rows', lines, rules)).map((r) => ({ ...r, game: `${set}:${r.game}` }));
const training = [...rowsOf(majiang.slice(0, 250), 'yonma', 'mj-train'), ...rowsOf(ipponSelfPlay(6001, 300), 'yonma', 'sim-train')];
const rate = training.reduce((s, r) => s + r.label, 0) / training.length;
const heldOut = [
  ['majiang-ai self-play, games 250-499', rowsOf(majiang.slice(250), 'yonma', 'mj')],
  ['ippon-sim yonma, seed 7001', rowsOf(ipponSelfPlay(7001, 300), 'yonma', 'sim')],
  ['Tenhou 4p samples', rowsOf(samples('tenhou4-'), 'tenhou4', 't4')],
  ['Tenhou 3p samples', rowsOf(samples('tenhou3-'), 'tenhou3', 't3')],
];
const pooled = heldOut.flatMap(([, rows]) => rows);
const baseP = () => rate;
const modelP = (r) => r.p;

test('held-out games: the win chance beats the training rate (Brier), calibrated in deciles', () => {
  console.log(`training: ${training.length} rows, won ${rate.toFixed(4)}`);
  console.log('set | rows | won | mean p | Brier model | Brier baseline | skill');
  for (const [name, rows] of [...heldOut, ['pooled held-out', pooled]]) {
    const m = brier(rows, modelP), b = brier(rows, baseP);
    const won = rows.reduce((s, r) => s + r.label, 0) / rows.length, meanP = rows.reduce((s, r) => s + r.p, 0) / rows.length;
    console.log(`${name} | ${rows.length} | ${won.toFixed(3)} | ${meanP.toFixed(3)} | ${m.toFixed(4)} | ${b.toFixed(4)} | ${((1 - m / b) * 100).toFixed(1)} %`);
    assert.ok(rows.length > 100, `${name}: only ${rows.length} rows`);
    assert.ok(m < b, `${name}: the model's Brier ${m} is not below the baseline's ${b}`);
  }
  const g = pairedGain(pooled, baseP);
  const m = brier(pooled, modelP), b = brier(pooled, baseP);
  console.log(`pooled gain ${g.mean.toExponential(3)} per row, standard error ${g.se.toExponential(3)} over ${g.games} hands (${(g.mean / g.se).toFixed(1)} SE)`);
  assert.ok(g.mean > 3 * g.se, `the gain ${g.mean} is within 3 standard errors (${g.se})`);
  assert.ok(1 - m / b >= 0.02, `the model's skill ${(1 - m / b) * 100} % is below 2 %`);
  console.log('decile | rows | mean p | observed win');
  deciles(pooled).forEach((d, i) => {
    console.log(`${i + 1} | ${d.rows} | ${d.meanP.toFixed(3)} | ${d.observed.toFixed(3)}`);
    // calibrated: each decile within 0.12 of what happened (a decile holds ~380 correlated rows)
    assert.ok(Math.abs(d.meanP - d.observed) < 0.12, `decile ${i + 1}: mean p ${d.meanP}, observed ${d.observed}`);
  });
  const wins = pooled.filter((r) => r.label), share = wins.reduce((s, r) => s + tsumoShare(r, fitted), 0) / wins.length;
  const tsumo = wins.filter((r) => r.tsumo).length / wins.length;
  console.log(`wins by tsumo: modelled share ${share.toFixed(3)}, observed ${tsumo.toFixed(3)} (${wins.length} wins)`);
  assert.ok(Math.abs(share - tsumo) < 0.1, `tsumo share ${share} against ${tsumo}`);
});

const committed = [...readFileSync(join(source, 'src/review/review_win_model.c'), 'utf8').matchAll(/^\s+(-?\d+\.\d+), \/\* (\w+) \*\/$/gm)]
  .map((m) => [m[2], Number(m[1])]);
const fitted = fit(training);

test('the committed weights are the fit of the training rows (review_win_model.c is up to date)', () => {
  assert.deepEqual(committed.map(([n]) => n), ['own', 'ron_dama', 'ron_riichi']);
  committed.forEach(([name, c], i) => assert.ok(Math.abs(c - fitted[i]) < 2e-6, `${name}: committed ${c}, fitted ${fitted[i]}`));
  // the tool's p is the formula with those weights
  for (const r of training.slice(0, 200)) assert.ok(Math.abs(r.p - chance(r, fitted)) < 2e-6, JSON.stringify(r));
});

test('the check can fail: the same chances dealt to the wrong rows do not beat the baseline', () => {
  const shuffled = pooled.map((r, i) => ({ ...r, p: pooled[(i * 7919) % pooled.length].p }));
  const g = pairedGain(shuffled, baseP);
  assert.ok(!(g.mean > 3 * g.se), `shuffled: gain ${g.mean}, standard error ${g.se}`);
});
