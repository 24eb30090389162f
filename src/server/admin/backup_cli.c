/*
 * backup_cli.c — `ippon backup` (backup_cli.h): reads the configuration as the server does (the
 * file, then --db), makes sure the database is ippon's (db_check.h: opening another application's
 * file would write to it), opens it without migrating it, and copies it whole.
 */
#include "admin/backup_cli.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

#include "config.h"
#include "store/db_check.h"
#include "store/store.h"

static void usage(FILE *out)
{
    fprintf(out, "usage: ippon backup PATH [--config PATH] [--db PATH]\n"
                 "\n"
                 "A consistent copy of the database into the new file PATH, taken while the server\n"
                 "runs (every finished match in it whole or not at all). PATH must not exist.\n");
}

int ippon_backup_cli(int argc, char **argv)
{
    const char *dest = NULL, *config_path = IPPON_CONFIG_DEFAULT_PATH, *db = NULL;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            usage(stdout);
            return 0;
        }
        const char **slot = !strcmp(arg, "--config") ? &config_path : !strcmp(arg, "--db") ? &db : NULL;
        if (slot) {
            if (i + 1 >= argc) {
                fprintf(stderr, "ippon: option '%s' needs a value (try ippon backup --help)\n", arg);
                return 2;
            }
            *slot = argv[++i];
        } else if (arg[0] == '-' || dest) {
            fprintf(stderr, "ippon: unexpected argument '%s' (try ippon backup --help)\n", arg);
            return 2;
        } else {
            dest = arg;
        }
    }
    if (!dest) {
        usage(stderr);
        return 2;
    }
    char err[1024];
    ippon_config cfg;
    ippon_store *st = NULL;
    int status = 1;
    if (ippon_config_init(&cfg) != 0) {
        fprintf(stderr, "ippon: out of memory\n");
        return 1;
    }
    struct stat sb;
    if (ippon_config_load(&cfg, config_path, err, sizeof err) != 0 ||
        (db && ippon_config_set(&cfg, "database", db, "--db", err, sizeof err) != 0) ||
        ippon_config_check(&cfg, err, sizeof err) != 0)
        goto done;
    if (cfg.cluster_postgres[0]) {
        snprintf(err, sizeof err, "the records are in PostgreSQL (key \"cluster.postgres\"): back them up with pg_dump");
        goto done;
    }
    if (stat(cfg.database, &sb) != 0) { /* opening would create an empty one */
        snprintf(err, sizeof err, "%s: no database there", cfg.database);
        goto done;
    }
    if (ippon_db_check(cfg.database, cfg.migrations, 0, err, sizeof err) != 0 || /* another's file: untouched */
        ippon_store_open(&st, cfg.database, err, sizeof err) != 0 || ippon_store_backup(st, dest, err, sizeof err) != 0)
        goto done;
    if (stat(dest, &sb) == 0)
        printf("ippon: %s backed up to %s (%lld bytes)\n", cfg.database, dest, (long long)sb.st_size);
    status = 0;
done:
    if (status != 0)
        fprintf(stderr, "ippon: %s\n", err);
    ippon_store_close(st);
    ippon_config_free(&cfg);
    return status;
}
