// fairness.test.mjs — walls no one can choose (src/server/PROTOCOL.md, "Walls no one can choose";
// include/ippon/fairness.h), through the real server.
//
// Players over WebSocket (ws_player.mjs sends a random contribution on match_found, as the web
// client does) play a practice 4p match, a ranked 3p match of two humans, and a ranked 4p match
// in which one human sends nothing. Every message each player receives is kept. After each match
// its record (GET /api/matches/ID) is checked twice, by two implementations of the scheme: the
// command-line verifier (ippon-verify --json, C and libsodium) and the browser's
// (web/js/fairness.js, on the @noble BLAKE2b and ChaCha20 in web/vendor). Both must accept it,
// with the commitment each player got in match_found and each player's own contribution; and the
// walls the verifier rebuilds must give every tile each player was actually dealt and drew
// (ippon/match.h's layout: wind i is dealt wall[13i…13i+12], draws go up from wall[13·players],
// replacements down from the end), every hand_start commitment and every dora indicator shown.
// A seat that sent nothing in time contributes "" and the first deal waits for it no longer than
// contribution_ms. A record with one byte of its secret, a contribution or a seed changed fails
// the verifier (exit 1).
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { BUILD_DIR, SOURCE_DIR, FAST_PLAY, serve, shutdown, storedMatch, verifyRecord } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

const fairness = await import(path.join(SOURCE_DIR, 'web/js/fairness.js'));
const WAIT_MS = 1500;

/** what one player saw of a match, hand by hand: its events in order after match_found */
function handsSeen(received, table) {
  const from = received.findIndex((m) => m.type === 'match_found' && m.table === table);
  const hands = [];
  for (const m of received.slice(from)) {
    if (m.type !== 'event') continue;
    if (m.event.type === 'hand_start') hands.push({ start: m.event, events: [] });
    else if (hands.length) hands.at(-1).events.push(m.event);
  }
  return hands;
}

/** every tile the seat was dealt or drew, and every dora indicator shown, against the rebuilt walls */
function checkTilesAgainstWalls(seen, seat, players, cliHands) {
  assert.equal(seen.length, cliHands.length, 'one rebuilt wall per hand played');
  let checked = 0;
  seen.forEach((hand, k) => {
    const wall = cliHands[k].wall, N = wall.length, dealer = hand.start.dealer;
    assert.equal(hand.start.commitment, cliHands[k].commitment, `hand ${k + 1}: the hand_start commitment`);
    let normal = 0, replacement = 0, dora = 0;
    for (const ev of hand.events) {
      if (ev.type === 'deal') {
        const wind = (seat - dealer + players) % players;
        assert.deepEqual([...ev.hand].sort(), wall.slice(13 * wind, 13 * wind + 13).sort(), `hand ${k + 1}: the deal`);
        checked += 13;
      } else if (ev.type === 'draw') {
        const at = ev.replacement ? N - 1 - replacement++ : 13 * players + normal++;
        if (ev.seat === seat) {
          assert.equal(ev.tile, wall[at], `hand ${k + 1}: a draw from wall[${at}]`);
          checked++;
        }
      } else if (ev.type === 'dora') {
        assert.equal(ev.indicator, wall[N - 9 - 2 * dora], `hand ${k + 1}: dora indicator ${dora + 1}`);
        dora++;
        checked++;
      }
    }
    assert.ok(dora >= 1, `hand ${k + 1}: a dora indicator was shown`);
  });
  return checked;
}

/**
 * plays the match of these connected players to its end and checks its record with both
 * verifiers and against everything each player saw; returns the record
 */
async function playAndCheck(port, humans, found) {
  await Promise.all(humans.map((c) => playToEnd(c)));
  const id = found[0].table, rec = await storedMatch(port, id);
  assert.ok(rec.fairness, 'the record has what its seeds were made from');
  let file;
  for (let h = 0; h < humans.length; h++) {
    const c = humans[h], seat = found[h].seat, mine = c.contributed[id] ?? null;
    const args = ['--commitment', found[h].fairness.commitment];
    if (mine) args.push('--contribution', `${seat}:${mine}`);
    const cli = await verifyRecord(rec, args);
    file = cli.file;
    assert.equal(cli.code, 0, `ippon-verify: ${JSON.stringify(cli.out)} ${cli.stderr}`);
    const out = cli.out;
    assert.equal(out.ok, true);
    assert.ok(out.checks.some((x) => x.check === 'seen_commitment' && x.ok));
    const seen = handsSeen(c.received, id);
    const tiles = checkTilesAgainstWalls(seen, seat, rec.players.length, out.hands);
    assert.ok(tiles >= 14 * seen.length, `${tiles} tiles checked`);

    // the browser's verifier, with what this player saw
    const js = fairness.verifyMatch(rec, {
      seat, commitment: found[h].fairness.commitment, contribution: mine,
      hands: seen.map((hand, k) => ({
        k, dealer: hand.start.dealer, commitment: hand.start.commitment,
        deal: hand.events.find((e) => e.type === 'deal').hand,
        dora: hand.events.find((e) => e.type === 'dora').indicator,
      })),
    });
    assert.equal(js.ok, true, JSON.stringify(js.checks.filter((x) => !x.ok)));
    assert.ok(js.checks.filter((x) => x.id === 'deal').length === seen.length);
    // every hand_start named the contributions the record keeps
    for (const hand of seen) assert.deepEqual(hand.start.contributions, rec.fairness.contributions);
  }
  return { rec, file };
}

describe('walls no one can choose', () => {
  let server, port;

  before(async () => {
    server = await serve({ ...FAST_PLAY, log_level: 'warn', bot_fill_after: 0.3, ranked_min_humans: 2,
      contribution_ms: WAIT_MS });
    port = server.port;
  });

  after(async () => { await shutdown(server); });

  test('a practice 4p match: the player\'s contribution is used and every wall checks', async () => {
    const c = await player(port);
    c.send({ type: 'practice', mode: '4p' });
    const found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
    assert.match(found.fairness.commitment, /^[0-9a-f]{64}$/);
    assert.equal(found.fairness.contribute_ms, WAIT_MS);
    const { rec } = await playAndCheck(port, [c], [found]);
    const contributions = rec.fairness.contributions;
    assert.equal(contributions[found.seat], c.contributed[found.table]);
    assert.deepEqual(contributions.filter((x, s) => s !== found.seat), ['', '', ''], 'the bots\' seats give none');
    c.ws.close();
  });

  test('a ranked 3p match of two humans: both contributions are used', async () => {
    const humans = [await player(port), await player(port)];
    for (const c of humans) c.send({ type: 'queue', mode: '3p' });
    const found = await Promise.all(humans.map((c) => c.next((m) => m.type === 'match_found', 15_000, 'match_found')));
    assert.equal(found[0].table, found[1].table);
    assert.equal(found[0].fairness.commitment, found[1].fairness.commitment);
    const { rec, file } = await playAndCheck(port, humans, found);
    for (let h = 0; h < 2; h++)
      assert.equal(rec.fairness.contributions[found[h].seat], humans[h].contributed[found[h].table]);
    for (const c of humans) c.ws.close();

    // one byte changed anywhere that matters: the verifier says so
    const tamper = [
      ['secret', (r) => { r.fairness.secret = flip(r.fairness.secret); }, 'commitment'],
      ['a contribution', (r) => { r.fairness.contributions[found[0].seat] = flip(r.fairness.contributions[found[0].seat]); }, 'seed'],
      ['a seed', (r) => { r.seeds[0] = flip(r.seeds[0]); }, 'seed'],
    ];
    for (const [what, change, failing] of tamper) {
      const bad = structuredClone(rec);
      change(bad);
      const cli = await verifyRecord(bad);
      assert.equal(cli.code, 1, `${what} changed: ${JSON.stringify(cli.out)} ${cli.stderr}`);
      assert.ok(cli.out.checks.some((x) => x.check === failing && !x.ok), `${what}: ${failing} fails`);
      assert.equal(fairness.verifyMatch(bad).ok, false, `${what} changed: the browser's verifier`);
    }
    const text = await new Promise((resolve) => execFile(path.join(BUILD_DIR, 'src/tools/ippon-verify'), [file],
      (err, stdout) => resolve({ code: err ? err.code : 0, stdout }))); // the human-readable report
    assert.equal(text.code, 0);
    assert.match(text.stdout, /every check passed/);
    assert.match(text.stdout, /hand 1: commitment [0-9a-f]{64}, dora indicator/);
    const broken = await verifyRecord({ id: 'x', rules: 'no-such-rules', seeds: [] });
    assert.equal(broken.code, 2, 'not a match record: exit 2');
    assert.match(broken.stderr, /not a match record/);
  });

  test('a player who sends nothing contributes nothing, and the deal waits no longer than contribution_ms', async () => {
    const quiet = await player(port, undefined, { contribute: false });
    const keen = await player(port);
    for (const c of [quiet, keen]) c.send({ type: 'queue', mode: '4p' });
    const found = await Promise.all([quiet, keen].map((c) => c.next((m) => m.type === 'match_found', 15_000, 'match_found')));
    const at = Date.now();
    const start = await keen.next((m) => m.type === 'event' && m.event.type === 'hand_start', 10_000, 'the first deal');
    const waited = Date.now() - at;
    assert.ok(waited >= WAIT_MS - 200 && waited < WAIT_MS + 3000, `the first deal came after ${waited} ms`);
    assert.equal(start.event.contributions[found[0].seat], '', 'the quiet seat contributed nothing');
    assert.equal(start.event.contributions[found[1].seat], keen.contributed[found[1].table]);
    // a contribution after the deal is refused
    quiet.send({ type: 'contribute', bytes: 'ab'.repeat(32) });
    const refused = await quiet.next((m) => m.type === 'error', 5_000, 'the late contribution refused');
    assert.equal(refused.code, 'too_late');
    keen.queue.unshift(start); // playAndCheck reads the match from the start
    await playAndCheck(port, [quiet, keen], found);
    for (const c of [quiet, keen]) c.ws.close();
  });

  test('bad contributions get clear errors and change nothing', async () => {
    const c = await player(port, undefined, { contribute: false });
    c.send({ type: 'contribute', bytes: 'ab'.repeat(32) });
    assert.equal((await c.next((m) => m.type === 'error')).code, 'no_match');
    c.send({ type: 'practice', mode: '3p' });
    await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
    for (const bytes of ['zz'.repeat(32), 'ab'.repeat(31), 'ab'.repeat(33), 42, null]) {
      c.send({ type: 'contribute', bytes });
      const e = await c.next((m) => m.type === 'error', 5_000, `the error for ${bytes}`);
      assert.equal(e.code, 'bad_message', JSON.stringify(e));
      assert.match(e.message, /bytes/);
    }
    c.send({ type: 'contribute', bytes: '01'.repeat(32) });
    const start = await c.next((m) => m.type === 'event' && m.event.type === 'hand_start', 5_000, 'the deal');
    assert.equal(start.event.contributions.filter(Boolean).length, 1);
    c.send({ type: 'contribute', bytes: '02'.repeat(32) });
    assert.equal((await c.next((m) => m.type === 'error')).code, 'too_late');
    c.ws.close();
  });
});

/** the hex string with its first digit changed */
function flip(hex) {
  return (hex[0] === '0' ? '1' : '0') + hex.slice(1);
}
