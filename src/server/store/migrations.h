/*
 * migrations.h — a database's numbered migrations, whatever the engine: the files of a folder,
 * their order, and the run that applies those not applied yet (store.h's ippon_store_migrate for
 * SQLite, pg_store.h's for PostgreSQL).
 *
 * A migration is a file named NNNN_name.sql (any number of digits); they run in numeric order,
 * each once, each with its row in schema_migrations(version, name, applied_at), applied entirely
 * or not at all (the engine's apply runs it in one transaction). Files not ending in .sql are
 * ignored (so a folder may hold another engine's folder); a .sql file with another name, two files
 * with one number, or an applied migration whose file was renamed is an error naming the file.
 */
#ifndef IPPON_SERVER_MIGRATIONS_H
#define IPPON_SERVER_MIGRATIONS_H

#include <stddef.h>

typedef struct ippon_migration {
    long long version;
    char *name; /* the file name, e.g. "0001_settings.sql" */
} ippon_migration;

/* what an engine does for the run (ctx: its connection) */
typedef struct ippon_migration_engine {
    void *ctx;
    /* the name recorded for version, copied into out: 1 if found, 0 if not, -1 on error */
    int (*recorded)(void *ctx, long long version, char *out, size_t outlen);
    /* run the file's sql and record it, in one transaction: 0, or -1 with err naming path (rolled back) */
    int (*apply)(void *ctx, const char *path, const char *sql, const ippon_migration *m, char *err, size_t errlen);
    /* the engine's last error, for a failed `recorded` */
    const char *(*error)(void *ctx);
} ippon_migration_engine;

/* apply the migrations of folder dir not recorded yet; *applied (if not NULL) counts them. 0, or
   -1 with err naming the file */
int ippon_migrations_run(const char *dir, const ippon_migration_engine *engine, int *applied, char *err,
                         size_t errlen);

#endif
