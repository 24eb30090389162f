/*
 * store_rankings.c — leaderboards, profiles and match lists from the stored matches
 * (store_rankings.h says what counts and the tie rules), read into plain rows. The leaderboards
 * are held in memory (store_board.c); a profile's totals come from rank_totals, kept by triggers
 * (0005_rank_totals.sql); everything else is read from the matches as stored.
 */
#include "store/store_rankings.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store/store_board.h"
#include "store/store_private.h"
#include "store/store_profiles.h"

/* a text column copied into out (cap bytes with the NUL; "" when NULL) */
static void column_copy(ippon_sql_stmt *q, int i, char *out, size_t cap)
{
    const char *t = ippon_sql_column_text(q, i);
    snprintf(out, cap, "%s", t ? t : "");
}

/* stored JSON text parsed back (JSON null if absent or unparsable) */
static json_t *column_json(ippon_sql_stmt *q, int i)
{
    const char *s = ippon_sql_column_text(q, i);
    json_t *j = s ? json_loads(s, JSON_DECODE_ANY, NULL) : NULL;
    return j ? j : json_null();
}

/* ---- leaderboard: held in memory (store_board.c) ---------------------------------------- */

int ippon_store_leaderboard(ippon_store *st, const ippon_leaderboard_query *lq, ippon_leaderboard_page *out)
{
    return ippon_board_page(st, lq, out);
}

void ippon_leaderboard_page_free(ippon_leaderboard_page *page)
{
    if (page) {
        free(page->rows);
        page->rows = NULL;
        page->n = 0;
    }
}

int ippon_store_leaderboard_kept(ippon_store *st, const ippon_leaderboard_query *lq, const char **body, size_t *len)
{
    return ippon_board_kept(st, lq, body, len);
}

void ippon_store_leaderboard_keep(ippon_store *st, const ippon_leaderboard_query *lq, const char *body, size_t len)
{
    ippon_board_keep(st, lq, body, len);
}

/* ---- profile -------------------------------------------------------------------------- */

/* per mode, from rank_totals (0005_rank_totals.sql): the same sums as over the counted games */
static int profile_modes(ippon_store *st, const char *user_id, ippon_profile *p)
{
    static const char sql[] = "SELECT mode, games, total, wins, best, hands, deal_ins, known_hands FROM rank_totals"
                              " WHERE mode IN ('4p', '3p') AND user_id = ?1";
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, user_id);
    int rc;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_mode mode;
        if (ippon_mode_parse(ippon_sql_column_text(q, 0), &mode) != 0)
            continue; /* none: the WHERE keeps the two modes */
        ippon_profile_mode *m = &p->modes[mode];
        *m = (ippon_profile_mode){
            .games = ippon_sql_column_int64(q, 1),
            .total = ippon_sql_column_int64(q, 2),
            .wins = ippon_sql_column_int64(q, 3),
            .has_best = !ippon_sql_column_is_null(q, 4),
            .best = ippon_sql_column_int64(q, 4),
            .hands = ippon_sql_column_int64(q, 5),
            .deal_ins = ippon_sql_column_int64(q, 6),
            .known_hands = ippon_sql_column_int64(q, 7),
        };
    }
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

static int profile_recent(ippon_store *st, const char *user_id, ippon_profile *p)
{
    static const char sql[] = "SELECT p.match_id, p.mode, p.ended_at, p.result, p.final_points, p.seat, p.counted,"
                              " m.private FROM match_players p JOIN matches m ON m.id = p.match_id"
                              " WHERE p.user_id = ?1 ORDER BY p.ended_at DESC, p.match_id DESC LIMIT ?2";
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_int64(q, 2, IPPON_PROFILE_RECENT);
    int rc = IPPON_SQL_DONE;
    while (p->recent_n < IPPON_PROFILE_RECENT && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_profile_match *m = &p->recent[p->recent_n++];
        column_copy(q, 0, m->id, sizeof m->id);
        column_copy(q, 1, m->mode, sizeof m->mode);
        m->ended_at = ippon_sql_column_int64(q, 2);
        m->result = ippon_sql_column_int(q, 3);
        m->final_points = ippon_sql_column_int(q, 4);
        m->seat = ippon_sql_column_int(q, 5);
        m->counted = ippon_sql_column_int(q, 6) != 0;
        m->private_match = ippon_sql_column_int(q, 7) != 0;
    }
    if (p->recent_n == IPPON_PROFILE_RECENT)
        rc = IPPON_SQL_DONE; /* LIMIT: no more rows */
    ippon_sql_finalize(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

/*
 * The running sum of a mode's counted results for the chart, oldest first: the last
 * IPPON_PROFILE_HISTORY games, read newest first from the player's index alone
 * (match_players_user_games holds each game's mode and whether it counts, 0007_player_games.sql),
 * their sums worked back from the mode's total (rank_totals).
 */
static int profile_history_mode(ippon_store *st, const char *user_id, ippon_mode mode, ippon_profile *p)
{
    static const char sql[] = "SELECT ended_at, result FROM match_players"
                              " WHERE user_id = ?1 AND mode = ?2 AND counted = 1 AND is_bot = 0"
                              " ORDER BY ended_at DESC, match_id DESC LIMIT ?3";
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_text(q, 2, ippon_mode_name(mode));
    ippon_sql_bind_int64(q, 3, IPPON_PROFILE_HISTORY);
    ippon_profile_point *points = p->history[mode];
    int rc = IPPON_SQL_DONE, n = 0;
    int64_t sum = p->modes[mode].total;
    while (n < IPPON_PROFILE_HISTORY && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        points[n].ended_at = ippon_sql_column_int64(q, 0);
        points[n++].cumulative = sum;
        sum -= ippon_sql_column_int64(q, 1);
    }
    if (n == IPPON_PROFILE_HISTORY)
        rc = IPPON_SQL_DONE; /* LIMIT: no more rows */
    ippon_sql_finalize(q);
    for (int a = 0, b = n - 1; a < b; a++, b--) { /* oldest first */
        ippon_profile_point t = points[a];
        points[a] = points[b];
        points[b] = t;
    }
    p->history_n[mode] = n;
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

int ippon_store_player_profile(ippon_store *st, const char *user_id, ippon_profile **out)
{
    *out = NULL;
    ippon_profile *p = calloc(1, sizeof *p);
    if (!p)
        return -1;
    int rc = ippon_store_user_get(st, user_id, &p->user);
    if (rc == 0 && (profile_modes(st, user_id, p) != 0 || profile_recent(st, user_id, p) != 0))
        rc = -1;
    for (ippon_mode mode = 0; rc == 0 && mode < IPPON_MODES; mode++)
        if (p->modes[mode].games > 0 && profile_history_mode(st, user_id, mode, p) != 0)
            rc = -1;
    if (rc != 0) {
        free(p);
        return rc;
    }
    *out = p;
    return 0;
}

/* what a reply answers, for the kept replies: "profile", or "matches PAGE LIMIT" */
static void reply_what(const ippon_kept_query *kq, char what[IPPON_KEPT_WHAT])
{
    if (kq->page > 0)
        snprintf(what, IPPON_KEPT_WHAT, "matches %d %d", kq->page, kq->limit);
    else
        snprintf(what, IPPON_KEPT_WHAT, "profile %llx", (unsigned long long)kq->stamp);
}

int ippon_store_reply_kept(ippon_store *st, const ippon_kept_query *kq, const char **body, size_t *len,
                           const char **tag)
{
    char what[IPPON_KEPT_WHAT];
    reply_what(kq, what);
    return ippon_profiles_kept(st, kq->user_id ? kq->user_id : "", what, body, len, tag);
}

void ippon_store_reply_keep(ippon_store *st, const ippon_kept_query *kq, const char *body, size_t len, const char *tag)
{
    char what[IPPON_KEPT_WHAT];
    reply_what(kq, what);
    ippon_profiles_keep(st, kq->user_id ? kq->user_id : "", what, body, len, tag);
}

/* ---- matches -------------------------------------------------------------------------- */

/* a seat is a bot if a built-in bot sat there (is_bot) or a bot account (users.is_bot) */
#define PLAYERS_SQL                                                                                              \
    "SELECT p.seat, p.user_id, p.display_name, p.is_bot + coalesce(u.is_bot, 0), p.final_points, p.result, p.voided" \
    " FROM match_players p LEFT JOIN users u ON u.id = p.user_id WHERE p.match_id = ?1 ORDER BY p.seat"

/* a match's players by seat into m, read with q (PLAYERS_SQL, reset after); m->voided from their
   copy of the match's voided_at */
static int match_seats(ippon_sql_stmt *q, ippon_listed_match *m)
{
    ippon_sql_bind_text(q, 1, m->id);
    int rc;
    m->players = 0;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW && m->players < 4) {
        ippon_listed_seat *seat = &m->seats[m->players++];
        seat->seat = ippon_sql_column_int(q, 0);
        column_copy(q, 1, seat->user_id, sizeof seat->user_id);
        column_copy(q, 2, seat->display_name, sizeof seat->display_name);
        seat->bot = ippon_sql_column_int(q, 3) != 0;
        seat->final_points = ippon_sql_column_int(q, 4);
        seat->result = ippon_sql_column_int(q, 5);
        m->voided = ippon_sql_column_int(q, 6) != 0;
    }
    ippon_sql_reset(q);
    return rc == IPPON_SQL_DONE ? 0 : -1;
}

/* the columns MATCH_COLUMNS of a matches row, from column `first` on, into m */
#define MATCH_COLUMNS "m.id, m.mode, m.rules, m.ranked, m.completed, m.hands, m.started_at, m.ended_at, m.private"
static void match_columns(ippon_sql_stmt *q, int first, ippon_listed_match *m)
{
    column_copy(q, first, m->id, sizeof m->id);
    column_copy(q, first + 1, m->mode, sizeof m->mode);
    column_copy(q, first + 2, m->rules, sizeof m->rules);
    m->ranked = ippon_sql_column_int(q, first + 3) != 0;
    m->completed = ippon_sql_column_int(q, first + 4) != 0;
    m->hands = ippon_sql_column_int(q, first + 5);
    m->started_at = ippon_sql_column_int64(q, first + 6);
    m->ended_at = ippon_sql_column_int64(q, first + 7);
    m->private_match = ippon_sql_column_int(q, first + 8) != 0;
}

static int user_exists(ippon_store *st, const char *user_id)
{
    ippon_user user;
    return ippon_store_user_get(st, user_id, &user);
}

/*
 * Both lists read their order from an index alone (a player's: match_players_user_games; every
 * match: matches_ended), so a page skips the earlier rows without reading them; the columns come
 * from the start of the matches row, before its seeds and action log, and "voided" from the
 * players' copy. The total of every match is the count kept in rank_version (0007_player_games.sql).
 */
int ippon_store_matches_list(ippon_store *st, const char *user_id, int page, int limit, ippon_listed_matches *out)
{
    static const char mine_sql[] = "SELECT " MATCH_COLUMNS " FROM match_players p JOIN matches m ON m.id = p.match_id"
                                   " WHERE p.user_id = ?1 ORDER BY p.ended_at DESC, p.match_id DESC LIMIT ?2 OFFSET ?3";
    static const char all_sql[] = "SELECT " MATCH_COLUMNS " FROM matches m ORDER BY m.ended_at DESC, m.id DESC"
                                  " LIMIT ?2 OFFSET ?3";
    static const char mine_count[] = "SELECT count(*) FROM match_players WHERE user_id = ?1";
    static const char all_count[] = "SELECT matches FROM rank_version WHERE id = 1";
    *out = (ippon_listed_matches){0};
    if (user_id) {
        int rc = user_exists(st, user_id);
        if (rc != 0)
            return rc;
    }
    ippon_sql_stmt *qc = ippon_store_prepare(st, user_id ? mine_count : all_count),
                 *q = ippon_store_prepare(st, user_id ? mine_sql : all_sql), *qp = ippon_store_prepare(st, PLAYERS_SQL);
    ippon_listed_match *rows = limit > 0 ? calloc((size_t)limit, sizeof *rows) : NULL;
    int n = 0;
    int64_t total = -1;
    if (!qc || !q || !qp || !rows)
        goto done;
    if (user_id) {
        ippon_sql_bind_text(qc, 1, user_id);
        ippon_sql_bind_text(q, 1, user_id);
    }
    ippon_sql_bind_int64(q, 2, limit);
    ippon_sql_bind_int64(q, 3, (int64_t)(page - 1) * limit);
    if (ippon_sql_step(qc) != IPPON_SQL_ROW)
        goto done;
    int64_t count = ippon_sql_column_int64(qc, 0);
    int rc = IPPON_SQL_DONE;
    while (n < limit && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        match_columns(q, 0, &rows[n]);
        if (match_seats(qp, &rows[n]) != 0)
            goto done;
        n++;
    }
    if (n == limit || rc == IPPON_SQL_DONE)
        total = count;
done:
    ippon_sql_finalize(qc);
    ippon_sql_finalize(q);
    ippon_sql_finalize(qp);
    if (total < 0) {
        free(rows);
        return -1;
    }
    *out = (ippon_listed_matches){.total = total, .n = n, .rows = rows};
    return 0;
}

void ippon_listed_matches_free(ippon_listed_matches *list)
{
    if (list) {
        free(list->rows);
        *list = (ippon_listed_matches){0};
    }
}

int ippon_store_match_detail(ippon_store *st, const char *id, ippon_stored_detail *out)
{
    static const char sql[] = "SELECT " MATCH_COLUMNS ", m.voided_at, m.void_reason, m.wins, m.seeds, m.fairness"
                              " FROM matches m WHERE m.id = ?1";
    *out = (ippon_stored_detail){0};
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int rc = ippon_sql_step(q);
    if (rc != IPPON_SQL_ROW) {
        ippon_sql_finalize(q);
        return rc == IPPON_SQL_DONE ? IPPON_STORE_NOT_FOUND : -1;
    }
    match_columns(q, 0, &out->match);
    out->voided = !ippon_sql_column_is_null(q, 9);
    out->voided_at = ippon_sql_column_int64(q, 9);
    const char *reason = ippon_sql_column_text(q, 10);
    out->void_reason = reason ? strdup(reason) : NULL;
    out->wins = column_json(q, 11);
    out->seeds = column_json(q, 12);
    bool has_fairness = !ippon_sql_column_is_null(q, 13);
    out->fairness = has_fairness ? column_json(q, 13) : NULL;
    ippon_sql_finalize(q);
    ippon_sql_stmt *qp = ippon_store_prepare(st, PLAYERS_SQL);
    rc = qp && (!reason || out->void_reason) && out->wins && out->seeds && (!has_fairness || out->fairness)
             ? match_seats(qp, &out->match)
             : -1;
    ippon_sql_finalize(qp);
    out->match.voided = out->voided;
    if (rc != 0) {
        ippon_stored_detail_free(out);
        return -1;
    }
    return 0;
}

void ippon_stored_detail_free(ippon_stored_detail *d)
{
    if (d) {
        free(d->void_reason);
        json_decref(d->wins);
        json_decref(d->seeds);
        json_decref(d->fairness);
        *d = (ippon_stored_detail){0};
    }
}

int ippon_store_match_replay(ippon_store *st, const char *id, ippon_stored_replay *out)
{
    static const char sql[] = "SELECT rules, seeds, actions FROM matches WHERE id = ?1";
    *out = (ippon_stored_replay){0};
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, id);
    int rc = ippon_sql_step(q);
    if (rc == IPPON_SQL_ROW) {
        column_copy(q, 0, out->rules, sizeof out->rules);
        out->seeds = column_json(q, 1);
        out->actions = column_json(q, 2);
    }
    ippon_sql_finalize(q);
    if (rc == IPPON_SQL_DONE)
        return IPPON_STORE_NOT_FOUND;
    if (rc != IPPON_SQL_ROW || !out->seeds || !out->actions) {
        ippon_stored_replay_free(out);
        return -1;
    }
    return 0;
}

void ippon_stored_replay_free(ippon_stored_replay *r)
{
    if (r) {
        json_decref(r->seeds);
        json_decref(r->actions);
        *r = (ippon_stored_replay){0};
    }
}
