// review_errors.test.mjs — ippon-review (src/tools/ippon_review.c) on malformed input: each bad
// game stops it with status 1 and one line naming the game, its line of stdin and why; a bad
// command line gives status 2. A good game after a good game gives one document each.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const build = process.env.IPPON_BUILD_DIR;
const source = process.env.IPPON_SOURCE_DIR ?? join(import.meta.dirname, '../..');
const tool = join(build, 'src', 'tools', 'ippon-review');
const sample = (name) => readFileSync(join(source, 'tests/data/replay/samples', name), 'utf8');
const game4 = JSON.parse(sample('tenhou4-ranked_game.json'));
const game3 = JSON.parse(sample('tenhou3-2024010120gm-00b9-0000-e324b88a.json'));

const run = (args, input) => spawnSync(tool, args, { input, encoding: 'utf8' });

test('two games in a row give two reviews', () => {
  const r = run(['--seat', '1'], JSON.stringify(game4) + '\n' + JSON.stringify(game3, null, 2) + '\n');
  assert.equal(r.status, 0, r.stderr);
  const docs = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.deepEqual(docs.map((d) => [d.seat, d.players, d.hands]), [[1, 4, 3], [1, 3, 8]]);
  for (const d of docs) assert.equal(d.summary.decisions, d.decisions.length);
});

test('malformed games are refused with the game, the line and why', () => {
  const broken = structuredClone(game4);
  broken.log[1][6] = [11, 11, 11, 11, 11]; // seat 0's discards in hand 1: tiles it does not hold
  const cases = [
    ['nope\n', /game 0 \(line 1\): not JSON: line 1, column \d+/],
    [JSON.stringify(game4) + '\n{"log": [1,\n', /game 1 \(line 2\): not JSON: line 3/],
    ['{"log": 3}\n', /game 0 \(line 1\): the game has no "log" array/],
    ['[1, 2]\n', /game 0 \(line 1\): a game is a JSON object/],
    [JSON.stringify(broken) + '\n', /game 0 \(line 1\): log\[1\]: .*seat \d/],
    ['\n', /no game on stdin/],
  ];
  for (const [input, want] of cases) {
    const r = run(['--seat', '0'], input);
    assert.equal(r.status, 1, `${input.slice(0, 40)}: status ${r.status}`);
    assert.match(r.stderr, want);
  }
});

test('a seat or rules that do not fit the game are refused', () => {
  let r = run(['--seat', '3'], JSON.stringify(game3));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /seat 3 is not at a 3-player table/);
  r = run(['--seat', '0', '--rules', 'yonma'], JSON.stringify(game3));
  assert.equal(r.status, 1);
  assert.match(r.stderr, /the game is 3-player but the rules are for 4 players/);
  for (const args of [[], ['--seat', '4'], ['--seat', 'x'], ['--seat', '0', '--rules', 'nosuch'], ['--what']]) {
    r = run(args, JSON.stringify(game4));
    assert.equal(r.status, 2, `${args.join(' ')}: status ${r.status}`);
    assert.match(r.stderr, /ippon-review: /);
  }
});
