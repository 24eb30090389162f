// rules_option.test.mjs — the tools' `--rules FILE.json` (README: every tool takes a built-in
// preset's name or a preset file): ippon-score and ippon-shanten read a preset file as
// ippon-replay and ippon-sim do (src/tools/common/rules_json.h), and its settings change what
// they answer; a bad file stops them with the file, the key and the reason (exit 2).
//
// The expected scores are worked by hand from src/core/RULES.md §6, not taken from the tools.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const build = process.env.IPPON_BUILD_DIR;
const source = process.env.IPPON_SOURCE_DIR;
const tool = (name) => join(build, 'src', 'tools', name);
const yonma = JSON.parse(readFileSync(join(source, 'config', 'rules', 'yonma.json'), 'utf8'));

function run(program, args, input) {
  return spawnSync(program, args, { input, encoding: 'utf8' });
}

// a folder with preset files written from objects; removed after the test
function withPresets(files, body) {
  const dir = mkdtempSync(join(tmpdir(), 'ippon-rules-'));
  try {
    const paths = {};
    for (const [name, obj] of Object.entries(files)) {
      paths[name] = join(dir, `${name}.json`);
      writeFileSync(paths[name], typeof obj === 'string' ? obj : JSON.stringify(obj));
    }
    return body(paths);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

// South (seat 1) rons West's 8s: 234m 567p 345s 67s + 8s, 22p pair, riichi, dora indicator 2m.
// riichi 1 + pinfu 1 + tanyao 1 + dora 1 (3m) = 4 han; pinfu ron 20 + 10 = 30 fu.
// base 30 x 2^(2+4) = 1,920: with kiriage (yonma) a mangan, 2,000 -> ron 4 x 2,000 = 8,000;
// without kiriage 4 x 1,920 = 7,680 -> 7,700. The riichi stick on the table adds 1,000 to South.
const hand = {
  id: 'kiriage', hand: ['2m', '3m', '4m', '5p', '6p', '7p', '3s', '4s', '5s', '6s', '7s', '2p', '2p'],
  win: '8s', tsumo: false, from: 2, seat_wind: 1, round_wind: 0, riichi: true,
  dora: ['2m'], ura: ['1z'], riichi_sticks: 1,
};

function score(args) {
  const r = run(tool('ippon-score'), args, JSON.stringify(hand) + '\n');
  assert.equal(r.status, 0, `ippon-score ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout.trim());
}

test('ippon-score --rules FILE.json scores under the file: kiriage off makes 30 fu 4 han 7,700, not a mangan', () => {
  withPresets({ nokiriage: { ...yonma, name: 'no-kiriage', kiriage: false } }, (p) => {
    const withKiriage = score(['--rules', 'yonma']);
    assert.equal(withKiriage.total, 8000);
    assert.deepEqual(withKiriage.payments, [0, 9000, -8000, 0]);
    const v = score(['--rules', p.nokiriage]);
    assert.equal(v.result, 'win', JSON.stringify(v));
    assert.equal(v.han, 4);
    assert.equal(v.fu, 30);
    assert.equal(v.base, 1920);
    assert.equal(v.total, 7700);
    assert.deepEqual(v.payments, [0, 8700, -7700, 0]);
    // the shipped preset file scores as the built-in preset
    assert.deepEqual(score(['--rules', join(source, 'config', 'rules', 'yonma.json')]), withKiriage);
  });
});

test('ippon-score refuses a bad preset file with the file, the key and the reason', () => {
  const bad = { ...yonma, kiriage: 'no' };
  const unknownKey = { ...yonma, kiriage_mangan: true };
  withPresets({ bad, unknownKey, notJson: '{"name":' }, (p) => {
    for (const [path, words] of [[p.bad, 'kiriage'], [p.unknownKey, 'kiriage_mangan'], [p.notJson, 'line'],
      [p.bad.replace('bad.json', 'missing.json'), 'missing.json']]) {
      const r = run(tool('ippon-score'), ['--rules', path], JSON.stringify(hand) + '\n');
      assert.equal(r.status, 2, `${path}: exit ${r.status}, stdout ${r.stdout}`);
      assert.equal(r.stdout, '', 'nothing is scored under a refused preset');
      assert.match(r.stderr, /^ippon-score: --rules: /);
      assert.ok(r.stderr.includes(path.split('/').pop()), r.stderr);
      assert.ok(r.stderr.includes(words), r.stderr);
    }
    const r = run(tool('ippon-score'), ['--rules', 'nosuchpreset'], '');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /unknown preset 'nosuchpreset'/);
  });
});

test('ippon-shanten --rules FILE.json takes the file: a 3-player preset has no 2m', () => {
  withPresets({ bad: { ...yonma, players: 'four' } }, (p) => {
    const line = (args) => {
      const r = run(tool('ippon-shanten'), [...args, '123m456p789s1122z'], '');
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout.trim());
    };
    assert.equal(line(['--rules', join(source, 'config', 'rules', 'yonma.json')]).shanten, 0);
    const sanma = line(['--rules', join(source, 'config', 'rules', 'sanma.json')]);
    assert.match(sanma.error, /tile these rules do not have/);
    const r = run(tool('ippon-shanten'), ['--rules', p.bad, '123m'], '');
    assert.equal(r.status, 2);
    assert.equal(r.stdout, '');
    assert.match(r.stderr, /^ippon-shanten: --rules: .*bad\.json: key "players": must be an integer/);
  });
});
