/*
 * test_server_pairs.c — the pairs of players who meet at ranked tables (store_admin.c
 * ippon_store_admin_pairs, over the index of migrations/0008_counted_games_by_time.sql): matches saved
 * through the match writer's own statements, with chosen results and wins, and the pairs' counts
 * worked out by hand — games together, each one's result in them, the rons each won on the
 * other's discard; what never counts (unranked and unfinished matches, bots); a void taking a
 * match out and an un-void putting it back; the window of days; the order, the threshold and
 * the pages.
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

#include "store/store.h"
#include "store/store_admin.h"
#include "store/store_private.h"

#define T0 1800000000000LL

/*
 * The matches (a < b < c by id):
 *   m1 ranked 4p "ab..": a +8000, b −8000; a rons b (seat 0 from seat 1)
 *   m2 ranked 4p "ba..": b +3900, a −3900; b rons a (seat 0 from seat 1)
 *   m3 ranked 4p "abc.": a +1000, b +2000, c −3000; b rons c (seat 1 from seat 2)
 *   m4 unranked "ab..", m5 ranked but not completed "ab..": never counted
 * So (a,b): 3 games, a 8000 − 3900 + 1000 = 5100, b −8000 + 3900 + 2000 = −2100, a won from b
 * once (m1), b from a once (m2); (a,c): 1 game, a 1000, c −3000, none; (b,c): 1 game, b 2000,
 * c −3000, b from c once.
 */
static void save_all(ippon_store *st)
{
    fixture_save_match_wins(st, "1", "ab..", (int[]){8000, -8000, 0, 0}, true, true, T0 + 1, "[{\"seat\":0,\"from\":1}]");
    fixture_save_match_wins(st, "2", "ba..", (int[]){3900, -3900, 0, 0}, true, true, T0 + 2, "[{\"seat\":0,\"from\":1}]");
    fixture_save_match_wins(st, "3", "abc.", (int[]){1000, 2000, -3000, 0}, true, true, T0 + 3, "[{\"seat\":1,\"from\":2}]");
    fixture_save_match_wins(st, "4", "ab..", (int[]){8000, -8000, 0, 0}, false, true, T0 + 4, "[{\"seat\":0,\"from\":1}]");
    fixture_save_match_wins(st, "5", "ab..", (int[]){8000, -8000, 0, 0}, true, false, T0 + 5, "[{\"seat\":0,\"from\":1}]");
}

static void add_players(ippon_store *st)
{
    fixture_add_guest(st, 'a', "Anna");
    fixture_add_guest(st, 'b', "Ben");
    fixture_add_guest(st, 'c', "Cho");
}

/* the pairs since `since` with at least min games, page `page` of `limit`, as
   "lo/hi games lo_total hi_total lo_won hi_won; …"; *total: the pairs on every page */
static const char *pairs_page(ippon_store *st, int64_t since, int min, int page, int limit, int *total)
{
    static char buf[512];
    ippon_pair_list out;
    assert_int_equal(ippon_store_admin_pairs(st, since, min, page, limit, &out), 0);
    buf[0] = '\0';
    for (size_t i = 0; i < out.count; i++) {
        const ippon_player_pair *p = &out.pairs[i];
        const ippon_pair_player *lo = &p->players[0], *hi = &p->players[1];
        char row[512];
        int n = snprintf(row, sizeof row, "%s%s/%s %lld %lld %lld %lld %lld", i ? "; " : "", lo->display_name,
                         hi->display_name, (long long)p->games, (long long)lo->total, (long long)hi->total,
                         (long long)lo->won_from_other, (long long)hi->won_from_other);
        assert_true(n > 0 && (size_t)n < sizeof row && strlen(buf) + (size_t)n < sizeof buf); /* nothing cut */
        strcat(buf, row);
    }
    *total = (int)out.total;
    ippon_pair_list_free(&out);
    return buf;
}

/* every pair with at least min games, all time, on one page */
static const char *pairs_text(ippon_store *st, int min)
{
    int total;
    const char *text = pairs_page(st, 0, min, 1, 50, &total);
    int rows = text[0] ? 1 : 0;
    for (const char *c = text; *c; c++)
        rows += *c == ';';
    assert_int_equal(total, rows);
    return text;
}

static void pairs_counted(void **state)
{
    (void)state;
    ippon_store *st;
    assert_int_equal(fixture_store_migrated(&st, ":memory:"), 0);
    add_players(st);
    save_all(st);
    /* most games first; at equal games the latest meeting first, then by the ids (a/c before b/c) */
    assert_string_equal(pairs_text(st, 1), "Anna/Ben 3 5100 -2100 1 1; Anna/Cho 1 1000 -3000 0 0; Ben/Cho 1 2000 -3000 1 0");
    assert_string_equal(pairs_text(st, 2), "Anna/Ben 3 5100 -2100 1 1");
    assert_string_equal(pairs_text(st, 4), "");
    fixture_store_close(&st);
}

static void void_and_unvoid(void **state)
{
    (void)state;
    ippon_store *st;
    assert_int_equal(fixture_store_migrated(&st, ":memory:"), 0);
    add_players(st);
    save_all(st);
    /* m1 voided: (a,b) keeps m2 and m3: a −3900 + 1000 = −2900, b 3900 + 2000 = 5900 */
    fixture_exec(st, "UPDATE matches SET voided_at = 1, void_reason = 'test' WHERE id LIKE '%1'");
    assert_string_equal(pairs_text(st, 2), "Anna/Ben 2 -2900 5900 0 1");
    /* m3 voided too: a/c and b/c met only there, and are gone */
    fixture_exec(st, "UPDATE matches SET voided_at = 1, void_reason = 'test' WHERE id LIKE '%3'");
    assert_string_equal(pairs_text(st, 1), "Anna/Ben 1 -3900 3900 0 1");
    /* both back */
    fixture_exec(st, "UPDATE matches SET voided_at = NULL, void_reason = NULL WHERE id LIKE '%1' OR id LIKE '%3'");
    assert_string_equal(pairs_text(st, 1), "Anna/Ben 3 5100 -2100 1 1; Anna/Cho 1 1000 -3000 0 0; Ben/Cho 1 2000 -3000 1 0");
    fixture_store_close(&st);
}

static void window_and_pages(void **state)
{
    (void)state;
    ippon_store *st;
    assert_int_equal(fixture_store_migrated(&st, ":memory:"), 0);
    add_players(st);
    save_all(st);
    int total = 0;
    /* only m3 ended at or after T0 + 3: each pair met once there */
    assert_string_equal(pairs_page(st, T0 + 3, 1, 1, 50, &total),
                        "Anna/Ben 1 1000 2000 0 0; Anna/Cho 1 1000 -3000 0 0; Ben/Cho 1 2000 -3000 1 0");
    assert_int_equal(total, 3);
    assert_string_equal(pairs_page(st, T0 + 4, 1, 1, 50, &total), "");
    assert_int_equal(total, 0);
    /* all time, one pair a page: the second page, and a page past the end still counts them */
    assert_string_equal(pairs_page(st, 0, 1, 2, 1, &total), "Anna/Cho 1 1000 -3000 0 0");
    assert_int_equal(total, 3);
    assert_string_equal(pairs_page(st, 0, 1, 9, 1, &total), "");
    assert_int_equal(total, 3);
    fixture_store_close(&st);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pairs_counted),
        cmocka_unit_test(void_and_unvoid),
        cmocka_unit_test(window_and_pages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
