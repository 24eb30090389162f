/*
 * test_match_contracts.c — the contracts of ippon/match.h at its edges (issue 14, "Checked
 * contracts"): an event list too short for what a step reports is IPPON_ERANGE and leaves every
 * byte of the match as it was, a list exactly long enough is used as given, and a seat outside
 * the table is answered with nothing (0, -1, an empty list), never read from. Also: a test
 * build keeps assert() on (CMakeLists.txt, IPPON_ASSERTS).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/* 4p, dealer seat 0: its 1z is a discard nobody can call (three events: the discard, the next
   seat's draw and its public twin) */
static ms *quiet_table(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 19p 19s 1234z 58m 5z", "456m 147p 258s 369s 6z", "333m 258p 147s 1234z",
                  "27m 36p 47s 89s 1234z 6z" },
        .draws = "3m 7s", .dora = "8p" });
    return s;
}

/* (a Release build with the tests, for the benchmarks, has them off on purpose: skipped there) */
static void asserts_are_on_in_test_builds(void **state)
{
    (void)state;
#if !IPPON_ASSERTS_WANTED
    skip();
#elif defined(NDEBUG)
    fail_msg("NDEBUG is defined: a test build must keep assert() on (CMakeLists.txt: IPPON_ASSERTS)");
#endif
}

static void apply_with_a_short_event_list_is_erange_and_changes_nothing(void **state)
{
    (void)state;
    ms *s = quiet_table();
    static unsigned char before[8192];
    unsigned long size = ippon_match_size();
    assert_true(size <= sizeof before);
    memcpy(before, s->m, size);
    ippon_action a = ms_discard(s, 0, "1z");
    ippon_event ev[IPPON_MAX_EVENTS];
    for (int cap = 0; cap < 3; cap++) {
        assert_int_equal(ippon_match_apply(s->m, &a, cap ? ev : NULL, cap), IPPON_ERANGE);
        assert_memory_equal(before, s->m, size);
    }
    /* exactly long enough: the three events, as a full list gets them */
    assert_int_equal(ippon_match_apply(s->m, &a, ev, 3), 3);
    assert_int_equal(ev[0].type, IPPON_EV_DISCARD);
    assert_int_equal(ev[1].type, IPPON_EV_DRAW);
    assert_int_equal(ev[1].to, 1);
    assert_int_equal(ev[2].type, IPPON_EV_DRAW);
    assert_true(ev[2].others_only);
    assert_int_equal(ippon_match_turn(s->m), 1);
    char why[128];
    assert_int_equal(ippon_match_check(s->m, why, sizeof why), IPPON_OK);

    /* the same action on a twin with IPPON_MAX_EVENTS gives the same match */
    ms_live = NULL; /* so that ms_new leaves s alone; both are freed here */
    ms *twin = quiet_table();
    ms_ok(twin, ms_discard(twin, 0, "1z"));
    assert_memory_equal(twin->m, s->m, size);
    ms_free(twin);
    ms_free(s);
}

static void start_hand_with_a_short_event_list_is_erange_and_changes_nothing(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ippon_tile wall[IPPON_TILE_IDS];
    assert_int_equal(ippon_wall_tiles(s->rules, wall), 136);
    static unsigned char before[8192];
    unsigned long size = ippon_match_size();
    memcpy(before, s->m, size);
    ippon_event ev[IPPON_MAX_EVENTS];
    /* a 4p deal reports 8 events: hand start, four deals, the dora, the dealer's draw and its twin */
    assert_int_equal(ippon_match_start_hand(s->m, wall, 136, ev, 7), IPPON_ERANGE);
    assert_memory_equal(before, s->m, size);
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_NEED_WALL);
    assert_int_equal(ippon_match_start_hand(s->m, wall, 136, ev, 8), 8);
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    ms_free(s);
}

static void seats_outside_the_table_get_nothing(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 19p 19s 1234z 11p 5z", "99m 147p 258s 369s 67z", "11m 258p 147s 1234z 7z" },
        .draws = "3p", .dora = "8p" });
    int bad[] = { -1, 3, 4, 127, -128 };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int seat = bad[i];
        assert_int_equal(ippon_match_points(s->m, seat), 0);
        assert_int_equal(ippon_match_result(s->m, seat), 0);
        ippon_tile hand[14];
        assert_int_equal(ippon_match_hand(s->m, seat, hand), 0);
        assert_int_equal(ippon_match_find_tile(s->m, seat, IPPON_1M, false), -1);
        assert_int_equal(ippon_match_drawn_tile(s->m, seat), -1);
        assert_false(ippon_match_waiting_for(s->m, seat));
        ippon_action legal[IPPON_MAX_LEGAL];
        assert_int_equal(ippon_match_legal(s->m, seat, legal, IPPON_MAX_LEGAL), 0);
        ippon_action out;
        assert_int_equal(ippon_match_timeout_action(s->m, seat, &out), IPPON_EILLEGAL);
        ippon_furiten furiten = IPPON_FURITEN_RIICHI;
        assert_int_equal(ippon_match_seat_waits(s->m, seat, &furiten), 0);
        assert_int_equal(furiten, IPPON_FURITEN_NONE);
        assert_int_equal(ippon_match_waits_after_discard(s->m, seat, IPPON_1M, NULL), 0);
        ippon_seat_public pub;
        memset(&pub, 0xAB, sizeof pub);
        ippon_match_seat_public(s->m, seat, &pub);
        assert_int_equal(pub.points, 0);
        assert_int_equal(pub.n_discards, 0);
        assert_int_equal(pub.n_concealed, 0);
        ippon_view view;
        ippon_match_view(s->m, seat, &view);
        assert_int_equal(view.n_hand, 0);
        assert_int_equal(view.n_legal, 0);
        assert_int_equal(view.drawn, -1);
        assert_int_equal(view.seats[0].points, 35000); /* the public part is there */
        ippon_action a = ms_act(IPPON_ACT_DISCARD, seat);
        ms_refused(s, a);
    }
    for (int seat = 0; seat < 3; seat++)
        assert_int_equal(ippon_match_points(s->m, seat), 35000);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(asserts_are_on_in_test_builds),
        cmocka_unit_test(apply_with_a_short_event_list_is_erange_and_changes_nothing),
        cmocka_unit_test(start_hand_with_a_short_event_list_is_erange_and_changes_nothing),
        cmocka_unit_test(seats_outside_the_table_get_nothing),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
