// selfplay.test.mjs — property tests of the match state machine over bot-only self-play, and the
// bots' playing strength, both through ippon-sim.
//
// With --check, after every action of every match: every tile of the wall is in exactly one
// place; points plus the sticks on the table equal the starting total; a seat with a pending
// decision has at least one legal action; actions by a seat that is not asked, of a type it is
// not offered, or with tiles it does not hold are refused and change nothing; every hand and
// every match ends; the results of every finished match sum to 0. At least 100,000 hands per mode.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

const sim = join(process.env.IPPON_BUILD_DIR, 'src', 'tools', 'ippon-sim');

function simulate(args) {
  const r = spawnSync(sim, [...args, '--json'], { encoding: 'utf8', maxBuffer: 1 << 24 });
  assert.equal(r.status, 0, `ippon-sim ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

for (const rules of ['yonma', 'sanma']) {
  test(`every invariant holds over 100,000 self-play hands (${rules})`, () => {
    const s = simulate(['--rules', rules, '--hands', '100000', '--seed', '2026', '--check']);
    assert.ok(s.hands >= 100000, `${s.hands} hands`);
    assert.equal(s.checked, true);
    assert.equal(s.invariants_held, true);
  });
}

test('the bots play like fair casual players (4p, 10,000+ hands)', () => {
  const s = simulate(['--rules', 'yonma', '--hands', '10000', '--seed', '42']);
  assert.ok(s.win_rate >= 0.18 && s.win_rate <= 0.25, `win rate ${s.win_rate}`);
  assert.ok(s.deal_in_rate < 0.15, `deal-in rate ${s.deal_in_rate}`);
  assert.ok(s.average_win >= 5000, `average win ${s.average_win}`);
});

test('the bots deal in less than 15 % of hands in 3p too (10,000+ hands)', () => {
  const s = simulate(['--rules', 'sanma', '--hands', '10000', '--seed', '42']);
  assert.ok(s.deal_in_rate < 0.15, `deal-in rate ${s.deal_in_rate}`);
  assert.ok(s.draw_rate < 0.3, `draw rate ${s.draw_rate}`);
});

test('a bad command line is refused with a message', () => {
  for (const args of [['--rules', 'nonsense'], ['--matches', '-3'], ['--hands', 'x'], ['--bogus']]) {
    const r = spawnSync(sim, args, { encoding: 'utf8' });
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /ippon-sim: /);
  }
});
