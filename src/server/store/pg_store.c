/*
 * pg_store.c — PostgreSQL through libpq: the connection and the migrations (pg_store.h).
 *
 * A migration runs as BEGIN; the file (a simple-query string: several statements are allowed,
 * and PostgreSQL's DDL is transactional); the INSERT of its schema_migrations row; COMMIT — and on
 * any error ROLLBACK, so it is applied entirely or not at all. Two nodes starting at once: the
 * whole run (schema_migrations' creation included: two concurrent CREATE TABLE IF NOT EXISTS can
 * collide) holds a session-level advisory lock, so the second node finds what the first applied.
 */
#include "store/pg_store.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "store/migrations.h"

#define PG_MIGRATIONS_LOCK "7245001" /* the advisory lock key of the migration run (any fixed number) */

struct ippon_pg {
    PGconn *conn;
};

/* libpq's message without its trailing newline */
static void pg_message(const char *what, const char *msg, char *err, size_t errlen)
{
    size_t n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        n--;
    snprintf(err, errlen, "%s: %.*s", what, (int)n, msg);
}

/* run sql with no result rows wanted: 0, or -1 with err */
static int pg_exec(PGconn *conn, const char *what, const char *sql, char *err, size_t errlen)
{
    PGresult *r = PQexec(conn, sql);
    ExecStatusType st = PQresultStatus(r);
    int ok = st == PGRES_COMMAND_OK || st == PGRES_TUPLES_OK;
    if (!ok)
        pg_message(what, PQresultErrorMessage(r), err, errlen);
    PQclear(r);
    return ok ? 0 : -1;
}

int ippon_pg_open(ippon_pg **out, const char *conninfo, char *err, size_t errlen)
{
    *out = NULL;
    ippon_pg *pg = calloc(1, sizeof *pg);
    if (!pg) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    pg->conn = PQconnectdb(conninfo);
    if (!pg->conn || PQstatus(pg->conn) != CONNECTION_OK) {
        pg_message("PostgreSQL", pg->conn ? PQerrorMessage(pg->conn) : "out of memory", err, errlen);
        ippon_pg_close(pg);
        return -1;
    }
    /* quiet NOTICEs (CREATE ... IF NOT EXISTS on a second run) */
    if (pg_exec(pg->conn, "PostgreSQL", "SET client_min_messages = warning", err, errlen) != 0) {
        ippon_pg_close(pg);
        return -1;
    }
    *out = pg;
    return 0;
}

static int pg_recorded(void *ctx, long long version, char *out, size_t outlen)
{
    ippon_pg *pg = ctx;
    char v[24];
    snprintf(v, sizeof v, "%lld", version);
    const char *params[1] = {v};
    PGresult *r = PQexecParams(pg->conn, "SELECT name FROM schema_migrations WHERE version = $1", 1, NULL, params,
                               NULL, NULL, 0);
    int found = -1;
    if (PQresultStatus(r) == PGRES_TUPLES_OK) {
        found = PQntuples(r) > 0;
        if (found)
            snprintf(out, outlen, "%s", PQgetvalue(r, 0, 0));
    }
    PQclear(r);
    return found;
}

static int pg_apply(void *ctx, const char *path, const char *sql, const ippon_migration *m, char *err,
                    size_t errlen)
{
    ippon_pg *pg = ctx;
    if (pg_exec(pg->conn, path, "BEGIN", err, errlen) != 0)
        return -1;
    int rc = pg_exec(pg->conn, path, sql, err, errlen);
    if (rc == 0 && PQtransactionStatus(pg->conn) != PQTRANS_INTRANS) {
        snprintf(err, errlen, "%s: a migration must not contain BEGIN, COMMIT or ROLLBACK", path);
        rc = -1;
    }
    if (rc == 0) {
        char v[24], at[24];
        snprintf(v, sizeof v, "%lld", m->version);
        snprintf(at, sizeof at, "%lld", (long long)time(NULL));
        const char *params[3] = {v, m->name, at};
        PGresult *r = PQexecParams(pg->conn, "INSERT INTO schema_migrations(version, name, applied_at) VALUES ($1, $2, $3)",
                                   3, NULL, params, NULL, NULL, 0);
        if (PQresultStatus(r) != PGRES_COMMAND_OK) {
            pg_message(path, PQresultErrorMessage(r), err, errlen);
            rc = -1;
        }
        PQclear(r);
    }
    if (rc == 0)
        rc = pg_exec(pg->conn, path, "COMMIT", err, errlen);
    if (rc != 0) {
        size_t n = strlen(err);
        snprintf(err + n, errlen > n ? errlen - n : 0, " (migration rolled back)");
        PGresult *r = PQexec(pg->conn, "ROLLBACK");
        PQclear(r);
    }
    return rc;
}

static const char *pg_error(void *ctx)
{
    return PQerrorMessage(((ippon_pg *)ctx)->conn);
}

int ippon_pg_migrate(ippon_pg *pg, const char *dir, int *applied, char *err, size_t errlen)
{
    if (applied)
        *applied = 0;
    if (pg_exec(pg->conn, "migrations", "SELECT pg_advisory_lock(" PG_MIGRATIONS_LOCK ")", err, errlen) != 0)
        return -1;
    int rc = pg_exec(pg->conn, "schema_migrations",
                     "CREATE TABLE IF NOT EXISTS schema_migrations ("
                     " version BIGINT PRIMARY KEY,"
                     " name TEXT NOT NULL,"
                     " applied_at BIGINT NOT NULL)",
                     err, errlen);
    const ippon_migration_engine postgres = {pg, pg_recorded, pg_apply, pg_error};
    if (rc == 0)
        rc = ippon_migrations_run(dir, &postgres, applied, err, errlen);
    char ignored[256];
    pg_exec(pg->conn, "migrations", "SELECT pg_advisory_unlock(" PG_MIGRATIONS_LOCK ")", ignored, sizeof ignored);
    return rc;
}

int ippon_pg_ping(ippon_pg *pg)
{
    char err[256];
    return pg && pg_exec(pg->conn, "ping", "SELECT 1", err, sizeof err) == 0 ? 0 : -1;
}

void ippon_pg_close(ippon_pg *pg)
{
    if (!pg)
        return;
    PQfinish(pg->conn);
    free(pg);
}
