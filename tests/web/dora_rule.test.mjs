// dora_rule.test.mjs — the dora rule written once: the browser's doraOf (web/js/tenpai.js, which
// marks dora in the hand and on the board) must point every indicator where the core does
// (ippon_rules_dora_of in src/core/rules.c, printed by `ippon-shanten --rules R --dora`), for
// both modes' presets: yonma (4p) and sanma (3p, whose 1m and 9m point at each other). Red
// fives are indicators too: each as its plain five. Needs the build (IPPON_BUILD_DIR, set by ctest).
// Run: IPPON_BUILD_DIR=build/dev node --test tests/web/dora_rule.test.mjs
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '../..');
const TOOL = join(process.env.IPPON_BUILD_DIR ?? join(root, 'build/dev'), 'src/tools/ippon-shanten');
const { doraOf } = await import(pathToFileURL(join(root, 'web/js/tenpai.js')).href);

/** the core's table for a preset: { indicator: dora } over every kind the rules have */
const coreTable = (rules) => JSON.parse(execFileSync(TOOL, ['--rules', rules, '--dora'], { encoding: 'utf8' }));

for (const [rules, players, kinds] of [['yonma', 4, 34], ['sanma', 3, 27]]) {
  test(`${rules} (${players}p): doraOf agrees with the core on each of its ${kinds} kinds and the red fives`, () => {
    const core = coreTable(rules);
    assert.equal(Object.keys(core).length, kinds);
    for (const [indicator, dora] of Object.entries(core)) assert.equal(doraOf(indicator, players), dora, indicator);
    for (const red of players === 3 ? ['0p', '0s'] : ['0m', '0p', '0s']) {
      assert.equal(doraOf(red, players), core[`5${red[1]}`], red);
    }
  });
}

test('the core\'s tool refuses hands beside --dora', () => {
  assert.throws(() => execFileSync(TOOL, ['--dora', '123m'], { stdio: 'pipe' }), (e) => e.status === 2 && /takes no hands/.test(e.stderr));
});
