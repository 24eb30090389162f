/*
 * test_server_rankings.c — the rankings (src/server/store/store_rankings.c, api/leaderboard_rest.c, players_rest.c, matches_rest.c)
 * against an in-memory store migrated with the real migrations: matches saved through
 * ippon_store_save_match with chosen results; the leaderboard's order and tie rules, what
 * never counts (unranked, voided, incomplete matches; bots), the periods' edges, paging,
 * min_games, profiles, match lists and details, results summing to 0; and the REST routes
 * without a network: parameters (400 naming each), 404s, the "{id}" routes, 405, ETag/304.
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

#include "ippon/rules.h"
#include "base/log.h"
#include "api/rest.h"
#include "store/store.h"
#include "store/store_matches.h"
#include "store/store_private.h"
#include "api/rankings_json.h"
#include "store/store_rankings.h"

#define DAY_MS 86400000LL
#define NOW_MS 1800000000000LL /* a fixed "now" for the periods */

static ippon_store *st;

static int setup(void **state)
{
    (void)state;
    if (fixture_store_migrated(&st, ":memory:") != 0)
        return -1;
    /* ids chosen so that only the rule under test can explain the order */
    const char *names = "aAnna bBen cCho dDai eEmi fFumi gGen hHana";
    for (const char *p = names; *p; p += strcspn(p, " "), p += *p == ' ') {
        char name[16];
        size_t len = strcspn(p + 1, " ");
        snprintf(name, sizeof name, "%.*s", (int)len, p + 1);
        fixture_add_guest(st, p[0], name);
    }
    const int64_t t = NOW_MS - 1000;
    /* a 20000 in 2 (avg 10000); b 20000 in 1 (avg 20000): b first, on the average */
    fixture_save_match(st, "01", "ac..", (int[]){10000, -5000, -5000, 0}, true, true, t);
    fixture_save_match(st, "02", "ac..", (int[]){10000, 5000, -15000, 0}, true, true, t);
    /* c 0 in 3, d 0 in 1: c first, on games (d's id is smaller) */
    fixture_save_match(st, "03", "bdc.", (int[]){20000, 0, 0, -20000}, true, true, t);
    /* e and f: the same total, average and games: e first, on the id; both won (a tie on top) */
    fixture_save_match(st, "04", "efg.", (int[]){3000, 3000, -8000, 2000}, true, true, t);
    /* never counted: unranked, incomplete, voided; the 3p board is another one */
    fixture_save_match(st, "05", "gh..", (int[]){90000, -30000, -30000, -30000}, false, true, t);
    fixture_save_match(st, "06", "gh..", (int[]){90000, -30000, -30000, -30000}, true, false, t);
    fixture_save_match(st, "07", "gh..", (int[]){90000, -30000, -30000, -30000}, true, true, t);
    fixture_exec(st, "UPDATE matches SET voided_at = 1, void_reason = 'test' WHERE id LIKE '%07'");
    fixture_save_match(st, "08", "a..", (int[]){12000, -6000, -6000}, true, true, t);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    return fixture_store_close(&st);
}

static json_t *board(const char *mode, ippon_rank_period period, int page, int limit, int min_games)
{
    ippon_leaderboard_query q = {IPPON_MODE_4P, period, NOW_MS, page, limit, min_games, 0, 0};
    assert_int_equal(ippon_mode_parse(mode, &q.mode), 0);
    json_t *out = NULL;
    assert_int_equal(ippon_json_load_leaderboard(st, &q, &out), 0);
    assert_non_null(out);
    return out;
}

/* "b a e f c d g": the leaderboard's user ids, by their last letter */
static void order_of(json_t *b, char *out)
{
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(b, "rows"), i, row) {
        const char *id = json_string_value(json_object_get(row, "user_id"));
        out[i] = id[IPPON_USER_ID_LEN - 1];
        assert_int_equal(json_integer_value(json_object_get(row, "rank")),
                         (json_int_t)i + 1 + json_integer_value(json_object_get(b, "offset")));
    }
    out[json_array_size(json_object_get(b, "rows"))] = '\0';
}

static json_t *row_of(json_t *b, char who)
{
    size_t i;
    json_t *row;
    json_array_foreach(json_object_get(b, "rows"), i, row) {
        if (!strcmp(json_string_value(json_object_get(row, "user_id")), fixture_uid(who)))
            return row;
    }
    return NULL;
}

#define INT(obj, key) json_integer_value(json_object_get((obj), (key)))

static void order_and_tie_rules(void **state)
{
    (void)state;
    json_t *b = board("4p", IPPON_PERIOD_ALL, 1, 50, 1);
    char order[16];
    order_of(b, order);
    assert_string_equal(order, "baefcdg"); /* h: only in matches that never count */
    assert_int_equal(INT(b, "total"), 7);
    json_t *a = row_of(b, 'a');
    assert_string_equal(json_string_value(json_object_get(a, "display_name")), "Anna"); /* current, not "then-a" */
    assert_int_equal(INT(a, "games"), 2);
    assert_int_equal(INT(a, "total"), 20000);
    assert_true(json_real_value(json_object_get(a, "average")) == 10000.0);
    assert_int_equal(INT(a, "wins"), 2);
    assert_int_equal(INT(a, "best"), 10000);
    json_t *c = row_of(b, 'c');
    assert_int_equal(INT(c, "games"), 3);
    assert_int_equal(INT(c, "total"), 0);
    assert_int_equal(INT(c, "wins"), 0); /* +5000 was not the top result of match 02 */
    assert_int_equal(INT(c, "best"), 5000);
    assert_int_equal(INT(row_of(b, 'e'), "wins"), 1); /* a tie on top: both won */
    assert_int_equal(INT(row_of(b, 'f'), "wins"), 1);
    assert_int_equal(INT(row_of(b, 'g'), "total"), -8000); /* the unranked, incomplete, voided +90000s: not counted */
    assert_null(row_of(b, 'h'));
    json_decref(b);
    /* the 3p board: only the 3p match */
    b = board("3p", IPPON_PERIOD_ALL, 1, 50, 1);
    order_of(b, order);
    assert_string_equal(order, "a");
    assert_int_equal(INT(row_of(b, 'a'), "total"), 12000);
    json_decref(b);
    /* renaming shows at once: the current name */
    int taken;
    assert_int_equal(ippon_store_user_rename(st, fixture_uid('b'), "Benji", &taken), 0);
    b = board("4p", IPPON_PERIOD_ALL, 1, 1, 1);
    assert_string_equal(json_string_value(json_object_get(row_of(b, 'b'), "display_name")), "Benji");
    json_decref(b);
}

static void paging_and_min_games(void **state)
{
    (void)state;
    char order[16];
    json_t *b = board("4p", IPPON_PERIOD_ALL, 1, 3, 1);
    order_of(b, order);
    assert_string_equal(order, "bae");
    json_decref(b);
    b = board("4p", IPPON_PERIOD_ALL, 3, 3, 1); /* the last page: one row, rank 7 */
    assert_int_equal(json_array_size(json_object_get(b, "rows")), 1);
    assert_int_equal(INT(json_array_get(json_object_get(b, "rows"), 0), "rank"), 7);
    assert_int_equal(INT(b, "total"), 7);
    json_decref(b);
    b = board("4p", IPPON_PERIOD_ALL, 4, 3, 1); /* past the end: no rows, the same total */
    assert_int_equal(json_array_size(json_object_get(b, "rows")), 0);
    assert_int_equal(INT(b, "total"), 7);
    json_decref(b);
    b = board("4p", IPPON_PERIOD_ALL, 1000000, 100, 1);
    assert_int_equal(json_array_size(json_object_get(b, "rows")), 0);
    json_decref(b);
    b = board("4p", IPPON_PERIOD_ALL, 1, 50, 2); /* min_games 2: a (2) and c (3) */
    order_of(b, order);
    assert_string_equal(order, "ac");
    assert_int_equal(INT(b, "total"), 2);
    json_decref(b);
}

static void periods(void **state)
{
    (void)state;
    /* h plays six ranked matches (+1, +10, +100, …) around the edges of the windows */
    const int64_t ends[] = {NOW_MS - DAY_MS, NOW_MS - DAY_MS - 1, NOW_MS - 7 * DAY_MS, NOW_MS - 7 * DAY_MS - 1,
                            NOW_MS - 30 * DAY_MS, NOW_MS - 30 * DAY_MS - 1};
    int gain = 1;
    for (int i = 0; i < 6; i++, gain *= 10) {
        char id[8];
        snprintf(id, sizeof id, "9%d", i);
        fixture_save_match(st, id, "h...", (int[]){gain, -gain, 0, 0}, true, true, ends[i]);
    }
    const struct {
        ippon_rank_period period;
        int total;
    } want[] = {{IPPON_PERIOD_DAY, 1}, {IPPON_PERIOD_WEEK, 111}, {IPPON_PERIOD_MONTH, 11111}, {IPPON_PERIOD_ALL, 111111}};
    for (size_t i = 0; i < 4; i++) {
        json_t *b = board("4p", want[i].period, 1, 50, 1);
        json_t *h = row_of(b, 'h');
        assert_non_null(h);
        assert_int_equal(INT(h, "total"), want[i].total);
        assert_int_equal(INT(b, "total"), want[i].period == IPPON_PERIOD_ALL ? 8 : 1 + 7); /* the others ended just now */
        json_decref(b);
    }
    assert_int_equal(ippon_rank_period_parse("week"), IPPON_PERIOD_WEEK);
    assert_int_equal(ippon_rank_period_parse("year"), -1);
}

static void profile(void **state)
{
    (void)state;
    json_t *p = NULL;
    assert_int_equal(ippon_json_load_profile(st, fixture_uid('a'), &p), 0);
    assert_string_equal(json_string_value(json_object_get(p, "display_name")), "Anna");
    json_t *m4 = json_object_get(json_object_get(p, "modes"), "4p");
    assert_int_equal(INT(m4, "games"), 2);
    assert_int_equal(INT(m4, "total"), 20000);
    assert_int_equal(INT(m4, "wins"), 2);
    assert_true(json_real_value(json_object_get(m4, "win_rate")) == 1.0);
    assert_int_equal(INT(json_object_get(json_object_get(p, "modes"), "3p"), "total"), 12000);
    json_t *recent = json_object_get(p, "recent");
    assert_int_equal(json_array_size(recent), 3);
    json_t *r0 = json_array_get(recent, 0); /* all end at the same time: by id desc */
    assert_string_equal(json_string_value(json_object_get(r0, "id")), "00000000000000000000000000000008");
    assert_int_equal(INT(r0, "final_points"), 47000);
    assert_int_equal(INT(r0, "seat"), 0);
    json_t *h4 = json_object_get(json_object_get(p, "history"), "4p");
    assert_int_equal(json_array_size(h4), 2);
    assert_int_equal(INT(json_array_get(h4, 0), "cumulative"), 10000);
    assert_int_equal(INT(json_array_get(h4, 1), "cumulative"), 20000);
    json_decref(p);
    /* h: only uncounted matches: zeros, but its recent matches are listed (not counted) */
    assert_int_equal(ippon_json_load_profile(st, fixture_uid('h'), &p), 0);
    m4 = json_object_get(json_object_get(p, "modes"), "4p");
    assert_int_equal(INT(m4, "games"), 0);
    assert_true(json_is_null(json_object_get(m4, "best")));
    assert_int_equal(json_array_size(json_object_get(p, "recent")), 3);
    assert_false(json_is_true(json_object_get(json_array_get(json_object_get(p, "recent"), 0), "counted")));
    assert_int_equal(json_array_size(json_object_get(json_object_get(p, "history"), "4p")), 0);
    json_decref(p);
    assert_int_equal(ippon_json_load_profile(st, fixture_uid('z'), &p), IPPON_STORE_NOT_FOUND);
}

static void matches(void **state)
{
    (void)state;
    json_t *l = NULL;
    assert_int_equal(ippon_json_load_matches(st, fixture_uid('c'), 1, 2, &l), 0);
    assert_int_equal(INT(l, "total"), 3);
    json_t *ms = json_object_get(l, "matches");
    assert_int_equal(json_array_size(ms), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(ms, 0), "id")), "00000000000000000000000000000003");
    json_decref(l);
    assert_int_equal(ippon_json_load_matches(st, fixture_uid('c'), 2, 2, &l), 0);
    assert_int_equal(json_array_size(json_object_get(l, "matches")), 1);
    json_decref(l);
    assert_int_equal(ippon_json_load_matches(st, NULL, 1, 100, &l), 0);
    assert_int_equal(INT(l, "total"), 8);
    json_decref(l);
    assert_int_equal(ippon_json_load_matches(st, fixture_uid('z'), 1, 10, &l), IPPON_STORE_NOT_FOUND);

    json_t *d = NULL;
    assert_int_equal(ippon_json_load_match_detail(st, "00000000000000000000000000000007", &d), 0);
    assert_string_equal(json_string_value(json_object_get(d, "mode")), "4p");
    assert_string_equal(json_string_value(json_object_get(d, "rules")), "yonma");
    assert_int_equal(INT(d, "voided_at"), 1);
    json_t *players = json_object_get(d, "players");
    assert_int_equal(json_array_size(players), 4);
    assert_string_equal(json_string_value(json_object_get(json_array_get(players, 0), "display_name")), "then-g");
    assert_true(json_is_true(json_object_get(json_array_get(players, 2), "bot")));
    assert_true(json_is_null(json_object_get(json_array_get(players, 2), "user_id")));
    assert_int_equal(INT(json_array_get(players, 0), "final_points"), 115000);
    assert_int_equal(INT(json_array_get(json_object_get(d, "wins"), 0), "seat"), 0);
    assert_string_equal(json_string_value(json_array_get(json_object_get(d, "seeds"), 0)), "ab");
    json_decref(d);
    assert_int_equal(ippon_json_load_match_detail(st, "00000000000000000000000000000077", &d), IPPON_STORE_NOT_FOUND);
}

static void results_sum_to_zero(void **state)
{
    (void)state;
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM (SELECT match_id FROM match_players GROUP BY match_id"
                                     " HAVING sum(result) <> 0) unbalanced"),
                     0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM matches"), 8);
}

/* ---- the REST routes ---------------------------------------------------------------- */

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

static void rest_parameters(void **state)
{
    (void)state;
    expect("/api/leaderboard", NULL, 0, 200, NULL);
    expect("/api/leaderboard", (const char *[]){"mode=3p", "period=day", "page=1", "limit=100"}, 4, 200, NULL);
    expect("/api/leaderboard", (const char *[]){"mode=5p"}, 1, 400, "mode");
    expect("/api/leaderboard", (const char *[]){"mode"}, 1, 400, "mode");
    expect("/api/leaderboard", (const char *[]){"period=year"}, 1, 400, "period");
    expect("/api/leaderboard", (const char *[]){"period=monthly-and-more"}, 1, 400, "period");
    const char *bad_numbers[] = {"0", "-1", "x", "", "1.5", "+1", "1000001", "99999999999999999999"};
    for (size_t i = 0; i < sizeof bad_numbers / sizeof *bad_numbers; i++) {
        char page[64], limit[64];
        snprintf(page, sizeof page, "page=%s", bad_numbers[i]);
        snprintf(limit, sizeof limit, "limit=%s", bad_numbers[i]);
        expect("/api/leaderboard", (const char *[]){page}, 1, 400, "page");
        expect("/api/leaderboard", (const char *[]){limit}, 1, 400, "limit");
        expect("/api/matches", (const char *[]){page}, 1, 400, "page");
        expect("/api/matches", (const char *[]){limit}, 1, 400, "limit");
    }
    expect("/api/leaderboard", (const char *[]){"limit=101"}, 1, 400, "limit");
    expect("/api/matches", (const char *[]){"limit=101"}, 1, 400, "limit");

    char player[1100];
    snprintf(player, sizeof player, "player=%s", fixture_uid('a'));
    expect("/api/matches", (const char *[]){player}, 1, 200, NULL);
    expect("/api/matches", NULL, 0, 200, NULL);
    expect("/api/matches", (const char *[]){"player=123"}, 1, 400, "player");
    expect("/api/matches", (const char *[]){"player=zz000000000000000000000000000000"}, 1, 400, "player");
    expect("/api/matches", (const char *[]){"player=ffffffffffffffffffffffffffffffff"}, 1, 404, NULL);

    char path[1100];
    snprintf(path, sizeof path, "/api/players/%s", fixture_uid('a'));
    expect(path, NULL, 0, 200, NULL);
    expect("/api/players/ffffffffffffffffffffffffffffffff", NULL, 0, 404, NULL);
    expect("/api/players/FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", NULL, 0, 404, NULL); /* either case */
    expect("/api/players/abc", NULL, 0, 400, "id");
    expect("/api/players/0000000000000000000000000000000g", NULL, 0, 400, "id");
    expect("/api/players/", NULL, 0, 404, NULL);     /* no segment: no route */
    expect("/api/players", NULL, 0, 404, NULL);
    snprintf(path, sizeof path, "/api/players/%s/x", fixture_uid('a'));
    expect(path, NULL, 0, 404, NULL);                /* two segments: no route */
    expect("/api/matches/00000000000000000000000000000004", NULL, 0, 200, NULL);
    expect("/api/matches/00000000000000000000000000000099", NULL, 0, 404, NULL);
    expect("/api/matches/nope", NULL, 0, 400, "id");
    expect("/api/health", NULL, 0, 503, NULL);       /* the exact routes still match (no store writer here) */
    expect("/api/healthz", NULL, 0, 404, NULL);

    ippon_app app = {.store = st};
    ippon_rest_request post = {.method = IPPON_HTTP_POST, .path = "/api/matches/00000000000000000000000000000004"};
    ippon_rest_response res;
    ippon_rest_handle(&app, &post, &res);
    assert_int_equal(res.status, 405);
    assert_string_equal(res.allow, "GET");
    ippon_rest_response_free(&res);

    ippon_app none = {0}; /* no database: 503 */
    ippon_rest_request get = {.method = IPPON_HTTP_GET, .path = "/api/leaderboard"};
    ippon_rest_handle(&none, &get, &res);
    assert_int_equal(res.status, 503);
    ippon_rest_response_free(&res);
}

static void rest_etag(void **state)
{
    (void)state;
    const char *args[] = {"mode=4p"};
    ippon_rest_response a = rest("/api/leaderboard", args, 1, NULL);
    assert_int_equal(a.status, 200);
    assert_int_equal(a.etag[0], '"');
    ippon_rest_response b = rest("/api/leaderboard", args, 1, a.etag);
    assert_int_equal(b.status, 304);
    assert_int_equal(b.body_len, 0);
    assert_string_equal(b.etag, a.etag);
    ippon_rest_response_free(&b);
    char list[128];
    snprintf(list, sizeof list, "\"x\", W/%s", a.etag);
    b = rest("/api/leaderboard", args, 1, list);
    assert_int_equal(b.status, 304);
    ippon_rest_response_free(&b);
    b = rest("/api/leaderboard", args, 1, "\"other\"");
    assert_int_equal(b.status, 200);
    assert_string_equal(b.etag, a.etag);
    ippon_rest_response_free(&b);
    /* a new match changes the body, so the tag */
    fixture_save_match(st, "0a", "b...", (int[]){1000, -1000, 0, 0}, true, true, NOW_MS);
    b = rest("/api/leaderboard", args, 1, a.etag);
    assert_int_equal(b.status, 200);
    assert_string_not_equal(b.etag, a.etag);
    ippon_rest_response_free(&b);
    ippon_rest_response_free(&a);
    /* errors carry no tag */
    b = rest("/api/players/abc", NULL, 0, "*");
    assert_int_equal(b.status, 400);
    assert_string_equal(b.etag, "");
    ippon_rest_response_free(&b);
}

/* the copies of a match's mode, "counted" and "voided" in its players' rows (0007_player_games.sql) */
static void copies_follow_the_match(void **state)
{
    (void)state;
    const char *m01 = "00000000000000000000000000000001";
    /* an admin voids a's first match: it leaves a's chart, its recent entry is no longer counted */
    fixture_exec(st, "UPDATE matches SET voided_at = 5, void_reason = 'test' WHERE id LIKE '%01'");
    json_t *p = NULL;
    assert_int_equal(ippon_json_load_profile(st, fixture_uid('a'), &p), 0);
    json_t *h4 = json_object_get(json_object_get(p, "history"), "4p");
    assert_int_equal(json_array_size(h4), 1);
    assert_int_equal(INT(json_array_get(h4, 0), "cumulative"), 10000);
    size_t i;
    json_t *r;
    int seen = 0;
    json_array_foreach(json_object_get(p, "recent"), i, r) {
        bool is01 = !strcmp(json_string_value(json_object_get(r, "id")), m01);
        seen += is01;
        assert_true(json_is_true(json_object_get(r, "counted")) != is01);
    }
    assert_int_equal(seen, 1);
    json_decref(p);
    /* both lists say it is voided, and only it */
    for (int mine = 0; mine < 2; mine++) {
        json_t *l = NULL;
        assert_int_equal(ippon_json_load_matches(st, mine ? fixture_uid('a') : NULL, 1, 100, &l), 0);
        int voided = 0;
        json_array_foreach(json_object_get(l, "matches"), i, r) {
            const char *id = json_string_value(json_object_get(r, "id"));
            bool want = !strcmp(id, m01) || !strcmp(id, "00000000000000000000000000000007");
            assert_true(json_is_true(json_object_get(r, "voided")) == want);
            voided += want;
        }
        assert_int_equal(voided, mine ? 1 : 2);
        json_decref(l);
    }
    /* un-voided, it counts again */
    fixture_exec(st, "UPDATE matches SET voided_at = NULL, void_reason = NULL WHERE id LIKE '%01'");
    assert_int_equal(ippon_json_load_profile(st, fixture_uid('a'), &p), 0);
    assert_int_equal(json_array_size(json_object_get(json_object_get(p, "history"), "4p")), 2);
    json_decref(p);

    /* a copy that does not match its match is refused, and nothing changes */
    static const char *const wrong[] = {
        "INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot, final_points, result, ended_at,"
        " mode, counted, voided) VALUES ('00000000000000000000000000000002', 9, NULL, 'x', 1, 0, 0, 1, '3p', 1, 0)",
        "INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot, final_points, result, ended_at,"
        " mode, counted, voided) VALUES ('00000000000000000000000000000005', 9, NULL, 'x', 1, 0, 0, 1, '4p', 1, 0)",
        "INSERT INTO match_players (match_id, seat, user_id, display_name, is_bot, final_points, result, ended_at)"
        " VALUES ('00000000000000000000000000000002', 9, NULL, 'x', 1, 0, 0, 1)",
    };
    for (size_t k = 0; k < sizeof wrong / sizeof *wrong; k++) {
        assert_int_not_equal(ippon_sql_exec(st->db, wrong[k]), 0);
        assert_non_null(strstr(ippon_sql_errmsg(st->db), "must be those of the match"));
    }
    json_t *l = NULL;
    assert_int_equal(ippon_json_load_matches(st, fixture_uid('g'), 1, 100, &l), 0);
    json_array_foreach(json_object_get(l, "matches"), i, r)
        assert_true(json_array_size(json_object_get(r, "players")) == 4);
    json_decref(l);

    /* the list's total is kept as matches come and go */
    fixture_save_match(st, "0b", "ab..", (int[]){1000, -1000, 0, 0}, false, true, NOW_MS);
    assert_int_equal(ippon_json_load_matches(st, NULL, 1, 1, &l), 0);
    assert_int_equal(INT(l, "total"), 9);
    json_decref(l);
    fixture_exec(st, "DELETE FROM matches WHERE id LIKE '%08' OR id LIKE '%0b'");
    assert_int_equal(ippon_json_load_matches(st, NULL, 1, 1, &l), 0);
    assert_int_equal(INT(l, "total"), 7);
    json_decref(l);
}

/* GET /api/players/{id} of player c, its body and tag copied; kept tells whether the store kept it */
static char *profile_reply(char who, char etag[48], bool *kept)
{
    char path[64];
    assert_true(snprintf(path, sizeof path, "/api/players/%s", fixture_uid(who)) < (int)sizeof path);
    const char *body, *tag;
    size_t len;
    *kept = ippon_store_reply_kept(st, &(ippon_kept_query){fixture_uid(who), 0, 0, 0}, &body, &len, &tag) == 1;
    ippon_rest_response res = rest(path, NULL, 0, NULL);
    assert_int_equal(res.status, 200);
    snprintf(etag, 48, "%s", res.etag);
    char *copy = strdup(res.body);
    ippon_rest_response_free(&res);
    return copy;
}

/* profile and match-list replies are kept until something they show changes, and only then */
static void kept_profiles(void **state)
{
    (void)state;
    char tag1[48], tag2[48];
    bool kept;
    char *first = profile_reply('a', tag1, &kept);
    assert_false(kept);
    char *again = profile_reply('a', tag2, &kept);
    assert_true(kept);
    assert_string_equal(again, first);
    assert_string_equal(tag2, tag1);
    free(again);
    char path[64];
    assert_true(snprintf(path, sizeof path, "/api/players/%s", fixture_uid('a')) < (int)sizeof path);
    ippon_rest_response res = rest(path, NULL, 0, tag1);
    assert_int_equal(res.status, 304);
    ippon_rest_response_free(&res);

    /* a match without a: a's reply stays kept */
    fixture_save_match(st, "0c", "bd..", (int[]){1000, -1000, 0, 0}, true, true, NOW_MS);
    again = profile_reply('a', tag2, &kept);
    assert_true(kept);
    assert_string_equal(again, first);
    free(again);
    /* a match of a's (unranked: only its recent matches change) */
    fixture_save_match(st, "0d", "ad..", (int[]){1000, -1000, 0, 0}, false, true, NOW_MS);
    again = profile_reply('a', tag2, &kept);
    assert_false(kept);
    assert_non_null(strstr(again, "0000000000000000000000000000000d"));
    assert_string_not_equal(tag2, tag1);
    free(first);
    first = again;
    /* changes from outside the match writer: a void, a rename */
    fixture_exec(st, "UPDATE matches SET voided_at = 5, void_reason = 'test' WHERE id LIKE '%02'");
    again = profile_reply('a', tag2, &kept);
    assert_false(kept);
    json_t *p = json_loads(again, 0, NULL);
    assert_int_equal(INT(json_object_get(json_object_get(p, "modes"), "4p"), "games"), 1);
    json_decref(p);
    free(again);
    again = profile_reply('a', tag2, &kept);
    assert_true(kept);
    free(again);
    /* the list of every match: kept until any match is written */
    const char *args[] = {"page=1", "limit=5"};
    ippon_rest_response l1 = rest("/api/matches", args, 2, NULL);
    const char *body, *tag;
    size_t len;
    const ippon_kept_query every = {NULL, 1, 5, 0};
    assert_int_equal(ippon_store_reply_kept(st, &every, &body, &len, &tag), 1);
    assert_string_equal(tag, l1.etag);
    fixture_save_match(st, "0e", "bd..", (int[]){1000, -1000, 0, 0}, false, true, NOW_MS + 1);
    assert_int_equal(ippon_store_reply_kept(st, &every, &body, &len, &tag), 0);
    ippon_rest_response l2 = rest("/api/matches", args, 2, NULL);
    assert_non_null(strstr(l2.body, "000e\""));
    assert_null(strstr(l1.body, "000e\""));
    ippon_rest_response_free(&l1);
    ippon_rest_response_free(&l2);
    again = profile_reply('a', tag2, &kept); /* a did not play it */
    assert_true(kept);
    free(again);
    fixture_exec(st, "UPDATE users SET display_name = 'Annie' WHERE display_name = 'Anna'");
    again = profile_reply('a', tag2, &kept);
    assert_false(kept);
    assert_non_null(strstr(again, "\"Annie\""));
    free(again);
    free(first);
}

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        T(order_and_tie_rules), T(paging_and_min_games), T(periods), T(profile),
        T(matches), T(results_sum_to_zero), T(rest_parameters), T(rest_etag),
        T(copies_follow_the_match), T(kept_profiles),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
