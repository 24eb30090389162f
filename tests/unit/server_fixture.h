/*
 * server_fixture.h — what the server's unit tests (test_server_*.c) share: a store migrated
 * with the repository's real migrations (in memory or in a file), the tests' user ids and
 * guests, matches saved with chosen results, raw SQL on a store, and scratch folders under /tmp
 * made and removed again.
 *
 * The same tests run on PostgreSQL when IPPON_TEST_POSTGRES holds a connection URI (ctest's
 * "_pg" runs: tests/CMakeLists.txt starts a PostgreSQL of their own): every fresh database a test
 * asks for (":memory:", fixture_temp_db) is then a fresh schema of that database, reached by a
 * URI whose search_path names it, and the migrations are migrations/postgres/. The SQL the tests
 * run themselves keeps to what both engines share (store/sql.h).
 *
 * Header-only (static inline): each test program includes it after <cmocka.h>'s own
 * prerequisites and links ippon_server, as every test_server_* target does.
 */
#ifndef IPPON_TESTS_SERVER_FIXTURE_H
#define IPPON_TESTS_SERVER_FIXTURE_H

#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <libpq-fe.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "ippon/rules.h"
#include "store/store.h"
#include "store/store_matches.h"
#include "store/sql.h"
#include "store/store_private.h"

/* the PostgreSQL the tests run on (IPPON_TEST_POSTGRES), or NULL: SQLite */
static inline const char *fixture_postgres(void)
{
    const char *uri = getenv("IPPON_TEST_POSTGRES");
    return uri && *uri ? uri : NULL;
}

/* the repository's migrations for the engine the tests run on */
static inline const char *fixture_migrations(void)
{
    static char dir[512];
    snprintf(dir, sizeof dir, "%s/migrations%s", IPPON_TEST_SOURCE_DIR, fixture_postgres() ? "/postgres" : "");
    return dir;
}

/*
 * A fresh empty database on the PostgreSQL of IPPON_TEST_POSTGRES: a new schema, and in out the
 * URI that reaches it (its search_path). The test fails if PostgreSQL cannot make it.
 */
static inline void fixture_pg_fresh(char *out, size_t cap)
{
    static int made;
    const char *base = fixture_postgres();
    char schema[64];
    snprintf(schema, sizeof schema, "t%ld_%d", (long)getpid(), ++made);
    PGconn *conn = PQconnectdb(base);
    if (PQstatus(conn) != CONNECTION_OK)
        fail_msg("IPPON_TEST_POSTGRES: %s", PQerrorMessage(conn));
    char sql[128];
    snprintf(sql, sizeof sql, "CREATE SCHEMA %s", schema);
    PGresult *r = PQexec(conn, sql);
    if (PQresultStatus(r) != PGRES_COMMAND_OK)
        fail_msg("%s: %s", sql, PQresultErrorMessage(r));
    PQclear(r);
    PQfinish(conn);
    snprintf(out, cap, "%s%coptions=-csearch_path%%3D%s", base, strchr(base, '?') ? '&' : '?', schema);
}

/*
 * Open the store at path (":memory:" for one of the test's own) and bring it up to date with
 * the repository's migrations: 0, or -1 with the reason on stderr (for a cmocka setup). On
 * PostgreSQL, ":memory:" is a fresh schema and any other path the place fixture_temp_db gave.
 */
static inline int fixture_store_migrated(ippon_store **st, const char *path)
{
    char err[512], fresh[1024];
    const char *migrations = fixture_migrations();
    if (fixture_postgres() && strcmp(path, ":memory:") == 0) {
        fixture_pg_fresh(fresh, sizeof fresh);
        path = fresh;
    }
    if (ippon_store_open(st, path, err, sizeof err) != 0 ||
        ippon_store_migrate(*st, migrations, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

/* close *st and forget it: 0 (for a cmocka teardown) */
static inline int fixture_store_close(ippon_store **st)
{
    ippon_store_close(*st);
    *st = NULL;
    return 0;
}

/* run sql on the store's database; the test fails naming the statement if it does not run */
static inline void fixture_exec(ippon_store *st, const char *sql)
{
    if (ippon_sql_exec(st->db, sql) != 0)
        fail_msg("%.200s: %s", sql, ippon_sql_errmsg(st->db));
}

/* the first column of the first row of sql (a count, a sum): the test fails if there is none */
static inline int64_t fixture_int(ippon_store *st, const char *sql)
{
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, sql);
    if (!q)
        fail_msg("%.200s: %s", sql, ippon_sql_errmsg(st->db));
    if (ippon_sql_step(q) != IPPON_SQL_ROW)
        fail_msg("%.200s: no row (%s)", sql, ippon_sql_errmsg(st->db));
    int64_t v = ippon_sql_column_int64(q, 0);
    ippon_sql_finalize(q);
    return v;
}

/* the tests' user ids: fixture_uid('a') is "000…0a" (32 hex digits); each letter keeps its own */
static inline const char *fixture_uid(char c)
{
    static char ids[128][IPPON_USER_ID_LEN + 1];
    snprintf(ids[c & 127], sizeof ids[0], "%031x%c", 0, c);
    return ids[c & 127];
}

/* a guest with id fixture_uid(c), this display name and a session whose token hash is all c */
static inline void fixture_add_guest(ippon_store *st, char c, const char *name)
{
    ippon_user u = {0};
    if (snprintf(u.id, sizeof u.id, "%s", fixture_uid(c)) >= (int)sizeof u.id)
        fail_msg("fixture_add_guest: the id of '%c' does not fit a user id", c);
    snprintf(u.display_name, sizeof u.display_name, "%s", name);
    u.guest = true;
    u.created_at = u.last_seen_at = 1000;
    ippon_session s = {.created_at = 1000, .expires_at = 1LL << 40, .last_used_at = 1000};
    memset(s.token_hash, c, sizeof s.token_hash);
    int taken = 0;
    assert_int_equal(ippon_store_user_create(st, &u, NULL, &s, &taken), 0);
}

/*
 * Save one match through ippon_store_save_match: its id is id padded on the left with zeros to 32
 * hex digits; seats "abc." (a letter: the user fixture_uid(letter); '.': a bot) with these
 * results, one hand, the wins wins_json (JSON text: [{"seat":0,"from":2}, …]), ended at ended_ms.
 */
static inline void fixture_save_match_wins(ippon_store *st, const char *id, const char *seats, const int results[], bool ranked,
                                           bool completed, int64_t ended_ms, const char *wins_json)
{
    int n = (int)strlen(seats);
    ippon_seat_player players[4];
    int32_t finals[4], res[4];
    int start = n == 4 ? 25000 : 35000;
    for (int i = 0; i < n; i++) {
        memset(&players[i], 0, sizeof players[i]);
        players[i].bot = seats[i] == '.';
        if (!players[i].bot)
            snprintf(players[i].user_id, sizeof players[i].user_id, "%s", fixture_uid(seats[i]));
        snprintf(players[i].name, sizeof players[i].name, players[i].bot ? "Bot-%d" : "then-%c", players[i].bot ? i : seats[i]);
        res[i] = results[i];
        finals[i] = start + results[i];
    }
    char match_id[IPPON_USER_ID_LEN + 1];
    snprintf(match_id, sizeof match_id, "%032x", 0);
    memcpy(match_id + IPPON_USER_ID_LEN - strlen(id), id, strlen(id));
    json_t *seeds = json_pack("[s]", "ab"), *actions = json_array(), *wins = json_loads(wins_json, 0, NULL);
    if (!wins)
        fail_msg("fixture_save_match_wins: not JSON: %s", wins_json);
    ippon_stored_match rec = {
        .id = match_id, .rules = ippon_rules_preset(n == 4 ? "yonma" : "sanma"), .players = n, .ranked = ranked,
        .completed = completed, .started_ms = ended_ms - 60000, .ended_ms = ended_ms, .hands = 1, .seats = players,
        .final_points = finals, .results = res, .seeds = seeds, .actions = actions, .wins = wins,
    };
    char err[256];
    if (ippon_store_save_match(st, &rec, err, sizeof err) != 0)
        fail_msg("%s", err);
    json_decref(seeds);
    json_decref(actions);
    json_decref(wins);
}

/* fixture_save_match_wins with one win, by seat 0 */
static inline void fixture_save_match(ippon_store *st, const char *id, const char *seats, const int results[], bool ranked, bool completed,
                                      int64_t ended_ms)
{
    fixture_save_match_wins(st, id, seats, results, ranked, completed, ended_ms, "[{\"seat\":0}]");
}

/* a new empty folder /tmp/ippon-<name>-XXXXXX, its path in dir: 0, or -1 */
static inline int fixture_temp_dir(char *dir, size_t cap, const char *name)
{
    snprintf(dir, cap, "/tmp/ippon-%s-XXXXXX", name);
    return mkdtemp(dir) ? 0 : -1;
}

/* a fresh temporary folder (as fixture_temp_dir) and where a database is: a file in it, or on
   PostgreSQL a fresh schema's URI (fixture_pg_fresh) */
static inline int fixture_temp_db(char *dir, size_t dir_cap, char *db, size_t db_cap, const char *name)
{
    if (fixture_temp_dir(dir, dir_cap, name) != 0)
        return -1;
    if (fixture_postgres())
        fixture_pg_fresh(db, db_cap);
    else
        snprintf(db, db_cap, "%s/ippon.db", dir);
    return 0;
}

/* rm -r path (a file, or a folder and all below it) */
static inline void fixture_remove_tree(const char *path)
{
    DIR *d = opendir(path);
    if (!d) {
        unlink(path);
        return;
    }
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        size_t cap = strlen(path) + 1 + strlen(e->d_name) + 1; /* path "/" name NUL */
        char *child = malloc(cap);
        if (!child)
            break; /* out of memory: leave the rest */
        snprintf(child, cap, "%s/%s", path, e->d_name);
        fixture_remove_tree(child);
        free(child);
    }
    closedir(d);
    rmdir(path);
}

#endif
