/*
 * test_server_store.c — the store (src/server/store/store.c): opening a database file (its
 * folder created, WAL mode) and applying migrations: in numeric order, each once, a
 * re-run applying nothing, a failing one rolled back with its file named, and the
 * naming rules. The tests look inside the database with SQLite directly; the server
 * itself never does.
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
#include <unistd.h>

#include "server_fixture.h"

#include "base/log.h"
#include "store/store.h"

static char tmpdir[64];
static char migdir[128];
static char dbpath[160];

static int setup(void **state)
{
    (void)state;
    if (fixture_temp_dir(tmpdir, sizeof tmpdir, "test-store") != 0)
        return -1;
    snprintf(migdir, sizeof migdir, "%s/migrations", tmpdir);
    snprintf(dbpath, sizeof dbpath, "%s/data/sub/test.db", tmpdir); /* folders not there yet */
    return mkdir(migdir, 0755);
}

static int teardown(void **state)
{
    (void)state;
    fixture_remove_tree(tmpdir);
    return 0;
}

static void write_migration(const char *name, const char *sql)
{
    char path[256];
    snprintf(path, sizeof path, "%s/%s", migdir, name);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(sql, f);
    fclose(f);
}

/* open the test database, migrate, close; returns the migrate result */
static int migrate(int *applied, char *err, size_t errlen)
{
    ippon_store *st = NULL;
    if (ippon_store_open(&st, dbpath, err, errlen) != 0)
        fail_msg("open: %s", err);
    int rc = ippon_store_migrate(st, migdir, applied, err, errlen);
    ippon_store_close(st);
    return rc;
}

/* the result of a one-value query on the test database, as text ("" for no row) */
static void query(const char *sql, char *out, size_t outlen)
{
    sqlite3 *db = NULL;
    sqlite3_stmt *stmt = NULL;
    assert_int_equal(sqlite3_open_v2(dbpath, &db, SQLITE_OPEN_READONLY, NULL), SQLITE_OK);
    if (sqlite3_prepare_v2(db, sql, -1, &stmt, NULL) != SQLITE_OK)
        fail_msg("%s: %s", sql, sqlite3_errmsg(db));
    const unsigned char *text = sqlite3_step(stmt) == SQLITE_ROW ? sqlite3_column_text(stmt, 0) : NULL;
    snprintf(out, outlen, "%s", text ? (const char *)text : "");
    sqlite3_finalize(stmt);
    sqlite3_close(db);
}

/* the whole schema and the migration log, to compare before and after */
static void snapshot(char *out, size_t outlen)
{
    query("SELECT group_concat(type || ' ' || name || ' ' || coalesce(sql, ''), ';') FROM "
          "(SELECT * FROM sqlite_master ORDER BY name)",
          out, outlen);
    size_t n = strlen(out);
    query("SELECT group_concat(version || ':' || name, ',') FROM "
          "(SELECT * FROM schema_migrations ORDER BY version)",
          out + n, outlen - n);
}

static void open_creates_folder_and_uses_wal(void **state)
{
    (void)state;
    char err[512], mode[16];
    ippon_store *st = NULL;
    if (ippon_store_open(&st, dbpath, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(ippon_store_ping(st), 0);
    ippon_store_close(st);
    struct stat sb;
    assert_int_equal(stat(dbpath, &sb), 0);
    query("PRAGMA journal_mode", mode, sizeof mode);
    assert_string_equal(mode, "wal");
}

static void open_errors(void **state)
{
    (void)state;
    char err[512], path[256];
    ippon_store *st = NULL;
    /* a file where a folder should be */
    write_migration("plain", "not a folder");
    snprintf(path, sizeof path, "%s/plain/x.db", migdir);
    assert_int_equal(ippon_store_open(&st, path, err, sizeof err), -1);
    assert_null(st);
    assert_non_null(strstr(err, path));
    /* a file that is not a database */
    snprintf(path, sizeof path, "%s/plain", migdir);
    assert_int_equal(ippon_store_open(&st, path, err, sizeof err), -1);
    assert_null(st);
    assert_non_null(strstr(err, path));
    assert_non_null(strstr(err, "not a database"));
}

static void ping_without_store(void **state)
{
    (void)state;
    assert_int_equal(ippon_store_ping(NULL), -1);
    ippon_store_close(NULL);
}

static void in_memory(void **state)
{
    (void)state;
    char err[512];
    ippon_store *st = NULL;
    assert_int_equal(ippon_store_open(&st, ":memory:", err, sizeof err), 0);
    assert_int_equal(ippon_store_ping(st), 0);
    ippon_store_close(st);
}

static void applies_in_numeric_order_each_once(void **state)
{
    (void)state;
    char err[512], got[512];
    int applied = -1;
    /* each needs the one before; in name order "10_" would come before "2_" */
    write_migration("1_a.sql", "CREATE TABLE a (x INTEGER);");
    write_migration("2_b.sql", "INSERT INTO a VALUES (2); CREATE TABLE b (y INTEGER);");
    write_migration("10_c.sql", "INSERT INTO b SELECT x * 5 FROM a;");
    write_migration("README", "not a migration: ignored");
    write_migration(".0003_hidden.sql", "this is not SQL: ignored");
    if (migrate(&applied, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(applied, 3);
    query("SELECT group_concat(version || '=' || name, ' ') FROM "
          "(SELECT * FROM schema_migrations ORDER BY rowid)",
          got, sizeof got);
    assert_string_equal(got, "1=1_a.sql 2=2_b.sql 10=10_c.sql");
    query("SELECT y FROM b", got, sizeof got);
    assert_string_equal(got, "10");
    query("SELECT count(*) FROM schema_migrations WHERE applied_at > 1700000000", got, sizeof got);
    assert_string_equal(got, "3");

    /* again: nothing to do, nothing runs twice */
    assert_int_equal(migrate(&applied, err, sizeof err), 0);
    assert_int_equal(applied, 0);
    query("SELECT count(*) FROM b", got, sizeof got);
    assert_string_equal(got, "1");

    /* a new one: only it runs */
    write_migration("11_d.sql", "INSERT INTO b VALUES (11);");
    assert_int_equal(migrate(&applied, err, sizeof err), 0);
    assert_int_equal(applied, 1);
    query("SELECT group_concat(y, ',') FROM (SELECT y FROM b ORDER BY y)", got, sizeof got);
    assert_string_equal(got, "10,11");
}

static void repo_migrations(void **state)
{
    (void)state;
    /* the shipped migrations apply to a new database, and 0001 makes the settings table */
    char err[512], got[256];
    int applied = 0;
    snprintf(migdir, sizeof migdir, "%s/migrations", IPPON_TEST_SOURCE_DIR);
    if (migrate(&applied, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_true(applied >= 1);
    query("SELECT name FROM schema_migrations WHERE version = 1", got, sizeof got);
    assert_string_equal(got, "0001_settings.sql");
    query("SELECT group_concat(name || ' ' || type || ' ' || \"notnull\" || ' ' || pk, ', ') "
          "FROM pragma_table_info('settings')",
          got, sizeof got);
    assert_string_equal(got, "key TEXT 0 1, value TEXT 1 0, updated_at INTEGER 1 0");
    snprintf(migdir, sizeof migdir, "%s/migrations", tmpdir);
}

static void failing_migration_rolls_back(void **state)
{
    (void)state;
    char err[512], before[4096], after[4096], got[64];
    int applied = -1;
    write_migration("0001_a.sql", "CREATE TABLE a (x INTEGER);");
    assert_int_equal(migrate(&applied, err, sizeof err), 0);
    snapshot(before, sizeof before);

    /* its first statements succeed, then one fails: all of it must be undone */
    write_migration("0002_bad.sql", "CREATE TABLE t (x INTEGER);\n"
                                    "INSERT INTO a VALUES (1);\n"
                                    "CREATE TABLE oops (;\n");
    write_migration("0003_later.sql", "CREATE TABLE later (x INTEGER);");
    assert_int_equal(migrate(&applied, err, sizeof err), -1);
    assert_int_equal(applied, 0);
    if (!strstr(err, "0002_bad.sql"))
        fail_msg("the message does not name the file: %s", err);
    if (!strstr(err, "syntax error"))
        fail_msg("the message does not carry SQLite's: %s", err);
    snapshot(after, sizeof after);
    assert_string_equal(before, after);
    query("SELECT count(*) FROM a", got, sizeof got);
    assert_string_equal(got, "0");

    /* fixed, it applies, and so does the one after it */
    write_migration("0002_bad.sql", "CREATE TABLE t (x INTEGER);");
    assert_int_equal(migrate(&applied, err, sizeof err), 0);
    assert_int_equal(applied, 2);
}

static void failing_first_migration_leaves_no_trace(void **state)
{
    (void)state;
    char err[512], got[256];
    write_migration("0001_a.sql", "CREATE TABLE a (x INTEGER); INSERT INTO nowhere VALUES (1);");
    assert_int_equal(migrate(NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "0001_a.sql"));
    assert_non_null(strstr(err, "no such table: nowhere"));
    query("SELECT group_concat(name) FROM sqlite_master WHERE name <> 'schema_migrations'", got,
          sizeof got);
    assert_string_equal(got, "");
    query("SELECT count(*) FROM schema_migrations", got, sizeof got);
    assert_string_equal(got, "0");
}

static void naming_rules(void **state)
{
    (void)state;
    char err[512];
    write_migration("0001_a.sql", "CREATE TABLE a (x INTEGER);");
    write_migration("01_again.sql", "CREATE TABLE b (x INTEGER);");
    assert_int_equal(migrate(NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "0001_a.sql"));
    assert_non_null(strstr(err, "01_again.sql"));
    assert_non_null(strstr(err, "same number"));

    char path[256];
    snprintf(path, sizeof path, "%s/01_again.sql", migdir);
    unlink(path);
    write_migration("add_things.sql", "CREATE TABLE c (x INTEGER);");
    assert_int_equal(migrate(NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "add_things.sql"));
    assert_non_null(strstr(err, "NNNN_name.sql"));
    snprintf(path, sizeof path, "%s/add_things.sql", migdir);
    unlink(path);
    write_migration("0002_.sql", "CREATE TABLE c (x INTEGER);");
    assert_int_equal(migrate(NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "0002_.sql"));
}

static void applied_migration_must_not_be_renamed(void **state)
{
    (void)state;
    char err[512], path[256];
    write_migration("0001_a.sql", "CREATE TABLE a (x INTEGER);");
    assert_int_equal(migrate(NULL, err, sizeof err), 0);
    snprintf(path, sizeof path, "%s/0001_a.sql", migdir);
    unlink(path);
    write_migration("0001_other.sql", "CREATE TABLE other (x INTEGER);");
    assert_int_equal(migrate(NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "0001_other.sql"));
    assert_non_null(strstr(err, "was applied as 0001_a.sql"));
}

static void migration_must_not_commit(void **state)
{
    (void)state;
    char err[512];
    write_migration("0001_a.sql", "CREATE TABLE a (x INTEGER); COMMIT;");
    assert_int_equal(migrate(NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, "0001_a.sql"));
    assert_non_null(strstr(err, "must not contain BEGIN, COMMIT or ROLLBACK"));
}

static void missing_folder(void **state)
{
    (void)state;
    char err[512];
    rmdir(migdir);
    assert_int_equal(migrate(NULL, err, sizeof err), -1);
    assert_non_null(strstr(err, migdir));
    assert_non_null(strstr(err, "No such file"));
}

static void empty_folder(void **state)
{
    (void)state;
    char err[512], got[16];
    int applied = -1;
    assert_int_equal(migrate(&applied, err, sizeof err), 0);
    assert_int_equal(applied, 0);
    query("SELECT count(*) FROM schema_migrations", got, sizeof got);
    assert_string_equal(got, "0");
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        T(open_creates_folder_and_uses_wal),
        T(open_errors),
        cmocka_unit_test(ping_without_store),
        cmocka_unit_test(in_memory),
        T(applies_in_numeric_order_each_once),
        T(repo_migrations),
        T(failing_migration_rolls_back),
        T(failing_first_migration_leaves_no_trace),
        T(naming_rules),
        T(applied_migration_must_not_be_renamed),
        T(migration_must_not_commit),
        T(missing_folder),
        T(empty_folder),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
