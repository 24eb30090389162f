/*
 * store_private.h — the store's insides, shared by the store's own files only (store.c,
 * store_users.c, store_matches.c, store_rankings.c, store_board.c, ...). Nothing outside
 * the store includes this: the rest of the server sees only store.h.
 */
#ifndef IPPON_SERVER_STORE_PRIVATE_H
#define IPPON_SERVER_STORE_PRIVATE_H

#include <stdint.h>
#include <stdio.h>

#include "base/log.h"
#include "store/sql.h"
#include "store/store.h"

struct ippon_board;
struct ippon_profiles;
struct ippon_rating_writes;
struct ippon_season_writes;

struct ippon_store {
    ippon_sql *db;          /* SQLite or PostgreSQL (sql.h) */
    struct ippon_board *board; /* the leaderboards in memory (store_board.c); NULL until first used */
    struct ippon_profiles *profiles; /* profile replies kept (store_profiles.c); NULL until first used */
    ippon_sql_stmt *match_insert, *player_insert; /* a match write's two inserts (store_matches.c), kept
                                                   from the first write; finalized when the store closes */
    struct ippon_rating_writes *rating_writes; /* a match's rating statements (rating_writes.c), kept likewise */
    struct ippon_season_writes *season_writes; /* a match's season statements (season_writes.c), kept likewise */
    ippon_sql_failure last_error; /* the kind of the last failure noted (ippon_store_failed); IPPON_SQL_FINE: none */
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
 * Notes the failure the engine reports on the store's connection as the store's last (its kind is
 * how the writer tells a locked database from a full disk: store_writer.h) and logs it with what
 * was being done: at debug when another connection holds the database (the writer retries and
 * says so itself), else at error. Call it before anything else runs on the connection (a
 * ROLLBACK would replace the failure).
 */
static inline void ippon_store_failed(ippon_store *st, const char *what)
{
    ippon_sql_failure kind = ippon_sql_failure_of(st->db);
    st->last_error = kind ? kind : IPPON_SQL_REFUSED;
    snprintf(st->last_message, sizeof st->last_message, "%s", ippon_sql_errmsg(st->db));
    ippon_log(kind == IPPON_SQL_BUSY ? IPPON_LOG_DEBUG : IPPON_LOG_ERROR, "store: %s: %s", what, st->last_message);
}

/* runs SQL without results on the store's connection (COMMIT…): 0, or -1 noted and logged */
static inline int ippon_store_exec(ippon_store *st, const char *sql)
{
    if (ippon_sql_exec(st->db, sql) != 0) {
        ippon_store_failed(st, sql);
        return -1;
    }
    return 0;
}

/* begins a transaction that writes (sql.h: SQLite takes the write lock at once): 0, or -1 noted */
static inline int ippon_store_begin(ippon_store *st)
{
    if (ippon_sql_begin(st->db) != 0) {
        ippon_store_failed(st, "begin");
        return -1;
    }
    return 0;
}

/* ends the transaction ippon_store_begin began: commits if rc is 0, else rolls back. Returns rc, or
   -1 if the commit failed */
static inline int ippon_store_end(ippon_store *st, int rc)
{
    if (rc == 0 && ippon_store_exec(st, "COMMIT") == 0)
        return 0;
    ippon_sql_rollback(st->db);
    return rc == 0 ? -1 : rc;
}

/* a statement prepared on the store's connection, or NULL (the caller finalizes it) */
static inline ippon_sql_stmt *ippon_store_prepare(ippon_store *st, const char *sql)
{
    return ippon_sql_prepare(st->db, sql);
}

#endif
