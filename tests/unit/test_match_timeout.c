/*
 * test_match_timeout.c — ippon_match_timeout_action, the action the table takes for a seat
 * whose time ran out (src/core/RULES.md §1 "Time control"): (a) after a draw, discard the tile just drawn
 * and never declare tsumo, riichi, kan or kita; (b) after the seat's own chi or pon, discard the
 * last tile in the fixed sort order that kuikae allows; (c) on an offer, pass — with the same
 * furiten effect as a chosen pass. A seat without a decision has no timeout action.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

static ippon_action timeout_of(const ms *s, int seat)
{
    ippon_action a;
    assert_int_equal(ippon_match_timeout_action(s->m, seat, &a), IPPON_OK);
    assert_int_equal(a.seat, seat);
    return a;
}

/*
 * (a) The dealer's first draw completes 123m 456m 789m 123p 55p (tenhou on offer), yet the
 * timeout action is the tsumogiri of that 5p, no riichi; applied, it is a tsumogiri discard.
 */
static void after_draw_tsumogiri_never_tsumo_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "123m 456m 789m 123p 5p", "147m 258p 369s 1234z", "258m 369p 147s 1234z",
                  "369m 147p 258s 1234z" },
        .draws = "5p", .dora = "5z" });
    assert_true(ms_can(s, 0, IPPON_ACT_TSUMO, NULL));
    ippon_action a = timeout_of(s, 0);
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_false(a.riichi);
    assert_int_equal(a.tile, ippon_match_drawn_tile(s->m, 0));
    ms_ok(s, a);
    const ippon_event *d = ms_ev(s, IPPON_EV_DISCARD, 0);
    assert_non_null(d);
    assert_true(d->flags & IPPON_DISCARD_TSUMOGIRI);
    assert_false(d->flags & IPPON_DISCARD_RIICHI);
    ms_free(s);
}

/* (a) 3p: the dealer holds 444z and draws the 4th North: ankan and kita are on offer, the
   timeout discards the drawn North */
static void after_draw_never_kan_or_kita_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "444z 19m 258p 147s 12z", "19m 369p 258s 12z 567z", "147p 369s 567z 19p 8p 2s" },
        .draws = "4z", .dora = "1m" });
    assert_true(ms_can(s, 0, IPPON_ACT_ANKAN, NULL));
    assert_true(ms_can(s, 0, IPPON_ACT_KITA, NULL));
    ippon_action a = timeout_of(s, 0);
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_int_equal(a.tile, ippon_match_drawn_tile(s->m, 0));
    ms_ok(s, a);
    ms_free(s);
}

/*
 * (b) Seat 1 (147m 258p 12s 3s 45s 66s) chis the dealer's 3s with 45s: 3s and 6s are banned
 * (§3). Its hand 147m 258p 12s 3s 66s ends, in sort order, with 6s 6s 3s — all banned — so the
 * timeout discards the 2s.
 */
static void after_call_last_tile_kuikae_allows_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "369m 147p 79s 1234z 5z", "147m 258p 12s 3s 45s 66s", "258m 369p 8s 1234z 67z",
                  "369m 258p 9s 1234z 67z" },
        .draws = "3s", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_chi(s, 1, "45s"));
    ms_pass_all(s);
    assert_int_equal(ippon_match_turn(s->m), 1);
    ippon_action a = timeout_of(s, 1);
    assert_int_equal(a.type, IPPON_ACT_DISCARD);
    assert_int_equal(ippon_tile_kind(a.tile), ms_kind("2s"));
    ms_ok(s, a);
    ms_free(s);
}

/* (b) the same after a pon: seat 1 pons haku and holds nothing after chun: the chun goes */
static void after_pon_last_tile_in_sort_order_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "369m 147p 79s 1234z 6z", "147m 258p 236s 55z 7z 9s", "258m 369p 8s 1234z 67z",
                  "369m 258p 14s 1234z 6z" },
        .draws = "5z", .dora = "1m" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_pon(s, 1, "55z"));
    ms_pass_all(s);
    ippon_action a = timeout_of(s, 1);
    assert_int_equal(ippon_tile_kind(a.tile), IPPON_CHUN);
    ms_ok(s, a);
    ms_free(s);
}

/*
 * (c) On an offer: pass. Seat 3 (234m 567p 34s 666z 99p, waits 2s/5s) times out on the dealer's
 * 2s: the automatic pass has "the same furiten effect as if the player had chosen it" — seat 1's
 * 5s then offers seat 3 no ron.
 */
static void on_offer_pass_with_furiten_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "678m 34p 67s 1234z 55z", "258m 369p 147s 1234z",
                  "234m 567p 34s 666z 99p" },
        .draws = "2s 5s", .dora = "6z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ippon_action a = timeout_of(s, 3);
    assert_int_equal(a.type, IPPON_ACT_PASS);
    ms_ok(s, a);
    ms_pass_all(s);
    ms_ok(s, ms_giri(s, 1));
    assert_false(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_free(s);
}

/* no decision, no timeout action: a seat off turn, and everyone once the match is over */
static void no_timeout_action_without_a_decision(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "123m 456m 789m 123p 5p", "147m 258p 369s 1234z", "258m 369p 147s 1234z",
                  "369m 147p 258s 1234z" },
        .draws = "5p", .dora = "5z" });
    ippon_action a;
    assert_int_equal(ippon_match_timeout_action(s->m, 2, &a), IPPON_EILLEGAL);
    ms_ok(s, ms_tsumo(0));
    for (int seat = 0; seat < 4; seat++)
        assert_int_equal(ippon_match_timeout_action(s->m, seat, &a), IPPON_EILLEGAL);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(after_draw_tsumogiri_never_tsumo_4p),
        cmocka_unit_test(after_draw_never_kan_or_kita_3p),
        cmocka_unit_test(after_call_last_tile_kuikae_allows_4p),
        cmocka_unit_test(after_pon_last_tile_in_sort_order_4p),
        cmocka_unit_test(on_offer_pass_with_furiten_4p),
        cmocka_unit_test(no_timeout_action_without_a_decision),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
