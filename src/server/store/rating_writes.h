/*
 * rating_writes.h — rating a counted match inside the transaction that stores it: the players'
 * standings read (on PostgreSQL locked), the update of the rating model and of the dan ladder
 * (include/ippon/rating.h, ladder.h), the rated_matches row that gives the match its place in the
 * order of rating, one rating_history row per human, and the ratings rows written back
 * (migrations/0012_ratings.sql). Also the start-up pass that rates the counted matches a database
 * held before ratings existed. The replay of a stretch of that history (a void, a recompute) is
 * rating_replay.h's, through the same step (ippon_rating_step).
 *
 * What is rated: a ranked, completed, not private match (voided later: rating_replay.h) with at
 * least one human. Bots' seats have the mode's fixed bot rating (ippon_rating_bot) and no rows.
 * Part of the store module: only rating_*.c and store_ratings*.c know this SQL.
 */
#ifndef IPPON_SERVER_RATING_WRITES_H
#define IPPON_SERVER_RATING_WRITES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/mode.h"
#include "store/sql.h"
#include "store/store.h"
#include "store/store_ratings.h"

/* a seat of a match to rate */
typedef struct ippon_rated_seat {
    const char *user_id; /* a human's id; NULL or "" for a bot */
    int32_t final_points, result;
} ippon_rated_seat;

/* a match to rate */
typedef struct ippon_rated_match {
    const char *match_id;
    ippon_mode mode;
    int players; /* 3 or 4 */
    int64_t ended_ms;
    ippon_rated_seat seats[4];
} ippon_rated_match;

/* is seat s of m a human's (rated) seat? */
bool ippon_rated_human(const ippon_rated_match *m, int s);

/* does a match with these flags count for the ratings (and is it then rated when stored)? */
bool ippon_rating_counts(bool ranked, bool completed, bool private_match);

/*
 * The one step of the ratings, used by the match write and every replay alike: from the humans'
 * standings before (before[s] for a human's seat s; ignored for a bot's) to after[s] (games + 1,
 * the rating model's update with equal final points tied, the ladder's rank points from the final
 * points, results and tiers, promotion or demotion) and delta[s], the rank points the match gave.
 * 0, or -1 if the model refuses the seats (a bad count of players).
 */
int ippon_rating_step(const ippon_rated_match *m, const ippon_standing *before, ippon_standing *after,
                      int32_t *delta);

/*
 * Rates m inside the caller's open write transaction, right after its match row went in: 1 rated,
 * 0 not rated (no human, a human in two seats, or already rated), -1 failure (noted: the caller
 * rolls back). PostgreSQL: the humans' ratings rows are made to exist and locked (in user-id
 * order) before the rated_matches row takes its seq, so a player's matches are numbered in the
 * order they were rated.
 */
int ippon_rating_write(ippon_store *st, const ippon_rated_match *m);

/* writes a rating_history row (bound by ippon_rating_history_bind), replacing the one of the same
   player, mode and seq if any (a replay) */
#define IPPON_RATING_HISTORY_PUT                                                                              \
    "INSERT INTO rating_history (user_id, mode, seq, match_id, ended_at, mu_before, sigma_before, mu_after,"  \
    " sigma_after, tier_before, points_before, tier_after, points_after, rank_delta)"                        \
    " VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?) ON CONFLICT (user_id, mode, seq) DO UPDATE SET"                    \
    " match_id = excluded.match_id, ended_at = excluded.ended_at, mu_before = excluded.mu_before,"           \
    " sigma_before = excluded.sigma_before, mu_after = excluded.mu_after, sigma_after = excluded.sigma_after," \
    " tier_before = excluded.tier_before, points_before = excluded.points_before,"                           \
    " tier_after = excluded.tier_after, points_after = excluded.points_after, rank_delta = excluded.rank_delta"

/* writes a player's ratings row (bound by ippon_rating_standing_bind), new or replacing */
#define IPPON_RATING_STANDING_PUT                                                                             \
    "INSERT INTO ratings (mode, user_id, mu, sigma, games, tier, rank_points) VALUES (?,?,?,?,?,?,?)"          \
    " ON CONFLICT (mode, user_id) DO UPDATE SET mu = excluded.mu, sigma = excluded.sigma,"                   \
    " games = excluded.games, tier = excluded.tier, rank_points = excluded.rank_points"

void ippon_rating_history_bind(ippon_sql_stmt *q, const char *user_id, const char *mode, int64_t seq,
                               const char *match_id, int64_t ended_ms, const ippon_standing *before,
                               const ippon_standing *after, int32_t delta);
void ippon_rating_standing_bind(ippon_sql_stmt *q, const char *mode, const char *user_id, const ippon_standing *after);

/* the prepared statements of the writes (kept by the store; NULL is fine) */
struct ippon_rating_writes;
void ippon_rating_writes_free(struct ippon_rating_writes *w);

/* SQLite: a page cache of 256 MB for a long pass over many players' rows (on), SQLite's default of
   2 MB again (off); nothing on PostgreSQL */
void ippon_rating_wide_cache(ippon_store *st, bool on);

/*
 * Start-up: rates the counted matches not rated yet (stored before ratings existed), in
 * (ended_at, id) order, in transactions of up to 1,000 matches. *rated gets how many. 0, or -1
 * with err.
 */
int ippon_store_rate_unrated(ippon_store *st, long *rated, char *err, size_t errlen);

#endif
