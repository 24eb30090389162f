/*
 * store_private.h — the store's insides, shared by the store's own files only (store.c,
 * store_users.c, store_matches.c, store_rankings.c, store_board.c, ...). Nothing outside
 * the store includes this: the rest of the server sees only store.h.
 */
#ifndef IPPON_SERVER_STORE_PRIVATE_H
#define IPPON_SERVER_STORE_PRIVATE_H

#include <sqlite3.h>
#include <stdint.h>
#include <stdio.h>

#include "base/log.h"
#include "store/store.h"

struct ippon_board;
struct ippon_profiles;

struct ippon_store {
    sqlite3 *db;
    struct ippon_board *board; /* the leaderboards in memory (store_board.c); NULL until first used */
    struct ippon_profiles *profiles; /* profile replies kept (store_profiles.c); NULL until first used */
    sqlite3_stmt *match_insert, *player_insert; /* a match write's two inserts (store_matches.c), kept
                                                   from the first write; finalized when the store closes */
    int last_error;          /* SQLite's extended code of the last failure noted (ippon_store_failed); 0: none */
    char last_message[160];  /* ... and its words */
    unsigned long busy_hits; /* a reader's statements that found the database locked (ippon_store_make_reader) */
    int64_t busy_at_ms;      /* when the last of them did (CLOCK_MONOTONIC ms) */
    int writes_in_flight;    /* match writes of this store's matches not yet told (ippon_store_writes_in_flight) */
    const char *read_fail_file; /* test builds: IPPON_TEST_READ_FAIL_FILE (ippon_store_make_reader) */
};

/*
 * Test builds (IPPON_TEST_HOOKS): does the reader refuse a read now, as a database locked by
 * another connection would (counted in busy_hits)? True while the file IPPON_TEST_READ_FAIL_FILE
 * names exists; always false in other builds. The session lookups ask it (store_users.c).
 */
int ippon_store_reader_refuses(ippon_store *st);

/*
 * Notes the failure SQLite reports on the store's connection as the store's last (its code is how
 * the writer tells a locked database from a full disk: store_writer.h) and logs it with what was
 * being done: at debug when another connection holds the database (the writer retries and says
 * so itself), else at error. Call it before anything else runs on the connection (a ROLLBACK
 * would replace the code).
 */
static inline void ippon_store_failed(ippon_store *st, const char *what)
{
    int code = sqlite3_extended_errcode(st->db);
    st->last_error = code ? code : SQLITE_ERROR;
    snprintf(st->last_message, sizeof st->last_message, "%s", sqlite3_errmsg(st->db));
    int busy = (code & 0xff) == SQLITE_BUSY || (code & 0xff) == SQLITE_LOCKED;
    ippon_log(busy ? IPPON_LOG_DEBUG : IPPON_LOG_ERROR, "store: %s: %s", what, st->last_message);
}

/* runs SQL without results on the store's connection (BEGIN, COMMIT…): 0, or -1 noted and logged */
static inline int ippon_store_exec(ippon_store *st, const char *sql)
{
    if (sqlite3_exec(st->db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        ippon_store_failed(st, sql);
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
