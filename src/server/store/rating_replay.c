/*
 * rating_replay.c — replaying rated matches (rating_replay.h): voids and recomputes.
 *
 * How it works: one query walks the rated matches of the mode from from_seq in seq order with
 * their seats (match_players) and each human's stored history row (LEFT JOIN by the history's
 * key: user, mode, seq); a match's rows are gathered, stepped (ippon_rating_step) from the
 * players' standings kept in a map by user id, and each human's computed row compared with the
 * stored one field by field (doubles exactly); a differing row is written back when asked. At
 * the end every player met is compared with its ratings row. A recompute over an unchanged
 * history therefore only reads.
 */
#include "store/rating_replay.h"

#include <stdlib.h>
#include <string.h>

#include "base/strmap.h"
#include "store/rating_writes.h"
#include "store/store_admin.h"
#include "store/store_private.h"

typedef struct player {
    ippon_standing standing;
} player;

typedef struct replay {
    ippon_store *st;
    const char *mode;
    int64_t from_seq;
    bool write;
    ippon_strmap *players;
    ippon_sql_stmt *last, *put_history, *read_rating, *put_rating, *drop_rating;
    ippon_replay_report *report;
    int failed;
} replay;

static ippon_sql_stmt *prepared(replay *r, ippon_sql_stmt **slot, const char *sql)
{
    if (!*slot && !(*slot = ippon_store_prepare(r->st, sql)))
        ippon_store_failed(r->st, "prepare a rating replay");
    return *slot;
}

/* user_id's standing at from_seq (its last history row before it, else the initial one) */
static player *player_of(replay *r, const char *user_id)
{
    player *p = ippon_strmap_get(r->players, user_id);
    if (p)
        return p;
    if (!(p = calloc(1, sizeof *p)) || ippon_strmap_put(r->players, user_id, p) != 0) {
        free(p);
        return NULL;
    }
    p->standing = (ippon_standing){.rating = ippon_rating_initial(&ippon_rating_defaults), .rank = {0, 0}, .games = 0};
    r->report->players++;
    if (r->from_seq <= 1)
        return p; /* from the first match: nobody has played before */
    ippon_sql_stmt *q = prepared(r, &r->last,
                                 "SELECT h.mu_after, h.sigma_after, h.tier_after, h.points_after,"
                                 " (SELECT count(*) FROM rating_history c WHERE c.user_id = ?1 AND c.mode = ?2"
                                 " AND c.seq < ?3) FROM rating_history h WHERE h.user_id = ?1 AND h.mode = ?2"
                                 " AND h.seq < ?3 ORDER BY h.seq DESC LIMIT 1");
    if (!q)
        return NULL;
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_text(q, 2, r->mode);
    ippon_sql_bind_int64(q, 3, r->from_seq);
    int rc = ippon_sql_step(q);
    if (rc == IPPON_SQL_ROW)
        p->standing = (ippon_standing){.rating = {ippon_sql_column_double(q, 0), ippon_sql_column_double(q, 1)},
                                       .rank = {ippon_sql_column_int(q, 2), ippon_sql_column_int(q, 3)},
                                       .games = ippon_sql_column_int64(q, 4)};
    else if (rc == IPPON_SQL_ERROR)
        ippon_store_failed(r->st, "read a standing before a replay");
    ippon_sql_reset(q);
    return rc == IPPON_SQL_ERROR ? NULL : p;
}

/* one stored seat of a match with its history row (the walk's columns) */
typedef struct seat_row {
    char user_id[40];
    bool has_history;
    ippon_standing before, after;
    int64_t ended_ms;
    int32_t delta;
} seat_row;

static bool same_standing(const ippon_standing *a, const ippon_standing *b, bool games)
{
    return a->rating.mu == b->rating.mu && a->rating.sigma == b->rating.sigma && a->rank.tier == b->rank.tier &&
           a->rank.points == b->rank.points && (!games || a->games == b->games);
}

/* steps the gathered match m (stored rows in rows) and compares / writes: 0 or -1 */
static int replay_match(replay *r, ippon_rated_match *m, int64_t seq, seat_row *rows)
{
    ippon_standing before[4], after[4];
    int32_t delta[4];
    player *ps[4] = {0};
    r->report->matches++;
    for (int s = 0; s < m->players; s++)
        if (ippon_rated_human(m, s)) {
            if (!(ps[s] = player_of(r, m->seats[s].user_id)))
                return -1;
            before[s] = ps[s]->standing;
        }
    if (m->players != ippon_mode_players(m->mode) || ippon_rating_step(m, before, after, delta) != 0)
        return 0; /* not a match the writes would have rated: left as it is */
    for (int s = 0; s < m->players; s++) {
        if (!ps[s])
            continue;
        ps[s]->standing = after[s];
        const seat_row *row = &rows[s];
        bool same = row->has_history && same_standing(&row->before, &before[s], false) &&
                    same_standing(&row->after, &after[s], false) && row->delta == delta[s] &&
                    row->ended_ms == m->ended_ms;
        if (same)
            continue;
        r->report->rows_differ++;
        if (!r->write)
            continue;
        ippon_sql_stmt *q = prepared(r, &r->put_history, IPPON_RATING_HISTORY_PUT);
        if (!q)
            return -1;
        ippon_rating_history_bind(q, m->seats[s].user_id, r->mode, seq, m->match_id, m->ended_ms, &before[s],
                                  &after[s], delta[s]);
        int rc = ippon_sql_step(q);
        ippon_sql_reset(q);
        if (rc != IPPON_SQL_DONE) {
            ippon_store_failed(r->st, "rewrite rating history");
            return -1;
        }
    }
    return 0;
}

/* compares a player met with its ratings row, rewriting it if asked */
static void settle(void *ctx, const char *user_id, void *value)
{
    replay *r = ctx;
    const player *p = value;
    if (r->failed)
        return;
    ippon_sql_stmt *q = prepared(r, &r->read_rating,
                                 "SELECT mu, sigma, tier, rank_points, games FROM ratings WHERE mode = ? AND user_id = ?");
    if (!q) {
        r->failed = -1;
        return;
    }
    ippon_sql_bind_text(q, 1, r->mode);
    ippon_sql_bind_text(q, 2, user_id);
    int rc = ippon_sql_step(q);
    ippon_standing stored = {0};
    if (rc == IPPON_SQL_ROW)
        stored = (ippon_standing){.rating = {ippon_sql_column_double(q, 0), ippon_sql_column_double(q, 1)},
                                  .rank = {ippon_sql_column_int(q, 2), ippon_sql_column_int(q, 3)},
                                  .games = ippon_sql_column_int64(q, 4)};
    ippon_sql_reset(q);
    if (rc == IPPON_SQL_ERROR) {
        ippon_store_failed(r->st, "read a rating to compare");
        r->failed = -1;
        return;
    }
    /* no row and no game is the same as a row at the initial standing with none (PostgreSQL's writes
       make a row before they lock it) */
    bool same = rc == IPPON_SQL_ROW ? same_standing(&stored, &p->standing, true) : p->standing.games == 0;
    if (same)
        return;
    r->report->players_differ++;
    if (!r->write)
        return;
    if (p->standing.games == 0) {
        q = prepared(r, &r->drop_rating, "DELETE FROM ratings WHERE mode = ? AND user_id = ?");
        if (q) {
            ippon_sql_bind_text(q, 1, r->mode);
            ippon_sql_bind_text(q, 2, user_id);
        }
    } else if ((q = prepared(r, &r->put_rating, IPPON_RATING_STANDING_PUT))) {
        ippon_rating_standing_bind(q, r->mode, user_id, &p->standing);
    }
    rc = q ? ippon_sql_step(q) : IPPON_SQL_ERROR;
    if (q)
        ippon_sql_reset(q);
    if (rc != IPPON_SQL_DONE) {
        ippon_store_failed(r->st, "rewrite a rating");
        r->failed = -1;
    }
}

static void free_player(void *ctx, const char *key, void *value)
{
    (void)ctx;
    (void)key;
    free(value);
}

/* the walk: every rated match of the mode from from_seq, its seats and their history rows */
static int walk(replay *r, ippon_mode mode)
{
    ippon_sql_stmt *q = ippon_store_prepare(
        r->st, "SELECT r.seq, r.match_id, p.seat, p.user_id, p.is_bot, p.final_points, p.result, p.ended_at,"
               " h.seq, h.mu_before, h.sigma_before, h.mu_after, h.sigma_after, h.tier_before, h.points_before,"
               " h.tier_after, h.points_after, h.rank_delta, h.ended_at"
               " FROM rated_matches r JOIN match_players p ON p.match_id = r.match_id"
               " LEFT JOIN rating_history h ON h.user_id = p.user_id AND h.mode = r.mode AND h.seq = r.seq"
               " WHERE r.mode = ? AND r.seq >= ? ORDER BY r.seq, p.seat");
    if (!q) {
        ippon_store_failed(r->st, "walk the rated matches");
        return -1;
    }
    ippon_sql_bind_text(q, 1, r->mode);
    ippon_sql_bind_int64(q, 2, r->from_seq);
    ippon_rated_match m = {.mode = mode};
    seat_row rows[4];
    char match_id[40] = "";
    int64_t seq = -1;
    int rc, failed = 0;
    while (!failed && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        int64_t row_seq = ippon_sql_column_int64(q, 0);
        if (row_seq != seq) {
            if (seq >= 0 && replay_match(r, &m, seq, rows) != 0)
                failed = -1;
            seq = row_seq;
            snprintf(match_id, sizeof match_id, "%s", ippon_sql_column_text(q, 1));
            m = (ippon_rated_match){.match_id = match_id, .mode = mode, .ended_ms = ippon_sql_column_int64(q, 7)};
        }
        int s = ippon_sql_column_int(q, 2);
        if (s < 0 || s > 3 || s != m.players)
            continue; /* seats are numbered 0 … n − 1 (their primary key): never */
        seat_row *row = &rows[s];
        const char *id = ippon_sql_column_text(q, 3);
        snprintf(row->user_id, sizeof row->user_id, "%s", id && !ippon_sql_column_int(q, 4) ? id : "");
        m.seats[s] = (ippon_rated_seat){row->user_id, ippon_sql_column_int(q, 5), ippon_sql_column_int(q, 6)};
        m.players++;
        row->has_history = !ippon_sql_column_is_null(q, 8);
        row->before = (ippon_standing){.rating = {ippon_sql_column_double(q, 9), ippon_sql_column_double(q, 10)},
                                       .rank = {ippon_sql_column_int(q, 13), ippon_sql_column_int(q, 14)}};
        row->after = (ippon_standing){.rating = {ippon_sql_column_double(q, 11), ippon_sql_column_double(q, 12)},
                                      .rank = {ippon_sql_column_int(q, 15), ippon_sql_column_int(q, 16)}};
        row->delta = ippon_sql_column_int(q, 17);
        row->ended_ms = ippon_sql_column_int64(q, 18);
    }
    if (!failed && rc == IPPON_SQL_ERROR) {
        ippon_store_failed(r->st, "walk the rated matches");
        failed = -1;
    }
    if (!failed && seq >= 0)
        failed = replay_match(r, &m, seq, rows);
    ippon_sql_finalize(q);
    return failed;
}

/* players of the mode whose ratings row says they played but who have no history (recompute) */
static int orphans(replay *r)
{
    static const char where[] = " FROM ratings WHERE mode = ?1 AND games > 0 AND NOT EXISTS"
                                " (SELECT 1 FROM rating_history h WHERE h.user_id = ratings.user_id AND h.mode = ?1)";
    char sql[320];
    snprintf(sql, sizeof sql, "%s%s", r->write ? "DELETE" : "SELECT count(*)", where);
    ippon_sql_stmt *q = ippon_store_prepare(r->st, sql);
    if (q)
        ippon_sql_bind_text(q, 1, r->mode);
    int rc = q ? ippon_sql_step(q) : IPPON_SQL_ERROR;
    if (rc == IPPON_SQL_ROW)
        r->report->players_differ += ippon_sql_column_int64(q, 0);
    else if (rc == IPPON_SQL_DONE)
        r->report->players_differ += ippon_sql_changes(r->st->db);
    else
        ippon_store_failed(r->st, "find ratings without history");
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_ERROR ? -1 : 0;
}

static int replay_run(ippon_store *st, ippon_mode mode, int64_t from_seq, const char *const *extra, int n_extra,
                      bool write, bool with_orphans, ippon_replay_report *report)
{
    replay r = {.st = st, .mode = ippon_mode_name(mode), .from_seq = from_seq, .write = write,
                .players = ippon_strmap_new(), .report = report};
    int rc = r.players ? 0 : -1;
    for (int i = 0; rc == 0 && i < n_extra; i++)
        if (!player_of(&r, extra[i]))
            rc = -1;
    if (rc == 0)
        rc = walk(&r, mode);
    if (rc == 0) {
        ippon_strmap_each(r.players, settle, &r);
        rc = r.failed;
    }
    if (rc == 0 && with_orphans)
        rc = orphans(&r);
    if (r.players)
        ippon_strmap_each(r.players, free_player, NULL);
    ippon_strmap_free(r.players);
    ippon_sql_finalize(r.last);
    ippon_sql_finalize(r.put_history);
    ippon_sql_finalize(r.read_rating);
    ippon_sql_finalize(r.put_rating);
    ippon_sql_finalize(r.drop_rating);
    return rc;
}

int ippon_rating_replay(ippon_store *st, ippon_mode mode, int64_t from_seq, const char *const *extra, int n_extra,
                        bool write, ippon_replay_report *report)
{
    return replay_run(st, mode, from_seq, extra, n_extra, write, false, report);
}

/* PostgreSQL: no match is rated while a replay runs (rating_writes.c takes ROW EXCLUSIVE first) */
static int lock_rated(ippon_store *st)
{
    if (ippon_sql_engine_of(st->db) != IPPON_SQL_POSTGRES)
        return 0;
    return ippon_store_exec(st, "LOCK TABLE rated_matches IN EXCLUSIVE MODE");
}

/* runs sql bound with one text to its end: 0 or -1 (noted) */
static int exec_id(ippon_store *st, const char *sql, const char *id)
{
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (q)
        ippon_sql_bind_text(q, 1, id);
    int rc = q ? ippon_sql_step(q) : IPPON_SQL_ERROR;
    if (rc != IPPON_SQL_DONE)
        ippon_store_failed(st, sql);
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

int ippon_rating_void(ippon_store *st, const char *match_id)
{
    if (lock_rated(st) != 0)
        return -1;
    ippon_sql_stmt *q = ippon_store_prepare(st, "SELECT r.seq, r.mode, h.user_id FROM rated_matches r"
                                                " LEFT JOIN rating_history h ON h.seq = r.seq WHERE r.match_id = ?");
    if (!q) {
        ippon_store_failed(st, "find a rated match");
        return -1;
    }
    ippon_sql_bind_text(q, 1, match_id);
    int64_t seq = 0;
    ippon_mode mode = IPPON_MODE_4P;
    char ids[4][40];
    const char *extra[4];
    int n = 0, rc;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        seq = ippon_sql_column_int64(q, 0);
        if (ippon_mode_parse(ippon_sql_column_text(q, 1), &mode) != 0)
            seq = 0;
        const char *id = ippon_sql_column_text(q, 2);
        if (id && n < 4) {
            snprintf(ids[n], sizeof ids[n], "%s", id);
            extra[n] = ids[n];
            n++;
        }
    }
    if (rc == IPPON_SQL_ERROR)
        ippon_store_failed(st, "find a rated match");
    ippon_sql_finalize(q);
    if (rc == IPPON_SQL_ERROR)
        return -1;
    if (seq <= 0)
        return 0; /* never rated: nothing moves */
    ippon_replay_report report = {0};
    if (exec_id(st, "DELETE FROM rating_history WHERE seq = (SELECT seq FROM rated_matches WHERE match_id = ?)", match_id) != 0 ||
        exec_id(st, "DELETE FROM rated_matches WHERE match_id = ?", match_id) != 0)
        return -1;
    return ippon_rating_replay(st, mode, seq, extra, n, true, &report);
}

int ippon_store_ratings_recompute(ippon_store *st, const bool modes[IPPON_MODES], bool check,
                                  const ippon_audit *audit, ippon_replay_report *report)
{
    *report = (ippon_replay_report){0};
    if ((check ? ippon_sql_begin_read(st->db) : ippon_sql_begin(st->db)) != 0) {
        ippon_store_failed(st, "begin");
        return -1;
    }
    int rc = check ? 0 : lock_rated(st);
    ippon_rating_wide_cache(st, true);
    for (int m = 0; rc == 0 && m < IPPON_MODES; m++)
        if (modes[m])
            rc = replay_run(st, (ippon_mode)m, 1, NULL, 0, !check, true, report);
    ippon_rating_wide_cache(st, false);
    if (rc == 0 && !check && (report->players_differ || report->rows_differ))
        rc = ippon_store_exec(st, "UPDATE rank_version SET data = data + 1 WHERE id = 1");
    if (rc == 0 && !check && audit)
        rc = ippon_store_audit_add(st, audit);
    if (rc == 0 && ippon_store_exec(st, "COMMIT") == 0)
        return 0;
    ippon_sql_rollback(st->db);
    return -1;
}
