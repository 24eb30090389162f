// verifier.js — the match page's "Fair walls" section: what the end of the match revealed (the
// secret's commitment, every seat's contribution) and the walls checked right here in the browser
// (fairness.js, on the vendored @noble BLAKE2b and ChaCha20), against the record and against what
// this browser saw during the match (witness.js): the commitment it received at the start, its own
// contribution, each hand's commitment, its deal and first dora indicator. Older matches, stored
// before the players contributed, keep their seeds: each can still be rebuilt by /api/fairness.
// The verdict is green only when every check passed; a check that failed, or that was asked for
// and could not be made (a record without its fairness data, seen by this browser; seeds that do
// not match the number of hands), makes it red.
import { h } from './dom.js';
import { t } from './i18n.js';
import { verifyMatch } from './fairness.js';
import { witnessed } from './witness.js';

const short = (hex) => (hex ? `${hex.slice(0, 12)}…` : '');

/** one check's line: a mark, its words, and (on failure) what differed or why it could not be made */
function checkEl(c) {
  const vars = { n: c.hand !== undefined ? c.hand + 1 : '' };
  const why = c.cannot ? t(`fair.cannot.${c.cannot}`)
    : c.expected !== undefined ? t('fair.differs', { expected: c.expected, got: c.got }) : c.detail;
  return h(`li.check.${c.ok ? 'ok' : 'bad'}`, { dataset: { check: c.id, ok: String(c.ok), ...(c.cannot ? { cannot: c.cannot } : {}) } },
    h('span.mark', { 'aria-hidden': 'true' }, c.ok ? '✓' : '✗'), ' ', t(`fair.check.${c.id}`, vars),
    c.ok ? null : h('span.detail', {}, ' — ', why));
}

/** the verdict: green only when every check passed; red when one failed, or could not be made */
function verdictEl(result) {
  const bad = result.checks.filter((c) => !c.ok);
  const key = result.ok ? 'fair.all_ok' : bad.some((c) => !c.cannot) ? 'fair.failed' : 'fair.unchecked';
  return h(`p.verdict.${result.ok ? 'ok' : 'bad'}`, { role: 'status' }, t(key));
}

/** the section for a match record (GET /api/matches/ID), with `name(seat)` for the seats */
export function fairnessSection(data, name) {
  const title = h('h2', {}, t('fair.title'), ' ', h('a.what', { href: '#/about' }, t('fair.what')));
  const seen = witnessed(data.id);
  const result = verifyMatch(data, seen || undefined);
  const failed = result.checks.some((c) => !c.ok);
  if (result.legacy) { // a match stored before contributions: said plainly, never "every check passed"
    return h('section.fairness', { dataset: { legacy: 'true', ...(failed ? { ok: 'false' } : {}) } }, title,
      failed ? verdictEl(result) : null,
      h('p.muted', {}, t('fair.legacy')),
      (data.seeds || []).length ? h('p.fair', {}, t('result.seeds'), ' ', data.seeds.map((s, i) =>
        h('a', { href: `/api/fairness?mode=${data.mode}&seed=${s}`, target: '_blank', rel: 'noopener' },
          t('result.seed_n', { n: i + 1 })))) : null,
      failed ? h('ul.checks', {}, result.checks.map(checkEl)) : null);
  }
  const f = data.fairness;
  const contributions = (Array.isArray(f.contributions) ? f.contributions : []).map((c, seat) => h('li', {},
    h('span.who', {}, name(seat)), ': ',
    c ? h('code', { title: c }, short(c)) : h('span.muted', {}, t('fair.none')),
    seen && seen.seat === seat ? h('span.mine', {}, ` (${t('fair.yours')})`) : null));
  return h('section.fairness', { dataset: { ok: String(result.ok) } }, title,
    verdictEl(result),
    h('p', {}, t('fair.commitment'), ' ', h('code', { title: String(f.commitment) }, short(String(f.commitment ?? ''))), ' · ',
      t('fair.secret'), ' ', h('code', { title: String(f.secret) }, short(String(f.secret ?? '')))),
    h('p', {}, t('fair.contributions')), h('ul.contributions', {}, contributions),
    seen ? null : h('p.muted', {}, t('fair.not_seen')),
    h('ul.checks', {}, result.checks.map(checkEl)),
    h('p.muted', {}, t('fair.cli', { id: data.id })));
}
