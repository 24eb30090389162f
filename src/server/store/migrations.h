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

#endif
