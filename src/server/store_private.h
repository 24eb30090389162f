/*
 * store_private.h — the store's insides, shared by the store's own files only (store.c,
 * store_users.c, store_matches.c, store_rankings.c, store_board.c, ...). Nothing outside
 * the store includes this: the rest of the server sees only store.h.
 */
#ifndef IPPON_SERVER_STORE_PRIVATE_H
#define IPPON_SERVER_STORE_PRIVATE_H

#include <sqlite3.h>

#include "log.h"
#include "store.h"

struct ippon_board;
struct ippon_profiles;

struct ippon_store {
    sqlite3 *db;
    struct ippon_board *board; /* the leaderboards in memory (store_board.c); NULL until first used */
    struct ippon_profiles *profiles; /* profile replies kept (store_profiles.c); NULL until first used */
    sqlite3_stmt *match_insert, *player_insert; /* a match write's two inserts (store_matches.c), kept
                                                   from the first write; finalized when the store closes */
};

/* runs SQL without results on the store's connection (BEGIN, COMMIT…): 0, or -1 logged */
static inline int ippon_store_exec(ippon_store *st, const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK) {
        ippon_log_error("store: %s: %s", sql, msg ? msg : sqlite3_errmsg(st->db));
        sqlite3_free(msg);
        return -1;
    }
    return 0;
}

/* a statement prepared on the store's connection, or NULL (the caller finalizes it) */
static inline sqlite3_stmt *ippon_store_prepare(ippon_store *st, const char *sql)
{
    sqlite3_stmt *q = NULL;
    if (sqlite3_prepare_v2(st->db, sql, -1, &q, NULL) != SQLITE_OK) {
        sqlite3_finalize(q);
        return NULL;
    }
    return q;
}

#endif
