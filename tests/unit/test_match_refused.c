/*
 * test_match_refused.c — actions the table must refuse (ippon/match.h: "IPPON_EILLEGAL when the
 * action is not legal now for that seat (wrong turn, not in the legal list, already answered),
 * leaving the match unchanged"). Every refusal goes through ms_refused, which compares all
 * ippon_match_size() bytes of the match before and after. Also: nothing is accepted once the
 * match is over, and a wall that is not a permutation is rejected without a trace.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/*
 * 4p. The dealer (19m 19p 19s 1234z 58m 5z: eleven terminal/honor kinds, far from any win) draws
 * 3m. Seat 1 holds 456m (chi 45m possible), seat 2 holds 333m (pon or daiminkan possible).
 */
static ms *refusal_table(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 19p 19s 1234z 58m 5z", "456m 147p 258s 369s 6z", "333m 258p 147s 1234z",
                  "27m 36p 47s 89s 1234z 6z" },
        .draws = "3m", .dora = "8p" });
    return s;
}

static void refused_on_the_dealers_turn_4p(void **state)
{
    (void)state;
    ms *s = refusal_table();
    ippon_action a;
    /* wrong turn */
    ms_refused(s, ms_discard(s, 2, "1z"));
    ms_refused(s, ms_tsumo(1));
    /* a tile not in hand (seat 1's 4m), a tile id out of range */
    a = ms_act(IPPON_ACT_DISCARD, 0);
    a.tile = ms_tile(s, 1, "4m");
    ms_refused(s, a);
    a.tile = 200;
    ms_refused(s, a);
    /* not in the legal list */
    ms_refused(s, ms_tsumo(0));                       /* no win */
    ms_refused(s, ms_ron(0));                         /* no offer */
    ms_refused(s, ms_pass(0));
    ms_refused(s, ms_riichi(s, 0, "3m"));             /* not tenpai */
    ms_refused(s, ms_ankan(s, 0, "1m"));              /* one 1m */
    ms_refused(s, ms_kakan(s, 0, "1m"));              /* no pon */
    ms_refused(s, ms_kita(s, 0));                     /* 4p has no kita */
    ms_refused(s, ms_act(IPPON_ACT_KYUUSHU, 0));      /* no abortive draws in the product rules */
    a = ms_act(IPPON_ACT_PON, 0);                     /* no offer to answer */
    a.with[0] = ms_tile(s, 0, "1m");
    a.with[1] = ms_tile(s, 0, "9m");
    ms_refused(s, a);
    /* malformed */
    ms_refused(s, ms_act(IPPON_ACT_TYPES, 0));
    a = ms_giri(s, 0);
    a.seat = -1;
    ms_refused(s, a);
    a.seat = 4;
    ms_refused(s, a);
    ms_free(s);
}

static void refused_on_an_offer_4p(void **state)
{
    (void)state;
    ms *s = refusal_table();
    ms_ok(s, ms_giri(s, 0)); /* 3m */
    assert_true(ms_can_call(s, 1, IPPON_ACT_CHI, "45m"));
    assert_true(ms_can_call(s, 2, IPPON_ACT_PON, "33m"));
    ms_refused(s, ms_chi(s, 1, "46m"));               /* 4m 6m do not run with 3m */
    ms_refused(s, ms_chi(s, 1, "56m"));               /* neither do 5m 6m */
    ms_refused(s, ms_ron(1));                         /* no win */
    ms_refused(s, ms_discard(s, 1, "4m"));            /* not its turn */
    ms_refused(s, ms_pass(3));                        /* nothing offered to seat 3 */
    ms_refused(s, ms_pass(0));                        /* the discarder */
    ippon_action chi2 = ms_act(IPPON_ACT_CHI, 2);     /* seat 2 is not to the left of the dealer */
    chi2.with[0] = ms_tile(s, 2, "3m");
    chi2.with[1] = ms_tile(s, 2, "2p");
    ms_refused(s, chi2);
    ms_ok(s, ms_pon(s, 2, "33m"));
    ms_refused(s, ms_pass(2));                        /* already answered */
    ms_refused(s, ms_pon(s, 2, "33m"));
    ms_ok(s, ms_chi(s, 1, "45m"));                    /* pon beats chi */
    assert_int_equal(ippon_match_turn(s->m), 2);
    ms_refused(s, ms_tsumo(2));                       /* no draw after a call */
    ms_refused(s, ms_discard(s, 0, "1m"));
    ms_refused(s, ms_discard(s, 2, "3m"));            /* kuikae */
    ms_ok(s, ms_discard(s, 2, "1z"));
    ms_free(s);
}

/* 3p: seat 1 holds 11p 23p; the dealer's 1p offers it a pon, never a chi */
static void no_chi_accepted_in_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 147s 1234z 6z", "11p 23p 9m 369s 5z 567z 4s", "19m 47p 258s 1234z 7z 9p" },
        .draws = "1p", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can(s, 1, IPPON_ACT_PON, NULL));
    assert_false(ms_can(s, 1, IPPON_ACT_CHI, NULL));
    ms_refused(s, ms_chi(s, 1, "23p"));
    ms_free(s);
}

/* once the match is over (dealer tenhou), nothing is accepted and no hand can start */
static void nothing_after_the_match_ends(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "123m 456m 789m 123p 5p", "147m 258p 369s 1234z", "258m 369p 147s 1234z",
                  "369m 147p 258s 1234z" },
        .draws = "5p", .dora = "5z" });
    ms_ok(s, ms_tsumo(0));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_OVER);
    for (int seat = 0; seat < 4; seat++) {
        assert_false(ippon_match_waiting_for(s->m, seat));
        assert_int_equal(ms_n_legal(s, seat), 0);
        ms_refused(s, ms_pass(seat));
        ms_refused(s, ms_tsumo(seat));
    }
    ippon_event ev[IPPON_MAX_EVENTS];
    assert_int_equal(ippon_match_start_hand(s->m, s->wall, s->n_wall, ev, IPPON_MAX_EVENTS), IPPON_EILLEGAL);
    int32_t p[4] = { 25000, 25000, 25000, 25000 };
    assert_int_equal(ippon_match_setup(s->m, 0, 0, 0, 0, p), IPPON_EILLEGAL);
    ms_free(s);
}

/* a wall that is not a permutation (a tile twice) is IPPON_EINVAL and changes nothing */
static void bad_wall_is_rejected_unchanged(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ippon_tile wall[IPPON_TILE_IDS];
    assert_int_equal(ippon_wall_tiles(s->rules, wall), 136);
    wall[5] = wall[6];
    static unsigned char before[8192];
    memcpy(before, s->m, ippon_match_size());
    ippon_event ev[IPPON_MAX_EVENTS];
    assert_int_equal(ippon_match_start_hand(s->m, wall, 136, ev, IPPON_MAX_EVENTS), IPPON_EINVAL);
    assert_int_equal(ippon_match_start_hand(s->m, wall, 135, ev, IPPON_MAX_EVENTS), IPPON_EINVAL);
    assert_memory_equal(before, s->m, ippon_match_size());
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(refused_on_the_dealers_turn_4p),
        cmocka_unit_test(refused_on_an_offer_4p),
        cmocka_unit_test(no_chi_accepted_in_3p),
        cmocka_unit_test(nothing_after_the_match_ends),
        cmocka_unit_test(bad_wall_is_rejected_unchanged),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
