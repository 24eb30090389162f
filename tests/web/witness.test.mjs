// witness.test.mjs — the browser's contribution to the walls (web/js/witness.js): one set of bytes
// per table, made at match_found; a view after a reconnect that says the table still waits for
// this seat's contribution gets those same bytes again (the server may have lost them in flight:
// killed before it read them), while a view that does not ask, or a match_found repeated, sends
// nothing. Runs witness.js in Node with an in-memory localStorage.
// Run: node --test tests/web/witness.test.mjs
import { test, beforeEach } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const store = new Map();
globalThis.localStorage = {
  getItem: (k) => (store.has(k) ? store.get(k) : null),
  setItem: (k, v) => store.set(k, String(v)),
  removeItem: (k) => store.delete(k),
};
const { contributionFor, witnessed } = await import(pathToFileURL(join(import.meta.dirname, '../../web/js/witness.js')).href);

const COMMITMENT = 'ab'.repeat(32);
const found = (table) => ({ type: 'match_found', table, seat: 2, fairness: { commitment: COMMITMENT, contribute_ms: 2000 } });
const view = (table, contributing) => ({ type: 'view', table, fairness: { commitment: COMMITMENT, contributions: null, contributing } });

beforeEach(() => store.clear());

test('match_found makes 32 random bytes once; a repeated match_found sends nothing', () => {
  const first = contributionFor(found('t1'));
  assert.equal(first.type, 'contribute');
  assert.match(first.bytes, /^[0-9a-f]{64}$/);
  assert.equal(contributionFor(found('t1')), null);
  const other = contributionFor(found('t2'));
  assert.notEqual(other.bytes, first.bytes, 'each table its own bytes');
});

test('a view still asking after a reconnect gets the same bytes again, not new ones', () => {
  const first = contributionFor(found('t1'));
  const again = contributionFor(view('t1', true));
  assert.deepEqual(again, first, 'the bytes the match_found sent, which the record will be checked against');
  assert.equal(contributionFor(view('t1', false)), null, 'a view that does not ask sends nothing');
  assert.equal(witnessed('t1').contribution, first.bytes, 'the kept witness names the bytes sent');
});

test('a view asking for a table this browser never saw makes its bytes then', () => {
  const made = contributionFor(view('t3', true));
  assert.match(made.bytes, /^[0-9a-f]{64}$/);
  assert.deepEqual(contributionFor(view('t3', true)), made);
});

test('no contribution is wanted without a wait: match_found with contribute_ms 0', () => {
  assert.equal(contributionFor({ ...found('t4'), fairness: { commitment: COMMITMENT, contribute_ms: 0 } }), null);
});
