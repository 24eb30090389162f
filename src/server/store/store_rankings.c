/*
 * store_rankings.c — leaderboards, profiles and match lists from the stored matches
 * (store_rankings.h says what counts, the periods and the tie rules). The leaderboards are held
 * in memory (store_board.c); a profile's totals come from rank_totals, kept by triggers
 * (0005_rank_totals.sql); everything else is read from the matches as stored.
 */
#include "store/store_rankings.h"

#include <stdio.h>
#include <string.h>

#include "store/store_board.h"
#include "store/store_private.h"
#include "store/store_profiles.h"

#define HISTORY_POINTS 500
#define RECENT_MATCHES 20

static const char *const period_names[] = {"all", "month", "week", "day"};

int ippon_rank_period_parse(const char *name)
{
    for (int i = 0; i < 4; i++)
        if (!strcmp(name, period_names[i]))
            return i;
    return -1;
}

const char *ippon_rank_period_name(ippon_rank_period period)
{
    return (unsigned)period < 4 ? period_names[period] : "all";
}

int64_t ippon_rank_period_since(ippon_rank_period period, int64_t now_ms)
{
    static const int64_t day = 86400000;
    switch (period) {
    case IPPON_PERIOD_DAY: return now_ms - day;
    case IPPON_PERIOD_WEEK: return now_ms - 7 * day;
    case IPPON_PERIOD_MONTH: return now_ms - 30 * day;
    default: return INT64_MIN;
    }
}

static json_t *column_text(sqlite3_stmt *q, int i)
{
    const unsigned char *s = sqlite3_column_text(q, i);
    return s ? json_string((const char *)s) : json_null();
}

static json_t *column_int(sqlite3_stmt *q, int i)
{
    return sqlite3_column_type(q, i) == SQLITE_NULL ? json_null() : json_integer(sqlite3_column_int64(q, i));
}

/* stored JSON text parsed back (null if absent or unparsable) */
static json_t *column_json(sqlite3_stmt *q, int i)
{
    const char *s = (const char *)sqlite3_column_text(q, i);
    json_t *j = s ? json_loads(s, JSON_DECODE_ANY, NULL) : NULL;
    return j ? j : json_null();
}

/* ---- leaderboard: held in memory (store_board.c) ---------------------------------------- */

int ippon_store_leaderboard(ippon_store *st, const ippon_leaderboard_query *lq, json_t **out)
{
    return ippon_board_page(st, lq, out);
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

/* a rate, or null when there is nothing to divide by */
static json_t *rate(int64_t part, int64_t whole)
{
    return whole ? json_real((double)part / (double)whole) : json_null();
}

static json_t *mode_stats(int64_t games, int64_t total, int64_t wins, json_t *best, int64_t hands, int64_t deal_ins,
                          int64_t known_hands)
{
    return json_pack("{s:I,s:I,s:f,s:I,s:f,s:o,s:I,s:I,s:o,s:o}", "games", (json_int_t)games, "total",
                     (json_int_t)total, "average", games ? (double)total / (double)games : 0.0, "wins",
                     (json_int_t)wins, "win_rate", games ? (double)wins / (double)games : 0.0, "best", best,
                     "hands", (json_int_t)hands, "deal_ins", (json_int_t)deal_ins, "deal_in_rate",
                     rate(deal_ins, known_hands), "hand_win_rate", rate(wins, hands));
}

/* per mode, from rank_totals (0005_rank_totals.sql): the same sums as over the counted games */
static int profile_modes(ippon_store *st, const char *user_id, json_t *modes)
{
    static const char sql[] = "SELECT mode, games, total, wins, best, hands, deal_ins, known_hands FROM rank_totals"
                              " WHERE mode IN ('4p', '3p') AND user_id = ?1";
    sqlite3_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    sqlite3_bind_text(q, 1, user_id, -1, SQLITE_STATIC);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        json_object_set_new(modes, (const char *)sqlite3_column_text(q, 0),
                            mode_stats(sqlite3_column_int64(q, 1), sqlite3_column_int64(q, 2),
                                       sqlite3_column_int64(q, 3), column_int(q, 4), sqlite3_column_int64(q, 5),
                                       sqlite3_column_int64(q, 6), sqlite3_column_int64(q, 7)));
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

static int profile_recent(ippon_store *st, const char *user_id, json_t *recent)
{
    static const char sql[] = "SELECT match_id, mode, ended_at, result, final_points, seat, counted"
                              " FROM match_players WHERE user_id = ?1 ORDER BY ended_at DESC, match_id DESC LIMIT ?2";
    sqlite3_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    sqlite3_bind_text(q, 1, user_id, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 2, RECENT_MATCHES);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW)
        json_array_append_new(recent, json_pack("{s:o,s:o,s:o,s:o,s:o,s:o,s:b}", "id", column_text(q, 0), "mode",
                                                column_text(q, 1), "ended_at", column_int(q, 2), "result",
                                                column_int(q, 3), "final_points", column_int(q, 4), "seat",
                                                column_int(q, 5), "counted", sqlite3_column_int(q, 6)));
    sqlite3_finalize(q);
    return rc == SQLITE_DONE ? 0 : -1;
}

/*
 * The running sum of a mode's counted results for the chart, oldest first: the last
 * HISTORY_POINTS games, read newest first from the player's index alone (match_players_user_games
 * holds each game's mode and whether it counts, 0007_player_games.sql), their sums worked back
 * from the mode's total (rank_totals, passed in as total).
 */
static int profile_history_mode(ippon_store *st, const char *user_id, const char *mode, int64_t total, json_t *points)
{
    static const char sql[] = "SELECT ended_at, result FROM match_players"
                              " WHERE user_id = ?1 AND mode = ?2 AND counted = 1 AND is_bot = 0"
                              " ORDER BY ended_at DESC, match_id DESC LIMIT ?3";
    sqlite3_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    sqlite3_bind_text(q, 1, user_id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, mode, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 3, HISTORY_POINTS);
    int64_t ended[HISTORY_POINTS], cumulative[HISTORY_POINTS];
    int rc, n = 0;
    int64_t sum = total;
    while (n < HISTORY_POINTS && (rc = sqlite3_step(q)) == SQLITE_ROW) {
        ended[n] = sqlite3_column_int64(q, 0);
        cumulative[n++] = sum;
        sum -= sqlite3_column_int64(q, 1);
    }
    if (n == HISTORY_POINTS)
        rc = SQLITE_DONE; /* LIMIT: no more rows */
    sqlite3_finalize(q);
    for (int i = n - 1; i >= 0 && rc == SQLITE_DONE; i--) /* oldest first */
        if (json_array_append_new(points, json_pack("{s:I,s:I}", "ended_at", (json_int_t)ended[i], "cumulative",
                                                    (json_int_t)cumulative[i])) != 0)
            rc = SQLITE_ERROR;
    return rc == SQLITE_DONE ? 0 : -1;
}

static int profile_history(ippon_store *st, const char *user_id, json_t *modes, json_t *history)
{
    const char *mode;
    json_t *points;
    json_object_foreach(history, mode, points) {
        json_t *stats = json_object_get(modes, mode);
        if (json_integer_value(json_object_get(stats, "games")) > 0 &&
            profile_history_mode(st, user_id, mode, json_integer_value(json_object_get(stats, "total")), points) != 0)
            return -1;
    }
    return 0;
}

int ippon_store_player_profile(ippon_store *st, const char *user_id, json_t **out)
{
    *out = NULL;
    ippon_user user;
    int rc = ippon_store_user_get(st, user_id, &user);
    if (rc != 0)
        return rc;
    json_t *modes = json_pack("{s:o,s:o}", "4p", mode_stats(0, 0, 0, json_null(), 0, 0, 0), "3p",
                              mode_stats(0, 0, 0, json_null(), 0, 0, 0));
    json_t *recent = json_array(), *history = json_pack("{s:[],s:[]}", "4p", "3p");
    json_t *profile = json_pack("{s:s,s:s,s:I,s:o,s:o,s:o}", "user_id", user.id, "display_name", user.display_name,
                                "created_at", (json_int_t)user.created_at, "modes", modes, "recent", recent,
                                "history", history);
    if (!profile || profile_modes(st, user_id, modes) != 0 || profile_recent(st, user_id, recent) != 0 ||
        profile_history(st, user_id, modes, history) != 0) {
        json_decref(profile);
        return -1;
    }
    *out = profile;
    return 0;
}

/* what a reply answers, for the kept replies: "profile", or "matches PAGE LIMIT" */
static void reply_what(const ippon_kept_query *kq, char what[IPPON_KEPT_WHAT])
{
    if (kq->page > 0)
        snprintf(what, IPPON_KEPT_WHAT, "matches %d %d", kq->page, kq->limit);
    else
        snprintf(what, IPPON_KEPT_WHAT, "profile");
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

#define PLAYERS_SQL "SELECT seat, user_id, display_name, is_bot, final_points, result, voided" \
                    " FROM match_players WHERE match_id = ?1 ORDER BY seat"

/* a match's players by seat, read with q (PLAYERS_SQL, reset after); *voided (if asked) from
   their copy of the match's voided_at */
static json_t *match_players(sqlite3_stmt *q, const char *match_id, bool *voided)
{
    json_t *players = json_array();
    if (!players)
        return NULL;
    sqlite3_bind_text(q, 1, match_id, -1, SQLITE_TRANSIENT);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        json_array_append_new(players, json_pack("{s:o,s:o,s:o,s:b,s:o,s:o}", "seat", column_int(q, 0), "user_id",
                                                 column_text(q, 1), "display_name", column_text(q, 2), "bot",
                                                 sqlite3_column_int(q, 3), "final_points", column_int(q, 4),
                                                 "result", column_int(q, 5)));
        if (voided)
            *voided = sqlite3_column_int(q, 6) != 0;
    }
    sqlite3_reset(q);
    if (rc != SQLITE_DONE) {
        json_decref(players);
        return NULL;
    }
    return players;
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
int ippon_store_matches_list(ippon_store *st, const char *user_id, int page, int limit, json_t **out)
{
#define MATCH_COLUMNS "m.id, m.mode, m.rules, m.ranked, m.completed, m.hands, m.started_at, m.ended_at"
    static const char mine_sql[] = "SELECT " MATCH_COLUMNS " FROM match_players p JOIN matches m ON m.id = p.match_id"
                                   " WHERE p.user_id = ?1 ORDER BY p.ended_at DESC, p.match_id DESC LIMIT ?2 OFFSET ?3";
    static const char all_sql[] = "SELECT " MATCH_COLUMNS " FROM matches m ORDER BY m.ended_at DESC, m.id DESC"
                                  " LIMIT ?2 OFFSET ?3";
    static const char mine_count[] = "SELECT count(*) FROM match_players WHERE user_id = ?1";
    static const char all_count[] = "SELECT matches FROM rank_version WHERE id = 1";
    *out = NULL;
    if (user_id) {
        int rc = user_exists(st, user_id);
        if (rc != 0)
            return rc;
    }
    sqlite3_stmt *qc = ippon_store_prepare(st, user_id ? mine_count : all_count),
                 *q = ippon_store_prepare(st, user_id ? mine_sql : all_sql), *qp = ippon_store_prepare(st, PLAYERS_SQL);
    json_t *matches = json_array();
    int64_t total = -1;
    if (!qc || !q || !qp || !matches)
        goto done;
    if (user_id) {
        sqlite3_bind_text(qc, 1, user_id, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 1, user_id, -1, SQLITE_STATIC);
    }
    sqlite3_bind_int(q, 2, limit);
    sqlite3_bind_int64(q, 3, (int64_t)(page - 1) * limit);
    if (sqlite3_step(qc) != SQLITE_ROW)
        goto done;
    int64_t n = sqlite3_column_int64(qc, 0);
    int rc;
    while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
        bool voided = false;
        json_t *players = match_players(qp, (const char *)sqlite3_column_text(q, 0), &voided);
        json_t *m = players ? json_pack("{s:o,s:o,s:o,s:b,s:b,s:b,s:o,s:o,s:o,s:o}", "id", column_text(q, 0), "mode",
                                        column_text(q, 1), "rules", column_text(q, 2), "ranked",
                                        sqlite3_column_int(q, 3), "completed", sqlite3_column_int(q, 4), "voided",
                                        voided, "hands", column_int(q, 5), "started_at", column_int(q, 6),
                                        "ended_at", column_int(q, 7), "players", players)
                            : NULL;
        if (!m || json_array_append_new(matches, m) != 0)
            goto done;
    }
    if (rc == SQLITE_DONE)
        total = n;
done:
    sqlite3_finalize(qc);
    sqlite3_finalize(q);
    sqlite3_finalize(qp);
    if (total < 0) {
        json_decref(matches);
        return -1;
    }
    *out = json_pack("{s:I,s:o}", "total", (json_int_t)total, "matches", matches);
    return *out ? 0 : -1;
}

int ippon_store_match_detail(ippon_store *st, const char *id, json_t **out)
{
    static const char sql[] = "SELECT id, mode, rules, ranked, completed, voided_at, void_reason, hands, started_at,"
                              " ended_at, wins, seeds FROM matches WHERE id = ?1";
    *out = NULL;
    sqlite3_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q);
    if (rc != SQLITE_ROW) {
        sqlite3_finalize(q);
        return rc == SQLITE_DONE ? IPPON_STORE_NOT_FOUND : -1;
    }
    sqlite3_stmt *qp = ippon_store_prepare(st, PLAYERS_SQL);
    json_t *players = qp ? match_players(qp, id, NULL) : NULL;
    sqlite3_finalize(qp);
    if (players)
        *out = json_pack("{s:o,s:o,s:o,s:b,s:b,s:o,s:o,s:o,s:o,s:o,s:o,s:o,s:o}", "id", column_text(q, 0), "mode",
                         column_text(q, 1), "rules", column_text(q, 2), "ranked", sqlite3_column_int(q, 3),
                         "completed", sqlite3_column_int(q, 4), "voided_at", column_int(q, 5), "void_reason",
                         column_text(q, 6), "hands", column_int(q, 7), "started_at", column_int(q, 8), "ended_at",
                         column_int(q, 9), "players", players, "wins", column_json(q, 10), "seeds",
                         column_json(q, 11));
    sqlite3_finalize(q);
    return *out ? 0 : -1;
}

int ippon_store_match_record(ippon_store *st, const char *id, json_t **out)
{
    static const char sql[] = "SELECT rules, seeds, actions FROM matches WHERE id = ?1";
    *out = NULL;
    sqlite3_stmt *q = ippon_store_prepare(st, sql);
    if (!q)
        return -1;
    sqlite3_bind_text(q, 1, id, -1, SQLITE_STATIC);
    int rc = sqlite3_step(q);
    if (rc == SQLITE_ROW)
        *out = json_pack("{s:o,s:o,s:o}", "rules", column_text(q, 0), "seeds", column_json(q, 1), "actions",
                         column_json(q, 2));
    sqlite3_finalize(q);
    if (rc == SQLITE_DONE)
        return IPPON_STORE_NOT_FOUND;
    return *out ? 0 : -1;
}
