/*
 * sql.h — the store's connection to its database engine, one interface over two: SQLite (the
 * embedded default, sql_sqlite.c) and PostgreSQL (libpq, for a cluster's shared records,
 * sql_pg.c). The store's files (store_*.c) write their SQL once against this and run it on
 * either; what differs between the engines stays in the drivers:
 *
 *   - placeholders: the store writes SQLite's "?" and "?NNN"; the PostgreSQL driver turns them
 *     into "$N" (outside quotes and comments), numbering a bare "?" as SQLite does (one more
 *     than the largest so far);
 *   - values: integers are bound as 64-bit (PostgreSQL: int8), text as text, blobs as bytes
 *     (bytea). Read back, a PostgreSQL boolean ("t"/"f") is 1/0 as an integer, so the same
 *     SELECT reads the same on both;
 *   - transactions: ippon_sql_begin takes the write lock at once on SQLite (BEGIN IMMEDIATE:
 *     writers one at a time) and is a plain BEGIN on PostgreSQL (rows are locked as written);
 *     ippon_sql_begin_read is one snapshot on both;
 *   - failures: each engine's codes are sorted into the few kinds the store acts on
 *     (ippon_sql_failure): try again soon, the disk cannot take writes, the file cannot be read
 *     (damaged), a unique key repeats, or the statement was refused; a connection counts its
 *     reads that found the file unreadable (ippon_sql_unreadable_seen).
 *
 * The SQL itself must mean the same on both: the store keeps to what both engines share
 * (INSERT ... ON CONFLICT, RETURNING, COALESCE, CASE; no scalar max(a, b), no LIKE without
 * lower()). A connection is used by one thread at a time. Calls on a statement after a failure
 * are harmless; the failure is the connection's (ippon_sql_failure_of, ippon_sql_errmsg) until
 * the next one.
 */
#ifndef IPPON_SERVER_SQL_H
#define IPPON_SERVER_SQL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct ippon_sql ippon_sql;
typedef struct ippon_sql_stmt ippon_sql_stmt;

typedef enum { IPPON_SQL_SQLITE, IPPON_SQL_POSTGRES } ippon_sql_engine;

/* what ippon_sql_step returns */
#define IPPON_SQL_DONE 0   /* the statement ran to its end */
#define IPPON_SQL_ROW 1    /* a row is ready to read */
#define IPPON_SQL_ERROR -1 /* it failed: see ippon_sql_failure_of */

/* the kinds of failure the store tells apart */
typedef enum {
    IPPON_SQL_FINE = 0,   /* no failure */
    IPPON_SQL_BUSY,       /* another connection holds what was needed, or the engine is briefly away: try again */
    IPPON_SQL_UNWRITABLE, /* the database cannot take writes (disk full, read-only, an I/O error writing) */
    IPPON_SQL_UNREADABLE, /* the database file cannot be read: a damaged page, not a database, an I/O error reading */
    IPPON_SQL_UNIQUE,     /* a unique key or primary key would repeat */
    IPPON_SQL_REFUSED,    /* anything else: the statement or its values were refused */
} ippon_sql_failure;

/*
 * Whether a store location names PostgreSQL: a libpq connection URI ("postgresql://..." or
 * "postgres://..."). Anything else is a SQLite database file.
 */
bool ippon_sql_is_postgres(const char *where);

/*
 * Open a SQLite database file (":memory:": a private one), in WAL mode with a busy timeout of
 * busy_ms and foreign keys enforced; the file's folder must exist. 0, or -1 with err naming path.
 */
int ippon_sql_open_sqlite(ippon_sql **out, const char *path, int busy_ms, char *err, size_t errlen);

/*
 * Open an existing SQLite database file to read only, as it is: nothing is written to it, not even
 * the journal mode (a start-up check looks at a file before the server takes it: db_check.h). 0, or
 * -1 with err naming path.
 */
int ippon_sql_open_sqlite_readonly(ippon_sql **out, const char *path, char *err, size_t errlen);

/* connect to PostgreSQL at uri: 0, or -1 with err giving libpq's reason (never the password) */
int ippon_sql_open_postgres(ippon_sql **out, const char *uri, char *err, size_t errlen);

/* close the connection (db may be NULL): 0, or -1 if the engine reported a failure closing */
int ippon_sql_close(ippon_sql *db);

ippon_sql_engine ippon_sql_engine_of(const ippon_sql *db);

/* a statement prepared on db, or NULL (the failure noted) */
ippon_sql_stmt *ippon_sql_prepare(ippon_sql *db, const char *sql);

/* bind value to parameter i (1-based) until the next bind of i or ippon_sql_clear_bindings; text
   and blobs are copied; a NULL text binds NULL */
void ippon_sql_bind_int64(ippon_sql_stmt *q, int i, int64_t value);
void ippon_sql_bind_text(ippon_sql_stmt *q, int i, const char *text);
void ippon_sql_bind_blob(ippon_sql_stmt *q, int i, const void *bytes, size_t n);
void ippon_sql_bind_null(ippon_sql_stmt *q, int i);
/* a double, read back the same bit for bit on both engines (SQLite REAL; PostgreSQL double precision,
   sent and read as the shortest decimal that gives the same double) */
void ippon_sql_bind_double(ippon_sql_stmt *q, int i, double value);

/* run the statement or move to its next row: IPPON_SQL_ROW, IPPON_SQL_DONE or IPPON_SQL_ERROR */
int ippon_sql_step(ippon_sql_stmt *q);

/* column col (0-based) of the current row. Text is NULL for SQL NULL and lives until the next
   step, reset or finalize; an integer of NULL is 0 */
int64_t ippon_sql_column_int64(ippon_sql_stmt *q, int col);
int ippon_sql_column_int(ippon_sql_stmt *q, int col);
const char *ippon_sql_column_text(ippon_sql_stmt *q, int col);
bool ippon_sql_column_is_null(ippon_sql_stmt *q, int col);
/* column col as a double (0 for NULL) */
double ippon_sql_column_double(ippon_sql_stmt *q, int col);
/* how many columns the statement's rows have (after the first step on PostgreSQL) */
int ippon_sql_column_count(ippon_sql_stmt *q);

/* make q ready to run again (its bindings kept); clear its bindings (all NULL); free it (q may be NULL) */
void ippon_sql_reset(ippon_sql_stmt *q);
void ippon_sql_clear_bindings(ippon_sql_stmt *q);
void ippon_sql_finalize(ippon_sql_stmt *q);

/* run sql, one or more statements without parameters whose rows are not wanted: 0 or -1 */
int ippon_sql_exec(ippon_sql *db, const char *sql);

/* transactions: begin one that writes; begin one that only reads, from one snapshot; commit;
   roll back the open one if any (no failure noted: it keeps the one that made it roll back) */
int ippon_sql_begin(ippon_sql *db);
int ippon_sql_begin_read(ippon_sql *db);
int ippon_sql_commit(ippon_sql *db);
void ippon_sql_rollback(ippon_sql *db);
bool ippon_sql_in_transaction(ippon_sql *db);

/* rows inserted, changed or deleted by the last statement that ran to its end */
int64_t ippon_sql_changes(ippon_sql *db);

/* the last failure on db: its kind and the engine's words ("" if none) */
ippon_sql_failure ippon_sql_failure_of(const ippon_sql *db);
const char *ippon_sql_errmsg(const ippon_sql *db);

/*
 * How many failures on db were IPPON_SQL_UNREADABLE (reads that found a damaged page or an I/O
 * error), since it was opened; words (if not NULL) gets the first one's engine words ("" if none).
 * The event loop's health asks its reading connection (db_health.h).
 */
unsigned long ippon_sql_unreadable_seen(const ippon_sql *db, char *words, size_t wordslen);

/* note a failure of the caller's own on db (test builds' injected failures) */
void ippon_sql_note_failure(ippon_sql *db, ippon_sql_failure kind, const char *message);

/* SQLite: how long a statement waits for another connection's lock before failing busy;
   PostgreSQL: nothing (a statement waits for the rows it needs) */
void ippon_sql_set_busy_wait(ippon_sql *db, int ms);

/*
 * Make db a connection that only reads and never waits: SQLite's busy handler becomes
 * on_busy(ctx), which counts the refusal (a read that finds the database locked fails at once),
 * and this connection never checkpoints the log. PostgreSQL: nothing to do (its reads never wait
 * for writers). 0 or -1.
 */
int ippon_sql_make_reader(ippon_sql *db, void (*on_busy)(void *ctx), void *ctx);

/*
 * An alarm on db: once ms milliseconds pass, what runs on db is interrupted (SQLite:
 * sqlite3_interrupt from a thread of the alarm's own, again every 10 ms until cancelled), and fails
 * as IPPON_SQL_BUSY ("interrupted").
 * Cancel it when the work is done: ippon_sql_alarm_cancel waits for its thread and says whether it
 * went off. NULL if it cannot be set (out of threads; or PostgreSQL: not needed there).
 */
typedef struct ippon_sql_alarm ippon_sql_alarm;
ippon_sql_alarm *ippon_sql_alarm_set(ippon_sql *db, int ms);
bool ippon_sql_alarm_cancel(ippon_sql_alarm *alarm);

/* a consistent copy of the whole database into the new file dest (SQLite's VACUUM INTO); on
   PostgreSQL -1 with err saying to use pg_dump. 0, or -1 with err */
int ippon_sql_backup(ippon_sql *db, const char *dest, char *err, size_t errlen);

/* SQLite's result code (extended or primary) sorted into a kind; for the driver and its tests */
ippon_sql_failure ippon_sql_failure_of_sqlite(int code);

#endif
