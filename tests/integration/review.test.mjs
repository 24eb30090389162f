// review.test.mjs — the review of a seat's decisions over REST (src/server/README.md, "The
// review"; api/review_rest.c), through the real server.
//
// A practice match of each mode is played to its end by a guest with the built-in bots; while it
// runs its review is refused (409), once stored every seat at its table is reviewed with GET
// /api/matches/{id}/review?seat=N. The decisions must be that seat's own discards: each (hand,
// turn) is found again in the replay's steps (GET ?format=replay, numbered by table seat, which
// the review must translate to the log's seat from the first dealer) with the same tile. A
// committed Tenhou log is POSTed and must give what the ippon-review tool gives for it; bad
// requests get their statuses and clear errors; posts are limited per address.
import { test, describe, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BUILD_DIR, SOURCE_DIR, FAST_PLAY, api, assertError, getJson, serve, shutdown, storedMatch } from './harness.mjs';
import { player, playToEnd } from './ws_player.mjs';

const SAMPLES = path.join(SOURCE_DIR, 'tests/data/replay/samples');
const sample = (name) => readFileSync(path.join(SAMPLES, name), 'utf8');
const TOOL = path.join(BUILD_DIR, 'src/tools/ippon-review');
const tool = (text, seat) => JSON.parse(execFileSync(TOOL, ['--seat', String(seat)], { input: text }).toString());

/** each discard (or riichi) of table seat `seat` in the replay: "hand/turn" → its tile */
function discardsOf(replay, seat) {
  const out = new Map();
  let hand = -1, turn = 0;
  for (const step of replay.steps) {
    if (step.seat === undefined) { hand++; turn = 0; continue; }
    if (step.seat !== seat || !['discard', 'riichi'].includes(step.action.type)) continue;
    turn++;
    out.set(`${hand}/${turn}`, step.action.tile);
  }
  return out;
}

// the types of the melds seat made in hand `hand` before its discard number `turn` (chi, pon,
// daiminkan, ankan, kakan: a kakan's pon was open already)
function callsOf(replay, seat, hand, turn) {
  const out = [];
  let h = -1, t = 0;
  for (const step of replay.steps) {
    if (step.seat === undefined) { h++; t = 0; continue; }
    if (h !== hand || step.seat !== seat) continue;
    if (['discard', 'riichi'].includes(step.action.type) && ++t >= turn) break;
    if (['chi', 'pon', 'daiminkan', 'ankan', 'kakan'].includes(step.action.type)) out.push(step.action.type);
  }
  return out;
}

// a tenpai hand's value (src/review/README.md, "Value", "Win chance"): points for a ron and a
// tsumo, dama and riichi; a chance, and an expected value no more than the dearer win (riichi loses
// its stick's 1,000 when it does not win); a furiten hand wins by tsumo only
function checkValue(value) {
  for (const way of ['dama', 'riichi']) {
    const v = value[way];
    if (v === null) continue;
    for (const how of ['ron', 'tsumo']) assert.ok(Number.isInteger(v[how]) && v[how] >= 0, `${way} ${how}`);
    assert.ok(v.win >= 0 && v.win <= 1, `${way} win ${v.win}`);
    assert.ok(Number.isInteger(v.ev) && v.ev <= Math.max(v.ron, v.tsumo) && v.ev >= (way === 'riichi' ? -1000 : 0), `${way} ev ${v.ev}`);
    // win is written to 3 decimals: the expected value is checked over the chance's whole rounding interval
    if (value.furiten) {
      const stick = way === 'riichi' ? 1000 : 0, evAt = (w) => w * v.tsumo - (1 - w) * stick;
      assert.ok(v.ev >= Math.floor(evAt(v.win - 0.0005)) - 1 && v.ev <= Math.ceil(evAt(v.win + 0.0005)) + 1,
        `furiten: tsumo only ${JSON.stringify(value)}`);
    }
  }
  assert.equal(typeof value.furiten, 'boolean');
}

describe('the review over REST', () => {
  let server, port;
  before(async () => {
    server = await serve({ ...FAST_PLAY });
    port = server.port;
  });
  after(async () => { await shutdown(server); });

  for (const mode of ['4p', '3p']) {
    test(`a ${mode} practice match: refused while it runs, then every seat's own discards`, async () => {
      // refused while it runs: on a loaded machine the fast clock can play a whole match for the
      // silent player before the request is served (then it is reviewable, 200, or being stored, 404), so
      // a few tries
      let c, found, running;
      for (let attempt = 0; attempt < 3; attempt++) {
        c = await player(port);
        c.send({ type: 'practice', mode });
        found = await c.next((m) => m.type === 'match_found', 10_000, 'match_found');
        running = await api(port, 'GET', `/api/matches/${found.table}/review?seat=${found.seat}`);
        if (running.status !== 200 && running.status !== 404) break;
        c.ws.close();
      }
      assertError(running, 409, 'match_running');
      assert.match(running.json.error.message, /still being played/);
      await playToEnd(c);
      c.ws.close();
      const players = mode === '4p' ? 4 : 3;
      await storedMatch(port, found.table);
      const replay = await getJson(port, `/api/matches/${found.table}?format=replay`);
      let reviewed = 0;
      for (let seat = 0; seat < players; seat++) {
        const r = await getJson(port, `/api/matches/${found.table}/review?seat=${seat}`);
        assert.equal(r.seat, seat);
        assert.equal(r.log_seat, (seat - replay.first_dealer + players) % players, 'the log numbers seats from the first dealer');
        assert.equal(r.match, found.table);
        assert.equal(r.rules, mode === '4p' ? 'yonma' : 'sanma');
        assert.equal(r.players, players);
        const own = discardsOf(replay, seat);
        const discards = r.decisions.filter((d) => d.kind === 'discard');
        assert.ok(discards.length <= own.size, `seat ${seat}: no more discard decisions than discards`);
        for (const d of discards) {
          assert.equal(own.get(`${d.hand}/${d.turn}`), d.chosen, `seat ${seat}: hand ${d.hand} turn ${d.turn} is its discard`);
          assert.ok(d.options.length >= 2, 'a decision has two options or more');
          assert.equal(d.options.filter((o) => o.discard.replace('0', '5') === d.chosen.replace('0', '5')).length, 1,
            'the chosen tile is one of the options');
          for (const o of d.options) {
            // a tenpai option's value (src/review/README.md, "Value"): points for a ron and a tsumo, dama
            // and riichi (riichi only for a closed hand); no other option has one
            if (o.shanten !== 0) { assert.equal(o.value, undefined, 'no value off tenpai'); continue; }
            if (o.value === null) continue; // every wait already seen
            checkValue(o.value);
            const waits = new Set(o.waits), pond = Array.from({ length: d.turn - 1 }, (_, i) => own.get(`${d.hand}/${i + 1}`));
            assert.equal(o.value.furiten, [...pond, o.discard].some((tile) => waits.has(tile.replace('0', '5'))),
              `furiten: a wait among ${[...pond, o.discard]}`);
            // riichi only for a closed hand: melds that are all ankan
            const calls = callsOf(replay, seat, d.hand, d.turn);
            if (d.melds > 0 && calls.some((type) => type !== 'ankan')) assert.equal(o.value.riichi, null, 'no riichi value for an open hand');
            if (d.melds > 0 && calls.every((type) => type === 'ankan')) assert.notEqual(o.value.riichi, null, 'riichi value with only ankan');
            if (o.value.dama && o.value.riichi) assert.ok(o.value.riichi.ron >= o.value.dama.ron, 'riichi adds a han');
          }
        }
        // a call's hand and the pass's: figures, and the value of a tenpai one ("Other decisions")
        for (const d of r.decisions.filter((x) => x.kind === 'call')) {
          for (const f of [d.without, ...d.calls.map((c) => c.after)]) {
            if (f.shanten !== 0) { assert.equal(f.value, undefined, 'no value off tenpai'); continue; }
            if (f.value !== null) checkValue(f.value);
          }
          for (const c of d.calls) if (c.after.shanten === 0 && c.after.value) assert.equal(c.after.value.riichi, null, 'a call opens the hand');
        }
        assert.equal(r.summary.by_kind.discard.decisions, discards.length);
        reviewed += discards.length;
      }
      assert.ok(reviewed > 0, 'some seat made a decision');
      // the same log, posted: the same review under the same rules
      const log = await api(port, 'GET', `/api/matches/${found.table}?format=tenhou`);
      const posted = await api(port, 'POST', `/api/review?seat=0&rules=${mode === '4p' ? 'yonma' : 'sanma'}`, { body: log.raw });
      assert.equal(posted.status, 200, posted.raw);
      const first = await getJson(port, `/api/matches/${found.table}/review?seat=${replay.first_dealer}`);
      assert.deepEqual(posted.json.decisions, first.decisions);
      // its seats: one past the table, none, not a number; an unknown match; a bad id
      assertError(await api(port, 'GET', `/api/matches/${found.table}/review?seat=${players}`), 400, 'bad_request', 'seat');
      assertError(await api(port, 'GET', `/api/matches/${found.table}/review`), 400, 'bad_request', 'seat');
      assertError(await api(port, 'GET', `/api/matches/${found.table}/review?seat=x`), 400, 'bad_request', 'seat');
      assertError(await api(port, 'GET', `/api/matches/${'0'.repeat(32)}/review?seat=0`), 404, 'not_found');
      assertError(await api(port, 'GET', '/api/matches/nope/review?seat=0'), 400, 'bad_request', 'id');
    });
  }

  test('a posted Tenhou log (4p and 3p) is reviewed as ippon-review reviews it, and nothing is stored', async () => {
    for (const [name, seats] of [['tenhou4-ranked_game.json', 4], ['tenhou3-2024010120gm-00b9-0000-e324b88a.json', 3]]) {
      const text = sample(name);
      for (const seat of [0, seats - 1]) {
        const r = await api(port, 'POST', `/api/review?seat=${seat}`, { body: text });
        assert.equal(r.status, 200, r.raw);
        assert.deepEqual(r.json, tool(text, seat), `${name} seat ${seat}`);
      }
    }
    const list = await getJson(port, '/api/matches');
    assert.equal(list.matches.length, 2, 'only the two played matches are stored');
  });

  test('bad posts: not JSON, no log, a bad tile, too big, a bad seat or rules', async () => {
    const good = sample('tenhou4-ranked_game.json');
    const notJson = await api(port, 'POST', '/api/review?seat=0', { body: '{"log": [' });
    assertError(notJson, 400, 'bad_request', 'body');
    assertError(await api(port, 'POST', '/api/review?seat=0', { body: '[1,2]' }), 400, 'bad_request', 'body');
    const noLog = await api(port, 'POST', '/api/review?seat=0', { body: '{"name":["a","b","c","d"]}' });
    assertError(noLog, 400, 'bad_log');
    assert.match(noLog.json.error.message, /no "log" array/);
    const game = JSON.parse(good);
    game.log[0][4][2] = 58; // hand 0, seat 0's deal: a tile code no tile has
    const badTile = await api(port, 'POST', '/api/review?seat=0', { body: JSON.stringify(game) });
    assertError(badTile, 400, 'bad_log');
    assert.match(badTile.json.error.message, /^log\[0\]: seat 0: /, 'the message names the hand and the seat');
    assert.match(badTile.json.error.message, /starting hand/, 'and what is wrong');
    const big = await api(port, 'POST', '/api/review?seat=0', { body: JSON.stringify({ ...JSON.parse(good), pad: 'x'.repeat(70_000) }) });
    assertError(big, 413, 'too_large');
    assertError(await api(port, 'POST', '/api/review?seat=4', { body: good }), 400, 'bad_request', 'seat');
    assertError(await api(port, 'POST', '/api/review', { body: good }), 400, 'bad_request', 'seat');
    const sanma = sample('tenhou3-2024010120gm-00b9-0000-e324b88a.json');
    assertError(await api(port, 'POST', '/api/review?seat=3', { body: sanma }), 400, 'bad_request', 'seat');
    assertError(await api(port, 'POST', '/api/review?seat=0&rules=nope', { body: good }), 400, 'bad_request', 'rules');
    const wrong = await api(port, 'POST', '/api/review?seat=0&rules=sanma', { body: good });
    assertError(wrong, 400, 'bad_request');
    assert.match(wrong.json.error.message, /3 players, the game has 4/);
    assertError(await api(port, 'GET', '/api/review?seat=0'), 405, 'method_not_allowed');
  });

  test('an address may post 30 reviews a minute, then 429 with Retry-After', async () => {
    const body = sample('tenhou4-kyushukyuhai.json');
    let refused;
    for (let i = 0; i < 31 && !refused; i++) {
      const r = await api(port, 'POST', '/api/review?seat=0', { body });
      if (r.status === 429) refused = r;
      else assert.equal(r.status, 200, r.raw);
    }
    assert.ok(refused, 'refused within 31 posts (earlier tests posted some)');
    assertError(refused, 429, 'rate_limited');
    assert.ok(Number(refused.headers['retry-after']) >= 1);
    // the stored matches' reviews are not limited
    const list = await getJson(port, '/api/matches');
    assert.equal((await api(port, 'GET', `/api/matches/${list.matches[0].id}/review?seat=0`)).status, 200);
  });
});
