/*
 * sql_driver.h — what a database engine's driver provides behind sql.h (sql_sqlite.c,
 * sql_pg.c): a table of its operations, and the connection and statement heads every driver's
 * own structs begin with. sql.c calls through the table; nothing but the drivers includes this.
 */
#ifndef IPPON_SERVER_SQL_DRIVER_H
#define IPPON_SERVER_SQL_DRIVER_H

#include "store/sql.h"

typedef struct ippon_sql_ops {
    ippon_sql_stmt *(*prepare)(ippon_sql *db, const char *sql);
    void (*bind_int64)(ippon_sql_stmt *q, int i, int64_t value);
    void (*bind_double)(ippon_sql_stmt *q, int i, double value);
    void (*bind_text)(ippon_sql_stmt *q, int i, const char *text);
    void (*bind_blob)(ippon_sql_stmt *q, int i, const void *bytes, size_t n);
    void (*bind_null)(ippon_sql_stmt *q, int i);
    int (*step)(ippon_sql_stmt *q);
    int64_t (*column_int64)(ippon_sql_stmt *q, int col);
    double (*column_double)(ippon_sql_stmt *q, int col);
    const char *(*column_text)(ippon_sql_stmt *q, int col);
    bool (*column_is_null)(ippon_sql_stmt *q, int col);
    int (*column_count)(ippon_sql_stmt *q);
    void (*reset)(ippon_sql_stmt *q);
    void (*clear_bindings)(ippon_sql_stmt *q);
    void (*finalize)(ippon_sql_stmt *q);
    int (*exec)(ippon_sql *db, const char *sql);
    bool (*in_transaction)(ippon_sql *db);
    int (*close)(ippon_sql *db);
    const char *begin_sql, *begin_read_sql; /* how this engine begins a writing and a reading transaction */
} ippon_sql_ops;

/* the head of every driver's connection */
struct ippon_sql {
    const ippon_sql_ops *ops;
    ippon_sql_engine engine;
    ippon_sql_failure failure; /* the last failure's kind */
    char message[200];         /* ... and the engine's words */
    int64_t changes;           /* rows changed by the last statement run to its end */
    unsigned long unreadable;  /* failures noted as IPPON_SQL_UNREADABLE since the connection opened */
    char unreadable_message[200]; /* ... the first one's words */
};

/* the head of every driver's statement */
struct ippon_sql_stmt {
    ippon_sql *db;
};

#endif
