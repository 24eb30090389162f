/*
 * test_match_kita.c — kita in 3p (src/core/RULES.md §2, §4), on scripted walls: nobody can ron a North
 * set aside and letting it pass is no furiten; a replacement tile follows it (and a tsumo on it
 * is rinshan; the dealer's kita before the first discard cancels tenhou); it ends ippatsu and
 * the first-go-around conditions (double riichi); in riichi only the drawn North may be set
 * aside, and setting aside a North that would have won is a passed win (riichi furiten); no kita
 * with 0 live tiles, none right after a pon; Norths set aside count as the player's own tiles
 * for karaten. Expected numbers are worked by hand from src/core/RULES.md §2–6 (3p: no kiriage, tsumo
 * loss, kita 1 han each).
 *
 * Seat 0 deals, so seat s has wind s (0 East, 1 South, 2 West).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/*
 * The dealer holds 44z and sets one North aside on its first turn; seat 1 waits on a North
 * (555z 123p 456p 789s + 4z tanki). §2: nobody may ron a North set aside, and letting one go by
 * is no furiten: no offer, the dealer draws its replacement at once (and the live wall
 * loses one tile, §2). The dealer's second
 * North, discarded, is ronned: haku 1 han; fu 20 + 10 + 8 (closed haku) + 2 (tanki; a North
 * pair is 0 fu in 3p) = 40: 1300 from the dealer.
 */
static void kita_cannot_be_ronned_and_is_no_furiten(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 369s 1z 2z 44z 7z", "555z 123p 456p 789s 4z", "19m 147p 258s 123z 67z" },
        .draws = "6z", .repl = "7z", .dora = "1m" });
    /* §2: 55 live tiles when dealt in 3p, the dealer's first draw included */
    assert_int_equal(ippon_match_live_tiles(s->m), 54);
    assert_true(ms_can(s, 0, IPPON_ACT_KITA, NULL));
    ms_ok(s, ms_kita(s, 0));
    /* the replacement draw moves the last live tile into the dead wall: 54 − 1 */
    assert_int_equal(ippon_match_live_tiles(s->m), 53);
    assert_non_null(ms_ev(s, IPPON_EV_KITA, 0));
    const ippon_event *r = ms_ev(s, IPPON_EV_DRAW, 0);
    assert_non_null(r);
    assert_int_equal(r->flags, 1); /* a replacement draw */
    assert_false(ippon_match_waiting_for(s->m, 1));
    assert_int_equal(ippon_match_phase(s->m), IPPON_PHASE_TURN);
    assert_int_equal(ippon_match_turn(s->m), 0);
    ms_ok(s, ms_discard(s, 0, "4z"));
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    assert_int_equal(ms_win(s, 1)->total, 1300);
    ms_points(s, 33700, 36300, 35000, 0);
    ms_free(s);
}

/*
 * The dealer (111p 456p 789p 11s 2s 4z) draws 3s: 14 tiles with a North, not a win. It sets the
 * North aside and draws 4s from the dead wall: 111p 456p 789p 11s 234s wins. §2: a dealer's
 * kita before the first discard loses the dealer's tenhou; the win is rinshan (§5: tsumo on a
 * kan or kita replacement tile). rinshan 1 + menzen tsumo 1 + kita 1 = 3 han; fu 20 + 2 + 8
 * (closed 111p) = 30. 30·2^5 = 960; dealer tsumo 1920 → 2000 from each of the two others.
 */
static void kita_replacement_tsumo_is_rinshan_not_tenhou(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "111p 456p 789p 11s 2s 4z", "19m 258p 369s 1235z 7z", "19m 236p 58s 123z 67z 9s" },
        .draws = "3s", .repl = "4s", .dora = "1m" });
    assert_false(ms_can(s, 0, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_kita(s, 0));
    assert_true(ms_can(s, 0, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(0));
    const ippon_score *w = ms_win(s, 0);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_RINSHAN), 1);
    assert_false(ms_has_yaku(w, IPPON_YAKU_TENHOU));
    assert_int_equal(ms_yaku(w, IPPON_YAKU_KITA), 1);
    assert_int_equal(w->han, 3);
    assert_int_equal(w->fu, 30);
    ms_points(s, 39000, 33000, 33000, 0);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * §2: a kita ends every player's ippatsu and the first go-around (double riichi, tenhou, chiihou).
 * Seat 1 (234p 567s 34s 666z 99p, waits 2s/5s) declares double riichi; seat 2 sets a North
 * aside; seat 1 then draws 2s: tsumo without ippatsu. double riichi 2 + menzen tsumo 1 + hatsu 1
 * = 4 han, 30 fu: 30·2^6 = 1920 (3p: no kiriage). Non-dealer tsumo: the dealer pays 3840 →
 * 3900, seat 2 1920 → 2000. Seat 1: 35000 − 1000 + 5900 + 1000 = 40900.
 */
static void kita_ends_ippatsu(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 158p 369s 1235z 7z", "234p 567s 34s 666z 99p", "19m 167p 8p 19s 123z 57z" },
        .draws = "8s 9p 4z 7p 2s", .repl = "8s", .dora = "1m", .ura = "1m" });
    ms_giri_pass(s, 0);
    ippon_action r = ms_giri(s, 1);
    r.riichi = true;
    ms_ok(s, r);
    ms_pass_all(s);
    ippon_seat_public p;
    ippon_match_seat_public(s->m, 1, &p);
    assert_true(p.double_riichi);
    ms_ok(s, ms_kita(s, 2));
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 0);
    ms_ok(s, ms_tsumo(1));
    const ippon_score *w = ms_win(s, 1);
    assert_false(ms_has_yaku(w, IPPON_YAKU_IPPATSU));
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DOUBLE_RIICHI), 2);
    assert_int_equal(w->han, 4);
    ms_points(s, 31100, 40900, 33000, 0);
    ms_results_consistent(s);
    ms_free(s);
}

/* §4: no double riichi after anyone's call, kan or kita: the dealer's kita
   on its first turn turns seat 1's first-discard riichi into a plain riichi */
static void kita_before_first_discard_blocks_double_riichi(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 158p 369s 123z 7z 4z", "234p 567s 34s 666z 99p", "19m 167p 8p 19s 123z 57z" },
        .draws = "8s 9p", .repl = "5z", .dora = "1m" });
    ms_ok(s, ms_kita(s, 0));
    ms_giri_pass(s, 0);
    ippon_action r = ms_giri(s, 1);
    r.riichi = true;
    ms_ok(s, r);
    ippon_seat_public p;
    ippon_match_seat_public(s->m, 1, &p);
    assert_true(p.riichi);
    assert_false(p.double_riichi);
    ms_free(s);
}

/*
 * §2: in riichi only a North just drawn may be set aside. Seat 1 in riichi holds 44z as its
 * pair (123p 456p 789s 44z 23s, waits 1s/4s): drawing 9p it may only discard the 9p (no kita of
 * a held North); drawing a North it may set that one aside.
 */
static void kita_in_riichi_only_the_drawn_north(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 158p 369s 1235z 7z", "123p 456p 789s 44z 23s", "19m 27p 8p 19s 123z 567z" },
        .draws = "8s 6p 7p 9s 9p 7z 7z 4z", .repl = "5z", .dora = "1m" });
    ms_giri_pass(s, 0);
    ippon_action r = ms_giri(s, 1);
    r.riichi = true;
    ms_ok(s, r);
    ms_pass_all(s);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 0);
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_false(ms_can(s, 1, IPPON_ACT_KITA, NULL));
    ms_refused(s, ms_kita(s, 1));
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 0);
    assert_int_equal(ippon_tile_kind((ippon_tile)ippon_match_drawn_tile(s->m, 1)), IPPON_NORTH);
    assert_true(ms_can(s, 1, IPPON_ACT_KITA, NULL));
    ippon_action k = ms_act(IPPON_ACT_KITA, 1);
    k.tile = (ippon_tile)ippon_match_drawn_tile(s->m, 1);
    ms_ok(s, k);
    assert_non_null(ms_ev(s, IPPON_EV_DRAW, 1));
    ms_free(s);
}

/*
 * §2: setting aside a just-drawn North that completed the hand passes that win (riichi
 * furiten). Seat 1 in riichi waits on 4z/1s (123p 456p 789s 44z 11s,
 * shanpon); it draws a North (tsumo possible) and sets it aside instead. The dealer's 1s then
 * offers no ron; seat 1's own 1s later is still a tsumo.
 */
static void kita_of_a_winning_north_in_riichi_is_furiten(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 369s 123z 57z", "123p 456p 789s 44z 11s", "19m 37p 8p 69s 123z 567z" },
        .draws = "8s 6p 7z 9m 4z 7z 1s 9p 7p 2p 1s", .repl = "5z", .dora = "1m" });
    ms_giri_pass(s, 0);
    ippon_action r = ms_giri(s, 1);
    r.riichi = true;
    ms_ok(s, r);
    ms_pass_all(s);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 0);
    assert_true(ms_can(s, 1, IPPON_ACT_TSUMO, NULL));
    assert_true(ms_can(s, 1, IPPON_ACT_KITA, NULL));
    ippon_action k = ms_act(IPPON_ACT_KITA, 1);
    k.tile = (ippon_tile)ippon_match_drawn_tile(s->m, 1);
    ms_ok(s, k);
    ms_giri_pass(s, 1); /* the replacement (haku) */
    ms_giri_pass(s, 2);
    ms_ok(s, ms_giri(s, 0)); /* 1s */
    assert_false(ms_can(s, 1, IPPON_ACT_RON, NULL));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    assert_int_equal(ippon_match_turn(s->m), 0);
    ms_giri_pass(s, 0);
    assert_true(ms_can(s, 1, IPPON_ACT_TSUMO, NULL));
    ms_free(s);
}

/* §2: no kita with 0 live tiles left: the dealer's haitei draw (#54) is a
   North and may not be set aside */
static void no_kita_with_zero_live_tiles(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 147p 258s 3s 123z 6z", "19m 258p 147s 369s 1z 7z", "369p 123z 67z 78s 2p 9m 5z" },
        .full = true, .tail = "4z", .avoid = "4z", .dora = "1m" });
    assert_true(ms_run_until(s, 0));
    assert_int_equal(ippon_match_turn(s->m), 0);
    assert_int_equal(ippon_tile_kind((ippon_tile)ippon_match_drawn_tile(s->m, 0)), IPPON_NORTH);
    assert_false(ms_can(s, 0, IPPON_ACT_KITA, NULL));
    ms_refused(s, ms_kita(s, 0));
    ms_free(s);
}

/* §2: no kita straight after a pon: seat 1 pons the dealer's haku holding a North */
static void no_kita_right_after_a_pon(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 258p 369s 123z 67z", "55z 4z 19m 147p 258s 13z", "19m 369p 147s 23z 67z 8s" },
        .draws = "5z", .dora = "1m" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_pon(s, 1, "55z"));
    ms_pass_all(s);
    assert_int_equal(ippon_match_turn(s->m), 1);
    assert_false(ms_can(s, 1, IPPON_ACT_KITA, NULL));
    ms_refused(s, ms_kita(s, 1));
    ms_ok(s, ms_discard(s, 1, "1z"));
    ms_free(s);
}

/*
 * §4 karaten (the player's own copies: hand, melds and Norths set aside): seat 1 holds 4444z 123p 456p 789s, draws
 * 2s and sets three Norths aside (replacements 3s 4s 9m, the 9m discarded): 4z tanki with the
 * other three Norths its own kita — noten at the draw. Seat 2 (3z tanki) is the only tenpai
 * seat: +2000, seats 0 and 1 pay 1000 each.
 */
static void kita_counts_for_karaten(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19p 28p 369s 1235z 67z", "4444z 123p 456p 789s", "111m 999m 567p 777z 3z" },
        .full = true, .draws = "8s 2s", .repl = "3s 4s 9m", .n_repl = 3, .dora = "1m" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_kita(s, 1));
    ms_ok(s, ms_kita(s, 1));
    ms_ok(s, ms_kita(s, 1));
    ms_discard_pass(s, 1, "9m");
    ippon_seat_public p;
    ippon_match_seat_public(s->m, 1, &p);
    assert_int_equal(p.n_kita, 3);
    ms_run_out(s);
    const ippon_event *e = ms_ev_hand(s, IPPON_EV_DRAW_END, -1);
    assert_non_null(e);
    assert_false(e->u.end.tenpai[1]);
    assert_true(e->u.end.tenpai[2]);
    ms_points(s, 34000, 34000, 37000, 0);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(kita_cannot_be_ronned_and_is_no_furiten),
        cmocka_unit_test(kita_replacement_tsumo_is_rinshan_not_tenhou),
        cmocka_unit_test(kita_ends_ippatsu),
        cmocka_unit_test(kita_before_first_discard_blocks_double_riichi),
        cmocka_unit_test(kita_in_riichi_only_the_drawn_north),
        cmocka_unit_test(kita_of_a_winning_north_in_riichi_is_furiten),
        cmocka_unit_test(no_kita_with_zero_live_tiles),
        cmocka_unit_test(no_kita_right_after_a_pon),
        cmocka_unit_test(kita_counts_for_karaten),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
