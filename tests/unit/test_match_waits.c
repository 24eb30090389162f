/*
 * test_match_waits.c — a seat's own waits as its play-aid reads them (ippon/match.h:
 * ippon_match_seat_waits, ippon_match_waits_after_discard), on scripted walls: the waits of a
 * 13-tile hand and of each discard from 14, which furiten as src/core/RULES.md §4 states it
 * (permanent: a wait among the seat's own discards, the discarded kind itself included;
 * temporary after letting a winning tile pass, over with its own discard; riichi furiten for the
 * rest of the hand, named before the others), and 0
 * for a hand that is not tenpai, a tile it does not hold or a hand of the wrong size. Every
 * wait below is worked out by hand from the hand's shape.
 *
 * Seat 0 deals, so seat s has wind s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/* a waits mask of the kinds named in short notation ("3p6p"); "" = none */
static uint64_t kinds(const char *notation)
{
    ippon_code c[14];
    int n = ms_codes(notation, c, 14);
    uint64_t mask = 0;
    for (int i = 0; i < n; i++)
        mask |= UINT64_C(1) << ippon_code_kind(c[i]);
    return mask;
}

static const ippon_furiten NONE = IPPON_FURITEN_NONE, TEMP = IPPON_FURITEN_TEMPORARY,
                           PERM = IPPON_FURITEN_PERMANENT, RIICHI = IPPON_FURITEN_RIICHI;

/* the seat's waits now must be `want`, with that furiten */
static void expect_waits(const ms *s, int seat, const char *want, ippon_furiten want_furiten)
{
    ippon_furiten furiten = want_furiten == NONE ? RIICHI : NONE;
    uint64_t got = ippon_match_seat_waits(s->m, seat, &furiten);
    if (got != kinds(want) || furiten != want_furiten)
        fail_msg("seat %d: waits %#llx furiten %d, expected %s (%#llx) furiten %d", seat, (unsigned long long)got,
                 furiten, want, (unsigned long long)kinds(want), want_furiten);
    assert_int_equal(ippon_match_seat_waits(s->m, seat, NULL), kinds(want)); /* furiten may be NULL */
}

/* the seat's waits after discarding a tile of `tile`'s kind must be `want`, with that furiten */
static void expect_after(const ms *s, int seat, const char *tile, const char *want, ippon_furiten want_furiten)
{
    ippon_furiten furiten = want_furiten == NONE ? RIICHI : NONE;
    uint64_t got = ippon_match_waits_after_discard(s->m, seat, ms_kind(tile), &furiten);
    if (got != kinds(want) || furiten != want_furiten)
        fail_msg("seat %d discarding %s: waits %#llx furiten %d, expected %s furiten %d", seat, tile,
                 (unsigned long long)got, furiten, want, want_furiten);
    assert_int_equal(ippon_match_waits_after_discard(s->m, seat, ms_kind(tile), NULL), kinds(want));
}

/*
 * 4p. Seat 2 holds 123m 456m 789s 45p 22p: three sets, the pair 22p and 45p, waiting on 3p or
 * 6p (pinfu, so a ron is offered). Seat 1 holds 258m 369p 147s 2345z: no two tiles work together, not tenpai. The dealer
 * draws 3p and lets it go; seat 2 passes the ron (temporary furiten) and, after seat 1's turn,
 * draws 7z and discards it (the furiten is over). Seats 3, 0 and 1 let 9m go, then seat 2 draws
 * 6p and lets that go too: 6p is now among its discards.
 */
static ms *seat2_waits_3p6p(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "147m 258p 369s 1234z", "258m 369p 147s 2345z", "123m 456m 789s 45p 22p",
                                      "369m 147p 258s 5667z" },
                            .draws = "3p 7z 7z 9m 9m 9m 6p", .dora = "5z" });
    return s;
}

static void waits_of_a_13_tile_hand(void **state)
{
    (void)state;
    ms *s = seat2_waits_3p6p();
    expect_waits(s, 2, "3p6p", NONE);
    expect_waits(s, 1, "", NONE);           /* not tenpai */
    expect_waits(s, 0, "", NONE);           /* the dealer's 13 before its first draw: not tenpai */
    expect_after(s, 2, "7z", "", NONE);     /* seat 2 holds 13: nothing to discard */
    /* out of range: nothing */
    assert_int_equal(ippon_match_seat_waits(s->m, -1, NULL), 0);
    assert_int_equal(ippon_match_seat_waits(s->m, 4, NULL), 0);
    assert_int_equal(ippon_match_waits_after_discard(s->m, 0, -1, NULL), 0);
    assert_int_equal(ippon_match_waits_after_discard(s->m, 0, IPPON_KINDS, NULL), 0);
    ms_free(s);
}

static void temporary_furiten_shows_and_ends_with_the_own_discard(void **state)
{
    (void)state;
    ms *s = seat2_waits_3p6p();
    ms_ok(s, ms_giri(s, 0)); /* 3p */
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    expect_waits(s, 2, "3p6p", NONE);       /* offered the ron: not furiten yet */
    ms_ok(s, ms_pass(2));
    /* seat 1 is on turn; seat 2 let a winning tile pass: temporary furiten */
    assert_int_equal(ippon_match_turn(s->m), 1);
    expect_waits(s, 2, "3p6p", TEMP);
    ms_giri_pass(s, 1);      /* 7z */
    /* seat 2 drew 7z: 14 tiles, standing on the waits of its 13 before the draw, still in
       temporary furiten until it discards */
    assert_int_equal(ippon_match_turn(s->m), 2);
    expect_waits(s, 2, "3p6p", TEMP);
    /* src/core/RULES.md §4: the discard ends the temporary furiten, so a discard keeping the waits
       leaves it not furiten (3p is not among its own discards) */
    expect_after(s, 2, "7z", "3p6p", NONE);
    expect_after(s, 2, "4p", "", NONE);     /* 123m 456m 789s 5p 22p 7z: not tenpai */
    expect_after(s, 2, "2p", "", NONE);     /* 123m 456m 789s 2p 45p 7z: not tenpai */
    expect_after(s, 2, "9p", "", NONE);     /* not held */
    ms_giri_pass(s, 2);
    expect_waits(s, 2, "3p6p", NONE);
    ms_free(s);
}

static void discard_furiten_the_kind_itself_and_after(void **state)
{
    (void)state;
    ms *s = seat2_waits_3p6p();
    ms_ok(s, ms_giri(s, 0)); /* 3p */
    ms_ok(s, ms_pass(2));
    ms_giri_pass(s, 1);      /* 7z */
    ms_giri_pass(s, 2);      /* 7z */
    ms_giri_pass(s, 3);      /* 9m */
    ms_giri_pass(s, 0);      /* 9m */
    ms_giri_pass(s, 1);      /* 9m */
    /* seat 2 drew 6p: 123m 456m 789s 456p 22p, a complete hand. Letting the 6p go keeps the
       waits 3p/6p with 6p in the pond: furiten (the discarded kind itself is a wait). */
    assert_int_equal(ippon_match_turn(s->m), 2);
    assert_true(ms_can(s, 2, IPPON_ACT_TSUMO, NULL));
    expect_after(s, 2, "6p", "3p6p", PERM);
    /* 4p away: 123m 456m 789s 56p 22p waits 4p/7p, 4p the discard itself: furiten */
    expect_after(s, 2, "4p", "4p7p", PERM);
    /* 5p away: 46p kanchan, waits 5p, the discard itself: furiten */
    expect_after(s, 2, "5p", "5p", PERM);
    /* 2p away: 123m 456m 789s 456p 2p, tanki 2p, the discard itself: furiten */
    expect_after(s, 2, "2p", "2p", PERM);
    /* 1m away: 23456m waits 1m (123m 456m), 4m (234m 456m) or 7m (234m 567m): furiten on
       the 1m it let go */
    expect_after(s, 2, "1m", "1m4m7m", PERM);
    /* 7s away: 89s penchan waits 7s; 2m away: 13m kanchan waits 2m; 3m away: 12m penchan
       waits 3m — each the discard itself */
    expect_after(s, 2, "7s", "7s", PERM);
    expect_after(s, 2, "2m", "2m", PERM);
    expect_after(s, 2, "3m", "3m", PERM);
    ms_giri_pass(s, 2);      /* the 6p */
    /* src/core/RULES.md §4 discard furiten: a wait among its own discards */
    expect_waits(s, 2, "3p6p", PERM);
    ms_free(s);
}

/*
 * 4p. The dealer holds 123m 456m 789s 45p 1z 9p and draws 1z: letting 9p go leaves 45p + 11z,
 * waiting on 3p/6p; letting 1z go leaves 1z and 9p single, not tenpai. It declares riichi with
 * 9p. Seat 1 draws 3p and lets it go; the dealer passes the ron: riichi furiten, for the rest of
 * the hand (src/core/RULES.md §4), so even after its own discard the dealer stays furiten.
 */
static void riichi_furiten_outlasts_the_own_discard(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){ .hand = { "123m 456m 789s 45p 1z 9p", "147m 258p 369s 2345z", "258m 369p 147s 2345z",
                                      "369m 147p 258s 6677z" },
                            .draws = "1z 3p 8m 8m 2z", .dora = "5z" });
    expect_after(s, 0, "9p", "3p6p", NONE);
    expect_after(s, 0, "1z", "", NONE);
    expect_after(s, 0, "4p", "", NONE);     /* 123m 456m 789s 5p 11z 9p: not tenpai */
    ms_ok(s, ms_riichi(s, 0, "9p"));
    ms_pass_all(s);
    expect_waits(s, 0, "3p6p", NONE);
    ms_ok(s, ms_giri(s, 1)); /* 3p */
    assert_true(ms_can(s, 0, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_pass(0));
    ms_pass_all(s);
    expect_waits(s, 0, "3p6p", RIICHI);
    ms_giri_pass(s, 2);      /* 8m */
    ms_giri_pass(s, 3);      /* 8m */
    /* the dealer drew 2z: in riichi it discards that; the waits stay, and so does the furiten */
    assert_int_equal(ippon_match_turn(s->m), 0);
    expect_after(s, 0, "2z", "3p6p", RIICHI);
    ms_giri_pass(s, 0);
    expect_waits(s, 0, "3p6p", RIICHI);
    ms_free(s);
}

/*
 * 3p, the same on a 108-tile wall: seat 2 holds 234s 567p 34p 666z 99p, waiting on 2p or 5p
 * (234p / 345p with 567p) or 8p (34567p + 8p = 345p 678p).
 */
static void waits_in_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){ .hand = { "19m 18p 147s 9s 1235z 7z", "19m 6p 258s 369s 1237z", "234s 567p 34p 666z 99p" },
                            .draws = "7z", .dora = "1z" });
    expect_waits(s, 2, "2p5p8p", NONE);
    expect_waits(s, 1, "", NONE);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(waits_of_a_13_tile_hand),
        cmocka_unit_test(temporary_furiten_shows_and_ends_with_the_own_discard),
        cmocka_unit_test(discard_furiten_the_kind_itself_and_after),
        cmocka_unit_test(riichi_furiten_outlasts_the_own_discard),
        cmocka_unit_test(waits_in_3p),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
