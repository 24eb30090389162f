/*
 * test_score_points.c — from han and fu to points and payments (src/core/RULES.md §6): every limit
 * boundary (mangan at 5 han and at base >= 2000, kiriage in 4p only, haneman, baiman,
 * sanbaiman, 13+ han = sanbaiman in 4p but counted yakuman in 3p with kita included), ron and
 * tsumo payments for dealer and non-dealer with rounding, the 3p tsumo loss, honba in both
 * modes, riichi sticks, kita dora and red fives. Expected values are worked out by hand; the
 * arithmetic is in the comment of each case.
 */

#include "score_script.h"

/*
 * Conventions: "4p" = yonma, "3p" = sanma. Unless a case says otherwise the winner is South
 * (seat 1) in the East round, ron from West (seat 2). payments[] are per seat wind
 * (0 = East = dealer).
 *
 * HC, the workhorse hand (valid in both modes): 234p 567p 345s 66s 78s, won on 6s: as
 * 678s two-sided with the 66s pair it is pinfu + tanyao (the tanki reading on 66s is worth
 * less). Ron 30 fu, tsumo 20 fu. With "067p" / "340s" it holds a red 5p / red 5s.
 * Dora indicators that hit it: 1p -> 2p (1), 4p -> 5p (1), 5s -> 6s (3, the pair and 678s).
 */
#define HC "234p567p345s66s78s"
#define HC_RED "234p067p340s66s78s" /* red 5p and red 5s */

/* ========================================================================= limit boundaries */

static void fu40_han4_is_mangan(void **state)
{
    (void)state;
    /* 123m 99m 456p 13p 678s, riichi, ron 2p (kanchan): 20+10+2 = 32 -> 40.
       riichi 1 + dora 3 (8m -> 9m x2, 2m -> 3m x1) = 4 han: 40*2^6 = 2560 >= 2000 -> mangan:
       ron 8000 */
    ippon_win w = W("123m99m456p13p678s", "2p", "8m2m");
    RIICHI(&w, "1z1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 40, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_DORA, 3);
}

static void fu40_han4_is_mangan_3p(void **state)
{
    (void)state;
    /* 3p: 123p 456p 99m 13s 789s, riichi, ron 2s (kanchan): 40 fu.
       riichi 1 + dora 3 (1m -> 9m x2, 3p -> 4p x1) = 4 han: 2560 -> mangan without any kiriage:
       ron 8000 */
    ippon_win w = W("123p456p99m13s789s", "2s", "1m3p");
    RIICHI(&w, "1z1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 40, IPPON_LIMIT_MANGAN, 2000, 8000);
}

/* 123p 456p 345s 67s 99m, riichi, ron 8s (two-sided): riichi + pinfu + dora 2 (3p -> 4p,
   5p -> 6p) = 4 han 30 fu: 30*2^6 = 1920. */
static void fu30_han4_kiriage_4p(void **state)
{
    (void)state;
    /* 4p: kiriage mangan: 2000, ron 8000 */
    ippon_win w = W("123p456p345s67s99m", "8s", "3p5p");
    RIICHI(&w, "1z1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 30, IPPON_LIMIT_MANGAN, 2000, 8000);
}

static void fu30_han4_no_kiriage_3p(void **state)
{
    (void)state;
    /* 3p: no kiriage: base 1920, ron 4*1920 = 7680 -> 7700 */
    ippon_win w = W("123p456p345s67s99m", "8s", "3p5p");
    RIICHI(&w, "1z1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 30, IPPON_LIMIT_NONE, 1920, 7700);
    PAY(s, 0, 7700, -7700, 0);
}

/* 111p 999p 111s 456s + 9s tanki, ron: sanankou 2 + dora 1 (3s -> 4s) = 3 han;
   20+10+8+8+8+2 = 56 -> 60: 60*2^5 = 1920. */
static void fu60_han3_kiriage_4p(void **state)
{
    (void)state;
    /* 4p: kiriage mangan 2000: ron 8000 */
    ippon_win w = W("111p999p111s456s9s", "9s", "3s");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 60, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
}

static void fu60_han3_no_kiriage_3p(void **state)
{
    (void)state;
    /* 3p: 1920, ron 7680 -> 7700 */
    ippon_win w = W("111p999p111s456s9s", "9s", "3s");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 3, 60, IPPON_LIMIT_NONE, 1920, 7700);
}

static void fu60_han3_dealer_3p(void **state)
{
    (void)state;
    /* 3p dealer ron: 6*1920 = 11520 -> 11600 (4p would be 12000) */
    ippon_win w = W("111p999p111s456s9s", "9s", "3s");
    w.seat = 0;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 3, 60, IPPON_LIMIT_NONE, 1920, 11600);
    PAY(s, 11600, 0, -11600, 0);
    SCORE("yonma", w, s);
    EXPECT(s, 3, 60, IPPON_LIMIT_MANGAN, 2000, 12000);
}

/* ankan 9s + 234p 678p 567s + 8s tanki, riichi, ron: 20+10+32+2 = 64 -> 70;
   riichi 1 + dora 2 (7s -> 8s x2) = 3 han: 70*2^5 = 2240 >= 2000 -> mangan in both modes. */
static void fu70_han3_mangan_4p(void **state)
{
    (void)state;
    ippon_win w = W("234p678p567s8s", "8s", "7s");
    ANKAN(&w, "9s", 1);
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 70, IPPON_LIMIT_MANGAN, 2000, 8000);
}

static void fu70_han3_mangan_3p(void **state)
{
    (void)state;
    ippon_win w = W("234p678p567s8s", "8s", "7s");
    ANKAN(&w, "9s", 1);
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 3, 70, IPPON_LIMIT_MANGAN, 2000, 8000);
}

static void han5_chiitoitsu_dealer_mangan(void **state)
{
    (void)state;
    /* 11m 22p 55p 77s 99s 33z 66z, riichi, dora indicator 8s -> 9s (the pair: 2):
       riichi 1 + chiitoitsu 2 + dora 2 = 5 han -> mangan (25*2^7 = 3200 anyway),
       dealer ron 6*2000 = 12000 */
    ippon_win w = W("11m22p55p77s99s33z6z", "6z", "8s");
    w.seat = 0;
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 5, 25, IPPON_LIMIT_MANGAN, 2000, 12000);
    PAY(s, 12000, 0, -12000, 0);
}

static void han5_mangan_at_20_fu_3p(void **state)
{
    (void)state;
    /* 3p HC, riichi tsumo: riichi + menzen tsumo + pinfu + tanyao = 4, + dora 1 (1p -> 2p) =
       5 han at 20 fu -> mangan (4 han 20 fu would be 1280). Tsumo loss: E 4000 + W 2000 = 6000 */
    ippon_win w = W(HC, "6s", "1p");
    RIICHI(&w, "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 5, 20, IPPON_LIMIT_MANGAN, 2000, 6000);
    PAY(s, -4000, 6000, -2000, 0);
}

static void han4_fu20_not_mangan_3p(void **state)
{
    (void)state;
    /* the same without the dora: 4 han 20 fu = 20*2^6 = 1280: E 2560 -> 2600, W 1300 = 3900 */
    ippon_win w = W(HC, "6s", "1z");
    RIICHI(&w, "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 20, IPPON_LIMIT_NONE, 1280, 3900);
    PAY(s, -2600, 3900, -1300, 0);
}

/* HC_RED, riichi, ron: riichi 1 + pinfu 1 + tanyao 1 + aka 2 = 5 before dora, ura, ippatsu.
   hc_red_riichi builds it, won on 6s, with the dora and ura indicators of the case. */
static ippon_win hc_red_riichi(const char *dora, const char *ura)
{
    ippon_win w = W(HC_RED, "6s", dora);
    RIICHI(&w, ura);
    return w;
}

static void haneman_6(void **state)
{
    (void)state;
    /* + dora 1 (1p -> 2p) = 6 han -> haneman 3000, ron 12000 */
    ippon_win w = hc_red_riichi("1p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 6, 30, IPPON_LIMIT_HANEMAN, 3000, 12000);
    YAKU(s, IPPON_YAKU_AKA, 2);
    YAKU(s, IPPON_YAKU_DORA, 1);
}

static void haneman_7(void **state)
{
    (void)state;
    /* + dora 1 (1p) + ura 1 (1p) = 7 han -> still haneman, 12000 */
    ippon_win w = hc_red_riichi("1p", "1p");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 7, 30, IPPON_LIMIT_HANEMAN, 3000, 12000);
    YAKU(s, IPPON_YAKU_URA, 1);
}

static void baiman_8(void **state)
{
    (void)state;
    /* + dora 3 (5s -> 6s x3) = 8 han -> baiman 4000, ron 16000 */
    ippon_win w = hc_red_riichi("5s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 8, 30, IPPON_LIMIT_BAIMAN, 4000, 16000);
    YAKU(s, IPPON_YAKU_DORA, 3);
}

static void baiman_10(void **state)
{
    (void)state;
    /* + ippatsu 1 + dora 3 (5s) + ura 1 (1p) = 10 han -> baiman, 16000 */
    ippon_win w = hc_red_riichi("5s", "1p");
    w.ippatsu = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 10, 30, IPPON_LIMIT_BAIMAN, 4000, 16000);
}

static void sanbaiman_11(void **state)
{
    (void)state;
    /* + dora 3 (5s) + ura 3 (5s) = 11 han -> sanbaiman 6000, ron 24000 */
    ippon_win w = hc_red_riichi("5s", "5s");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 11, 30, IPPON_LIMIT_SANBAIMAN, 6000, 24000);
    YAKU(s, IPPON_YAKU_URA, 3);
}

static void sanbaiman_12(void **state)
{
    (void)state;
    /* + ippatsu + dora 3 + ura 3 = 12 han -> sanbaiman, 24000 */
    ippon_win w = hc_red_riichi("5s", "5s");
    w.ippatsu = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 12, 30, IPPON_LIMIT_SANBAIMAN, 6000, 24000);
}

static void sanbaiman_12_3p(void **state)
{
    (void)state;
    /* 3p, the same 12 han: below counted yakuman, sanbaiman 24000 */
    ippon_win w = hc_red_riichi("5s", "5s");
    w.ippatsu = true;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 12, 30, IPPON_LIMIT_SANBAIMAN, 6000, 24000);
}

static void han13_is_sanbaiman_4p(void **state)
{
    (void)state;
    /* tsumo: riichi + ippatsu + menzen tsumo + pinfu + tanyao = 5, aka 2, dora 3, ura 3 =
       13 han at 20 fu. 4p has no counted yakuman: sanbaiman 6000: E 12000, W and N 6000 =
       24000 */
    ippon_win w = hc_red_riichi("5s", "5s");
    w.ippatsu = true;
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 13, 20, IPPON_LIMIT_SANBAIMAN, 6000, 24000);
    PAY(s, -12000, 24000, -6000, -6000);
}

static void han13_is_kazoe_yakuman_3p(void **state)
{
    (void)state;
    /* 3p, the same 13 han: counted yakuman, 8000 (yakuman field stays 0):
       tsumo loss: E 16000 + W 8000 = 24000 */
    ippon_win w = hc_red_riichi("5s", "5s");
    w.ippatsu = true;
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 13, 20, IPPON_LIMIT_KAZOE_YAKUMAN, 8000, 24000);
    PAY(s, -16000, 24000, -8000, 0);
}

static void han14_dealer_sanbaiman_4p(void **state)
{
    (void)state;
    /* dealer ron, riichi + ippatsu + pinfu + tanyao = 4, aka 2, dora 5 (5s -> 6s x3, 1p -> 2p,
       4p -> 5p), ura 3 (5s; 1z 1z hit nothing) = 14 han: 4p sanbaiman: 6*6000 = 36000 */
    ippon_win w = hc_red_riichi("5s1p4p", "5s1z1z");
    w.seat = 0;
    w.ippatsu = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 14, 30, IPPON_LIMIT_SANBAIMAN, 6000, 36000);
    YAKU(s, IPPON_YAKU_DORA, 5);
    PAY(s, 36000, 0, -36000, 0);
}

static void kazoe_counts_kita_3p(void **state)
{
    (void)state;
    /* 3p HC_RED riichi ron, dora 3 (5s), ura 1 (1p): 3 + 2 + 3 + 1 = 9 han (baiman).
       With 4 Norths set aside: + kita 4 = 13 -> kazoe yakuman: ron 32000 */
    ippon_win w = hc_red_riichi("5s", "1p");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 9, 30, IPPON_LIMIT_BAIMAN, 4000, 16000);
    w.kita = 4;
    SCORE("sanma", w, s);
    EXPECT(s, 13, 30, IPPON_LIMIT_KAZOE_YAKUMAN, 8000, 32000);
    YAKU(s, IPPON_YAKU_KITA, 4);
    w.kita = 3;
    SCORE("sanma", w, s);
    EXPECT(s, 12, 30, IPPON_LIMIT_SANBAIMAN, 6000, 24000);
}

/* ====================================================================== ron payments */

static void ron_nondealer_4x_rounded(void **state)
{
    (void)state;
    /* HC ron: pinfu + tanyao 2 han 30 fu: 480; 4*480 = 1920 -> 2000 */
    ippon_win w = W(HC, "6s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 30, IPPON_LIMIT_NONE, 480, 2000);
    PAY(s, 0, 2000, -2000, 0);
}

static void ron_dealer_6x_rounded(void **state)
{
    (void)state;
    /* dealer: 6*480 = 2880 -> 2900 */
    ippon_win w = W(HC, "6s", "1z");
    w.seat = 0;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 30, IPPON_LIMIT_NONE, 480, 2900);
    PAY(s, 2900, 0, -2900, 0);
}

static void ron_dealer_30fu_1han(void **state)
{
    (void)state;
    /* 234m 456p 789s 55s 67p, ron 8p from N: pinfu only, 240: dealer 6*240 = 1440 -> 1500 */
    ippon_win w = W("234m456p789s55s67p", "8p", "1z");
    w.seat = 0;
    w.from = 3;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1500);
    PAY(s, 1500, 0, 0, -1500);
}

static void ron_dealer_mangan_3p(void **state)
{
    (void)state;
    /* 3p dealer, 40 fu 4 han hand of fu40_han4_is_mangan_3p: 6*2000 = 12000 from S */
    ippon_win w = W("123p456p99m13s789s", "2s", "1m3p");
    w.seat = 0;
    w.from = 1;
    RIICHI(&w, "1z1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 40, IPPON_LIMIT_MANGAN, 2000, 12000);
    PAY(s, 12000, -12000, 0, 0);
}

/* ===================================================================== tsumo payments */

static void tsumo_nondealer_rounded_separately(void **state)
{
    (void)state;
    /* 123m 99m 456p 13p 678s, tsumo 2p: menzen tsumo 1 han, 20+2+2 = 24 -> 30: base 240.
       E 480 -> 500, W 240 -> 300, N 240 -> 300: 1100 (4*240 = 960 would round to 1000) */
    ippon_win w = W("123m99m456p13p678s", "2p", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1100);
    PAY(s, -500, 1100, -300, -300);
}

static void tsumo_dealer_2x_all(void **state)
{
    (void)state;
    /* the same as dealer: each pays 2*240 = 480 -> 500: 1500 */
    ippon_win w = W("123m99m456p13p678s", "2p", "1z");
    w.seat = 0;
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1500);
    PAY(s, 1500, -500, -500, -500);
}

static void tsumo_nondealer_20fu_3han(void **state)
{
    (void)state;
    /* HC tsumo: pinfu + tanyao + tsumo = 3 han 20 fu: 20*2^5 = 640:
       E 1280 -> 1300, W and N 640 -> 700: 2700 */
    ippon_win w = W(HC, "6s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 20, IPPON_LIMIT_NONE, 640, 2700);
    PAY(s, -1300, 2700, -700, -700);
}

static void tsumo_dealer_20fu_3han(void **state)
{
    (void)state;
    /* dealer: each 1280 -> 1300: 3900 */
    ippon_win w = W(HC, "6s", "1z");
    w.seat = 0;
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 20, IPPON_LIMIT_NONE, 640, 3900);
    PAY(s, 3900, -1300, -1300, -1300);
}

static void tsumo_nondealer_mangan_4p(void **state)
{
    (void)state;
    /* HC_RED tsumo: pinfu + tanyao + tsumo + aka 2 = 5 han -> mangan: 4000/2000/2000 = 8000 */
    ippon_win w = W(HC_RED, "6s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 5, 20, IPPON_LIMIT_MANGAN, 2000, 8000);
    PAY(s, -4000, 8000, -2000, -2000);
}

static void tsumo_loss_nondealer_30fu_1han_3p(void **state)
{
    (void)state;
    /* 3p: 123p 456p 99m 13s 789s, tsumo 2s: menzen tsumo 1 han, 20+2+2 = 24 -> 30: 240.
       E 480 -> 500, W 240 -> 300, no North: 800 */
    ippon_win w = W("123p456p99m13s789s", "2s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 800);
    PAY(s, -500, 800, -300, 0);
}

/* 3p: the dealer's riichi tsumo of 234p 067p 345s 66s 78s on 6s (riichi + tsumo + pinfu + tanyao +
   aka 1 = 5 han, mangan), with its own riichi stick on the table */
static ippon_win dealer_riichi_tsumo_3p(void)
{
    ippon_win w = W("234p067p345s66s78s", "6s", "1z");
    w.seat = 0;
    RIICHI(&w, "1z");
    TSUMO(&w);
    w.riichi_sticks = 1;
    return w;
}

static void tsumo_loss_dealer_mangan_3p(void **state)
{
    (void)state;
    /* 3p dealer, HC with red 5p, riichi tsumo: riichi + tsumo + pinfu + tanyao + aka 1 = 5 han
       -> mangan: S and W 4000 each = 8000, + the own riichi stick back */
    ippon_win w = dealer_riichi_tsumo_3p();
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 5, 20, IPPON_LIMIT_MANGAN, 2000, 8000);
    PAY(s, 9000, -4000, -4000, 0);
}

static void tsumo_loss_dealer_20fu_3han_3p(void **state)
{
    (void)state;
    /* 3p dealer HC tsumo, 3 han 20 fu: 640: S and W 1280 -> 1300: 2600 */
    ippon_win w = W(HC, "6s", "1z");
    w.seat = 0;
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 3, 20, IPPON_LIMIT_NONE, 640, 2600);
    PAY(s, 2600, -1300, -1300, 0);
}

static void tsumo_loss_west_winner_3p(void **state)
{
    (void)state;
    /* 3p, W wins HC by tsumo: 3 han 20 fu: E 1300, S 700: 2000 */
    ippon_win w = W(HC, "6s", "1z");
    w.seat = 2;
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 3, 20, IPPON_LIMIT_NONE, 640, 2000);
    PAY(s, -1300, -700, 2000, 0);
}

/* 3p without tsumo loss (a sanma preset with tsumo_loss false): North's share of a tsumo is
   split evenly between the two payers, each payment rounded up to 100 (src/core/RULES.md §6's 4p shares,
   worked by hand) */
static ippon_rules split_north;

static void score_split(ippon_win *w, ippon_score *s)
{
    split_north = *ippon_rules_preset("sanma");
    split_north.tsumo_loss = false;
    assert_int_equal(ippon_score_win(&split_north, w, s), 0);
}

static void split_north_nondealer_30fu_1han_3p(void **state)
{
    (void)state;
    /* the hand of tsumo_loss_nondealer_30fu_1han_3p, base 240: North's 240 split, 120 each:
       E 480 + 120 = 600, W 240 + 120 = 360 -> 400: 1000 (tsumo loss: 800) */
    ippon_win w = W("123p456p99m13s789s", "2s", "1z");
    TSUMO(&w);
    ippon_score s;
    score_split(&w, &s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    PAY(s, -600, 1000, -400, 0);
}

static void split_north_dealer_mangan_3p(void **state)
{
    (void)state;
    /* the dealer's riichi tsumo mangan of tsumo_loss_dealer_mangan_3p: North's 4000 split,
       2000 each: S and W 6000 each = 12000, + the own riichi stick back */
    ippon_win w = dealer_riichi_tsumo_3p();
    ippon_score s;
    score_split(&w, &s);
    EXPECT(s, 5, 20, IPPON_LIMIT_MANGAN, 2000, 12000);
    PAY(s, 13000, -6000, -6000, 0);
}

static void split_north_west_winner_3p(void **state)
{
    (void)state;
    /* W's tsumo of tsumo_loss_west_winner_3p, base 640: North's 640 split, 320 each:
       E 1280 + 320 = 1600, S 640 + 320 = 960 -> 1000: 2600 (tsumo loss: 2000) */
    ippon_win w = W(HC, "6s", "1z");
    w.seat = 2;
    TSUMO(&w);
    ippon_score s;
    score_split(&w, &s);
    EXPECT(s, 3, 20, IPPON_LIMIT_NONE, 640, 2600);
    PAY(s, -1600, -1000, 2600, 0);
}

static void split_north_leaves_ron_alone_3p(void **state)
{
    (void)state;
    /* a ron has no North share: W's HC ron from S as with tsumo loss, 2 han 30 fu: 2000 */
    ippon_win w = W(HC, "6s", "1z");
    w.seat = 2;
    w.from = 1;
    ippon_score with_loss, split;
    SCORE("sanma", w, with_loss);
    score_split(&w, &split);
    assert_int_equal(split.total, with_loss.total);
    assert_memory_equal(split.payments, with_loss.payments, sizeof split.payments);
}

/* ======================================================================= yakuman payments */

static void yakuman_dealer_ron_48000(void **state)
{
    (void)state;
    /* dealer kokushi, ron from N: 6*8000 = 48000 */
    ippon_win w = W("119m19p19s123456z", "7z", "2m");
    w.seat = 0;
    w.from = 3;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 48000);
    PAY(s, 48000, 0, 0, -48000);
}

static void yakuman_nondealer_tsumo_3p(void **state)
{
    (void)state;
    /* 3p suuankou tsumo by S: E 16000 + W 8000 = 24000 */
    ippon_win w = W("111m444p666s88s99p", "8s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 24000);
    PAY(s, -16000, 24000, -8000, 0);
}

static void yakuman_dealer_tsumo_3p(void **state)
{
    (void)state;
    /* 3p suuankou tsumo by the dealer: S and W 16000 each = 32000 */
    ippon_win w = W("111m444p666s88s99p", "8s", "1z");
    w.seat = 0;
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    PAY(s, 32000, -16000, -16000, 0);
}

static void double_yakuman_tsumo_3p(void **state)
{
    (void)state;
    /* 3p suuankou tanki by tsumo (S): double: base 16000: E 32000 + W 16000 = 48000 */
    ippon_win w = W("111m444p666s888s9p", "9p", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 48000);
    PAY(s, -32000, 48000, -16000, 0);
}

/* ================================================================================== honba */

static void honba_ron_4p(void **state)
{
    (void)state;
    /* pinfu 1 han 30 fu ron 1000 (234m 456p 789s 55s 67p + 8p), 2 honba: +2*300 = 1600 from W;
       the hand value stays 1000 */
    ippon_win w = W("234m456p789s55s67p", "8p", "1z");
    w.honba = 2;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    PAY(s, 0, 1600, -1600, 0);
    BONUS(w, s, 600, 0);
}

static void honba_tsumo_4p(void **state)
{
    (void)state;
    /* 500/300/300 tsumo with 2 honba: +200 from each payer: E 700, W 500, N 500: +1700 */
    ippon_win w = W("123m99m456p13p678s", "2p", "1z");
    TSUMO(&w);
    w.honba = 2;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1100);
    PAY(s, -700, 1700, -500, -500);
    BONUS(w, s, 600, 0); /* 3 payers × 100 × 2 */
}

static void honba_dealer_tsumo_4p(void **state)
{
    (void)state;
    /* dealer tsumo 500 all, 3 honba: each pays 500 + 300 = 800: +2400 */
    ippon_win w = W("123m99m456p13p678s", "2p", "1z");
    w.seat = 0;
    TSUMO(&w);
    w.honba = 3;
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, 2400, -800, -800, -800);
    BONUS(w, s, 900, 0); /* 3 payers × 100 × 3 */
}

static void honba_ron_3p(void **state)
{
    (void)state;
    /* 3p: 99m 234p 567p 678s 45s, ron 3s: pinfu 1 han 30 fu = 1000, 2 honba: +2*200: 1400 */
    ippon_win w = W("99m234p567p678s45s", "3s", "1z");
    w.honba = 2;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    PAY(s, 0, 1400, -1400, 0);
    BONUS(w, s, 400, 0);
}

static void honba_tsumo_3p(void **state)
{
    (void)state;
    /* 3p 500 + 300 tsumo, 2 honba: +200 from each of the two payers: E 700, W 500: +1200 */
    ippon_win w = W("123p456p99m13s789s", "2s", "1z");
    TSUMO(&w);
    w.honba = 2;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 800);
    PAY(s, -700, 1200, -500, 0);
    BONUS(w, s, 400, 0); /* 2 payers × 100 × 2 */
}

static void honba_dealer_tsumo_3p(void **state)
{
    (void)state;
    /* 3p dealer 1300 all (HC tsumo), 3 honba: each 1300 + 300 = 1600: +3200 */
    ippon_win w = W(HC, "6s", "1z");
    w.seat = 0;
    TSUMO(&w);
    w.honba = 3;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 3, 20, IPPON_LIMIT_NONE, 640, 2600);
    PAY(s, 3200, -1600, -1600, 0);
    BONUS(w, s, 600, 0); /* 2 payers × 100 × 3 */
}

/* ========================================================================== riichi sticks */

static void riichi_sticks_to_winner(void **state)
{
    (void)state;
    /* HC riichi ron: riichi + pinfu + tanyao = 3 han 30 fu: 960, ron 3840 -> 3900.
       3 sticks on the table and 1 honba: W pays 3900 + 300 = 4200, S gets 4200 + 3000 */
    ippon_win w = W(HC, "6s", "1z");
    RIICHI(&w, "1z");
    w.riichi_sticks = 3;
    w.honba = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 30, IPPON_LIMIT_NONE, 960, 3900);
    PAY(s, 0, 7200, -4200, 0);
    BONUS(w, s, 300, 3000);
}

static void honba_and_sticks_breakdown_ron_4p(void **state)
{
    (void)state;
    /* HC riichi ron 3900 (as above) with 2 honba and 1 stick on the table: W pays 3900 + 600;
       S collects 600 honba and 1000 for the stick: +5500 */
    ippon_win w = W(HC, "6s", "1z");
    RIICHI(&w, "1z");
    w.riichi_sticks = 1;
    w.honba = 2;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 30, IPPON_LIMIT_NONE, 960, 3900);
    PAY(s, 0, 5500, -4500, 0);
    BONUS(w, s, 600, 1000);
}

static void no_honba_no_sticks_no_bonus(void **state)
{
    (void)state;
    /* the same hand with nothing on the table: the winner collects the hand value alone */
    ippon_win w = W(HC, "6s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    PAY(s, 0, 3900, -3900, 0);
    BONUS(w, s, 0, 0);
}

static void riichi_sticks_to_winner_tsumo_3p(void **state)
{
    (void)state;
    /* 3p, tsumo 800 (500 + 300), 2 sticks: S +800 + 2000 = 2800 */
    ippon_win w = W("123p456p99m13s789s", "2s", "1z");
    TSUMO(&w);
    w.riichi_sticks = 2;
    ippon_score s;
    SCORE("sanma", w, s);
    PAY(s, -500, 2800, -300, 0);
    BONUS(w, s, 0, 2000);
}

/* =================================================================================== kita */

static void kita_one_han_each(void **state)
{
    (void)state;
    /* 3p HC riichi ron, 1 North set aside, no indicator at North: riichi + pinfu + tanyao +
       kita 1 = 4 han 30 fu: 1920 (no kiriage), ron 7680 -> 7700 */
    ippon_win w = W(HC, "6s", "1z");
    RIICHI(&w, "1z");
    w.kita = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 30, IPPON_LIMIT_NONE, 1920, 7700);
    YAKU(s, IPPON_YAKU_KITA, 1);
    NOT_YAKU(s, IPPON_YAKU_DORA);
}

static void kita_is_dora_again_with_west_indicator(void **state)
{
    (void)state;
    /* 2 kita, dora indicator West -> North: each kita North counts again:
       3 + kita 2 + dora 2 = 7 han -> haneman, ron 12000 */
    ippon_win w = W(HC, "6s", "3z");
    RIICHI(&w, "1z");
    w.kita = 2;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 7, 30, IPPON_LIMIT_HANEMAN, 3000, 12000);
    YAKU(s, IPPON_YAKU_KITA, 2);
    YAKU(s, IPPON_YAKU_DORA, 2);
}

static void kita_is_ura_again_with_west_ura(void **state)
{
    (void)state;
    /* 1 kita, dora West and ura West: 3 + kita 1 + dora 1 + ura 1 = 6 han -> haneman 12000 */
    ippon_win w = W(HC, "6s", "3z");
    RIICHI(&w, "3z");
    w.kita = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 6, 30, IPPON_LIMIT_HANEMAN, 3000, 12000);
    YAKU(s, IPPON_YAKU_KITA, 1);
    YAKU(s, IPPON_YAKU_DORA, 1);
    YAKU(s, IPPON_YAKU_URA, 1);
}

static void kita_ura_needs_riichi(void **state)
{
    (void)state;
    /* without riichi there is no ura at all: 3p HC ron with 2 kita, dora indicator East
       (-> South, none): pinfu + tanyao + kita 2 = 4 han 30 fu: 7700 */
    ippon_win w = W(HC, "6s", "1z");
    w.kita = 2;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 30, IPPON_LIMIT_NONE, 1920, 7700);
    NOT_YAKU(s, IPPON_YAKU_URA);
}

static void kita_and_north_pair_with_west_indicator(void **state)
{
    (void)state;
    /* 3p: 234p 567p 345s 78s 44z (North pair), ron 6s: pinfu (the North pair is no value pair);
       1 kita; indicator West: 2 Norths in hand + 1 kita = 3 dora.
       pinfu 1 + kita 1 + dora 3 = 5 han -> mangan, ron 8000 */
    ippon_win w = W("234p567p345s78s44z", "6s", "3z");
    w.kita = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 5, 30, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_DORA, 3);
    YAKU(s, IPPON_YAKU_KITA, 1);
    YAKU(s, IPPON_YAKU_PINFU, 1);
}

static void kita_alone_is_no_yaku(void **state)
{
    (void)state;
    /* 3p: kita is dora, not a yaku: pon 333z (a guest wind for S), 123p 456p 789s + 1s tanki,
       2 Norths set aside: no yaku */
    ippon_win w = W("123p456p789s1s", "1s", "5z");
    PON(&w, "3z", 0);
    w.kita = 2;
    ippon_score s;
    SCORE("sanma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

/* ============================================================================= red fives */

static void red_five_pin(void **state)
{
    (void)state;
    /* 4p HC with red 5p, tsumo: pinfu + tanyao + tsumo + aka 1 = 4 han 20 fu: 1280:
       E 2560 -> 2600, W and N 1300: 5200 */
    ippon_win w = W("234p067p345s66s78s", "6s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 20, IPPON_LIMIT_NONE, 1280, 5200);
    YAKU(s, IPPON_YAKU_AKA, 1);
    PAY(s, -2600, 5200, -1300, -1300);
}

static void red_five_man_4p(void **state)
{
    (void)state;
    /* 4p: 34(red 5)m 567p 345s 66s 78s, ron 6s: pinfu + tanyao + aka 1 = 3 han 30 fu: 960,
       ron 3840 -> 3900 */
    ippon_win w = W("340m567p345s66s78s", "6s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 30, IPPON_LIMIT_NONE, 960, 3900);
    YAKU(s, IPPON_YAKU_AKA, 1);
}

static void red_five_as_winning_tile(void **state)
{
    (void)state;
    /* 4p: 234p 67p 345s 678s 66s, ron on the red 5p (low end of 567p: two-sided):
       the winning tile's red five counts: pinfu + tanyao + aka 1 = 3 han 30 fu: 960,
       ron 3840 -> 3900 */
    ippon_win w = W("234p67p345s678s66s", "0p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 30, IPPON_LIMIT_NONE, 960, 3900);
    YAKU(s, IPPON_YAKU_AKA, 1);
}

static void red_five_is_also_a_five_for_dora(void **state)
{
    (void)state;
    /* HC_RED ron with indicator 4p -> 5p: the red 5p is the only 5p: dora 1 on top of aka 2:
       pinfu + tanyao + aka 2 + dora 1 = 5 han -> mangan 8000 */
    ippon_win w = W(HC_RED, "6s", "4p");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 5, 30, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_AKA, 2);
    YAKU(s, IPPON_YAKU_DORA, 1);
}

static void red_fives_3p(void **state)
{
    (void)state;
    /* 3p HC_RED ron: pinfu + tanyao + aka 2 = 4 han 30 fu: 1920, no kiriage: 7700 */
    ippon_win w = W(HC_RED, "6s", "1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 30, IPPON_LIMIT_NONE, 1920, 7700);
    YAKU(s, IPPON_YAKU_AKA, 2);
}

static void dora_alone_is_no_yaku(void **state)
{
    (void)state;
    /* open hand with 3 dora and a red five but no yaku: chi 123m; 4(red 5)6p 789s
       333z (a guest wind for S) + 1s tanki, indicator 2z -> 3z (3 dora): no yaku at all */
    ippon_win w = W("406p789s333z1s", "1s", "2z");
    CHI(&w, "1m", "1m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

static void dora_on_a_kan_counts_four(void **state)
{
    (void)state;
    /* ankan 4p, 234m 678m 567s + 8s tanki, ron; indicator 3p -> 4p: the kan's 4 tiles are 4 dora.
       tanyao 1 + dora 4 = 5 han -> mangan, ron 8000 (fu 20+10+16+2 = 48 -> 50) */
    ippon_win w = W("234m678m567s8s", "8s", "3p");
    ANKAN(&w, "4p", 1);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 5, 50, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_DORA, 4);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(fu40_han4_is_mangan),
        cmocka_unit_test(fu40_han4_is_mangan_3p),
        cmocka_unit_test(fu30_han4_kiriage_4p),
        cmocka_unit_test(fu30_han4_no_kiriage_3p),
        cmocka_unit_test(fu60_han3_kiriage_4p),
        cmocka_unit_test(fu60_han3_no_kiriage_3p),
        cmocka_unit_test(fu60_han3_dealer_3p),
        cmocka_unit_test(fu70_han3_mangan_4p),
        cmocka_unit_test(fu70_han3_mangan_3p),
        cmocka_unit_test(han5_chiitoitsu_dealer_mangan),
        cmocka_unit_test(han5_mangan_at_20_fu_3p),
        cmocka_unit_test(han4_fu20_not_mangan_3p),
        cmocka_unit_test(haneman_6),
        cmocka_unit_test(haneman_7),
        cmocka_unit_test(baiman_8),
        cmocka_unit_test(baiman_10),
        cmocka_unit_test(sanbaiman_11),
        cmocka_unit_test(sanbaiman_12),
        cmocka_unit_test(sanbaiman_12_3p),
        cmocka_unit_test(han13_is_sanbaiman_4p),
        cmocka_unit_test(han13_is_kazoe_yakuman_3p),
        cmocka_unit_test(han14_dealer_sanbaiman_4p),
        cmocka_unit_test(kazoe_counts_kita_3p),
        cmocka_unit_test(ron_nondealer_4x_rounded),
        cmocka_unit_test(ron_dealer_6x_rounded),
        cmocka_unit_test(ron_dealer_30fu_1han),
        cmocka_unit_test(ron_dealer_mangan_3p),
        cmocka_unit_test(tsumo_nondealer_rounded_separately),
        cmocka_unit_test(tsumo_dealer_2x_all),
        cmocka_unit_test(tsumo_nondealer_20fu_3han),
        cmocka_unit_test(tsumo_dealer_20fu_3han),
        cmocka_unit_test(tsumo_nondealer_mangan_4p),
        cmocka_unit_test(tsumo_loss_nondealer_30fu_1han_3p),
        cmocka_unit_test(tsumo_loss_dealer_mangan_3p),
        cmocka_unit_test(tsumo_loss_dealer_20fu_3han_3p),
        cmocka_unit_test(tsumo_loss_west_winner_3p),
        cmocka_unit_test(split_north_nondealer_30fu_1han_3p),
        cmocka_unit_test(split_north_dealer_mangan_3p),
        cmocka_unit_test(split_north_west_winner_3p),
        cmocka_unit_test(split_north_leaves_ron_alone_3p),
        cmocka_unit_test(yakuman_dealer_ron_48000),
        cmocka_unit_test(yakuman_nondealer_tsumo_3p),
        cmocka_unit_test(yakuman_dealer_tsumo_3p),
        cmocka_unit_test(double_yakuman_tsumo_3p),
        cmocka_unit_test(honba_ron_4p),
        cmocka_unit_test(honba_tsumo_4p),
        cmocka_unit_test(honba_dealer_tsumo_4p),
        cmocka_unit_test(honba_ron_3p),
        cmocka_unit_test(honba_tsumo_3p),
        cmocka_unit_test(honba_dealer_tsumo_3p),
        cmocka_unit_test(riichi_sticks_to_winner),
        cmocka_unit_test(honba_and_sticks_breakdown_ron_4p),
        cmocka_unit_test(no_honba_no_sticks_no_bonus),
        cmocka_unit_test(riichi_sticks_to_winner_tsumo_3p),
        cmocka_unit_test(kita_one_han_each),
        cmocka_unit_test(kita_is_dora_again_with_west_indicator),
        cmocka_unit_test(kita_is_ura_again_with_west_ura),
        cmocka_unit_test(kita_ura_needs_riichi),
        cmocka_unit_test(kita_and_north_pair_with_west_indicator),
        cmocka_unit_test(kita_alone_is_no_yaku),
        cmocka_unit_test(red_five_pin),
        cmocka_unit_test(red_five_man_4p),
        cmocka_unit_test(red_five_as_winning_tile),
        cmocka_unit_test(red_five_is_also_a_five_for_dora),
        cmocka_unit_test(red_fives_3p),
        cmocka_unit_test(dora_on_a_kan_counts_four),
        cmocka_unit_test(dora_alone_is_no_yaku),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
