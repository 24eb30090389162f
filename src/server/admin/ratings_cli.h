/*
 * ratings_cli.h — `ippon admin ratings --recompute [--mode 4p|3p] [--check] [--config PATH]
 * [--db PATH]`: every rated match of the mode(s) replayed in seq order from initial standings
 * through the code that rated them (store/rating_replay.h), on SQLite or PostgreSQL. Without
 * --check the results are written (what differs: after the rating parameters changed) in one
 * transaction, audited as `ratings_recompute`; with --check nothing is written and the players
 * and history rows that differ from the stored values (exact comparison of doubles) are counted.
 * Prints the matches replayed, the players, the differences and the time taken. Exit status: 0
 * done (--check: and no difference), 1 failed or (--check) differences found, 2 bad usage.
 *
 * With the server running: on SQLite the recompute is one write transaction, so the server's
 * match writes wait for it (its writer retries them after the busy timeout; nothing is lost)
 * and the server's kept replies are made again afterwards (rank_version moves). --check reads
 * from one snapshot and does not block the server.
 */
#ifndef IPPON_SERVER_RATINGS_CLI_H
#define IPPON_SERVER_RATINGS_CLI_H

/* argv[0] is "ratings"; returns the exit status */
int ippon_admin_ratings_cli(int argc, char **argv);

#endif
