/*
 * test_match_pao.c — pao (liability) as src/core/RULES.md §7 states it, played on scripted walls: the
 * feeder of the call that completes daisangen (third dragon set) or daisuushii (fourth wind set)
 * — or, 4p only, suukantsu when the fourth kan is a daiminkan — is liable, but only when the
 * other sets of that yakuman were already exposed (pon or any kan, an ankan included). Tsumo: the
 * liable player pays the whole yakuman; ron by another player: half each; the liable player
 * discarding the winning tile pays all; the liable player pays all honba. 3p daisuushii is a
 * double yakuman and the liable player answers for all of it. Amounts worked by hand from
 * src/core/RULES.md §6–7 (a yakuman is base 8000: non-dealer ron 32000; non-dealer tsumo 16000 from the
 * dealer + 8000 from each other seat, 3p without the absent North seat's share).
 *
 * Seat 0 deals, so seat s has wind s.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "match_script.h"

/*
 * 4p daisangen. Seat 1 (55z 66z 77z 123m 456p 9s) pons haku from the dealer, hatsu from seat 3
 * and then chun from seat 2 — the third dragon set, the other two already exposed: seat 2 is
 * liable. Seat 1 then waits on 4p (123m + 4p tanki). The draws after the pons depend on how it
 * ends (`tail`).
 */
static ms *daisangen_table(int honba, const char *draws)
{
    ms *s = ms_new("yonma", 0);
    ms_setup(s, 0, 0, honba, 0, NULL);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "55z 66z 77z 123m 456p 9s", "258m 369p 147s 1234z",
                  "369m 17p 258s 1234z 8p" },
        .draws = draws, .dora = "1z" });
    ms_ok(s, ms_giri(s, 0));                /* haku */
    ms_ok(s, ms_pon(s, 1, "55z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "9s");
    ms_giri_pass(s, 2);
    ms_ok(s, ms_giri(s, 3));                /* hatsu */
    ms_ok(s, ms_pon(s, 1, "66z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "5p");
    ms_ok(s, ms_giri(s, 2));                /* chun: the third dragon set */
    ms_ok(s, ms_pon(s, 1, "77z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "6p");
    return s;
}

static void assert_pao(const ippon_score *w, int seat, int yaku)
{
    assert_int_equal(w->n_pao, 1);
    assert_int_equal(w->pao[0].seat, seat);
    assert_int_equal(w->pao[0].yaku, yaku);
}

/*
 * Tsumo with 1 honba: seat 2 pays the whole yakuman tsumo (16000 + 8000 + 8000 = 32000) and
 * "all honba" (the 3·100 the tsumo would take): 32300. Nobody else pays.
 */
static void daisangen_pao_tsumo_4p(void **state)
{
    (void)state;
    ms *s = daisangen_table(1, "5z 9m 6z 7z 9m 9p 9p 4p");
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    ms_giri_pass(s, 0);
    ms_ok(s, ms_tsumo(1));
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DAISANGEN), 1);
    assert_pao(w, 2, IPPON_YAKU_DAISANGEN);
    ms_points(s, 25000, 57300, 25000 - 32300, 25000);
    ms_results_consistent(s);
    ms_free(s);
}

/* Ron off seat 3's 4p with 1 honba: seat 3 and seat 2 pay half each (16000); seat 2 also the
   300 honba. Seat 1 +32300. */
static void daisangen_pao_ron_by_another_4p(void **state)
{
    (void)state;
    ms *s = daisangen_table(1, "5z 9m 6z 7z 9m 4p");
    ms_giri_pass(s, 2);
    ms_ok(s, ms_giri(s, 3)); /* 4p */
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    assert_pao(ms_win(s, 1), 2, IPPON_YAKU_DAISANGEN);
    ms_points(s, 25000, 57300, 25000 - 16300, 25000 - 16000);
    ms_results_consistent(s);
    ms_free(s);
}

/* The liable seat 2 discards the winning 4p itself: "they pay all of it" — 32000 */
static void daisangen_pao_liable_discards_4p(void **state)
{
    (void)state;
    ms *s = daisangen_table(0, "5z 9m 6z 7z 4p");
    ms_ok(s, ms_giri(s, 2)); /* 4p */
    ms_ok(s, ms_ron(1));
    ms_pass_all(s);
    ms_points(s, 25000, 57000, -7000, 25000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * §7: a concealed triplet in the hand gives no liability: seat 1 holds 555z
 * concealed and pons hatsu (seat 3) and chun (seat 2). Nobody is liable: the yakuman tsumo is
 * paid as usual, dealer 16000, seats 2 and 3 8000 each.
 */
static void no_pao_when_a_dragon_set_is_concealed_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 1234z", "555z 66z 77z 123m 45p 9s", "258m 369p 147s 1234z",
                  "369m 17p 258s 1234z 8p" },
        .draws = "9m 9p 9m 6z 7z 9p 2s 2s 4p", .dora = "1z" });
    ms_giri_pass(s, 0);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2);
    ms_ok(s, ms_giri(s, 3)); /* hatsu */
    ms_ok(s, ms_pon(s, 1, "66z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "9s");
    ms_ok(s, ms_giri(s, 2)); /* chun */
    ms_ok(s, ms_pon(s, 1, "77z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "5p");
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    ms_giri_pass(s, 0);
    ms_ok(s, ms_tsumo(1));
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DAISANGEN), 1);
    assert_int_equal(w->n_pao, 0);
    ms_points(s, 25000 - 16000, 57000, 17000, 17000);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * Daisuushii. Seat 1 holds 1111z 2222z 33z 44z + a single: ankans of East and South on its
 * first turn (exposed: "an ankan included"), then pons West from seat 3 (4p) / seat 2 (3p) and
 * North from seat 2 — the fourth wind set: seat 2 is liable. Then tsumo on the single.
 * 4p: single yakuman tsumo by a non-dealer, 32000, all from seat 2.
 * 3p: daisuushii is a double yakuman: base 16000; non-dealer tsumo with tsumo loss: dealer
 * 32000 + seat 2 16000 = 48000, all from seat 2.
 */
static void daisuushii_pao_tsumo_4p(void **state)
{
    (void)state;
    ms *s = ms_new("yonma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "147m 258p 369s 567z 9m", "1111z 2222z 33z 44z 5m", "258m 369p 147s 567z 9p",
                  "369m 147p 258s 567z 3z" },
        .draws = "8s 6s 9s 8s 4z 9s 9m 9m 5m", .repl = "6s 7s", .dora = "1m1m1m" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_ankan(s, 1, "1z"));
    ms_ok(s, ms_ankan(s, 1, "2z"));
    ms_discard_pass(s, 1, "7s");
    ms_giri_pass(s, 2);
    ms_ok(s, ms_discard(s, 3, "3z"));
    ms_ok(s, ms_pon(s, 1, "33z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "6s");
    ms_ok(s, ms_giri(s, 2)); /* North */
    ms_ok(s, ms_pon(s, 1, "44z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "6s");
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 3);
    ms_giri_pass(s, 0);
    ms_ok(s, ms_tsumo(1));
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DAISUUSHII), 1);
    assert_pao(w, 2, IPPON_YAKU_DAISUUSHII);
    ms_points(s, 25000, 57000, -7000, 25000);
    ms_results_consistent(s);
    ms_free(s);
}

static void daisuushii_pao_double_yakuman_3p(void **state)
{
    (void)state;
    ms *s = ms_new("sanma", 0);
    ms_start(s, &(ms_deal){
        .hand = { "19p 258s 369s 567z 1m 5p", "1111z 2222z 33z 44z 9m", "147p 369p 147s 567z 3z" },
        .draws = "8s 6s 8p 4z 9s 9p 9m", .repl = "6s 7s", .dora = "1m" });
    ms_giri_pass(s, 0);
    ms_ok(s, ms_ankan(s, 1, "1z"));
    ms_ok(s, ms_ankan(s, 1, "2z"));
    ms_discard_pass(s, 1, "7s");
    ms_ok(s, ms_discard(s, 2, "3z"));
    ms_ok(s, ms_pon(s, 1, "33z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "6s");
    ms_ok(s, ms_giri(s, 2)); /* North */
    ms_ok(s, ms_pon(s, 1, "44z"));
    ms_pass_all(s);
    ms_discard_pass(s, 1, "6s");
    ms_giri_pass(s, 2);
    ms_giri_pass(s, 0);
    ms_ok(s, ms_tsumo(1));
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_DAISUUSHII), 2);
    assert_int_equal(w->yakuman, 2);
    assert_pao(w, 2, IPPON_YAKU_DAISUUSHII);
    ms_points(s, 35000, 83000, 35000 - 48000, 0);
    ms_results_consistent(s);
    ms_free(s);
}

/*
 * Suukantsu. Seat 1 (111p 999p 111s 999s 5z) makes four daiminkans: 1p from the dealer, 9p and
 * 1s from seat 2, 9s from seat 3 (4p) / the dealer (3p), and draws the second haku from the
 * dead wall: tsumo, suukantsu (all four kans open: no suuankou).
 * 4p (§7: suukantsu, when the fourth kan is a daiminkan): seat 3 fed the fourth
 * kan and pays the whole 32000.
 * 3p: no suukantsu pao: a normal non-dealer yakuman tsumo, dealer 16000 + seat 2 8000.
 */
static void suukantsu_by_daiminkans(const char *preset)
{
    bool sanma = strcmp(preset, "sanma") == 0;
    ms *s = ms_new(preset, 0);
    if (sanma)
        ms_start(s, &(ms_deal){
            .hand = { "19m 258p 36s 123z 67z 4s", "111p 999p 111s 999s 5z", "19m 3467p 25s 8s 123z 7z" },
            .draws = "1p 9p 1s 2z 9s", .repl = "8p 8p 8p 5z", .dora = "1m" });
    else
        ms_start(s, &(ms_deal){
            .hand = { "147m 258p 36s 1234z 7z", "111p 999p 111s 999s 5z", "258m 36p 47s 8s 1234z 7z",
                      "369m 28p 4p 5s 7s 1234z 6z" },
            .draws = "1p 9p 1s 2z 9s", .repl = "2m 3m 4m 5z", .dora = "8m" });
    ms_ok(s, ms_giri(s, 0)); /* 1p */
    ms_ok(s, ms_minkan(s, 1, "111p"));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_ok(s, ms_giri(s, 2)); /* 9p */
    ms_ok(s, ms_minkan(s, 1, "999p"));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_ok(s, ms_giri(s, 2)); /* 1s */
    ms_ok(s, ms_minkan(s, 1, "111s"));
    ms_pass_all(s);
    ms_giri_pass(s, 1);
    ms_giri_pass(s, 2); /* 2z */
    int feeder = sanma ? 0 : 3;
    ms_ok(s, ms_giri(s, feeder)); /* 9s */
    ms_ok(s, ms_minkan(s, 1, "999s"));
    ms_pass_all(s);
    assert_true(ms_can(s, 1, IPPON_ACT_TSUMO, NULL));
    ms_ok(s, ms_tsumo(1));
    const ippon_score *w = ms_win(s, 1);
    assert_int_equal(ms_yaku(w, IPPON_YAKU_SUUKANTSU), 1);
    if (sanma) {
        assert_int_equal(w->n_pao, 0);
        ms_points(s, 35000 - 16000, 35000 + 24000, 35000 - 8000, 0);
    } else {
        assert_pao(w, 3, IPPON_YAKU_SUUKANTSU);
        ms_points(s, 25000, 57000, 25000, -7000);
    }
    ms_results_consistent(s);
    ms_free(s);
}

static void suukantsu_pao_on_fourth_daiminkan_4p(void **state)
{
    (void)state;
    suukantsu_by_daiminkans("yonma");
}

static void no_suukantsu_pao_3p(void **state)
{
    (void)state;
    suukantsu_by_daiminkans("sanma");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(daisangen_pao_tsumo_4p),
        cmocka_unit_test(daisangen_pao_ron_by_another_4p),
        cmocka_unit_test(daisangen_pao_liable_discards_4p),
        cmocka_unit_test(no_pao_when_a_dragon_set_is_concealed_4p),
        cmocka_unit_test(daisuushii_pao_tsumo_4p),
        cmocka_unit_test(daisuushii_pao_double_yakuman_3p),
        cmocka_unit_test(suukantsu_pao_on_fourth_daiminkan_4p),
        cmocka_unit_test(no_suukantsu_pao_3p),
    };
    return cmocka_run_group_tests(tests, NULL, ms_teardown);
}
