/*
 * store.h — the server's storage, behind one interface. All SQL lives in store.c; nothing
 * else in the server knows that SQLite exists, so another engine (PostgreSQL) can later
 * sit behind the same functions.
 *
 * Functions return 0 on success or -1 on failure; those that take (err, errlen) then
 * write one line saying what failed, naming the file concerned.
 */
#ifndef IPPON_SERVER_STORE_H
#define IPPON_SERVER_STORE_H

#include <stddef.h>

typedef struct ippon_store ippon_store;

/*
 * Open (creating if needed) the database at path, creating its parent folder if missing.
 * The database runs in WAL mode with a busy timeout, and with foreign keys enforced.
 * ":memory:" opens a private in-memory database (for tests).
 */
int ippon_store_open(ippon_store **out, const char *path, char *err, size_t errlen);

/*
 * Apply the migrations in folder dir that this database has not seen yet.
 *
 * A migration is a file named NNNN_name.sql (any number of digits; "0001_settings.sql").
 * They run in numeric order of NNNN, each once, each inside its own transaction together
 * with its row in schema_migrations(version, name, applied_at). If one fails, its
 * transaction is rolled back — the database is left as the previous migration left it —
 * and the error names the file and carries SQLite's message. Files not ending in .sql are
 * ignored; a .sql file with another name, or two files with one number, is an error, and
 * so is an applied migration whose file was renamed. A migration must not contain
 * BEGIN/COMMIT itself.
 *
 * *applied (if not NULL) receives the number of migrations applied by this call.
 */
int ippon_store_migrate(ippon_store *st, const char *dir, int *applied, char *err, size_t errlen);

/* a cheap round trip through the database (SELECT 1); 0 if it answered */
int ippon_store_ping(ippon_store *st);

/* close the database (checkpointing the WAL); st may be NULL */
void ippon_store_close(ippon_store *st);

#endif
