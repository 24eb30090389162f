// review.test.mjs — the review's efficiency figures (ippon-review, src/review/README.md) checked
// against majiang-core (@kobalab/majiang-core 1.4.1: Util.xiangting for shanten, Util.tingpai for
// the kinds that improve) on recorded games, every seat of every hand, for every kind of decision.
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
// under tenhou4, tenhou3 and yonma). It keeps each seat's position before every action of its own
// turn and whenever another seat's discard is offered to it.
//
// Discards: at each discard of a seat not yet in riichi it expects one decision from
// ippon-review, with the same tiles held and the same tile chosen, and for every option it
// recomputes, from the tiles it tracked: the shanten (xiangting), the improving kinds (tingpai),
// and the copies of each unseen (4 − visible − held, 0 for 2m–8m in 3p), and so the ukeire count.
// The kuikae ban after a call decides which kinds are options.
// The other kinds ("Other decisions"), each at the position the decision names (its turn, held
// tiles, and for an offer the discarder and tile): a call's `without` and each call's `after`
// (after the call and the best discard kuikae allows: least shanten, then most unseen ukeire, then
// the lowest kind; a daiminkan's before its replacement draw); a kan's `with` (after the kan) and
// `without` (after the best discard instead, the drawn tile only in riichi); a riichi's `tenpai`,
// `waits` and `wait_count`; a win the hand could not take (furiten, no yaku): its tile is one of
// the hand's waits by tingpai.
// In 3p the man suit has only 1m and 9m and the rules score it like honors (no
// sequences; src/core/RULES.md §4): where a hand holds three or four of 1m or 9m, which majiang would read as
// suited tiles, they are given to majiang as an honor kind the hand does not hold, and the 3p
// improving kinds are found by tingpai's own definition (each draw's xiangting) so that every
// drawn hand is shown that way.
// Speed: ippon-review runs for every set and seat at once (two processes at a time) while the test
// asks majiang, whose answers are remembered by hand within the run. The counts per kind and the
// mismatches are printed; any mismatch fails.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync, readdirSync, mkdtempSync, rmSync, openSync, closeSync, writeFileSync } from 'node:fs';
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
// decisions in order: { turn, held: [tenhou ints], melds, seen: [34], chosen, forced, banned }; its
// positions before every action on its own turn ({ turn, held, melds, seen, riichi, drawn }) and
// when another seat's discard was offered to it ({ turn, from, tile, held, melds, seen }).
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
    decisions: [[], [], [], []], positions: [[], [], [], []], offers: [[], [], [], []],
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

  // the seat's position before an action on its own turn (a kan, kita, discard or the tsumo)
  const position = (x, seat) => x.positions[seat].push({
    turn: x.turns[seat] + 1, held: x.hands[seat].slice(), melds: x.melds[seat].map((m) => m.slice()),
    seen: x.seen.slice(), riichi: x.riichi[seat], drawn: x.lastDrawn,
  });

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
      if (x.discards[seat] >= discardCol(seat).length) { position(x, seat); return usedUp(x); }
      if (discardCol(seat)[x.discards[seat]] !== 0) position(x, seat);
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
      // every other seat's position when offered the tile (the tiles seen are the same for all; a
      // meld is never changed in place, a kakan replaces it)
      const seen = x.seen.slice();
      for (let o = 0; o < players; o++) if (o !== seat) x.offers[o].push({
        turn: x.turns[o], from: seat, tile, held: x.hands[o].slice(), melds: x.melds[o].slice(), seen,
      });
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
            y.banned[caller] = kuikae(call.letter === 'c', kindOf(call.called), withTiles.map(kindOf));
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
  const { decisions, positions, offers } = walk(st, dealer, true, 0);
  return { decisions, positions, offers };
}

// kuikae: the kinds a seat may not discard after a chi (chi true) or pon of kind k with these
// kinds from its hand: the called kind, and after a chi the kind at the far end of the pair
function kuikae(chi, k, withKinds) {
  const ks = withKinds.slice().sort((a, b) => a - b), banned = [k];
  if (chi && k < ks[0] && (ks[1] + 1) % 9 !== 0) banned.push(ks[1] + 1);
  if (chi && k > ks[1] && ks[0] % 9 !== 0) banned.push(ks[0] - 1);
  return banned;
}

// ---- majiang-core on one hand ------------------------------------------------------------------

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

// our kinds of the concealed tiles of a majiang hand (red fives as their kind)
function kindsOfShoupai(sp) {
  const kinds = [];
  SUIT.forEach((s, i) => {
    const b = sp._bingpai[s];
    for (let n = 1; n < b.length; n++) for (let c = 0; c < b[n]; c++) kinds.push(i * 9 + n - 1);
  });
  return kinds;
}

// majiang's shanten and improving kinds of 13 − 3m tiles (our kinds) with these melds, by
// Util.tingpai; in 3p each drawn hand holding three or four of 1m or 9m is shown to majiang as
// above (tingpai's own definition: a kind held fewer than four times whose draw lowers
// Util.xiangting), and only the kinds 3p has count
function oracle(kinds, melds, players) {
  const base = xiangting(kinds, melds, players);
  if (!base) return null;
  let improve, shown = true;
  if (players === 4) {
    improve = Majiang.Util.tingpai(base.sp);
  } else if (!base.relabelled) {
    improve = Majiang.Util.tingpai(base.sp, (sp) => {
      if (sp._bingpai.m[1] < 3 && sp._bingpai.m[9] < 3) return Majiang.Util.xiangting(sp);
      const drawn = xiangting(kindsOfShoupai(sp), melds, players);
      if (!drawn) { shown = false; return Infinity; }
      base.relabelled = true;
      return drawn.shanten;
    });
  } else {
    // a relabelled hand: majiang's kinds are not ours, so each draw is shown afresh
    improve = [];
    for (let c = 0; c < 34; c++) {
      if (absentIn3p(c) || kinds.filter((k) => k === c).length >= 4) continue;
      const drawn = xiangting([...kinds, c], melds, players);
      if (!drawn) return null;
      if (drawn.shanten < base.shanten) improve.push(majiangKind(c));
    }
  }
  if (!shown) return null;
  improve = improve.map((p) => SUIT.indexOf(p[0]) * 9 + +p[1] - 1).filter((k) => players === 4 || !absentIn3p(k));
  return { shanten: base.shanten, improve: improve.sort((a, b) => a - b), relabelled: base.relabelled };
}

// majiang's answers are remembered by hand within the run (a hand left by a tsumogiri, say, comes
// back as an option of the next turn)
const answers = new Map();
const memo = { asked: 0, answered: 0 };
function oracleOf(kinds, melds, players) {
  memo.asked++;
  const key = `${players}:${kinds.slice().sort((a, b) => a - b).join(',')}:${melds.map((m) => m.map(kindOf).join(',')).join('/')}`;
  if (!answers.has(key)) { memo.answered++; answers.set(key, oracle(kinds, melds, players)); }
  return answers.get(key);
}

// the figures of a 3n+1 hand: { shanten, ukeire: { count, tiles }, discard: null }; with `allowed`
// (kinds) the hand has 3n+2 tiles and the figures are those after the best of those discards (least
// shanten, then most unseen ukeire, then the lowest kind). null when majiang cannot be shown a hand
function figures(kinds, melds, players, unseen, allowed = null) {
  const of = (left, discard) => {
    const m = oracleOf(left, melds, players);
    if (!m) return null;
    const tiles = Object.fromEntries(m.improve.map((x) => [kindName(x), unseen[x]]));
    return { shanten: m.shanten, ukeire: { count: m.improve.reduce((a, x) => a + unseen[x], 0), tiles }, discard };
  };
  if (!allowed) return of(kinds, null);
  let best = null;
  for (const k of [...new Set(allowed)].sort((a, b) => a - b)) {
    const left = kinds.slice();
    left.splice(left.indexOf(k), 1);
    const f = of(left, kindName(k));
    if (!f) return null;
    if (!best || f.shanten < best.shanten || (f.shanten === best.shanten && f.ukeire.count > best.ukeire.count)) best = f;
  }
  return best;
}

// ---- running ippon-review -----------------------------------------------------------------------

// The tool runs as child processes, two at a time, reading and writing files (never a pipe the
// test, busy with majiang, would leave unread) while the test works out majiang's side.
const work = mkdtempSync(join(tmpdir(), 'ippon-review-'));
process.on('exit', () => rmSync(work, { recursive: true, force: true }));
const pool = { free: 2, waiting: [] };
function runTool(args, inputFile, name) {
  return new Promise((resolve, reject) => {
    const start = () => {
      pool.free--;
      const out = join(work, `${name}.out`), err = join(work, `${name}.err`);
      const fds = [openSync(inputFile, 'r'), openSync(out, 'w'), openSync(err, 'w')];
      const child = spawn(tool('ippon-review'), args, { stdio: fds });
      fds.forEach((fd) => closeSync(fd));
      child.on('error', reject);
      child.on('close', (status) => {
        pool.free++;
        if (pool.waiting.length) pool.waiting.shift()();
        if (status !== 0) reject(new Error(`ippon-review ${args.join(' ')} exited ${status}: ${readFileSync(err, 'utf8')}`));
        else resolve(readFileSync(out, 'utf8'));
      });
    };
    if (pool.free > 0) start(); else pool.waiting.push(start);
  });
}

// every seat's reviews of these games, one promise per seat
function reviews(games, rules, name) {
  const players = rules === 'sanma' || rules === 'tenhou3' ? 3 : 4;
  const input = join(work, `${name}.jsonl`);
  writeFileSync(input, games.map((g) => JSON.stringify(g)).join('\n') + '\n');
  return Array.from({ length: players }, (_, seat) => runTool(['--seat', String(seat), '--rules', rules], input, `${name}-${seat}`).then((text) => {
    const out = text.trim().split('\n').map((l) => JSON.parse(l));
    assert.equal(out.length, games.length, 'one review per game');
    return out;
  }));
}

// majiang's side of a set's discard decisions, from the walks: each decision's options and their
// answers (want.optionKinds, want.unseen, want.options; no options for a forced discard). Done
// once per set, giving the event loop a turn between hands so that the tool's next run starts
const yieldTurn = () => new Promise((resolve) => setImmediate(resolve));
async function prepare(games, rules) {
  const players = rules === 'sanma' || rules === 'tenhou3' ? 3 : 4;
  const walked = walks(games, rules);
  for (const bySeat of walked) for (const hand of bySeat) {
    for (const seatDecisions of hand.decisions) for (const want of seatDecisions) {
      const heldKinds = [...new Set(want.held.map(kindOf))].sort((a, b) => a - b);
      want.optionKinds = heldKinds.filter((k) => !want.banned.includes(k));
      if (want.forced || want.optionKinds.length < 2) continue;
      want.unseen = unseenAt(want.seen, want.held, players);
      want.options = want.optionKinds.map((k) => {
        const kinds = want.held.map(kindOf);
        kinds.splice(kinds.indexOf(k), 1);
        return oracleOf(kinds, want.melds, players);
      });
    }
    await yieldTurn();
  }
  return walked;
}

// ---- comparing ----------------------------------------------------------------------------------

const sortedNames = (tiles) => tiles.map(nameOf).sort().join(',');
const heldOf = (short) => (short.match(/\d+[mpsz]/g) || []).flatMap((g) => [...g.slice(0, -1)].map((d) => d + g.at(-1))).sort().join(',');
const kindOfName = (n) => (n[0] === '0' ? 4 : +n[0] - 1) + 9 * SUIT.indexOf(n[1]);
const tenhouOf = (k) => (k < 27 ? (Math.floor(k / 9) + 1) * 10 + (k % 9) + 1 : 41 + k - 27);
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);
// ippon's figures with the discard named by kind (a red five as its kind)
// the figures majiang-core can check: shanten, ukeire, the discard (a tenpai hand's value is the
// scorer's, checked by the unit and integration tests)
const plain = (f) => f && { shanten: f.shanten, ukeire: f.ukeire, discard: f.discard && kindName(kindOfName(f.discard)) };
const unseenAt = (seen, held, players) => {
  const h = new Array(34).fill(0);
  for (const t of held) h[kindOf(t)]++;
  return h.map((c, k) => (players === 3 && absentIn3p(k) ? 0 : 4 - seen[k] - c));
};

// the decisions of other kinds ("Other decisions" in src/review/README.md) against majiang-core,
// each from the log's position that ippon's decision names; counts per kind into `counts`
// (`used`: per kind, the offers already matched, for a tile discarded twice in a row, passed then called)
function compareOthers(d, walk, players, counts, bad, w, used) {
  const own = () => walk.positions.find((p) => p.turn === d.turn && sortedNames(p.held) === heldOf(d.held));
  const offer = (match) => {
    const at = walk.offers.find((p) => !used[d.kind].has(p) && p.turn === d.turn && kindOf(p.tile) === kindOfName(d.tile) &&
      sortedNames(p.held) === heldOf(d.held) && match(p));
    if (at) used[d.kind].add(at);
    return at;
  };
  const fig = (what, got, want) => { if (!same(plain(got), want)) bad.push(`${w}: ${what} ${JSON.stringify(got)}, majiang ${JSON.stringify(want)}`); };
  if (d.kind === 'call') {
    const at = offer((p) => p.from === d.from);
    if (!at) { bad.push(`${w}: a call decision on ${d.tile} from ${d.from} the log has no offer for`); return; }
    counts.call++;
    const unseen = unseenAt(at.seen, at.held, players), kinds = at.held.map(kindOf), k = kindOf(at.tile);
    fig('without', d.without, figures(kinds, at.melds, players, unseen));
    for (const c of d.calls) {
      counts.callOptions++;
      const withKinds = c.with.map(kindOfName), left = kinds.slice();
      for (const x of withKinds) left.splice(left.indexOf(x), 1);
      const melds = [...at.melds, [...withKinds, k].map(tenhouOf)];
      const banned = c.type === 'daiminkan' ? null : kuikae(c.type === 'chi', k, withKinds);
      fig(`${c.type} ${c.with} after`, c.after, figures(left, melds, players, unseen, banned && left.filter((x) => !banned.includes(x))));
    }
  } else if (d.kind === 'kan') {
    const at = own();
    if (!at) { bad.push(`${w}: a kan decision at a position the log does not have`); return; }
    counts.kan++;
    const unseen = unseenAt(at.seen, at.held, players), kinds = at.held.map(kindOf), k = kindOfName(d.tile);
    const left = kinds.filter((x) => x !== k), melds = at.melds.map((m) => m.slice());
    if (d.type === 'ankan') melds.push([k, k, k, k].map(tenhouOf));
    else {
      left.push(...kinds.filter((x) => x === k).slice(1));
      const pon = melds.findIndex((m) => m.length === 3 && kindOf(m[0]) === k);
      if (pon < 0) { bad.push(`${w}: a kakan of ${d.tile} without its pon`); return; }
      melds[pon].push(tenhouOf(k));
    }
    fig('with', d.with, figures(left, melds, players, unseen));
    fig('without', d.without, figures(kinds, at.melds, players, unseen, at.riichi ? [kindOf(at.drawn)] : kinds));
  } else if (d.kind === 'riichi') {
    const at = walk.decisions.find((p) => p.turn === d.turn);
    if (!at || sortedNames(at.held) !== heldOf(d.held)) { bad.push(`${w}: a riichi decision at a discard the log does not have`); return; }
    counts.riichi++;
    const unseen = unseenAt(at.seen, at.held, players), left = at.held.map(kindOf);
    left.splice(left.indexOf(kindOfName(d.chosen)), 1);
    const m = oracleOf(left, at.melds, players);
    const waits = m.shanten === 0 ? m.improve : [];
    const want = { tenpai: m.shanten === 0, waits: waits.map(kindName), wait_count: waits.reduce((a, x) => a + unseen[x], 0) };
    if (!same({ tenpai: d.tenpai, waits: d.waits, wait_count: d.wait_count }, want)) bad.push(`${w}: riichi ${JSON.stringify(d)}, majiang ${JSON.stringify(want)}`);
  } else if (d.kind === 'win' && !d.legal) {
    // a complete shape the hand could not win on: the tile is one of its waits
    const at = d.tsumo ? own() : offer(() => true);
    if (!at) { bad.push(`${w}: a win it could not take at a position the log does not have`); return; }
    counts.win++;
    const left = at.held.map(kindOf);
    if (d.tsumo) left.splice(left.indexOf(kindOfName(d.tile)), 1);
    const m = oracleOf(left, at.melds, players);
    if (m.shanten !== 0 || !m.improve.includes(kindOfName(d.tile))) bad.push(`${w}: ${d.why} on ${d.tile}, but majiang's waits are ${m.improve.map(kindName)} at shanten ${m.shanten}`);
  }
}

// compares every seat of every game: the discard decisions option by option and the others by
// kind; returns the counts and the mismatches (alter: a change made to ippon's reviews before they
// are compared, for the test that the comparison can fail)
async function compareGames(games, rules, pending, alter = (reviews) => reviews) {
  const players = rules === 'sanma' || rules === 'tenhou3' ? 3 : 4;
  const counts = { hands: 0, decisions: 0, options: 0, forced: 0, relabelled: 0, call: 0, callOptions: 0, kan: 0, riichi: 0, win: 0 };
  const bad = [];
  const walked = await prepared.get(games);
  games.forEach((g) => (counts.hands += g.log.length));
  for (let seat = 0; seat < players; seat++) {
    const reviews = alter(await pending[seat]);
    reviews.forEach((rv, gi) => {
      const where = (d) => `${rules} game ${gi} hand ${d.hand} seat ${seat} turn ${d.turn}`;
      const ours = new Map(rv.decisions.filter((d) => d.kind === 'discard').map((d) => [`${d.hand}/${d.turn}`, d]));
      const used = { call: new Set(), win: new Set() };
      for (const d of rv.decisions) if (d.kind !== 'discard') {
        const hand = walked[gi][d.hand];
        compareOthers(d, { decisions: hand.decisions[seat], positions: hand.positions[seat], offers: hand.offers[seat] }, players, counts, bad, `${where(d)} ${d.kind}`, used);
      }
      walked[gi].forEach((hand, hi) => {
        for (const want of hand.decisions[seat]) {
          const got = ours.get(`${hi}/${want.turn}`);
          ours.delete(`${hi}/${want.turn}`);
          const w = where({ hand: hi, turn: want.turn });
          if (!want.options) {
            counts.forced++;
            if (got) bad.push(`${w}: a forced discard reviewed as a decision`);
            continue;
          }
          if (!got) { bad.push(`${w}: no decision from ippon-review`); continue; }
          counts.decisions++;
          if (sortedNames(want.held) !== heldOf(got.held)) bad.push(`${w}: held ${got.held}, the log has ${sortedNames(want.held)}`);
          if (got.chosen !== nameOf(want.chosen)) bad.push(`${w}: chose ${got.chosen}, the log has ${nameOf(want.chosen)}`);
          if (got.melds !== want.melds.length) bad.push(`${w}: ${got.melds} melds, the log has ${want.melds.length}`);
          const gotKinds = got.options.map((o) => o.discard).join(',');
          if (gotKinds !== want.optionKinds.map(kindName).join(',')) bad.push(`${w}: options ${gotKinds}, expected ${want.optionKinds.map(kindName)}`);
          const unseen = want.unseen;
          if (unseen.some((u) => u < 0)) bad.push(`${w}: more than four copies seen`);
          for (const o of got.options) {
            counts.options++;
            const i = want.optionKinds.findIndex((x) => kindName(x) === o.discard);
            if (i < 0) continue;
            const m = want.options[i];
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

// the walks of a set of games, done once per set
const walkCache = new Map();
function walks(games, rules) {
  if (!walkCache.has(games)) {
    const players = rules === 'sanma' || rules === 'tenhou3' ? 3 : 4;
    walkCache.set(games, games.map((g) => g.log.map((hand) => walkHand(hand, players, rules))));
  }
  return walkCache.get(games);
}

async function check(name, games, rules, pending, atLeast) {
  const { counts, bad } = await compareGames(games, rules, pending);
  console.log(`${name} [${rules}]: ${counts.hands} hands, ${counts.decisions} discard decisions (${counts.forced} forced discards left out), ` +
    `${counts.options} options compared with majiang-core` +
    (counts.relabelled ? ` (${counts.relabelled} with 1m/9m shown to majiang as an honor)` : '') +
    `; ${counts.call} call decisions (${counts.callOptions} calls), ${counts.kan} kan, ${counts.riichi} riichi, ` +
    `${counts.win} wins it could not take; ${bad.length} mismatches`);
  if (bad.length) console.log('  ' + bad.slice(0, 20).join('\n  '));
  assert.ok(counts.hands >= atLeast.hands, `only ${counts.hands} hands`);
  assert.ok(counts.decisions >= atLeast.decisions, `only ${counts.decisions} decisions`);
  assert.equal(bad.length, 0, `${bad.length} mismatches`);
  return counts;
}

// the games, and the tool started on all of them at once (ippon's self-play written first)
const samples = readdirSync(join(data, 'samples')).filter((f) => f.endsWith('.json'))
  .map((f) => JSON.parse(readFileSync(join(data, 'samples', f), 'utf8')));
const sets = {
  tenhou4: samples.filter((g) => g.meta.rules === 'tenhou4'),
  tenhou3: samples.filter((g) => g.meta.rules === 'tenhou3'),
  majiang: gunzipSync(readFileSync(join(data, 'selfplay-majiang.jsonl.gz'))).toString('utf8').trim().split('\n').map((l) => JSON.parse(l)),
};
for (const [rules, seed] of [['yonma', 29], ['sanma', 31]]) {
  const file = join(work, `${rules}-sim.jsonl`);
  const r = spawnSync(tool('ippon-sim'), ['--rules', rules, '--matches', '250', '--seed', String(seed), '--tenhou', file], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  sets[rules] = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
}
const rulesOf = (key) => (key === 'majiang' ? 'yonma' : key);
const pending = Object.fromEntries(Object.entries(sets).map(([key, games]) => [key, reviews(games, rulesOf(key), key)]));
// majiang's side of every set, one after another, while the tool runs
const prepared = new Map();
let chain = Promise.resolve();
for (const [key, games] of Object.entries(sets)) {
  chain = chain.then(() => prepare(games, rulesOf(key)));
  prepared.set(games, chain);
  chain.catch(() => {}); // reported by the test that awaits it
}
for (const seats of Object.values(pending)) for (const p of seats) p.catch(() => {}); // reported by the test that awaits it

test('real Tenhou 4-player games: every figure equals majiang-core (tenhou4)', async () => {
  await check('Tenhou 4p samples', sets.tenhou4, 'tenhou4', pending.tenhou4, { hands: 21, decisions: 500 });
});

test('real Tenhou 3-player games: every figure equals majiang-core (tenhou3)', async () => {
  await check('Tenhou 3p samples', sets.tenhou3, 'tenhou3', pending.tenhou3, { hands: 39, decisions: 900 });
  forget('tenhou3');
});

// a set checked for good: its walks and reviews let go (the heap the collector walks stays small)
function forget(key) {
  walkCache.delete(sets[key]);
  prepared.delete(sets[key]);
  delete pending[key];
}

test('majiang-ai self-play games: every figure equals majiang-core (yonma)', async () => {
  await check('majiang-ai self-play', sets.majiang, 'yonma', pending.majiang, { hands: 500, decisions: 10000 });
  forget('majiang');
});

for (const rules of ['yonma', 'sanma']) {
  test(`ippon's own self-play (${rules}): every figure equals majiang-core`, async () => {
    await check(`ippon self-play`, sets[rules], rules, pending[rules], { hands: 250, decisions: 2000 });
    forget(rules);
  });
}

test('the comparison can fail: a wrong figure of each kind from ippon is caught', async () => {
  const first = (kind) => (reviews) => reviews.flatMap((r) => r.decisions).find((x) => x.kind === kind && (kind !== 'call' || x.calls.some((c) => c.after.discard)));
  const changes = [
    ['discard', (d) => { d.options.find((o) => o.ukeire.count > 0).shanten += 1; }],
    ['discard', (d) => { d.options.find((o) => o.ukeire.count > 0).ukeire.count += 1; }],
    ['discard', (d) => { const o = d.options.find((x) => x.ukeire.count > 0); const [t] = Object.keys(o.ukeire.tiles); o.ukeire.tiles[t] -= 1; o.ukeire.count -= 1; }],
    ['call', (d) => { d.without.ukeire.count += 1; }],
    ['call', (d) => { const c = d.calls.find((x) => x.after.discard); c.after.discard = c.after.discard === '1z' ? '2z' : '1z'; }],
    ['kan', (d) => { d.with.shanten += 1; }],
    ['riichi', (d) => { d.wait_count += 1; }],
  ];
  for (const [kind, change] of changes) {
    const { bad } = await compareGames(sets.tenhou4, 'tenhou4', pending.tenhou4, (reviews) => {
      const copy = structuredClone(reviews);
      const d = first(kind)(copy);
      if (d) change(d);
      return copy;
    });
    assert.ok(bad.length >= 1, `not caught: ${change}`);
  }
  console.log(`majiang-core asked ${memo.asked} times, ${memo.answered} distinct hands`);
});
