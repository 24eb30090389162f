/*
 * sql.c — the engine-neutral face of sql.h: each call goes to the connection's driver
 * (sql_driver.h); transactions, the failure last noted and the row count are kept here, alike
 * for every engine.
 */
#include "store/sql.h"

#include <stdio.h>
#include <string.h>

#include "base/cluster_text.h"
#include "store/sql_driver.h"

bool ippon_sql_is_postgres(const char *where)
{
    return ippon_postgres_uri(where);
}

ippon_sql_engine ippon_sql_engine_of(const ippon_sql *db)
{
    return db->engine;
}

int ippon_sql_close(ippon_sql *db)
{
    return db ? db->ops->close(db) : 0;
}

ippon_sql_stmt *ippon_sql_prepare(ippon_sql *db, const char *sql)
{
    return db->ops->prepare(db, sql);
}

void ippon_sql_bind_int64(ippon_sql_stmt *q, int i, int64_t value)
{
    q->db->ops->bind_int64(q, i, value);
}

void ippon_sql_bind_text(ippon_sql_stmt *q, int i, const char *text)
{
    if (text)
        q->db->ops->bind_text(q, i, text);
    else
        q->db->ops->bind_null(q, i);
}

void ippon_sql_bind_blob(ippon_sql_stmt *q, int i, const void *bytes, size_t n)
{
    q->db->ops->bind_blob(q, i, bytes, n);
}

void ippon_sql_bind_null(ippon_sql_stmt *q, int i)
{
    q->db->ops->bind_null(q, i);
}

void ippon_sql_bind_double(ippon_sql_stmt *q, int i, double value)
{
    q->db->ops->bind_double(q, i, value);
}

int ippon_sql_step(ippon_sql_stmt *q)
{
    return q->db->ops->step(q);
}

int64_t ippon_sql_column_int64(ippon_sql_stmt *q, int col)
{
    return q->db->ops->column_int64(q, col);
}

double ippon_sql_column_double(ippon_sql_stmt *q, int col)
{
    return q->db->ops->column_double(q, col);
}

int ippon_sql_column_int(ippon_sql_stmt *q, int col)
{
    return (int)q->db->ops->column_int64(q, col);
}

const char *ippon_sql_column_text(ippon_sql_stmt *q, int col)
{
    return q->db->ops->column_text(q, col);
}

bool ippon_sql_column_is_null(ippon_sql_stmt *q, int col)
{
    return q->db->ops->column_is_null(q, col);
}

int ippon_sql_column_count(ippon_sql_stmt *q)
{
    return q->db->ops->column_count(q);
}

void ippon_sql_reset(ippon_sql_stmt *q)
{
    q->db->ops->reset(q);
}

void ippon_sql_clear_bindings(ippon_sql_stmt *q)
{
    q->db->ops->clear_bindings(q);
}

void ippon_sql_finalize(ippon_sql_stmt *q)
{
    if (q)
        q->db->ops->finalize(q);
}

int ippon_sql_exec(ippon_sql *db, const char *sql)
{
    return db->ops->exec(db, sql);
}

int ippon_sql_begin(ippon_sql *db)
{
    return db->ops->exec(db, db->ops->begin_sql);
}

int ippon_sql_begin_read(ippon_sql *db)
{
    return db->ops->exec(db, db->ops->begin_read_sql);
}

int ippon_sql_commit(ippon_sql *db)
{
    return db->ops->exec(db, "COMMIT");
}

void ippon_sql_rollback(ippon_sql *db)
{
    if (!db->ops->in_transaction(db))
        return;
    ippon_sql_failure kind = db->failure;
    char message[sizeof db->message];
    memcpy(message, db->message, sizeof message);
    db->ops->exec(db, "ROLLBACK");
    db->failure = kind;
    memcpy(db->message, message, sizeof message);
}

bool ippon_sql_in_transaction(ippon_sql *db)
{
    return db->ops->in_transaction(db);
}

int64_t ippon_sql_changes(ippon_sql *db)
{
    return db->changes;
}

ippon_sql_failure ippon_sql_failure_of(const ippon_sql *db)
{
    return db->failure;
}

const char *ippon_sql_errmsg(const ippon_sql *db)
{
    return db->message;
}

void ippon_sql_note_failure(ippon_sql *db, ippon_sql_failure kind, const char *message)
{
    db->failure = kind;
    snprintf(db->message, sizeof db->message, "%s", message ? message : "");
    if (kind == IPPON_SQL_UNREADABLE && db->unreadable++ == 0)
        snprintf(db->unreadable_message, sizeof db->unreadable_message, "%s", db->message);
}

unsigned long ippon_sql_unreadable_seen(const ippon_sql *db, char *words, size_t wordslen)
{
    if (words && wordslen)
        snprintf(words, wordslen, "%s", db->unreadable_message);
    return db->unreadable;
}
