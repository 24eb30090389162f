// rule_citations.test.mjs — the rule book the code and docs cite is the repository's own
// (src/core/RULES.md): every `§N` in a tracked file is a heading of it, and no file points at a
// RULES.md anywhere else (a clone has nothing outside the repository). The check is also run on
// altered copies of the tree, each with one wrong citation, which it must name by file and line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { RULE_BOOK, checkCitations, readSections, readTrackedTree } from './rule_citations.mjs';

const source = process.env.IPPON_SOURCE_DIR ?? join(import.meta.dirname, '../..');
const tree = readTrackedTree(source);
const sections = readSections(tree[RULE_BOOK] ?? '');

test('the rule book is tracked and has the sections §1 to §9', () => {
  assert.ok(tree[RULE_BOOK], `${RULE_BOOK} is not tracked`);
  for (let n = 1; n <= 9; n++) assert.ok(sections.has(String(n)), `${RULE_BOOK} has no heading §${n}`);
});

test('every citation of the rule book names one of its sections, and every RULES.md is it', () => {
  const problems = checkCitations(tree, sections);
  assert.deepEqual(problems, [], problems.join('\n'));
});

// one wrong line each, added as line 2 of an existing file; the check must name it
const wrong = [
  ['src/core/fu.c', ' * fu of an open pinfu (RULES.md §12)', /src\/core\/fu\.c:2: cites §12, which is no heading/],
  ['tests/unit/test_score_fu.c', ' * worked from src/core/RULES.md §2–12', /test_score_fu\.c:2: cites §10,/],
  ['include/ippon/match.h', ' * (src/core/RULES.md sections 1–4 and 11)', /match\.h:2: cites §11,/],
  ['README.md', 'The rule book is `../shared/RULES.md`.', /README\.md:2: cites \.\.\/shared\/RULES\.md, which is not src\/core\/RULES\.md/],
  ['tests/unit/match_script.h', ' * worked out by hand from /work/shared/RULES.md.', /match_script\.h:2: cites \/work\/shared\/RULES\.md/],
  ['web/js/game.js', '// temporary furiten (RULES.md §4)', /web\/js\/game\.js:2: cites RULES\.md, which is not/],
  ['src/server/PROTOCOL.md', 'as [RULES.md](../../RULES.md) says', /PROTOCOL\.md:2: cites \.\.\/\.\.\/RULES\.md/],
];

for (const [file, line, expected] of wrong)
  test(`a wrong citation in ${file} is caught`, () => {
    assert.ok(tree[file] !== undefined, `${file} is not tracked`);
    const lines = tree[file].split('\n');
    lines.splice(1, 0, line);
    const problems = checkCitations({ ...tree, [file]: lines.join('\n') }, sections);
    assert.ok(problems.some((p) => expected.test(p)), `not caught: ${line}\n${problems.join('\n')}`);
  });

test('right citations pass: Markdown links from their folder, ranges, and RFC sections', () => {
  const right = {
    'src/server/NOTES.md': 'See [src/core/RULES.md §3](../core/RULES.md) and §5–7.',
    'tests/unit/x.c': '/* src/core/RULES.md §3/§4; RFC 6455 §5.1 is not ours; sections 12 of nothing */',
    'src/core/x.c': '/* RULES.md §6 and §7 */',
  };
  assert.deepEqual(checkCitations(right, sections), []);
});
