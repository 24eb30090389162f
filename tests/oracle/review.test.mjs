// review.test.mjs — the review's efficiency figures (ippon-review, src/review/README.md) checked
// against majiang-core (@kobalab/majiang-core 1.4.1: Util.xiangting for shanten, Util.tingpai for
// the kinds that improve) on recorded games, every seat of every hand.
//
// The games: the committed real Tenhou logs (tests/data/replay/samples: 4-player under tenhou4,
// 3-player under tenhou3), the majiang-ai self-play set (selfplay-majiang.jsonl.gz, yonma), and
// ippon's own self-play exported as tenhou.net/6 by ippon-sim (yonma and sanma, fixed seeds).
//
// The test walks each log itself, written here from the format (tests/data/replay/README.md),
// without ippon: the play order of the columns (a call takes the turn after the discard it
// takes; when the same tile is discarded twice in a row and one of them is called, the walk tries
// the call first and backs off if the rest does not fit), each seat's concealed tiles and melds,
// and every tile a seat can see (ponds, called sets, kan tiles, kita, dora indicators as they turn
// over: at once for an ankan and in 3p without the delay; an open kan's at its player's next discard
// under tenhou4, tenhou3 and yonma). At each discard of a seat not yet in riichi it expects one
// decision from ippon-review, with the same tiles held and the same tile chosen, and for every
// option it recomputes, from the tiles it tracked: the shanten (xiangting), the improving kinds
// (tingpai), and the copies of each unseen (4 − visible − held, 0 for 2m–8m in 3p), and so the
// ukeire count. In 3p the man suit has only 1m and 9m and the rules score it like honors (no
// sequences; src/core/RULES.md §4): where a hand holds three or four of 1m or 9m, which majiang would read as
// suited tiles, they are given to majiang as an honor kind the hand does not hold, and the 3p
// improving kinds are found by tingpai's own definition (each draw's xiangting) so that every
// drawn hand is shown that way. The kuikae ban
// after a call decides which kinds are options. The counts (decisions, options, mismatches) are
// printed; any mismatch fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, rmSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import { tmpdir } from 'node:os';

const require = createRequire(import.meta.url);
const Majiang = require('@kobalab/majiang-core');

const build = process.env.IPPON_BUILD_DIR;
const source = process.env.IPPON_SOURCE_DIR ?? join(import.meta.dirname, '../..');
const tool = (name) => join(build, 'src', 'tools', name);
const data = join(source, 'tests', 'data', 'replay');

// ---- tiles ----------------------------------------------------------------------------------

// tenhou.net/6 integers: 11–19 m, 21–29 p, 31–39 s, 41–47 honors, 51–53 red fives
const kindOf = (t) => (t >= 51 ? (t - 51) * 9 + 4 : (Math.floor(t / 10) - 1) * 9 + (t % 10) - 1);
const SUIT = ['m', 'p', 's', 'z'];
// our short notation of one tile ("0m" for a red five)
const nameOf = (t) => (t >= 51 ? `0${SUIT[t - 51]}` : `${t % 10}${SUIT[Math.floor(t / 10) - 1]}`);
const kindName = (k) => `${k < 27 ? (k % 9) + 1 : k - 26}${SUIT[Math.floor(k / 9)]}`;
// majiang-core's name of a kind ("m1", "z7")
const majiangKind = (k) => `${SUIT[Math.floor(k / 9)]}${k < 27 ? (k % 9) + 1 : k - 26}`;
const absentIn3p = (k) => k >= 1 && k <= 7;

// a call or kan string: its tiles and the letter, with the index (in tiles) the letter stands at
function parseMeld(s) {
  const tiles = [];
  let letter = null, at = -1;
  for (let i = 0; i < s.length;) {
    if (/[a-z]/.test(s[i])) { letter = s[i]; at = tiles.length; i++; continue; }
    tiles.push(+s.slice(i, i + 2));
    i += 2;
  }
  return { letter, at, tiles, called: tiles[at] };
}

// the seat a call's tile came from: the letter's place says left (0), across (1) or right (2, 3),
// counted on four seats as Tenhou writes it, in 3p too
function callFrom(seat, m) {
  const offset = m.at === 0 ? 3 : m.at === 1 ? 2 : 1;
  return (seat + offset) % 4;
}

// ---- walking one hand ------------------------------------------------------------------------

// Walks hand `log` of a game for `players` under `rules` and returns, per seat, its discard
// decisions in order: { turn, held: [tenhou ints], melds, seen: [34], chosen, forced, banned }.
function walkHand(log, players, rules) {
  const round = log[0][0];
  const dealer = round % 4;
  const delayed = rules !== 'sanma'; // an open kan's indicator turns at its player's next discard
  const dora = log[2];
  const st = {
    draws: [0, 1, 2, 3].map(() => 0), discards: [0, 1, 2, 3].map(() => 0),
    hands: [0, 1, 2, 3].map((s) => (s < players ? log[4 + 3 * s].slice() : [])),
    melds: [[], [], [], []], riichi: [false, false, false, false], banned: [[], [], [], []],
    turns: [0, 0, 0, 0], seen: new Array(34).fill(0), revealed: 0, pending: -1, lastDrawn: -1,
    decisions: [[], [], [], []],
  };
  const drawCol = (s) => log[5 + 3 * s];
  const discardCol = (s) => log[6 + 3 * s];
  const reveal = (x) => {
    if (x.revealed < dora.length) x.seen[kindOf(dora[x.revealed])]++;
    x.revealed++;
  };
  reveal(st);
  const removeTile = (x, s, t) => {
    const i = x.hands[s].indexOf(t);
    if (i < 0) throw new Error(`seat ${s} does not hold ${t}`);
    x.hands[s].splice(i, 1);
  };
  const usedUp = (x) => {
    for (let s = 0; s < players; s++)
      if (x.draws[s] !== drawCol(s).length || x.discards[s] !== discardCol(s).length) throw new Error('columns left over');
    return x;
  };
  const kanDora = (x, seat, open) => {
    if (x.pending >= 0) { reveal(x); x.pending = -1; }
    if (open && delayed) x.pending = seat;
    else reveal(x);
  };

  function walk(x, seat, needDraw, depth) {
    if (depth > 64) throw new Error('too deep');
    for (;;) {
      if (needDraw) {
        if (x.draws[seat] >= drawCol(seat).length) return usedUp(x);
        const t = drawCol(seat)[x.draws[seat]++];
        if (typeof t !== 'number') throw new Error(`seat ${seat}: a call where a draw was due`);
        x.hands[seat].push(t);
        x.lastDrawn = t;
      }
      if (x.discards[seat] >= discardCol(seat).length) return usedUp(x);
      const e = discardCol(seat)[x.discards[seat]++];
      if (e === 0) { needDraw = true; continue; } // after a daiminkan: its replacement draw
      if (e === 'f44') { removeTile(x, seat, 44); x.seen[kindOf(44)]++; needDraw = true; continue; }
      if (typeof e === 'string' && /[ak]/.test(e)) {
        const m = parseMeld(e);
        if (m.letter === 'a') {
          for (const t of m.tiles) { removeTile(x, seat, t); x.seen[kindOf(t)]++; }
          x.melds[seat].push(m.tiles);
          kanDora(x, seat, false);
        } else {
          removeTile(x, seat, m.called);
          x.seen[kindOf(m.called)]++;
          const pon = x.melds[seat].findIndex((ts) => ts.length === 3 && kindOf(ts[0]) === kindOf(m.called));
          x.melds[seat][pon] = [...x.melds[seat][pon], m.called];
          kanDora(x, seat, true);
        }
        needDraw = true;
        continue;
      }
      // a discard: the decision comes first
      const riichi = typeof e === 'string' && e[0] === 'r';
      const code = riichi ? +e.slice(1) : e;
      const tile = code === 60 ? x.lastDrawn : code;
      x.turns[seat]++;
      x.decisions[seat].push({
        turn: x.turns[seat], held: x.hands[seat].slice(), melds: x.melds[seat].map((m) => m.slice()),
        seen: x.seen.slice(), chosen: tile, forced: x.riichi[seat], banned: x.banned[seat].slice(),
      });
      removeTile(x, seat, tile);
      x.seen[kindOf(tile)]++;
      if (riichi) x.riichi[seat] = true;
      x.banned[seat] = [];
      if (x.pending === seat) { reveal(x); x.pending = -1; }
      // does anybody call it? pon/kan by any seat first, else a chi by the next
      let caller = -1, call = null;
      for (let i = 1; i < players && caller < 0; i++) {
        const s = (seat + i) % players;
        const head = drawCol(s)[x.draws[s]];
        if (typeof head !== 'string') continue;
        const m = parseMeld(head);
        if ((m.letter === 'p' || m.letter === 'm') && m.called === tile && callFrom(s, m) === seat) { caller = s; call = m; }
      }
      const next = (seat + 1) % players;
      if (caller < 0 && typeof drawCol(next)[x.draws[next]] === 'string') {
        const m = parseMeld(drawCol(next)[x.draws[next]]);
        if (m.letter === 'c' && m.called === tile && callFrom(next, m) === seat) { caller = next; call = m; }
      }
      if (caller >= 0) {
        const y = structuredClone(x);
        try {
          y.draws[caller]++;
          const withTiles = call.tiles.filter((_, i) => i !== call.at);
          for (const t of withTiles) { removeTile(y, caller, t); y.seen[kindOf(t)]++; }
          y.melds[caller].push(call.tiles);
          if (call.letter === 'm') kanDora(y, caller, true);
          else {
            // kuikae: the called kind, and after a chi the kind at the far end of the pair
            const k = kindOf(call.called), ks = withTiles.map(kindOf).sort((a, b) => a - b);
            y.banned[caller] = [k];
            if (call.letter === 'c' && k < ks[0] && (ks[1] + 1) % 9 !== 0) y.banned[caller].push(ks[1] + 1);
            if (call.letter === 'c' && k > ks[1] && ks[0] % 9 !== 0) y.banned[caller].push(ks[0] - 1);
          }
          return walk(y, caller, false, depth + 1);
        } catch {
          // the call belongs to a later discard of the same tile: let this one pass
        }
      }
      seat = next;
      needDraw = true;
    }
  }
  return walk(st, dealer, true, 0).decisions;
}

// ---- majiang-core on one option ----------------------------------------------------------------

// majiang's shanten of a hand of our kinds with these melds (tenhou ints); in 3p 1m/9m held three
// or four times are shown as an honor kind the hand lacks (null if it holds every honor)
function xiangting(kinds, melds, players) {
  const counts = new Array(34).fill(0);
  for (const k of kinds) counts[k]++;
  const as = counts.map((_, k) => k); // the kind majiang is shown for each of ours
  let relabelled = false;
  if (players === 3) {
    const free = [27, 28, 29, 30, 31, 32, 33].filter((k) => counts[k] === 0);
    for (const k of [0, 8]) if (counts[k] >= 3) {
      if (!free.length) return null;
      as[k] = free.shift();
      relabelled = true;
    }
  }
  const sp = new Majiang.Shoupai(kinds.map((k) => majiangKind(as[k])));
  for (const m of melds) sp._fulou.push(m.map((t) => majiangKind(as[kindOf(t)])).join(''));
  return { shanten: Majiang.Util.xiangting(sp), sp, relabelled };
}

// majiang's shanten and improving kinds of 13 − 3m tiles (our kinds) with these melds: 4p by
// Util.tingpai; 3p by its definition (a kind the hand holds fewer than four of, whose draw lowers
// Util.xiangting), each drawn hand shown to majiang as above, and only the kinds 3p has
function oracle(kinds, melds, players) {
  const base = xiangting(kinds, melds, players);
  if (!base) return null;
  let improve;
  if (players === 4) {
    improve = Majiang.Util.tingpai(base.sp).map((p) => SUIT.indexOf(p[0]) * 9 + +p[1] - 1);
  } else {
    improve = [];
    for (let c = 0; c < 34; c++) {
      if (absentIn3p(c) || kinds.filter((k) => k === c).length >= 4) continue;
      const drawn = xiangting([...kinds, c], melds, players);
      if (!drawn) return null;
      base.relabelled ||= drawn.relabelled;
      if (drawn.shanten < base.shanten) improve.push(c);
    }
  }
  return { shanten: base.shanten, improve: improve.sort((a, b) => a - b), relabelled: base.relabelled };
}

// ---- running and comparing ----------------------------------------------------------------------

function review(games, rules, seat) {
  const r = spawnSync(tool('ippon-review'), ['--seat', String(seat), '--rules', rules],
    { input: games.map((g) => JSON.stringify(g)).join('\n') + '\n', maxBuffer: 1 << 30, encoding: 'utf8' });
  assert.equal(r.status, 0, `ippon-review --seat ${seat} --rules ${rules} exited ${r.status}: ${r.stderr}`);
  const out = r.stdout.trim().split('\n').map((l) => JSON.parse(l));
  assert.equal(out.length, games.length, 'one review per game');
  return out;
}

// compares every seat of every game; returns the counts and the mismatches
// (alter: a change made to ippon's reviews before they are compared, for the test that the
// comparison can fail)
function compareGames(games, rules, alter = (reviews) => reviews) {
  const players = rules === 'sanma' || rules === 'tenhou3' ? 3 : 4;
  const counts = { hands: 0, decisions: 0, options: 0, forced: 0, relabelled: 0 };
  const bad = [];
  const walked = games.map((g) => g.log.map((hand) => walkHand(hand, players, rules)));
  games.forEach((g) => (counts.hands += g.log.length));
  for (let seat = 0; seat < players; seat++) {
    const reviews = alter(review(games, rules, seat));
    reviews.forEach((rv, gi) => {
      const where = (d) => `${rules} game ${gi} hand ${d.hand} seat ${seat} turn ${d.turn}`;
      const ours = new Map(rv.decisions.filter((d) => d.kind === 'discard').map((d) => [`${d.hand}/${d.turn}`, d]));
      walked[gi].forEach((bySeat, hi) => {
        for (const want of bySeat[seat]) {
          const got = ours.get(`${hi}/${want.turn}`);
          ours.delete(`${hi}/${want.turn}`);
          const w = where({ hand: hi, turn: want.turn });
          const heldKinds = [...new Set(want.held.map(kindOf))].sort((a, b) => a - b);
          const optionKinds = heldKinds.filter((k) => !want.banned.includes(k));
          if (want.forced || optionKinds.length < 2) {
            counts.forced++;
            if (got) bad.push(`${w}: a forced discard reviewed as a decision`);
            continue;
          }
          if (!got) { bad.push(`${w}: no decision from ippon-review`); continue; }
          counts.decisions++;
          const heldNames = want.held.map(nameOf).sort().join(',');
          const gotHeld = (got.held.match(/\d+[mpsz]/g) || []).flatMap((g) => [...g.slice(0, -1)].map((d) => d + g.at(-1))).sort().join(',');
          if (heldNames !== gotHeld) bad.push(`${w}: held ${got.held}, the log has ${heldNames}`);
          if (got.chosen !== nameOf(want.chosen)) bad.push(`${w}: chose ${got.chosen}, the log has ${nameOf(want.chosen)}`);
          if (got.melds !== want.melds.length) bad.push(`${w}: ${got.melds} melds, the log has ${want.melds.length}`);
          const gotKinds = got.options.map((o) => o.discard).join(',');
          if (gotKinds !== optionKinds.map(kindName).join(',')) bad.push(`${w}: options ${gotKinds}, expected ${optionKinds.map(kindName)}`);
          const held = new Array(34).fill(0);
          for (const t of want.held) held[kindOf(t)]++;
          const unseen = held.map((h, k) => (players === 3 && absentIn3p(k) ? 0 : 4 - want.seen[k] - h));
          if (unseen.some((u) => u < 0)) bad.push(`${w}: more than four copies seen`);
          for (const o of got.options) {
            counts.options++;
            const k = heldKinds.find((x) => kindName(x) === o.discard);
            if (k === undefined) continue;
            const kinds = want.held.map(kindOf);
            kinds.splice(kinds.indexOf(k), 1);
            const m = oracle(kinds, want.melds, players);
            if (!m) { bad.push(`${w}: option ${o.discard} cannot be given to majiang`); continue; }
            if (m.relabelled) counts.relabelled++;
            const tiles = Object.fromEntries(m.improve.map((x) => [kindName(x), unseen[x]]));
            const count = m.improve.reduce((a, x) => a + unseen[x], 0);
            if (o.shanten !== m.shanten) bad.push(`${w}: discard ${o.discard}: shanten ${o.shanten}, majiang ${m.shanten}`);
            else if (JSON.stringify(o.ukeire.tiles) !== JSON.stringify(tiles) || o.ukeire.count !== count)
              bad.push(`${w}: discard ${o.discard}: ukeire ${JSON.stringify(o.ukeire)}, expected ${count} ${JSON.stringify(tiles)}`);
            if ((o.shanten === 0) !== ('waits' in o) || (o.shanten === 0 && o.waits.join(',') !== m.improve.map(kindName).join(',')))
              bad.push(`${w}: discard ${o.discard}: waits ${JSON.stringify(o.waits)} at shanten ${o.shanten}`);
          }
        }
      });
      for (const d of ours.values()) bad.push(`${where(d)}: a decision the log has no discard for`);
    });
  }
  return { counts, bad };
}

function check(name, games, rules, atLeast) {
  const { counts, bad } = compareGames(games, rules);
  console.log(`${name} [${rules}]: ${counts.hands} hands, ${counts.decisions} decisions (${counts.forced} forced discards left out), ` +
    `${counts.options} options compared with majiang-core, ${bad.length} mismatches` +
    (counts.relabelled ? ` (${counts.relabelled} options with 1m/9m shown to majiang as an honor)` : ''));
  if (bad.length) console.log('  ' + bad.slice(0, 20).join('\n  '));
  assert.ok(counts.hands >= atLeast.hands, `only ${counts.hands} hands`);
  assert.ok(counts.decisions >= atLeast.decisions, `only ${counts.decisions} decisions`);
  assert.equal(bad.length, 0, `${bad.length} mismatches`);
  return counts;
}

const samples = readdirSync(join(data, 'samples')).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(data, 'samples', f), 'utf8')));

test('real Tenhou 4-player games: every option equals majiang-core (tenhou4)', () => {
  check('Tenhou 4p samples', samples.filter((g) => g.meta.rules === 'tenhou4'), 'tenhou4', { hands: 21, decisions: 500 });
});

test('real Tenhou 3-player games: every option equals majiang-core (tenhou3)', () => {
  check('Tenhou 3p samples', samples.filter((g) => g.meta.rules === 'tenhou3'), 'tenhou3', { hands: 39, decisions: 900 });
});

test('majiang-ai self-play games: every option equals majiang-core (yonma)', () => {
  const games = gunzipSync(readFileSync(join(data, 'selfplay-majiang.jsonl.gz'))).toString('utf8')
    .trim().split('\n').map((l) => JSON.parse(l));
  check('majiang-ai self-play', games, 'yonma', { hands: 500, decisions: 10000 });
});

for (const [rules, seed] of [['yonma', 29], ['sanma', 31]]) {
  test(`ippon's own self-play (${rules}): every option equals majiang-core`, () => {
    const dir = mkdtempSync(join(tmpdir(), 'ippon-review-'));
    try {
      const file = join(dir, 'games.jsonl');
      const r = spawnSync(tool('ippon-sim'), ['--rules', rules, '--matches', '250', '--seed', String(seed), '--tenhou', file], { encoding: 'utf8' });
      assert.equal(r.status, 0, r.stderr);
      const games = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
      check(`ippon self-play`, games, rules, { hands: 250, decisions: 2000 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
}

test('the comparison can fail: a wrong shanten, ukeire or unseen count from ippon is caught', () => {
  const games = samples.filter((g) => g.meta.rules === 'tenhou4');
  const changes = [
    (o) => { o.shanten += 1; },
    (o) => { o.ukeire.count += 1; },
    (o) => { const [t] = Object.keys(o.ukeire.tiles); o.ukeire.tiles[t] -= 1; o.ukeire.count -= 1; },
  ];
  for (const change of changes) {
    const { bad } = compareGames(games, 'tenhou4', (reviews) => {
      const d = reviews[0].decisions.find((x) => x.kind === 'discard');
      change(d.options.find((o) => o.ukeire.count > 0));
      return reviews;
    });
    assert.ok(bad.length >= 1, `not caught: ${change}`);
  }
});
