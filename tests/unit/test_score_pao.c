/*
 * test_score_pao.c — liability (pao) of src/core/RULES.md §7: daisangen and daisuushii in both modes,
 * suukantsu in 4p only when the 4th kan (in declaration order) is a daiminkan, no liability
 * when a set of the yakuman is still concealed or was completed by a ron or an ankan, two
 * liable players for two yakuman of one hand, pao next to another yakuman (the M.League
 * worked example), and the liability kept when yakuman do not stack. Expected payments are
 * worked out by hand in the comment of each case.
 */

#include "score_script.h"

/*
 * Conventions: "4p" = yonma, "3p" = sanma; seats are seat winds (0 = East = dealer). Unless a
 * case says otherwise South (seat 1) wins. Melds are listed in the order they were made; kans
 * carry their declaration order (kan_seq).
 *
 * One yakuman for a non-dealer: ron 4*8000 = 32000; tsumo 16000 + 8000 + 8000 = 32000 in 4p,
 * 16000 + 8000 = 24000 in 3p (tsumo loss). Dealer: ron 48000, tsumo 16000 from each.
 * Pao (src/core/RULES.md §7): the liable player pays that yakuman's whole tsumo value, or half of its
 * ron value with the discarder paying the other half (all of it when the liable player
 * discards); other yakuman of the hand are settled normally; the liable player pays all
 * honba; with two liable players the honba go to the one whose liability came first.
 */

/* the three dragon pons of S's daisangen: haku from E, hatsu from N, chun (the third) from W */
static void dragons_called(ippon_win *w)
{
    PON(w, "5z", 0);
    PON(w, "6z", 3);
    PON(w, "7z", 2);
}

/* the M.League hand of the pao tests: S (seat 1) wins tsuuiisou with daisangen, the three dragons
   called (W, seat 2, fed the third), at 1 honba; by tsumo (from < 0) or by ron from `from` */
static ippon_win honors_and_dragons(int from)
{
    ippon_win w = W("333z1z", "1z", "1p");
    dragons_called(&w);
    if (from < 0)
        TSUMO(&w);
    else
        w.from = from;
    w.honba = 1;
    return w;
}

static void expect_pao(const ippon_score *s, int i, int seat, int yaku)
{
    if (s->n_pao <= i || s->pao[i].seat != seat || s->pao[i].yaku != yaku)
        dump("pao", s);
    assert_true(s->n_pao > i);
    assert_int_equal(s->pao[i].seat, seat);
    assert_int_equal(s->pao[i].yaku, yaku);
}

/* ============================================================================== daisangen */

static void daisangen_pao_tsumo(void **state)
{
    (void)state;
    /* 123m + 9p tanki, tsumo: W fed the third dragon and pays the whole 32000 */
    ippon_win w = W("123m9p", "9p", "1z");
    dragons_called(&w);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 1);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    PAY(s, 0, 32000, -32000, 0);
}

static void daisangen_pao_tsumo_honba(void **state)
{
    (void)state;
    /* the same with 2 honba: the liable player pays them all: 3 payers * 100 * 2 = 600 */
    ippon_win w = W("123m9p", "9p", "1z");
    dragons_called(&w);
    TSUMO(&w);
    w.honba = 2;
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, 0, 32600, -32600, 0);
    BONUS(w, s, 600, 0);
}

static void daisangen_pao_dealer_tsumo(void **state)
{
    (void)state;
    /* dealer wins, third dragon from N: N pays the dealer's whole tsumo 3*16000 = 48000,
       + 1 honba (3*100) */
    ippon_win w = W("123m9p", "9p", "1z");
    w.seat = 0;
    PON(&w, "5z", 1);
    PON(&w, "6z", 2);
    PON(&w, "7z", 3);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 48000);
    expect_pao(&s, 0, 3, IPPON_YAKU_DAISANGEN);
    PAY(s, 48300, 0, 0, -48300);
}

static void daisangen_pao_ron_third_party(void **state)
{
    (void)state;
    /* E discards the winning tile; W is liable: 32000 split 16000 / 16000; W pays the 2 honba
       (2*300 = 600) */
    ippon_win w = W("123m9p", "9p", "1z");
    dragons_called(&w);
    w.from = 0;
    w.honba = 2;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    PAY(s, -16000, 32600, -16600, 0);
    BONUS(w, s, 600, 0); /* one payer (the liable one) × 300 × 2 */
}

static void daisangen_pao_liable_discards(void **state)
{
    (void)state;
    /* W, the liable player, discards the winning tile: W pays all 32000 + 300 honba */
    ippon_win w = W("123m9p", "9p", "1z");
    dragons_called(&w);
    w.from = 2;
    w.honba = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, 0, 32300, -32300, 0);
}

static void daisangen_pao_dealer_ron_third_party(void **state)
{
    (void)state;
    /* dealer wins by ron from S; N is liable: 48000 split 24000 / 24000 */
    ippon_win w = W("123m9p", "9p", "1z");
    w.seat = 0;
    w.from = 1;
    PON(&w, "5z", 1);
    PON(&w, "6z", 2);
    PON(&w, "7z", 3);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 48000);
    PAY(s, 48000, -24000, 0, -24000);
}

static void daisangen_pao_3p_tsumo(void **state)
{
    (void)state;
    /* 3p: haku from E, hatsu from W, chun (third) from E: the dealer is liable and pays the
       whole tsumo-loss value 16000 + 8000 = 24000, and the honba (2 payers * 100) */
    ippon_win w = W("123p9s", "9s", "1z");
    PON(&w, "5z", 0);
    PON(&w, "6z", 2);
    PON(&w, "7z", 0);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 24000);
    expect_pao(&s, 0, 0, IPPON_YAKU_DAISANGEN);
    PAY(s, -24200, 24200, 0, 0);
}

static void daisangen_no_pao_when_a_dragon_set_is_concealed(void **state)
{
    (void)state;
    /* haku and hatsu called, chun triplet concealed in hand; tsumo: settled normally */
    ippon_win w = W("777z123m9p", "9p", "1z");
    PON(&w, "5z", 0);
    PON(&w, "6z", 3);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 0);
    PAY(s, -16000, 32000, -8000, -8000);
}

static void daisangen_no_pao_when_the_third_set_is_a_ron(void **state)
{
    (void)state;
    /* haku and hatsu called, 77z 99p shanpon, W's chun is ronned: a ron is no call: W pays
       as the discarder, nobody is liable */
    ippon_win w = W("77z123m99p", "7z", "1z");
    PON(&w, "5z", 0);
    PON(&w, "6z", 3);
    w.from = 2;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 0);
    PAY(s, 0, 32000, -32000, 0);
}

static void daisangen_no_pao_when_the_third_set_is_an_ankan(void **state)
{
    (void)state;
    /* haku and hatsu called, then an ankan of chun: nobody fed it */
    ippon_win w = W("123m9p", "9p", "1z");
    PON(&w, "5z", 0);
    PON(&w, "6z", 3);
    ANKAN(&w, "7z", 1);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.n_pao, 0);
    PAY(s, -16000, 32000, -8000, -8000);
}

static void daisangen_pao_after_an_ankan(void **state)
{
    (void)state;
    /* ankan of haku first (exposed: it counts), then hatsu from N, chun from E: E is liable */
    ippon_win w = W("123m9p", "9p", "1z");
    ANKAN(&w, "5z", 1);
    PON(&w, "6z", 3);
    PON(&w, "7z", 0);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    expect_pao(&s, 0, 0, IPPON_YAKU_DAISANGEN);
    PAY(s, -32000, 32000, 0, 0);
}

static void daisangen_pao_kakan_keeps_the_pon_feeder(void **state)
{
    (void)state;
    /* haku from E, hatsu from N, chun pon from W later upgraded to a kakan: W fed the third
       set and stays liable */
    ippon_win w = W("123m9p", "9p", "1z");
    PON(&w, "5z", 0);
    PON(&w, "6z", 3);
    KAKAN(&w, "7z", 2, 1);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    PAY(s, 0, 32000, -32000, 0);
}

static void daisangen_pao_goes_to_the_last_call(void **state)
{
    (void)state;
    /* chun pon from W first (later a kakan), then haku from E, then hatsu from N: N's hatsu
       completed the three sets, so N is liable, whatever became a kan later */
    ippon_win w = W("123m9p", "9p", "1z");
    KAKAN(&w, "7z", 2, 1);
    PON(&w, "5z", 0);
    PON(&w, "6z", 3);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    expect_pao(&s, 0, 3, IPPON_YAKU_DAISANGEN);
    PAY(s, 0, 32000, 0, -32000);
}

/* ============================================================================= daisuushii */

static void daisuushii_pao_4p_tsumo(void **state)
{
    (void)state;
    /* E from W, S from N, W from E, N (the fourth) from N: N pays the whole 32000 */
    ippon_win w = W("9p", "9p", "1p");
    PON(&w, "1z", 2);
    PON(&w, "2z", 3);
    PON(&w, "3z", 0);
    PON(&w, "4z", 3);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    expect_pao(&s, 0, 3, IPPON_YAKU_DAISUUSHII);
    PAY(s, 0, 32000, 0, -32000);
}

/* 3p, the four wind pons of S's daisuushii: East from E, South from W, West from E, North
   (the fourth) from W */
static void winds_called_3p(ippon_win *w)
{
    PON(w, "1z", 0);
    PON(w, "2z", 2);
    PON(w, "3z", 0);
    PON(w, "4z", 2);
}

static void daisuushii_pao_3p_double_tsumo(void **state)
{
    (void)state;
    /* 3p: E from E, S from W, W from E, N (the fourth) from W: a double yakuman, base 16000.
       W answers for all of it: tsumo-loss value 32000 + 16000 = 48000, + 1 honba (2*100) */
    ippon_win w = W("9p", "9p", "1p");
    winds_called_3p(&w);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 48000);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISUUSHII);
    PAY(s, 0, 48200, -48200, 0);
}

static void daisuushii_pao_3p_double_ron_third_party(void **state)
{
    (void)state;
    /* the same hand, E discards: ron 4*16000 = 64000, E and W 32000 each; W pays the honba
       (200) */
    ippon_win w = W("9p", "9p", "1p");
    winds_called_3p(&w);
    w.from = 0;
    w.honba = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    PAY(s, -32000, 64200, -32200, 0);
}

static void daisuushii_pao_3p_with_tsuuiisou(void **state)
{
    (void)state;
    /* 3p, the same four wind pons with a haku tanki, tsumo: daisuushii 2 + tsuuiisou 1 = 3,
       base 24000. W answers for daisuushii: 32000 + 16000 = 48000. Tsuuiisou normally:
       E 16000, W 8000. W pays the honba (200).
       E -16000, W -48000-8000-200 = -56200, S +72200 */
    ippon_win w = W("5z", "5z", "1p");
    winds_called_3p(&w);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 3, 24000, 72000);
    assert_int_equal(s.n_pao, 1);
    PAY(s, -16000, 72200, -56200, 0);
}

static void daisuushii_no_pao_with_a_concealed_wind_set(void **state)
{
    (void)state;
    /* 4p: three wind pons, North triplet concealed: normal tsumo */
    ippon_win w = W("444z9p", "9p", "1p");
    PON(&w, "1z", 2);
    PON(&w, "2z", 3);
    PON(&w, "3z", 0);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 0);
    PAY(s, -16000, 32000, -8000, -8000);
}

/* ============================================================================== suukantsu */

/* S's four kans: ankan 2m (kan 1), daiminkan 4p from E (kan 2), kakan 6s on a pon from N
   (kan 3), daiminkan 8s from W (kan 4, the 4th: W is liable) */
static void kans_4th_from_west(ippon_win *w)
{
    ANKAN(w, "2m", 1);
    DMK(w, "4p", 0, 2);
    KAKAN(w, "6s", 3, 3);
    DMK(w, "8s", 2, 4);
}

static void suukantsu_pao_4th_kan_daiminkan(void **state)
{
    (void)state;
    /* ankan 2m, daiminkan 4p from E, kakan 6s (pon from N), daiminkan 8s from W (4th): W
       pays the whole tsumo 32000 */
    ippon_win w = W("9p", "9p", "1z");
    kans_4th_from_west(&w);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    expect_pao(&s, 0, 2, IPPON_YAKU_SUUKANTSU);
    PAY(s, 0, 32000, -32000, 0);
}

static void suukantsu_pao_ron_third_party(void **state)
{
    (void)state;
    /* the same, N discards: W and N pay 16000 each */
    ippon_win w = W("9p", "9p", "1z");
    kans_4th_from_west(&w);
    w.from = 3;
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, 0, 32000, -16000, -16000);
}

static void suukantsu_no_pao_4th_kan_ankan(void **state)
{
    (void)state;
    /* three daiminkan then an ankan as the 4th kan: no liability, normal tsumo */
    ippon_win w = W("9p", "9p", "1z");
    DMK(&w, "2m", 0, 1);
    DMK(&w, "4p", 3, 2);
    DMK(&w, "6s", 2, 3);
    ANKAN(&w, "8s", 4);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.n_pao, 0);
    PAY(s, -16000, 32000, -8000, -8000);
}

static void suukantsu_no_pao_4th_kan_kakan(void **state)
{
    (void)state;
    /* the 6s pon (from N) was made first but upgraded last (kan 4): the 4th kan is a kakan,
       so no liability, even though the last meld in the list is a daiminkan from W */
    ippon_win w = W("9p", "9p", "1z");
    KAKAN(&w, "6s", 3, 4);
    DMK(&w, "4p", 0, 1);
    ANKAN(&w, "2m", 2);
    DMK(&w, "8s", 2, 3);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 0);
    PAY(s, -16000, 32000, -8000, -8000);
}

static void suukantsu_no_pao_3p(void **state)
{
    (void)state;
    /* 3p: ankan 1m, daiminkan 4p (E), 6s (W), 8s (E, the 4th): no suukantsu pao in 3p:
       tsumo loss E 16000 + W 8000 = 24000 */
    ippon_win w = W("9p", "9p", "1z");
    ANKAN(&w, "1m", 1);
    DMK(&w, "4p", 0, 2);
    DMK(&w, "6s", 2, 3);
    DMK(&w, "8s", 0, 4);
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 24000);
    YAKUMAN(s, IPPON_YAKU_SUUKANTSU, 1);
    assert_int_equal(s.n_pao, 0);
    PAY(s, -16000, 24000, -8000, 0);
}

/* ================================================================= two yakuman, liability */

/* daiminkan haku from E (kan 1), hatsu from N (kan 2), chun from W (kan 3: completes
   daisangen, W liable), 8s from E (kan 4, a daiminkan: suukantsu, E liable). */
static void two_liable_kans(ippon_win *w)
{
    DMK(w, "5z", 0, 1);
    DMK(w, "6z", 3, 2);
    DMK(w, "7z", 2, 3);
    DMK(w, "8s", 0, 4);
}

static void two_liable_players_tsumo(void **state)
{
    (void)state;
    /* daisangen + suukantsu = 2 yakuman. Tsumo: W pays daisangen's 32000, E pays suukantsu's
       32000; W's liability came first, so W pays the honba: 3*100 = 300 */
    ippon_win w = W("9p", "9p", "1z");
    two_liable_kans(&w);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    assert_int_equal(s.n_pao, 2);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    expect_pao(&s, 1, 0, IPPON_YAKU_SUUKANTSU);
    PAY(s, -32000, 64300, -32300, 0);
}

static void two_liable_players_ron_third_party(void **state)
{
    (void)state;
    /* N discards: daisangen 32000 = W 16000 + N 16000; suukantsu 32000 = E 16000 + N 16000;
       W pays the 2 honba (600) */
    ippon_win w = W("9p", "9p", "1z");
    two_liable_kans(&w);
    w.from = 3;
    w.honba = 2;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    PAY(s, -16000, 64600, -16600, -32000);
}

static void two_liable_players_one_discards(void **state)
{
    (void)state;
    /* E (liable for suukantsu) discards: suukantsu all by E 32000; daisangen E 16000 +
       W 16000; W pays the honba (300) */
    ippon_win w = W("9p", "9p", "1z");
    two_liable_kans(&w);
    w.from = 0;
    w.honba = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, -48000, 64300, -16300, 0);
}

static void one_player_liable_for_two(void **state)
{
    (void)state;
    /* haku from E (kan 1), hatsu from N (kan 2), ankan 8s (kan 3), chun from W (kan 4): W fed
       both the third dragon and the fourth kan: W pays both (64000) and the honba (300) */
    ippon_win w = W("9p", "9p", "1z");
    DMK(&w, "5z", 0, 1);
    DMK(&w, "6z", 3, 2);
    ANKAN(&w, "8s", 3);
    DMK(&w, "7z", 2, 4);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    assert_int_equal(s.n_pao, 2);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    expect_pao(&s, 1, 2, IPPON_YAKU_SUUKANTSU);
    PAY(s, 0, 64300, -64300, 0);
}

/* ========================================================= pao with another yakuman */

static void mleague_worked_example(void **state)
{
    (void)state;
    /* M.League: 1 honba, S wins daisangen + tsuuiisou by tsumo, W fed the third dragon, E
       deals. W pays daisangen's whole 32000; tsuuiisou normal: E 16000, W 8000, N 8000;
       W pays the 300 honba. E -16000, S +64300, W -40300, N -8000 */
    ippon_win w = honors_and_dragons(-1);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    YAKUMAN(s, IPPON_YAKU_DAISANGEN, 1);
    YAKUMAN(s, IPPON_YAKU_TSUUIISOU, 1);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    PAY(s, -16000, 64300, -40300, -8000);
}

static void pao_with_tsuuiisou_ron_third_party(void **state)
{
    (void)state;
    /* the same hand by ron from E: daisangen 32000 = E 16000 + W 16000; tsuuiisou 32000 by E;
       W pays the honba (300). E -48000, W -16300, S +64300 */
    ippon_win w = honors_and_dragons(0);
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, -48000, 64300, -16300, 0);
}

static void pao_with_tsuuiisou_liable_discards(void **state)
{
    (void)state;
    /* ron from W, the liable player: W pays everything: 64000 + 300 */
    ippon_win w = honors_and_dragons(2);
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, 0, 64300, -64300, 0);
}

/* ============================================ yakuman that do not stack (yakuman_stack false)

   A rule set where different yakuman in one hand do not add up: the hand is worth its largest
   yakuman alone. The liability stays (points.c; src/core/RULES.md §7): the liable player
   answers for their yakuman's own value out of the hand's, as if it alone had been scored, so
   when the pao yakuman is worth the whole hand the hand is settled exactly as that yakuman
   alone (and listed as it). Was: the yakuman kept was the first listed (tsuuiisou before
   daisangen, daisangen before suukantsu) and the pao yakuman, dropped, took the liability
   with it: the hand was settled as if nobody were liable. */

/* the product's rules with yakuman that do not stack */
static const ippon_rules *not_stacking(const char *preset)
{
    static ippon_rules r;
    r = *ippon_rules_preset(preset);
    r.yakuman_stack = false;
    return &r;
}

static void single_yakuman_pao_with_tsuuiisou_tsumo(void **state)
{
    (void)state;
    /* the M.League hand (daisangen + tsuuiisou, W fed the third dragon), 1 honba, by tsumo: one
       yakuman, base 8000, tsumo 16000 + 8000 + 8000 = 32000. W's daisangen alone is worth that
       one yakuman, so W pays the whole tsumo value 32000 and the 3 * 100 = 300 honba.
       E 0, S +32300, W -32300, N 0 (was: no liability, E -16100, W -8100, N -8100) */
    ippon_win w = honors_and_dragons(-1);
    ippon_score s;
    SCORE_UNDER(not_stacking("yonma"), w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 1);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    assert_int_equal(s.n_yaku, 1);
    YAKUMAN(s, IPPON_YAKU_DAISANGEN, 1);
    PAY(s, 0, 32300, -32300, 0);
}

static void single_yakuman_pao_with_tsuuiisou_ron_third_party(void **state)
{
    (void)state;
    /* the same hand by ron from E: 4 * 8000 = 32000, half each from E (the discarder) and W
       (liable): 16000 + 16000; W pays the honba (300). E -16000, S +32300, W -16300
       (was: E paid all, -32300) */
    ippon_win w = honors_and_dragons(0);
    ippon_score s;
    SCORE_UNDER(not_stacking("yonma"), w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    PAY(s, -16000, 32300, -16300, 0);
}

static void single_yakuman_pao_with_tsuuiisou_liable_discards(void **state)
{
    (void)state;
    /* ron from W, the liable player: W pays all of it, 32000 + 300 */
    ippon_win w = honors_and_dragons(2);
    ippon_score s;
    SCORE_UNDER(not_stacking("yonma"), w, s);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    PAY(s, 0, 32300, -32300, 0);
}

static void single_yakuman_suukantsu_pao_beside_daisangen(void **state)
{
    (void)state;
    /* daiminkan haku from E (kan 1), hatsu from N (kan 2), ankan chun (kan 3: nobody fed the
       third dragon, no daisangen liability), daiminkan 8s from W (kan 4: suukantsu, W liable);
       9p tanki by tsumo. Daisangen + suukantsu, one yakuman when they do not stack: W's
       suukantsu is worth it all, W pays the whole 32000. E 0, S +32000, W -32000, N 0 (was:
       daisangen kept, no liability, E -16000, W -8000, N -8000) */
    ippon_win w = W("9p", "9p", "1z");
    DMK(&w, "5z", 0, 1);
    DMK(&w, "6z", 3, 2);
    ANKAN(&w, "7z", 3);
    DMK(&w, "8s", 2, 4);
    TSUMO(&w);
    ippon_score s;
    SCORE_UNDER(not_stacking("yonma"), w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 1);
    expect_pao(&s, 0, 2, IPPON_YAKU_SUUKANTSU);
    YAKUMAN(s, IPPON_YAKU_SUUKANTSU, 1);
    PAY(s, 0, 32000, -32000, 0);
    /* with stacking: 2 yakuman, W pays suukantsu's 32000, daisangen normally (E 16000, W 8000,
       N 8000): E -16000, S +64000, W -40000, N -8000 */
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    PAY(s, -16000, 64000, -40000, -8000);
}

static void single_yakuman_two_liable_the_first_pays(void **state)
{
    (void)state;
    /* two_liable_kans: daisangen (W fed the third dragon, kan 3) + suukantsu (E fed the 4th kan,
       kan 4), 1 honba, tsumo. One yakuman, 32000: W's liability came first and is worth all of
       it, W pays 32000 + 300 honba; nothing is left for E's, which is no liability.
       E 0, S +32300, W -32300, N 0 (liable players never pay more than the hand: not 64000) */
    ippon_win w = W("9p", "9p", "1z");
    two_liable_kans(&w);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE_UNDER(not_stacking("yonma"), w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_pao, 1);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISANGEN);
    PAY(s, 0, 32300, -32300, 0);
    /* E discards: W's daisangen 32000 = E 16000 + W 16000, W the 300 honba */
    w.tsumo = false;
    w.from = 0;
    SCORE_UNDER(not_stacking("yonma"), w, s);
    PAY(s, -16000, 32300, -16300, 0);
}

static void single_yakuman_3p_double_daisuushii_with_tsuuiisou(void **state)
{
    (void)state;
    /* 3p, daisuushii (double on its own) + tsuuiisou, tsumo, 1 honba, not stacking: the largest,
       daisuushii, 2 yakuman, base 16000 (not 3). W fed the fourth wind and answers for all of
       it: tsumo-loss value 32000 + 16000 = 48000, + 2 * 100 honba. E 0, S +48200, W -48200 */
    ippon_win w = W("5z", "5z", "1p");
    winds_called_3p(&w);
    TSUMO(&w);
    w.honba = 1;
    ippon_score s;
    SCORE_UNDER(not_stacking("sanma"), w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 48000);
    assert_int_equal(s.n_pao, 1);
    expect_pao(&s, 0, 2, IPPON_YAKU_DAISUUSHII);
    PAY(s, 0, 48200, -48200, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(daisangen_pao_tsumo),
        cmocka_unit_test(daisangen_pao_tsumo_honba),
        cmocka_unit_test(daisangen_pao_dealer_tsumo),
        cmocka_unit_test(daisangen_pao_ron_third_party),
        cmocka_unit_test(daisangen_pao_liable_discards),
        cmocka_unit_test(daisangen_pao_dealer_ron_third_party),
        cmocka_unit_test(daisangen_pao_3p_tsumo),
        cmocka_unit_test(daisangen_no_pao_when_a_dragon_set_is_concealed),
        cmocka_unit_test(daisangen_no_pao_when_the_third_set_is_a_ron),
        cmocka_unit_test(daisangen_no_pao_when_the_third_set_is_an_ankan),
        cmocka_unit_test(daisangen_pao_after_an_ankan),
        cmocka_unit_test(daisangen_pao_kakan_keeps_the_pon_feeder),
        cmocka_unit_test(daisangen_pao_goes_to_the_last_call),
        cmocka_unit_test(daisuushii_pao_4p_tsumo),
        cmocka_unit_test(daisuushii_pao_3p_double_tsumo),
        cmocka_unit_test(daisuushii_pao_3p_double_ron_third_party),
        cmocka_unit_test(daisuushii_pao_3p_with_tsuuiisou),
        cmocka_unit_test(daisuushii_no_pao_with_a_concealed_wind_set),
        cmocka_unit_test(suukantsu_pao_4th_kan_daiminkan),
        cmocka_unit_test(suukantsu_pao_ron_third_party),
        cmocka_unit_test(suukantsu_no_pao_4th_kan_ankan),
        cmocka_unit_test(suukantsu_no_pao_4th_kan_kakan),
        cmocka_unit_test(suukantsu_no_pao_3p),
        cmocka_unit_test(two_liable_players_tsumo),
        cmocka_unit_test(two_liable_players_ron_third_party),
        cmocka_unit_test(two_liable_players_one_discards),
        cmocka_unit_test(one_player_liable_for_two),
        cmocka_unit_test(mleague_worked_example),
        cmocka_unit_test(pao_with_tsuuiisou_ron_third_party),
        cmocka_unit_test(pao_with_tsuuiisou_liable_discards),
        cmocka_unit_test(single_yakuman_pao_with_tsuuiisou_tsumo),
        cmocka_unit_test(single_yakuman_pao_with_tsuuiisou_ron_third_party),
        cmocka_unit_test(single_yakuman_pao_with_tsuuiisou_liable_discards),
        cmocka_unit_test(single_yakuman_suukantsu_pao_beside_daisangen),
        cmocka_unit_test(single_yakuman_two_liable_the_first_pays),
        cmocka_unit_test(single_yakuman_3p_double_daisuushii_with_tsuuiisou),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
