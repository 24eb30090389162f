// unit_names.test.mjs — the cmocka tests of tests/unit keep one naming convention: a test
// function (static void NAME(void **state), the kind a cmocka group registers) is named in
// lower snake case for what it shows ("riichi_1han", "double_ron_3p_on_riichi_declaration_voids_it"),
// without a "test_" prefix (its file's name says it is a test). The check is also run on an
// altered copy of a file, which it must catch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const source = process.env.IPPON_SOURCE_DIR ?? join(import.meta.dirname, '../..');
const unit = join(source, 'tests/unit');

/** the test functions of a C file's text that break the convention, each as "name: why" */
export function misnamed(text) {
  const out = [];
  for (const [, name] of text.matchAll(/^static void (\w+)\(void \*\*\w*\)/gm)) {
    if (name.startsWith('test_')) out.push(`${name}: a "test_" prefix`);
    else if (!/^[a-z0-9]+(_[a-z0-9]+)*$/.test(name)) out.push(`${name}: not lower snake case`);
  }
  return out;
}

const files = readdirSync(unit).filter((f) => /\.[ch]$/.test(f));

test('every cmocka test function of tests/unit follows the naming convention', () => {
  const problems = files.flatMap((f) => misnamed(readFileSync(join(unit, f), 'utf8')).map((p) => `${f}: ${p}`));
  assert.deepEqual(problems, [], problems.join('\n'));
});

test('the convention is looked at: the test functions of tests/unit are found', () => {
  const found = files.reduce((n, f) => n + [...readFileSync(join(unit, f), 'utf8').matchAll(/^static void \w+\(void \*\*/gm)].length, 0);
  assert.ok(found > 500, `only ${found} test functions found`);
});

test('a misnamed test function is caught', () => {
  const text = readFileSync(join(unit, 'test_score_yaku.c'), 'utf8');
  assert.deepEqual(misnamed(text), []);
  const altered = text.replace('static void riichi_1han(void **state)', 'static void test_riichi_1han(void **state)');
  assert.notEqual(altered, text, 'the change did not apply');
  assert.deepEqual(misnamed(altered), ['test_riichi_1han: a "test_" prefix']);
  assert.deepEqual(misnamed('static void RiichiOneHan(void **state)\n{\n}\n'), ['RiichiOneHan: not lower snake case']);
});
