/*
 * db_check.h — what start-up makes sure of about the SQLite database's contents before the server
 * takes the file (main.c; db_guard.h checks its files and lock): that it is ippon's, and whole.
 *
 *   - ippon's: the header's application_id (PRAGMA application_id) is IPPON_APPLICATION_ID, the
 *     ASCII of "IPPN", which every database migrated by this version carries (store.h:
 *     ippon_store_migrate sets it). A file without it (0) is ippon's if it is empty (a new
 *     database) or holds ippon's schema_migrations (migrations.h: ippon_migrations_recognised; an
 *     ippon database from before the mark, which its first migration run marks). Any other id, or
 *     tables without ippon's schema_migrations, is another application's file: refused.
 *   - whole: PRAGMA quick_check answers "ok" (every page of every b-tree read and checked, without
 *     the slower cross-checks of integrity_check between tables and their indexes). A damaged file
 *     is refused, with quick_check's first findings and what to do (restore a backup). quick_check
 *     reads the whole file: 6.3–8.9 s at 1,000,000 matches (5.7 GB) from the page cache, 41 s from
 *     the disk, on the development VM (tests/bench/db_check.sh), so it gets a budget (the key database_check_ms, 5 s): a database it cannot finish in time is
 *     started anyway with a warning, and a damaged page there shows at run time (db_health.h:
 *     "unreadable") — a start, and a handover's restart, never waits longer than the budget.
 *
 * The file is opened read-only for this (sql.h: ippon_sql_open_sqlite_readonly), so a refused file
 * is left byte for byte as it was. The check runs once, before the server opens the database for
 * good; what it costs on a big database: README.md, "Benchmarks" (tests/bench/bench_db_check.c).
 */
#ifndef IPPON_SERVER_DB_CHECK_H
#define IPPON_SERVER_DB_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define IPPON_APPLICATION_ID 0x4950504E /* "IPPN" */

/*
 * Check the SQLite database at path against the migrations of folder migrations_dir: ippon's (see
 * above) and, if check_ms > 0, whole as far as quick_check gets in check_ms milliseconds (it
 * passes if it runs out of time before finding anything). A missing or empty file passes (a new database), and so does
 * a PostgreSQL URI (sql.h: its server looks after its own pages). 0, or -1 with one line in err
 * naming path, what was found and what the operator can do.
 */
int ippon_db_check(const char *path, const char *migrations_dir, int check_ms, char *err, size_t errlen);

#endif
