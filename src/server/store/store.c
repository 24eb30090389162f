/*
 * store.c — SQLite behind the store interface (see store.h): opening the database, the event
 * loop's reading connection, applying the numbered migrations, and what the store's codes
 * mean (ippon_store_strerror). Users and sessions are in
 * store_users.c; matches, rankings, leaderboards, admin changes and settings each in a
 * store_*.c file sharing store_private.h.
 *
 * How migrations work: schema_migrations holds one row per applied file. ippon_store_migrate
 * lists the folder, parses each NNNN_name.sql into (version, file name), sorts by version,
 * and for each version without a row runs BEGIN IMMEDIATE; the file's SQL; the INSERT of
 * its row; COMMIT — and on any error ROLLBACK, so a migration is applied entirely or not
 * at all. SQLite's DDL is transactional, which is what makes this safe.
 */
#include "store/store.h"

#include <dirent.h>
#include <errno.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/log.h"
#include "store/migrations.h"
#include "store/store_board.h"
#include "store/store_profiles.h"
#include "store/store_private.h"
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
            if (mkdir(dir, 0755) != 0 && errno != EEXIST) {
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

/* run one statement that returns at most one text value (PRAGMAs); copy it into out */
static int store_pragma(sqlite3 *db, const char *sql, char *out, size_t outlen)
{
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        return -1;
    int rc = sqlite3_step(stmt);
    if (out && outlen) {
        const unsigned char *text = rc == SQLITE_ROW ? sqlite3_column_text(stmt, 0) : NULL;
        snprintf(out, outlen, "%s", text ? (const char *)text : "");
    }
    sqlite3_finalize(stmt);
    return rc == SQLITE_ROW || rc == SQLITE_DONE ? 0 : -1;
}

int ippon_store_open(ippon_store **out, const char *path, char *err, size_t errlen)
{
    *out = NULL;
    int in_memory = strcmp(path, ":memory:") == 0;
    if (!in_memory && ippon_store_make_folder(path, err, errlen) != 0)
        return -1;

    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) !=
        SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot open database: %s", path,
                 db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return -1;
    }
    sqlite3_busy_timeout(db, STORE_BUSY_TIMEOUT_MS);

    char mode[16];
    if (store_pragma(db, "PRAGMA journal_mode=WAL", mode, sizeof mode) != 0 ||
        store_pragma(db, "PRAGMA synchronous=NORMAL", NULL, 0) != 0 ||
        store_pragma(db, "PRAGMA foreign_keys=ON", NULL, 0) != 0) {
        snprintf(err, errlen, "%s: cannot use database: %s", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    if (!in_memory && strcmp(mode, "wal") != 0)
        ippon_log_warn("%s: journal mode is %s, not wal", path, mode);

    ippon_store *st = calloc(1, sizeof *st);
    if (!st) {
        snprintf(err, errlen, "%s: out of memory", path);
        sqlite3_close(db);
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
    sqlite3_finalize(st->match_insert);
    sqlite3_finalize(st->player_insert);
    ippon_profiles_free(st->profiles);
    if (sqlite3_close(st->db) != SQLITE_OK)
        ippon_log_error("closing the database: %s", sqlite3_errmsg(st->db));
    free(st);
}

/* a reader's busy handler: never wait; count the refusal */
static int store_reader_busy(void *ctx, int tries)
{
    (void)tries;
    ippon_store *st = ctx;
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    st->busy_hits++;
    st->busy_at_ms = (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
    if (st->busy_at_ms == 0)
        st->busy_at_ms = 1;
    return 0;
}

int ippon_store_make_reader(ippon_store *st)
{
    if (sqlite3_busy_handler(st->db, store_reader_busy, st) != SQLITE_OK ||
        store_pragma(st->db, "PRAGMA wal_autocheckpoint=0", NULL, 0) != 0) {
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
        store_reader_busy(st, 0);
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
    struct stat sb;
    if (stat(dest, &sb) == 0 || errno != ENOENT) {
        snprintf(err, errlen, "%s: already exists (a backup never replaces a file)", dest);
        return -1;
    }
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(st->db, "VACUUM INTO ?1", -1, &q, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(q, 1, dest, -1, SQLITE_STATIC);
        rc = sqlite3_step(q);
    }
    if (rc != SQLITE_DONE) {
        snprintf(err, errlen, "%s: the backup failed: %s", dest, sqlite3_errmsg(st->db));
        sqlite3_finalize(q);
        unlink(dest); /* no half copy left behind */
        return -1;
    }
    sqlite3_finalize(q);
    return 0;
}

int ippon_store_ping(ippon_store *st)
{
    if (!st)
        return -1;
    sqlite3_stmt *stmt = NULL;
    int ok = sqlite3_prepare_v2(st->db, "SELECT 1", -1, &stmt, NULL) == SQLITE_OK &&
             sqlite3_step(stmt) == SQLITE_ROW && sqlite3_column_int(stmt, 0) == 1;
    sqlite3_finalize(stmt);
    return ok ? 0 : -1;
}

/* ---- migrations (the files and their order: migrations.h) ------------------------ */

/* the name recorded for version, copied into out; 1 if found, 0 if not, -1 on error */
static int migration_recorded(void *ctx, long long version, char *out, size_t outlen)
{
    sqlite3 *db = ctx;
    sqlite3_stmt *stmt = NULL;
    if (sqlite3_prepare_v2(db, "SELECT name FROM schema_migrations WHERE version = ?", -1, &stmt,
                           NULL) != SQLITE_OK)
        return -1;
    sqlite3_bind_int64(stmt, 1, version);
    int rc = sqlite3_step(stmt);
    int found = -1;
    if (rc == SQLITE_ROW) {
        snprintf(out, outlen, "%s", (const char *)sqlite3_column_text(stmt, 0));
        found = 1;
    } else if (rc == SQLITE_DONE) {
        found = 0;
    }
    sqlite3_finalize(stmt);
    return found;
}

/* run one migration file's sql inside a transaction with its schema_migrations row */
static int migration_apply(void *ctx, const char *path, const char *sql, const ippon_migration *m, char *err,
                           size_t errlen)
{
    sqlite3 *db = ctx;
    char *msg = NULL;
    int rc = sqlite3_exec(db, "BEGIN IMMEDIATE", NULL, NULL, &msg);
    if (rc == SQLITE_OK) {
        rc = sqlite3_exec(db, sql, NULL, NULL, &msg);
        if (rc == SQLITE_OK && sqlite3_get_autocommit(db)) {
            /* the file ended the transaction itself: its effects can no longer be undone */
            snprintf(err, errlen, "%s: a migration must not contain BEGIN, COMMIT or ROLLBACK",
                     path);
            return -1;
        }
    }
    if (rc == SQLITE_OK) {
        sqlite3_stmt *stmt = NULL;
        rc = sqlite3_prepare_v2(
            db, "INSERT INTO schema_migrations(version, name, applied_at) VALUES (?, ?, ?)", -1,
            &stmt, NULL);
        if (rc == SQLITE_OK) {
            sqlite3_bind_int64(stmt, 1, m->version);
            sqlite3_bind_text(stmt, 2, m->name, -1, SQLITE_STATIC);
            sqlite3_bind_int64(stmt, 3, (sqlite3_int64)time(NULL));
            rc = sqlite3_step(stmt) == SQLITE_DONE ? SQLITE_OK : SQLITE_ERROR;
        }
        sqlite3_finalize(stmt);
        if (rc == SQLITE_OK)
            rc = sqlite3_exec(db, "COMMIT", NULL, NULL, &msg);
    }
    if (rc != SQLITE_OK) {
        snprintf(err, errlen, "%s: %s (migration rolled back)", path,
                 msg ? msg : sqlite3_errmsg(db));
        if (!sqlite3_get_autocommit(db))
            sqlite3_exec(db, "ROLLBACK", NULL, NULL, NULL);
    }
    sqlite3_free(msg);
    return rc == SQLITE_OK ? 0 : -1;
}

static const char *migration_error(void *ctx)
{
    return sqlite3_errmsg(ctx);
}

int ippon_store_migrate(ippon_store *st, const char *dir, int *applied, char *err, size_t errlen)
{
    if (applied)
        *applied = 0;
    char *msg = NULL;
    if (sqlite3_exec(st->db,
                     "CREATE TABLE IF NOT EXISTS schema_migrations ("
                     " version INTEGER PRIMARY KEY,"
                     " name TEXT NOT NULL,"
                     " applied_at INTEGER NOT NULL)",
                     NULL, NULL, &msg) != SQLITE_OK) {
        snprintf(err, errlen, "schema_migrations: %s", msg ? msg : sqlite3_errmsg(st->db));
        sqlite3_free(msg);
        return -1;
    }

    const ippon_migration_engine sqlite = {st->db, migration_recorded, migration_apply, migration_error};
    return ippon_migrations_run(dir, &sqlite, applied, err, errlen);
}

const char *ippon_store_strerror(int code)
{
    switch (code) {
    case 0: return "ok";
    case -1: return "the database failed";
    case IPPON_STORE_NOT_FOUND: return "no such row";
    case IPPON_STORE_CONFLICT: return "a unique name is taken";
    case IPPON_WRITE_UNAVAILABLE: return "the database could not take the write in time";
    case IPPON_WRITE_STOPPED: return "the store writer stopped before the write";
    default: return "unknown store error";
    }
}
