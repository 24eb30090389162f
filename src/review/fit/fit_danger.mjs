#!/usr/bin/env node
// fit_danger.mjs — fits the danger model (src/review/README.md, "Danger") and writes it as C.
//
// Reads the danger rows of the training games (CSV from `ippon-review --danger-rows`) on stdin
// and prints src/review/review_danger_model.c: the weights of a logistic regression of the label
// (the kind would deal in) on the model's inputs (the rows' x:… columns, in the C order), fitted on
// the rows that are not genbutsu (a genbutsu's probability is 0 by rule). Newton's method with a
// small ridge penalty (LAMBDA, not on the intercepts), a fixed number of steps: deterministic.
// A riichi threat's row has its inputs in the first block and zeros in the open block, an open
// threat's the other way round, each block with its own intercept: one fit is two independent ones.
//
//   build/rel/src/tools/ippon-sim --rules yonma --matches 300 --seed 9100 --tenhou /tmp/sim9100.jsonl
//   { zcat tests/data/replay/selfplay-majiang.jsonl.gz | head -250; cat /tmp/sim9100.jsonl; } \
//     | build/rel/src/tools/ippon-review --danger-rows --rules yonma \
//     | node src/review/fit/fit_danger.mjs > src/review/review_danger_model.c
//
// The module also exports readRows and fit for the test that checks the committed weights
// (tests/oracle/danger.test.mjs).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const LAMBDA = 1.0;
const STEPS = 30;
const GENBUTSU = 1;

// rows of a --danger-rows CSV: { names (the inputs), rows: [{ x, label, p, why, cls, … }] }
export function readRows(text) {
  const lines = text.split('\n').filter((l) => l.length > 0);
  if (lines.length === 0) throw new Error('no CSV header');
  const head = lines[0].split(',');
  const xs = head.map((h, i) => [h, i]).filter(([h]) => h.startsWith('x:'));
  const col = Object.fromEntries(head.map((h, i) => [h, i]));
  for (const need of ['game', 'hand', 'seat', 'opp', 'kind', 'cls', 'visible', 'why', 'threat', 'calls', 'turn', 'tenpai', 'p', 'label'])
    if (!(need in col)) throw new Error(`the CSV has no column ${need}`);
  const rows = lines.slice(1).map((line, n) => {
    const f = line.split(',');
    if (f.length !== head.length) throw new Error(`row ${n + 2}: ${f.length} fields, the header has ${head.length}`);
    const num = (name) => Number(f[col[name]]);
    return {
      game: f[col.game], hand: num('hand'), seat: num('seat'), opp: num('opp'), kind: num('kind'),
      cls: num('cls'), visible: num('visible'), why: num('why'), threat: f[col.threat], tenpai: num('tenpai'),
      turn: num('turn'), calls: num('calls'),
      x: xs.map(([, i]) => Number(f[i])), p: num('p'), label: num('label'),
    };
  });
  return { names: xs.map(([h]) => h.slice(2)), rows };
}

export const isGenbutsu = (r) => (r.why & GENBUTSU) !== 0;

// solves a·w = b (a symmetric positive definite here) by Gaussian elimination with pivoting
function solve(a, b) {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]]);
  for (let c = 0; c < n; c++) {
    let p = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(m[r][c]) > Math.abs(m[p][c])) p = r;
    [m[c], m[p]] = [m[p], m[c]];
    for (let r = c + 1; r < n; r++) {
      const k = m[r][c] / m[c][c];
      for (let j = c; j <= n; j++) m[r][j] -= k * m[c][j];
    }
  }
  const w = new Array(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let s = m[r][n];
    for (let j = r + 1; j < n; j++) s -= m[r][j] * w[j];
    w[r] = s / m[r][r];
  }
  return w;
}

// the weights of the penalised logistic regression of label on x over the non-genbutsu rows; the
// intercepts (inputs named "intercept" or "…:intercept") go unpenalised
export function fit(rows, names) {
  const data = rows.filter((r) => !isGenbutsu(r)).map((r) => ({ r, nz: r.x.flatMap((v, i) => (v === 0 ? [] : [i])) }));
  const n = data[0].r.x.length;
  const free = names.map((name) => name === 'intercept' || name.endsWith(':intercept'));
  let w = new Array(n).fill(0);
  for (let step = 0; step < STEPS; step++) {
    const g = w.map((wi, i) => (free[i] ? 0 : LAMBDA * wi));
    const h = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j && !free[i] ? LAMBDA : 0)));
    for (const { r, nz } of data) {
      let z = 0;
      for (const i of nz) z += w[i] * r.x[i];
      const p = 1 / (1 + Math.exp(-z));
      const s = p * (1 - p);
      for (const i of nz) {
        g[i] += (p - r.label) * r.x[i];
        for (const j of nz) h[i][j] += s * r.x[i] * r.x[j];
      }
    }
    const d = solve(h, g);
    w = w.map((wi, i) => wi - d[i]);
  }
  return w;
}

// the non-genbutsu deal-in rate of the rows of one threat ("riichi" or "open"): the baseline's
// probability for that threat
export function baselineRate(rows, threat) {
  const data = rows.filter((r) => !isGenbutsu(r) && r.threat === threat);
  return data.reduce((s, r) => s + r.label, 0) / data.length;
}

function main() {
  const { names, rows } = readRows(readFileSync(0, 'utf8'));
  const w = fit(rows, names);
  const counts = ['riichi', 'open'].map((threat) => {
    const all = rows.filter((r) => r.threat === threat), data = all.filter((r) => !isGenbutsu(r));
    return `${data.length} non-genbutsu ${threat} rows (of ${all.length}; rate ${baselineRate(rows, threat).toFixed(4)})`;
  });
  const lines = names.map((name, i) => `    ${w[i].toFixed(6)}, /* ${name} */`);
  process.stdout.write(`/*
 * review_danger_model.c — the danger model's weights (src/review/README.md, "Danger"), one per
 * input of ippon_danger_inputs, in ippon_danger_input_names' order. GENERATED by
 * src/review/fit/fit_danger.mjs (do not edit): a logistic regression of "the kind deals in" on
 * the inputs, over the ${counts[0]} and the
 * ${counts[1]} of the
 * first 250 games of tests/data/replay/selfplay-majiang.jsonl.gz and 300 matches of ippon-sim yonma
 * from seed 9100, ridge ${LAMBDA}. To regenerate:
 *
 *   build/rel/src/tools/ippon-sim --rules yonma --matches 300 --seed 9100 --tenhou /tmp/sim9100.jsonl
 *   { zcat tests/data/replay/selfplay-majiang.jsonl.gz | head -250; cat /tmp/sim9100.jsonl; } \\
 *     | build/rel/src/tools/ippon-review --danger-rows --rules yonma \\
 *     | node src/review/fit/fit_danger.mjs > src/review/review_danger_model.c
 */
#include "ippon/review.h"

const double ippon_danger_weights[IPPON_DANGER_INPUTS] = {
${lines.join('\n')}
};
`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
