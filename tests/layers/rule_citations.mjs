// rule_citations.mjs — the check behind rule_citations.test.mjs: every citation of the rule book
// names a section that src/core/RULES.md has, and every mention of a RULES.md is that file.
//
// A citation is any `§N` (`§2–4`, `§3/§4`, `§1.2` alike) on a line that does not name an RFC
// (RFC 6455 §5.1 is the RFC's section), and the `RULES.md sections 1–4 and 7` form. A mention
// of RULES.md is right when its path leads to src/core/RULES.md, read from the repository's root
// (`src/core/RULES.md`) or from the mentioning file's folder (a relative Markdown link that leads there);
// a bare `RULES.md` only inside src/core, the rule book's own folder.
// The check's own two files are left out of the tree (their examples are wrong on purpose), and so
// is web/vendor's third-party code.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix } from 'node:path';

export const RULE_BOOK = 'src/core/RULES.md';
const VENDORED = /^web\/vendor\/[^/]+\//;
const OWN_FILES = ['tests/layers/rule_citations.mjs', 'tests/layers/rule_citations.test.mjs'];

// the section numbers of the rule book's headings ("## §4 Riichi …" → "4")
export function readSections(text) {
  const sections = new Set();
  for (const line of text.split('\n')) {
    const m = /^#{1,6}\s+§(\d+(?:\.\d+)*)\b/.exec(line);
    if (m) sections.add(m[1]);
  }
  return sections;
}

// every tracked text file of the repository at `root`, as { path: text }
export function readTrackedTree(root) {
  const paths = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
  const tree = {};
  for (const p of paths) {
    let bytes;
    try {
      bytes = readFileSync(posix.join(root, p));
    } catch {
      continue; // listed but not in the work tree (deleted, not yet committed)
    }
    if (VENDORED.test(p)) continue; // npm packages copied as published: their § are other documents'
    if (!bytes.includes(0) && !OWN_FILES.includes(p)) tree[p] = bytes.toString('utf8');
  }
  return tree;
}

// the numbers a range names: "2", "4" → 2, 3, 4; a sub-number stands alone
function range(from, to) {
  if (to === undefined || from.includes('.')) return [from];
  const out = [];
  for (let n = Number(from); n <= Number(to); n++) out.push(String(n));
  return out.length ? out : [from, to];
}

// the sections one line cites
export function citedSections(line) {
  const cited = [];
  if (!/\bRFC\s*\d+/.test(line))
    for (const m of line.matchAll(/§\s*(\d+(?:\.\d+)*)(?:\s*[–-]\s*§?\s*(\d+(?:\.\d+)*))?/g))
      cited.push(...range(m[1], m[2]));
  for (const m of line.matchAll(/RULES\.md,?\s+sections?\s+(\d+)(?:\s*[–-]\s*(\d+))?((?:\s*(?:,|and)\s*\d+)*)/g)) {
    cited.push(...range(m[1], m[2]));
    for (const n of m[3].matchAll(/\d+/g)) cited.push(n[0]);
  }
  return cited;
}

// whether a mention of RULES.md (its path as written) in `file` is the rule book
export function mentionsRuleBook(file, written) {
  if (!written.includes('/')) return file.startsWith('src/core/');
  if (posix.normalize(written) === RULE_BOOK) return true;
  return !written.startsWith('/') && posix.join(posix.dirname(file), written) === RULE_BOOK;
}

// "file:line: problem" for every wrong citation and every mention of another RULES.md
export function checkCitations(tree, sections) {
  const problems = [];
  for (const [file, text] of Object.entries(tree)) {
    text.split('\n').forEach((line, i) => {
      const where = `${file}:${i + 1}`;
      for (const m of line.matchAll(/(?<![\w.~/-])((?:[\w.~-]*\/)*)RULES\.md\b/g)) {
        const written = m[1] + 'RULES.md';
        if (!mentionsRuleBook(file, written))
          problems.push(`${where}: cites ${written}, which is not ${RULE_BOOK}`);
      }
      for (const s of citedSections(line))
        if (!sections.has(s)) problems.push(`${where}: cites §${s}, which is no heading of ${RULE_BOOK}`);
    });
  }
  return problems;
}
