/*
 * test_score_fu.c — the fu of src/core/RULES.md §6, one component at a time (20 base, closed ron +10,
 * tsumo +2, pinfu tsumo 20 / ron 30, seven pairs 25, open 20 -> 30, value pairs, the double
 * wind pair 2 fu in 4p and 4 fu in 3p, kanchan / penchan / tanki, triplets and kans open and
 * closed, rounding), and hands whose reading changes the fu and so the score (src/core/RULES.md §5:
 * the reading worth the most points, then most han, then most fu). Expected values are worked
 * out by hand; the arithmetic is in the comment of each case.
 */

#include "score_script.h"

/*
 * Conventions: "4p" = yonma, "3p" = sanma. Unless a case says otherwise the winner is South
 * (seat 1) in the East round, ron from West (seat 2). Fu (src/core/RULES.md §6): 20 base, closed ron
 * +10, tsumo +2 (not pinfu), pair of dragon / seat / round wind 2 (double wind 2 in 4p, 4 in
 * 3p), kanchan / penchan / tanki +2, triplets open simple 2, closed simple 4, open terminal or
 * honor 4, closed terminal or honor 8, kans 4x, rounded up to 10. Most cases are built so that
 * the component under test moves the total across a multiple of 10, so a wrong value for it
 * changes the score.
 */

/* ======================================================================= base, ron, tsumo */

static void pinfu_ron_30(void **state)
{
    (void)state;
    /* 234m 567m 345p 78s 99s, ron 6s (two-sided): pinfu ron = 20+10 = 30.
       pinfu 1 han: 30*2^3 = 240, ron 960 -> 1000 */
    ippon_win w = W("234m567m345p78s99s", "6s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_PINFU, 1);
}

static void pinfu_tsumo_20(void **state)
{
    (void)state;
    /* the same by tsumo: pinfu tsumo is 20 (no +2): pinfu 1 + tsumo 1 = 2 han:
       20*2^4 = 320: E 640 -> 700, W and N 320 -> 400 = 1500 (22 -> 30 fu would be 2000) */
    ippon_win w = W("234m567m345p78s99s", "6s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 20, IPPON_LIMIT_NONE, 320, 1500);
    PAY(s, -700, 1500, -400, -400);
}

static void tsumo_adds_2(void **state)
{
    (void)state;
    /* 111p 234m 678m 567s + 8s tanki, tsumo: 20+2 tsumo+8 (111p closed)+2 tanki = 32 -> 40
       (without the +2: 30). menzen tsumo 1 han: 320: 700/400/400 = 1500 */
    ippon_win w = W("111p234m678m567s8s", "8s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1500);
}

static void closed_ron_adds_10(void **state)
{
    (void)state;
    /* the same hand by ron with riichi: 20+10+8+2 = 40: riichi 1 han: 320, ron 1300 */
    ippon_win w = W("111p234m678m567s8s", "8s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
}

static void chankan_is_a_closed_ron(void **state)
{
    (void)state;
    /* 111p 234m 678m 88s + 57s, robbing a kakan of 6s: a chankan win is a ron: 20+10+8+2
       kanchan = 40. chankan 1 han: 320, ron 1300 paid by the kan player N */
    ippon_win w = W("111p234m678m88s57s", "6s", "1z");
    w.chankan = true;
    w.from = 3;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_CHANKAN, 1);
    PAY(s, 0, 1300, 0, -1300);
}

static void chiitoitsu_25_tsumo(void **state)
{
    (void)state;
    /* seven pairs are always 25 fu, tsumo too (no +2, no rounding): chiitoitsu 2 + tsumo 1 =
       3 han: 25*2^5 = 800: E 1600, W and N 800 = 3200 */
    ippon_win w = W("11m22p55p77s99s33z6z", "6z", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 25, IPPON_LIMIT_NONE, 800, 3200);
    PAY(s, -1600, 3200, -800, -800);
}

static void chiitoitsu_25_dealer_ron(void **state)
{
    (void)state;
    /* dealer ron, chiitoitsu 2 han 25 fu: 400*6 = 2400 */
    ippon_win w = W("11m22p55p77s99s33z6z", "6z", "1z");
    w.seat = 0;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 25, IPPON_LIMIT_NONE, 400, 2400);
    PAY(s, 2400, 0, -2400, 0);
}

static void open_20_becomes_30_ron(void **state)
{
    (void)state;
    /* chi 234m; 567p 678s 22p 34s, ron 5s (two-sided): nothing beyond 20 -> 30.
       open tanyao 1 han: 240, ron 1000 */
    ippon_win w = W("567p678s22p34s", "5s", "1z");
    CHI(&w, "2m", "4m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
}

static void open_20_becomes_30_tsumo(void **state)
{
    (void)state;
    /* the same by tsumo: 20+2 = 22 -> 30 (no pinfu when open): 500/300/300 = 1100 */
    ippon_win w = W("567p678s22p34s", "5s", "1z");
    CHI(&w, "2m", "4m", 0);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1100);
    PAY(s, -500, 1100, -300, -300);
}

/* ==================================================================================== pairs */

/* 234m 567p 345s 67s + a pair, riichi, ron 5s (two-sided). With a non-value pair it is pinfu
   (30 fu); with a value pair it is 20+10+2 = 32 -> 40: riichi 1 han: 320, ron 1300. */

static void dragon_pair_2(void **state)
{
    (void)state;
    ippon_win w = W("234m567p345s67s55z", "5s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    NOT_YAKU(s, IPPON_YAKU_PINFU);
}

static void seat_wind_pair_2(void **state)
{
    (void)state;
    ippon_win w = W("234m567p345s67s22z", "5s", "5z");
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
}

static void round_wind_pair_2(void **state)
{
    (void)state;
    /* W seat in the South round, South pair; ron from N */
    ippon_win w = W("234m567p345s67s22z", "5s", "5z");
    w.seat = 2;
    w.round_wind = 1;
    w.from = 3;
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    PAY(s, 0, 0, 1300, -1300);
}

static void guest_wind_pair_0(void **state)
{
    (void)state;
    /* West pair for S in the East round: 0 fu, pinfu stands: riichi 1 + pinfu 1 = 2 han 30 fu:
       480, ron 1920 -> 2000 */
    ippon_win w = W("234m567p345s67s33z", "5s", "5z");
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 30, IPPON_LIMIT_NONE, 480, 2000);
    YAKU(s, IPPON_YAKU_PINFU, 1);
}

/* East dealer in the East round with an East pair: 111s 345s 567p 78p 11z, riichi, ron 9p
   (789p two-sided). 20+10+8 (111s closed terminal) + double-wind pair. */

static void double_wind_pair_4p_is_2(void **state)
{
    (void)state;
    /* 4p: 20+10+8+2 = 40: riichi 1 han: 320, dealer ron 1920 -> 2000 (with 4 fu: 50 -> 2400) */
    ippon_win w = W("111s345s567p78p11z", "9p", "5z");
    w.seat = 0;
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 2000);
    PAY(s, 2000, 0, -2000, 0);
}

static void double_wind_pair_3p_is_4(void **state)
{
    (void)state;
    /* 3p: 20+10+8+4 = 42 -> 50: 50*2^3 = 400, dealer ron 2400 */
    ippon_win w = W("111s345s567p78p11z", "9p", "5z");
    w.seat = 0;
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 2400);
}

static void double_wind_pair_3p_south(void **state)
{
    (void)state;
    /* 3p, S seat in the South round, South pair: 20+10+8+4 = 42 -> 50: 400, ron 1600.
       4p: 20+10+8+2 = 40: 320, ron 1300 */
    ippon_win w = W("111s345s567p78p22z", "9p", "5z");
    w.round_wind = 1;
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 1600);
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
}

/* ==================================================================================== waits */

/* 111s 234m 567m + a partial set + South (seat wind) pair 22z, riichi, ron:
   20+10+8 (111s)+2 (seat pair) = 40 with a two-sided wait, 42 -> 50 with kanchan, penchan or
   tanki. riichi 1 han: 40 fu -> 1300, 50 fu -> 400*4 = 1600. */

/* a hand of the shape above, riichi, ron on tile (indicators 5z hit nothing): riichi 1 han at
   the given fu and points, and the wait the hand was read with */
static void expect_wait(const char *hand, const char *tile, int fu, int base, int total, int wait)
{
    ippon_win w = W(hand, tile, "5z");
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, fu, IPPON_LIMIT_NONE, base, total);
    assert_int_equal(s.wait, wait);
}

static void wait_ryanmen_0(void **state)
{
    (void)state;
    expect_wait("111s234m567m23p22z", "4p", 40, 320, 1300, IPPON_WAIT_RYANMEN);
}

static void wait_ryanmen_low_end_0(void **state)
{
    (void)state;
    /* 23p waiting on 1p: completing 123p from the 23 side is still two-sided */
    expect_wait("111s234m567m23p22z", "1p", 40, 320, 1300, IPPON_WAIT_RYANMEN);
}

static void wait_kanchan_2(void **state)
{
    (void)state;
    expect_wait("111s234m567m13p22z", "2p", 50, 400, 1600, IPPON_WAIT_KANCHAN);
}

static void wait_penchan_12_2(void **state)
{
    (void)state;
    expect_wait("111s234m567m12p22z", "3p", 50, 400, 1600, IPPON_WAIT_PENCHAN);
}

static void wait_penchan_89_2(void **state)
{
    (void)state;
    expect_wait("111s234m567m89p22z", "7p", 50, 400, 1600, IPPON_WAIT_PENCHAN);
}

static void wait_tanki_2(void **state)
{
    (void)state;
    expect_wait("111s234m567m123p2z", "2z", 50, 400, 1600, IPPON_WAIT_TANKI);
}

static void wait_kanchan_without_value_pair(void **state)
{
    (void)state;
    /* 234m 567m 345p 68s 99s, riichi, ron 7s kanchan: 20+10+2 = 32 -> 40 (not pinfu): 1300 */
    ippon_win w = W("234m567m345p68s99s", "7s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    NOT_YAKU(s, IPPON_YAKU_PINFU);
}

/* ================================================================================ triplets */

/* 234m 67m 88p + two triplets, won on 8m (678m two-sided), so only the triplets add fu. */

static void triplet_open_simple_2(void **state)
{
    (void)state;
    /* pon 444p, 999s concealed, houtei ron: 20+2+8 = 30 (an open simple worth 4 would make
       32 -> 40). houtei 1 han: 240, ron 1000 */
    ippon_win w = W("999s234m67m88p", "8m", "1z");
    PON(&w, "4p", 0);
    w.houtei = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
}

static void triplet_closed_simple_4(void **state)
{
    (void)state;
    /* 444p and 999s concealed, riichi ron: 20+10+4+8 = 42 -> 50 (2 would make 40).
       riichi 1 han: 400, ron 1600 */
    ippon_win w = W("444p999s234m67m88p", "8m", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 1600);
}

static void triplet_open_terminal_4(void **state)
{
    (void)state;
    /* pon 999s, 111p concealed, houtei ron: 20+4+8 = 32 -> 40 (2 would make 30): 1300 */
    ippon_win w = W("111p234m67m88p", "8m", "1z");
    PON(&w, "9s", 0);
    w.houtei = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
}

static void triplet_closed_terminal_8(void **state)
{
    (void)state;
    /* 111p and 999s concealed, riichi ron: 20+10+8+8 = 46 -> 50 (4 each would make 40): 1600 */
    ippon_win w = W("111p999s234m67m88p", "8m", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 1600);
}

static void triplet_open_honor_4(void **state)
{
    (void)state;
    /* pon 333z (guest), 111p concealed, houtei ron: 20+4+8 = 32 -> 40: 1300 */
    ippon_win w = W("111p234m67m88p", "8m", "5z");
    PON(&w, "3z", 0);
    w.houtei = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
}

static void triplet_closed_honor_8(void **state)
{
    (void)state;
    /* 333z and 111p concealed, riichi ron: 20+10+8+8 = 46 -> 50: 1600 */
    ippon_win w = W("333z111p234m67m88p", "8m", "5z");
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 1600);
}

static void shanpon_ron_triplet_is_open(void **state)
{
    (void)state;
    /* 111p 234m 567m 99p + 44s, riichi, ron 4s: 444s completed by ron is open: 2.
       20+10+8+2 = 40 (as a concealed 4 it would be 42 -> 50): 1300 */
    ippon_win w = W("111p44s234m567m99p", "4s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    assert_int_equal(s.wait, IPPON_WAIT_SHANPON);
}

static void shanpon_tsumo_triplet_stays_closed(void **state)
{
    (void)state;
    /* the same by tsumo: 444s concealed: 20+2+8+4 = 34 -> 40; riichi 1 + tsumo 1 = 2 han:
       640: E 1280 -> 1300, W and N 640 -> 700 = 2700 */
    ippon_win w = W("111p44s234m567m99p", "4s", "1z");
    RIICHI(&w, "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2700);
    PAY(s, -1300, 2700, -700, -700);
}

/* ==================================================================================== kans */

/* 234m 678m + a third set + 8 tanki; the kan is the fourth set. */

static void kan_daiminkan_simple_8(void **state)
{
    (void)state;
    /* daiminkan 4p; 234m 678m 567s + 8s tanki, ron: open: 20+8+2 = 30.
       open tanyao 1 han: 240, ron 1000 */
    ippon_win w = W("234m678m567s8s", "8s", "1z");
    DMK(&w, "4p", 0, 1);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_TANYAO, 1);
}

static void kan_ankan_simple_16(void **state)
{
    (void)state;
    /* the same with an ankan of 4p: still closed: 20+10+16+2 = 48 -> 50.
       tanyao 1 han: 400, ron 1600 */
    ippon_win w = W("234m678m567s8s", "8s", "1z");
    ANKAN(&w, "4p", 1);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 1600);
}

static void kan_daiminkan_terminal_16(void **state)
{
    (void)state;
    /* daiminkan 9s; 234m 678m 567p + 8p tanki, houtei ron: 20+16+2 = 38 -> 40: 1300 */
    ippon_win w = W("234m678m567p8p", "8p", "1z");
    DMK(&w, "9s", 0, 1);
    w.houtei = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
}

static void kan_kakan_is_open_16(void **state)
{
    (void)state;
    /* kakan 9s (pon from E): counted like an open kan: 20+16+2 = 38 -> 40: 1300 */
    ippon_win w = W("234m678m567p8p", "8p", "1z");
    KAKAN(&w, "9s", 0, 1);
    w.houtei = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
}

static void kan_ankan_terminal_32(void **state)
{
    (void)state;
    /* ankan 9s, riichi ron: 20+10+32+2 = 64 -> 70: riichi 1 han: 70*2^3 = 560,
       ron 2240 -> 2300 */
    ippon_win w = W("234m678m567p8p", "8p", "1z");
    ANKAN(&w, "9s", 1);
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 70, IPPON_LIMIT_NONE, 560, 2300);
}

static void kan_ankan_honor_32_tsumo(void **state)
{
    (void)state;
    /* ankan 3z (guest), tsumo (not rinshan): menzen tsumo 1 han;
       20+2+32+2 = 56 -> 60: 480: E 960 -> 1000, W and N 480 -> 500 = 2000 */
    ippon_win w = W("234m678m567p8p", "8p", "1z");
    ANKAN(&w, "3z", 1);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 60, IPPON_LIMIT_NONE, 480, 2000);
    PAY(s, -1000, 2000, -500, -500);
}

static void two_ankan_100_fu(void **state)
{
    (void)state;
    /* ankan 3z, ankan 9s, 234m 678m + 8p tanki, riichi ron: 20+10+32+32+2 = 96 -> 100.
       riichi 1 han: 100*2^3 = 800, ron 3200 */
    ippon_win w = W("234m678m8p", "8p", "5z");
    ANKAN(&w, "3z", 1);
    ANKAN(&w, "9s", 2);
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 100, IPPON_LIMIT_NONE, 800, 3200);
}

static void rinshan_is_a_tsumo_2(void **state)
{
    (void)state;
    /* daiminkan 4p (open), rinshan tsumo on 8s tanki: tanyao 1 + rinshan 1 = 2 han;
       20+2 tsumo+8+2 = 32 -> 40: 640: E 1280 -> 1300, W and N 700 = 2700 */
    ippon_win w = W("234m678m567s8s", "8s", "1z");
    DMK(&w, "4p", 0, 1);
    TSUMO(&w);
    w.rinshan = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2700);
}

/* ================================================================ readings that change fu */

static void reading_penchan_beats_ryanmen(void **state)
{
    (void)state;
    /* 111p 789s 12345m 22z (seat pair), riichi, ron 3m: 123m+345m, the 3m either closes 12
       (penchan) or 45 (two-sided). Two-sided: 20+10+8+2 = 40 -> 1300;
       penchan: 42 -> 50 -> 400*4 = 1600. The penchan reading is worth more. */
    ippon_win w = W("111p789s12345m22z", "3m", "5z");
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 1600);
    assert_int_equal(s.wait, IPPON_WAIT_PENCHAN);
}

static void reading_kanchan_beats_ryanmen(void **state)
{
    (void)state;
    /* 111p 789s 45667m 22z, riichi, ron 5m: 456m+567m; the 5m is either the middle of 456
       (kanchan 46) or the end of 567 (two-sided 67). 40 fu -> 1300 vs 50 fu -> 1600 */
    ippon_win w = W("111p789s45667m22z", "5m", "5z");
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 50, IPPON_LIMIT_NONE, 400, 1600);
    assert_int_equal(s.wait, IPPON_WAIT_KANCHAN);
}

static void reading_pinfu_beats_kanchan(void **state)
{
    (void)state;
    /* 234p 789s 99s 45667m, riichi, ron 5m: kanchan reading: riichi 1 han, 20+10+2 = 32 -> 40:
       1300. Two-sided reading: riichi + pinfu = 2 han 30 fu: 480, ron 1920 -> 2000. Pinfu wins. */
    ippon_win w = W("234p789s99s45667m", "5m", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 30, IPPON_LIMIT_NONE, 480, 2000);
    YAKU(s, IPPON_YAKU_PINFU, 1);
    assert_int_equal(s.wait, IPPON_WAIT_RYANMEN);
}

/* 111222333m 78p 99s: three triplets (sanankou) or three 123m (iipeikou, pinfu if two-sided). */

static void reading_111222333_triplets_win(void **state)
{
    (void)state;
    /* ron 6p (678p two-sided).
       Triplets: sanankou 2 han, 20+10+8 (111m)+4+4 = 46 -> 50: 800, ron 3200.
       Sequences: pinfu 1 + iipeikou 1 = 2 han 30 fu: 480, ron 2000. Triplets kept. */
    ippon_win w = W("111222333m78p99s", "6p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 50, IPPON_LIMIT_NONE, 800, 3200);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
    NOT_YAKU(s, IPPON_YAKU_IIPEIKOU);
    NOT_YAKU(s, IPPON_YAKU_PINFU);
}

static void reading_111222333_sequences_win(void **state)
{
    (void)state;
    /* ron 9p (789p two-sided): sequences: pinfu 1 + iipeikou 1 + junchan 3 = 5 han -> mangan,
       ron 8000 (30 fu). Triplets: sanankou 2 han 50 fu: 3200 (222m 333m spoil junchan). */
    ippon_win w = W("111222333m78p99s", "9p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 5, 30, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_PINFU, 1);
    YAKU(s, IPPON_YAKU_IIPEIKOU, 1);
    YAKU(s, IPPON_YAKU_JUNCHAN, 3);
    NOT_YAKU(s, IPPON_YAKU_SANANKOU);
}

static void reading_111222333_tsumo(void **state)
{
    (void)state;
    /* tsumo 6p. Triplets: tsumo 1 + sanankou 2 = 3 han, 20+2+8+4+4 = 38 -> 40: 1280:
       E 2560 -> 2600, W and N 1300: 5200. Sequences: tsumo + pinfu + iipeikou = 3 han 20 fu:
       640: 1300/700/700 = 2700. Triplets kept. */
    ippon_win w = W("111222333m78p99s", "6p", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 40, IPPON_LIMIT_NONE, 1280, 5200);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
    PAY(s, -2600, 5200, -1300, -1300);
}

static void reading_tie_takes_most_fu(void **state)
{
    (void)state;
    /* ron 6p with dora indicator 8s (99s = 2 dora). Sequences: pinfu + iipeikou + 2 dora =
       4 han 30 fu: 1920 -> kiriage mangan. Triplets: sanankou + 2 dora = 4 han 50 fu: 3200 ->
       mangan. Same points, same han: the most fu, 50, is kept. */
    ippon_win w = W("111222333m78p99s", "6p", "8s");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 50, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
    YAKU(s, IPPON_YAKU_DORA, 2);
}

static void reading_tanki_or_pinfu(void **state)
{
    (void)state;
    /* 234p 567p 345s 66s 78s, ron 6s: the 6s is either the second tile of the 66s pair (tanki)
       or the end of 678s (two-sided). Tanki: tanyao 1 han, 20+10+2 = 32 -> 40: 1300.
       Two-sided: pinfu + tanyao 2 han 30 fu: 480, ron 1920 -> 2000. Pinfu reading kept. */
    ippon_win w = W("234p567p345s66s78s", "6s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 30, IPPON_LIMIT_NONE, 480, 2000);
    assert_int_equal(s.wait, IPPON_WAIT_RYANMEN);
}

static void reading_1112_tanki(void **state)
{
    (void)state;
    /* 234m 567m 789p 1112s, riichi, ron 2s: 111s + 22s, a tanki (11s + 122s is no reading):
       20+10+8 (111s closed terminal)+2 tanki = 40. riichi 1 han: 320, ron 1300 */
    ippon_win w = W("234m567m789p1112s", "2s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    assert_int_equal(s.wait, IPPON_WAIT_TANKI);
}

static void reading_1112_penchan(void **state)
{
    (void)state;
    /* the same hand, ron 3s: 11s pair + 123s (penchan: 12 waiting 3) is the only reading:
       20+10+2 penchan = 32 -> 40 (pair 1s: 0). riichi 1 han: 1300 */
    ippon_win w = W("234m567m789p1112s", "3s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    assert_int_equal(s.wait, IPPON_WAIT_PENCHAN);
}

static void reading_tie_takes_most_han(void **state)
{
    (void)state;
    /* 112233m 778899p 55s, riichi, tsumo 5s, indicator 4s -> 5s (pair: 2 dora).
       Ryanpeikou: riichi 1 + tsumo 1 + ryanpeikou 3 + dora 2 = 7 han, 20+2+2 tanki = 24 -> 30.
       Seven pairs: riichi 1 + tsumo 1 + chiitoitsu 2 + dora 2 = 6 han, 25 fu.
       Both haneman (3000: 6000/3000/3000 = 12000): the most han, 7, is kept. */
    ippon_win w = W("112233m778899p5s", "5s", "4s");
    RIICHI(&w, "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 7, 30, IPPON_LIMIT_HANEMAN, 3000, 12000);
    YAKU(s, IPPON_YAKU_RYANPEIKOU, 3);
    NOT_YAKU(s, IPPON_YAKU_CHIITOITSU);
    PAY(s, -6000, 12000, -3000, -3000);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pinfu_ron_30),
        cmocka_unit_test(pinfu_tsumo_20),
        cmocka_unit_test(tsumo_adds_2),
        cmocka_unit_test(closed_ron_adds_10),
        cmocka_unit_test(chankan_is_a_closed_ron),
        cmocka_unit_test(chiitoitsu_25_tsumo),
        cmocka_unit_test(chiitoitsu_25_dealer_ron),
        cmocka_unit_test(open_20_becomes_30_ron),
        cmocka_unit_test(open_20_becomes_30_tsumo),
        cmocka_unit_test(dragon_pair_2),
        cmocka_unit_test(seat_wind_pair_2),
        cmocka_unit_test(round_wind_pair_2),
        cmocka_unit_test(guest_wind_pair_0),
        cmocka_unit_test(double_wind_pair_4p_is_2),
        cmocka_unit_test(double_wind_pair_3p_is_4),
        cmocka_unit_test(double_wind_pair_3p_south),
        cmocka_unit_test(wait_ryanmen_0),
        cmocka_unit_test(wait_ryanmen_low_end_0),
        cmocka_unit_test(wait_kanchan_2),
        cmocka_unit_test(wait_penchan_12_2),
        cmocka_unit_test(wait_penchan_89_2),
        cmocka_unit_test(wait_tanki_2),
        cmocka_unit_test(wait_kanchan_without_value_pair),
        cmocka_unit_test(triplet_open_simple_2),
        cmocka_unit_test(triplet_closed_simple_4),
        cmocka_unit_test(triplet_open_terminal_4),
        cmocka_unit_test(triplet_closed_terminal_8),
        cmocka_unit_test(triplet_open_honor_4),
        cmocka_unit_test(triplet_closed_honor_8),
        cmocka_unit_test(shanpon_ron_triplet_is_open),
        cmocka_unit_test(shanpon_tsumo_triplet_stays_closed),
        cmocka_unit_test(kan_daiminkan_simple_8),
        cmocka_unit_test(kan_ankan_simple_16),
        cmocka_unit_test(kan_daiminkan_terminal_16),
        cmocka_unit_test(kan_kakan_is_open_16),
        cmocka_unit_test(kan_ankan_terminal_32),
        cmocka_unit_test(kan_ankan_honor_32_tsumo),
        cmocka_unit_test(two_ankan_100_fu),
        cmocka_unit_test(rinshan_is_a_tsumo_2),
        cmocka_unit_test(reading_penchan_beats_ryanmen),
        cmocka_unit_test(reading_kanchan_beats_ryanmen),
        cmocka_unit_test(reading_pinfu_beats_kanchan),
        cmocka_unit_test(reading_111222333_triplets_win),
        cmocka_unit_test(reading_111222333_sequences_win),
        cmocka_unit_test(reading_111222333_tsumo),
        cmocka_unit_test(reading_tie_takes_most_fu),
        cmocka_unit_test(reading_tie_takes_most_han),
        cmocka_unit_test(reading_tanki_or_pinfu),
        cmocka_unit_test(reading_1112_tanki),
        cmocka_unit_test(reading_1112_penchan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
