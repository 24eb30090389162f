/*
 * sql_sqlite.c — SQLite behind sql.h: the embedded engine of a single server. A statement is a
 * sqlite3_stmt; text and blobs are bound as copies (SQLITE_TRANSIENT); a failure is noted from
 * SQLite's extended code, sorted by ippon_sql_failure_of_sqlite. The connection runs in WAL mode
 * (readers never wait for the writer) with foreign keys on.
 */
#include <errno.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "base/log.h"
#include "store/private_files.h"
#include "store/sql_driver.h"

typedef struct {
    ippon_sql head;
    sqlite3 *db;
    void (*on_busy)(void *ctx); /* a reader's: counts a refusal (ippon_sql_make_reader) */
    void *busy_ctx;
} lite_conn;

typedef struct {
    ippon_sql_stmt head;
    sqlite3_stmt *q;
} lite_stmt;

static lite_conn *conn_of(ippon_sql *db)
{
    return (lite_conn *)db;
}

static sqlite3_stmt *stmt_of(ippon_sql_stmt *q)
{
    return ((lite_stmt *)q)->q;
}

ippon_sql_failure ippon_sql_failure_of_sqlite(int code)
{
    switch (code & 0xff) {
    case SQLITE_OK:
    case SQLITE_ROW:
    case SQLITE_DONE:
        return IPPON_SQL_FINE;
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
    case SQLITE_NOMEM:
    case SQLITE_INTERRUPT:
    case SQLITE_PROTOCOL:
        return IPPON_SQL_BUSY;
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
        return IPPON_SQL_UNREADABLE;
    case SQLITE_IOERR:
        return code == SQLITE_IOERR_READ || code == SQLITE_IOERR_SHORT_READ ? IPPON_SQL_UNREADABLE
                                                                            : IPPON_SQL_UNWRITABLE;
    case SQLITE_FULL:
    case SQLITE_READONLY:
    case SQLITE_CANTOPEN:
    case SQLITE_PERM:
    case SQLITE_NOLFS:
        return IPPON_SQL_UNWRITABLE;
    case SQLITE_CONSTRAINT:
        return code == SQLITE_CONSTRAINT_UNIQUE || code == SQLITE_CONSTRAINT_PRIMARYKEY ? IPPON_SQL_UNIQUE
                                                                                      : IPPON_SQL_REFUSED;
    default:
        return IPPON_SQL_REFUSED;
    }
}

/* note the connection's last failure (before anything else runs on it) */
static void lite_failed(lite_conn *c)
{
    int code = sqlite3_extended_errcode(c->db);
    ippon_sql_failure kind = ippon_sql_failure_of_sqlite(code);
    ippon_sql_note_failure(&c->head, kind == IPPON_SQL_FINE ? IPPON_SQL_REFUSED : kind, sqlite3_errmsg(c->db));
}

static ippon_sql_stmt *lite_prepare(ippon_sql *db, const char *sql)
{
    lite_conn *c = conn_of(db);
    lite_stmt *s = calloc(1, sizeof *s);
    if (!s) {
        ippon_sql_note_failure(db, IPPON_SQL_BUSY, "out of memory");
        return NULL;
    }
    if (sqlite3_prepare_v2(c->db, sql, -1, &s->q, NULL) != SQLITE_OK) {
        lite_failed(c);
        sqlite3_finalize(s->q);
        free(s);
        return NULL;
    }
    s->head.db = db;
    return &s->head;
}

static void lite_bound(ippon_sql_stmt *q, int rc)
{
    if (rc != SQLITE_OK)
        lite_failed(conn_of(q->db));
}

static void lite_bind_int64(ippon_sql_stmt *q, int i, int64_t value)
{
    lite_bound(q, sqlite3_bind_int64(stmt_of(q), i, value));
}

static void lite_bind_double(ippon_sql_stmt *q, int i, double value)
{
    lite_bound(q, sqlite3_bind_double(stmt_of(q), i, value));
}

static void lite_bind_text(ippon_sql_stmt *q, int i, const char *text)
{
    lite_bound(q, sqlite3_bind_text(stmt_of(q), i, text, -1, SQLITE_TRANSIENT));
}

static void lite_bind_blob(ippon_sql_stmt *q, int i, const void *bytes, size_t n)
{
    lite_bound(q, sqlite3_bind_blob64(stmt_of(q), i, bytes, n, SQLITE_TRANSIENT));
}

static void lite_bind_null(ippon_sql_stmt *q, int i)
{
    lite_bound(q, sqlite3_bind_null(stmt_of(q), i));
}

static int lite_step(ippon_sql_stmt *q)
{
    lite_conn *c = conn_of(q->db);
    int rc = sqlite3_step(stmt_of(q));
    if (rc == SQLITE_ROW)
        return IPPON_SQL_ROW;
    if (rc == SQLITE_DONE) {
        if (!sqlite3_stmt_readonly(stmt_of(q)))
            c->head.changes = sqlite3_changes64(c->db);
        return IPPON_SQL_DONE;
    }
    lite_failed(c);
    return IPPON_SQL_ERROR;
}

static int64_t lite_column_int64(ippon_sql_stmt *q, int col)
{
    return sqlite3_column_int64(stmt_of(q), col);
}

static double lite_column_double(ippon_sql_stmt *q, int col)
{
    return sqlite3_column_double(stmt_of(q), col);
}

static const char *lite_column_text(ippon_sql_stmt *q, int col)
{
    return (const char *)sqlite3_column_text(stmt_of(q), col);
}

static bool lite_column_is_null(ippon_sql_stmt *q, int col)
{
    return sqlite3_column_type(stmt_of(q), col) == SQLITE_NULL;
}

static int lite_column_count(ippon_sql_stmt *q)
{
    return sqlite3_column_count(stmt_of(q));
}

static void lite_reset(ippon_sql_stmt *q)
{
    sqlite3_reset(stmt_of(q));
}

static void lite_clear_bindings(ippon_sql_stmt *q)
{
    sqlite3_clear_bindings(stmt_of(q));
}

static void lite_finalize(ippon_sql_stmt *q)
{
    sqlite3_finalize(stmt_of(q));
    free(q);
}

static int lite_exec(ippon_sql *db, const char *sql)
{
    lite_conn *c = conn_of(db);
    if (sqlite3_exec(c->db, sql, NULL, NULL, NULL) != SQLITE_OK) {
        lite_failed(c);
        return -1;
    }
    c->head.changes = sqlite3_changes64(c->db);
    return 0;
}

static bool lite_in_transaction(ippon_sql *db)
{
    return !sqlite3_get_autocommit(conn_of(db)->db);
}

static int lite_close(ippon_sql *db)
{
    lite_conn *c = conn_of(db);
    int rc = 0;
    if (sqlite3_close(c->db) != SQLITE_OK) {
        ippon_log_error("closing the database: %s", sqlite3_errmsg(c->db));
        rc = -1;
    }
    free(c);
    return rc;
}

static const ippon_sql_ops lite_ops = {
    .prepare = lite_prepare,
    .bind_int64 = lite_bind_int64,
    .bind_double = lite_bind_double,
    .bind_text = lite_bind_text,
    .bind_blob = lite_bind_blob,
    .bind_null = lite_bind_null,
    .step = lite_step,
    .column_int64 = lite_column_int64,
    .column_double = lite_column_double,
    .column_text = lite_column_text,
    .column_is_null = lite_column_is_null,
    .column_count = lite_column_count,
    .reset = lite_reset,
    .clear_bindings = lite_clear_bindings,
    .finalize = lite_finalize,
    .exec = lite_exec,
    .in_transaction = lite_in_transaction,
    .close = lite_close,
    .begin_sql = "BEGIN IMMEDIATE",
    .begin_read_sql = "BEGIN",
};

/* run one statement that returns at most one text value (PRAGMAs); copy it into out */
static int lite_pragma(sqlite3 *db, const char *sql, char *out, size_t outlen)
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

/* db as a connection behind sql.h: 0, or -1 (db closed) with err naming path */
static int lite_wrap(ippon_sql **out, sqlite3 *db, const char *path, char *err, size_t errlen)
{
    lite_conn *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "%s: out of memory", path);
        sqlite3_close(db);
        return -1;
    }
    c->head.ops = &lite_ops;
    c->head.engine = IPPON_SQL_SQLITE;
    c->db = db;
    *out = &c->head;
    return 0;
}

int ippon_sql_open_sqlite(ippon_sql **out, const char *path, int busy_ms, char *err, size_t errlen)
{
    *out = NULL;
    sqlite3 *db = NULL;
    /* a new database is made here, 0600: SQLite would make it 0644 and its -wal and -shm alike (an
       existing one is left as it is; a failure here is SQLite's to report) */
    if (strcmp(path, ":memory:") != 0)
        (void)ippon_private_file_create(path);
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot open database: %s", path, db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return -1;
    }
    sqlite3_busy_timeout(db, busy_ms);

    char mode[16];
    if (lite_pragma(db, "PRAGMA journal_mode=WAL", mode, sizeof mode) != 0 ||
        lite_pragma(db, "PRAGMA synchronous=NORMAL", NULL, 0) != 0 ||
        lite_pragma(db, "PRAGMA foreign_keys=ON", NULL, 0) != 0) {
        snprintf(err, errlen, "%s: cannot use database: %s", path, sqlite3_errmsg(db));
        sqlite3_close(db);
        return -1;
    }
    if (strcmp(path, ":memory:") != 0 && strcmp(mode, "wal") != 0)
        ippon_log_warn("%s: journal mode is %s, not wal", path, mode);
    return lite_wrap(out, db, path, err, errlen);
}

int ippon_sql_open_sqlite_readonly(ippon_sql **out, const char *path, char *err, size_t errlen)
{
    *out = NULL;
    sqlite3 *db = NULL;
    if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        snprintf(err, errlen, "%s: cannot open database: %s", path, db ? sqlite3_errmsg(db) : "out of memory");
        sqlite3_close(db);
        return -1;
    }
    return lite_wrap(out, db, path, err, errlen);
}

void ippon_sql_set_busy_wait(ippon_sql *db, int ms)
{
    if (db->engine == IPPON_SQL_SQLITE)
        sqlite3_busy_timeout(conn_of(db)->db, ms);
}

/* a reader's busy handler: never wait; count the refusal */
static int lite_reader_busy(void *ctx, int tries)
{
    (void)tries;
    lite_conn *c = ctx;
    c->on_busy(c->busy_ctx);
    return 0;
}

int ippon_sql_make_reader(ippon_sql *db, void (*on_busy)(void *ctx), void *ctx)
{
    if (db->engine != IPPON_SQL_SQLITE)
        return 0;
    lite_conn *c = conn_of(db);
    c->on_busy = on_busy;
    c->busy_ctx = ctx;
    if (sqlite3_busy_handler(c->db, lite_reader_busy, c) != SQLITE_OK ||
        lite_pragma(c->db, "PRAGMA wal_autocheckpoint=0", NULL, 0) != 0) {
        lite_failed(c);
        return -1;
    }
    return 0;
}

int ippon_sql_backup(ippon_sql *db, const char *dest, char *err, size_t errlen)
{
    if (db->engine != IPPON_SQL_SQLITE) {
        snprintf(err, errlen, "%s: the records are in PostgreSQL: back them up with pg_dump", dest);
        return -1;
    }
    lite_conn *c = conn_of(db);
    sqlite3_stmt *q = NULL;
    int rc = sqlite3_prepare_v2(c->db, "VACUUM INTO ?1", -1, &q, NULL);
    if (rc == SQLITE_OK) {
        sqlite3_bind_text(q, 1, dest, -1, SQLITE_STATIC);
        rc = sqlite3_step(q);
    }
    if (rc != SQLITE_DONE) {
        snprintf(err, errlen, "%s: the backup failed: %s", dest, sqlite3_errmsg(c->db));
        sqlite3_finalize(q);
        return -1;
    }
    sqlite3_finalize(q);
    return 0;
}

/* ---- alarms (sql.h) ---------------------------------------------------------------------- */

struct ippon_sql_alarm {
    sqlite3 *db;
    struct timespec due; /* CLOCK_MONOTONIC, as the condition variable's deadline takes it (a timespec,
                            not ippon_mono_ms's milliseconds) */
    pthread_t thread;
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool cancelled, fired;
};

#define ALARM_REPEAT_NS 10000000L /* an interrupt is repeated this often (10 ms) until the alarm is cancelled */

/* due moved on by ns */
static void alarm_later(struct timespec *due, long ns)
{
    due->tv_nsec += ns;
    while (due->tv_nsec >= 1000000000L) {
        due->tv_sec++;
        due->tv_nsec -= 1000000000L;
    }
}

/* from the due time on, sqlite3_interrupt every ALARM_REPEAT_NS until cancelled: an interrupt that
   comes while no statement runs yet is forgotten by SQLite when the next one starts */
static void *alarm_thread(void *arg)
{
    ippon_sql_alarm *a = arg;
    pthread_mutex_lock(&a->lock);
    while (!a->cancelled) {
        if (pthread_cond_timedwait(&a->wake, &a->lock, &a->due) != ETIMEDOUT)
            continue;
        a->fired = true;
        sqlite3_interrupt(a->db);
        alarm_later(&a->due, ALARM_REPEAT_NS);
    }
    pthread_mutex_unlock(&a->lock);
    return NULL;
}

ippon_sql_alarm *ippon_sql_alarm_set(ippon_sql *db, int ms)
{
    if (db->engine != IPPON_SQL_SQLITE)
        return NULL;
    ippon_sql_alarm *a = calloc(1, sizeof *a);
    if (!a)
        return NULL;
    a->db = conn_of(db)->db;
    clock_gettime(CLOCK_MONOTONIC, &a->due);
    a->due.tv_sec += ms / 1000;
    alarm_later(&a->due, (long)(ms % 1000) * 1000000L);
    pthread_condattr_t attr;
    pthread_condattr_init(&attr);
    pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
    pthread_cond_init(&a->wake, &attr);
    pthread_condattr_destroy(&attr);
    pthread_mutex_init(&a->lock, NULL);
    if (pthread_create(&a->thread, NULL, alarm_thread, a) != 0) {
        pthread_cond_destroy(&a->wake);
        pthread_mutex_destroy(&a->lock);
        free(a);
        return NULL;
    }
    return a;
}

bool ippon_sql_alarm_cancel(ippon_sql_alarm *a)
{
    if (!a)
        return false;
    pthread_mutex_lock(&a->lock);
    a->cancelled = true;
    pthread_cond_signal(&a->wake);
    pthread_mutex_unlock(&a->lock);
    pthread_join(a->thread, NULL);
    bool fired = a->fired;
    pthread_cond_destroy(&a->wake);
    pthread_mutex_destroy(&a->lock);
    free(a);
    return fired;
}
