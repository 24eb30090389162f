/*
 * db_check.c — the start-up check of the SQLite database's contents (db_check.h): whose file it
 * is (application_id, schema_migrations) and whether it is whole (quick_check), on a read-only
 * connection.
 */
#include "store/db_check.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "base/log.h"
#include "base/wall_clock.h"
#include "store/migrations.h"
#include "store/sql.h"

#define QUICK_CHECK_FINDINGS 5 /* quick_check's findings quoted at most */
#define BUSY_WAIT_MS 5000      /* how long a read waits for another program's lock (the store's own wait) */

#define RESTORE_HINT                                                                                          \
    "the server will not start on it; restore a backup: move the database and its -wal and -shm files "     \
    "away and copy the latest `ippon backup` copy in its place (README.md, \"Backups\")"
#define FOREIGN_HINT "the server will not touch it; name ippon's own database (key \"database\" or --db)"

/* the integer the statement sql answers into *out: 0, or -1 (the failure noted on db) */
static int read_integer(ippon_sql *db, const char *sql, int64_t *out)
{
    ippon_sql_stmt *q = ippon_sql_prepare(db, sql);
    int rc = q && ippon_sql_step(q) == IPPON_SQL_ROW ? 0 : -1;
    if (rc == 0)
        *out = ippon_sql_column_int64(q, 0);
    ippon_sql_finalize(q);
    return rc;
}

/* the file could not be read: damaged (or not a database), or held by another program */
static int unreadable(ippon_sql *db, const char *path, char *err, size_t errlen)
{
    if (ippon_sql_failure_of(db) == IPPON_SQL_UNREADABLE)
        snprintf(err, errlen, "%s: the database cannot be read (%s): it is damaged or not a database; " RESTORE_HINT,
                 path, ippon_sql_errmsg(db));
    else
        snprintf(err, errlen, "%s: the database cannot be read now (%s); start again once nothing else holds it",
                 path, ippon_sql_errmsg(db));
    return -1;
}

/* is the database ippon's? 0, or -1 with err */
static int check_owner(ippon_sql *db, const char *path, const char *migrations_dir, char *err, size_t errlen)
{
    int64_t id = 0, tables = 0;
    if (read_integer(db, "PRAGMA application_id", &id) != 0)
        return unreadable(db, path, err, errlen);
    if (id == IPPON_APPLICATION_ID)
        return 0;
    if (id != 0) {
        snprintf(err, errlen, "%s: another application's database (application_id 0x%08X; ippon's is 0x%08X, \"IPPN\"): "
                 FOREIGN_HINT, path, (unsigned)(uint32_t)id, (unsigned)IPPON_APPLICATION_ID);
        return -1;
    }
    if (read_integer(db, "SELECT count(*) FROM sqlite_master", &tables) != 0)
        return unreadable(db, path, err, errlen);
    if (tables == 0)
        return 0; /* empty: a new database */
    char why[300];
    int ours = ippon_migrations_recognised(migrations_dir, db, why, sizeof why);
    if (ours < 0 && ippon_sql_failure_of(db) == IPPON_SQL_UNREADABLE)
        return unreadable(db, path, err, errlen);
    if (ours < 0) {
        snprintf(err, errlen, "%s: cannot tell whether the database is ippon's: %s", path, why);
        return -1;
    }
    if (!ours) {
        snprintf(err, errlen, "%s: another application's database (it has tables but not ippon's schema_migrations, "
                 "and no application_id): " FOREIGN_HINT, path);
        return -1;
    }
    return 0; /* ippon's, from before the mark: the migration run marks it */
}

/* text appended to out (of outlen bytes, NUL-terminated) after "; " if out is not empty, each line
   break of text written as "; " too: quick_check's findings on one line */
static void append_finding(char *out, size_t outlen, const char *text)
{
    size_t used = strlen(out);
    if (used && used + 2 < outlen) {
        memcpy(out + used, "; ", 3);
        used += 2;
    }
    for (; text && *text && used + 1 < outlen; text++) {
        if (*text != '\n') {
            out[used++] = *text;
        } else if (used + 2 < outlen && text[1]) {
            out[used++] = ';';
            out[used++] = ' ';
        }
    }
    out[used] = '\0';
}

/* is every page whole? 0 yes; 1 quick_check ran out of its check_ms before it found anything; -1
   no, with err quoting its first findings */
static int check_whole(ippon_sql *db, const char *path, int check_ms, char *err, size_t errlen)
{
    char sql[64], findings[600] = "";
    snprintf(sql, sizeof sql, "PRAGMA quick_check(%d)", QUICK_CHECK_FINDINGS);
    ippon_sql_alarm *alarm = ippon_sql_alarm_set(db, check_ms);
    ippon_sql_stmt *q = ippon_sql_prepare(db, sql);
    int rc = q ? ippon_sql_step(q) : IPPON_SQL_ERROR;
    bool ok = rc == IPPON_SQL_ROW && strcmp(ippon_sql_column_text(q, 0), "ok") == 0, found = false;
    for (; !ok && rc == IPPON_SQL_ROW; rc = ippon_sql_step(q), found = true)
        append_finding(findings, sizeof findings, ippon_sql_column_text(q, 0));
    bool fired = ippon_sql_alarm_cancel(alarm);
    ippon_sql_failure kind = rc == IPPON_SQL_ERROR ? ippon_sql_failure_of(db) : IPPON_SQL_FINE;
    if (rc == IPPON_SQL_ERROR)
        append_finding(findings, sizeof findings, ippon_sql_errmsg(db));
    ippon_sql_finalize(q);
    if (ok)
        return 0;
    if (!found && kind == IPPON_SQL_BUSY && !fired)
        return unreadable(db, path, err, errlen); /* held by another program, not a finding */
    if (!found && kind == IPPON_SQL_BUSY) {
        ippon_log_warn("%s: quick_check did not finish within %d ms (key \"database_check_ms\"): the server starts "
                       "without checking the rest; a damaged page shows in /api/health once read", path, check_ms);
        return 1;
    }
    snprintf(err, errlen, "%s: the database is damaged (quick_check: %s): " RESTORE_HINT, path, findings);
    return -1;
}

int ippon_db_check(const char *path, const char *migrations_dir, int check_ms, char *err, size_t errlen)
{
    if (ippon_sql_is_postgres(path))
        return 0; /* PostgreSQL's records: its own server looks after its pages */
    struct stat sb;
    if (stat(path, &sb) != 0 ? errno == ENOENT : S_ISREG(sb.st_mode) && sb.st_size == 0)
        return 0; /* a new database (no file yet, or an empty one) */
    int64_t started = ippon_mono_ms();
    ippon_sql *db = NULL;
    if (ippon_sql_open_sqlite_readonly(&db, path, err, errlen) != 0)
        return -1;
    ippon_sql_set_busy_wait(db, BUSY_WAIT_MS);
    int rc = check_owner(db, path, migrations_dir, err, errlen);
    int whole = rc == 0 && check_ms > 0 ? check_whole(db, path, check_ms, err, errlen) : 1;
    ippon_sql_close(db);
    if (rc == 0 && whole >= 0)
        ippon_log_info("%s: ippon's database%s (%lld ms)", path, whole == 0 ? ", whole by quick_check" : "",
                       (long long)(ippon_mono_ms() - started));
    return rc == 0 && whole >= 0 ? 0 : -1;
}
