/*
 * test_server_store_check.c — the start-up check of a SQLite database (src/server/store/db_check.c)
 * and the reads that find a file damaged (sql.h's IPPON_SQL_UNREADABLE, store.h's
 * ippon_store_unreadable): a new file passes; ippon's database is marked with its application_id
 * by the migration run, an old one (no id) too; another application's file (its id, or tables
 * without ippon's schema_migrations) is refused and left byte for byte; a page of zeros is found by
 * quick_check, which keeps to its time budget (out of time, the file passes); a read of such a page
 * is counted with its words. The files are made and looked at
 * with SQLite directly; the server itself never does.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "server_fixture.h"

#include "base/log.h"
#include "store/db_check.h"
#include "store/sql.h"
#include "store/store.h"

static char tmpdir[64];
static char dbpath[160];
static char migdir[512];

static int setup(void **state)
{
    (void)state;
    if (fixture_temp_dir(tmpdir, sizeof tmpdir, "test-check") != 0)
        return -1;
    snprintf(dbpath, sizeof dbpath, "%s/ippon.db", tmpdir);
    snprintf(migdir, sizeof migdir, "%s/migrations", IPPON_TEST_SOURCE_DIR);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    fixture_remove_tree(tmpdir);
    return 0;
}

/* run sql on the test database with SQLite itself (made if missing) */
static void lite_exec(const char *sql)
{
    sqlite3 *db = NULL;
    assert_int_equal(sqlite3_open(dbpath, &db), SQLITE_OK);
    char *msg = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", sql, msg);
    sqlite3_close(db);
}

/* a one-integer query on the test database */
static long long lite_int(const char *sql)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_open_v2(dbpath, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, sql, -1, &q, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    long long v = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(db);
    return v;
}

/* the whole test database file, malloc'd, its length in *len */
static unsigned char *file_bytes(size_t *len)
{
    FILE *f = fopen(dbpath, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *len = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *bytes = malloc(*len ? *len : 1);
    assert_non_null(bytes);
    assert_int_equal(fread(bytes, 1, *len, f), *len);
    fclose(f);
    return bytes;
}

/* the repository's migrations applied to the test database through the store, which is closed */
static void migrated(void)
{
    ippon_store *st = NULL;
    char err[512];
    if (ippon_store_open(&st, dbpath, err, sizeof err) != 0 || ippon_store_migrate(st, migdir, NULL, err, sizeof err) != 0)
        fail_msg("%s", err);
    ippon_store_close(st);
}

/* page of the test database overwritten with zeros */
static void zero_page(long long page)
{
    long long size = lite_int("PRAGMA page_size");
    FILE *f = fopen(dbpath, "r+b");
    assert_non_null(f);
    unsigned char *zeros = calloc(1, (size_t)size);
    assert_int_equal(fseek(f, (long)((page - 1) * size), SEEK_SET), 0);
    assert_int_equal(fwrite(zeros, 1, (size_t)size, f), (size_t)size);
    fclose(f);
    free(zeros);
}

/* the root page of every b-tree of table (the table's and its indexes') overwritten with zeros */
static void zero_roots_of(const char *table)
{
    long long roots[16];
    int n = 0;
    sqlite3 *db = NULL;
    sqlite3_stmt *q = NULL;
    assert_int_equal(sqlite3_open_v2(dbpath, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    assert_int_equal(sqlite3_prepare_v2(db, "SELECT rootpage FROM sqlite_master WHERE tbl_name = ?1 AND rootpage > 0",
                                        -1, &q, NULL), SQLITE_OK);
    sqlite3_bind_text(q, 1, table, -1, SQLITE_STATIC);
    while (n < 16 && sqlite3_step(q) == SQLITE_ROW)
        roots[n++] = sqlite3_column_int64(q, 0);
    sqlite3_finalize(q);
    sqlite3_close(db);
    assert_true(n > 0);
    for (int i = 0; i < n; i++)
        zero_page(roots[i]);
}

/* another application's file: notes in a table, under the given first statements */
static void foreign_file(const char *first)
{
    char sql[512];
    snprintf(sql, sizeof sql, "%s CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT);"
                              " INSERT INTO notes (body) VALUES ('shopping'), ('taxes');", first);
    lite_exec(sql);
}

/* the check refuses the file with words in its line, and leaves it byte for byte */
static void assert_refused_unchanged(const char *words)
{
    size_t before_len, after_len;
    unsigned char *before = file_bytes(&before_len);
    char err[1024] = "";
    assert_int_equal(ippon_db_check(dbpath, migdir, 60000, err, sizeof err), -1);
    if (!strstr(err, words) || !strstr(err, dbpath) || strchr(err, '\n'))
        fail_msg("the line does not say \"%s\" with the file on one line: %s", words, err);
    unsigned char *after = file_bytes(&after_len);
    assert_int_equal(after_len, before_len);
    assert_memory_equal(after, before, before_len);
    struct stat sb;
    char wal[200];
    snprintf(wal, sizeof wal, "%s-wal", dbpath);
    assert_int_not_equal(stat(wal, &sb), 0);
    free(before);
    free(after);
}

static void new_database_passes(void **state)
{
    (void)state;
    char err[512] = "";
    assert_int_equal(ippon_db_check(dbpath, migdir, 60000, err, sizeof err), 0); /* no file */
    FILE *f = fopen(dbpath, "w");
    fclose(f);
    assert_int_equal(ippon_db_check(dbpath, migdir, 60000, err, sizeof err), 0); /* an empty file */
    assert_string_equal(err, "");
}

static void migrated_database_is_marked_and_passes(void **state)
{
    (void)state;
    migrated();
    assert_int_equal(lite_int("PRAGMA application_id"), 0x4950504E); /* "IPPN" */
    char err[512] = "";
    if (ippon_db_check(dbpath, migdir, 60000, err, sizeof err) != 0)
        fail_msg("%s", err);
}

static void old_ippon_database_passes_and_is_marked(void **state)
{
    (void)state;
    migrated();
    lite_exec("PRAGMA application_id = 0");
    char err[512] = "";
    if (ippon_db_check(dbpath, migdir, 60000, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(lite_int("PRAGMA application_id"), 0); /* the check wrote nothing */
    migrated();
    assert_int_equal(lite_int("PRAGMA application_id"), 0x4950504E);
}

static void foreign_application_id_refused(void **state)
{
    (void)state;
    foreign_file("PRAGMA application_id = 1179602756;"); /* 0x464F4F44, "FOOD" */
    assert_refused_unchanged("another application's database (application_id 0x464F4F44");
}

static void foreign_schema_refused(void **state)
{
    (void)state;
    foreign_file("CREATE TABLE schema_migrations (version TEXT PRIMARY KEY);"
                 " INSERT INTO schema_migrations VALUES ('20240101000000');");
    assert_refused_unchanged("not ippon's schema_migrations");
}

static void ippon_layout_other_migrations_refused(void **state)
{
    (void)state;
    /* the same layout as ippon's schema_migrations, another application's first migration */
    foreign_file("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, name TEXT NOT NULL,"
                 " applied_at INTEGER NOT NULL); INSERT INTO schema_migrations VALUES (1, '0001_init.sql', 0);");
    assert_refused_unchanged("not ippon's schema_migrations");
}

static void not_a_database_refused(void **state)
{
    (void)state;
    FILE *f = fopen(dbpath, "w");
    for (int i = 0; i < 200; i++)
        fputs("these are not the pages you are looking for\n", f);
    fclose(f);
    assert_refused_unchanged("the database cannot be read (file is not a database)");
}

static void zeroed_page_found_by_quick_check(void **state)
{
    (void)state;
    migrated();
    long long root = lite_int("SELECT rootpage FROM sqlite_master WHERE name = 'users'");
    lite_exec("PRAGMA wal_checkpoint(TRUNCATE)");
    zero_page(root);
    char err[1024] = "", page[32];
    snprintf(page, sizeof page, "Page %lld:", root);
    /* whose file it is reads no page of users: only quick_check finds it */
    assert_int_equal(ippon_db_check(dbpath, migdir, 0, err, sizeof err), 0);
    assert_int_equal(ippon_db_check(dbpath, migdir, 60000, err, sizeof err), -1);
    if (!strstr(err, "the database is damaged (quick_check: ") || !strstr(err, page) || !strstr(err, "ippon backup") ||
        strchr(err, '\n'))
        fail_msg("not the line wanted (naming %s): %s", page, err);
}

static void quick_check_keeps_to_its_budget(void **state)
{
    (void)state;
    migrated();
    /* some 30 MB of rows, which quick_check takes far longer than 1 ms to read */
    lite_exec("CREATE TABLE bulk AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 200000)"
              " SELECT i, randomblob(120) AS b FROM n");
    lite_exec("PRAGMA wal_checkpoint(TRUNCATE)");
    zero_page(lite_int("SELECT rootpage FROM sqlite_master WHERE name = 'users'"));
    char err[1024] = "";
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    /* out of time before it found anything: started anyway (a warning says so) */
    if (ippon_db_check(dbpath, migdir, 1, err, sizeof err) != 0)
        fail_msg("refused within 1 ms: %s", err);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    long long ms = (t1.tv_sec - t0.tv_sec) * 1000LL + (t1.tv_nsec - t0.tv_nsec) / 1000000;
    if (ms > 1000)
        fail_msg("a 1 ms budget took %lld ms", ms);
    /* with the time to finish, the damage is found */
    assert_int_equal(ippon_db_check(dbpath, migdir, 60000, err, sizeof err), -1);
    if (!strstr(err, "the database is damaged"))
        fail_msg("%s", err);
}

static void damaged_read_is_counted(void **state)
{
    (void)state;
    assert_int_equal(ippon_sql_failure_of_sqlite(SQLITE_CORRUPT), IPPON_SQL_UNREADABLE);
    assert_int_equal(ippon_sql_failure_of_sqlite(SQLITE_NOTADB), IPPON_SQL_UNREADABLE);
    assert_int_equal(ippon_sql_failure_of_sqlite(SQLITE_IOERR_READ), IPPON_SQL_UNREADABLE);
    assert_int_equal(ippon_sql_failure_of_sqlite(SQLITE_IOERR_SHORT_READ), IPPON_SQL_UNREADABLE);
    assert_int_equal(ippon_sql_failure_of_sqlite(SQLITE_IOERR_WRITE), IPPON_SQL_UNWRITABLE);
    assert_int_equal(ippon_sql_failure_of_sqlite(SQLITE_FULL), IPPON_SQL_UNWRITABLE);

    migrated();
    lite_exec("PRAGMA wal_checkpoint(TRUNCATE)");
    ippon_store *st = NULL;
    char err[512], words[160];
    if (ippon_store_open(&st, dbpath, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(ippon_store_unreadable(st, words, sizeof words), 0);
    assert_string_equal(words, "");
    zero_roots_of("users");
    ippon_user u;
    assert_int_equal(ippon_store_user_get(st, "0123456789abcdef0123456789abcdef", &u), -1);
    assert_int_equal(ippon_store_unreadable(st, words, sizeof words), 1);
    if (!strstr(words, "malformed"))
        fail_msg("the first unreadable read's words: %s", words);
    assert_int_equal(ippon_store_ping(st), 0); /* SELECT 1 reads no page: a ping alone cannot tell */
    ippon_store_close(st);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        T(new_database_passes),
        T(migrated_database_is_marked_and_passes),
        T(old_ippon_database_passes_and_is_marked),
        T(foreign_application_id_refused),
        T(foreign_schema_refused),
        T(ippon_layout_other_migrations_refused),
        T(not_a_database_refused),
        T(zeroed_page_found_by_quick_check),
        T(quick_check_keeps_to_its_budget),
        T(damaged_read_is_counted),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
