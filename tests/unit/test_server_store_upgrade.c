/*
 * test_server_store_upgrade.c — upgrading a database made before the rankings' totals: a file
 * database is migrated with the repository's migrations up to 0004 only (as an older server
 * left it) and filled with rows by plain SQL (users, sessions, a setting, matches of every kind:
 * ron, tsumo, double ron, unranked, unfinished, voided, 3-player, one with unreadable wins).
 * Then it is opened and migrated again with every migration, as a new server does at start-up.
 * Every row of every older table must still be there with the same values; the new columns
 * must be filled in (won, dealt_in: the values this test works out by hand, NULL for the
 * unreadable wins; ended_at, mode, counted and voided, copied from the match; the count of matches);
 * rank_totals must hold the hand-computed totals; and the new parts work
 * over REST: the leaderboard, a profile's deal-in rate, and a new match written afterwards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <dirent.h>
#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "server_fixture.h"

#include "ippon/rules.h"
#include "base/log.h"
#include "api/rest.h"
#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_private.h"
#include "store/store_rankings.h"

static char dir[256], old_migrations[300], db[300];

static const char *const old_tables[] = {"settings", "users", "sessions", "matches", "match_players",
                                         "schema_migrations"};
enum { OLD_TABLES = 6 };

/* copies the repository's migrations numbered up to 4 into old_migrations */
static void copy_old_migrations(void)
{
    char src[512];
    snprintf(src, sizeof src, "%s/migrations", IPPON_TEST_SOURCE_DIR);
    DIR *d = opendir(src);
    assert_non_null(d);
    struct dirent *e;
    int copied = 0;
    while ((e = readdir(d))) {
        if (atoi(e->d_name) < 1 || atoi(e->d_name) > 4 || !strstr(e->d_name, ".sql"))
            continue;
        char from[800], to[800];
        snprintf(from, sizeof from, "%s/%s", src, e->d_name);
        snprintf(to, sizeof to, "%s/%s", old_migrations, e->d_name);
        FILE *in = fopen(from, "rb"), *out = fopen(to, "wb");
        assert_non_null(in);
        assert_non_null(out);
        char buf[4096];
        size_t n;
        while ((n = fread(buf, 1, sizeof buf, in)) > 0)
            assert_int_equal(fwrite(buf, 1, n, out), n);
        fclose(in);
        fclose(out);
        copied++;
    }
    closedir(d);
    assert_int_equal(copied, 4);
}

/* every row of table t, the columns given (NULL: all), as one text */
static char *dump(ippon_store *st, const char *t, const char *columns)
{
    char sql[512];
    snprintf(sql, sizeof sql, "SELECT %s FROM %s ORDER BY 1, 2", columns ? columns : "*", t);
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, sql);
    if (!q)
        fail_msg("%s: %s", sql, ippon_sql_errmsg(st->db));
    char *text = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&text, &len);
    int rows = 0;
    while (ippon_sql_step(q) == IPPON_SQL_ROW) {
        for (int c = 0; c < ippon_sql_column_count(q); c++) {
            if (ippon_sql_column_is_null(q, c))
                fputs("NULL|", f);
            else
                fprintf(f, "%s|", ippon_sql_column_text(q, c));
        }
        fputc('\n', f);
        rows++;
    }
    ippon_sql_finalize(q);
    fclose(f);
    assert_true(rows > 0);
    return text;
}

/* the table's columns, comma-separated */
static void columns_of(ippon_store *st, const char *t, char *out, size_t outlen)
{
    char sql[128];
    snprintf(sql, sizeof sql, "PRAGMA table_info(%s)", t);
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, sql);
    assert_non_null(q);
    out[0] = '\0';
    while (ippon_sql_step(q) == IPPON_SQL_ROW) {
        size_t n = strlen(out);
        snprintf(out + n, outlen - n, "%s%s", n ? ", " : "", ippon_sql_column_text(q, 1));
    }
    ippon_sql_finalize(q);
}

#define A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define C "cccccccccccccccccccccccccccccccc"

/* matches as a 0004 server wrote them; wins as the table announces them ({"seat","from",…}) */
static const char old_rows[] =
    "INSERT INTO settings VALUES ('bot_fill_after', '30', 1000);"
    "INSERT INTO users (id, display_name, username, password_hash, is_admin, created_at, last_seen_at) VALUES"
    " ('" A "', 'Aki', NULL, NULL, 0, 100, 200), ('" B "', 'Ben', 'ben', '$argon2id$x', 1, 101, 201),"
    " ('" C "', 'Chi', NULL, NULL, 0, 102, 202);"
    "INSERT INTO sessions VALUES (zeroblob(32), '" A "', 100, 99999999999, 150);"
    /* m1: A wins by ron from B */
    "INSERT INTO matches VALUES ('m1', '4p', 'yonma', 1, 1, 1000, 2000, 3, '[\"s1\",\"s2\",\"s3\"]', '[]',"
    " '[{\"type\":\"win\",\"seat\":0,\"from\":1}]', NULL, NULL);"
    "INSERT INTO match_players VALUES ('m1', 0, '" A "', 'Aki', 0, 33000, 8000), ('m1', 1, '" B "', 'Ben', 0, 17000, -8000),"
    " ('m1', 2, NULL, 'Bot 2', 1, 25000, 0), ('m1', 3, NULL, 'Bot 3', 1, 25000, 0);"
    /* m2: B wins by tsumo */
    "INSERT INTO matches VALUES ('m2', '4p', 'yonma', 1, 1, 3000, 4000, 1, '[\"s\"]', '[]',"
    " '[{\"type\":\"win\",\"seat\":1,\"from\":1}]', NULL, NULL);"
    "INSERT INTO match_players VALUES ('m2', 0, '" A "', 'Aki', 0, 23000, -2000), ('m2', 1, '" B "', 'Ben', 0, 31000, 6000),"
    " ('m2', 2, '" C "', 'Chi', 0, 23000, -2000), ('m2', 3, NULL, 'Bot 3', 1, 23000, -2000);"
    /* m3: double ron from C: A +12000 (won), B +3900 (not the top result) */
    "INSERT INTO matches VALUES ('m3', '4p', 'yonma', 1, 1, 5000, 6000, 2, '[\"s\",\"t\"]', '[]',"
    " '[{\"type\":\"win\",\"seat\":0,\"from\":2},{\"type\":\"win\",\"seat\":1,\"from\":2}]', NULL, NULL);"
    "INSERT INTO match_players VALUES ('m3', 0, '" A "', 'Aki', 0, 37000, 12000), ('m3', 1, '" B "', 'Ben', 0, 28900, 3900),"
    " ('m3', 2, '" C "', 'Chi', 0, 9100, -15900), ('m3', 3, NULL, 'Bot 3', 1, 25000, 0);"
    /* never counted: unranked, unfinished, voided */
    "INSERT INTO matches VALUES ('m4', '4p', 'yonma', 0, 1, 7000, 8000, 1, '[]', '[]',"
    " '[{\"type\":\"win\",\"seat\":2,\"from\":0}]', NULL, NULL);"
    "INSERT INTO match_players VALUES ('m4', 0, '" A "', 'Aki', 0, 1000, -24000), ('m4', 1, NULL, 'Bot 1', 1, 25000, 0),"
    " ('m4', 2, '" C "', 'Chi', 0, 49000, 24000), ('m4', 3, NULL, 'Bot 3', 1, 25000, 0);"
    "INSERT INTO matches VALUES ('m5', '4p', 'yonma', 0, 0, 9000, 9500, 4, '[]', '[]', '[]', NULL, NULL);"
    "INSERT INTO match_players VALUES ('m5', 0, '" C "', 'Chi', 0, 20000, 0), ('m5', 1, NULL, 'Bot 1', 1, 30000, 0),"
    " ('m5', 2, NULL, 'Bot 2', 1, 25000, 0), ('m5', 3, NULL, 'Bot 3', 1, 25000, 0);"
    "INSERT INTO matches VALUES ('m6', '4p', 'yonma', 1, 1, 9000, 9900, 1, '[]', '[]',"
    " '[{\"type\":\"win\",\"seat\":0,\"from\":1}]', 9999, 'cheating');"
    "INSERT INTO match_players VALUES ('m6', 0, '" C "', 'Chi', 0, 75000, 50000), ('m6', 1, '" A "', 'Aki', 0, -25000, -50000),"
    " ('m6', 2, NULL, 'Bot 2', 1, 25000, 0), ('m6', 3, NULL, 'Bot 3', 1, 25000, 0);"
    /* 3p: C wins by ron from A */
    "INSERT INTO matches VALUES ('m7', '3p', 'sanma', 1, 1, 10000, 11000, 2, '[\"s\",\"t\"]', '[]',"
    " '[{\"type\":\"win\",\"seat\":2,\"from\":0}]', NULL, NULL);"
    "INSERT INTO match_players VALUES ('m7', 0, '" A "', 'Aki', 0, 27000, -8000), ('m7', 1, NULL, 'Bot 1', 1, 35000, 0),"
    " ('m7', 2, '" C "', 'Chi', 0, 43000, 8000);"
    /* wins that cannot be read: deal-ins unknown */
    "INSERT INTO matches VALUES ('m8', '3p', 'sanma', 1, 1, 12000, 13000, 5, '[]', '[]', 'not json', NULL, NULL);"
    "INSERT INTO match_players VALUES ('m8', 0, '" A "', 'Aki', 0, 37000, 2000), ('m8', 1, '" B "', 'Ben', 0, 33000, -2000),"
    " ('m8', 2, NULL, 'Bot 2', 1, 35000, 0);";

static void upgrade_keeps_every_row(void **state)
{
    (void)state;
    char err[512];
    ippon_store *st;
    int applied = 0;
    assert_int_equal(ippon_store_open(&st, db, err, sizeof err), 0);
    if (ippon_store_migrate(st, old_migrations, &applied, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_int_equal(applied, 4);
    fixture_exec(st, old_rows);
    char *before[OLD_TABLES], columns[OLD_TABLES][512];
    for (int t = 0; t < OLD_TABLES; t++) {
        columns_of(st, old_tables[t], columns[t], sizeof columns[t]);
        before[t] = dump(st, old_tables[t], NULL);
    }
    ippon_store_close(st);

    /* a new server starts on it */
    char all[512];
    snprintf(all, sizeof all, "%s/migrations", IPPON_TEST_SOURCE_DIR);
    assert_int_equal(ippon_store_open(&st, db, err, sizeof err), 0);
    if (ippon_store_migrate(st, all, &applied, err, sizeof err) != 0)
        fail_msg("%s", err);
    assert_true(applied >= 1);
    for (int t = 0; t < OLD_TABLES; t++) {
        char *after = dump(st, old_tables[t], columns[t]);
        if (t == OLD_TABLES - 1) /* schema_migrations: the old rows come first, then the new ones */
            assert_memory_equal(after, before[t], strlen(before[t]));
        else
            assert_string_equal(after, before[t]);
        free(after);
        free(before[t]);
    }

    /* the new columns, worked out by hand from the rows above */
    char *derived = dump(st, "match_players", "match_id, seat, won, dealt_in");
    assert_string_equal(derived, "m1|0|1|0|\nm1|1|0|1|\nm1|2|0|0|\nm1|3|0|0|\n"
                                 "m2|0|0|0|\nm2|1|1|0|\nm2|2|0|0|\nm2|3|0|0|\n"
                                 "m3|0|1|0|\nm3|1|0|0|\nm3|2|0|1|\nm3|3|0|0|\n"
                                 "m4|0|0|1|\nm4|1|0|0|\nm4|2|1|0|\nm4|3|0|0|\n"
                                 "m5|0|0|0|\nm5|1|0|0|\nm5|2|0|0|\nm5|3|0|0|\n"
                                 "m6|0|1|0|\nm6|1|0|1|\nm6|2|0|0|\nm6|3|0|0|\n"
                                 "m7|0|0|1|\nm7|1|0|0|\nm7|2|1|0|\n"
                                 "m8|0|1|NULL|\nm8|1|0|NULL|\nm8|2|0|NULL|\n");
    free(derived);
    char *times = dump(st, "match_players p JOIN matches m ON m.id = p.match_id",
                       "count(*), sum(p.ended_at = m.ended_at), 'rows'");
    assert_string_equal(times, "30|30|rows|\n");
    free(times);
    /* 0007: each row's copy of its match's mode, counted (m1-m3, m7, m8) and voided (m6) */
    char *copies = dump(st, "match_players", "DISTINCT match_id, mode, counted, voided");
    assert_string_equal(copies, "m1|4p|1|0|\nm2|4p|1|0|\nm3|4p|1|0|\nm4|4p|0|0|\nm5|4p|0|0|\nm6|4p|0|1|\n"
                                "m7|3p|1|0|\nm8|3p|1|0|\n");
    free(copies);
    char *count = dump(st, "rank_version", "matches, 'matches'");
    assert_string_equal(count, "8|matches|\n");
    free(count);
    /* mode, user, games, total, wins, best, hands, deal-ins, hands with deal-ins known */
    char *totals = dump(st, "rank_totals", "mode, user_id, games, total, wins, best, hands, deal_ins, known_hands");
    assert_string_equal(totals, "3p|" A "|2|-6000|1|2000|7|1|2|\n"
                                "3p|" B "|1|-2000|0|-2000|5|0|0|\n"
                                "3p|" C "|1|8000|1|8000|2|0|2|\n"
                                "4p|" A "|3|18000|2|12000|6|0|6|\n"
                                "4p|" B "|3|1900|1|6000|6|1|6|\n"
                                "4p|" C "|2|-17900|0|-2000|3|1|3|\n");
    free(totals);

    /* over REST: the leaderboard, a profile */
    ippon_config cfg = {.leaderboard_min_games = 1};
    ippon_app app = {.store = st, .config = &cfg};
    const char *args[] = {"mode=4p"};
    ippon_rest_request req = {.method = IPPON_HTTP_GET, .path = "/api/leaderboard", .args = args, .arg_count = 1};
    ippon_rest_response res;
    ippon_rest_handle(&app, &req, &res);
    assert_int_equal(res.status, 200);
    json_t *board = json_loads(res.body, 0, NULL);
    ippon_rest_response_free(&res);
    json_t *rows = json_object_get(board, "rows");
    assert_int_equal(json_array_size(rows), 3);
    const char *order[] = {A, B, C};
    const int totals4[] = {18000, 1900, -17900};
    for (int i = 0; i < 3; i++) {
        assert_string_equal(json_string_value(json_object_get(json_array_get(rows, i), "user_id")), order[i]);
        assert_int_equal(json_integer_value(json_object_get(json_array_get(rows, i), "total")), totals4[i]);
    }
    json_decref(board);

    ippon_rest_request prof = {.method = IPPON_HTTP_GET, .path = "/api/players/" B};
    ippon_rest_handle(&app, &prof, &res);
    assert_int_equal(res.status, 200);
    json_t *p = json_loads(res.body, 0, NULL);
    ippon_rest_response_free(&res);
    json_t *m4 = json_object_get(json_object_get(p, "modes"), "4p"), *m3 = json_object_get(json_object_get(p, "modes"), "3p");
    assert_int_equal(json_integer_value(json_object_get(m4, "hands")), 6);
    assert_int_equal(json_integer_value(json_object_get(m4, "deal_ins")), 1);
    assert_true(json_real_value(json_object_get(m4, "deal_in_rate")) == 1.0 / 6.0);
    assert_true(json_real_value(json_object_get(m4, "hand_win_rate")) == 1.0 / 6.0);
    assert_true(json_is_null(json_object_get(m3, "deal_in_rate"))); /* its one 3p game's wins were unreadable */
    /* B's chart: m1 −8000, m2 +6000, m3 +3900 (4p); m8 −2000 (3p); its recent matches newest first */
    json_t *h4 = json_object_get(json_object_get(p, "history"), "4p");
    assert_int_equal(json_array_size(h4), 3);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(h4, 0), "cumulative")), -8000);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(h4, 2), "cumulative")), 1900);
    assert_int_equal(json_array_size(json_object_get(json_object_get(p, "history"), "3p")), 1);
    json_t *recent = json_object_get(p, "recent");
    assert_int_equal(json_array_size(recent), 4);
    assert_string_equal(json_string_value(json_object_get(json_array_get(recent, 0), "id")), "m8");
    assert_string_equal(json_string_value(json_object_get(json_array_get(recent, 0), "mode")), "3p");
    json_decref(p);

    /* a match written after the upgrade counts at once */
    ippon_seat_player seats[4] = {{.name = "Chi"}, {.name = "Bot", .bot = true}, {.name = "Bot", .bot = true},
                                   {.name = "Bot", .bot = true}};
    snprintf(seats[0].user_id, sizeof seats[0].user_id, "%s", C);
    int32_t finals[4] = {73000, 9000, 9000, 9000}, results[4] = {48000, -16000, -16000, -16000};
    json_t *seeds = json_pack("[s]", "x"), *actions = json_array(),
           *wins = json_pack("[{s:s,s:i,s:i}]", "type", "win", "seat", 0, "from", 0);
    ippon_stored_match rec = {.id = "m9", .rules = ippon_rules_preset("yonma"), .players = 4, .ranked = true,
                              .completed = true, .started_ms = 14000, .ended_ms = 15000, .hands = 1, .seats = seats,
                              .final_points = finals, .results = results, .seeds = seeds, .actions = actions,
                              .wins = wins};
    assert_int_equal(ippon_store_save_match(st, &rec, err, sizeof err), 0);
    json_decref(seeds);
    json_decref(actions);
    json_decref(wins);
    ippon_rest_handle(&app, &req, &res);
    board = json_loads(res.body, 0, NULL);
    ippon_rest_response_free(&res);
    json_t *top = json_array_get(json_object_get(board, "rows"), 0);
    assert_string_equal(json_string_value(json_object_get(top, "user_id")), C);
    assert_int_equal(json_integer_value(json_object_get(top, "total")), 48000 - 17900);
    assert_int_equal(json_integer_value(json_object_get(top, "games")), 3);
    json_decref(board);
    ippon_store_close(st);
}

static int setup(void **state)
{
    (void)state;
    if (fixture_temp_db(dir, sizeof dir, db, sizeof db, "upgrade") != 0)
        return -1;
    snprintf(old_migrations, sizeof old_migrations, "%s/old", dir);
    if (mkdir(old_migrations, 0755) != 0)
        return -1;
    copy_old_migrations();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    fixture_remove_tree(dir);
    return 0;
}

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(upgrade_keeps_every_row, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
