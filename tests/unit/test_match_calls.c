/*
 * test_match_calls.c — calls on a discard and who gets the tile (src/core/RULES.md §3): the 4p head
 * bump (one ron winner, the first in turn order after the discarder; seats that pass are
 * skipped), the 3p double ron (both win; honba and every stick to the nearer winner; a ronned
 * riichi declaration is void), priority ron > pon > chi, chi only from the left and never in
 * 3p, kuikae after pon and chi (and a call that would leave no legal discard is not offered),
 * and the houtei discard that can be ronned but not called. Scripted walls, both modes where
 * the rule exists; every expected number is worked by hand from src/core/RULES.md in the comments.
 *
 * Tables are seats 0..3 (3p: 0..2); unless said otherwise seat 0 deals, so seat s has wind s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/* ---- head bump (4p) -------------------------------------------------------------------------- */

/*
 * Seat 2 discards 9s; seats 1 and 3 both wait on it (9s tanki). Turn order after seat 2 is
 * 3, 0, 1, so only seat 3 wins (§3: of the players who declare ron, only the first in turn
 * order after the discarder wins).
 * Seat 3: 555z 234m 678p 345s + 9s: haku 1 han; fu 20 + 10 (closed ron) + 8 (closed honor
 * triplet) + 2 (tanki) = 40. base 40·2^3 = 320; non-dealer ron 4·320 = 1280 → 1300.
 */
static ms *head_bump_table(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "258m 369p 147s 1234z",     /* seat 0: junk */
                  "666z 234p 567m 345s 9s",  /* seat 1: hatsu, 9s tanki */
                  "147m 258p 36s 9s 1234z",  /* seat 2: junk with a 9s */
                  "555z 234m 678p 345s 9s" },/* seat 3: haku, 9s tanki */
        .draws = "7z7z7z", .dora = "8p" /* dora 9p: no winner holds one */ });
    /* §2: 70 live tiles when dealt in 4p, the dealer's first draw included */
    assert_int_equal(ippon_match_live_tiles(s->m), 69);
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    ms_ok(s, ms_discard(s, 2, "9s"));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_OFFER);
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    return s;
}

static void head_bump_first_after_discarder_4p(void **state)
{
    (void)state;
    ms *s = head_bump_table();
    ms_ok(s, ms_ron(1)); /* seat 1 answers first, but seat 3 is first in turn order */
    ms_ok(s, ms_ron(3));
    assert_int_equal(ms_count_ev(s, s->last, IPPON_EV_WIN, -1), 1);
    const ippon_event *w = ms_ev(s, IPPON_EV_WIN, 3);
    assert_non_null(w);
    assert_int_equal(w->u.win.from, 2);
    assert_int_equal(w->u.win.score.fu, 40);
    assert_int_equal(w->u.win.score.han, 1);
    ms_points(s, 25000, 25000, 25000 - 1300, 25000 + 1300);
    ms_results_consistent(s);
    ms_free(s);
}

static void head_bump_skips_a_seat_that_passes_4p(void **state)
{
    (void)state;
    ms *s = head_bump_table();
    /* seat 3 lets it pass: seat 1 (hatsu, the same 40 fu 1 han = 1300) is the only winner */
    ms_ok(s, ms_pass(3));
    ms_ok(s, ms_ron(1));
    assert_int_equal(ms_count_ev(s, s->last, IPPON_EV_WIN, -1), 1);
    assert_non_null(ms_ev(s, IPPON_EV_WIN, 1));
    ms_points(s, 25000, 26300, 23700, 25000);
    ms_results_consistent(s);
    ms_free(s);
}

/* ---- double ron (3p) ------------------------------------------------------------------------- */

/*
 * 3p, seat 0 (dealer) discards 9s; seats 1 and 2 both wait on it (9s tanki, haku / hatsu).
 * Each hand: 40 fu 1 han, non-dealer ron 1300. Honba 2, 1 stick on the table (setup).
 * §3: both win, the discarder pays each; the honba and every riichi stick on the table go to
 * the winner nearer the discarder in turn order = seat 1:
 *   seat 1 +1300 + 2·200 + 1000 = +2700; seat 2 +1300; seat 0 −(1300 + 400) − 1300 = −3000.
 */
static void double_ron_3p_honba_and_sticks_to_nearer_winner(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_setup(s, 0, 0, 2, 1, NULL);
    ms_start(s, &(ms_deal){
        .hand = { "19m 159p 17s 9s 123z 77z",
                  "555z 234p 678p 345s 9s",
                  "666z 234s 678s 345p 9s" },
        .draws = "2z", .dora = "1m" /* dora 9m: no winner holds one */ });
    ms_ok(s, ms_discard(s, 0, "9s"));
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(2));
    ms_ok(s, ms_ron(1));
    assert_int_equal(ms_count_ev(s, s->last, IPPON_EV_WIN, -1), 2);
    const ippon_score *w1 = ms_win(s, 1), *w2 = ms_win(s, 2);
    assert_int_equal(w1->total, 1300);
    assert_int_equal(w2->total, 1300);
    /* the breakdown: only seat 1 collects honba (2 · 200) and the stick (1000) */
    assert_int_equal(w1->honba_points, 400);
    assert_int_equal(w1->stick_points, 1000);
    assert_int_equal(w2->honba_points, 0);
    assert_int_equal(w2->stick_points, 0);
    ms_points(s, 35000 - 3000, 35000 + 2700, 35000 + 1300, 0);
    assert_int_equal(ippon_match_sticks(s->m), 0);
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_OVER);
    ms_free(s);
}

/*
 * 3p, the dealer declares (double) riichi with 9s and both other seats ron it. §3/§4: if the
 * discard was the discarder's riichi declaration tile, that riichi is void and its stick is
 * never paid. Seat 0 pays 1300 + 1300 = 2600 and no more; no stick event, 0 sticks.
 * Seat 0: 111m 456p 789p 11s 23s is tenpai (1s/4s) after letting 9s go.
 */
static void double_ron_3p_on_riichi_declaration_voids_it(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "111m 456p 789p 11s 23s",
                  "555z 234p 678p 345s 9s",
                  "666z 234s 678s 345p 9s" },
        .draws = "9s", .dora = "1z" /* dora South */ });
    assert_true(ms_can_discard(s, 0, "9s", true));
    ms_ok(s, ms_riichi(s, 0, "9s"));
    ms_ok(s, ms_ron(1));
    ms_ok(s, ms_ron(2));
    assert_null(ms_ev_hand(s, IPPON_EV_RIICHI_STICK, -1));
    assert_int_equal(ms_count_ev(s, s->last, IPPON_EV_WIN, -1), 2);
    ms_points(s, 35000 - 2600, 36300, 36300, 0);
    assert_int_equal(ippon_match_sticks(s->m), 0);
    assert_false(ms_seat_riichi(s, 0));
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * 3p, honba 1. Seat 2 declares double riichi on its first discard (stick paid: 34000, 1 stick).
 * Then the dealer's 9s is ronned by seats 1 and 2. §3: the nearer winner (seat 1) takes the
 * honba and every stick, "including the other winner's own stick".
 *   seat 1: haku 40 fu 1 han 1300 + 200 honba + 1000 stick = +2500 → 37500.
 *   seat 2: double riichi 2 + ippatsu 1 (no call in between) + hatsu 1 = 4 han 40 fu:
 *           40·2^6 = 2560 ≥ 2000 → mangan, non-dealer ron 8000 → 34000 + 8000 = 42000.
 *   seat 0: −1300 − 200 − 8000 = −9500 → 25500.   Sum 105000, results sum to 0.
 */
static void double_ron_3p_nearer_winner_takes_the_other_winners_stick(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_setup(s, 0, 0, 1, 0, NULL);
    ms_start(s, &(ms_deal){
        .hand = { "19m 159p 17s 9s 123z 77z",
                  "555z 234p 678p 345s 9s",
                  "666z 234s 678s 345p 9s" },
        .draws = "1p2p3p9s", .dora = "1m", .ura = "1m" /* dora/ura 9m: no winner holds one */ });
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    ms_ok(s, ms_riichi(s, 2, "3p"));
    assert_non_null(ms_ev(s, IPPON_EV_RIICHI_STICK, 2));
    assert_int_equal(ippon_match_sticks(s->m), 1);
    ms_ok(s, ms_giri(s, 0)); /* the 9s */
    ms_ok(s, ms_ron(1));
    ms_ok(s, ms_ron(2));
    const ippon_score *w1 = ms_win(s, 1), *w2 = ms_win(s, 2);
    assert_int_equal(w1->total, 1300);
    assert_int_equal(w2->total, 8000);
    assert_int_equal(w1->honba_points, 200);
    assert_int_equal(w1->stick_points, 1000); /* seat 2's own stick, won by seat 1 */
    assert_int_equal(w2->honba_points, 0);
    assert_int_equal(w2->stick_points, 0);
    assert_int_equal(ms_yaku(w2, IPPON_YAKU_DOUBLE_RIICHI), 2);
    assert_int_equal(ms_yaku(w2, IPPON_YAKU_IPPATSU), 1);
    assert_false(ms_has_yaku(w2, IPPON_YAKU_RIICHI));
    ms_points(s, 25500, 37500, 42000, 0);
    ms_results_consistent(s);
    ms_free(s);
}

/* ---- priority: ron > pon > chi --------------------------------------------------------------- */

/*
 * Seat 0 discards 3m. Seat 1 (next in turn, so seat 0 is on its left) may chi with 45m, seat 2
 * may pon with 33m, seat 3 may ron (haku, 12m penchan, 99s pair).
 */
static ms *priority_table(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "678m 369p 147s 1234z",
                  "45m 147p 258s 9s 1234z",
                  "33m 7m 258p 369s 1234z",
                  "555z 12m 678p 345s 99s" },
        .draws = "3m", .dora = "6z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can_call(s, 1, IPPON_ACT_CHI, "45m"));
    assert_true(ms_can_call(s, 2, IPPON_ACT_PON, "33m"));
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    return s;
}

static void pon_beats_chi_4p(void **state)
{
    (void)state;
    ms *s = priority_table();
    ms_ok(s, ms_chi(s, 1, "45m"));
    ms_ok(s, ms_pass(3));
    ms_ok(s, ms_pon(s, 2, "33m"));
    const ippon_event *c = ms_ev(s, IPPON_EV_CALL, -1);
    assert_non_null(c);
    assert_int_equal(c->seat, 2);
    assert_int_equal(c->u.meld.type, IPPON_MELD_PON);
    assert_int_equal(c->u.meld.from, 0);
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), 2);
    assert_int_equal(ms_seat_melds(s, 1), 0);
    ms_free(s);
}

/* seat 3's ron takes the tile from both calls: haku 40 fu 1 han (20+10+8+2 penchan) = 1300 */
static void ron_beats_pon_and_chi_4p(void **state)
{
    (void)state;
    ms *s = priority_table();
    ms_ok(s, ms_pon(s, 2, "33m"));
    ms_ok(s, ms_chi(s, 1, "45m"));
    ms_ok(s, ms_ron(3));
    assert_null(ms_ev(s, IPPON_EV_CALL, -1));
    assert_int_equal(ms_win(s, 3)->total, 1300);
    ms_points(s, 23700, 25000, 25000, 26300);
    ms_free(s);
}

/* chi only from the player on your left (the previous one in turn order) */
static void chi_only_from_the_left_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "678m 369p 147s 1234z",
                  "258m 147p 258s 1234z",     /* seat 1: no 3m shape */
                  "45m 7m 258p 369s 1234z",   /* seat 2: 45m but not to the left of seat 0 */
                  "19m 369p 147s 567z 99p" },
        .draws = "3m", .dora = "6z" });
    ms_ok(s, ms_giri(s, 0));
    assert_false(ippon_match_waiting_for(s->m, 2));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), 1);
    ms_free(s);
}

/* 3p has no chi at all: seat 1 holds 23p and seat 0 discards 1p and 4p: no offer */
static void no_chi_in_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 59p 17s 9s 1236z 77z",
                  "23p 67p 258s 369s 124z",
                  "19m 78p 147s 3567z 4p 9p" },
        .draws = "1p", .dora = "1z" });
    ms_ok(s, ms_giri(s, 0));
    /* no offer: the discard is followed at once by seat 1's own draw */
    assert_non_null(ms_ev(s, IPPON_EV_DRAW, 1));
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    ms_free(s);
}

/* ---- kuikae ---------------------------------------------------------------------------------- */

/*
 * Seat 1 holds 555p and pons the dealer's red 5p with two plain 5p. §3 kuikae: after a pon
 * you may not discard the called tile kind on that turn — the third 5p may not go now.
 */
static void kuikae_pon_bans_the_called_kind(const char *preset)
{
    bool sanma = strcmp(preset, "sanma") == 0;
    ms *s = ms_new(preset, 0);
    if (sanma)
        ms_start(s, &(ms_deal){
            .hand = { "19m 9p 147s 1236z 77z 8p", "555p 19m 258s 7s 1236z", "19m 12p 47p 369s 1234z" },
            .draws = "0p", .dora = "5z" });
    else
        ms_start(s, &(ms_deal){
            .hand = { "258m 39p 9s 1s 6s 4567z 7z", "555p 147m 258s 1236z",
                      "369m 147p 379s 1234z", "147m 268p 249s 1235z" },
            .draws = "0p", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can_call(s, 1, IPPON_ACT_PON, "55p"));
    ms_ok(s, ms_pon(s, 1, "55p"));
    ms_pass_all(s);
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_false(ms_can_discard(s, 1, "5p", false));
    assert_true(ms_can_discard(s, 1, "2s", false));
    ms_refused(s, ms_discard(s, 1, "5p"));
    ms_ok(s, ms_discard(s, 1, "2s"));
    ms_free(s);
}

static void kuikae_pon_4p(void **state)
{
    (void)state;
    kuikae_pon_bans_the_called_kind("yonma");
}

static void kuikae_pon_3p(void **state)
{
    (void)state;
    kuikae_pon_bans_the_called_kind("sanma");
}

/* §3: chi 3 with 4-5 bans 3 and 6 */
static void kuikae_chi_45_takes_3_bans_3_and_6(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 147s 9s 4567z",
                  "3m 45m 6m 147p 258s 123z",
                  "28m 369p 369s 1234z 5z",
                  "79m 147p 258s 1234z 6z" },
        .draws = "3m", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can_call(s, 1, IPPON_ACT_CHI, "45m"));
    ms_ok(s, ms_chi(s, 1, "45m"));
    ms_pass_all(s);
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_false(ms_can_discard(s, 1, "3m", false));
    assert_false(ms_can_discard(s, 1, "6m", false));
    assert_true(ms_can_discard(s, 1, "1p", false));
    ms_refused(s, ms_discard(s, 1, "3m"));
    ms_refused(s, ms_discard(s, 1, "6m"));
    ms_ok(s, ms_discard(s, 1, "1p"));
    ms_free(s);
}

/* §3: chi 3 with 1-2 bans only 3 — 4m (next to the run) stays allowed */
static void kuikae_chi_12_takes_3_bans_only_3(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "69m 258p 147s 9s 4567z",
                  "12m 3m 4m 147p 258s 123z",
                  "58m 369p 369s 1234z 5z",
                  "79m 147p 258s 1234z 6z" },
        .draws = "3m", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_chi(s, 1, "12m"));
    ms_pass_all(s);
    assert_false(ms_can_discard(s, 1, "3m", false));
    assert_true(ms_can_discard(s, 1, "4m", false));
    ms_refused(s, ms_discard(s, 1, "3m"));
    ms_ok(s, ms_discard(s, 1, "4m"));
    ms_free(s);
}

/* kanchan chi (hold 4-6, chi 5): only the called kind is banned */
static void kuikae_chi_kanchan_bans_only_the_called_kind(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 147s 9s 4567z",
                  "46m 5m 7m 3m 147p 258s 12z",
                  "28m 369p 369s 1234z 5z",
                  "79m 147p 258s 1234z 6z" },
        .draws = "5m", .dora = "5z" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_chi(s, 1, "46m"));
    ms_pass_all(s);
    assert_false(ms_can_discard(s, 1, "5m", false));
    assert_true(ms_can_discard(s, 1, "3m", false));
    assert_true(ms_can_discard(s, 1, "7m", false));
    ms_free(s);
}

/*
 * §3: a call that would leave nothing legal to discard is not offered. Seat 1 makes two ankans (1p,
 * 9p) on its first turn and keeps 45m 3m 6666m. The dealer's 3m: chi with 45m would leave
 * 3m 6666m, all banned (3m called, 6m the other end) — so chi is not offered (the only chi
 * shape for 3m in that hand is 45m).
 */
static void call_leaving_no_legal_discard_is_not_offered(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 147s 9s 4567z",
                  "1111p 9999p 45m 666m",
                  "28m 36p 8p 369s 1234z 5z",
                  "79m 47p 258s 1234z 67z" },
        .draws = "2z6m1z1z3m", .repl = "3m7z", .dora = "5z" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_ankan(s, 1, "1p"));
    ms_ok(s, ms_ankan(s, 1, "9p"));
    ms_ok(s, ms_discard(s, 1, "7z"));
    ms_pass_all(s);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    ms_ok(s, ms_giri(s, 0)); /* 3m */
    /* 3m also completes 33m 456m 666m (+ the two ankans, sanankou): ron is offered, chi is not */
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    assert_false(ms_can(s, 1, IPPON_ACT_CHI, NULL));
    ms_refused(s, ms_chi(s, 1, "45m"));
    ms_ok(s, ms_pass(1));
    assert_non_null(ms_ev(s, IPPON_EV_DRAW, 1));
    assert_int_equal(ms_seat_melds(s, 1), 2);
    ms_free(s);
}

/* ---- houtei: ron yes, calls no ----------------------------------------------------------------- */

/*
 * 4p: 70 live tiles, no calls: draw i goes to seat i mod 4, so seat 1 draws the last tile (7z)
 * and discards it: the houtei. Seat 2 holds 77z (pon shape) and seat 3 waits on 7z (tanki).
 * §3: the houtei may be ronned but not called.
 * Seat 3: 123m 456p 678p 789s + 7z: houtei 1 han; fu 20 + 10 + 2 (dragon pair) + 2 (tanki) =
 * 34 → 40. base 320, ron from a non-dealer 4·320 = 1280 → 1300.
 */
static ms *houtei_4p(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "258m 369p 147s 1234z",
                  "369m 147p 258s 1234z",
                  "147m 258p 369s 12z 77z",
                  "123m 456p 678p 789s 7z" },
        .full = true, .tail = "7z", .dora = "5z" /* dora hatsu */ });
    assert_true(ms_run_until(s, 0));
    assert_int_equal(ippon_match_turn(s->m), 1);
    ms_ok(s, ms_giri(s, 1));
    assert_false(ms_can(s, 2, IPPON_ACT_PON, NULL));
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    return s;
}

static void houtei_cannot_be_called_4p(void **state)
{
    (void)state;
    ms *s = houtei_4p();
    assert_false(ippon_match_waiting_for(s->m, 2));
    ms_ok(s, ms_pass(3));
    assert_non_null(ms_ev(s, IPPON_EV_DRAW_END, -1));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_NEED_WALL);
    ms_free(s);
}

static void houtei_can_be_ronned_4p(void **state)
{
    (void)state;
    ms *s = houtei_4p();
    ms_ok(s, ms_ron(3));
    const ippon_score *w = ms_win(s, 3);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_HOUTEI), 1);
    assert_int_equal(w->total, 1300);
    ms_points(s, 25000, 23700, 25000, 26300);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * 3p: 55 live tiles, draw i to seat i mod 3: the dealer draws the last one (9p) and discards
 * it. Seat 1 holds 99p (no pon), seat 2 waits on 9p (tanki) and rons: houtei 1 han,
 * 20 + 10 + 2 = 32 → 40 fu, non-dealer ron from the dealer 1300.
 */
static void houtei_3p_ron_but_no_pon(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 147p 258s 369s 12z",
                  "19m 258p 147s 3z 5z 6z 99p",
                  "123p 456p 678s 234s 9p" },
        .full = true, .tail = "9p", .dora = "7z" });
    assert_true(ms_run_until(s, 0));
    assert_int_equal(ippon_match_turn(s->m), 0);
    ms_ok(s, ms_giri(s, 0));
    assert_false(ippon_match_waiting_for(s->m, 1));
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(2));
    const ippon_score *w = ms_win(s, 2);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_HOUTEI), 1);
    assert_int_equal(w->total, 1300);
    ms_points(s, 33700, 35000, 36300, 0);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(head_bump_first_after_discarder_4p),
        cmocka_unit_test(head_bump_skips_a_seat_that_passes_4p),
        cmocka_unit_test(double_ron_3p_honba_and_sticks_to_nearer_winner),
        cmocka_unit_test(double_ron_3p_on_riichi_declaration_voids_it),
        cmocka_unit_test(double_ron_3p_nearer_winner_takes_the_other_winners_stick),
        cmocka_unit_test(pon_beats_chi_4p),
        cmocka_unit_test(ron_beats_pon_and_chi_4p),
        cmocka_unit_test(chi_only_from_the_left_4p),
        cmocka_unit_test(no_chi_in_3p),
        cmocka_unit_test(kuikae_pon_4p),
        cmocka_unit_test(kuikae_pon_3p),
        cmocka_unit_test(kuikae_chi_45_takes_3_bans_3_and_6),
        cmocka_unit_test(kuikae_chi_12_takes_3_bans_only_3),
        cmocka_unit_test(kuikae_chi_kanchan_bans_only_the_called_kind),
        cmocka_unit_test(call_leaving_no_legal_discard_is_not_offered),
        cmocka_unit_test(houtei_cannot_be_called_4p),
        cmocka_unit_test(houtei_can_be_ronned_4p),
        cmocka_unit_test(houtei_3p_ron_but_no_pon),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
