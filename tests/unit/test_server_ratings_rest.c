/*
 * test_server_ratings_rest.c — the ratings over REST (api/ratings_rest.c, ratings_json.c,
 * players_rest.c's "ratings", store/store_ratings.c's reads) against an in-memory store migrated
 * with the real migrations, its ratings rows written by hand (the writer is store_matches.c's;
 * the matches saved here are unranked, so no writer rates them): the standings a profile shows
 * (rounded, provisional, the dan object, the initial standing of a mode never played), the
 * history's entries, order and paging, the rating and dan boards' orders and tie rules, the
 * provisional players apart, every bad parameter a 400 naming it, 404s, ETag/304, and the kept
 * board replies forgotten when a counted match is written.
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

#include "server_fixture.h"

#include "api/rest.h"
#include "base/log.h"
#include "store/store.h"

#define NOW_MS 1800000000000LL

static ippon_store *st;

/* a ratings row: mode, who, mu, sigma, games, tier, rank points */
static void rating_row(const char *mode, char who, double mu, double sigma, int games, int tier, int points)
{
    char sql[512];
    snprintf(sql, sizeof sql,
             "INSERT INTO ratings (mode, user_id, mu, sigma, games, tier, rank_points)"
             " VALUES ('%s', '%.32s', %.17g, %.17g, %d, %d, %d)",
             mode, fixture_uid(who), mu, sigma, games, tier, points);
    fixture_exec(st, sql);
}

/* a rating_history row of match "0…0<id>" (rated as seq) for who */
static void history_row(const char *mode, char who, int seq, const char *id, int64_t ended, double mu0, double s0,
                        double mu1, double s1, int tier0, int pts0, int tier1, int pts1, int delta)
{
    char sql[768];
    snprintf(sql, sizeof sql,
             "INSERT INTO rating_history (user_id, mode, seq, match_id, ended_at, mu_before, sigma_before, mu_after,"
             " sigma_after, tier_before, points_before, tier_after, points_after, rank_delta) VALUES ('%s', '%s', %d,"
             " '%032d', %lld, %.17g, %.17g, %.17g, %.17g, %d, %d, %d, %d, %d)",
             fixture_uid(who), mode, seq, atoi(id), (long long)ended, mu0, s0, mu1, s1, tier0, pts0, tier1, pts1,
             delta);
    fixture_exec(st, sql);
}

static int setup(void **state)
{
    (void)state;
    if (fixture_store_migrated(&st, ":memory:") != 0)
        return -1;
    const char *names = "aAnna bBen cCho dDai eEmi fFumi hHana";
    for (const char *p = names; *p; p += strcspn(p, " "), p += *p == ' ') {
        char name[16];
        size_t len = strcspn(p + 1, " ");
        snprintf(name, sizeof name, "%.*s", (int)len, p + 1);
        fixture_add_guest(st, p[0], name);
    }
    /* 4p: e's sigma is exactly the bound (125: established, rating.h), d's above it (provisional);
       a and c tie on mu (a first on the id), a and b on tier and points (b first on mu) */
    rating_row("4p", 'a', 1600.4, 70.0, 50, 10, 100);
    rating_row("4p", 'b', 1700.6, 75.0, 60, 10, 100);
    rating_row("4p", 'c', 1600.4, 60.0, 80, 11, 0);
    rating_row("4p", 'd', 1550.0, 130.0, 5, 12, 500);
    rating_row("4p", 'e', 1800.0, 125.0, 30, 9, 90);
    rating_row("3p", 'f', 1400.0, 50.0, 40, 0, 5);
    /* a's history: three rated 4p matches and one 3p (saved unranked: the writer leaves them) */
    const char *ids[] = {"11", "12", "13", "14"};
    for (int i = 0; i < 4; i++) {
        fixture_save_match(st, ids[i], i == 3 ? "af." : "ab..", i == 3 ? (int[]){1000, -500, -500}
                                                                         : (int[]){1000, -1000, 0, 0},
                           false, true, NOW_MS + i);
        char sql[160];
        snprintf(sql, sizeof sql, "INSERT INTO rated_matches (seq, match_id, mode) VALUES (%d, '%032d', '%s')", i + 1,
                 atoi(ids[i]), i == 3 ? "3p" : "4p");
        fixture_exec(st, sql);
    }
    history_row("4p", 'a', 1, "11", NOW_MS, 1500.0, 200.0, 1523.25, 180.5, 0, 0, 0, 16, 16);
    history_row("4p", 'b', 1, "11", NOW_MS, 1500.0, 200.0, 1480.0, 181.0, 0, 0, 0, 0, -4);
    history_row("4p", 'a', 2, "12", NOW_MS + 1, 1523.25, 180.5, 1540.125, 170.0, 0, 16, 1, 0, 21);
    history_row("4p", 'a', 3, "13", NOW_MS + 2, 1540.125, 170.0, 1530.5, 165.0, 1, 0, 1, 0, -3);
    history_row("3p", 'a', 4, "14", NOW_MS + 3, 1500.0, 200.0, 1510.0, 190.0, 0, 0, 0, 31, 31);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return fixture_store_close(&st);
}

static ippon_rest_response rest(const char *path, const char *const *args, size_t nargs, const char *inm)
{
    ippon_app app = {.store = st};
    ippon_rest_request req = {.method = IPPON_HTTP_GET, .path = path, .args = args, .arg_count = nargs,
                              .if_none_match = inm};
    ippon_rest_response res;
    ippon_rest_handle(&app, &req, &res);
    assert_non_null(res.body);
    return res;
}

/* GET path?args as JSON: the test fails unless the status is 200 */
static json_t *get(const char *path, const char *const *args, size_t nargs)
{
    ippon_rest_response res = rest(path, args, nargs, NULL);
    if (res.status != 200)
        fail_msg("GET %s: %d %s", path, res.status, res.body);
    json_t *j = json_loadb(res.body, res.body_len, 0, NULL);
    assert_non_null(j);
    ippon_rest_response_free(&res);
    return j;
}

/* the status of GET path?args, and for a 400 that the message and fields name `names` */
static void expect(const char *path, const char *const *args, size_t nargs, int status, const char *names)
{
    ippon_rest_response res = rest(path, args, nargs, NULL);
    if (res.status != status)
        fail_msg("GET %s (%zu args): %d %s, wanted %d", path, nargs, res.status, res.body, status);
    if (names) {
        json_t *j = json_loads(res.body, 0, NULL);
        json_t *err = json_object_get(j, "error");
        const char *msg = json_string_value(json_object_get(err, "message"));
        assert_non_null(msg);
        if (strncmp(msg, names, strlen(names)) != 0 || !json_object_get(json_object_get(err, "fields"), names))
            fail_msg("GET %s: %s does not name %s", path, res.body, names);
        json_decref(j);
    }
    ippon_rest_response_free(&res);
}

/* j as compact JSON with sorted keys, compared with the expected text */
static void assert_json(json_t *j, const char *expected)
{
    json_t *want = json_loads(expected, 0, NULL);
    if (!want)
        fail_msg("not JSON: %s", expected);
    if (!json_equal(j, want)) {
        char *got = json_dumps(j, JSON_COMPACT | JSON_SORT_KEYS);
        fail_msg("got %s\nwanted %s", got, expected);
    }
    json_decref(want);
}

static const char *player_path(char who, const char *suffix)
{
    static char path[128];
    snprintf(path, sizeof path, "/api/players/%.32s%.60s", fixture_uid(who), suffix);
    return path;
}

static void profile_standings(void **state)
{
    (void)state;
    json_t *p = get(player_path('a', ""), NULL, 0);
    json_t *r = json_object_get(p, "ratings");
    /* 1600.4 → 1600; 1 dan (tier 10) promotes at 400 and demotes (ladder.c's table) */
    assert_json(json_object_get(r, "4p"),
                "{\"rating\":1600,\"uncertainty\":70,\"provisional\":false,\"dan\":{\"tier\":10,\"id\":\"1d\","
                "\"name\":{\"en\":\"1 dan\",\"ja\":\"初段\"},\"promote_at\":400,\"demotes\":true},"
                "\"rank_points\":100,\"games\":50}");
    /* never a counted 3p game: the initial standing (1500 ± 200, Novice, provisional) */
    assert_json(json_object_get(r, "3p"),
                "{\"rating\":1500,\"uncertainty\":200,\"provisional\":true,\"dan\":{\"tier\":0,\"id\":\"novice\","
                "\"name\":{\"en\":\"Novice\",\"ja\":\"新人\"},\"promote_at\":20,\"demotes\":false},"
                "\"rank_points\":0,\"games\":0}");
    json_decref(p);
    p = get(player_path('b', ""), NULL, 0);
    assert_int_equal(json_integer_value(json_object_get(json_object_get(json_object_get(p, "ratings"), "4p"),
                                                        "rating")),
                     1701); /* 1700.6 rounds up */
    json_decref(p);
    p = get(player_path('d', ""), NULL, 0);
    assert_true(json_is_true(json_object_get(json_object_get(json_object_get(p, "ratings"), "4p"), "provisional")));
    json_decref(p);
}

static void history(void **state)
{
    (void)state;
    json_t *h = get(player_path('a', "/ratings"), NULL, 0); /* 4p by default: three entries, newest first */
    json_t *entries = json_object_get(h, "entries");
    assert_int_equal(json_array_size(entries), 3);
    assert_string_equal(json_string_value(json_object_get(h, "mode")), "4p");
    assert_string_equal(json_string_value(json_object_get(h, "player")), fixture_uid('a'));
    assert_true(json_is_null(json_object_get(h, "next_before")));
    json_t *e = json_array_get(entries, 1); /* seq 2, match 12: promoted from Novice with 16 + 21 */
    assert_json(e, "{\"seq\":2,\"match_id\":\"00000000000000000000000000000012\",\"ended_at\":1800000000001,"
                   "\"rating_before\":1523.25,\"rating_after\":1540.125,\"uncertainty_before\":180.5,"
                   "\"uncertainty_after\":170.0,\"dan_before\":{\"tier\":0,\"id\":\"novice\",\"name\":{\"en\":"
                   "\"Novice\",\"ja\":\"新人\"},\"promote_at\":20,\"demotes\":false},\"dan_after\":{\"tier\":1,"
                   "\"id\":\"9k\",\"name\":{\"en\":\"9 kyu\",\"ja\":\"9級\"},\"promote_at\":20,\"demotes\":false},"
                   "\"rank_points_before\":16,\"rank_points_after\":0,\"rank_points_delta\":21}");
    assert_int_equal(json_integer_value(json_object_get(json_array_get(entries, 0), "seq")), 3);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(entries, 2), "seq")), 1);
    json_decref(h);

    /* paging: two, then the one before seq 2 */
    h = get(player_path('a', "/ratings"), (const char *[]){"mode=4p", "limit=2"}, 2);
    assert_int_equal(json_array_size(json_object_get(h, "entries")), 2);
    assert_int_equal(json_integer_value(json_object_get(h, "next_before")), 2);
    json_decref(h);
    h = get(player_path('a', "/ratings"), (const char *[]){"limit=2", "before=2"}, 2);
    entries = json_object_get(h, "entries");
    assert_int_equal(json_array_size(entries), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(entries, 0), "seq")), 1);
    assert_true(json_is_null(json_object_get(h, "next_before")));
    json_decref(h);

    h = get(player_path('a', "/ratings"), (const char *[]){"mode=3p"}, 1);
    entries = json_object_get(h, "entries");
    assert_int_equal(json_array_size(entries), 1);
    assert_int_equal(json_integer_value(json_object_get(json_array_get(entries, 0), "rank_points_after")), 31);
    json_decref(h);
    h = get(player_path('c', "/ratings"), NULL, 0); /* rated, with no history rows: none */
    assert_int_equal(json_array_size(json_object_get(h, "entries")), 0);
    json_decref(h);
}

/* the user ids' letters of a board's rows, in order, and its total */
static void board_is(const char *const *args, size_t nargs, const char *letters, int total)
{
    json_t *b = get("/api/leaderboard", args, nargs);
    json_t *rows = json_object_get(b, "rows");
    char got[16] = "";
    for (size_t i = 0; i < json_array_size(rows) && i < sizeof got - 1; i++) {
        json_t *row = json_array_get(rows, i);
        got[i] = json_string_value(json_object_get(row, "user_id"))[31];
        assert_int_equal(json_integer_value(json_object_get(row, "rank")),
                         json_integer_value(json_object_get(b, "limit")) *
                                 (json_integer_value(json_object_get(b, "page")) - 1) +
                             (json_int_t)i + 1);
    }
    if (strcmp(got, letters) != 0)
        fail_msg("board %s: %s, wanted %s", args[0], got, letters);
    assert_int_equal(json_integer_value(json_object_get(b, "total")), total);
    json_decref(b);
}

static void boards(void **state)
{
    (void)state;
    /* by rating: e 1800, b 1700.6, then a and c on 1600.4 (a's id first); d is provisional */
    board_is((const char *[]){"board=rating"}, 1, "ebac", 4);
    board_is((const char *[]){"board=rating", "provisional=0", "period=all"}, 3, "ebac", 4);
    board_is((const char *[]){"board=rating", "page=2", "limit=3"}, 3, "c", 4);
    board_is((const char *[]){"board=rating", "provisional=1"}, 2, "d", 1);
    /* by dan: c 2 dan; b and a 1 dan 100 points (b on rating); e 1 kyu */
    board_is((const char *[]){"board=dan", "mode=4p"}, 2, "cbae", 4);
    board_is((const char *[]){"board=dan", "provisional=1"}, 2, "d", 1);
    board_is((const char *[]){"board=dan", "mode=3p"}, 2, "f", 1);
    board_is((const char *[]){"board=rating", "mode=3p", "provisional=1"}, 3, "", 0);

    json_t *b = get("/api/leaderboard", (const char *[]){"board=rating", "limit=1"}, 2);
    assert_json(b, "{\"total\":4,\"rows\":[{\"rank\":1,\"user_id\":\"0000000000000000000000000000000e\","
                   "\"display_name\":\"Emi\",\"bot\":false,\"rating\":1800,\"uncertainty\":125,\"provisional\":false,\"dan\":"
                   "{\"tier\":9,\"id\":\"1k\",\"name\":{\"en\":\"1 kyu\",\"ja\":\"1級\"},\"promote_at\":100,"
                   "\"demotes\":false},\"rank_points\":90,\"games\":30}],\"board\":\"rating\",\"mode\":\"4p\","
                   "\"period\":\"all\",\"provisional\":false,\"page\":1,\"limit\":1}");
    json_decref(b);
    b = get("/api/leaderboard", NULL, 0); /* points, as before, now naming its board */
    assert_string_equal(json_string_value(json_object_get(b, "board")), "points");
    assert_string_equal(json_string_value(json_object_get(b, "period")), "all");
    json_decref(b);
    b = get("/api/leaderboard", (const char *[]){"board=points", "period=week"}, 2);
    assert_string_equal(json_string_value(json_object_get(b, "board")), "points");
    json_decref(b);
}

static void parameters(void **state)
{
    (void)state;
    const char *lb = "/api/leaderboard";
    expect(lb, (const char *[]){"board=elo"}, 1, 400, "board");
    expect(lb, (const char *[]){"board"}, 1, 400, "board");
    expect(lb, (const char *[]){"board=ratings"}, 1, 400, "board");
    expect(lb, (const char *[]){"board=rating", "period=month"}, 2, 400, "period");
    expect(lb, (const char *[]){"board=dan", "period=day"}, 2, 400, "period");
    expect(lb, (const char *[]){"board=dan", "period"}, 2, 400, "period");
    expect(lb, (const char *[]){"board=dan", "mode=5p"}, 2, 400, "mode");
    expect(lb, (const char *[]){"board=rating", "provisional=2"}, 2, 400, "provisional");
    expect(lb, (const char *[]){"board=rating", "provisional=yes"}, 2, 400, "provisional");
    expect(lb, (const char *[]){"board=rating", "limit=101"}, 2, 400, "limit");
    expect(lb, (const char *[]){"board=rating", "page=0"}, 2, 400, "page");

    expect(player_path('a', "/ratings"), (const char *[]){"mode=5p"}, 1, 400, "mode");
    expect(player_path('a', "/ratings"), (const char *[]){"limit=0"}, 1, 400, "limit");
    expect(player_path('a', "/ratings"), (const char *[]){"limit=101"}, 1, 400, "limit");
    const char *bad_before[] = {"before=0", "before=-1", "before=x", "before=", "before", "before=1.5",
                                "before=9999999999999999999"};
    for (size_t i = 0; i < sizeof bad_before / sizeof *bad_before; i++)
        expect(player_path('a', "/ratings"), (const char *[]){bad_before[i]}, 1, 400, "before");
    expect(player_path('a', "/ratings"), (const char *[]){"before=999999999999999999"}, 1, 200, NULL);
    expect("/api/players/ffffffffffffffffffffffffffffffff/ratings", NULL, 0, 404, NULL);
    expect("/api/players/abc/ratings", NULL, 0, 400, "id");
    expect("/api/players//ratings", NULL, 0, 404, NULL);
    expect(player_path('a', "/ratingsx"), NULL, 0, 404, NULL);
    expect(player_path('a', "/ratings/x"), NULL, 0, 404, NULL);
    expect(player_path('a', "/x"), NULL, 0, 404, NULL);
    expect(player_path('a', ""), NULL, 0, 200, NULL); /* the profile's route still matches */

    ippon_app app = {.store = st};
    ippon_rest_request post = {.method = IPPON_HTTP_POST, .path = player_path('a', "/ratings")};
    ippon_rest_response res;
    ippon_rest_handle(&app, &post, &res);
    assert_int_equal(res.status, 405);
    ippon_rest_response_free(&res);
    ippon_app none = {0}; /* no database: 503 */
    ippon_rest_request get_none = {.method = IPPON_HTTP_GET, .path = player_path('a', "/ratings")};
    ippon_rest_handle(&none, &get_none, &res);
    assert_int_equal(res.status, 503);
    ippon_rest_response_free(&res);
}

/* board replies carry an ETag, are kept, and are forgotten when a counted match is written */
static void kept_boards(void **state)
{
    (void)state;
    const char *args[] = {"board=rating"};
    ippon_rest_response a = rest("/api/leaderboard", args, 1, NULL);
    assert_int_equal(a.status, 200);
    assert_int_equal(a.etag[0], '"');
    ippon_rest_response b = rest("/api/leaderboard", args, 1, a.etag);
    assert_int_equal(b.status, 304);
    ippon_rest_response_free(&b);
    /* a change behind the store's back (no counted match): the kept reply is sent again */
    fixture_exec(st, "UPDATE ratings SET mu = 1900 WHERE user_id LIKE '%a'");
    b = rest("/api/leaderboard", args, 1, NULL);
    assert_int_equal(b.status, 200);
    assert_string_equal(b.etag, a.etag);
    ippon_rest_response_free(&b);
    /* a counted match (of h, on no established board) moves rank_version.data: rebuilt, a first */
    fixture_save_match(st, "21", "h...", (int[]){1000, -1000, 0, 0}, true, true, NOW_MS + 10);
    b = rest("/api/leaderboard", args, 1, a.etag);
    assert_int_equal(b.status, 200);
    assert_string_not_equal(b.etag, a.etag);
    json_t *j = json_loadb(b.body, b.body_len, 0, NULL);
    assert_string_equal(json_string_value(json_object_get(json_array_get(json_object_get(j, "rows"), 0), "user_id")),
                        fixture_uid('a'));
    json_decref(j);
    ippon_rest_response_free(&b);
    ippon_rest_response_free(&a);
    /* the history answers If-None-Match too */
    a = rest(player_path('a', "/ratings"), NULL, 0, NULL);
    b = rest(player_path('a', "/ratings"), NULL, 0, a.etag);
    assert_int_equal(b.status, 304);
    ippon_rest_response_free(&b);
    ippon_rest_response_free(&a);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        T(profile_standings), T(history), T(boards), T(parameters), T(kept_boards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
