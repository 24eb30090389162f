/*
 * test_match_kan.c — kans on scripted walls (src/core/RULES.md §2–4): chankan on a kakan (both modes;
 * the robbed kan is not established: no indicator, no replacement draw, the kan player pays as
 * the discarder; riichi + ippatsu + chankan combine), a passed rob is furiten, kokushi robbing an
 * ankan in 3p but not in 4p, kan dora timing (4p: ankan at once, daiminkan/kakan at the kan
 * player's next discard — a ron on it counts the indicator, a rinshan tsumo right after the kan
 * does not — and a pending one revealed at a further kan; 3p: at once once the kan stands), the
 * live wall shrinking by one per replacement draw (a replacement draw is never haitei; the
 * discard after it with 0 live tiles is the houtei), and no kan with 0 live tiles.
 * Every expected number is worked by hand from src/core/RULES.md §2–6.
 *
 * Seat 0 deals, so seat s has wind s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/* ---- chankan --------------------------------------------------------------------------------- */

/*
 * 4p. Seat 1 pons the dealer's 3p (33p in hand). Seat 2 draws 5p and lets 1z go: 45p 678m 234s
 * 555z 99s waits 3p/6p (riichi when `riichi`). Seat 1 draws the 4th 3p and adds it (kakan).
 * Draws: dealer 3p, seat 2 5p, seat 3 7z, dealer 6z, seat 1 3p; replacement 6p.
 */
static ms *chankan_4p(void)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "258m 19p 369s 1234z 6z", "33p 147m 258s 1234z 9p", "4p 678m 234s 555z 99s 1z",
                  "369m 17p 147s 1234z 7z" },
        .draws = "3p 5p 7z 6z 3p", .repl = "6p", .dora = "8m", .ura = "8m" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_pon(s, 1, "33p"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "9p");
    return s;
}

static void chankan_kakan_to_seat_1_kakan(ms *s)
{
    ms_giri_pass(s, 3);
    ms_giri_pass(s, 0);
    assert_true(ms_can(s, 1, IPPON_ACT_KAKAN, "3p"));
    ms_ok(s, ms_kakan(s, 1, "3p"));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_OFFER);
}

/*
 * Seat 2 robs: chankan 1 + haku 1 = 2 han; fu 20 + 10 (closed ron) + 8 (closed haku) = 38 → 40;
 * 40·2^4 = 640, non-dealer ron 2560 → 2600, paid by seat 1 "as the discarder". The kan is not
 * established: no new indicator, no replacement draw.
 */
static void chankan_on_kakan_4p(void **state)
{
    (void)state;
    ms *s = chankan_4p();
    ms_discard_pass(s, 2, "1z");
    chankan_kakan_to_seat_1_kakan(s);
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(2));
    const ippon_score *w = ms_win(s, 2);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_CHANKAN), 1);
    assert_int_equal(w->han, 2);
    assert_int_equal(w->total, 2600);
    assert_int_equal(ms_ev(s, IPPON_EV_WIN, 2)->u.win.from, 1);
    assert_null(ms_ev(s, IPPON_EV_DORA, -1));
    assert_null(ms_ev(s, IPPON_EV_DRAW, -1));
    assert_int_equal(ms_dora_count(s), 1);
    ms_points(s, 25000, 22400, 27600, 25000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * §4: a robbed kakan never stands and ends no ippatsu: riichi + ippatsu + chankan can all
 * count. Seat 2 declares riichi with the 1z; seat 1's kakan comes before seat 2 draws again.
 * riichi 1 + ippatsu 1 + chankan 1 + haku 1 = 4 han 40 fu: 40·2^6 = 2560 → mangan, 8000 from
 * seat 1. Seat 2: 25000 − 1000 + 8000 + 1000 (its stick) = 33000. (Ura 8m → 9m: none.)
 */
static void riichi_ippatsu_chankan_combine_4p(void **state)
{
    (void)state;
    ms *s = chankan_4p();
    ippon_action r = ms_discard(s, 2, "1z");
    r.riichi = true;
    ms_ok(s, r);
    ms_pass_all(s);
    chankan_kakan_to_seat_1_kakan(s);
    ms_ok(s, ms_ron(2));
    const ippon_score *w = ms_win(s, 2);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_RIICHI), 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_IPPATSU), 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_CHANKAN), 1);
    assert_int_equal(w->total, 8000);
    ms_points(s, 25000, 17000, 33000, 25000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * Seat 2 lets the rob pass: the kakan stands, seat 1 draws its replacement (6p) — 4p: the kakan
 * indicator waits for seat 1's next discard — and discards the 6p: the indicator is revealed
 * then (2 face up). §3: letting a kan you could rob go by is furiten like passing any winning tile: seat 2
 * (waits 3p/6p) may chi the 6p but not ron it.
 */
static void passed_chankan_is_furiten_and_kakan_dora_waits_4p(void **state)
{
    (void)state;
    ms *s = chankan_4p();
    ms_discard_pass(s, 2, "1z");
    chankan_kakan_to_seat_1_kakan(s);
    ms_ok(s, ms_pass(2));
    assert_null(ms_ev(s, IPPON_EV_DORA, -1));
    assert_non_null(ms_ev(s, IPPON_EV_DRAW, 1));
    assert_int_equal(ms_dora_count(s), 1);
    ms_ok(s, ms_giri(s, 1)); /* 6p */
    const ippon_event *d = ms_ev(s, IPPON_EV_DORA, -1);
    assert_non_null(d);
    assert_true(ms_ev_pos(s, ms_ev(s, IPPON_EV_DISCARD, 1)) < ms_ev_pos(s, d));
    assert_int_equal(ms_dora_count(s), 2);
    assert_true(ms_can(s, 2, IPPON_ACT_CHI, NULL));
    assert_false(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_free(s);
}

/*
 * 3p, the same story: seat 1 pons the dealer's 3p, seat 2 gets to 45p 678s 234s 555z 99s (waits
 * 3p/6p), seat 1 adds the 4th 3p. Ron: chankan + haku, 40 fu 2 han: 2600 from seat 1.
 * Passing instead: 3p reveals the kan indicator once the kan stands, before the replacement draw.
 */
static ms *chankan_3p(void)
{
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 19p 369s 7s 1234z 6z", "33p 19m 258s 1237z 8p 9p", "4p 678s 234s 555z 99s 1z" },
        .draws = "3p 5p 6z 3p", .repl = "6p", .dora = "1m" /* dora 9m */ });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_pon(s, 1, "33p"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "9p");
    ms_discard_pass(s, 2, "1z");
    ms_giri_pass(s, 0);
    ms_ok(s, ms_kakan(s, 1, "3p"));
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    return s;
}

static void chankan_on_kakan_3p(void **state)
{
    (void)state;
    ms *s = chankan_3p();
    ms_ok(s, ms_ron(2));
    const ippon_score *w = ms_win(s, 2);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_CHANKAN), 1);
    assert_int_equal(w->total, 2600);
    assert_int_equal(ms_dora_count(s), 1);
    ms_points(s, 35000, 32400, 37600, 0);
    ms_results_consistent(s);
    ms_free(s);
}

static void kakan_dora_after_the_rob_chance_3p(void **state)
{
    (void)state;
    ms *s = chankan_3p();
    assert_int_equal(ms_dora_count(s), 1); /* not before the rob chance */
    ms_ok(s, ms_pass(2));
    const ippon_event *d = ms_ev(s, IPPON_EV_DORA, -1), *r = ms_ev(s, IPPON_EV_DRAW, 1);
    assert_non_null(d);
    assert_non_null(r);
    assert_true(ms_ev_pos(s, d) < ms_ev_pos(s, r));
    assert_int_equal(ms_dora_count(s), 2);
    ms_free(s);
}

/*
 * Kokushi and an ankan. The dealer holds 1111p and declares an ankan at once; seat 1 holds
 * 19m 9p 19s 1234567z + 9m (kokushi, waiting on 1p).
 * 3p (§3: in 3p a kokushi wait may rob an ankan): seat 1 robs: kokushi, non-dealer yakuman
 * ron 4·8000 = 32000 from the dealer. The kan is not established (no indicator).
 * 4p ("Never on an ankan"): no offer; the kan stands, its indicator is revealed at once
 * (before the replacement draw) and the dealer draws its replacement.
 */
static void kokushi_robs_ankan_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "1111p 567p 258s 369s", "19m 9p 19s 1234567z 9m", "19m 248p 47s 1234z 56z" },
        .draws = "8s", .dora = "1m" });
    ms_ok(s, ms_ankan(s, 0, "1p"));
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(1));
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_KOKUSHI), 1);
    assert_int_equal(w->total, 32000);
    assert_int_equal(ms_dora_count(s), 1);
    ms_points(s, 3000, 67000, 35000, 0);
    ms_results_consistent(s);
    ms_free(s);
}

static void kokushi_cannot_rob_ankan_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "1111p 567p 258s 369s", "19m 9p 19s 1234567z 9m", "258m 248p 47s 1234z 6z",
                  "3467m 37p 58s 234z 56z" },
        .draws = "8s", .repl = "2s", .dora = "8m5m" });
    ms_ok(s, ms_ankan(s, 0, "1p"));
    assert_false(ippon_match_waiting_for(s->m, 1));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), 0);
    const ippon_event *c = ms_ev(s, IPPON_EV_CALL, 0), *d = ms_ev(s, IPPON_EV_DORA, -1),
                      *r = ms_ev(s, IPPON_EV_DRAW, 0);
    assert_non_null(c);
    assert_non_null(d);
    assert_non_null(r);
    assert_true(ms_ev_pos(s, c) < ms_ev_pos(s, d) && ms_ev_pos(s, d) < ms_ev_pos(s, r));
    assert_int_equal(ms_dora_count(s), 2);
    ms_free(s);
}

/* ---- kan dora timing ------------------------------------------------------------------------- */

/*
 * 4p daiminkan: seat 1 (111s 258m 369p 1234z) kans the dealer's 1s and draws 9s. The kan
 * indicator (7z → dora haku) stays down until seat 1's discard, is revealed with it and counts
 * for the ron on it: seat 2 (555z 234m 678p 345s, 9s tanki) has haku 1 + dora 3 = 4 han, fu 20 +
 * 10 + 8 + 2 = 40: 40·2^6 = 2560 → mangan 8000 from seat 1 (without the kan dora: 1300).
 */
static void daiminkan_dora_at_next_discard_counts_for_ron_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "69m 147p 2578s 1234z", "111s 258m 369p 1234z", "555z 234m 678p 345s 9s",
                  "147m 258p 36s 1234z 6z" },
        .draws = "1s", .repl = "9s", .dora = "8m7z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can_call(s, 1, IPPON_ACT_DAIMINKAN, "111s"));
    ms_ok(s, ms_minkan(s, 1, "111s"));
    ms_pass_all(s);
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_int_equal(ms_dora_count(s), 1);
    ms_ok(s, ms_giri(s, 1)); /* 9s */
    const ippon_event *d = ms_ev(s, IPPON_EV_DORA, -1);
    assert_non_null(d);
    assert_int_equal(ippon_tile_kind(d->tile), IPPON_CHUN);
    assert_true(ms_ev_pos(s, ms_ev(s, IPPON_EV_DISCARD, 1)) < ms_ev_pos(s, d));
    assert_int_equal(ms_dora_count(s), 2);
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(2));
    ms_pass_all(s);
    const ippon_score *w = ms_win(s, 2);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DORA), 3);
    assert_int_equal(w->total, 8000);
    ms_points(s, 25000, 17000, 33000, 25000);
    ms_free(s);
}

/*
 * 4p: "a rinshan tsumo right after the kan counts neither". Seat 1 (111s 234m 567p 678p 5z)
 * kans the dealer's 1s and draws haku from the dead wall: tsumo. The kan indicator is 9s
 * (→ four 1s dora) but stays face down: rinshan 1 han only. Fu 20 + 2 (tsumo) + 16 (open kan of
 * terminals) + 2 (haku pair) + 2 (tanki) = 42 → 50. 50·2^3 = 400: dealer 800, others 400 each.
 */
static void daiminkan_rinshan_tsumo_counts_no_kan_dora_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "69m 147p 2578s 1234z", "111s 234m 567p 678p 5z", "147m 258p 369s 1234z",
                  "258m 39p 36s 1234z 67z" },
        .draws = "1s", .repl = "5z", .dora = "8m9s" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_minkan(s, 1, "111s"));
    ms_pass_all(s);
    assert_true(ms_can(s, 1, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(1));
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_RINSHAN), 1);
    assert_false(ms_has_yaku(w, IPPON_YAKU_DORA));
    assert_int_equal(w->han, 1);
    assert_int_equal(w->fu, 50);
    assert_int_equal(ms_dora_count(s), 1);
    ms_points(s, 24200, 26600, 24600, 24600);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * 4p: "If that player declares another kan first, the pending indicator is revealed at that
 * declaration". Seat 1 kans the dealer's 1s (pending indicator), draws the 4th haku from the
 * dead wall and declares an ankan: the pending indicator and the ankan's own are both face up
 * before the next replacement draw (3 in all).
 */
static void pending_kan_dora_revealed_at_next_kan_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "69m 147p 2578s 1234z", "111s 555z 258m 369p 4z", "147m 258p 369s 123z 6z",
                  "258m 39p 36s 123z 67z 4p" },
        .draws = "1s", .repl = "5z 7z", .dora = "8m1z2z" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_minkan(s, 1, "111s"));
    ms_pass_all(s);
    assert_int_equal(ms_dora_count(s), 1);
    ms_ok(s, ms_ankan(s, 1, "5z"));
    assert_int_equal(ms_count_ev(s, s->last, IPPON_EV_DORA, -1), 2);
    const ippon_event *r = ms_ev(s, IPPON_EV_DRAW, 1);
    assert_non_null(r);
    for (int i = s->last; i < s->n_log; i++)
        if (s->log[i].type == IPPON_EV_DORA)
            assert_true(i < ms_ev_pos(s, r));
    assert_int_equal(ms_dora_count(s), 3);
    ms_free(s);
}

/* 3p daiminkan: §2, the indicator turns once the kan stands, before the replacement
   draw — call, indicator, replacement draw, in that order */
static void daiminkan_dora_at_once_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 47s 1234z 66z", "111s 369p 258s 567z 9m", "19m 147p 369s 1234z 7z" },
        .draws = "1s", .repl = "9s", .dora = "1m" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_minkan(s, 1, "111s"));
    ms_pass_all(s);
    const ippon_event *c = ms_ev_hand(s, IPPON_EV_CALL, 1);
    const ippon_event *d = ms_ev_from(s, ms_ev_pos(s, c), IPPON_EV_DORA, -1);
    const ippon_event *r = ms_ev_from(s, ms_ev_pos(s, c), IPPON_EV_DRAW, 1);
    assert_non_null(c);
    assert_non_null(d);
    assert_non_null(r);
    assert_true(ms_ev_pos(s, d) < ms_ev_pos(s, r));
    assert_int_equal(ms_dora_count(s), 2);
    ms_free(s);
}

/* ---- the live wall and kans ------------------------------------------------------------------- */

/*
 * §3, the last tiles' example: a draw leaves 1 live tile, the player declares a kan, the
 * replacement draw leaves 0, and that player's next discard is the houtei. With one replacement
 * draw in the hand the live wall is 69 normal draws; draw #68 (the dealer's) leaves 1 and is its
 * 4th 9p. Dealer: 999p 234m 567s 45s 99s (waits 3s/6s); seat 1: 123m 456p 678p 789s 7z (7z
 * tanki); seat 2 holds 77z.
 */
static ms *kan_at_one_live_tile(const char *replacement)
{
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "999p 234m 567s 45s 99s", "123m 456p 678p 789s 7z", "147m 28p 36s 1234z 77z",
                  "258m 136p 147s 1234z" },
        .full = true, .n_repl = 1, .tail = "9p", .repl = replacement, .avoid = "3s6s7z", .dora = "8m8m" });
    assert_true(ms_run_until(s, 1));
    assert_int_equal(ippon_match_turn(s->m), 0);
    assert_true(ms_can(s, 0, IPPON_ACT_ANKAN, "9p"));
    ms_ok(s, ms_ankan(s, 0, "9p"));
    assert_non_null(ms_ev(s, IPPON_EV_DRAW, 0));
    assert_int_equal(ippon_match_live_tiles(s->m), 0);
    return s;
}

/*
 * The replacement tile (3s) completes the dealer's hand: rinshan, never haitei (§3). rinshan 1 +
 * menzen tsumo 1 = 2 han; fu 20 + 2 + 32 (closed kan of terminals) = 54 → 60: 60·2^4 = 960,
 * dealer tsumo 1920 → 2000 all.
 */
static void replacement_draw_is_rinshan_not_haitei_4p(void **state)
{
    (void)state;
    ms *s = kan_at_one_live_tile("3s");
    ms_ok(s, ms_tsumo(0));
    const ippon_score *w = ms_win(s, 0);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_RINSHAN), 1);
    assert_false(ms_has_yaku(w, IPPON_YAKU_HAITEI));
    assert_int_equal(w->fu, 60);
    ms_points(s, 31000, 23000, 23000, 23000);
    ms_results_consistent(s);
    ms_free(s);
}

/* The dealer lets the replacement 7z go: the houtei. Seat 2 may not pon it; seat 1 rons:
   houtei 1 han, 20 + 10 + 2 + 2 = 34 → 40 fu, 1300 from the dealer. */
static void discard_after_last_replacement_is_houtei_4p(void **state)
{
    (void)state;
    ms *s = kan_at_one_live_tile("7z");
    ms_ok(s, ms_giri(s, 0));
    assert_false(ms_can(s, 2, IPPON_ACT_PON, NULL));
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_HOUTEI), 1);
    assert_int_equal(w->total, 1300);
    ms_points(s, 23700, 26300, 25000, 25000);
    ms_free(s);
}

/* ... and when nobody rons the houtei, the hand ends in an exhaustive draw at once */
static void houtei_after_kan_passed_is_exhaustive_draw_4p(void **state)
{
    (void)state;
    ms *s = kan_at_one_live_tile("7z");
    ms_ok(s, ms_giri(s, 0));
    ms_pass_all(s);
    assert_non_null(ms_ev(s, IPPON_EV_DRAW_END, -1));
    assert_null(ms_ev(s, IPPON_EV_DRAW, -1));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_NEED_WALL);
    ms_free(s);
}

/*
 * §3: at 0 live tiles no kan may be declared: the haitei (draw #69, seat 1's)
 * is seat 1's 4th haku. 4p and 3p (3p: draw #54, the dealer's).
 */
static void no_kan_with_zero_live_tiles(const char *preset)
{
    bool sanma = strcmp(preset, "sanma") == 0;
    ms *s = ms_new(preset, 0);
    if (sanma)
        ms_start(s, &(ms_deal){
            .hand = { "555z 19m 147p 258s 3s 2z", "19m 258p 147s 369s 1z 7z", "369p 1234z 67z 78s 2p 9m" },
            .full = true, .tail = "5z", .dora = "1m" });
    else
        ms_start(s, &(ms_deal){
            .hand = { "147m 258p 369s 1234z", "555z 258m 369p 147s 1z", "369m 147p 258s 1234z",
                      "258m 369p 147s 234z 6z" },
            .full = true, .tail = "5z", .dora = "8m" });
    assert_true(ms_run_until(s, 0));
    int seat = sanma ? 0 : 1;
    assert_int_equal(ippon_match_turn(s->m), seat);
    assert_int_equal(ippon_tile_kind((ippon_tile)ippon_match_drawn_tile(s->m, seat)), IPPON_HAKU);
    assert_false(ms_can(s, seat, IPPON_ACT_ANKAN, NULL));
    ms_refused(s, ms_ankan(s, seat, "5z"));
    ms_free(s);
}

static void no_kan_with_zero_live_tiles_4p(void **state)
{
    (void)state;
    no_kan_with_zero_live_tiles("yonma");
}

static void no_kan_with_zero_live_tiles_3p(void **state)
{
    (void)state;
    no_kan_with_zero_live_tiles("sanma");
}

/*
 * §1: four kans never abort the hand, and §3: four kans at most per hand; after the 4th none
 * is offered. 4p: seat 1 (1111p 9999p) and seat 2 (1111s 9999s) each make two
 * ankans on their first turn: four kans by two players, and seat 2's discard after them passes
 * without an abortive draw. Seat 3 then draws its 4th haku: no kan is offered.
 */
static void four_kans_by_two_players_no_abort_no_fifth_kan_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 36s 1234z 6z", "1111p 9999p 258m 3z 7z", "1111s 9999s 369m 4z 7z",
                  "555z 147m 258p 368s 6z" },
        .draws = "7z 8s 8s 5z", .repl = "2s 3s 4s 5s" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_ankan(s, 1, "1p"));
    ms_ok(s, ms_ankan(s, 1, "9p"));
    ms_giri_pass(s, 1);
    ms_ok(s, ms_ankan(s, 2, "1s"));
    ms_ok(s, ms_ankan(s, 2, "9s"));
    assert_int_equal(ms_dora_count(s), 5);
    ms_ok(s, ms_giri(s, 2));
    ms_pass_all(s);
    assert_null(ms_ev_hand(s, IPPON_EV_ABORT, -1));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), 3);
    assert_int_equal(ippon_tile_kind((ippon_tile)ippon_match_drawn_tile(s->m, 3)), IPPON_HAKU);
    assert_false(ms_can(s, 3, IPPON_ACT_ANKAN, NULL));
    ms_refused(s, ms_ankan(s, 3, "5z"));
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chankan_on_kakan_4p),
        cmocka_unit_test(riichi_ippatsu_chankan_combine_4p),
        cmocka_unit_test(passed_chankan_is_furiten_and_kakan_dora_waits_4p),
        cmocka_unit_test(chankan_on_kakan_3p),
        cmocka_unit_test(kakan_dora_after_the_rob_chance_3p),
        cmocka_unit_test(kokushi_robs_ankan_3p),
        cmocka_unit_test(kokushi_cannot_rob_ankan_4p),
        cmocka_unit_test(daiminkan_dora_at_next_discard_counts_for_ron_4p),
        cmocka_unit_test(daiminkan_rinshan_tsumo_counts_no_kan_dora_4p),
        cmocka_unit_test(pending_kan_dora_revealed_at_next_kan_4p),
        cmocka_unit_test(daiminkan_dora_at_once_3p),
        cmocka_unit_test(replacement_draw_is_rinshan_not_haitei_4p),
        cmocka_unit_test(discard_after_last_replacement_is_houtei_4p),
        cmocka_unit_test(houtei_after_kan_passed_is_exhaustive_draw_4p),
        cmocka_unit_test(no_kan_with_zero_live_tiles_4p),
        cmocka_unit_test(no_kan_with_zero_live_tiles_3p),
        cmocka_unit_test(four_kans_by_two_players_no_abort_no_fifth_kan_4p),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
