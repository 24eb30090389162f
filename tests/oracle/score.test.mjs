/*
 * score.test.mjs — differential test of the scoring engine against the scoring oracle.
 *
 * The oracle (majiang-core 1.4.1 plus its own sanma, kita, payment and pao code) is not run
 * here: its verdicts on 20,000 random legal hands per mode are stored in tests/data/oracle/
 * (README.md there says how they were made). Each stored hand set is piped through
 * `$IPPON_BUILD_DIR/src/tools/ippon-score`, and every verdict is compared with the oracle's,
 * field by field, as the oracle's own comparison does (tests/data/oracle/README.md):
 *   - always: result; for oracle wins also han, fu, yakuman, total, payments, pao and the yaku
 *     as a multiset of (id, han | yakuman) — name and order are not compared;
 *   - base and limit whenever ippon-score writes them;
 *   - skipped (counted apart): oracle "error" lines and "oracle":"unsupported" lines;
 *   - every hand must get exactly one verdict.
 * A second test checks the oracle's hand-worked cases (tests/data/oracle/{yonma,sanma}.jsonl):
 * the fields named in each line's "expect", and an error verdict for each bad input.
 *
 * Only Node built-ins. Run by ctest (label oracle), or by hand:
 *   IPPON_BUILD_DIR=build/dev node --test tests/oracle/score.test.mjs
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { isDeepStrictEqual } from 'node:util';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const here = path.dirname(fileURLToPath(import.meta.url));
const dataDir = path.join(here, '..', 'data', 'oracle');
const buildDir = process.env.IPPON_BUILD_DIR;
const program = buildDir ? path.join(buildDir, 'src', 'tools', 'ippon-score') : null;

const HAND_SETS = [
    { mode: 'yonma', stem: 'yonma-seed101' },
    { mode: 'sanma', stem: 'sanma-seed202' },
];
const WORKED_CASES = [
    { mode: 'yonma', file: 'yonma.jsonl' },
    { mode: 'sanma', file: 'sanma.jsonl' },
];
const SHOW_MAX = 10;

function requireProgram() {
    assert.ok(buildDir, 'IPPON_BUILD_DIR is not set (ctest sets it; by hand: IPPON_BUILD_DIR=build/dev)');
    assert.ok(existsSync(program), `${program} does not exist: build the tools first`);
}

/* JSON Lines text -> array of objects (blank lines skipped) */
function parseLines(text, what) {
    const out = [];
    text.split('\n').forEach((line, i) => {
        if (!line.trim()) return;
        try {
            out.push(JSON.parse(line));
        } catch (e) {
            assert.fail(`${what}, line ${i + 1}: not JSON (${e.message}): ${line.slice(0, 200)}`);
        }
    });
    return out;
}

/* runs ippon-score with the input on stdin; resolves to { code, signal, stdout, stderr } */
function runScorer(input, mode) {
    return new Promise((resolve, reject) => {
        const child = spawn(program, ['--rules', mode], { stdio: ['pipe', 'pipe', 'pipe'] });
        const out = [], err = [];
        child.stdout.on('data', c => out.push(c));
        child.stderr.on('data', c => err.push(c));
        child.on('error', reject);
        child.on('close', (code, signal) => resolve({
            code, signal,
            stdout: Buffer.concat(out).toString('utf8'),
            stderr: Buffer.concat(err).toString('utf8'),
        }));
        child.stdin.on('error', () => {}); /* an early exit shows up as a bad status below */
        child.stdin.end(input);
    });
}

async function scoreAll(input, mode) {
    const r = await runScorer(input, mode);
    assert.ok(r.code === 0 && !r.signal,
        `ippon-score --rules ${mode} exited with ${r.signal || r.code}\n${r.stderr.slice(0, 4000)}`);
    return parseLines(r.stdout, `ippon-score --rules ${mode} output`);
}

/* verdicts by String(id); duplicates are an error */
function byId(verdicts, what) {
    const m = new Map();
    for (const v of verdicts) {
        const id = String(v.id);
        assert.ok(!m.has(id), `${what}: two verdicts for id ${id}`);
        m.set(id, v);
    }
    return m;
}

/* the yaku list as a sorted multiset of "id:han" / "id:Y<n>" */
const yakuKey = v => (Array.isArray(v.yaku) ? v.yaku : [])
    .map(y => `${y.id}:${y.yakuman ? 'Y' + y.yakuman : y.han}`).sort();

const ALWAYS = ['result'];
const ON_WIN = ['han', 'fu', 'yakuman', 'total', 'payments', 'pao'];
const IF_WRITTEN = ['base', 'limit'];

/* the fields in which our verdict differs from the oracle's (empty = equal) */
function differences(oracle, ours) {
    const diffs = [];
    const win = oracle.result === 'win';
    for (const k of ALWAYS)
        if (!isDeepStrictEqual(oracle[k], ours[k])) diffs.push(k);
    if (win)
        for (const k of ON_WIN)
            if (!isDeepStrictEqual(oracle[k], ours[k])) diffs.push(k);
    for (const k of IF_WRITTEN)
        if (k in ours && !isDeepStrictEqual(oracle[k], ours[k])) diffs.push(k);
    if (win && !isDeepStrictEqual(yakuKey(oracle), yakuKey(ours))) diffs.push('yaku');
    return diffs;
}

for (const { mode, stem } of HAND_SETS) {
    test(`ippon-score agrees with the oracle on ${stem} (${mode})`, async t => {
        requireProgram();
        const handsText = gunzipSync(readFileSync(path.join(dataDir, `${stem}.hands.jsonl.gz`)));
        const oracleText = gunzipSync(readFileSync(path.join(dataDir, `${stem}.verdicts.jsonl.gz`)));
        const hands = byId(parseLines(handsText.toString('utf8'), `${stem} hands`), `${stem} hands`);
        const oracle = byId(parseLines(oracleText.toString('utf8'), `${stem} verdicts`), `${stem} verdicts`);
        assert.equal(oracle.size, hands.size, 'stored hands and verdicts differ in number');
        const ours = byId(await scoreAll(handsText, mode), 'ippon-score');

        const missing = [...hands.keys()].filter(id => !ours.has(id));
        const extra = [...ours.keys()].filter(id => !hands.has(id));
        let compared = 0, skippedErrors = 0, skippedUnsupported = 0;
        const perField = {}, shown = [];
        let mismatched = 0;
        for (const [id, o] of oracle) {
            if (o.oracle === 'unsupported') { skippedUnsupported++; continue; }
            if (o.result === 'error') { skippedErrors++; continue; }
            const c = ours.get(id);
            if (!c) continue;
            compared++;
            const diffs = differences(o, c);
            if (!diffs.length) continue;
            mismatched++;
            for (const k of diffs) perField[k] = (perField[k] || 0) + 1;
            if (shown.length < SHOW_MAX)
                shown.push(`--- ${id}: ${diffs.join(', ')}\nhand:   ${JSON.stringify(hands.get(id))}\n`
                    + `oracle: ${JSON.stringify(o)}\nours:   ${JSON.stringify(c)}`);
        }
        const summary = `${stem}: compared ${compared}, mismatched ${mismatched}, `
            + `oracle errors skipped ${skippedErrors}, oracle unsupported skipped ${skippedUnsupported}, `
            + `missing verdicts ${missing.length}, unknown ids ${extra.length}`
            + (mismatched ? `\nby field: ${JSON.stringify(perField)}` : '');
        t.diagnostic(summary);
        if (mismatched || missing.length || extra.length) {
            const lines = [...shown];
            if (missing.length) lines.push(`missing verdicts for: ${missing.slice(0, SHOW_MAX).join(', ')}`);
            if (extra.length) lines.push(`verdicts for unknown ids: ${extra.slice(0, SHOW_MAX).join(', ')}`);
            lines.push(summary);
            assert.fail(lines.join('\n'));
        }
    });
}

/* the hand-worked cases: only the fields named in "expect" */
for (const { mode, file } of WORKED_CASES) {
    test(`ippon-score gives the hand-worked values of ${file}`, async t => {
        requireProgram();
        const text = readFileSync(path.join(dataDir, file));
        const cases = parseLines(text.toString('utf8'), file);
        const ours = byId(await scoreAll(text, mode), 'ippon-score');
        const failures = [];
        let checked = 0, skipped = 0;
        for (const h of cases) {
            if (!h.expect) continue;
            const id = String(h.id);
            const v = ours.get(id);
            if (!v) { failures.push(`${id}: no verdict`); continue; }
            if ('oracle' in h.expect) {
                /* the oracle cannot decide this hand (e.g. suukantsu pao with an ambiguous kakan) */
                t.diagnostic(`${id}: expect ${JSON.stringify(h.expect)}, skipped; ippon-score says ${JSON.stringify(v)}`);
                skipped++;
                continue;
            }
            checked++;
            const diffs = [];
            for (const [k, want] of Object.entries(h.expect)) {
                if (k === 'result' && want === 'error') {
                    if (v.result !== 'error' || typeof v.error !== 'string' || !v.error)
                        diffs.push(`result want an error with a message, got ${JSON.stringify(v)}`);
                } else if (k === 'yaku') {
                    if (!isDeepStrictEqual([...want].sort(), yakuKey(v)))
                        diffs.push(`yaku want ${JSON.stringify([...want].sort())} got ${JSON.stringify(yakuKey(v))}`);
                } else if (!isDeepStrictEqual(want, v[k])) {
                    diffs.push(`${k} want ${JSON.stringify(want)} got ${JSON.stringify(v[k])}`);
                }
            }
            if (diffs.length)
                failures.push(`${id}: ${diffs.join('; ')}${v.error ? ` (error: ${v.error})` : ''}`);
        }
        t.diagnostic(`${file}: ${checked} cases checked, ${failures.length} failed, ${skipped} skipped`);
        assert.ok(checked > 0, `${file}: no case with "expect"`);
        assert.equal(failures.length, 0, `${file}:\n${failures.join('\n')}`);
    });
}
