/*
 * store.c — the store (store.h) on its engine (sql.h): opening SQLite or PostgreSQL, the event
 * loop's reading connection, applying the numbered migrations, and what the store's codes mean
 * (ippon_store_strerror). Users and sessions are in store_users.c; matches, rankings,
 * leaderboards, admin changes and settings each in a store_*.c file sharing store_private.h.
 *
 * How migrations work: schema_migrations holds one row per applied file; migrations.c applies
 * each file not recorded yet inside one transaction with its row. On PostgreSQL, where several
 * nodes may start at once, the whole run (the creation of schema_migrations included: two
 * concurrent CREATE TABLE IF NOT EXISTS can collide) holds a session-level advisory lock, so a
 * second node finds what the first applied. A SQLite database is then marked as ippon's (its
 * application_id, db_check.h) if it is not yet: a new one, or one from before the mark.
 */
#include "store/store.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "base/wall_clock.h"
#include "store/db_check.h"
#include "store/migrations.h"
#include "store/private_files.h"
#include "store/rating_writes.h"
#include "store/season_writes.h"
#include "store/store_board.h"
#include "store/store_private.h"
#include "store/store_profiles.h"
#include "store/store_writer.h"

#define STORE_BUSY_TIMEOUT_MS 5000

/* ---- opening --------------------------------------------------------------------- */

/* mkdir -p of the folder holding path ("data/ippon.db" -> "data") */
int ippon_store_make_folder(const char *path, char *err, size_t errlen)
{
    char *dir = strdup(path);
    if (!dir) {
        snprintf(err, errlen, "%s: out of memory", path);
        return -1;
    }
    char *slash = strrchr(dir, '/');
    int rc = 0;
    if (slash && slash != dir) {
        *slash = '\0';
        for (char *p = dir + 1; rc == 0; p++) {
            if (*p != '/' && *p != '\0')
                continue;
            char saved = *p;
            *p = '\0';
            if (mkdir(dir, IPPON_PRIVATE_FOLDER_MODE) != 0 && errno != EEXIST) {
                snprintf(err, errlen, "%s: cannot create folder %s: %s", path, dir,
                         strerror(errno));
                rc = -1;
            }
            *p = saved;
            if (saved == '\0')
                break;
        }
    }
    free(dir);
    return rc;
}

int ippon_store_open(ippon_store **out, const char *where, char *err, size_t errlen)
{
    *out = NULL;
    bool postgres = ippon_sql_is_postgres(where);
    if (!postgres && strcmp(where, ":memory:") != 0 && ippon_store_make_folder(where, err, errlen) != 0)
        return -1;
    ippon_sql *db = NULL;
    if ((postgres ? ippon_sql_open_postgres(&db, where, err, errlen)
                  : ippon_sql_open_sqlite(&db, where, STORE_BUSY_TIMEOUT_MS, err, errlen)) != 0)
        return -1;
    ippon_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "%s: out of memory", postgres ? "PostgreSQL" : where);
        ippon_sql_close(db);
        return -1;
    }
    st->db = db;
    *out = st;
    return 0;
}

void ippon_store_close(ippon_store *st)
{
    if (!st)
        return;
    ippon_board_free(st->board); /* its prepared statements first */
    ippon_sql_finalize(st->match_insert);
    ippon_sql_finalize(st->player_insert);
    ippon_rating_writes_free(st->rating_writes);
    ippon_season_writes_free(st->season_writes);
    ippon_profiles_free(st->profiles);
    ippon_sql_close(st->db);
    free(st);
}

/* a reader's busy handler: never wait; count the refusal */
static void store_reader_busy(void *ctx)
{
    ippon_store *st = ctx;
    st->busy_hits++;
    st->busy_at_ms = ippon_mono_ms();
    if (st->busy_at_ms == 0)
        st->busy_at_ms = 1;
}

int ippon_store_make_reader(ippon_store *st)
{
    if (ippon_sql_make_reader(st->db, store_reader_busy, st) != 0) {
        ippon_store_failed(st, "make the event loop's connection a reader");
        return -1;
    }
#ifdef IPPON_TEST_HOOKS
    const char *fail_file = getenv("IPPON_TEST_READ_FAIL_FILE");
    st->read_fail_file = fail_file && *fail_file ? fail_file : NULL;
#endif
    return 0;
}

int ippon_store_reader_refuses(ippon_store *st)
{
#ifdef IPPON_TEST_HOOKS
    if (st->read_fail_file && access(st->read_fail_file, F_OK) == 0) {
        store_reader_busy(st);
        return 1;
    }
#else
    (void)st;
#endif
    return 0;
}

unsigned long ippon_store_busy_hits(const ippon_store *st, long long *last_ms)
{
    if (last_ms)
        *last_ms = st ? st->busy_at_ms : 0;
    return st ? st->busy_hits : 0;
}

unsigned long ippon_store_unreadable(const ippon_store *st, char *words, size_t wordslen)
{
    if (!st) {
        if (words && wordslen)
            words[0] = '\0';
        return 0;
    }
    return ippon_sql_unreadable_seen(st->db, words, wordslen);
}

void ippon_store_writes_in_flight(ippon_store *st, int delta)
{
    st->writes_in_flight += delta;
}

void ippon_store_caches_forget(ippon_store *st)
{
    ippon_board_forget(st);
    ippon_profiles_forget(st);
}

int ippon_store_backup(ippon_store *st, const char *dest, char *err, size_t errlen)
{
    if (ippon_sql_engine_of(st->db) != IPPON_SQL_SQLITE)
        return ippon_sql_backup(st->db, dest, err, errlen); /* which says to use pg_dump */
    int made = ippon_private_file_create(dest); /* 0600; SQLite copies into an empty file */
    if (made != 0) {
        if (made > 0)
            snprintf(err, errlen, "%s: already exists (a backup never replaces a file)", dest);
        else
            snprintf(err, errlen, "%s: cannot create the backup: %s", dest, strerror(errno));
        return -1;
    }
    if (ippon_sql_backup(st->db, dest, err, errlen) != 0) {
        unlink(dest); /* no half copy left behind */
        return -1;
    }
    return 0;
}

int ippon_store_ping(ippon_store *st)
{
    if (!st)
        return -1;
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, "SELECT 1");
    int ok = q && ippon_sql_step(q) == IPPON_SQL_ROW && ippon_sql_column_int(q, 0) == 1;
    ippon_sql_finalize(q);
    return ok ? 0 : -1;
}

/* ---- migrations (the files, their order and the run: migrations.h) ------------------------ */

#define PG_MIGRATIONS_LOCK "7245001" /* the advisory lock key of a migration run (any fixed number) */

/* a SQLite database's application_id set to ippon's (db_check.h), if it has none yet: 0, or -1 with err */
static int store_mark(ippon_store *st, char *err, size_t errlen)
{
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, "PRAGMA application_id");
    int64_t id = q && ippon_sql_step(q) == IPPON_SQL_ROW ? ippon_sql_column_int64(q, 0) : -1;
    ippon_sql_finalize(q);
    char sql[64];
    snprintf(sql, sizeof sql, "PRAGMA application_id = %d", IPPON_APPLICATION_ID);
    if (id < 0 || (id == 0 && ippon_sql_exec(st->db, sql) != 0)) {
        snprintf(err, errlen, "application_id: %s", ippon_sql_errmsg(st->db));
        return -1;
    }
    return 0;
}

int ippon_store_migrate(ippon_store *st, const char *dir, int *applied, char *err, size_t errlen)
{
    if (applied)
        *applied = 0;
    bool postgres = ippon_sql_engine_of(st->db) == IPPON_SQL_POSTGRES;
    if (postgres && ippon_sql_exec(st->db, "SELECT pg_advisory_lock(" PG_MIGRATIONS_LOCK ")") != 0) {
        snprintf(err, errlen, "migrations: %s", ippon_sql_errmsg(st->db));
        return -1;
    }
    int rc = ippon_sql_exec(st->db, postgres ? "CREATE TABLE IF NOT EXISTS schema_migrations ("
                                               " version BIGINT PRIMARY KEY,"
                                               " name TEXT NOT NULL,"
                                               " applied_at BIGINT NOT NULL)"
                                             : "CREATE TABLE IF NOT EXISTS schema_migrations ("
                                               " version INTEGER PRIMARY KEY,"
                                               " name TEXT NOT NULL,"
                                               " applied_at INTEGER NOT NULL)");
    if (rc != 0)
        snprintf(err, errlen, "schema_migrations: %s", ippon_sql_errmsg(st->db));
    else
        rc = ippon_migrations_run(dir, st->db, applied, err, errlen);
    if (postgres)
        ippon_sql_exec(st->db, "SELECT pg_advisory_unlock(" PG_MIGRATIONS_LOCK ")");
    else if (rc == 0)
        rc = store_mark(st, err, errlen);
    return rc;
}

static const ippon_error_row store_rows[] = { IPPON_STORE_ERRNO_MAP(IPPON_ERROR_ROW) };

const ippon_error_row *ippon_store_error_row(int code)
{
    return ippon_error_find(store_rows, (int)(sizeof store_rows / sizeof store_rows[0]), code);
}

const char *ippon_store_strerror(int code)
{
    const ippon_error_row *row = ippon_store_error_row(code);
    return row ? row->text : code == 0 ? "ok" : code == IPPON_FAILED ? "the database failed" : "unknown store error";
}
