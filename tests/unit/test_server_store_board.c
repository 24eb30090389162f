/*
 * test_server_store_board.c — the leaderboards held in memory (store_board.c) against a model
 * kept by this test: random matches (both modes, humans and bots, ranked or not, finished or
 * not) are written through ippon_store_save_match while the test keeps its own list; between
 * writes, matches are voided with SQL (as an admin would), players renamed, matches written by
 * a second connection to the same database file (as another process would), and time moves
 * forward and sometimes back. After every step, random pages of every board (mode × period ×
 * min_games) must equal what the model computes from its own list with the rules of
 * store_rankings.h: counted games since now − window, totals, averages, wins (top result > 0),
 * best, the tie order, current names, ranks and the number of players ranked. The all-time
 * board is also read through the REST route, whose kept replies must follow every change.
 * rank_totals (kept by triggers) must equal the model's all-time sums at the end.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "server_fixture.h"

#include "ippon/rules.h"
#include "base/log.h"
#include "api/rest.h"
#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_private.h"
#include "api/rankings_json.h"
#include "store/store_rankings.h"

#define DAY_MS 86400000LL
#define T0 1800000000000LL
enum { USERS = 24, MAX_MATCHES = 700 };
#define MODEL_USERS USERS
#define MODEL_TAG 0xabc
#include "board_model.h"

static ippon_store *st, *other;
static char dir[256], dbpath[300];
static model_match mm[MAX_MATCHES];
static int n_matches;
static char names[USERS][32];

static const char *name_of(int u) { return names[u]; }

static int setup(void **state)
{
    (void)state;
    char err[512];
    if (fixture_temp_db(dir, sizeof dir, dbpath, sizeof dbpath, "board") != 0)
        return -1;
    if (fixture_store_migrated(&st, dbpath) != 0)
        return -1;
    if (ippon_store_open(&other, dbpath, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    for (int u = 0; u < USERS; u++)
        snprintf(names[u], sizeof names[u], "Player %02d", u);
    if (model_users_create(st, name_of) != 0)
        return -1;
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ippon_store_close(st);
    ippon_store_close(other);
    fixture_remove_tree(dir);
    return 0;
}

/* a random match, added to the model and written through `through` */
static void write_match(ippon_store *through, int64_t ended_at)
{
    assert_true(n_matches < MAX_MATCHES);
    model_match *m = &mm[n_matches];
    model_match_new(m, n_matches, ended_at);
    model_match_random(m);
    model_match_save(through, m);
    n_matches++;
}

/* ---- the model's board ------------------------------------------------------------------------ */

/* the model's standings: rows of the players with >= min_games, in order; their number */
static int model_board(int mode, int64_t since, int min_games, model_row *rows)
{
    model_row all[USERS];
    model_rows_clear(all);
    for (int i = 0; i < n_matches; i++)
        if (mm[i].mode == mode && mm[i].ended_at >= since)
            model_rows_add(all, &mm[i]);
    return model_standings(all, min_games, rows);
}

static const int64_t windows[4] = {0, 30 * DAY_MS, 7 * DAY_MS, DAY_MS};

static void check_boards(int64_t now)
{
    model_row want[USERS];
    for (int mode = 0; mode < 2; mode++)
        for (int p = 0; p < 4; p++)
            for (int min_games = 1; min_games <= 3; min_games++) {
                int64_t since = p == 0 ? INT64_MIN : now - windows[p];
                int n = model_board(mode, since, min_games, want);
                int limit = 1 + model_below(8), page = 1 + model_below(4);
                ippon_leaderboard_query q = {(ippon_mode)mode, (ippon_rank_period)p, now, page, limit, min_games, 0, 0};
                json_t *got = NULL;
                assert_int_equal(ippon_json_load_leaderboard(st, &q, &got), 0);
                char what[96];
                snprintf(what, sizeof what, "%s %s min %d page %d limit %d", ippon_mode_name(q.mode), ippon_rank_period_name(q.period),
                         min_games, page, limit);
                if (json_integer_value(json_object_get(got, "total")) != n)
                    fail_msg("%s: %lld players ranked, the model has %d", what,
                             (long long)json_integer_value(json_object_get(got, "total")), n);
                model_same_rows(json_object_get(got, "rows"), want, n, (page - 1) * limit, limit, name_of, what);
                json_decref(got);
            }
}

/* the all-time 4p board through the REST route (its kept replies) */
static void check_rest(void)
{
    ippon_config cfg = {.leaderboard_min_games = 1};
    ippon_app app = {.store = st, .config = &cfg};
    const char *args[] = {"mode=4p", "period=all", "limit=100"};
    ippon_rest_request req = {.method = IPPON_HTTP_GET, .path = "/api/leaderboard", .args = args, .arg_count = 3};
    ippon_rest_response res;
    ippon_rest_handle(&app, &req, &res);
    assert_int_equal(res.status, 200);
    json_t *got = json_loads(res.body, 0, NULL);
    model_row want[USERS];
    int n = model_board(0, INT64_MIN, 1, want);
    assert_int_equal(json_integer_value(json_object_get(got, "total")), n);
    model_same_rows(json_object_get(got, "rows"), want, n, 0, 100, name_of, "REST 4p all");
    json_decref(got);
    ippon_rest_response_free(&res);
}

static void board_follows_every_change(uint64_t seed)
{
    model_rng = seed;
    n_matches = 0;
    int64_t clock = T0 - 40 * DAY_MS, now = T0 - 40 * DAY_MS;
    int checks = 0;
    for (int step = 0; step < 600; step++) {
        int what = model_below(100);
        if (what < 70) { /* a match ends, mostly in time order */
            clock += model_below(12) * 3600000LL + model_below(1000);
            write_match(st, model_below(20) == 0 ? clock - model_below(3) * DAY_MS : clock);
        } else if (what < 76 && n_matches) { /* an admin voids one */
            model_match *m = &mm[model_below(n_matches)];
            char sql[160];
            snprintf(sql, sizeof sql, "UPDATE matches SET voided_at = 1, void_reason = 'test' WHERE id = '%s'", m->id);
            fixture_exec(st, sql);
            m->voided = true;
        } else if (what < 80) { /* a player is renamed */
            int u = model_below(USERS), taken = 0;
            snprintf(names[u], sizeof names[u], "Renamed %02d-%d", u, step);
            assert_int_equal(ippon_store_user_rename(st, model_uid(u), names[u], &taken), 0);
        } else if (what < 86) { /* another process writes */
            clock += model_below(6) * 3600000LL;
            write_match(other, clock);
        } else if (what < 88 && n_matches) { /* a match is deleted */
            model_match *m = &mm[model_below(n_matches)];
            char sql[160];
            snprintf(sql, sizeof sql, "DELETE FROM matches WHERE id = '%s'", m->id);
            fixture_exec(st, sql);
            m->ranked = false; /* gone: never counted again */
        }
        /* the reader's time: usually now, sometimes earlier, sometimes well after */
        int t = model_below(10);
        now = t < 7 ? clock : t < 9 ? clock - model_below(40) * DAY_MS / 4 : clock + model_below(40) * DAY_MS / 4;
        if (step % 3 == 0) {
            check_boards(now);
            checks++;
        }
        if (step % 10 == 0)
            check_rest();
    }
    assert_true(checks > 100);

    /* rank_totals, kept by the triggers, against the model's all-time sums */
    ippon_sql_stmt *q = ippon_sql_prepare(st->db, "SELECT games, total, wins, best FROM rank_totals WHERE mode = ?1 AND user_id = ?2");
    assert_non_null(q);
    for (int mode = 0; mode < 2; mode++) {
        model_row want[USERS];
        int n = model_board(mode, INT64_MIN, 1, want);
        for (int i = 0; i < n; i++) {
            ippon_sql_bind_text(q, 1, mode ? "3p" : "4p");
            ippon_sql_bind_text(q, 2, model_uid(want[i].user));
            assert_int_equal(ippon_sql_step(q), IPPON_SQL_ROW);
            assert_int_equal(ippon_sql_column_int(q, 0), want[i].games);
            assert_int_equal(ippon_sql_column_int64(q, 1), want[i].total);
            assert_int_equal(ippon_sql_column_int(q, 2), want[i].wins);
            assert_int_equal(ippon_sql_column_int(q, 3), want[i].best);
            ippon_sql_reset(q);
        }
    }
    ippon_sql_finalize(q);
    model_row a[USERS], b[USERS];
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rank_totals"),
                     model_board(0, INT64_MIN, 1, a) + model_board(1, INT64_MIN, 1, b));
}

static void board_follows_every_change_1(void **state)
{
    (void)state;
    board_follows_every_change(88172645463325252ull);
}

static void board_follows_every_change_2(void **state)
{
    (void)state;
    board_follows_every_change(0x9e3779b97f4a7c15ull);
}

static void board_follows_every_change_3(void **state)
{
    (void)state;
    board_follows_every_change(12345);
}

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(board_follows_every_change_1, setup, teardown),
        cmocka_unit_test_setup_teardown(board_follows_every_change_2, setup, teardown),
        cmocka_unit_test_setup_teardown(board_follows_every_change_3, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
