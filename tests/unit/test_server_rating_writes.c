/*
 * test_server_rating_writes.c — ratings written as matches are stored (store/rating_writes.h),
 * undone by a void (store/rating_replay.h), given at start-up to matches stored before them,
 * and replayed by the recompute: bit for bit the same values. Runs on SQLite, and again on
 * PostgreSQL as cluster.test_server_rating_writes_pg.
 *
 * Expected values are worked by hand from include/ippon/ladder.h's table (Novice promotes at 20
 * to 9 kyu starting at 0 and does not demote; 4-player bases 20/10/0, a ron's bystanders tie for
 * 2nd–3rd: 5 each; 3-player 1st +30) and from what the model must do (a winner's mu rises, tied
 * players with equal ratings move equally, bots are fixed), and from the meaning of a void (as if
 * the match had not been played).
 */
#include "server_fixture.h"

#include <math.h>

#include "ippon/ladder.h"
#include "ippon/rating.h"
#include "store/rating_replay.h"
#include "store/rating_writes.h"
#include "store/store_admin.h"
#include "store/store_ratings.h"

static ippon_standing standing(ippon_store *st, ippon_mode mode, char who)
{
    ippon_standing s;
    assert_true(ippon_store_standing(st, mode, fixture_uid(who), &s) >= 0);
    return s;
}

static void assert_same_standing(ippon_standing a, ippon_standing b)
{
    assert_true(a.rating.mu == b.rating.mu);
    assert_true(a.rating.sigma == b.rating.sigma);
    assert_int_equal(a.rank.tier, b.rank.tier);
    assert_int_equal(a.rank.points, b.rank.points);
    assert_int_equal(a.games, b.games);
}

/* a fresh store with the guests a … f */
static ippon_store *fresh(void)
{
    ippon_store *st;
    if (fixture_store_migrated(&st, ":memory:") != 0)
        return NULL;
    for (const char *c = "abcdef"; *c; c++) {
        char name[16];
        snprintf(name, sizeof name, "Player %c", *c);
        fixture_add_guest(st, *c, name);
    }
    return st;
}

static int setup(void **state)
{
    *state = fresh();
    return *state ? 0 : -1;
}

/* fixture_int of the SQL that fmt and its arguments make */
static int64_t count_of(ippon_store *st, const char *fmt, ...)
{
    char sql[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(sql, sizeof sql, fmt, ap);
    va_end(ap);
    return fixture_int(st, sql);
}

static int teardown(void **state) { return fixture_store_close((ippon_store **)state); }

static const char *match_id(const char *id)
{
    static char out[IPPON_USER_ID_LEN + 1];
    snprintf(out, sizeof out, "%032x", 0);
    memcpy(out + IPPON_USER_ID_LEN - strlen(id), id, strlen(id));
    return out;
}

static int void_match(ippon_store *st, const char *id)
{
    ippon_audit a = {.at_ms = 5000, .admin_name = "(test)", .action = "void_match", .target = match_id(id)};
    return ippon_store_match_void(st, match_id(id), "test", 5000, &a);
}

/* a ranked 4-player ron: a wins 8,000 from the bot; b and c, untouched, tie */
static void ranked_match_rates_its_humans(void **state)
{
    ippon_store *st = *state;
    const ippon_rating initial = ippon_rating_initial(&ippon_rating_defaults);
    fixture_save_match_wins(st, "1", "abc.", (int[]){8000, 0, 0, -8000}, true, true, 1000, "[{\"seat\":0,\"from\":3}]");
    ippon_standing a = standing(st, IPPON_MODE_4P, 'a'), b = standing(st, IPPON_MODE_4P, 'b'),
                   c = standing(st, IPPON_MODE_4P, 'c');
    assert_true(a.rating.mu > initial.mu);              /* the winner rises */
    assert_true(a.rating.sigma < initial.sigma + 1e-9); /* and is surer of */
    assert_true(b.rating.mu == c.rating.mu);            /* tied with equal ratings: equal moves */
    assert_true(b.rating.sigma == c.rating.sigma);
    assert_true(b.rating.mu < a.rating.mu);
    /* rank points: 1st +20 + round(8000 / 1000) = 28 ≥ 20 promotes Novice → 9 kyu at 0; 2nd–3rd tied:
       (10 + 0) / 2 = 5 + 0 */
    assert_int_equal(a.rank.tier, 1);
    assert_int_equal(a.rank.points, 0);
    assert_int_equal(b.rank.tier, 0);
    assert_int_equal(b.rank.points, 5);
    assert_int_equal(a.games, 1);
    assert_int_equal(c.games, 1);
    assert_int_equal(count_of(st, "SELECT rank_delta FROM rating_history WHERE user_id = '%s' AND mode = '4p'",
                              fixture_uid('a')),
                     28);
    /* the bot's seat has no row; one rated match, three history rows */
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM ratings"), 3);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rated_matches"), 1);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rating_history"), 3);
    /* the same values as the model's update with the same inputs (the bot at its fixed rating) */
    ippon_rating_seat seats[4] = {{initial, 33000, false, {0, 0}}, {initial, 25000, false, {0, 0}},
                                  {initial, 25000, false, {0, 0}}, {ippon_rating_bot(4), 17000, true, {0, 0}}};
    assert_int_equal(ippon_rating_update(&ippon_rating_defaults, seats, 4), 0);
    assert_true(seats[0].after.mu == a.rating.mu && seats[0].after.sigma == a.rating.sigma);
    assert_true(seats[1].after.mu == b.rating.mu && seats[1].after.sigma == b.rating.sigma);
    /* the same match again is stored once and rated once */
    fixture_save_match_wins(st, "1", "abc.", (int[]){8000, 0, 0, -8000}, true, true, 1000, "[{\"seat\":0,\"from\":3}]");
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rated_matches"), 1);
    assert_same_standing(standing(st, IPPON_MODE_4P, 'a'), a);
    /* a second match: games count up, before = the first's after */
    fixture_save_match(st, "2", "abcd", (int[]){4000, -4000, 0, 0}, true, true, 2000);
    assert_int_equal(standing(st, IPPON_MODE_4P, 'a').games, 2);
    assert_int_equal(standing(st, IPPON_MODE_4P, 'd').games, 1);
    char m1[IPPON_USER_ID_LEN + 1];
    snprintf(m1, sizeof m1, "%s", match_id("1"));
    assert_int_equal(count_of(st, "SELECT count(*) FROM rating_history h WHERE h.match_id = '%s' AND h.mu_before ="
                                  " (SELECT mu_after FROM rating_history k WHERE k.match_id = '%s' AND k.user_id ="
                                  " h.user_id)",
                              match_id("2"), m1),
                     3);
}

/* a 3-player match: 1st +30 + 12; the loser in Novice stays at 0 (no demotion, no negative points) */
static void three_player_match(void **state)
{
    ippon_store *st = *state;
    fixture_save_match_wins(st, "3", "ab.", (int[]){12000, -12000, 0}, true, true, 1000, "[{\"seat\":0,\"from\":1}]");
    ippon_standing a = standing(st, IPPON_MODE_3P, 'a'), b = standing(st, IPPON_MODE_3P, 'b');
    assert_int_equal(a.rank.tier, 1);
    assert_int_equal(a.rank.points, 0);
    assert_int_equal(b.rank.tier, 0);
    assert_int_equal(b.rank.points, 0);
    assert_true(a.rating.mu > b.rating.mu);
    assert_int_equal(standing(st, IPPON_MODE_4P, 'a').games, 0); /* the other mode: untouched */
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rated_matches WHERE mode = '3p'"), 1);
}

/* practice (unranked), unfinished and bot-only matches change nothing */
static void uncounted_matches_change_nothing(void **state)
{
    ippon_store *st = *state;
    fixture_save_match(st, "4", "abcd", (int[]){8000, -8000, 0, 0}, false, true, 1000);
    fixture_save_match(st, "5", "abcd", (int[]){8000, -8000, 0, 0}, true, false, 1000);
    fixture_save_match(st, "6", "....", (int[]){8000, -8000, 0, 0}, true, true, 1000);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM ratings"), 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rated_matches"), 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rating_history"), 0);
    assert_int_equal(standing(st, IPPON_MODE_4P, 'a').games, 0);
}

/* voiding the first of three matches: the standings are those of a history without it */
static void void_replays_later_matches(void **state)
{
    ippon_store *st = *state, *without = fresh();
    assert_non_null(without);
    fixture_save_match(st, "7", "abcd", (int[]){12000, -12000, 0, 0}, true, true, 1000);
    fixture_save_match(st, "8", "ab.", (int[]){6000, -6000, 0}, true, true, 1500);
    fixture_save_match(st, "9", "bce.", (int[]){3000, 0, -3000, 0}, true, true, 2000);
    fixture_save_match(st, "a", "abcd", (int[]){0, 2000, -2000, 0}, true, true, 3000);
    fixture_save_match(without, "8", "ab.", (int[]){6000, -6000, 0}, true, true, 1500);
    fixture_save_match(without, "9", "bce.", (int[]){3000, 0, -3000, 0}, true, true, 2000);
    fixture_save_match(without, "a", "abcd", (int[]){0, 2000, -2000, 0}, true, true, 3000);
    ippon_standing three_before = standing(st, IPPON_MODE_3P, 'a');
    assert_int_equal(void_match(st, "7"), 0);
    for (const char *c = "abcde"; *c; c++)
        assert_same_standing(standing(st, IPPON_MODE_4P, *c), standing(without, IPPON_MODE_4P, *c));
    assert_same_standing(standing(st, IPPON_MODE_3P, 'a'), three_before); /* the other mode untouched */
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rated_matches"), 3);
    assert_int_equal(count_of(st, "SELECT count(*) FROM rating_history WHERE match_id = '%s'", match_id("7")), 0);
    /* d played only the voided match and the last: its history's before is the initial standing */
    assert_int_equal(count_of(st, "SELECT count(*) FROM rating_history WHERE user_id = '%s' AND mode = '4p'"
                                  " AND mu_before = 1500 AND sigma_before = 200",
                              fixture_uid('d')),
                     1);
    /* voiding the last one: e (only in match 9) keeps its standing; a's 4p row goes back to none */
    assert_int_equal(void_match(st, "a"), 0);
    assert_int_equal(standing(st, IPPON_MODE_4P, 'a').games, 0);
    assert_int_equal(count_of(st, "SELECT count(*) FROM ratings WHERE mode = '4p' AND user_id = '%s'",
                              fixture_uid('a')),
                     0);
    assert_int_equal(standing(st, IPPON_MODE_4P, 'e').games, 1);
    /* a match never rated (practice) voided: nothing moves */
    fixture_save_match(st, "b", "abcd", (int[]){0, 2000, -2000, 0}, false, true, 3000);
    assert_int_equal(void_match(st, "b"), 0);
    ippon_store_close(without);
}

static void snapshot_equal(ippon_store *a, ippon_store *b)
{
    for (const char *c = "abcdef"; *c; c++)
        for (int m = 0; m < IPPON_MODES; m++)
            assert_same_standing(standing(a, (ippon_mode)m, *c), standing(b, (ippon_mode)m, *c));
}

/* a database from before ratings: its counted matches are rated at start-up in (ended_at, id) order */
static void restart_rates_old_matches(void **state)
{
    ippon_store *st = *state, *in_order = fresh();
    assert_non_null(in_order);
    /* stored out of order: ended 3000, then 1000, then 2000 */
    fixture_save_match(st, "c", "abcd", (int[]){4000, -4000, 0, 0}, true, true, 3000);
    fixture_save_match(st, "d", "abc.", (int[]){-8000, 8000, 0, 0}, true, true, 1000);
    fixture_save_match(st, "e", "ab.", (int[]){6000, 0, -6000}, true, true, 2000);
    fixture_save_match(st, "f", "abcd", (int[]){4000, -4000, 0, 0}, false, true, 500);
    fixture_save_match(in_order, "d", "abc.", (int[]){-8000, 8000, 0, 0}, true, true, 1000);
    fixture_save_match(in_order, "e", "ab.", (int[]){6000, 0, -6000}, true, true, 2000);
    fixture_save_match(in_order, "c", "abcd", (int[]){4000, -4000, 0, 0}, true, true, 3000);
    fixture_exec(st, "DELETE FROM rating_history");
    fixture_exec(st, "DELETE FROM rated_matches");
    fixture_exec(st, "DELETE FROM ratings");
    long rated = -1;
    char err[256];
    assert_int_equal(ippon_store_rate_unrated(st, &rated, err, sizeof err), 0);
    assert_int_equal(rated, 3);
    snapshot_equal(st, in_order);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM rated_matches"), 3);
    /* once: a second start finds nothing */
    assert_int_equal(ippon_store_rate_unrated(st, &rated, err, sizeof err), 0);
    assert_int_equal(rated, 0);
    ippon_store_close(in_order);
}

/* a history of ranked matches of both modes, humans and bots, ties, a void in the middle */
static void store_history(ippon_store *st)
{
    static const char *const seats4[] = {"abcd", "abc.", "ab..", "bcde", "acef", "def.", "a.b.", "cdef"};
    static const char *const seats3[] = {"abc", "ab.", "cde", "a.f", "bef"};
    char id[8];
    for (int i = 0; i < 40; i++) {
        int r = (i * 7919) % 13;
        int four[4] = {r * 1000, -r * 1000, 0, 0}; /* often a ron: two tie at 0 */
        int three[3] = {(r - 6) * 1000, 0, (6 - r) * 1000};
        if (i % 5 == 4) {
            four[2] = -2000; four[3] = 2000; /* no tie */
        }
        snprintf(id, sizeof id, "1%03d", i);
        fixture_save_match(st, id, seats4[i % 8], four, true, true, 10000 + i * 10);
        snprintf(id, sizeof id, "2%03d", i);
        fixture_save_match(st, id, seats3[i % 5], three, i % 9 != 8, true, 10005 + i * 10);
    }
}

static ippon_replay_report recompute(ippon_store *st, bool check)
{
    bool modes[IPPON_MODES] = {true, true};
    ippon_replay_report r;
    ippon_audit a = {.at_ms = 9000, .admin_name = "(test)", .action = "ratings_recompute", .target = "4p and 3p"};
    assert_int_equal(ippon_store_ratings_recompute(st, modes, check, &a, &r), 0);
    return r;
}

/* the recompute gets back exactly what the writes and the void stored; and repairs what differs */
static void recompute_is_exact(void **state)
{
    ippon_store *st = *state;
    store_history(st);
    assert_int_equal(void_match(st, "1017"), 0);
    assert_int_equal(void_match(st, "2011"), 0);
    ippon_store *copy = fresh();
    assert_non_null(copy);
    store_history(copy); /* the same stores again, to compare after */
    assert_int_equal(void_match(copy, "1017"), 0);
    assert_int_equal(void_match(copy, "2011"), 0);

    ippon_replay_report r = recompute(st, true);
    int64_t rated = fixture_int(st, "SELECT count(*) FROM rated_matches");
    assert_int_equal(r.matches, rated);
    assert_int_equal(rated, 40 + 40 - 4 - 2); /* 4 unranked 3-player matches (i = 8, 17, 26, 35), two voided */
    assert_int_equal(r.players, 6 + 6);
    assert_int_equal(r.players_differ, 0);
    assert_int_equal(r.rows_differ, 0);
    int64_t audits = fixture_int(st, "SELECT count(*) FROM admin_audit");
    r = recompute(st, false);
    assert_int_equal(r.players_differ, 0);
    assert_int_equal(r.rows_differ, 0);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM admin_audit WHERE action = 'ratings_recompute'"), 1);
    assert_int_equal(fixture_int(st, "SELECT count(*) FROM admin_audit"), audits + 1);
    snapshot_equal(st, copy);

    /* a stored value off by one ulp is a difference; the recompute puts it back */
    char sql[512];
    snprintf(sql, sizeof sql, "UPDATE ratings SET sigma = sigma * (1 + 1e-15) WHERE user_id = '%.32s' AND mode = '4p'",
             fixture_uid('c'));
    fixture_exec(st, sql);
    snprintf(sql, sizeof sql, "UPDATE rating_history SET mu_after = mu_after + 1e-9 WHERE match_id = '%.64s'"
             " AND user_id = '%.32s'", match_id("2000"), fixture_uid('a'));
    fixture_exec(st, sql);
    snprintf(sql, sizeof sql, "UPDATE ratings SET games = 7 WHERE user_id = '%.32s' AND mode = '3p'", fixture_uid('f'));
    fixture_exec(st, sql);
    r = recompute(st, true);
    assert_int_equal(r.players_differ, 2);
    assert_int_equal(r.rows_differ, 1);
    r = recompute(st, false);
    assert_int_equal(r.players_differ, 2);
    assert_int_equal(r.rows_differ, 1);
    snapshot_equal(st, copy);
    r = recompute(st, true);
    assert_int_equal(r.players_differ + r.rows_differ, 0);
    /* every history row bit for bit as in the copy's */
    assert_int_equal(count_of(st, "SELECT count(*) FROM rating_history WHERE match_id = '%s' AND user_id = '%s'"
                                  " AND mu_after = (SELECT mu_before FROM rating_history k WHERE k.user_id ="
                                  " rating_history.user_id AND k.mode = '3p' AND k.seq > rating_history.seq"
                                  " ORDER BY k.seq LIMIT 1)",
                              match_id("2000"), fixture_uid('a')),
                     1);
    ippon_store_close(copy);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test_setup_teardown(ranked_match_rates_its_humans, setup, teardown),
        cmocka_unit_test_setup_teardown(three_player_match, setup, teardown),
        cmocka_unit_test_setup_teardown(uncounted_matches_change_nothing, setup, teardown),
        cmocka_unit_test_setup_teardown(void_replays_later_matches, setup, teardown),
        cmocka_unit_test_setup_teardown(restart_rates_old_matches, setup, teardown),
        cmocka_unit_test_setup_teardown(recompute_is_exact, setup, teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
