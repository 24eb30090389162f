/*
 * sql_pg.c — PostgreSQL behind sql.h (libpq, synchronous): the records a cluster's nodes share
 * (deploy/cluster/README.md). A statement keeps its SQL with SQLite's placeholders turned into
 * PostgreSQL's and its bound values as text (integers as int8, text as text, blobs in binary
 * as bytea); the first step runs it (PQexecParams, text results) and the following steps walk
 * its rows. A lost connection is made again before the next statement (the one that found it
 * lost fails as busy, so the store writer tries it again).
 *
 * Failures are sorted by SQLSTATE: 23505 (unique violation) repeats a key; serialization
 * failures, deadlocks, lock timeouts, cancels, shutdowns and connection trouble (class 08) are
 * worth trying again; a full disk (53100), a read-only transaction (25006) and system errors
 * (class 58) leave the database unwritable; anything else refuses the statement.
 */
#include <ctype.h>
#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/log.h"
#include "store/sql_driver.h"

/* PostgreSQL's type ids of what is bound (pg_type.oid, fixed since forever) */
#define OID_BYTEA 17
#define OID_INT8 20
#define OID_TEXT 25
#define OID_FLOAT8 701

typedef struct {
    ippon_sql head;
    PGconn *conn;
} pg_conn;

typedef struct {
    ippon_sql_stmt head;
    char *sql;             /* with $N placeholders */
    int n;                 /* its parameters */
    char **values;         /* n of each: NULL for SQL NULL */
    int *lengths, *formats;
    unsigned int *types;   /* Oid; 0: PostgreSQL infers it (a NULL) */
    bool *used;            /* which parameters the SQL names (one it skips must still have a type) */
    PGresult *res;         /* after the first step */
    int row;               /* the current row of res */
} pg_stmt;

static pg_conn *conn_of(ippon_sql *db)
{
    return (pg_conn *)db;
}

static pg_stmt *stmt_of(ippon_sql_stmt *q)
{
    return (pg_stmt *)q;
}

/* libpq's words without the trailing newline */
static void pg_words(char *out, size_t outlen, const char *msg)
{
    size_t n = strlen(msg);
    while (n > 0 && (msg[n - 1] == '\n' || msg[n - 1] == ' '))
        n--;
    snprintf(out, outlen, "%.*s", (int)n, msg);
}

static ippon_sql_failure pg_kind(const char *state)
{
    if (!state || strlen(state) != 5)
        return IPPON_SQL_BUSY; /* no answer from the server: the connection */
    static const char *again[] = {"40001", "40P01", "55P03", "57014", "57P01", "57P02", "57P03", "53200", "53300"};
    for (size_t i = 0; i < sizeof again / sizeof again[0]; i++)
        if (strcmp(state, again[i]) == 0)
            return IPPON_SQL_BUSY;
    if (strncmp(state, "08", 2) == 0)
        return IPPON_SQL_BUSY;
    if (strcmp(state, "23505") == 0)
        return IPPON_SQL_UNIQUE;
    if (strcmp(state, "XX001") == 0 || strcmp(state, "XX002") == 0) /* data_corrupted, index_corrupted */
        return IPPON_SQL_UNREADABLE;
    if (strcmp(state, "53100") == 0 || strcmp(state, "25006") == 0 || strncmp(state, "58", 2) == 0)
        return IPPON_SQL_UNWRITABLE;
    return IPPON_SQL_REFUSED;
}

/* note the failure res (or, NULL, the connection) reports */
static void pg_failed(pg_conn *c, const PGresult *res)
{
    const char *state = res ? PQresultErrorField(res, PG_DIAG_SQLSTATE) : NULL;
    const char *primary = res ? PQresultErrorField(res, PG_DIAG_MESSAGE_PRIMARY) : NULL;
    char words[sizeof c->head.message];
    pg_words(words, sizeof words, primary ? primary : PQerrorMessage(c->conn));
    ippon_sql_note_failure(&c->head, pg_kind(state), words);
}

/* a connection found lost is made again (outside a transaction: one lost inside is gone with it) */
static int pg_ready(pg_conn *c)
{
    if (PQstatus(c->conn) == CONNECTION_OK)
        return 0;
    PQreset(c->conn);
    if (PQstatus(c->conn) == CONNECTION_OK) {
        ippon_log_warn("PostgreSQL: connected again");
        return 0;
    }
    pg_failed(c, NULL);
    return -1;
}

/* the rows a finished command changed, unless it only read */
static void pg_count_changes(pg_conn *c, const PGresult *res)
{
    if (strncmp(PQcmdStatus((PGresult *)res), "SELECT", 6) != 0)
        c->head.changes = strtoll(PQcmdTuples((PGresult *)res), NULL, 10);
}

/*
 * SQLite's placeholders as PostgreSQL's: "?NNN" becomes "$NNN" and a bare "?" one more than the
 * largest number so far, outside quoted strings, quoted names and comments. *n: the largest;
 * used[k - 1] (if used is not NULL; room for the largest number) says whether "$k" appears.
 */
static char *pg_placeholders(const char *sql, int *n, bool *used)
{
    size_t len = strlen(sql);
    char *out = malloc(len * 4 + 16); /* "?" -> "$NNN": at most four times as long */
    if (!out)
        return NULL;
    size_t o = 0;
    int most = 0;
    for (size_t i = 0; i < len;) {
        char ch = sql[i];
        if (ch == '\'' || ch == '"') {
            size_t j = i + 1;
            while (j < len && !(sql[j] == ch && sql[j + 1] != ch))
                j += sql[j] == ch ? 2 : 1;
            j = j < len ? j + 1 : len;
            memcpy(out + o, sql + i, j - i);
            o += j - i;
            i = j;
        } else if (ch == '-' && sql[i + 1] == '-') {
            size_t j = i;
            while (j < len && sql[j] != '\n')
                j++;
            memcpy(out + o, sql + i, j - i);
            o += j - i;
            i = j;
        } else if (ch == '?') {
            int number = 0;
            size_t j = i + 1;
            while (j < len && isdigit((unsigned char)sql[j]))
                number = number * 10 + (sql[j++] - '0');
            if (j == i + 1)
                number = most + 1;
            if (number > most)
                most = number;
            if (used && number > 0)
                used[number - 1] = true;
            o += (size_t)sprintf(out + o, "$%d", number);
            i = j;
        } else {
            out[o++] = sql[i++];
        }
    }
    out[o] = '\0';
    *n = most;
    return out;
}

/* the type a parameter of no type of its own is sent with (a NULL, or not bound): PostgreSQL infers
   it from where the SQL uses it, and one the SQL skips must still have one (text) */
static unsigned int pg_untyped(const pg_stmt *s, int i)
{
    return s->used && s->used[i] ? 0 : OID_TEXT;
}

static ippon_sql_stmt *pg_prepare(ippon_sql *db, const char *sql)
{
    pg_stmt *s = calloc(1, sizeof *s);
    if (s)
        s->sql = pg_placeholders(sql, &s->n, NULL);
    if (s && s->sql && s->n > 0) {
        s->values = calloc((size_t)s->n, sizeof *s->values);
        s->lengths = calloc((size_t)s->n, sizeof *s->lengths);
        s->formats = calloc((size_t)s->n, sizeof *s->formats);
        s->types = calloc((size_t)s->n, sizeof *s->types);
        s->used = calloc((size_t)s->n, sizeof *s->used);
        if (s->used) {
            free(s->sql);
            s->sql = pg_placeholders(sql, &s->n, s->used);
        }
    }
    if (!s || !s->sql || (s->n > 0 && (!s->values || !s->lengths || !s->formats || !s->types || !s->used))) {
        if (s) {
            s->head.db = db;
            db->ops->finalize(&s->head);
        }
        ippon_sql_note_failure(db, IPPON_SQL_BUSY, "out of memory");
        return NULL;
    }
    s->head.db = db;
    s->row = -1;
    for (int i = 0; i < s->n; i++)
        s->types[i] = pg_untyped(s, i);
    return &s->head;
}

/* give parameter i (1-based) a copy of bytes with its type and format; NULL bytes: SQL NULL */
static void pg_bind(ippon_sql_stmt *q, int i, const void *bytes, size_t n, unsigned int type, int format)
{
    pg_stmt *s = stmt_of(q);
    if (i < 1 || i > s->n) {
        ippon_sql_note_failure(q->db, IPPON_SQL_REFUSED, "bind: no such parameter");
        return;
    }
    char *copy = NULL;
    if (bytes) {
        copy = malloc(n + 1);
        if (!copy) {
            ippon_sql_note_failure(q->db, IPPON_SQL_BUSY, "out of memory");
            return;
        }
        memcpy(copy, bytes, n);
        copy[n] = '\0';
    }
    free(s->values[i - 1]);
    s->values[i - 1] = copy;
    s->lengths[i - 1] = (int)n;
    s->formats[i - 1] = format;
    s->types[i - 1] = type ? type : pg_untyped(s, i - 1);
}

static void pg_bind_int64(ippon_sql_stmt *q, int i, int64_t value)
{
    char text[24];
    int n = snprintf(text, sizeof text, "%lld", (long long)value);
    pg_bind(q, i, text, (size_t)n, OID_INT8, 0);
}

/* 17 significant digits always read back as the same double (PostgreSQL's float8in rounds
   correctly), so a rating stored and read again is the one computed */
static void pg_bind_double(ippon_sql_stmt *q, int i, double value)
{
    char text[32];
    int n = snprintf(text, sizeof text, "%.17g", value);
    pg_bind(q, i, text, (size_t)n, OID_FLOAT8, 0);
}

static void pg_bind_text(ippon_sql_stmt *q, int i, const char *text)
{
    pg_bind(q, i, text, strlen(text), OID_TEXT, 0);
}

static void pg_bind_blob(ippon_sql_stmt *q, int i, const void *bytes, size_t n)
{
    pg_bind(q, i, bytes ? bytes : "", n, OID_BYTEA, 1);
}

static void pg_bind_null(ippon_sql_stmt *q, int i)
{
    pg_bind(q, i, NULL, 0, 0, 0);
}

static int pg_step(ippon_sql_stmt *q)
{
    pg_stmt *s = stmt_of(q);
    pg_conn *c = conn_of(q->db);
    if (!s->res) {
        if (pg_ready(c) != 0)
            return IPPON_SQL_ERROR;
        s->res = PQexecParams(c->conn, s->sql, s->n, s->types, (const char *const *)s->values, s->lengths,
                              s->formats, 0);
        ExecStatusType status = PQresultStatus(s->res);
        if (status != PGRES_TUPLES_OK && status != PGRES_COMMAND_OK) {
            pg_failed(c, s->res);
            PQclear(s->res);
            s->res = NULL;
            return IPPON_SQL_ERROR;
        }
        pg_count_changes(c, s->res);
        s->row = -1;
    }
    if (++s->row < PQntuples(s->res))
        return IPPON_SQL_ROW;
    s->row = PQntuples(s->res);
    return IPPON_SQL_DONE;
}

/* the current row's value of col, or NULL (no row, no such column, SQL NULL) */
static const char *pg_value(ippon_sql_stmt *q, int col)
{
    pg_stmt *s = stmt_of(q);
    if (!s->res || s->row < 0 || s->row >= PQntuples(s->res) || col < 0 || col >= PQnfields(s->res) ||
        PQgetisnull(s->res, s->row, col))
        return NULL;
    return PQgetvalue(s->res, s->row, col);
}

static int64_t pg_column_int64(ippon_sql_stmt *q, int col)
{
    const char *v = pg_value(q, col);
    if (!v)
        return 0;
    if (strcmp(v, "t") == 0)
        return 1;
    if (strcmp(v, "f") == 0)
        return 0;
    return strtoll(v, NULL, 10);
}

/* PostgreSQL 12 and later print a double as the shortest decimal that reads back as it */
static double pg_column_double(ippon_sql_stmt *q, int col)
{
    const char *v = pg_value(q, col);
    return v ? strtod(v, NULL) : 0.0;
}

static const char *pg_column_text(ippon_sql_stmt *q, int col)
{
    return pg_value(q, col);
}

static bool pg_column_is_null(ippon_sql_stmt *q, int col)
{
    return pg_value(q, col) == NULL;
}

static int pg_column_count(ippon_sql_stmt *q)
{
    pg_stmt *s = stmt_of(q);
    return s->res ? PQnfields(s->res) : 0;
}

static void pg_reset(ippon_sql_stmt *q)
{
    pg_stmt *s = stmt_of(q);
    PQclear(s->res);
    s->res = NULL;
    s->row = -1;
}

static void pg_clear_bindings(ippon_sql_stmt *q)
{
    pg_stmt *s = stmt_of(q);
    for (int i = 0; i < s->n; i++) {
        free(s->values[i]);
        s->values[i] = NULL;
        s->types[i] = pg_untyped(s, i);
        s->formats[i] = 0;
        s->lengths[i] = 0;
    }
}

static void pg_finalize(ippon_sql_stmt *q)
{
    pg_stmt *s = stmt_of(q);
    pg_reset(q);
    if (s->values)
        pg_clear_bindings(q);
    free(s->values);
    free(s->lengths);
    free(s->formats);
    free(s->types);
    free(s->used);
    free(s->sql);
    free(s);
}

static int pg_exec(ippon_sql *db, const char *sql)
{
    pg_conn *c = conn_of(db);
    if (pg_ready(c) != 0)
        return -1;
    PGresult *res = PQexec(c->conn, sql);
    ExecStatusType status = PQresultStatus(res);
    int ok = status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK;
    if (ok)
        pg_count_changes(c, res);
    else
        pg_failed(c, res);
    PQclear(res);
    return ok ? 0 : -1;
}

static bool pg_in_transaction(ippon_sql *db)
{
    PGTransactionStatusType t = PQtransactionStatus(conn_of(db)->conn);
    return t == PQTRANS_INTRANS || t == PQTRANS_INERROR || t == PQTRANS_ACTIVE;
}

static int pg_close(ippon_sql *db)
{
    pg_conn *c = conn_of(db);
    PQfinish(c->conn);
    free(c);
    return 0;
}

static const ippon_sql_ops pg_ops = {
    .prepare = pg_prepare,
    .bind_int64 = pg_bind_int64,
    .bind_double = pg_bind_double,
    .bind_text = pg_bind_text,
    .bind_blob = pg_bind_blob,
    .bind_null = pg_bind_null,
    .step = pg_step,
    .column_int64 = pg_column_int64,
    .column_double = pg_column_double,
    .column_text = pg_column_text,
    .column_is_null = pg_column_is_null,
    .column_count = pg_column_count,
    .reset = pg_reset,
    .clear_bindings = pg_clear_bindings,
    .finalize = pg_finalize,
    .exec = pg_exec,
    .in_transaction = pg_in_transaction,
    .close = pg_close,
    .begin_sql = "BEGIN",
    .begin_read_sql = "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY",
};

/* the server's notices and warnings go to the log, not to stderr */
static void pg_notice(void *ctx, const char *message)
{
    (void)ctx;
    char words[256];
    pg_words(words, sizeof words, message);
    ippon_log_warn("PostgreSQL: %s", words);
}

int ippon_sql_open_postgres(ippon_sql **out, const char *uri, char *err, size_t errlen)
{
    *out = NULL;
    pg_conn *c = calloc(1, sizeof *c);
    if (!c) {
        snprintf(err, errlen, "PostgreSQL: out of memory");
        return -1;
    }
    c->head.ops = &pg_ops;
    c->head.engine = IPPON_SQL_POSTGRES;
    c->conn = PQconnectdb(uri);
    if (!c->conn || PQstatus(c->conn) != CONNECTION_OK) {
        char words[256];
        pg_words(words, sizeof words, c->conn ? PQerrorMessage(c->conn) : "out of memory");
        snprintf(err, errlen, "PostgreSQL: %s", words);
        PQfinish(c->conn);
        free(c);
        return -1;
    }
    PQsetNoticeProcessor(c->conn, pg_notice, NULL);
    /* quiet the notices of CREATE ... IF NOT EXISTS on a second run */
    if (pg_exec(&c->head, "SET client_min_messages = warning") != 0) {
        snprintf(err, errlen, "PostgreSQL: %s", c->head.message);
        pg_close(&c->head);
        return -1;
    }
    *out = &c->head;
    return 0;
}
