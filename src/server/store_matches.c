/*
 * store_matches.c — writing finished matches (store_matches.h).
 *
 * One transaction per match (or per batch): the matches row, then one match_players row per
 * seat with its result, whether it won (a result > 0 that no seat beats), whether it dealt in
 * (the seat a ron was won from, read from the wins), and copies of the match's end time, mode
 * and whether it counts (a new match is never voided; 0007_player_games.sql checks the copies
 * and keeps them right when the match changes). The triggers of 0005_rank_totals.sql
 * add each counted game to rank_totals and move rank_version in the same transaction; the
 * version read before and after the inserts tells this store's in-memory leaderboard
 * (store_board.c) whether the match is the only change since it last looked.
 */
#include "store_matches.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "store_board.h"
#include "store_private.h"
#include "store_profiles.h"

static int fail(ippon_store *st, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(st->db));
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

/* the two statements of a write, prepared once per call */
typedef struct writer {
    sqlite3_stmt *match, *player;
} writer;

static int insert_match(ippon_store *st, writer *w, const ippon_table_record *r, char *err, size_t errlen)
{
    sqlite3_stmt *q = w->match;
    char *seeds = json_dumps(r->seeds, JSON_COMPACT), *actions = json_dumps(r->actions, JSON_COMPACT),
         *wins = json_dumps(r->wins, JSON_COMPACT);
    sqlite3_bind_text(q, 1, r->id, -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 2, r->players == 3 ? "3p" : "4p", -1, SQLITE_STATIC);
    sqlite3_bind_text(q, 3, r->rules->name, -1, SQLITE_STATIC);
    sqlite3_bind_int(q, 4, r->ranked);
    sqlite3_bind_int(q, 5, r->completed);
    sqlite3_bind_int64(q, 6, r->started_ms);
    sqlite3_bind_int64(q, 7, r->ended_ms);
    sqlite3_bind_int(q, 8, r->hands);
    if (!seeds || !actions || !wins) {
        free(seeds);
        free(actions);
        free(wins);
        snprintf(err, errlen, "match %s: out of memory", r->id);
        sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
        return -1;
    }
    sqlite3_bind_text(q, 9, seeds, -1, free);
    sqlite3_bind_text(q, 10, actions, -1, free);
    sqlite3_bind_text(q, 11, wins, -1, free);
    int rc = sqlite3_step(q);
    sqlite3_reset(q);
    if (rc != SQLITE_DONE)
        return fail(st, err, errlen, "insert match");
    return sqlite3_changes(st->db);
}

/* which seats won (top result > 0) and which dealt in (a ron was won from them) */
static void outcome(const ippon_table_record *r, bool won[4], bool dealt_in[4])
{
    int32_t top = r->results[0];
    for (int s = 1; s < r->players; s++)
        if (r->results[s] > top)
            top = r->results[s];
    for (int s = 0; s < r->players; s++) {
        won[s] = r->results[s] > 0 && r->results[s] == top;
        dealt_in[s] = false;
    }
    size_t i;
    const json_t *win;
    json_array_foreach(r->wins, i, win) {
        json_int_t seat = json_integer_value(json_object_get(win, "seat")), from = json_integer_value(json_object_get(win, "from"));
        if (json_is_integer(json_object_get(win, "from")) && from != seat && from >= 0 && from < r->players)
            dealt_in[from] = true;
    }
}

static int insert_players(ippon_store *st, writer *w, const ippon_table_record *r, char *err, size_t errlen)
{
    sqlite3_stmt *q = w->player;
    bool won[4], dealt_in[4];
    outcome(r, won, dealt_in);
    for (int s = 0; s < r->players; s++) {
        const ippon_table_player *p = &r->seats[s];
        sqlite3_bind_text(q, 1, r->id, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 2, s);
        if (p->bot)
            sqlite3_bind_null(q, 3);
        else
            sqlite3_bind_text(q, 3, p->user_id, -1, SQLITE_STATIC);
        sqlite3_bind_text(q, 4, p->name, -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 5, p->bot);
        sqlite3_bind_int(q, 6, r->final_points[s]);
        sqlite3_bind_int(q, 7, r->results[s]);
        sqlite3_bind_int(q, 8, won[s]);
        sqlite3_bind_int(q, 9, dealt_in[s]);
        sqlite3_bind_int64(q, 10, r->ended_ms);
        sqlite3_bind_text(q, 11, r->players == 3 ? "3p" : "4p", -1, SQLITE_STATIC);
        sqlite3_bind_int(q, 12, r->ranked && r->completed);
        int rc = sqlite3_step(q);
        sqlite3_reset(q);
        if (rc != SQLITE_DONE)
            return fail(st, err, errlen, "insert match player");
    }
    return 0;
}

/* tells the in-memory leaderboard about a match written (after the commit) */
static void tell_board(ippon_store *st, const ippon_table_record *r, bool inserted, int64_t before, int64_t after)
{
    ippon_board_game games[4];
    int n = 0;
    bool won[4], dealt_in[4];
    outcome(r, won, dealt_in);
    if (inserted && r->ranked && r->completed)
        for (int s = 0; s < r->players; s++)
            if (!r->seats[s].bot && r->seats[s].user_id[0])
                games[n++] = (ippon_board_game){r->seats[s].user_id, r->results[s], won[s]};
    ippon_board_written(st, before, after, r->players == 3 ? "3p" : "4p", r->ended_ms, games, n);
}

/* tells the kept profile replies whose players the matches written concern (after the commit) */
static void tell_profiles(ippon_store *st, const ippon_table_record *const *recs, const bool *inserted, int n,
                          const ippon_profiles_version *before, const ippon_profiles_version *after)
{
    enum { CHUNK = 256 };
    const char *ids[CHUNK];
    int count = 0;
    bool first = true;
    for (int i = 0; i < n; i++)
        for (int s = 0; inserted[i] && s < recs[i]->players; s++) {
            if (recs[i]->seats[s].bot || !recs[i]->seats[s].user_id[0])
                continue;
            if (count == CHUNK) { /* a large batch: told in parts, the row moving once */
                ippon_profiles_written(st, first ? before : after, after, ids, count);
                first = false;
                count = 0;
            }
            ids[count++] = recs[i]->seats[s].user_id;
        }
    ippon_profiles_written(st, first ? before : after, after, ids, count);
}

static bool record_ok(const ippon_table_record *r, char *err, size_t errlen)
{
    if (!r || !r->id || !r->rules || !r->seats || !r->final_points || !r->results || r->players < 3 ||
        r->players > 4) {
        snprintf(err, errlen, "match %s: incomplete record", r && r->id ? r->id : "(no id)");
        return false;
    }
    return true;
}

int ippon_store_save_matches(ippon_store *st, const ippon_table_record *const *recs, int n, char *err, size_t errlen)
{
    static const char match_sql[] =
        "INSERT OR IGNORE INTO matches (id, mode, rules, ranked, completed, started_at, ended_at, hands, seeds,"
        " actions, wins) VALUES (?,?,?,?,?,?,?,?,?,?,?)";
    static const char player_sql[] =
        "INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot, final_points, result, won,"
        " dealt_in, ended_at, mode, counted, voided) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,0)";
    for (int i = 0; i < n; i++)
        if (!record_ok(recs[i], err, errlen))
            return -1;
    writer w = {NULL, NULL};
    if (sqlite3_prepare_v2(st->db, match_sql, -1, &w.match, NULL) != SQLITE_OK ||
        sqlite3_prepare_v2(st->db, player_sql, -1, &w.player, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "prepare: %s", sqlite3_errmsg(st->db));
        sqlite3_finalize(w.match);
        sqlite3_finalize(w.player);
        return -1;
    }
    bool *inserted = calloc((size_t)(n > 0 ? n : 1), sizeof *inserted);
    int64_t before = 0, after = 0, names;
    ippon_profiles_version profiles_before, profiles_after;
    int rc = -1;
    if (!inserted)
        snprintf(err, errlen, "out of memory");
    else if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        fail(st, err, errlen, "begin");
    else if (ippon_board_read_version(st, &before, &names) != 0 ||
             ippon_profiles_read_version(st, &profiles_before) != 0)
        fail(st, err, errlen, "read rank_version");
    else {
        rc = 0;
        for (int i = 0; i < n && rc == 0; i++) {
            int got = insert_match(st, &w, recs[i], err, errlen);
            if (got < 0 || (got > 0 && insert_players(st, &w, recs[i], err, errlen) < 0))
                rc = -1;
            else
                inserted[i] = got > 0;
        }
        if (rc == 0 && (ippon_board_read_version(st, &after, &names) != 0 ||
                        ippon_profiles_read_version(st, &profiles_after) != 0))
            rc = fail(st, err, errlen, "read rank_version");
        if (rc == 0 && sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
            rc = fail(st, err, errlen, "commit");
    }
    sqlite3_finalize(w.match);
    sqlite3_finalize(w.player);
    if (rc == 0) {
        /* the first match takes the board from `before` to `after`; the others add to it */
        for (int i = 0; i < n; i++)
            tell_board(st, recs[i], inserted[i], i == 0 ? before : after, after);
        tell_profiles(st, recs, inserted, n, &profiles_before, &profiles_after);
    }
    free(inserted);
    return rc;
}

int ippon_store_save_match(ippon_store *st, const ippon_table_record *rec, char *err, size_t errlen)
{
    return ippon_store_save_matches(st, &rec, 1, err, errlen);
}
