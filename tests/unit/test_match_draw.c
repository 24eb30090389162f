/*
 * test_match_draw.c — exhaustive draws and what follows them (src/core/RULES.md §1, §4, §6), on scripted
 * walls played out by tsumogiri: noten penalties with every count of tenpai seats (4p pool
 * 3,000; 3p pool 2,000), karaten is noten, keishiki tenpai (no yaku) is tenpai, the dealer
 * repeats when tenpai and passes otherwise (all tenpai: repeat; all noten: pass), honba + 1
 * after every draw, the round wind moving E → S → W → N (4p) / E → S → W (3p) each time the deal
 * comes back to the first dealer, riichi sticks staying on the table until the eventual winner
 * takes them all, and results at the match end (final − start, summing to 0).
 *
 * Each seat holds either a tenpai hand T[seat] (a tanki on an honor, or an open hand without
 * yaku) or a junk hand J[seat]; the sets were chosen so any mix of them is a legal wall.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/* 4p: T0 1z tanki (haku), T1 2z tanki (hatsu), T2 3z tanki (chun), T3 4z tanki (no yaku) */
static const char *const T4[4] = { "123m 456m 789m 555z 1z", "123p 456p 789p 666z 2z", "123s 456s 789s 777z 3z",
                                   "234m 567p 678s 999p 4z" };
static const char *const J4[4] = { "147m 258p 369s 1234z", "258m 369p 147s 1234z", "369m 147p 258s 1234z",
                                   "159m 26p 37s 48p 1234z" };
/* 3p: T0 1z tanki, T1 2z tanki, T2 3z tanki */
static const char *const T3[3] = { "123p 456p 789p 555z 1z", "123s 456s 789s 666z 2z", "111m 999m 567s 777z 3z" };
static const char *const J3[3] = { "147p 258s 369s 1234z", "258p 369p 147s 1234z", "1467p 28s 369s 1234z" };

/*
 * §6 noten penalties, by the number of tenpai seats n: each tenpai seat receives and each noten
 * seat pays (0 or all tenpai: nothing).
 *   4p pool 3000: n=1 +3000 / −1000; n=2 +1500 / −1500; n=3 +1000 / −3000.
 *   3p pool 2000: n=1 +2000 / −1000; n=2 +1000 / −2000.
 */
static void noten_amounts(int players, int n, int32_t *gain, int32_t *loss)
{
    static const int32_t g4[5] = { 0, 3000, 1500, 1000, 0 }, l4[5] = { 0, 1000, 1500, 3000, 0 };
    static const int32_t g3[4] = { 0, 2000, 1000, 0 }, l3[4] = { 0, 1000, 2000, 0 };
    *gain = players == 4 ? g4[n] : g3[n];
    *loss = players == 4 ? l4[n] : l3[n];
}

/*
 * Plays one hand to an exhaustive draw with T[seat] where bit `seat` of mask is set, J[seat]
 * elsewhere; riichi_seat (or -1) declares riichi with its first discard. Checks the hand start
 * (dealer, round, honba, sticks), the tenpai flags, the payments, and updates points[].
 */
static void one_draw(ms *s, unsigned mask, int riichi_seat, int dealer, int round_wind, int honba, int sticks,
                     int32_t *points)
{
    int players = s->players;
    ms_deal d = { .full = true, .dora = players == 4 ? "8m" : "1m" };
    for (int seat = 0; seat < players; seat++)
        d.hand[seat] = mask >> seat & 1 ? (players == 4 ? T4 : T3)[seat] : (players == 4 ? J4 : J3)[seat];
    assert_int_equal(ippon_match_dealer(s->m), dealer);
    assert_int_equal(ippon_match_round_wind(s->m), round_wind);
    assert_int_equal(ippon_match_honba(s->m), honba);
    ms_start(s, &d);
    const ippon_event *st = ms_ev_hand(s, IPPON_EV_HAND_START, -1);
    assert_non_null(st);
    assert_int_equal(st->u.start.dealer, dealer);
    assert_int_equal(st->u.start.round_wind, round_wind);
    assert_int_equal(st->u.start.honba, honba);
    assert_int_equal(st->u.start.sticks, sticks);
    if (riichi_seat >= 0) {
        while (ippon_match_turn(s->m) != riichi_seat)
            ms_giri_pass(s, ippon_match_turn(s->m));
        ippon_action r = ms_giri(s, riichi_seat);
        r.riichi = true;
        ms_ok(s, r);
        ms_pass_all(s);
        points[riichi_seat] -= 1000;
    }
    ms_run_out(s);
    /* every live tile was drawn and discarded: 70 (4p) / 55 (3p) */
    assert_int_equal(ms_count_ev(s, 0, IPPON_EV_DISCARD, -1), players == 4 ? 70 : 55);
    const ippon_event *e = ms_ev_hand(s, IPPON_EV_DRAW_END, -1);
    assert_non_null(e);
    int n = 0;
    for (int seat = 0; seat < players; seat++) {
        assert_int_equal(e->u.end.tenpai[seat], (mask >> seat) & 1);
        n += (mask >> seat) & 1;
    }
    int32_t gain, loss;
    noten_amounts(players, n, &gain, &loss);
    for (int seat = 0; seat < players; seat++) {
        int32_t pay = mask >> seat & 1 ? gain : -loss;
        assert_int_equal(e->u.end.payments[seat], pay);
        points[seat] += pay;
        assert_int_equal(ippon_match_points(s->m, seat), points[seat]);
    }
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_NEED_WALL);
}

/* ---- noten penalties ------------------------------------------------------------------------- */

static void noten_case(const char *preset, unsigned mask, int next_dealer)
{
    ms *s = ms_new(preset, 0);
    int32_t p[4] = { s->rules->start_points, s->rules->start_points, s->rules->start_points, s->rules->start_points };
    one_draw(s, mask, -1, 0, 0, 0, 0, p);
    assert_int_equal(ippon_match_dealer(s->m), next_dealer);
    assert_int_equal(ippon_match_honba(s->m), 1);
    ms_free(s);
}

/* 0 tenpai: nothing; the (noten) dealer passes to seat 1 */
static void noten_4p_0_tenpai(void **state) { (void)state; noten_case("yonma", 0x0, 1); }
/* 1 tenpai (seat 1): +3000, the three others −1000; the dealer is noten: seat 1 deals */
static void noten_4p_1_tenpai(void **state) { (void)state; noten_case("yonma", 0x2, 1); }
/* 2 tenpai (dealer and seat 2): +1500 each from seats 1 and 3; the dealer repeats */
static void noten_4p_2_tenpai(void **state) { (void)state; noten_case("yonma", 0x5, 0); }
/* 3 tenpai (seats 1, 2, 3): +1000 each, the dealer pays 3000 and passes */
static void noten_4p_3_tenpai(void **state) { (void)state; noten_case("yonma", 0xe, 1); }
/* all 4 tenpai: nothing; the dealer repeats */
static void noten_4p_4_tenpai(void **state) { (void)state; noten_case("yonma", 0xf, 0); }
/* 3p 0 tenpai: nothing, the dealer passes */
static void noten_3p_0_tenpai(void **state) { (void)state; noten_case("sanma", 0x0, 1); }
/* 3p 1 tenpai (the dealer): +1000 from each noten seat; the dealer repeats */
static void noten_3p_1_tenpai(void **state) { (void)state; noten_case("sanma", 0x1, 0); }
/* 3p 2 tenpai (seats 1, 2): +1000 each from the dealer, who passes */
static void noten_3p_2_tenpai(void **state) { (void)state; noten_case("sanma", 0x6, 1); }
/* 3p all tenpai: nothing, the dealer repeats */
static void noten_3p_3_tenpai(void **state) { (void)state; noten_case("sanma", 0x7, 0); }

/* ---- karaten, keishiki tenpai -------------------------------------------------------------------- */

/*
 * §4 karaten: seat 1 holds 999s, pons the dealer's 9s and keeps 9s 123m 456m 789m: a 9s tanki
 * whose four copies are its own (three in the pon, one in hand): noten at the draw. Seat 2 is
 * tenpai (2z tanki): the only tenpai seat, +3000; seat 1 pays 1000 like the other noten seats.
 */
static void karaten_is_noten_at_the_draw_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 36s 1234z 5z", "999s 123m 456m 789m 1p", "123p 456p 789p 666z 2z",
                  "159m 26p 37s 48p 1234z" },
        .full = true, .draws = "9s", .dora = "8m" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_pon(s, 1, "99s"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "1p");
    ms_run_out(s);
    const ippon_event *e = ms_ev_hand(s, IPPON_EV_DRAW_END, -1);
    assert_non_null(e);
    assert_false(e->u.end.tenpai[1]);
    assert_true(e->u.end.tenpai[2]);
    ms_points(s, 24000, 24000, 28000, 24000);
    ms_free(s);
}

/*
 * §1: keishiki tenpai counts: seat 1 chis the dealer's 3m (45m) and lets 1z go: 234p 678p 57s
 * 99s + 345m waits on 6s with no yaku at all (open, a 9s pair, no value set). Tenpai at the
 * draw, alone: +3000.
 */
static void keishiki_tenpai_counts_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "45m 234p 678p 57s 99s 1z", "369m 147p 258s 1234z",
                  "159m 26p 37s 48p 1234z" },
        .full = true, .draws = "3m", .dora = "8m" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_chi(s, 1, "45m"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "1z");
    ms_run_out(s);
    const ippon_event *e = ms_ev_hand(s, IPPON_EV_DRAW_END, -1);
    assert_non_null(e);
    assert_true(e->u.end.tenpai[1]);
    ms_points(s, 24000, 28000, 24000, 24000);
    ms_free(s);
}

/* ---- dealer, honba, round wind over many hands ------------------------------------------------- */

/*
 * 4p, first dealer seat 0, points carried over every hand:
 *   h0 dealer 0 E0: dealer alone tenpai → repeats            (+3000 / −1000)
 *   h1 dealer 0 E1: seat 1 alone tenpai → seat 1 deals       (+3000 / −1000)
 *   h2 dealer 1 E2: all noten → seat 2 deals                 (nothing)
 *   h3 dealer 2 E3: all tenpai → repeats                     (nothing)
 *   h4 dealer 2 E4: seats 0 1 3 tenpai → seat 3 deals        (+1000 / −3000)
 *   h5 dealer 3 E5: seats 0 2 tenpai → back to seat 0: South (+1500 / −1500)
 *   h6–h9 all noten: dealers 0 1 2 3 in South, then West; h10–h13 West, then North;
 *   h14–h17 North, then the deal is back at seat 0 in East again, honba 18.
 */
static void dealer_and_round_wind_cycle_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    int32_t p[4] = { 25000, 25000, 25000, 25000 };
    one_draw(s, 0x1, -1, 0, 0, 0, 0, p);
    one_draw(s, 0x2, -1, 0, 0, 1, 0, p);
    one_draw(s, 0x0, -1, 1, 0, 2, 0, p);
    one_draw(s, 0xf, -1, 2, 0, 3, 0, p);
    one_draw(s, 0xb, -1, 2, 0, 4, 0, p);
    one_draw(s, 0x5, -1, 3, 0, 5, 0, p);
    int honba = 6;
    for (int round = 1; round <= 3; round++)
        for (int dealer = 0; dealer < 4; dealer++)
            one_draw(s, 0x0, -1, dealer, round, honba++, 0, p);
    assert_int_equal(ippon_match_dealer(s->m), 0);
    assert_int_equal(ippon_match_round_wind(s->m), 0);
    assert_int_equal(ippon_match_honba(s->m), 18);
    assert_int_equal(ippon_match_hand_number(s->m), 17);
    /* h0 +3000 −1000×3; h1 seat 1 +3000; h4 +1000 to 0 1 3, −3000 seat 2; h5 +1500 to 0 2, −1500 to 1 3 */
    ms_points(s, 25000 + 3000 - 1000 + 1000 + 1500, 25000 - 1000 + 3000 + 1000 - 1500,
              25000 - 1000 - 1000 - 3000 + 1500, 25000 - 1000 - 1000 + 1000 - 1500);
    ms_free(s);
}

/*
 * 3p, first dealer seat 0:
 *   h0 dealer 0 E0: dealer alone tenpai → repeats            (+2000 / −1000 each)
 *   h1 dealer 0 E1: seats 1 2 tenpai → seat 1 deals          (+1000 each / −2000)
 *   h2 dealer 1 E2: all noten → seat 2 deals
 *   h3 dealer 2 E3: all tenpai → repeats
 *   h4 dealer 2 E4: seat 1 alone tenpai → back to seat 0: South (+2000 / −1000 each)
 *   h5–h7 all noten in South, then West; h8–h10 West, then East again (3p has no North round).
 */
static void dealer_and_round_wind_cycle_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    int32_t p[4] = { 35000, 35000, 35000, 0 };
    one_draw(s, 0x1, -1, 0, 0, 0, 0, p);
    one_draw(s, 0x6, -1, 0, 0, 1, 0, p);
    one_draw(s, 0x0, -1, 1, 0, 2, 0, p);
    one_draw(s, 0x7, -1, 2, 0, 3, 0, p);
    one_draw(s, 0x2, -1, 2, 0, 4, 0, p);
    int honba = 5;
    for (int round = 1; round <= 2; round++)
        for (int dealer = 0; dealer < 3; dealer++)
            one_draw(s, 0x0, -1, dealer, round, honba++, 0, p);
    assert_int_equal(ippon_match_dealer(s->m), 0);
    assert_int_equal(ippon_match_round_wind(s->m), 0);
    assert_int_equal(ippon_match_honba(s->m), 11);
    ms_points(s, 35000 + 2000 - 2000 - 1000, 35000 - 1000 + 1000 + 2000, 35000 - 1000 + 1000 - 1000, 0);
    ms_free(s);
}

/* the round wind moves when the deal comes back to the FIRST dealer (here seat 2), not at seat 0 */
static void round_wind_follows_the_first_dealer_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 2);
    int32_t p[4] = { 25000, 25000, 25000, 25000 };
    one_draw(s, 0x0, -1, 2, 0, 0, 0, p);
    one_draw(s, 0x0, -1, 3, 0, 1, 0, p);
    one_draw(s, 0x0, -1, 0, 0, 2, 0, p);
    one_draw(s, 0x0, -1, 1, 0, 3, 0, p);
    assert_int_equal(ippon_match_dealer(s->m), 2);
    assert_int_equal(ippon_match_round_wind(s->m), 1);
    ms_free(s);
}

/* ---- riichi sticks over draws; results ---------------------------------------------------------- */

/*
 * 4p. h0 (dealer 0): seat 1 declares riichi (stick) and is alone tenpai: 25000 − 1000 + 3000 =
 * 27000, the others 24000; seat 1 deals next, honba 1, 1 stick stays. h1 (dealer 1): seat 2
 * the same: 24000 − 1000 + 3000 = 26000; seats 0 1 3: 23000 26000 23000; seat 2 deals, honba 2,
 * 2 sticks. h2 (dealer 2): seat 3 (555z 234m 678p 345s + 9s tanki) rons seat 0's 9s: haku, 40 fu
 * 1 han = 1300, + 2·300 honba + 2 sticks: seat 3 23000 + 1300 + 600 + 2000 = 26900, seat 0
 * 23000 − 1900 = 21100. Results: −3900, +1000, +1000, +1900 — sum 0.
 */
static void sticks_carry_over_draws_to_the_winner_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    int32_t p[4] = { 25000, 25000, 25000, 25000 };
    one_draw(s, 0x2, 1, 0, 0, 0, 0, p);
    assert_int_equal(ippon_match_sticks(s->m), 1);
    one_draw(s, 0x4, 2, 1, 0, 1, 1, p);
    assert_int_equal(ippon_match_sticks(s->m), 2);
    ms_points(s, 23000, 26000, 26000, 23000);
    ms_start(s, &(ms_deal){
        .hand = { J4[0], J4[1], J4[2], "555z 234m 678p 345s 9s" }, .draws = "7z7z7z", .dora = "8m" });
    assert_int_equal(ms_ev_hand(s, IPPON_EV_HAND_START, -1)->u.start.sticks, 2);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    ms_ok(s, ms_discard(s, 0, "9s"));
    ms_ok(s, ms_ron(3));
    ms_pass_all(s);
    const ippon_score *w = ms_win(s, 3);
    assert_int_equal(w->total, 1300);
    ms_points(s, 21100, 26000, 26000, 26900);
    assert_int_equal(ippon_match_sticks(s->m), 0);
    ms_results_consistent(s);
    assert_int_equal(ippon_match_result(s->m, 0), -3900);
    assert_int_equal(ippon_match_result(s->m, 3), 1900);
    const ippon_event *end = ms_ev(s, IPPON_EV_MATCH_END, -1);
    assert_non_null(end);
    for (int seat = 0; seat < 4; seat++) {
        assert_int_equal(end->u.final.points[seat], ippon_match_points(s->m, seat));
        assert_int_equal(end->u.final.results[seat], ippon_match_points(s->m, seat) - 25000);
    }
    ms_free(s);
}

/*
 * 3p. h0 (dealer 0): seat 1 riichi, alone tenpai: 35000 − 1000 + 2000 = 36000, others 34000.
 * h1 (dealer 1): seat 2 riichi, alone tenpai: 34000 − 1000 + 2000 = 35000; seats 0 1: 33000
 * 35000. h2 (dealer 2): seat 1 (555z 234p 678p 345s + 9s) rons seat 0's 9s: 1300 + 2·200 honba
 * + 2 sticks → seat 1 38700, seat 0 31300, seat 2 35000. Results −3700, +3700, 0.
 */
static void sticks_carry_over_draws_to_the_winner_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    int32_t p[4] = { 35000, 35000, 35000, 0 };
    one_draw(s, 0x2, 1, 0, 0, 0, 0, p);
    one_draw(s, 0x4, 2, 1, 0, 1, 1, p);
    assert_int_equal(ippon_match_sticks(s->m), 2);
    ms_start(s, &(ms_deal){ .hand = { J3[0], "555z 234p 678p 345s 9s", J3[2] }, .draws = "7z7z", .dora = "1m" });
    ms_giri_pass(s, 2);
    ms_ok(s, ms_discard(s, 0, "9s"));
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    ms_points(s, 31300, 38700, 35000, 0);
    ms_results_consistent(s);
    assert_int_equal(ippon_match_result(s->m, 1), 3700);
    ms_free(s);
}

/* ---- nagashi mangan (Tenhou's rule sets) ------------------------------------------------------ */

/*
 * Nagashi mangan, in the rule sets that have it (tenhou4, tenhou3; the product's have none,
 * src/core/RULES.md §1): at an exhaustive draw a seat whose every discard was a terminal or an honor, none
 * of them called, is paid a mangan tsumo (src/core/RULES.md §6: basic points 2,000) and nobody pays noten:
 * a non-dealer gets 2,000 from each other seat and 4,000 from the dealer; a dealer 4,000 from
 * each (3p: from the two seats present). The nagashi seat draws only the tiles of `yao` and
 * discards each at once; the other seats draw from `others` (simples first) and do the same.
 */
static void nagashi_case(const char *preset, int seat, const char *yao, const char *others, const int32_t *expect)
{
    ms *s = ms_new(preset, 0);
    int players = s->players, n_draws = players == 4 ? 70 : 55;
    ippon_code y[40], o[80], draws[80];
    int n_y = ms_codes(yao, y, 40), n_o = ms_codes(others, o, 80), iy = 0, io = 0;
    for (int i = 0; i < n_draws; i++) { /* the dealer (seat 0) draws first */
        if (i % players == seat) {
            assert_true(iy < n_y);
            draws[i] = y[iy++];
        } else {
            assert_true(io < n_o);
            draws[i] = o[io++];
        }
    }
    char text[400];
    assert_true(ippon_notation_format(draws, n_draws, text, sizeof text) > 0);
    ms_deal d = { .full = true, .draws = text, .dora = players == 4 ? "8m" : "3p" };
    for (int p = 0; p < players; p++)
        d.hand[p] = players == 4 ? J4[p] : J3[p];
    ms_start(s, &d);
    ms_run_out(s);
    assert_int_equal(ms_count_ev(s, 0, IPPON_EV_DISCARD, -1), n_draws);
    assert_null(ms_ev_hand(s, IPPON_EV_DRAW_END, -1));
    const ippon_event *e = ms_ev_hand(s, IPPON_EV_ABORT, -1);
    assert_non_null(e);
    assert_int_equal(e->u.end.kind, IPPON_ABORT_NAGASHI);
    for (int p = 0; p < players; p++) {
        assert_int_equal(e->u.end.payments[p], expect[p]);
        assert_int_equal(ippon_match_points(s->m, p), s->rules->start_points + expect[p]);
    }
    ms_free(s);
}

/* what is left beside J4 and the indicator 8m: 18 terminals and honors, 52 simples */
static const char YAO4[] = "555566667777z 111999p";
static const char OTHERS4[] = "222333444566677788m 2233344556677788p 222334445566677888s";
/* beside J3 and the indicator 3p: 19 terminals and honors (the dealer draws 19), 34 simples then
   three terminals */
static const char YAO3[] = "1111999m 9m 555566667777z";
static const char OTHERS3[] = "2223344556677888p 2233444556677788s 0p 0s 999p";

/* 4p, seat 1: +8,000 (dealer −4,000, seats 2 and 3 −2,000) */
static void nagashi_4p_non_dealer(void **state)
{
    (void)state;
    nagashi_case("tenhou4", 1, YAO4, OTHERS4, (const int32_t[]){ -4000, 8000, -2000, -2000 });
}
/* 4p, the dealer: +12,000, −4,000 each */
static void nagashi_4p_dealer(void **state)
{
    (void)state;
    nagashi_case("tenhou4", 0, YAO4, OTHERS4, (const int32_t[]){ 12000, -4000, -4000, -4000 });
}
/* 3p, seat 1: +6,000 (dealer −4,000, seat 2 −2,000) */
static void nagashi_3p_non_dealer(void **state)
{
    (void)state;
    nagashi_case("tenhou3", 1, YAO3, OTHERS3, (const int32_t[]){ -4000, 6000, -2000 });
}
/* 3p, the dealer: +8,000, −4,000 each */
static void nagashi_3p_dealer(void **state)
{
    (void)state;
    nagashi_case("tenhou3", 0, YAO3, OTHERS3, (const int32_t[]){ 8000, -4000, -4000 });
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(noten_4p_0_tenpai),
        cmocka_unit_test(noten_4p_1_tenpai),
        cmocka_unit_test(noten_4p_2_tenpai),
        cmocka_unit_test(noten_4p_3_tenpai),
        cmocka_unit_test(noten_4p_4_tenpai),
        cmocka_unit_test(noten_3p_0_tenpai),
        cmocka_unit_test(noten_3p_1_tenpai),
        cmocka_unit_test(noten_3p_2_tenpai),
        cmocka_unit_test(noten_3p_3_tenpai),
        cmocka_unit_test(karaten_is_noten_at_the_draw_4p),
        cmocka_unit_test(keishiki_tenpai_counts_4p),
        cmocka_unit_test(dealer_and_round_wind_cycle_4p),
        cmocka_unit_test(dealer_and_round_wind_cycle_3p),
        cmocka_unit_test(round_wind_follows_the_first_dealer_4p),
        cmocka_unit_test(sticks_carry_over_draws_to_the_winner_4p),
        cmocka_unit_test(sticks_carry_over_draws_to_the_winner_3p),
        cmocka_unit_test(nagashi_4p_non_dealer),
        cmocka_unit_test(nagashi_4p_dealer),
        cmocka_unit_test(nagashi_3p_non_dealer),
        cmocka_unit_test(nagashi_3p_dealer),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
