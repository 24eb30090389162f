// ladder_seed.mjs — a small bot ladder written straight into a server's records, for the tests of
// its public side (ladder_board.test.mjs, tests/browser/bot_ladder.test.mjs): the rows the ladder's
// writer would leave (migrations/0017_bot_ladder.sql; PostgreSQL 0010) — users, bots, matches,
// match_players, ladder_matches, ladder_ratings — as INSERTs both engines take, run by the sqlite3
// shell on the server's SQLite file or by psql on its PostgreSQL schema (the harness's
// IPPON_TEST_POSTGRES runs). A ladder match is an ordinary stored match, never ranked (counted 0).
//
// Two owners and five bots (ids are 32 hex: a bot's is its letter's two digits repeated):
//
//   Alpha   aa…  owner Aki (11…)  "Plays fast and folds early"
//   Bravo   bb…  owner Aki
//   Charlie cc…  owner Aki
//   Delta   dd…  owner Bea (22…)  deleted by its owner
//   Echo    ee…  owner Bea        suspended from the ladder (timeouts)
//
// The sets (T0 = 2026-01-01 00:00 UTC in ms; at rotation r the set's bot k sits at seat (k + r) mod
// players; each match's results below in seat order, starting points 25,000 in 4p, 35,000 in 3p):
//
//   S1 51…  4p complete,  bots A B C D    S2 52…  4p two rotations, bots A B C E
//     r0 T0+1000  A +12000 B −4000 C −3000 D −5000    r0 T0+5000  A −2000 B +3000 C +1000 E −2000
//     r1 T0+2000  D −1000 A −8000 B+10000 C −1000     r1 T0+6000  E −1000 A +5000 B −3000 C −1000
//     r2 T0+3000  C +7000 D −3000 A +2000 B −6000
//     r3 T0+4000  B −1000 C −2000 D +4000 A −1000   S0 50…  4p one rotation,  bots A B D E
//                                                      r0 T0+4000  A −1000 B −2000 D +5000 E −2000
//   S3 53…  3p complete,  bots A B C
//     r0 T0+7000  A +6000 B −3000 C −3000
//     r1 T0+8000  C −4000 A −4000 B +8000
//     r2 T0+9000  B −2000 C +3000 A −1000
//
// ladder_ratings holds what those matches add up to (matches, wins — the top result of each match
// —, points, the latest end) with a mu and sigma of the seed's choosing:
//
//   4p  Alpha 1620.5 ± 90.25, 7 matches, 2 wins, +7000, last T0+6000
//       Bravo 1580 ± 70,      7 matches, 2 wins, −3000, last T0+6000
//       Charlie 1580 ± 130.5, 6 matches, 1 win,  +1000, last T0+6000
//       Delta 1490.75 ± 110,  5 matches, 2 wins,     0, last T0+4000
//       Echo 1400.25 ± 150,   3 matches, 0 wins, −5000, last T0+6000
//   3p  Bravo 1550.5 ± 100, Alpha 1510 ± 120, Charlie 1450 ± 126: 3 matches, 1 win each;
//       +3000, +1000, −4000; last T0+9000
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const T0 = Date.UTC(2026, 0, 1);
export const id = (digits) => digits.repeat(16);
export const OWNERS = { aki: id('11'), bea: id('22') };
export const BOTS = {
  alpha: { id: id('aa'), name: 'Alpha', owner: 'aki', description: 'Plays fast and folds early' },
  bravo: { id: id('bb'), name: 'Bravo', owner: 'aki', description: '' },
  charlie: { id: id('cc'), name: 'Charlie', owner: 'aki', description: '' },
  delta: { id: id('dd'), name: 'Delta', owner: 'bea', description: '', deleted: true },
  echo: { id: id('ee'), name: 'Echo', owner: 'bea', description: '', suspended: true },
};
/** a set's id: its two digits, then zeros */
const setId = (digits) => `${digits}${'0'.repeat(30)}`;
export const SETS = { s0: setId('50'), s1: setId('51'), s2: setId('52'), s3: setId('53') };

/** a match's id: 'f' then its number, padded to 32 hex */
export const matchId = (n) => `f${String(n).padStart(31, '0')}`;

/** the ladder matches: [number, set, rotation, ended_at, [[bot, result] in seat order]] */
const MATCHES = [
  [1, 's1', 0, T0 + 1000, [['alpha', 12000], ['bravo', -4000], ['charlie', -3000], ['delta', -5000]]],
  [2, 's1', 1, T0 + 2000, [['delta', -1000], ['alpha', -8000], ['bravo', 10000], ['charlie', -1000]]],
  [3, 's1', 2, T0 + 3000, [['charlie', 7000], ['delta', -3000], ['alpha', 2000], ['bravo', -6000]]],
  [4, 's1', 3, T0 + 4000, [['bravo', -1000], ['charlie', -2000], ['delta', 4000], ['alpha', -1000]]],
  [10, 's0', 0, T0 + 4000, [['alpha', -1000], ['bravo', -2000], ['delta', 5000], ['echo', -2000]]],
  [5, 's2', 0, T0 + 5000, [['alpha', -2000], ['bravo', 3000], ['charlie', 1000], ['echo', -2000]]],
  [6, 's2', 1, T0 + 6000, [['echo', -1000], ['alpha', 5000], ['bravo', -3000], ['charlie', -1000]]],
  [7, 's3', 0, T0 + 7000, [['alpha', 6000], ['bravo', -3000], ['charlie', -3000]]],
  [8, 's3', 1, T0 + 8000, [['charlie', -4000], ['alpha', -4000], ['bravo', 8000]]],
  [9, 's3', 2, T0 + 9000, [['bravo', -2000], ['charlie', 3000], ['alpha', -1000]]],
];

/** ladder_ratings: [mode, bot, mu, sigma, matches, wins, points, last_at] */
const RATINGS = [
  ['4p', 'alpha', 1620.5, 90.25, 7, 2, 7000, T0 + 6000],
  ['4p', 'bravo', 1580, 70, 7, 2, -3000, T0 + 6000],
  ['4p', 'charlie', 1580, 130.5, 6, 1, 1000, T0 + 6000],
  ['4p', 'delta', 1490.75, 110, 5, 2, 0, T0 + 4000],
  ['4p', 'echo', 1400.25, 150, 3, 0, -5000, T0 + 6000],
  ['3p', 'bravo', 1550.5, 100, 3, 1, 3000, T0 + 9000],
  ['3p', 'alpha', 1510, 120, 3, 1, 1000, T0 + 9000],
  ['3p', 'charlie', 1450, 126, 3, 1, -4000, T0 + 9000],
];

const q = (s) => `'${s.replaceAll("'", "''")}'`;

/** the seed as SQL both engines run */
export function ladderSeedSql() {
  const s = Math.floor(T0 / 1000);
  const out = [
    `INSERT INTO users (id, display_name, username, password_hash, created_at, last_seen_at) VALUES
      (${q(OWNERS.aki)}, 'Aki', 'aki', 'x', ${s}, ${s}), (${q(OWNERS.bea)}, 'Bea', 'bea', 'x', ${s}, ${s})`,
  ];
  for (const b of Object.values(BOTS)) {
    out.push(`INSERT INTO users (id, display_name, created_at, last_seen_at, is_bot) VALUES (${q(b.id)}, ${q(b.name)}, ${s}, ${s}, 1)`);
    out.push(`INSERT INTO bots (user_id, owner_id, description, public, created_at, deleted_at, ladder_suspended_at, ladder_reason)
      VALUES (${q(b.id)}, ${q(OWNERS[b.owner])}, ${q(b.description)}, 1, ${s}, ${b.deleted ? s + 100 : 'NULL'},
      ${b.suspended ? T0 + 7000 : 'NULL'}, ${b.suspended ? "'timeouts'" : 'NULL'})`);
  }
  for (const [n, set, rotation, ended, seats] of MATCHES) {
    const mode = seats.length === 4 ? '4p' : '3p', start = seats.length === 4 ? 25000 : 35000;
    const best = Math.max(...seats.map(([, r]) => r));
    out.push(`INSERT INTO matches (id, mode, rules, ranked, completed, started_at, ended_at, hands, seeds, actions, wins)
      VALUES (${q(matchId(n))}, '${mode}', '${mode === '4p' ? 'yonma' : 'sanma'}', 0, 1, ${ended - 600000}, ${ended}, 1, '[]', '[]', '[]')`);
    seats.forEach(([bot, result], seat) => out.push(`INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot,
      final_points, result, won, dealt_in, ended_at, mode, counted, voided) VALUES (${q(matchId(n))}, ${seat}, ${q(BOTS[bot].id)},
      ${q(BOTS[bot].name)}, 0, ${start + result}, ${result}, ${result === best ? 1 : 0}, 0, ${ended}, '${mode}', 0, 0)`));
    out.push(`INSERT INTO ladder_matches (match_id, set_id, rotation, mode, ended_at)
      VALUES (${q(matchId(n))}, ${q(SETS[set])}, ${rotation}, '${mode}', ${ended})`);
  }
  for (const [mode, bot, mu, sigma, matches, wins, points, last] of RATINGS)
    out.push(`INSERT INTO ladder_ratings (mode, user_id, mu, sigma, matches, wins, points, last_at)
      VALUES ('${mode}', ${q(BOTS[bot].id)}, ${mu}, ${sigma}, ${matches}, ${wins}, ${points}, ${last})`);
  return `${out.join(';\n')};\n`;
}

/**
 * runs sql on a server's records: the PostgreSQL schema its config names (cluster.postgres), or
 * else its SQLite database file (in dir); one transaction
 */
export function runRecordsSql({ dir, config }, sql) {
  const values = JSON.parse(fs.readFileSync(config, 'utf8'));
  const uri = values.cluster?.postgres;
  const text = `BEGIN;\n${sql.trim().replace(/;$/, "")};\nCOMMIT;\n`;
  if (uri)
    execFileSync('psql', [uri, '-X', '-q', '-v', 'ON_ERROR_STOP=1'], { input: text, stdio: ['pipe', 'ignore', 'pipe'] });
  else
    execFileSync('sqlite3', ['-bail', path.resolve(dir, values.database ?? 'ippon.db')], { input: text, stdio: ['pipe', 'ignore', 'pipe'] });
}

/** whether runRecordsSql has its shell: psql with IPPON_TEST_POSTGRES, else sqlite3 */
export function haveRecordsShell() {
  try {
    execFileSync(process.env.IPPON_TEST_POSTGRES ? 'psql' : 'sqlite3', ['--version'], { stdio: 'pipe' });
    return true;
  } catch {
    return false;
  }
}
