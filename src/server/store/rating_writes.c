/*
 * rating_writes.c — rating a counted match as it is stored, and the start-up pass over matches
 * stored before ratings existed (rating_writes.h).
 *
 * One match: its humans' standings are read (PostgreSQL: their rows made to exist, then locked
 * with SELECT … FOR UPDATE in user-id order, after a ROW EXCLUSIVE lock on rated_matches that
 * a void's replay takes EXCLUSIVE, so the two never wait on each other in opposite orders), the
 * step computed (ippon_rating_step), the rated_matches row inserted (its seq is the match's
 * place in the order of rating), then a history row per human and the ratings rows upserted.
 * Five statements per human and two per match, prepared once per store.
 */
#include "store/rating_writes.h"

#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/store_private.h"

struct ippon_rating_writes {
    ippon_sql_stmt *read, *ensure, *lock, *rated, *history, *upsert;
};

void ippon_rating_writes_free(struct ippon_rating_writes *w)
{
    if (!w)
        return;
    ippon_sql_finalize(w->read);
    ippon_sql_finalize(w->ensure);
    ippon_sql_finalize(w->lock);
    ippon_sql_finalize(w->rated);
    ippon_sql_finalize(w->history);
    ippon_sql_finalize(w->upsert);
    free(w);
}

bool ippon_rated_human(const ippon_rated_match *m, int s)
{
    return m->seats[s].user_id && m->seats[s].user_id[0];
}

bool ippon_rating_counts(bool ranked, bool completed, bool private_match)
{
    return ranked && completed && !private_match;
}

int ippon_rating_step(const ippon_rated_match *m, const ippon_standing *before, ippon_standing *after,
                      int32_t *delta)
{
    int n = m->players;
    if (n < 3 || n > 4)
        return -1;
    ippon_rating_seat seats[4];
    int32_t finals[4], results[4], tiers[4];
    for (int s = 0; s < n; s++) {
        bool human = ippon_rated_human(m, s);
        seats[s] = (ippon_rating_seat){.before = human ? before[s].rating : ippon_rating_bot(n),
                                       .points = m->seats[s].final_points, .fixed = !human};
        finals[s] = m->seats[s].final_points;
        results[s] = m->seats[s].result;
        tiers[s] = human ? before[s].rank.tier : 0; /* a bot's tier changes only its own delta, unused */
    }
    if (ippon_rating_update(&ippon_rating_defaults, seats, n) != 0 ||
        ippon_ladder_deltas(n, finals, results, tiers, delta) != 0)
        return -1;
    for (int s = 0; s < n; s++) {
        if (!ippon_rated_human(m, s))
            continue;
        after[s] = (ippon_standing){.rating = seats[s].after, .rank = ippon_ladder_apply(before[s].rank, delta[s]),
                                    .games = before[s].games + 1};
    }
    return 0;
}

static ippon_sql_stmt *kept(ippon_store *st, ippon_sql_stmt **slot, const char *sql)
{
    if (!*slot && !(*slot = ippon_store_prepare(st, sql)))
        ippon_store_failed(st, "prepare a rating write");
    return *slot;
}

/* steps q (reset after) expecting its end: 0 or -1 noted */
static int done(ippon_store *st, ippon_sql_stmt *q, const char *what)
{
    int rc = ippon_sql_step(q);
    if (rc == IPPON_SQL_ERROR)
        ippon_store_failed(st, what);
    ippon_sql_reset(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

/* sorts the n (≤ 4) human seats in order by user id: the order their rows are locked in */
static void by_user(const ippon_rated_match *m, int *order, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && strcmp(m->seats[order[j - 1]].user_id, m->seats[order[j]].user_id) > 0; j--) {
            int t = order[j];
            order[j] = order[j - 1];
            order[j - 1] = t;
        }
}

/* reads (PostgreSQL: locks) the standing of seat s into before[s]: 0 or -1 */
static int read_standing(ippon_store *st, struct ippon_rating_writes *w, bool pg, const ippon_rated_match *m, int s,
                         ippon_standing *before)
{
    const char *mode = ippon_mode_name(m->mode);
    const ippon_rating initial = ippon_rating_initial(&ippon_rating_defaults);
    if (pg) {
        ippon_sql_stmt *e = kept(st, &w->ensure,
                                 "INSERT INTO ratings (mode, user_id, mu, sigma, games, tier, rank_points)"
                                 " VALUES (?, ?, ?, ?, 0, 0, 0) ON CONFLICT DO NOTHING");
        if (!e)
            return -1;
        ippon_sql_bind_text(e, 1, mode);
        ippon_sql_bind_text(e, 2, m->seats[s].user_id);
        ippon_sql_bind_double(e, 3, initial.mu);
        ippon_sql_bind_double(e, 4, initial.sigma);
        if (done(st, e, "make a ratings row") != 0)
            return -1;
    }
    ippon_sql_stmt *q = kept(st, &w->read,
                             pg ? "SELECT mu, sigma, tier, rank_points, games FROM ratings WHERE mode = ? AND user_id = ?"
                                  " FOR UPDATE"
                                : "SELECT mu, sigma, tier, rank_points, games FROM ratings WHERE mode = ? AND user_id = ?");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, mode);
    ippon_sql_bind_text(q, 2, m->seats[s].user_id);
    int rc = ippon_sql_step(q);
    before[s] = (ippon_standing){.rating = initial, .rank = {0, 0}, .games = 0};
    if (rc == IPPON_SQL_ROW)
        before[s] = (ippon_standing){.rating = {ippon_sql_column_double(q, 0), ippon_sql_column_double(q, 1)},
                                     .rank = {ippon_sql_column_int(q, 2), ippon_sql_column_int(q, 3)},
                                     .games = ippon_sql_column_int64(q, 4)};
    else if (rc == IPPON_SQL_ERROR)
        ippon_store_failed(st, "read a standing to rate");
    ippon_sql_reset(q);
    return rc == IPPON_SQL_ERROR ? -1 : 0;
}

/* the rated_matches row of m: its seq (> 0), 0 if m was rated already, -1 on failure */
static int64_t insert_rated(ippon_store *st, struct ippon_rating_writes *w, const ippon_rated_match *m)
{
    ippon_sql_stmt *q = kept(st, &w->rated,
                             "INSERT INTO rated_matches (match_id, mode) VALUES (?, ?) ON CONFLICT DO NOTHING RETURNING seq");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, m->match_id);
    ippon_sql_bind_text(q, 2, ippon_mode_name(m->mode));
    int rc = ippon_sql_step(q);
    int64_t seq = rc == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : rc == IPPON_SQL_DONE ? 0 : -1;
    if (rc == IPPON_SQL_ROW)
        rc = ippon_sql_step(q); /* to its end: the insert is whole */
    if (rc == IPPON_SQL_ERROR) {
        ippon_store_failed(st, "insert a rated match");
        seq = -1;
    }
    ippon_sql_reset(q);
    return seq;
}

void ippon_rating_history_bind(ippon_sql_stmt *q, const char *user_id, const char *mode, int64_t seq,
                               const char *match_id, int64_t ended_ms, const ippon_standing *b,
                               const ippon_standing *a, int32_t delta)
{
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_text(q, 2, mode);
    ippon_sql_bind_int64(q, 3, seq);
    ippon_sql_bind_text(q, 4, match_id);
    ippon_sql_bind_int64(q, 5, ended_ms);
    ippon_sql_bind_double(q, 6, b->rating.mu);
    ippon_sql_bind_double(q, 7, b->rating.sigma);
    ippon_sql_bind_double(q, 8, a->rating.mu);
    ippon_sql_bind_double(q, 9, a->rating.sigma);
    ippon_sql_bind_int64(q, 10, b->rank.tier);
    ippon_sql_bind_int64(q, 11, b->rank.points);
    ippon_sql_bind_int64(q, 12, a->rank.tier);
    ippon_sql_bind_int64(q, 13, a->rank.points);
    ippon_sql_bind_int64(q, 14, delta);
}

void ippon_rating_standing_bind(ippon_sql_stmt *q, const char *mode, const char *user_id, const ippon_standing *a)
{
    ippon_sql_bind_text(q, 1, mode);
    ippon_sql_bind_text(q, 2, user_id);
    ippon_sql_bind_double(q, 3, a->rating.mu);
    ippon_sql_bind_double(q, 4, a->rating.sigma);
    ippon_sql_bind_int64(q, 5, a->games);
    ippon_sql_bind_int64(q, 6, a->rank.tier);
    ippon_sql_bind_int64(q, 7, a->rank.points);
}

int ippon_rating_write(ippon_store *st, const ippon_rated_match *m)
{
    int order[4], humans = 0;
    for (int s = 0; s < m->players && s < 4; s++)
        if (ippon_rated_human(m, s))
            order[humans++] = s;
    if (humans == 0 || m->players < 3 || m->players > 4)
        return 0;
    by_user(m, order, humans);
    for (int i = 1; i < humans; i++)
        if (!strcmp(m->seats[order[i - 1]].user_id, m->seats[order[i]].user_id)) {
            ippon_log_warn("ratings: match %s seats %s twice: not rated", m->match_id, m->seats[order[i]].user_id);
            return 0;
        }
    if (!st->rating_writes && !(st->rating_writes = calloc(1, sizeof *st->rating_writes)))
        return -1;
    struct ippon_rating_writes *w = st->rating_writes;
    bool pg = ippon_sql_engine_of(st->db) == IPPON_SQL_POSTGRES;
    if (pg) {
        ippon_sql_stmt *l = kept(st, &w->lock, "LOCK TABLE rated_matches IN ROW EXCLUSIVE MODE");
        if (!l || done(st, l, "lock rated_matches") != 0)
            return -1;
    }
    ippon_standing before[4], after[4];
    int32_t delta[4];
    for (int i = 0; i < humans; i++)
        if (read_standing(st, w, pg, m, order[i], before) != 0)
            return -1;
    if (ippon_rating_step(m, before, after, delta) != 0)
        return 0;
    int64_t seq = insert_rated(st, w, m);
    if (seq <= 0)
        return (int)seq;
    ippon_sql_stmt *h = kept(st, &w->history, IPPON_RATING_HISTORY_PUT);
    ippon_sql_stmt *u = kept(st, &w->upsert, IPPON_RATING_STANDING_PUT);
    if (!h || !u)
        return -1;
    const char *mode = ippon_mode_name(m->mode);
    for (int i = 0; i < humans; i++) {
        int s = order[i];
        ippon_rating_history_bind(h, m->seats[s].user_id, mode, seq, m->match_id, m->ended_ms, &before[s], &after[s],
                                  delta[s]);
        if (done(st, h, "insert rating history") != 0)
            return -1;
        ippon_rating_standing_bind(u, mode, m->seats[s].user_id, &after[s]);
        if (done(st, u, "write a rating") != 0)
            return -1;
    }
    return 1;
}

/* ---- start-up: the counted matches stored before ratings existed ------------------------- */

void ippon_rating_wide_cache(ippon_store *st, bool on)
{
    /* a transaction over thousands of matches touches thousands of players' pages (ratings, their
       history); with SQLite's default of 2 MB they are spilled and read again over and over:
       bench_rankings' fill of 1,000,000 matches ran about 3 times slower so */
    if (ippon_sql_engine_of(st->db) == IPPON_SQL_SQLITE)
        ippon_store_exec(st, on ? "PRAGMA cache_size = -262144" : "PRAGMA cache_size = -2000");
}

typedef struct unrated {
    char id[40];
    char mode[4];
    int64_t ended_ms;
} unrated;

/* the counted matches with a human and no rated_matches row, in (ended_at, id) order into *out;
   read from match_players' copies (0007_player_games.sql), not the wide matches rows (a private
   match is never ranked, so never counted) */
static int find_unrated(ippon_store *st, unrated **out, long *n)
{
    ippon_sql_stmt *q = ippon_store_prepare(
        st, "SELECT DISTINCT p.match_id, p.mode, p.ended_at FROM match_players p"
            " WHERE p.counted = 1 AND p.is_bot = 0 AND p.user_id IS NOT NULL"
            " AND NOT EXISTS (SELECT 1 FROM rated_matches r WHERE r.match_id = p.match_id)"
            " ORDER BY p.ended_at, p.match_id");
    long cap = 0;
    *out = NULL;
    *n = 0;
    int rc;
    while (q && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        if (*n == cap) {
            cap = cap ? 2 * cap : 256;
            unrated *grown = realloc(*out, (size_t)cap * sizeof *grown);
            if (!grown)
                break;
            *out = grown;
        }
        unrated *u = &(*out)[(*n)++];
        snprintf(u->id, sizeof u->id, "%s", ippon_sql_column_text(q, 0));
        snprintf(u->mode, sizeof u->mode, "%s", ippon_sql_column_text(q, 1));
        u->ended_ms = ippon_sql_column_int64(q, 2);
    }
    int ok = q && rc == IPPON_SQL_DONE;
    if (!ok)
        ippon_store_failed(st, "find the matches not rated");
    ippon_sql_finalize(q);
    return ok ? 0 : -1;
}

/* rates the stored match u (its seats read back): 1 rated, 0 not (ippon_rating_write), -1 failure */
static int rate_stored(ippon_store *st, ippon_sql_stmt *seats, const unrated *u)
{
    ippon_rated_match m = {.match_id = u->id, .ended_ms = u->ended_ms};
    char ids[4][40];
    if (ippon_mode_parse(u->mode, &m.mode) != 0)
        return 0;
    ippon_sql_bind_text(seats, 1, u->id);
    int rc;
    while ((rc = ippon_sql_step(seats)) == IPPON_SQL_ROW && m.players < 4) {
        int s = m.players++;
        const char *id = ippon_sql_column_text(seats, 1);
        snprintf(ids[s], sizeof ids[s], "%s", id && !ippon_sql_column_int(seats, 2) ? id : "");
        m.seats[s] = (ippon_rated_seat){ids[s], ippon_sql_column_int(seats, 3), ippon_sql_column_int(seats, 4)};
    }
    if (rc == IPPON_SQL_ERROR)
        ippon_store_failed(st, "read a match's seats");
    ippon_sql_reset(seats);
    if (rc == IPPON_SQL_ERROR)
        return -1;
    return m.players == ippon_mode_players(m.mode) ? ippon_rating_write(st, &m) : 0;
}

int ippon_store_rate_unrated(ippon_store *st, long *rated, char *err, size_t errlen)
{
    enum { PER_TRANSACTION = 1000 };
    unrated *list = NULL;
    long n = 0;
    *rated = 0;
    if (find_unrated(st, &list, &n) != 0) {
        snprintf(err, errlen, "ratings: %s", st->last_message);
        free(list);
        return -1;
    }
    ippon_sql_stmt *seats = n ? ippon_store_prepare(st, "SELECT seat, user_id, is_bot, final_points, result"
                                                        " FROM match_players WHERE match_id = ? ORDER BY seat")
                              : NULL;
    int rc = n && !seats ? -1 : 0;
    if (n)
        ippon_rating_wide_cache(st, true);
    for (long done_n = 0; rc == 0 && done_n < n;) {
        long end = done_n + PER_TRANSACTION < n ? done_n + PER_TRANSACTION : n, now = 0;
        rc = ippon_store_begin(st);
        for (long i = done_n; rc == 0 && i < end; i++) {
            int one = rate_stored(st, seats, &list[i]);
            rc = one < 0 ? -1 : 0;
            now += one > 0;
        }
        if (rc == 0 && ippon_store_exec(st, "COMMIT") != 0)
            rc = -1;
        if (rc != 0)
            ippon_sql_rollback(st->db);
        else
            *rated += now;
        done_n = end;
    }
    if (rc != 0)
        snprintf(err, errlen, "ratings: rating the matches stored before them: %s", st->last_message);
    if (n)
        ippon_rating_wide_cache(st, false);
    ippon_sql_finalize(seats);
    free(list);
    return rc;
}
