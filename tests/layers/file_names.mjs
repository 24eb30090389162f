// file_names.mjs — every repository file a comment or a README names must exist. Reads the
// tracked files (git ls-files), takes the comments of the code files and the whole text of the
// Markdown ones, finds the words that look like a file of the tree (`NAME.c`, `DIR/NAME.md`, …)
// and returns those that name none, as "file:line: name". A name with a folder must be a path of
// the tree (from the repository's root, from the mentioning file's folder, or the tail of a path:
// `store/sql.h` is src/server/store/sql.h); a bare name must be some file's name anywhere in it.
// file_names.test.mjs runs it on the tree as it is, so a rename that leaves a mention behind fails.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, posix } from 'node:path';

// what a mentioned file may end with
const EXT = 'c|h|mjs|js|md|sh|sql|json|css|html';
// a file's name, with an optional path (relative, or absolute: a file outside the tree): letters,
// digits, _ . - / and a known ending, standing alone (not a piece of a longer word, a URL's or a
// wider name's)
const NAME = new RegExp(`(?<![\\w./@:~<>*{$-])((?:/|(?:\\.\\.?/)*)[\\w-][\\w.-]*(?:/[\\w-][\\w.-]*)*\\.(?:${EXT}))(?![\\w/*<>{-])`, 'g');

// Names that are genuinely outside this tree, each with why. Keep it short: a name of ours that
// moved is fixed where it is mentioned, never listed here.
export const EXTERNAL = new Map([
  ['Node.js', 'the JavaScript runtime, not a file'],
  ['cmocka.h', "the unit tests' framework (Debian's libcmocka-dev)"],
  ['shanten_tables.h', 'made at build time by src/core/tables/gen_shanten_tables.c'],
  ['shanten_tables.c', 'made at build time by src/core/tables/gen_shanten_tables.c'],
  ['agari_tables.h', 'made at build time by src/core/tables/gen_agari_tables.c'],
  ['agari_tables.c', 'made at build time by src/core/tables/gen_agari_tables.c'],
]);
// Documents that list another repository's files, the origins of the fixtures beside them.
export const PROVENANCE = new Map([
  ['tests/data/replay/samples/SOURCES.md', 'the public repositories the Tenhou logs were copied from'],
  ['tests/data/oracle/README.md', "the scoring oracle's scripts, in /work/shared/oracle"],
  ['web/vendor/README.md', 'the files of the npm packages vendored beside it'],
]);
// A prefix of names that point outside the repository on purpose, only from files under tests/: the
// shared folder their fixtures are made again from (each says at its top what it needs there).
const SHARED = '/work/shared/';

// a name written as a placeholder: a folder or file name in capitals (FILE.json, OUT_DIR/x.h;
// not a Markdown file, whose names are capitals: README.md) or a run of N for digits (NNNN_name.sql)
const isPlaceholder = (name) =>
  name.split('/').some((part, i, all) => /^N{2,}_/.test(part) || (/^[A-Z][A-Z_]*(\.\w+)?$/.test(part) && !(i === all.length - 1 && part.endsWith('.md'))));

/** the tracked files, relative to root: git's list, or (no git) a walk skipping build/ and node_modules/ */
export function trackedFiles(root) {
  try {
    // tracked, and new files not ignored yet (a file added in the same change)
    return execFileSync('git', ['-C', root, 'ls-files', '-z', '--cached', '--others', '--exclude-standard'],
      { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })
      .split('\0').filter(Boolean);
  } catch {
    const out = [];
    const walk = (dir) => {
      for (const name of readdirSync(join(root, dir))) {
        if (name.startsWith('.') || name === 'build' || name === 'node_modules') continue;
        const rel = dir ? `${dir}/${name}` : name;
        if (statSync(join(root, rel)).isDirectory()) walk(rel);
        else out.push(rel);
      }
    };
    walk('');
    return out;
  }
}

/**
 * The parts of a file that are prose: a Markdown file whole; a code file's comments (/* *\/ and
 * // in C, JavaScript and CSS; # in shell, CMake and configs; -- in SQL; <!-- --> in HTML), with
 * everything else blanked out so that line numbers stay. null for a file that holds no prose
 * (data: JSON, logs, corpora, images).
 */
export function proseOf(path, text) {
  const base = posix.basename(path);
  if (/\.md$/.test(base)) return text;
  // the matches of re that are comments (a match starting with a quote is a string: skipped)
  const keep = (re) => {
    const out = text.replace(/[^\n]/g, ' ').split('');
    for (const m of text.matchAll(re)) {
      if (/^['"`]/.test(m[0])) continue;
      for (let i = 0; i < m[0].length; i++) out[m.index + i] = m[0][i];
    }
    return out.join('');
  };
  // a string in quotes, a C or CSS comment, a // comment (not a URL's //)
  const QUOTED = String.raw`"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'`;
  const COMMENT = String.raw`/\*[\s\S]*?\*/|(?<![:\\])//[^\n]*`;
  if (/\.(c|h)$/.test(base)) return keep(new RegExp(`${QUOTED}|${COMMENT}`, 'g'));
  const TEMPLATE = String.raw`\x60(?:\\.|[^\x60\\])*\x60`; // \x60: a backquote
  if (/\.(mjs|js|css)$/.test(base)) return keep(new RegExp(`${QUOTED}|${TEMPLATE}|${COMMENT}`, 'g'));
  if (/\.(sh|cfg|conf|service|timer|txt)$/.test(base) || base === 'CMakeLists.txt' || /^[^.]+$/.test(base))
    return keep(/(?<![$\w{'"])#[^\n]*/g);
  if (/\.sql$/.test(base)) return keep(/--[^\n]*/g);
  if (/\.html$/.test(base)) return keep(/<!--[\s\S]*?-->/g);
  return null;
}

/** whether a mentioned name is a file of the tree, seen from the file `from` that mentions it */
export function resolves(name, from, files, basenames) {
  if (EXTERNAL.has(name) || isPlaceholder(name)) return true;
  if (name.startsWith('/')) return !name.startsWith(SHARED) || from.startsWith('tests/'); // outside the tree
  if (!name.includes('/')) return basenames.has(name);
  const local = posix.normalize(posix.join(posix.dirname(from), name));
  if (files.has(local)) return true;
  if (name.startsWith('.')) return false; // ./ or ../: only from the mentioning file's folder
  if (files.has(name)) return true;
  for (const f of files) if (f.endsWith(`/${name}`)) return true;
  return false;
}

/**
 * Checks the tree at root: returns "file:line: name" for every mentioned file that does not exist.
 * texts, when given, overrides files' contents ({path: text}: altered copies for the tests).
 */
export function missingFileNames(root, texts = {}) {
  const list = trackedFiles(root);
  const files = new Set([...list, ...Object.keys(texts)]);
  const basenames = new Set([...files].map((f) => posix.basename(f)));
  const problems = [];
  for (const path of files) {
    if (/^tests\/(data|fuzz\/corpus)\//.test(path) && !path.endsWith('.md')) continue; // fixtures
    if (PROVENANCE.has(path)) continue;
    if (/^web\/vendor\/[^/]+\//.test(path)) continue; // npm packages copied as published (tests/web/vendor.test.mjs)
    let text = texts[path];
    if (text === undefined) {
      try {
        text = readFileSync(join(root, path), 'utf8');
      } catch {
        continue; // a tracked file deleted in the work tree
      }
    }
    if (text.includes('\0')) continue; // binary
    const prose = proseOf(path, text);
    if (!prose) continue;
    const lines = prose.split('\n');
    lines.forEach((line, i) => {
      for (const m of line.matchAll(NAME)) {
        if (!resolves(m[1], path, files, basenames)) problems.push(`${path}:${i + 1}: ${m[1]}`);
      }
    });
  }
  return problems.sort();
}
