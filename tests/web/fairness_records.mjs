// fairness_records.mjs — consistent match records for the fairness verifiers' tests, built with
// web/js/fairness.js: a record as GET /api/matches/ID gives it (the fields the verifiers read: id,
// mode, rules, players, completed, hands, seeds, fairness), and what one seat saw of the match as
// web/js/witness.js keeps it. The browser's verifier (tests/web) and ippon-verify
// (tests/integration/verify_cli.test.mjs) are both given them.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const F = await import(pathToFileURL(join(import.meta.dirname, '../../web/js/fairness.js')).href);

const rnd = (n) => new Uint8Array(randomBytes(n));

/** a match of `players` seats and `hands` hands, seat 2 contributing nothing; `seen` is what `seat` saw */
export function buildMatch(players, hands = 3, seat = 1) {
  const secret = rnd(32);
  const contributions = Array.from({ length: players }, (_, s) => (s === 2 ? new Uint8Array(0) : rnd(32)));
  const seeds = Array.from({ length: hands }, (_, k) => F.handSeed(secret, k, contributions));
  const record = {
    id: `m${players}x${hands}`,
    mode: `${players}p`,
    rules: players === 3 ? 'sanma' : 'yonma',
    players,
    completed: true,
    hands,
    seeds: seeds.map(F.hex),
    fairness: { secret: F.hex(secret), commitment: F.hex(F.secretCommitment(secret)), contributions: contributions.map(F.hex) },
  };
  const red = F.redFivesFor(players);
  const seen = {
    seat,
    commitment: record.fairness.commitment,
    contribution: F.hex(contributions[seat]),
    hands: seeds.map((seed, k) => {
      const w = F.wall(players, seed);
      const dealer = k % players;
      const deal = F.dealtTiles(players, w, seat, dealer, red).reverse(); // any order will do
      return { k, dealer, commitment: F.hex(F.handCommitment(seed, w)), deal, dora: F.tileName(w[w.length - 9], red) };
    }),
  };
  return { record, seen };
}
