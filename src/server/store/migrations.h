/*
 * migrations.h — a database's numbered migrations, whatever the engine: the files of a folder,
 * their order, and the run that applies those not applied yet (store.h's ippon_store_migrate, on
 * SQLite or PostgreSQL: sql.h).
 *
 * A migration is a file named NNNN_name.sql (any number of digits); they run in numeric order,
 * each once, each with its row in schema_migrations(version, name, applied_at), applied entirely
 * or not at all (in one transaction). Files not ending in .sql are
 * ignored (so a folder may hold another engine's folder); a .sql file with another name, two files
 * with one number, or an applied migration whose file was renamed is an error naming the file.
 */
#ifndef IPPON_SERVER_MIGRATIONS_H
#define IPPON_SERVER_MIGRATIONS_H

#include <stddef.h>

#include "store/sql.h"

typedef struct ippon_migration {
    long long version;
    char *name; /* the file name, e.g. "0001_settings.sql" */
} ippon_migration;

/* apply the migrations of folder dir not recorded yet in db's schema_migrations (which must
   exist); *applied (if not NULL) counts them. 0, or -1 with err naming the file */
int ippon_migrations_run(const char *dir, ippon_sql *db, int *applied, char *err, size_t errlen);

/*
 * Is db's schema the one the migrations of folder dir make: does its schema_migrations row for the
 * folder's first migration name that file (version and name)? 1 yes; 0 no (no schema_migrations,
 * another layout of it, another name, an empty folder); -1 with err when the folder cannot be read
 * or the database fails to answer (then ippon_sql_failure_of(db) says how).
 */
int ippon_migrations_recognised(const char *dir, ippon_sql *db, char *err, size_t errlen);

#endif
