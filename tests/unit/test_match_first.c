/*
 * test_match_first.c — the first go-around yakuman on scripted walls (src/core/RULES.md §5): tenhou
 * (the dealer's 14 tiles after the first draw already win; not after the dealer's own ankan) and
 * chiihou (a non-dealer's tsumo on its first draw, with no call, kan or kita by anyone before),
 * in both modes. Amounts by hand from §6: a yakuman is base 8000; dealer tsumo 2·8000 from each
 * payer; non-dealer tsumo 16000 from the dealer and 8000 from each other seat; 3p drops the
 * absent North seat's share (tsumo loss).
 *
 * Seat 0 deals, so seat s has wind s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/* 4p tenhou: 123m 456m 789m 123p 5p + 5p. 16000 from each of three: dealer +48000 */
static void tenhou_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "123m 456m 789m 123p 5p", "147m 258p 369s 1234z", "258m 369p 147s 1234z",
                  "369m 147p 258s 1234z" },
        .draws = "5p", .dora = "5z" });
    assert_true(ms_can(s, 0, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(0));
    const ippon_score *w = ms_win(s, 0);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_TENHOU), 1);
    assert_int_equal(w->total, 48000);
    ms_points(s, 73000, 9000, 9000, 9000);
    ms_results_consistent(s);
    ms_free(s);
}

/* 3p tenhou with 2 honba: 123p 456p 789p 123s 5s + 5s. 16000 from each of the two others, and
   §6: a tsumo adds 100·n to each of the two payers' shares: 16200 each, +32400 */
static void tenhou_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_setup(s, 0, 0, 2, 0, NULL);
    ms_start(s, &(ms_deal){
        .hand = { "123p 456p 789p 123s 5s", "19m 258p 147s 1234z 6z", "19m 369p 369s 1234z 7z" },
        .draws = "5s", .dora = "5z" });
    ms_ok(s, ms_tsumo(0));
    assert_int_equal(ms_yaku(ms_win(s, 0), IPPON_YAKU_TENHOU), 1);
    ms_points(s, 67400, 18800, 18800, 0);
    ms_results_consistent(s);
    ms_free(s);
}

/* 4p chiihou: seat 1's first draw completes 123m 456m 789m 123p 55p after the dealer's plain
   discard: dealer 16000, seats 2 and 3 8000 each */
static void chiihou_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "123m 456m 789m 123p 5p", "258m 369p 147s 1234z",
                  "369m 147p 258s 1234z" },
        .draws = "9s 5p", .dora = "5z" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_tsumo(1));
    assert_int_equal(ms_yaku(ms_win(s, 1), IPPON_YAKU_CHIIHOU), 1);
    ms_points(s, 9000, 57000, 17000, 17000);
    ms_results_consistent(s);
    ms_free(s);
}

/* 3p chiihou: the dealer 16000 + seat 2 8000 = 24000 */
static void chiihou_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 147s 1234z 6z", "123p 456p 789p 123s 5s", "19m 369p 369s 1234z 7z" },
        .draws = "9s 5s", .dora = "5z" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_tsumo(1));
    assert_int_equal(ms_yaku(ms_win(s, 1), IPPON_YAKU_CHIIHOU), 1);
    ms_points(s, 19000, 59000, 27000, 0);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * No chiihou after a call: seat 2 pons the dealer's first discard; seat 3's first draw then
 * completes 123m 456m 789m 123p 55p: ittsu 2 + menzen tsumo 1 = 3 han; fu 20 + 2 + 2 (tanki)
 * = 24 → 30. 30·2^5 = 960: the dealer pays 1920 → 2000, the others 960 → 1000.
 */
static void no_chiihou_after_a_call_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "258m 369p 147s 1234z", "369m 147p 258s 12z 77z",
                  "123m 456m 789m 123p 5p" },
        .draws = "7z 5p", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0)); /* 7z */
    ms_ok(s, ms_pon(s, 2, "77z"));
    ms_pass_all(s);
    ms_discard_pass(s, 2, "1z");
    assert_int_equal(ippon_match_turn(s->m), 3);
    ms_ok(s, ms_tsumo(3));
    const ippon_score *w = ms_win(s, 3);
    assert_false(ms_has_yaku(w, IPPON_YAKU_CHIIHOU));
    assert_int_equal(ms_yaku(w, IPPON_YAKU_ITTSU), 2);
    assert_int_equal(w->han, 3);
    assert_int_equal(w->fu, 30);
    ms_points(s, 23000, 24000, 24000, 29000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * §5: no tenhou after the dealer's own ankan or kita. The dealer's 14 tiles 1111p 23p 456m 789m
 * 99s already win (111p + 123p): tsumo is offered. It declares an ankan of 1p instead and
 * completes 234p from the dead wall: rinshan 1 + menzen tsumo 1 = 2 han, no tenhou; fu 20 + 2 +
 * 32 (closed kan of terminals) = 54 → 60. 60·2^4 = 960: dealer tsumo 1920 → 2000 all.
 */
static void no_tenhou_after_own_ankan_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "1111p 23p 456m 789m 9s", "147m 258p 36s 1234z 5z", "258m 369p 147s 1234z",
                  "369m 47p 258s 1234z 6z" },
        .draws = "9s", .repl = "4p", .dora = "7z7z" });
    assert_true(ms_can(s, 0, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_ankan(s, 0, "1p"));
    assert_true(ms_can(s, 0, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(0));
    const ippon_score *w = ms_win(s, 0);
    assert_false(ms_has_yaku(w, IPPON_YAKU_TENHOU));
    assert_int_equal(ms_yaku(w, IPPON_YAKU_RINSHAN), 1);
    assert_int_equal(w->fu, 60);
    ms_points(s, 31000, 23000, 23000, 23000);
    ms_results_consistent(s);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(tenhou_4p),
        cmocka_unit_test(tenhou_3p),
        cmocka_unit_test(chiihou_4p),
        cmocka_unit_test(chiihou_3p),
        cmocka_unit_test(no_chiihou_after_a_call_4p),
        cmocka_unit_test(no_tenhou_after_own_ankan_4p),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
