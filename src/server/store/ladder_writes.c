/*
 * ladder_writes.c — a ladder match's row and its bots' ladder ratings (ladder_writes.h).
 *
 * The bots' rows are read in user-id order (PostgreSQL: made to exist, then locked FOR UPDATE, so
 * two nodes storing matches of the same bots never wait on each other in opposite orders), the
 * update computed once for the whole table, and every row written back. The ladder_matches insert
 * comes first: a match already there (stored before) changes nothing.
 */
#include "store/ladder_writes.h"

#include <string.h>

#include "base/mode.h"
#include "ippon/rating.h"
#include "store/store_private.h"

/* steps q to its end and finalizes it: 0, 1 when it changed no row, -1 on failure */
static int run(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = q ? ippon_sql_step(q) : IPPON_SQL_ERROR;
    int64_t changed = rc == IPPON_SQL_DONE ? ippon_sql_changes(st->db) : 0;
    if (rc != IPPON_SQL_DONE)
        ippon_store_failed(st, what);
    ippon_sql_finalize(q);
    return rc != IPPON_SQL_DONE ? -1 : changed > 0 ? 0 : 1;
}

/* the match's ladder_matches row: 0 new, 1 there already, -1 */
static int insert_match(ippon_store *st, const ippon_stored_match *r)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, "INSERT INTO ladder_matches (match_id, set_id, rotation, mode, ended_at)"
                                                " VALUES (?, ?, ?, ?, ?) ON CONFLICT DO NOTHING");
    if (q) {
        ippon_sql_bind_text(q, 1, r->id);
        ippon_sql_bind_text(q, 2, r->ladder.set_id);
        ippon_sql_bind_int64(q, 3, r->ladder.rotation);
        ippon_sql_bind_text(q, 4, ippon_mode_name(ippon_mode_of_players(r->players)));
        ippon_sql_bind_int64(q, 5, r->ended_ms);
    }
    return run(st, q, "insert a ladder match");
}

/* one bot's ladder standing */
typedef struct standing {
    ippon_rating rating;
    int64_t matches, wins, points;
} standing;

/* reads (PostgreSQL: makes and locks) user_id's standing in mode into out: 0 or -1 */
static int read_standing(ippon_store *st, bool pg, const char *mode, const char *user_id, standing *out)
{
    const ippon_rating initial = ippon_rating_initial(&ippon_rating_defaults);
    *out = (standing){.rating = initial};
    if (pg) {
        ippon_sql_stmt *e = ippon_store_prepare(st, "INSERT INTO ladder_ratings (mode, user_id, mu, sigma, matches, wins,"
                                                    " points, last_at) VALUES (?, ?, ?, ?, 0, 0, 0, 0) ON CONFLICT DO NOTHING");
        if (e) {
            ippon_sql_bind_text(e, 1, mode);
            ippon_sql_bind_text(e, 2, user_id);
            ippon_sql_bind_double(e, 3, initial.mu);
            ippon_sql_bind_double(e, 4, initial.sigma);
        }
        if (run(st, e, "make a ladder rating") < 0)
            return -1;
    }
    ippon_sql_stmt *q = ippon_store_prepare(st, pg ? "SELECT mu, sigma, matches, wins, points FROM ladder_ratings"
                                                     " WHERE mode = ? AND user_id = ? FOR UPDATE"
                                                   : "SELECT mu, sigma, matches, wins, points FROM ladder_ratings"
                                                     " WHERE mode = ? AND user_id = ?");
    if (!q) {
        ippon_store_failed(st, "read a ladder rating");
        return -1;
    }
    ippon_sql_bind_text(q, 1, mode);
    ippon_sql_bind_text(q, 2, user_id);
    int rc = ippon_sql_step(q);
    if (rc == IPPON_SQL_ROW)
        *out = (standing){.rating = {ippon_sql_column_double(q, 0), ippon_sql_column_double(q, 1)},
                          .matches = ippon_sql_column_int64(q, 2), .wins = ippon_sql_column_int64(q, 3),
                          .points = ippon_sql_column_int64(q, 4)};
    else if (rc == IPPON_SQL_ERROR)
        ippon_store_failed(st, "read a ladder rating");
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_ERROR ? -1 : 0;
}

static int write_standing(ippon_store *st, const char *mode, const char *user_id, const standing *a, int64_t at)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, "INSERT INTO ladder_ratings (mode, user_id, mu, sigma, matches, wins,"
                                                " points, last_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                                                " ON CONFLICT (mode, user_id) DO UPDATE SET mu = excluded.mu,"
                                                " sigma = excluded.sigma, matches = excluded.matches,"
                                                " wins = excluded.wins, points = excluded.points,"
                                                " last_at = excluded.last_at");
    if (q) {
        ippon_sql_bind_text(q, 1, mode);
        ippon_sql_bind_text(q, 2, user_id);
        ippon_sql_bind_double(q, 3, a->rating.mu);
        ippon_sql_bind_double(q, 4, a->rating.sigma);
        ippon_sql_bind_int64(q, 5, a->matches);
        ippon_sql_bind_int64(q, 6, a->wins);
        ippon_sql_bind_int64(q, 7, a->points);
        ippon_sql_bind_int64(q, 8, at);
    }
    return run(st, q, "write a ladder rating") < 0 ? -1 : 0;
}

/* whether seat s is rated: a bot account's AI (a house bot's seat is not stored) */
static bool rated(const ippon_stored_match *r, int s)
{
    return !r->seats[s].bot && r->seats[s].user_id[0];
}

int ippon_ladder_write(ippon_store *st, const ippon_stored_match *r, const bool won[4])
{
    if (!r->ladder.set_id[0])
        return 0;
    int inserted = insert_match(st, r);
    if (inserted != 0 || !r->completed)
        return inserted < 0 ? -1 : 0;
    const char *mode = ippon_mode_name(ippon_mode_of_players(r->players));
    bool pg = ippon_sql_engine_of(st->db) == IPPON_SQL_POSTGRES;
    int order[4], n = 0;
    for (int s = 0; s < r->players && s < 4; s++)
        if (rated(r, s))
            order[n++] = s;
    for (int i = 1; i < n; i++) /* the lock order */
        for (int j = i; j > 0 && strcmp(r->seats[order[j - 1]].user_id, r->seats[order[j]].user_id) > 0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
    standing before[4] = {0};
    ippon_rating_seat seats[4];
    for (int s = 0; s < r->players; s++)
        seats[s] = (ippon_rating_seat){.before = ippon_rating_bot(r->players), .points = r->final_points[s],
                                       .fixed = !rated(r, s)};
    for (int i = 0; i < n; i++) {
        int s = order[i];
        if (read_standing(st, pg, mode, r->seats[s].user_id, &before[s]) != 0)
            return -1;
        seats[s].before = before[s].rating;
    }
    if (ippon_rating_update(&ippon_rating_defaults, seats, r->players) != 0) {
        ippon_store_failed(st, "rate a ladder match");
        return -1;
    }
    for (int i = 0; i < n; i++) {
        int s = order[i];
        standing after = {.rating = seats[s].after, .matches = before[s].matches + 1,
                          .wins = before[s].wins + (won[s] ? 1 : 0), .points = before[s].points + r->results[s]};
        if (write_standing(st, mode, r->seats[s].user_id, &after, r->ended_ms) != 0)
            return -1;
    }
    return 0;
}
