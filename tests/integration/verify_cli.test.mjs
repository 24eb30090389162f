// verify_cli.test.mjs — ippon-verify (src/tools/ippon_verify.c) given records that were made to
// look older or shorter than they are. Consistent records are built with the browser's own
// implementation of the scheme (tests/web/fairness_records.mjs on web/js/fairness.js), then
// downgraded: fairness taken away, seeds emptied or cut, hands taken away or changed,
// contributions dropped. A check the user asked for (--commitment, --contribution,
// --hand-commitment) that the record cannot answer must fail (exit 1, a CANNOT line naming it),
// the record's hands must match its seeds, and nothing of the kind may end in "every check
// passed". A record from before the contributions, of which nothing is asked, says so plainly.
// No server: the records are files.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { BUILD_DIR, verifyRecord } from './harness.mjs';
import { buildMatch } from '../web/fairness_records.mjs';

const TOOL = path.join(BUILD_DIR, 'src/tools/ippon-verify');

/** the human-readable report: { code, stdout, stderr } */
function verifyText(file, args = []) {
  return new Promise((resolve) => execFile(TOOL, [...args, file],
    (err, stdout, stderr) => resolve({ code: err ? err.code : 0, stdout, stderr })));
}

/** what the player asks of the record: its commitment, its contribution, every hand's commitment */
function askAll(seen) {
  return ['--commitment', seen.commitment, '--contribution', `${seen.seat}:${seen.contribution}`,
    ...seen.hands.flatMap((h) => ['--hand-commitment', `${h.k + 1}:${h.commitment}`])];
}

const label = (c) => (c.hand === undefined ? c.check : `${c.check}:${c.hand}`);
const failed = (out) => out.checks.filter((c) => !c.ok).map(label).sort();
const cannot = (out) => out.checks.filter((c) => c.cannot).map((c) => `${label(c)}:${c.cannot}`).sort();

/** a copy of the record changed by edit */
function downgrade(record, edit) {
  const copy = structuredClone(record);
  edit(copy);
  return copy;
}

test('a consistent record passes every check asked of it, each hand\'s commitment too', async () => {
  for (const players of [3, 4]) {
    const { record, seen } = buildMatch(players, 3, 1);
    const cli = await verifyRecord(record, askAll(seen));
    assert.equal(cli.code, 0, `${cli.stderr} ${JSON.stringify(cli.out)}`);
    assert.equal(cli.out.ok, true);
    assert.equal(cli.out.legacy, false);
    assert.deepEqual(cli.out.checks.map(label), ['hands', 'commitment', 'seen_commitment', 'contributions',
      'contribution', 'seed:1', 'hand_commitment:1', 'seed:2', 'hand_commitment:2', 'seed:3', 'hand_commitment:3']);
    const text = await verifyText(cli.file, askAll(seen));
    assert.equal(text.code, 0);
    assert.match(text.stdout, /every check passed/);
    assert.match(text.stdout, /ok {7}3 hands dealt, 3 seeds/);
  }
});

test('fairness null or missing: the commitment and contribution asked for cannot be checked, exit 1', async () => {
  const { record, seen } = buildMatch(4, 1, 1);
  for (const strip of [(r) => { r.fairness = null; }, (r) => { delete r.fairness; }]) {
    const bad = downgrade(record, strip);
    const cli = await verifyRecord(bad, askAll(seen));
    assert.equal(cli.code, 1, `${cli.stderr} ${JSON.stringify(cli.out)}`);
    assert.equal(cli.out.ok, false);
    assert.equal(cli.out.legacy, true);
    assert.deepEqual(failed(cli.out), ['contribution', 'seen_commitment']);
    assert.deepEqual(cannot(cli.out), ['contribution:no_fairness', 'seen_commitment:no_fairness']);
    // the hand's commitment still checks against its seed
    assert.ok(cli.out.checks.some((c) => c.check === 'hand_commitment' && c.ok));
    const text = await verifyText(cli.file, askAll(seen));
    assert.equal(text.code, 1);
    assert.match(text.stdout, /^ {2}CANNOT {3}the commitment you were sent \([0-9a-f]{64}\) cannot be checked: the record has no fairness data/m);
    assert.match(text.stdout, /^ {2}CANNOT {3}seat 1's contribution cannot be checked/m);
    assert.match(text.stdout, /^CANNOT CHECK: /m);
    assert.doesNotMatch(text.stdout, /every check passed|no secret to check/);
  }
  // either option alone is a check asked for
  const bare = downgrade(record, (r) => { r.fairness = null; });
  let cli = await verifyRecord(bare, ['--commitment', seen.commitment]);
  assert.equal(cli.code, 1);
  assert.deepEqual(cannot(cli.out), ['seen_commitment:no_fairness']);
  cli = await verifyRecord(bare, ['--contribution', `1:${seen.contribution}`]);
  assert.equal(cli.code, 1);
  assert.deepEqual(cannot(cli.out), ['contribution:no_fairness']);
});

test('a record from before contributions, asked nothing, says so plainly and never "every check passed"', async () => {
  const { record } = buildMatch(4, 2);
  const legacy = downgrade(record, (r) => { r.fairness = null; });
  const cli = await verifyRecord(legacy);
  assert.equal(cli.code, 0, `${cli.stderr} ${JSON.stringify(cli.out)}`);
  assert.equal(cli.out.legacy, true);
  assert.equal(cli.out.ok, false, 'nothing was checked against a secret');
  assert.deepEqual(cli.out.checks.map(label), ['hands']);
  const text = await verifyText(cli.file);
  assert.equal(text.code, 0);
  assert.match(text.stdout, /no secret to check: stored before contributions/);
  assert.doesNotMatch(text.stdout, /every check passed/);
});

test('hands and seeds must agree: seeds emptied or cut, hands missing or changed', async () => {
  const { record, seen } = buildMatch(4, 1, 1);
  const cases = [
    ['seeds emptied on a one-hand match', (r) => { r.seeds = []; }, /1 hand dealt, 0 seeds: not one seed per hand/],
    ['seeds emptied, and no fairness', (r) => { r.seeds = []; r.fairness = null; }, /1 hand dealt, 0 seeds/],
    ['hands taken away', (r) => { delete r.hands; }, /does not say how many hands were dealt/],
    ['hands not a number', (r) => { r.hands = '1'; }, /does not say how many hands were dealt/],
    ['hands more than seeds', (r) => { r.hands = 2; }, /2 hands dealt, 1 seed: not one seed per hand/],
    ['hands and seeds both emptied on a completed match', (r) => { r.hands = 0; r.seeds = []; }, /completed match with no hand dealt/],
  ];
  for (const [what, edit, detail] of cases) {
    const cli = await verifyRecord(downgrade(record, edit));
    assert.equal(cli.code, 1, `${what}: ${cli.stderr} ${JSON.stringify(cli.out)}`);
    const hands = cli.out.checks.find((c) => c.check === 'hands');
    assert.equal(hands.ok, false, what);
    assert.match(hands.detail, detail, what);
    const text = await verifyText(cli.file);
    assert.match(text.stdout, /^ {2}MISMATCH /m, what);
    assert.doesNotMatch(text.stdout, /every check passed|no secret to check/, what);
  }
  // three hands, one seed kept: the hands asked about beyond it cannot be checked
  const three = buildMatch(4, 3, 1);
  const cut = downgrade(three.record, (r) => { r.seeds = r.seeds.slice(0, 1); });
  const cli = await verifyRecord(cut, askAll(three.seen));
  assert.equal(cli.code, 1);
  assert.deepEqual(failed(cli.out), ['hand_commitment:2', 'hand_commitment:3', 'hands']);
  assert.deepEqual(cannot(cli.out), ['hand_commitment:2:no_seed', 'hand_commitment:3:no_seed']);
  // a match stopped before its first deal has no hand and no seed: that agrees
  const early = downgrade(record, (r) => { r.hands = 0; r.seeds = []; r.completed = false; });
  const ok = await verifyRecord(early, ['--commitment', seen.commitment]);
  assert.equal(ok.code, 0, JSON.stringify(ok.out));
});

test('the secret kept, the contributions dropped: they cannot make the seeds, and yours is not found', async () => {
  const { record, seen } = buildMatch(3, 2, 0);
  let cli = await verifyRecord(downgrade(record, (r) => { delete r.fairness.contributions; }), askAll(seen));
  assert.equal(cli.code, 1, `${cli.stderr} ${JSON.stringify(cli.out)}`);
  assert.deepEqual(failed(cli.out), ['contribution', 'contributions', 'seed:1', 'seed:2']);
  assert.match(cli.out.checks.find((c) => c.check === 'contributions').detail, /not one per seat \(3\)/);
  // one seat's contribution cut from the list
  cli = await verifyRecord(downgrade(record, (r) => { r.fairness.contributions.pop(); }));
  assert.equal(cli.code, 1);
  assert.deepEqual(failed(cli.out), ['contributions', 'seed:1', 'seed:2']);
  // … in a match stopped before its first deal, where no seed is derived
  const early = downgrade(record, (r) => { delete r.fairness.contributions; r.hands = 0; r.seeds = []; r.completed = false; });
  cli = await verifyRecord(early);
  assert.equal(cli.code, 1);
  assert.deepEqual(failed(cli.out), ['contributions']);
  // every contribution emptied: the seeds no longer come from them
  cli = await verifyRecord(downgrade(record, (r) => { r.fairness.contributions = ['', '', '']; }), askAll(seen));
  assert.equal(cli.code, 1);
  assert.deepEqual(failed(cli.out), ['contribution', 'seed:1', 'seed:2']);
});

test('a hand commitment that differs is a mismatch', async () => {
  const { record, seen } = buildMatch(4, 2, 1);
  const args = ['--hand-commitment', `2:${seen.hands[0].commitment}`]; // hand 1's, given for hand 2
  const cli = await verifyRecord(record, args);
  assert.equal(cli.code, 1);
  assert.deepEqual(failed(cli.out), ['hand_commitment:2']);
  // the same commitment in capitals is the same commitment
  const upper = await verifyRecord(record, ['--hand-commitment', `2:${seen.hands[1].commitment.toUpperCase()}`,
    '--commitment', seen.commitment.toUpperCase()]);
  assert.equal(upper.code, 0, JSON.stringify(upper.out));
});

test('malformed options are refused with exit 2, naming the option', async () => {
  const { record } = buildMatch(4, 1);
  const file = (await verifyRecord(record)).file;
  const cases = [
    [['--commitment', 'abc'], /--commitment: 64 hex digits/],
    [['--contribution', '1:abc'], /--contribution: SEAT:HEX/],
    [['--contribution', '4:' + 'ab'.repeat(32)], /seat 0–3/],
    [['--contribution', 'ab'.repeat(32)], /--contribution: SEAT:HEX/],
    [['--hand-commitment', '0:' + 'ab'.repeat(32)], /hand from 1/],
    [['--hand-commitment', 'x:' + 'ab'.repeat(32)], /--hand-commitment: HAND:HEX/],
  ];
  for (const [args, message] of cases) {
    const run = await verifyText(file, args);
    assert.equal(run.code, 2, args.join(' '));
    assert.match(run.stderr, message, args.join(' '));
    assert.equal(run.stdout, '', 'nothing checked');
  }
  const last = await new Promise((resolve) => execFile(TOOL, [file, '--commitment'],
    (err, stdout, stderr) => resolve({ code: err ? err.code : 0, stderr })));
  assert.equal(last.code, 2);
  assert.match(last.stderr, /--commitment needs a value/);
});
