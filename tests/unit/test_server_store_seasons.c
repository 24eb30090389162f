/*
 * test_server_store_seasons.c — the point-sum board's seasons in the store (season_writes.c,
 * store_board.c's season standings, store_seasons.c) against a model kept by this test. Random
 * matches (both modes, humans and bots, ranked or not, completed or not) ending from late August
 * 2023 to spring 2024 — across a year's end and the leap February of 2024, some exactly at a
 * month's first millisecond and some at the last one before it — are written through
 * ippon_store_save_match (and a second connection to the same database, as another process
 * would), some voided through ippon_store_match_void as the admin route does.
 *
 * The first matches are written before season_totals was ever counted (no season_basis row: a
 * write leaves the table alone); ippon_store_seasons_ready counts it with 1-month seasons, then
 * the same database is counted again with 3, 12, 6 and 1 months, and the rows each count reports
 * must be the model's (mode, season, player) triples. After every few steps, for each mode, the
 * boards of every season from before the first match to after the last (so past, current and
 * empty ones) with min_games 1..3 must equal the model's, read through
 * ippon_json_load_leaderboard (total, ranks, totals, games, wins, best, names, the tie order of
 * store_rankings.h), one of them also through GET /api/leaderboard?period=season&season= (kept
 * replies, season_start and season_end); and every player's ippon_store_player_seasons must be
 * the model's (newest first, rank among the players with at least min_games games or 0, of,
 * total, games). A last test has a player with more than IPPON_PROFILE_SEASONS seasons.
 *
 * The model's calendar is its own: a table of the months' first milliseconds worked from their
 * lengths by hand (not base/season.c).
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
#include "api/rankings_json.h"
#include "store/store.h"
#include "store/store_admin.h"
#include "store/store_matches.h"
#include "store/store_private.h"
#include "store/store_rankings.h"
#include "store/season_writes.h"
#include "store/store_seasons.h"

#define DAY_MS 86400000LL
#define HOUR_MS 3600000LL
enum { USERS = 14, MAX_MATCHES = 1200 };
#define MODEL_USERS USERS
#define MODEL_TAG 0x5ea
#include "board_model.h"

/* ---- the model's calendar ----------------------------------------------------------------------- */

enum {
    FIRST_MONTH = 2022 * 12, /* the table's first month, 2022-01, as year × 12 + month − 1 */
    TABLE_MONTHS = 48,       /* 2022-01 … 2025-12 */
};
/* 2022-01-01T00:00:00Z: 52 years after 1970-01-01, 13 of them leap (1972, 1976, … 2020) */
#define TABLE_START_MS ((52 * 365 + 13) * DAY_MS)

static int64_t month_first_ms[TABLE_MONTHS + 1];

/* the first milliseconds of the table's months (and of the month after them), from the months'
   lengths: only 2024's February has 29 days in 2022 … 2025 */
static void calendar_make(void)
{
    static const int days[12] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
    month_first_ms[0] = TABLE_START_MS;
    for (int i = 0; i < TABLE_MONTHS; i++) {
        int year = (FIRST_MONTH + i) / 12, month = (FIRST_MONTH + i) % 12;
        month_first_ms[i + 1] = month_first_ms[i] + (days[month] + (year == 2024 && month == 1)) * DAY_MS;
    }
    /* two known instants: 2023-01-01 is 1672531200 s, 2024-03-01 is 1709251200 s */
    assert_int_equal(month_first_ms[12], 1672531200000LL);
    assert_int_equal(month_first_ms[26], 1709251200000LL);
}

/* the first millisecond of month number n (year × 12 + month − 1) */
static int64_t model_month_start(int32_t n)
{
    if (n < FIRST_MONTH || n > FIRST_MONTH + TABLE_MONTHS)
        fail_msg("month %d is outside the model's calendar", n);
    return month_first_ms[n - FIRST_MONTH];
}

/* the number of the month the instant ms falls in */
static int32_t model_month_of(int64_t ms)
{
    for (int i = 0; i < TABLE_MONTHS; i++)
        if (ms >= month_first_ms[i] && ms < month_first_ms[i + 1])
            return FIRST_MONTH + i;
    fail_msg("%lld is outside the model's calendar", (long long)ms);
    return 0;
}

/* the season (its first month's number) of month number n with seasons of months months */
static int32_t model_season_of(int32_t n, int months)
{
    return n - n % 12 % months;
}

static void model_season_name(int32_t season, char out[8])
{
    snprintf(out, 8, "%04u-%02u", (unsigned)season / 12u % 10000u, (unsigned)season % 12u + 1u);
}

/* ---- the matches ------------------------------------------------------------------------------ */

static ippon_store *st, *other;
static char dir[256], dbpath[300];
static model_match mm[MAX_MATCHES];
static int32_t mm_month[MAX_MATCHES]; /* the month each ended in (model_month_of) */
static int n_matches;
static unsigned model_changes; /* moves with every match added or voided */

static const char *name_of(int u)
{
    static char names[USERS][32];
    snprintf(names[u], sizeof names[u], "Season player %02d", u);
    return names[u];
}

static int setup(void **state)
{
    (void)state;
    char err[512];
    calendar_make();
    n_matches = 0;
    model_changes++;
    if (fixture_temp_db(dir, sizeof dir, dbpath, sizeof dbpath, "seasons") != 0)
        return -1;
    if (fixture_store_migrated(&st, dbpath) != 0)
        return -1;
    if (ippon_store_open(&other, dbpath, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
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

/* a new match of the model (its id made), to be filled in */
static model_match *new_match(int64_t ended_at)
{
    assert_true(n_matches < MAX_MATCHES);
    model_match *m = &mm[n_matches];
    model_match_new(m, n_matches, ended_at);
    mm_month[n_matches] = model_month_of(ended_at);
    n_matches++;
    model_changes++;
    return m;
}

/* a random match ending at ended_at, added to the model and written through `through` */
static void write_match(ippon_store *through, int64_t ended_at)
{
    model_match *m = new_match(ended_at);
    model_match_random(m);
    model_match_save(through, m);
}

/* ---- the model's seasons ---------------------------------------------------------------------- */

/* every player's sums in every season of both modes: [mode][the season's first month −
   FIRST_MONTH][user], as model_count left them */
static model_row sums[2][TABLE_MONTHS][USERS];

/* sums counted again if the matches or the seasons' length changed since the last count */
static void model_count(int months)
{
    static int counted_months;
    static unsigned counted_changes;
    if (counted_months == months && counted_changes == model_changes)
        return;
    for (int mode = 0; mode < 2; mode++)
        for (int i = 0; i < TABLE_MONTHS; i++)
            model_rows_clear(sums[mode][i]);
    for (int i = 0; i < n_matches; i++)
        model_rows_add(sums[mm[i].mode][model_season_of(mm_month[i], months) - FIRST_MONTH], &mm[i]);
    counted_months = months;
    counted_changes = model_changes;
}

/* every player's sums in a season of mode (rows indexed by user; games 0: none) */
static void model_sums(int mode, int32_t season, int months, model_row all[USERS])
{
    model_count(months);
    if (season < FIRST_MONTH || season >= FIRST_MONTH + TABLE_MONTHS)
        fail_msg("season %d is outside the model's calendar", season);
    memcpy(all, sums[mode][season - FIRST_MONTH], sizeof sums[mode][season - FIRST_MONTH]);
}

/* the model's season board: the players with >= min_games games (and one at least), in order */
static int model_board(int mode, int32_t season, int months, int min_games, model_row *rows)
{
    model_row all[USERS];
    model_sums(mode, season, months, all);
    return model_standings(all, min_games, rows);
}

/* the seasons the checks look at: from that of 2023-06 to that of 2024-08 (and 2022-01 … 2025-12
   when wide), so that seasons before the first match and after the last are asked for too */
static int model_seasons(int months, bool wide, int32_t *out)
{
    int32_t first = wide ? FIRST_MONTH : 2023 * 12 + 5, last = wide ? FIRST_MONTH + TABLE_MONTHS - 1 : 2024 * 12 + 7;
    int n = 0;
    for (int32_t s = model_season_of(first, months); s <= last; s += months)
        out[n++] = s;
    return n;
}

/* the rows a count of season_totals with seasons of months months writes: (mode, season, player)
   with counted games */
static long model_rows(int months)
{
    int32_t seasons[TABLE_MONTHS];
    int ns = model_seasons(months, true, seasons);
    long rows = 0;
    model_row want[USERS];
    for (int mode = 0; mode < 2; mode++)
        for (int i = 0; i < ns; i++)
            rows += model_board(mode, seasons[i], months, 1, want);
    return rows;
}

/* ---- the checks ------------------------------------------------------------------------------- */

/* every season's board of both modes with min_games 1..3, a random page of each */
static void check_boards(int months, int64_t now)
{
    int32_t seasons[TABLE_MONTHS];
    int ns = model_seasons(months, false, seasons);
    model_row want[USERS];
    for (int mode = 0; mode < 2; mode++)
        for (int i = 0; i < ns; i++)
            for (int min_games = 1; min_games <= 3; min_games++) {
                int n = model_board(mode, seasons[i], months, min_games, want);
                int limit = model_below(3) == 0 ? 100 : 1 + model_below(6), page = limit == 100 ? 1 : 1 + model_below(4);
                ippon_leaderboard_query q = {(ippon_mode)mode, IPPON_PERIOD_ALL, now, page, limit, min_games, months,
                                             seasons[i]};
                json_t *got = NULL;
                assert_int_equal(ippon_json_load_leaderboard(st, &q, &got), 0);
                char what[96], name[8];
                model_season_name(seasons[i], name);
                snprintf(what, sizeof what, "%s season %s (%d months) min %d page %d limit %d", mode ? "3p" : "4p", name,
                         months, min_games, page, limit);
                if (json_integer_value(json_object_get(got, "total")) != n)
                    fail_msg("%s: %lld players ranked, the model has %d", what,
                             (long long)json_integer_value(json_object_get(got, "total")), n);
                model_same_rows(json_object_get(got, "rows"), want, n, (page - 1) * limit, limit, name_of, what);
                json_decref(got);
            }
}

/* every player's season history in both modes, with a random min_games */
static void check_histories(int months, int64_t now)
{
    int32_t seasons[TABLE_MONTHS];
    int ns = model_seasons(months, true, seasons);
    for (int u = 0; u < USERS; u++)
        for (int mode = 0; mode < 2; mode++) {
            int min_games = 1 + model_below(3);
            ippon_season_standing got[IPPON_PROFILE_SEASONS];
            int n = -1;
            assert_int_equal(ippon_store_player_seasons(st, model_uid(u), (ippon_mode)mode, months, min_games, now, got, &n), 0);
            int k = 0;
            for (int i = ns - 1; i >= 0 && k < IPPON_PROFILE_SEASONS; i--) {
                model_row all[USERS], board[USERS];
                model_sums(mode, seasons[i], months, all);
                if (all[u].games == 0)
                    continue;
                int of = model_board(mode, seasons[i], months, min_games, board), rank = 0;
                for (int r = 0; r < of; r++)
                    if (board[r].user == u)
                        rank = r + 1;
                char name[8];
                model_season_name(seasons[i], name);
                if (k >= n)
                    fail_msg("player %d %s (%d months): %d seasons in its history, the model has season %s after them",
                             u, mode ? "3p" : "4p", months, n, name);
                const ippon_season_standing *g = &got[k];
                if (g->season != seasons[i] || g->rank != rank || g->of != of || g->total != all[u].total ||
                    g->games != all[u].games)
                    fail_msg("player %d %s (%d months, min %d), season %d of the history: got season %d rank %lld of "
                             "%lld total %lld games %lld; the model has season %d (%s) rank %d of %d total %lld games %d",
                             u, mode ? "3p" : "4p", months, min_games, k + 1, (int)g->season, (long long)g->rank,
                             (long long)g->of, (long long)g->total, (long long)g->games, (int)seasons[i], name, rank,
                             of, (long long)all[u].total, all[u].games);
                k++;
            }
            if (n != k)
                fail_msg("player %d %s (%d months): %d seasons in its history, the model has %d", u, mode ? "3p" : "4p",
                         months, n, k);
        }
}

/* one season's board through GET /api/leaderboard?period=season&season= (its kept replies) */
static void check_rest(int months)
{
    int32_t seasons[TABLE_MONTHS];
    int ns = model_seasons(months, false, seasons);
    int32_t season = seasons[model_below(ns)];
    int mode = model_below(2), min_games = 1 + model_below(2);
    char name[8], season_arg[32];
    model_season_name(season, name);
    snprintf(season_arg, sizeof season_arg, "season=%s", name);
    ippon_config cfg = {.leaderboard_min_games = min_games, .season_months = months};
    ippon_app app = {.store = st, .config = &cfg};
    const char *args[] = {mode ? "mode=3p" : "mode=4p", "period=season", season_arg, "limit=100"};
    ippon_rest_request req = {.method = IPPON_HTTP_GET, .path = "/api/leaderboard", .args = args, .arg_count = 4};
    ippon_rest_response res;
    ippon_rest_handle(&app, &req, &res);
    if (res.status != 200)
        fail_msg("GET /api/leaderboard %s %s: %d %s", args[0], season_arg, res.status, res.body);
    json_t *got = json_loads(res.body, 0, NULL);
    assert_non_null(got);
    char what[96];
    snprintf(what, sizeof what, "REST %s season %s (%d months) min %d", mode ? "3p" : "4p", name, months, min_games);
    assert_string_equal(json_string_value(json_object_get(got, "season")), name);
    assert_int_equal(json_integer_value(json_object_get(got, "season_start")), model_month_start(season));
    assert_int_equal(json_integer_value(json_object_get(got, "season_end")), model_month_start(season + months));
    assert_int_equal(json_integer_value(json_object_get(got, "season_months")), months);
    assert_true(json_is_true(json_object_get(got, "final"))); /* 2023 and 2024 are over */
    model_row want[USERS];
    int n = model_board(mode, season, months, min_games, want);
    if (json_integer_value(json_object_get(got, "total")) != n)
        fail_msg("%s: %lld players ranked, the model has %d", what,
                 (long long)json_integer_value(json_object_get(got, "total")), n);
    model_same_rows(json_object_get(got, "rows"), want, n, 0, 100, name_of, what);
    json_decref(got);
    ippon_rest_response_free(&res);
}

static void check_all(int months, int64_t now)
{
    check_boards(months, now);
    check_histories(months, now);
    check_rest(months);
}

/* counts season_totals with seasons of months months; the rows it reports must be the model's */
static void count_seasons(int months, int64_t now)
{
    long rows = -1;
    char err[256];
    if (ippon_store_seasons_ready(st, months, &rows, err, sizeof err) != 0)
        fail_msg("seasons_ready(%d): %s", months, err);
    assert_int_equal(rows, model_rows(months));
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM season_totals"), rows);
    assert_int_equal(fixture_int(st, "SELECT months FROM season_basis"), months);
    /* the same length again: nothing to do */
    assert_int_equal(ippon_store_seasons_ready(st, months, &rows, err, sizeof err), 0);
    assert_int_equal(rows, 0);
    check_all(months, now);
}

/* ---- the tests -------------------------------------------------------------------------------- */

/* an admin's void, through the store as the route does: 0 the first time, a conflict after */
static void void_match(model_match *m, int64_t now)
{
    ippon_audit audit = {.at_ms = now, .admin_name = IPPON_AUDIT_CLI_NAME, .action = "void_match", .target = m->id,
                         .reason = "test"};
    int rc = ippon_store_match_void(st, m->id, "test", now, &audit);
    assert_int_equal(rc, m->voided ? IPPON_STORE_CONFLICT : 0);
    m->voided = true;
    model_changes++;
}

static void seasons_follow_every_change(uint64_t seed)
{
    model_rng = seed;
    /* the first matches end in the last days of August 2023 */
    int64_t clock = model_month_start(2023 * 12 + 7) + 25 * DAY_MS;
    int months = 0; /* not counted yet */
    char err[256];
    long rows = 0;
    assert_int_equal(ippon_store_seasons_ready(st, 5, &rows, err, sizeof err), -1);
    assert_non_null(strstr(err, "5 months"));
    int checks = 0, boundaries = 0;
    for (int step = 0; step < 700; step++) {
        /* the seasons' length changes: counted again from the stored matches */
        static const struct { int step, months; } counts[] = {{40, 1}, {260, 3}, {420, 12}, {560, 6}};
        for (size_t c = 0; c < sizeof counts / sizeof *counts; c++)
            if (step == counts[c].step) {
                if (months == 0) /* the writes before left the table alone */
                    assert_int_equal(fixture_int(st, "SELECT count(*) FROM season_totals"), 0);
                months = counts[c].months;
                count_seasons(months, clock);
            }
        int what = model_below(100);
        if (what < 72) { /* a match ends, mostly in time order; at a month's edge on either side of it */
            int64_t then = clock + model_below(24) * HOUR_MS + model_below(1000);
            int32_t month = model_month_of(then);
            if (model_month_of(clock) != month) {
                int64_t edge = model_month_start(month);
                if (model_below(2) == 0)
                    write_match(st, edge - 1), boundaries++;
                if (model_below(2) == 0)
                    write_match(st, edge), boundaries++;
            }
            clock = then;
            write_match(st, model_below(20) == 0 ? clock - model_below(40) * DAY_MS : clock);
        } else if (what < 76) { /* a late write at an earlier month's edge */
            int64_t edge = model_month_start(model_month_of(clock) - model_below(4));
            write_match(st, edge - model_below(2));
            boundaries++;
        } else if (what < 84 && n_matches) { /* an admin voids one (again, sometimes) */
            void_match(&mm[model_below(n_matches)], clock);
        } else if (what < 92) { /* another process writes */
            clock += model_below(6) * HOUR_MS;
            write_match(other, clock);
        }
        if (months > 0 && step % 5 == 0) {
            check_all(months, model_below(4) == 0 ? clock + model_below(90) * DAY_MS : clock);
            checks++;
        }
    }
    /* the last matches end in 2024's spring, after its leap February */
    assert_true(clock > model_month_start(2024 * 12 + 2));
    assert_true(clock < model_month_start(2024 * 12 + 6));
    assert_true(checks > 100);
    assert_true(boundaries > 20);
    /* back to months of 1: the table counted once more */
    count_seasons(1, clock);
}

static void seasons_follow_every_change_1(void **state)
{
    (void)state;
    seasons_follow_every_change(88172645463325252ull);
}

static void seasons_follow_every_change_2(void **state)
{
    (void)state;
    seasons_follow_every_change(0x9e3779b97f4a7c15ull);
}

/* a player of 30 monthly seasons: its history lists the newest IPPON_PROFILE_SEASONS of them */
static void a_history_holds_the_newest_seasons(void **state)
{
    (void)state;
    model_rng = 7;
    long rows = -1;
    char err[256];
    assert_int_equal(ippon_store_seasons_ready(st, 1, &rows, err, sizeof err), 0);
    assert_int_equal(rows, 0);
    for (int32_t month = FIRST_MONTH; month < FIRST_MONTH + 30; month++) {
        model_match *m = new_match(model_month_start(month) + model_below(20) * DAY_MS);
        m->mode = 0;
        m->seats = 4;
        m->ranked = m->completed = true;
        m->user[0] = 0;
        m->user[1] = month % 3 == 0 ? 1 : -1; /* a rival in every third month */
        m->user[2] = m->user[3] = -1;
        m->result[0] = (month % 5 - 2) * 1000;
        m->result[1] = 3000;
        m->result[2] = -1000;
        m->result[3] = -2000 - m->result[0];
        model_match_save(st, m);
    }
    ippon_season_standing got[IPPON_PROFILE_SEASONS];
    int n = -1;
    assert_int_equal(ippon_store_player_seasons(st, model_uid(0), IPPON_MODE_4P, 1, 1, model_month_start(FIRST_MONTH + 30), got, &n), 0);
    assert_int_equal(n, IPPON_PROFILE_SEASONS);
    for (int i = 0; i < n; i++) {
        int32_t month = FIRST_MONTH + 29 - i; /* newest first */
        assert_int_equal(got[i].season, month);
        assert_int_equal(got[i].games, 1);
        assert_int_equal(got[i].total, (month % 5 - 2) * 1000);
        bool rival = month % 3 == 0;
        assert_int_equal(got[i].of, rival ? 2 : 1);
        assert_int_equal(got[i].rank, rival ? 2 : 1); /* the rival's 3000 beats at most 2000 */
    }
    assert_int_equal(ippon_store_player_seasons(st, model_uid(0), IPPON_MODE_3P, 1, 1, 0, got, &n), 0);
    assert_int_equal(n, 0);
    check_all(1, model_month_start(FIRST_MONTH + 30));
}

/* a season board's reply kept while the season ran is not sent once it is over: the reply says
   "final", which its end changes while nothing else does */
static void a_kept_reply_ends_with_its_season(void **state)
{
    (void)state;
    long rows = -1;
    char err[256];
    assert_int_equal(ippon_store_seasons_ready(st, 1, &rows, err, sizeof err), 0);
    int32_t month = FIRST_MONTH + 3;
    int64_t during = model_month_start(month) + 5 * DAY_MS, after = model_month_start(month + 1);
    ippon_leaderboard_query q = {.mode = IPPON_MODE_4P, .now_ms = during, .page = 1, .limit = 50, .min_games = 1,
                                 .season_months = 1, .season = month};
    const char *body;
    size_t len;
    ippon_store_leaderboard_keep(st, &q, "{\"final\":false}", 15);
    assert_int_equal(ippon_store_leaderboard_kept(st, &q, &body, &len), 1);
    q.now_ms = after - 1; /* its last millisecond: still running, still kept */
    assert_int_equal(ippon_store_leaderboard_kept(st, &q, &body, &len), 1);
    q.now_ms = after;
    assert_int_equal(ippon_store_leaderboard_kept(st, &q, &body, &len), 0);
    q.now_ms = after + 40 * DAY_MS;
    assert_int_equal(ippon_store_leaderboard_kept(st, &q, &body, &len), 0);
}

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(seasons_follow_every_change_1, setup, teardown),
        cmocka_unit_test_setup_teardown(seasons_follow_every_change_2, setup, teardown),
        cmocka_unit_test_setup_teardown(a_history_holds_the_newest_seasons, setup, teardown),
        cmocka_unit_test_setup_teardown(a_kept_reply_ends_with_its_season, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
