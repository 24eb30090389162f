/*
 * test_match_furiten.c — furiten as src/core/RULES.md §4 states it, on scripted walls: discard furiten
 * (a winning tile among your own discards, called ones included), temporary furiten (you let a
 * completing tile pass; it lasts until your own next discard, a discard after your own call
 * included, and a turn skipped by someone else's call does not end it), riichi furiten
 * (permanent), tsumo always allowed, and furiten never touching tenpai at an exhaustive draw.
 * Both modes where the rule is shared. Expected points are worked by hand from src/core/RULES.md §6.
 *
 * Seat 0 deals, so seat s has wind s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/* ---- discard furiten, tsumo allowed ------------------------------------------------------------ */

/*
 * 4p: seat 1 (234m 567p 34s 666z 99p, waits 2s/5s) draws 2s and lets it go (no tsumo). Seat 2's
 * 5s then offers seat 1 nothing (2s among its discards: furiten on every wait). Seat 1 then
 * draws 5s: tsumo is allowed. hatsu 1 + menzen tsumo 1 = 2 han; fu 20 + 2 + 8 (closed hatsu) =
 * 30. base 30·2^4 = 480: the dealer pays 960 → 1000, the others 480 → 500 each.
 * 3p: seat 2 (234s 567p 34p 666z 99p, waits 2p/5p/8p), the same shape: 2 han 30 fu;
 * tsumo loss: the dealer 1000 + seat 1 500 = 1500.
 */
static void discard_furiten_blocks_ron_not_tsumo_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .draws = "7z 2s 5s 7z 7z 5s", .dora = "6z" });
    ms_giri_pass(s, 0);
    assert_true(ms_can(s, 1, IPPON_ACT_TSUMO, NULL));
    ms_giri_pass(s, 1); /* 2s */
    ms_ok(s, ms_giri(s, 2)); /* 5s */
    assert_false(ms_can(s, 1, IPPON_ACT_RON, NULL));
    assert_non_null(ms_ev(s, IPPON_EV_DRAW, 3)); /* no offer: seat 3 drew at once */
    ms_giri_pass(s, 3);
    ms_giri_pass(s, 0);
    assert_true(ms_can(s, 1, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(1));
    assert_int_equal(ms_win(s, 1)->han, 2);
    assert_int_equal(ms_win(s, 1)->fu, 30);
    ms_points(s, 24000, 27000, 24500, 24500);
    ms_results_consistent(s);
    ms_free(s);
}

static void discard_furiten_blocks_ron_not_tsumo_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 18p 147s 9s 1235z 7z", "19m 6p 258s 369s 1237z" , "234s 567p 34p 666z 99p" },
        .draws = "7z 7z 2p 5p 1p 5p", .dora = "1z" });
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    assert_true(ms_can(s, 2, IPPON_ACT_TSUMO, NULL));
    ms_giri_pass(s, 2); /* 2p */
    ms_ok(s, ms_giri(s, 0)); /* 5p */
    assert_false(ms_can(s, 2, IPPON_ACT_RON, NULL));
    assert_non_null(ms_ev(s, IPPON_EV_DRAW, 1));
    ms_giri_pass(s, 1);
    assert_true(ms_can(s, 2, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(2));
    ms_points(s, 34000, 34500, 36500, 0);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * §4 discard furiten: a kind that completes the hand is among all your own discards (called
 * ones included). Seat 1 lets 2s go and seat 3 pons it (the 2s leaves seat 1's pond as a called
 * discard). The dealer's 5s: seat 1 may chi it (34s) but not ron.
 */
static void called_discard_still_makes_furiten_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 122s 1234z" },
        .draws = "7z 2s 5s", .dora = "6z" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_giri(s, 1)); /* 2s */
    ms_ok(s, ms_pon(s, 3, "22s"));
    ms_pass_all(s);
    ippon_seat_public p;
    ippon_match_seat_public(s->m, 1, &p);
    assert_int_equal(p.n_discards, 1);
    assert_true(p.discards[0].flags & IPPON_DISCARD_CALLED);
    ms_discard_pass(s, 3, "1s");
    ms_ok(s, ms_giri(s, 0)); /* 5s */
    assert_true(ms_can(s, 1, IPPON_ACT_CHI, NULL));
    assert_false(ms_can(s, 1, IPPON_ACT_RON, NULL));
    ms_free(s);
}

/* ---- temporary furiten ------------------------------------------------------------------------- */

/*
 * 4p: seat 3 (234m 567p 34s 666z 99p, waits 2s/5s) lets the dealer's 2s pass. Seat 1's 5s and
 * seat 2's 2s then offer it no ron (seat 2's offers it a chi only). Seat 3 discards: the
 * furiten is over, and the dealer's 5s may be ronned: hatsu 1 han, 20 + 10 + 8 = 38 → 40 fu,
 * 1300 from the dealer.
 */
static void temporary_furiten_until_own_discard_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "678m 34p 67s 1234z 55z", "258m 369p 147s 1234z",
                  "234m 567p 34s 666z 99p" },
        .draws = "2s 5s 2s 7z 5s", .dora = "6z" });
    ms_ok(s, ms_giri(s, 0)); /* 2s */
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_pass(3));
    ms_pass_all(s);
    ms_ok(s, ms_giri(s, 1)); /* 5s */
    assert_false(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_pass_all(s);
    ms_ok(s, ms_giri(s, 2)); /* 2s */
    assert_true(ms_can(s, 3, IPPON_ACT_CHI, NULL));
    assert_false(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_pass_all(s);
    ms_giri_pass(s, 3); /* 7z: its own discard ends the temporary furiten */
    ms_ok(s, ms_giri(s, 0)); /* 5s */
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(3));
    ms_pass_all(s); /* seat 1 may chi the 5s */
    assert_int_equal(ms_win(s, 3)->total, 1300);
    ms_points(s, 23700, 25000, 25000, 26300);
    ms_free(s);
}

/* 3p: seat 2 (waits 2p/5p/8p) passes the dealer's 2p; seat 1's 5p: no ron; after its own
   discard the dealer's 5p: ron, hatsu 40 fu 1 han = 1300 from the dealer */
static void temporary_furiten_until_own_discard_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 18p 147s 9s 1235z 7z", "19m 6p 258s 369s 1237z", "234s 567p 34p 666z 99p" },
        .draws = "2p 5p 7z 5p", .dora = "1z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_pass(2));
    ms_ok(s, ms_giri(s, 1));
    assert_false(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_pass_all(s);
    ms_giri_pass(s, 2);
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can(s, 2, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(2));
    ms_points(s, 33700, 35000, 36300, 0);
    ms_free(s);
}

/*
 * §4: temporary furiten is not ended by a turn lost to another player's call. Seat 3 (234m 567p 666z 99p 45s,
 * waits 3s/6s) passes the dealer's 3s. Seat 1 pons seat 2's haku, so seat 3's turn is skipped;
 * seat 2's 6s then offers seat 3 a chi but still no ron.
 */
static void skipped_turn_does_not_end_temporary_furiten_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "678m 34p 67s 1234z 55z", "258m 369p 147s 1234z",
                  "234m 567p 666z 99p 45s" },
        .draws = "3s 7z 5z 6s", .dora = "6z" });
    ms_ok(s, ms_giri(s, 0));
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_pass(3));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_ok(s, ms_giri(s, 2)); /* haku */
    ms_ok(s, ms_pon(s, 1, "55z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "8m");
    assert_int_equal(ippon_match_turn(s->m), 2);
    ms_ok(s, ms_giri(s, 2)); /* 6s */
    assert_true(ms_can(s, 3, IPPON_ACT_CHI, NULL));
    assert_false(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_free(s);
}

/*
 * §4: temporary furiten lasts until your own next discard (one after your own call included). Seat 3
 * (waits 3s/6s) passes the dealer's 3s, pons seat 1's 9p and lets 5s go: now 234m 567p 666z 4s
 * + 999p waits on 4s alone, and the temporary furiten is over: the dealer's 4s is ronned.
 * hatsu 1 han; fu 20 + 8 (closed hatsu) + 4 (open 999p) + 2 (tanki) = 34 → 40, no closed-ron
 * bonus (open hand): 1300 from the dealer.
 */
static void discard_after_own_call_ends_temporary_furiten_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "678m 34p 67s 1234z 55z", "258m 369p 147s 1234z",
                  "234m 567p 666z 99p 45s" },
        .draws = "3s 9p 4s", .dora = "6z" });
    ms_ok(s, ms_giri(s, 0));
    ms_ok(s, ms_pass(3));
    ms_pass_all(s);
    ms_ok(s, ms_giri(s, 1)); /* 9p */
    ms_ok(s, ms_pon(s, 3, "99p"));
    ms_pass_all(s);
    ms_discard_pass(s, 3, "5s");
    ms_ok(s, ms_giri(s, 0)); /* 4s */
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(3));
    const ippon_score *w = ms_win(s, 3);
    assert_int_equal(w->fu, 40);
    assert_int_equal(w->total, 1300);
    ms_points(s, 23700, 25000, 25000, 26300);
    ms_free(s);
}

/* ---- riichi furiten ------------------------------------------------------------------------------ */

/*
 * §4 riichi furiten: in riichi, a completing tile goes by: no ron for the rest of the
 * hand. Seat 3 declares riichi (waits 2s/5s), lets the dealer's 2s pass, discards again, and
 * the dealer's 5s still offers nothing. Its own 5s: tsumo. The riichi came on its first discard
 * with no call before: double riichi 2 + menzen tsumo 1 + hatsu 1 = 4 han (no ippatsu: it
 * discarded again), fu 20 + 2 + 8 = 30; 30 fu 4 han is mangan in 4p (kiriage): non-dealer
 * tsumo, dealer 4000, others 2000. Seat 3: 25000 − 1000 + 8000 + 1000 (its stick) = 33000.
 */
static void riichi_furiten_is_permanent_tsumo_still_allowed_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "678m 34p 67s 1234z 55z", "258m 369p 147s 1234z",
                  "234m 567p 34s 666z 99p" },
        .draws = "7z 7z 7z 1s 2s 1m 1m 9m 5s 1m 9m 5s", .dora = "8m", .ura = "8m" });
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ippon_action r = ms_giri(s, 3);
    r.riichi = true;
    ms_ok(s, r);
    ms_pass_all(s);
    ms_ok(s, ms_giri(s, 0)); /* 2s */
    assert_true(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_pass(3));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3); /* its own discard: the furiten stays */
    ms_ok(s, ms_giri(s, 0)); /* 5s */
    assert_false(ms_can(s, 3, IPPON_ACT_RON, NULL));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    assert_true(ms_can(s, 3, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(3));
    const ippon_score *w = ms_win(s, 3);
    assert_int_equal(w->han, 4);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DOUBLE_RIICHI), 2);
    assert_false(ms_has_yaku(w, IPPON_YAKU_IPPATSU));
    assert_int_equal(w->limit, IPPON_LIMIT_MANGAN);
    ms_points(s, 21000, 23000, 23000, 33000);
    ms_results_consistent(s);
    ms_free(s);
}

/* ---- furiten and tenpai at a draw ---------------------------------------------------------------- */

/*
 * §4: furiten plays no part in tenpai at an exhaustive draw. Seat 1 (waits 2s/5s) lets its 2s
 * go and is furiten for the rest of the hand; at the draw it is the only tenpai seat:
 * 4p pool 3000, 1 tenpai: +3000, the three others −1000 each. The dealer is noten: seat 1 deals
 * next, honba 1.
 */
static void furiten_hand_is_tenpai_at_the_draw_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "234m 567p 34s 666z 99p", "678m 34p 67s 1234z 55z",
                  "258m 369p 147s 1234z" },
        .full = true, .draws = "7z 2s", .avoid = "2s5s", .dora = "6z" });
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    ms_run_out(s);
    const ippon_event *d = ms_ev_hand(s, IPPON_EV_DRAW_END, -1);
    assert_non_null(d);
    assert_false(d->u.end.tenpai[0]);
    assert_true(d->u.end.tenpai[1]);
    assert_false(d->u.end.tenpai[2]);
    assert_false(d->u.end.tenpai[3]);
    ms_points(s, 24000, 28000, 24000, 24000);
    assert_int_equal(ippon_match_dealer(s->m), 1);
    assert_int_equal(ippon_match_honba(s->m), 1);
    ms_free(s);
}

/* 3p: seat 2 (waits 2p/5p/8p) lets 2p go; alone tenpai: pool 2000, +1000 from each noten seat */
static void furiten_hand_is_tenpai_at_the_draw_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19m 18p 147s 9s 1235z 7z", "19m 6p 258s 369s 1237z", "234s 567p 34p 666z 99p" },
        .full = true, .draws = "7z 7z 2p", .avoid = "2p5p8p", .dora = "1z" });
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ms_run_out(s);
    const ippon_event *d = ms_ev_hand(s, IPPON_EV_DRAW_END, -1);
    assert_non_null(d);
    assert_true(d->u.end.tenpai[2]);
    assert_false(d->u.end.tenpai[0] || d->u.end.tenpai[1]);
    ms_points(s, 34000, 34000, 37000, 0);
    ms_free(s);
}

/* ---- an ankan is not a passed tile ---------------------------------------------------------- */

/*
 * §4 temporary furiten: you let a completing tile go by (a discard or a kakan), and §3 chankan
 * "Never on an ankan, except that in 3p a kokushi wait may rob an ankan". Seat 1 (45p 234s 678s
 * 555z 99s, waits 3p/6p, no kokushi) cannot rob the dealer's ankan of 6p, so nothing passes it:
 * no furiten. The dealer then lets the replacement 3p go and seat 1 rons it: haku 1 han, 20 +
 * 10 + 8 = 38 → 40 fu: 1300 from the dealer. Both modes.
 */
static void ankan_of_a_waited_kind_is_no_furiten(const char *preset)
{
    bool sanma = strcmp(preset, "sanma") == 0;
    ms *s = ms_new(preset, 0);
    if (sanma)
        ms_start(s, &(ms_deal){
            .hand = { "666p 19m 147s 1234z 9p", "45p 234s 678s 555z 99s", "19m 258p 369s 1234z 7z" },
            .draws = "6p", .repl = "3p", .dora = "1m1m" });
    else
        ms_start(s, &(ms_deal){
            .hand = { "666p 19m 147s 1234z 9p", "45p 234s 678s 555z 99s", "258m 28p 369s 1234z 7z",
                      "369m 17p 258s 1234z 6z" },
            .draws = "6p", .repl = "3p", .dora = "8m8m" });
    ms_ok(s, ms_ankan(s, 0, "6p"));
    assert_false(ippon_match_waiting_for(s->m, 1)); /* no rob offered */
    assert_int_equal(ippon_match_turn(s->m), 0);
    ms_ok(s, ms_giri(s, 0)); /* the replacement 3p */
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    assert_int_equal(ms_win(s, 1)->total, 1300);
    int32_t start = s->rules->start_points;
    ms_points(s, start - 1300, start + 1300, start, start);
    ms_free(s);
}

static void ankan_of_a_waited_kind_is_no_furiten_4p(void **state)
{
    (void)state;
    ankan_of_a_waited_kind_is_no_furiten("yonma");
}

static void ankan_of_a_waited_kind_is_no_furiten_3p(void **state)
{
    (void)state;
    ankan_of_a_waited_kind_is_no_furiten("sanma");
}

/*
 * The same in riichi (§4 riichi furiten: in riichi, a completing tile goes by; an ankan
 * that cannot be robbed passes nobody). 3p: seat 1 declares double riichi (waits 3p/6p), the
 * dealer makes an ankan of 6p, seat 1 discards once more, and seat 2's 3p is ronned: double
 * riichi 2 + haku 1 = 3 han (the kan ended ippatsu), 40 fu: 40·2^5 = 1280, non-dealer ron
 * 5120 → 5200 from seat 2; seat 1 35000 − 1000 + 5200 + 1000 = 40200.
 * (Indicators: dora 1m → 9m and 3z → North, ura 9m → 1m and 3z → North: none in the hand.)
 */
static void ankan_of_a_waited_kind_is_no_riichi_furiten_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "666p 19m 147s 1234z 9p", "45p 234s 678s 555z 99s", "19m 258p 369s 1234z 7z" },
        .draws = "7z 8s 7z 6p 1p 3p", .repl = "2p", .dora = "1m3z", .ura = "9m3z" });
    ms_giri_pass(s, 0);
    ippon_action r = ms_giri(s, 1);
    r.riichi = true;
    ms_ok(s, r);
    ms_pass_all(s);
    ms_giri_pass(s, 2);
    ms_ok(s, ms_ankan(s, 0, "6p"));
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    ms_ok(s, ms_giri(s, 2)); /* 3p */
    assert_true(ms_can(s, 1, IPPON_ACT_RON, NULL));
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    assert_int_equal(ms_win(s, 1)->total, 5200);
    ms_points(s, 35000, 40200, 29800, 0);
    ms_free(s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(discard_furiten_blocks_ron_not_tsumo_4p),
        cmocka_unit_test(discard_furiten_blocks_ron_not_tsumo_3p),
        cmocka_unit_test(called_discard_still_makes_furiten_4p),
        cmocka_unit_test(temporary_furiten_until_own_discard_4p),
        cmocka_unit_test(temporary_furiten_until_own_discard_3p),
        cmocka_unit_test(skipped_turn_does_not_end_temporary_furiten_4p),
        cmocka_unit_test(discard_after_own_call_ends_temporary_furiten_4p),
        cmocka_unit_test(riichi_furiten_is_permanent_tsumo_still_allowed_4p),
        cmocka_unit_test(furiten_hand_is_tenpai_at_the_draw_4p),
        cmocka_unit_test(furiten_hand_is_tenpai_at_the_draw_3p),
        cmocka_unit_test(ankan_of_a_waited_kind_is_no_furiten_4p),
        cmocka_unit_test(ankan_of_a_waited_kind_is_no_furiten_3p),
        cmocka_unit_test(ankan_of_a_waited_kind_is_no_riichi_furiten_3p),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
