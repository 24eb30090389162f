/*
 * store_matches.c — writing finished matches (store_matches.h).
 */
#include "store_matches.h"

#include <stdio.h>
#include <stdlib.h>

#include "store_private.h"

static int fail(ippon_store *st, char *err, size_t errlen, const char *what)
{
    snprintf(err, errlen, "%s: %s", what, sqlite3_errmsg(st->db));
    sqlite3_exec(st->db, "ROLLBACK", NULL, NULL, NULL);
    return -1;
}

static int insert_match(ippon_store *st, const ippon_table_record *r, char *err, size_t errlen)
{
    static const char sql[] =
        "INSERT OR IGNORE INTO matches (id, mode, rules, ranked, completed, started_at, ended_at, hands, seeds,"
        " actions, wins) VALUES (?,?,?,?,?,?,?,?,?,?,?)";
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
        return fail(st, err, errlen, "prepare matches");
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
    sqlite3_bind_text(q, 9, seeds ? seeds : "[]", -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 10, actions ? actions : "[]", -1, SQLITE_TRANSIENT);
    sqlite3_bind_text(q, 11, wins ? wins : "[]", -1, SQLITE_TRANSIENT);
    free(seeds);
    free(actions);
    free(wins);
    int rc = sqlite3_step(q);
    int inserted = sqlite3_changes(st->db);
    sqlite3_finalize(q);
    if (rc != SQLITE_DONE)
        return fail(st, err, errlen, "insert match");
    return inserted;
}

static int insert_players(ippon_store *st, const ippon_table_record *r, char *err, size_t errlen)
{
    static const char sql[] = "INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot, final_points,"
                              " result) VALUES (?,?,?,?,?,?,?)";
    sqlite3_stmt *q;
    if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK)
        return fail(st, err, errlen, "prepare match_players");
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
        if (sqlite3_step(q) != SQLITE_DONE) {
            sqlite3_finalize(q);
            return fail(st, err, errlen, "insert match player");
        }
        sqlite3_reset(q);
    }
    sqlite3_finalize(q);
    return 0;
}

int ippon_store_save_match(ippon_store *st, const ippon_table_record *rec, char *err, size_t errlen)
{
    if (sqlite3_exec(st->db, "BEGIN IMMEDIATE", NULL, NULL, NULL) != SQLITE_OK)
        return fail(st, err, errlen, "begin");
    int inserted = insert_match(st, rec, err, errlen);
    if (inserted < 0)
        return -1;
    if (inserted > 0 && insert_players(st, rec, err, errlen) < 0)
        return -1;
    if (sqlite3_exec(st->db, "COMMIT", NULL, NULL, NULL) != SQLITE_OK)
        return fail(st, err, errlen, "commit");
    return 0;
}
