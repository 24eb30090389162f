/*
 * test_server_rankings.c — the rankings (src/server/store_rankings.c, rankings_rest.c)
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
#include <string.h>

#include "ippon/rules.h"
#include "log.h"
#include "rest.h"
#include "store.h"
#include "store_matches.h"
#include "store_private.h"
#include "store_rankings.h"

#define DAY_MS 86400000LL
#define NOW_MS 1800000000000LL /* a fixed "now" for the periods */

static ippon_store *st;

/* the test's user ids: uid('a') is "000…0a" (32 hex) */
static const char *uid(char c)
{
    static char ids[128][IPPON_USER_ID_LEN + 1];
    snprintf(ids[(int)c], sizeof ids[0], "%031x%c", 0, c);
    return ids[(int)c];
}

static void add_user(char c, const char *name)
{
    ippon_user u = {0};
    snprintf(u.id, sizeof u.id, "%s", uid(c));
    snprintf(u.display_name, sizeof u.display_name, "%s", name);
    u.guest = true;
    u.created_at = u.last_seen_at = 1000;
    ippon_session s = {.created_at = 1000, .expires_at = 1LL << 40, .last_used_at = 1000};
    memset(s.token_hash, c, sizeof s.token_hash);
    int taken = 0;
    assert_int_equal(ippon_store_user_create(st, &u, NULL, &s, &taken), 0);
}

/* save one match: seats "abc." (a letter: that user; '.': a bot) with these results */
static void save(const char *id, const char *seats, const int results[], bool ranked, bool completed,
                 int64_t ended_ms)
{
    int n = (int)strlen(seats);
    ippon_table_player players[4];
    int32_t finals[4], res[4];
    int start = n == 4 ? 25000 : 35000;
    for (int i = 0; i < n; i++) {
        memset(&players[i], 0, sizeof players[i]);
        players[i].bot = seats[i] == '.';
        if (!players[i].bot)
            snprintf(players[i].user_id, sizeof players[i].user_id, "%s", uid(seats[i]));
        snprintf(players[i].name, sizeof players[i].name, players[i].bot ? "Bot-%d" : "then-%c", players[i].bot ? i : seats[i]);
        res[i] = results[i];
        finals[i] = start + results[i];
    }
    char match_id[IPPON_USER_ID_LEN + 1];
    snprintf(match_id, sizeof match_id, "%032x", 0);
    memcpy(match_id + IPPON_USER_ID_LEN - strlen(id), id, strlen(id));
    json_t *seeds = json_pack("[s]", "ab"), *actions = json_array(), *wins = json_pack("[{s:i}]", "seat", 0);
    ippon_table_record rec = {
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

static void exec(const char *sql)
{
    char *msg = NULL;
    if (sqlite3_exec(st->db, sql, NULL, NULL, &msg) != SQLITE_OK)
        fail_msg("%s: %s", sql, msg);
}

static int setup(void **state)
{
    (void)state;
    char err[512], dir[512];
    snprintf(dir, sizeof dir, "%s/migrations", IPPON_TEST_SOURCE_DIR);
    if (ippon_store_open(&st, ":memory:", err, sizeof err) != 0 || ippon_store_migrate(st, dir, NULL, err, sizeof err) != 0) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    /* ids chosen so that only the rule under test can explain the order */
    const char *names = "aAnna bBen cCho dDai eEmi fFumi gGen hHana";
    for (const char *p = names; *p; p += strcspn(p, " "), p += *p == ' ') {
        char name[16];
        size_t len = strcspn(p + 1, " ");
        snprintf(name, sizeof name, "%.*s", (int)len, p + 1);
        add_user(p[0], name);
    }
    const int64_t t = NOW_MS - 1000;
    /* a 20000 in 2 (avg 10000); b 20000 in 1 (avg 20000): b first, on the average */
    save("01", "ac..", (int[]){10000, -5000, -5000, 0}, true, true, t);
    save("02", "ac..", (int[]){10000, 5000, -15000, 0}, true, true, t);
    /* c 0 in 3, d 0 in 1: c first, on games (d's id is smaller) */
    save("03", "bdc.", (int[]){20000, 0, 0, -20000}, true, true, t);
    /* e and f: the same total, average and games: e first, on the id; both won (a tie on top) */
    save("04", "efg.", (int[]){3000, 3000, -8000, 2000}, true, true, t);
    /* never counted: unranked, incomplete, voided; the 3p board is another one */
    save("05", "gh..", (int[]){90000, -30000, -30000, -30000}, false, true, t);
    save("06", "gh..", (int[]){90000, -30000, -30000, -30000}, true, false, t);
    save("07", "gh..", (int[]){90000, -30000, -30000, -30000}, true, true, t);
    exec("UPDATE matches SET voided_at = 1, void_reason = 'test' WHERE id LIKE '%07'");
    save("08", "a..", (int[]){12000, -6000, -6000}, true, true, t);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    ippon_store_close(st);
    st = NULL;
    return 0;
}

static json_t *board(const char *mode, ippon_rank_period period, int page, int limit, int min_games)
{
    ippon_leaderboard_query q = {mode, period, NOW_MS, page, limit, min_games};
    json_t *out = NULL;
    assert_int_equal(ippon_store_leaderboard(st, &q, &out), 0);
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
    json_array_foreach(json_object_get(b, "rows"), i, row) if (!strcmp(json_string_value(json_object_get(row, "user_id")),
                                                                       uid(who))) return row;
    return NULL;
}

#define INT(obj, key) json_integer_value(json_object_get((obj), (key)))

static void test_order_and_tie_rules(void **state)
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
    assert_int_equal(ippon_store_user_rename(st, uid('b'), "Benji", &taken), 0);
    b = board("4p", IPPON_PERIOD_ALL, 1, 1, 1);
    assert_string_equal(json_string_value(json_object_get(row_of(b, 'b'), "display_name")), "Benji");
    json_decref(b);
}

static void test_paging_and_min_games(void **state)
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

static void test_periods(void **state)
{
    (void)state;
    /* h plays six ranked matches (+1, +10, +100, …) around the edges of the windows */
    const int64_t ends[] = {NOW_MS - DAY_MS, NOW_MS - DAY_MS - 1, NOW_MS - 7 * DAY_MS, NOW_MS - 7 * DAY_MS - 1,
                            NOW_MS - 30 * DAY_MS, NOW_MS - 30 * DAY_MS - 1};
    int gain = 1;
    for (int i = 0; i < 6; i++, gain *= 10) {
        char id[8];
        snprintf(id, sizeof id, "9%d", i);
        save(id, "h...", (int[]){gain, -gain, 0, 0}, true, true, ends[i]);
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

static void test_profile(void **state)
{
    (void)state;
    json_t *p = NULL;
    assert_int_equal(ippon_store_player_profile(st, uid('a'), &p), 0);
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
    assert_int_equal(ippon_store_player_profile(st, uid('h'), &p), 0);
    m4 = json_object_get(json_object_get(p, "modes"), "4p");
    assert_int_equal(INT(m4, "games"), 0);
    assert_true(json_is_null(json_object_get(m4, "best")));
    assert_int_equal(json_array_size(json_object_get(p, "recent")), 3);
    assert_false(json_is_true(json_object_get(json_array_get(json_object_get(p, "recent"), 0), "counted")));
    assert_int_equal(json_array_size(json_object_get(json_object_get(p, "history"), "4p")), 0);
    json_decref(p);
    assert_int_equal(ippon_store_player_profile(st, uid('z'), &p), IPPON_STORE_NOT_FOUND);
}

static void test_matches(void **state)
{
    (void)state;
    json_t *l = NULL;
    assert_int_equal(ippon_store_matches_list(st, uid('c'), 1, 2, &l), 0);
    assert_int_equal(INT(l, "total"), 3);
    json_t *ms = json_object_get(l, "matches");
    assert_int_equal(json_array_size(ms), 2);
    assert_string_equal(json_string_value(json_object_get(json_array_get(ms, 0), "id")), "00000000000000000000000000000003");
    json_decref(l);
    assert_int_equal(ippon_store_matches_list(st, uid('c'), 2, 2, &l), 0);
    assert_int_equal(json_array_size(json_object_get(l, "matches")), 1);
    json_decref(l);
    assert_int_equal(ippon_store_matches_list(st, NULL, 1, 100, &l), 0);
    assert_int_equal(INT(l, "total"), 8);
    json_decref(l);
    assert_int_equal(ippon_store_matches_list(st, uid('z'), 1, 10, &l), IPPON_STORE_NOT_FOUND);

    json_t *d = NULL;
    assert_int_equal(ippon_store_match_detail(st, "00000000000000000000000000000007", &d), 0);
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
    assert_int_equal(ippon_store_match_detail(st, "00000000000000000000000000000077", &d), IPPON_STORE_NOT_FOUND);
}

static void test_results_sum_to_zero(void **state)
{
    (void)state;
    sqlite3_stmt *q;
    assert_int_equal(sqlite3_prepare_v2(st->db,
                                        "SELECT count(*), (SELECT count(*) FROM matches) FROM (SELECT match_id FROM"
                                        " match_players GROUP BY match_id HAVING sum(result) <> 0)",
                                        -1, &q, NULL),
                     SQLITE_OK);
    assert_int_equal(sqlite3_step(q), SQLITE_ROW);
    assert_int_equal(sqlite3_column_int(q, 0), 0);
    assert_int_equal(sqlite3_column_int(q, 1), 8);
    sqlite3_finalize(q);
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

static void test_rest_parameters(void **state)
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
    snprintf(player, sizeof player, "player=%s", uid('a'));
    expect("/api/matches", (const char *[]){player}, 1, 200, NULL);
    expect("/api/matches", NULL, 0, 200, NULL);
    expect("/api/matches", (const char *[]){"player=123"}, 1, 400, "player");
    expect("/api/matches", (const char *[]){"player=zz000000000000000000000000000000"}, 1, 400, "player");
    expect("/api/matches", (const char *[]){"player=ffffffffffffffffffffffffffffffff"}, 1, 404, NULL);

    char path[1100];
    snprintf(path, sizeof path, "/api/players/%s", uid('a'));
    expect(path, NULL, 0, 200, NULL);
    expect("/api/players/ffffffffffffffffffffffffffffffff", NULL, 0, 404, NULL);
    expect("/api/players/FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", NULL, 0, 404, NULL); /* either case */
    expect("/api/players/abc", NULL, 0, 400, "id");
    expect("/api/players/0000000000000000000000000000000g", NULL, 0, 400, "id");
    expect("/api/players/", NULL, 0, 404, NULL);     /* no segment: no route */
    expect("/api/players", NULL, 0, 404, NULL);
    snprintf(path, sizeof path, "/api/players/%s/x", uid('a'));
    expect(path, NULL, 0, 404, NULL);                /* two segments: no route */
    expect("/api/matches/00000000000000000000000000000004", NULL, 0, 200, NULL);
    expect("/api/matches/00000000000000000000000000000099", NULL, 0, 404, NULL);
    expect("/api/matches/nope", NULL, 0, 400, "id");
    expect("/api/health", NULL, 0, 200, NULL);       /* the exact routes still match */
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

static void test_rest_etag(void **state)
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
    save("0a", "b...", (int[]){1000, -1000, 0, 0}, true, true, NOW_MS);
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

#define T(f) cmocka_unit_test_setup_teardown(f, setup, teardown)

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        T(test_order_and_tie_rules), T(test_paging_and_min_games), T(test_periods), T(test_profile),
        T(test_matches), T(test_results_sum_to_zero), T(test_rest_parameters), T(test_rest_etag),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
