/*
 * test_score_yaku.c — every yaku and yakuman of src/core/RULES.md §5, closed and open where both
 * exist, scored with ippon_score_win under the "yonma" and "sanma" presets, plus the 3p
 * specifics of §2 (1m <-> 9m dora cycle, North neither a value pair nor yakuhai, sanshoku
 * doukou with 111m/999m, kita never a wind set). Every expected value was worked out by hand
 * from src/core/RULES.md §5–6; the arithmetic is in the comment of each case.
 */

#include "score_script.h"

/*
 * Conventions of every case below: "4p" = preset yonma, "3p" = preset sanma. Unless a case
 * says otherwise the winner is South (seat 1, non-dealer) in the East round and a ron comes from
 * West (seat 2). Base points = fu * 2^(2+han); non-dealer ron pays 4x base, dealer ron 6x, each
 * rounded up to 100 (src/core/RULES.md §6). Dora indicators are chosen so that they hit nothing unless
 * the case says so.
 */

/* ======================================================================== situational yaku */

/* Kanchan hand used by several cases: 123m 99m 456p 1_3p 678s, wins on 2p.
   No tanyao (1m 9m), no pinfu (kanchan), no chanta (456p). Closed ron fu: 20 + 10 + 2 kanchan
   = 32 -> 40. */
#define KANCHAN_HAND "123m99m456p13p678s"

static void riichi_1han(void **state)
{
    (void)state;
    /* riichi 1 han, 40 fu: 40*2^3 = 320, ron 4*320 = 1280 -> 1300; the stick goes to S */
    ippon_win w = W(KANCHAN_HAND, "2p", "1z");
    RIICHI(&w, "1z");
    w.riichi_sticks = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_RIICHI, 1);
    NOT_YAKU(s, IPPON_YAKU_DOUBLE_RIICHI);
    PAY(s, 0, 2300, -1300, 0);
}

static void double_riichi_instead_of_riichi(void **state)
{
    (void)state;
    /* double riichi 2 han (never riichi on top): 40*2^4 = 640, ron 2560 -> 2600 */
    ippon_win w = W(KANCHAN_HAND, "2p", "1z");
    w.double_riichi = true;
    w.n_ura = indicators("1z", w.ura);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_DOUBLE_RIICHI, 2);
    NOT_YAKU(s, IPPON_YAKU_RIICHI);
    PAY(s, 0, 2600, -2600, 0);
}

static void ippatsu(void **state)
{
    (void)state;
    /* riichi 1 + ippatsu 1 = 2 han, 40 fu: 640 -> ron 2560 -> 2600 */
    ippon_win w = W(KANCHAN_HAND, "2p", "1z");
    RIICHI(&w, "1z");
    w.ippatsu = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_RIICHI, 1);
    YAKU(s, IPPON_YAKU_IPPATSU, 1);
}

static void menzen_tsumo(void **state)
{
    (void)state;
    /* menzen tsumo 1 han; fu 20 + 2 tsumo + 2 kanchan = 24 -> 30: base 240.
       Non-dealer tsumo: E pays 2*240 = 480 -> 500, W and N 240 -> 300 each: 1100 */
    ippon_win w = W(KANCHAN_HAND, "2p", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1100);
    YAKU(s, IPPON_YAKU_MENZEN_TSUMO, 1);
    PAY(s, -500, 1100, -300, -300);
}

static void menzen_tsumo_not_when_open(void **state)
{
    (void)state;
    /* an open hand gets no menzen tsumo: chi 789s, guest-wind (West) triplet 333z, tsumo 1s
       -> no yaku at all */
    ippon_win w = W("123m456p333z1s", "1s", "5z");
    CHI(&w, "7s", "7s", 0);
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

/* Pinfu hand: 234m 456p 789s 55s 67p, wins on 8p (678p, two-sided 67p). No tanyao (789s). */
static void pinfu_ron(void **state)
{
    (void)state;
    /* pinfu 1 han, ron 30 fu: 30*2^3 = 240, 4*240 = 960 -> 1000 */
    ippon_win w = W("234m456p789s55s67p", "8p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_PINFU, 1);
    NOT_YAKU(s, IPPON_YAKU_TANYAO);
    assert_int_equal(s.wait, IPPON_WAIT_RYANMEN);
    PAY(s, 0, 1000, -1000, 0);
}

static void pinfu_tsumo(void **state)
{
    (void)state;
    /* pinfu 1 + menzen tsumo 1 = 2 han, pinfu tsumo 20 fu: 20*2^4 = 320.
       E 640 -> 700, W and N 320 -> 400: 1500 */
    ippon_win w = W("234m456p789s55s67p", "8p", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 20, IPPON_LIMIT_NONE, 320, 1500);
    YAKU(s, IPPON_YAKU_PINFU, 1);
    YAKU(s, IPPON_YAKU_MENZEN_TSUMO, 1);
    PAY(s, -700, 1500, -400, -400);
}

static void pinfu_not_with_value_pair(void **state)
{
    (void)state;
    /* same shape with the seat-wind pair 22z (S): no pinfu, no yaku at all -> NO_YAKU */
    ippon_win w = W("234m456p789s22z67p", "8p", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

static void iipeikou(void **state)
{
    (void)state;
    /* 123m 123m 456p 789s + 5s tanki: iipeikou 1 han; fu 20+10+2 tanki = 32 -> 40: ron 1300 */
    ippon_win w = W("112233m456p789s5s", "5s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_IIPEIKOU, 1);
    NOT_YAKU(s, IPPON_YAKU_RYANPEIKOU);
}

static void ryanpeikou_over_chiitoitsu(void **state)
{
    (void)state;
    /* 112233m 778899p 55s is also seven distinct pairs.
       ryanpeikou reading: 3 han, fu 20+10+2 tanki = 32 -> 40: 40*2^5 = 1280, ron 5120 -> 5200.
       chiitoitsu reading: 2 han 25 fu: 25*2^4 = 400 -> 1600. The ryanpeikou reading is kept,
       and iipeikou is not added to it. */
    ippon_win w = W("112233m778899p5s", "5s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 40, IPPON_LIMIT_NONE, 1280, 5200);
    YAKU(s, IPPON_YAKU_RYANPEIKOU, 3);
    NOT_YAKU(s, IPPON_YAKU_IIPEIKOU);
    NOT_YAKU(s, IPPON_YAKU_CHIITOITSU);
}

static void ryanpeikou_junchan(void **state)
{
    (void)state;
    /* 123m 123m 789p 789p 11s: ryanpeikou 3 + junchan 3 = 6 han -> haneman 3000, ron 12000
       (as seven pairs: chiitoitsu 2 only) */
    ippon_win w = W("112233m778899p1s", "1s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 6, 40, IPPON_LIMIT_HANEMAN, 3000, 12000);
    YAKU(s, IPPON_YAKU_RYANPEIKOU, 3);
    YAKU(s, IPPON_YAKU_JUNCHAN, 3);
    NOT_YAKU(s, IPPON_YAKU_CHIITOITSU);
}

static void iipeikou_not_when_open(void **state)
{
    (void)state;
    /* chi 123m + 123m in hand is no iipeikou when open; tanki 5s, ron -> no yaku */
    ippon_win w = W("123m456p789s5s", "5s", "1z");
    CHI(&w, "1m", "1m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

static void tanyao_closed(void **state)
{
    (void)state;
    /* 234m 567p 345s 66s + 88p, ron 8p (shanpon: 888p open simple 2).
       tanyao 1 han; fu 20+10+2 = 32 -> 40: 1300 */
    ippon_win w = W("234m567p345s66s88p", "8p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_TANYAO, 1);
}

static void tanyao_open(void **state)
{
    (void)state;
    /* chi 234m (from E, the player on S's left) + 567p 345s 66s 88p, ron 8p.
       open tanyao (kuitan) 1 han; fu 20 + 2 (888p by ron) = 22 -> 30: 960 -> 1000 */
    ippon_win w = W("567p345s66s88p", "8p", "1z");
    CHI(&w, "2m", "3m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_TANYAO, 1);
}

/* ================================================================================ yakuhai */

/* Yakuhai hands: 123m 456p 789s + an honor set + 1s tanki. */

static void yakuhai_haku(void **state)
{
    (void)state;
    /* haku 1 han; fu 20+10+8 (555z closed honor)+2 tanki = 40: 1300 */
    ippon_win w = W("123m456p789s555z1s", "1s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_HAKU, 1);
}

static void yakuhai_hatsu_open(void **state)
{
    (void)state;
    /* pon hatsu from N; fu 20+4 (open honor)+2 tanki = 26 -> 30: hatsu 1 han: 1000 */
    ippon_win w = W("123m456p789s1s", "1s", "1z");
    PON(&w, "6z", 3);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_HATSU, 1);
}

static void yakuhai_chun_kan(void **state)
{
    (void)state;
    /* daiminkan chun from E; fu 20+16 (open honor kan)+2 tanki = 38 -> 40: chun 1 han: 1300 */
    ippon_win w = W("123m456p789s1s", "1s", "1z");
    DMK(&w, "7z", 0, 1);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_CHUN, 1);
}

static void yakuhai_seat_wind(void **state)
{
    (void)state;
    /* S seat, E round, 222z: seat wind 1 han only; fu 40: 1300 */
    ippon_win w = W("123m456p789s222z1s", "1s", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_SEAT_SOUTH, 1);
    NOT_YAKU(s, IPPON_YAKU_ROUND_SOUTH);
}

static void yakuhai_round_wind(void **state)
{
    (void)state;
    /* W seat, S round, 222z: round wind 1 han only; fu 40: 1300, paid by N */
    ippon_win w = W("123m456p789s222z1s", "1s", "5z");
    w.seat = 2;
    w.round_wind = 1;
    w.from = 3;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_ROUND_SOUTH, 1);
    NOT_YAKU(s, IPPON_YAKU_SEAT_SOUTH);
    PAY(s, 0, 0, 1300, -1300);
}

static void yakuhai_double_wind_counts_twice(void **state)
{
    (void)state;
    /* E seat (dealer), E round, 111z: round 1 + seat 1 = 2 han; fu 20+10+8+2 = 40:
       40*2^4 = 640, dealer ron 6*640 = 3840 -> 3900 */
    ippon_win w = W("123m456p789s111z1s", "1s", "5z");
    w.seat = 0;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 3900);
    YAKU(s, IPPON_YAKU_ROUND_EAST, 1);
    YAKU(s, IPPON_YAKU_SEAT_EAST, 1);
    PAY(s, 3900, 0, -3900, 0);
}

static void guest_wind_no_yakuhai(void **state)
{
    (void)state;
    /* S seat, E round, West triplet: a guest wind is no yaku -> NO_YAKU */
    ippon_win w = W("123m456p789s333z1s", "1s", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

static void yakuhai_seat_north_4p(void **state)
{
    (void)state;
    /* 4p, N seat: pon North from E, tanki 1s, ron from S: seat wind 1 han;
       fu 20+4+2 = 26 -> 30: 1000 */
    ippon_win w = W("123p456p789s1s", "1s", "5z");
    w.seat = 3;
    w.from = 1;
    PON(&w, "4z", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_SEAT_NORTH, 1);
    PAY(s, 0, -1000, 0, 1000);
}

/* ============================================================== last tile, rinshan, chankan */

/* Open hands with a guest-wind (West) set and no other yaku: 123m 456p 789s + 1s tanki. */

static void haitei(void **state)
{
    (void)state;
    /* pon 333z, tsumo on the last tile: haitei 1 han; fu 20+2+4+2 = 28 -> 30: 500/300/300 */
    ippon_win w = W("123m456p789s1s", "1s", "5z");
    PON(&w, "3z", 0);
    TSUMO(&w);
    w.haitei = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1100);
    YAKU(s, IPPON_YAKU_HAITEI, 1);
    PAY(s, -500, 1100, -300, -300);
}

static void houtei(void **state)
{
    (void)state;
    /* ron on the last discard: houtei 1 han; fu 20+4+2 = 26 -> 30: 1000 */
    ippon_win w = W("123m456p789s1s", "1s", "5z");
    PON(&w, "3z", 0);
    w.houtei = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_HOUTEI, 1);
}

static void rinshan(void **state)
{
    (void)state;
    /* daiminkan 3z, tsumo on the replacement tile: rinshan 1 han;
       fu 20+2 tsumo+16 open honor kan+2 tanki = 40: 320 -> 700/400/400 = 1500 */
    ippon_win w = W("123m456p789s1s", "1s", "5z");
    DMK(&w, "3z", 0, 1);
    TSUMO(&w);
    w.rinshan = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1500);
    YAKU(s, IPPON_YAKU_RINSHAN, 1);
    PAY(s, -700, 1500, -400, -400);
}

static void rinshan_closed_with_ankan(void **state)
{
    (void)state;
    /* ankan 3z keeps the hand closed: rinshan 1 + menzen tsumo 1 = 2 han;
       fu 20+2+32 closed honor kan+2 tanki = 56 -> 60: 60*2^4 = 960: E 1920 -> 2000,
       others 960 -> 1000: 4000 */
    ippon_win w = W("123m456p789s1s", "1s", "5z");
    ANKAN(&w, "3z", 1);
    TSUMO(&w);
    w.rinshan = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 60, IPPON_LIMIT_NONE, 960, 4000);
    YAKU(s, IPPON_YAKU_RINSHAN, 1);
    YAKU(s, IPPON_YAKU_MENZEN_TSUMO, 1);
    PAY(s, -2000, 4000, -1000, -1000);
}

static void chankan(void **state)
{
    (void)state;
    /* pon 333z, 123m 456p 78s 11s; robs N's kakan of 9s: chankan 1 han;
       fu 20+4 (open honor)+0 (789s two-sided) = 24 -> 30: 1000 paid by N */
    ippon_win w = W("123m456p78s11s", "9s", "5z");
    PON(&w, "3z", 0);
    w.from = 3;
    w.chankan = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_CHANKAN, 1);
    PAY(s, 0, 1000, 0, -1000);
}

static void riichi_ippatsu_chankan_combine(void **state)
{
    (void)state;
    /* a robbed kakan ends nobody's ippatsu: riichi + ippatsu + chankan on the kanchan hand =
       3 han, 40 fu (20+10 closed ron+2 kanchan = 32 -> 40): 1280, ron 5120 -> 5200 */
    ippon_win w = W(KANCHAN_HAND, "2p", "1z");
    RIICHI(&w, "1z");
    w.ippatsu = true;
    w.chankan = true;
    w.from = 0;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 40, IPPON_LIMIT_NONE, 1280, 5200);
    YAKU(s, IPPON_YAKU_CHANKAN, 1);
    YAKU(s, IPPON_YAKU_IPPATSU, 1);
    PAY(s, -5200, 5200, 0, 0);
}

/* ============================================================================ shape yaku */

static void chiitoitsu(void **state)
{
    (void)state;
    /* 11m 22p 55p 77s 99s 33z 66z: chiitoitsu 2 han, 25 fu: 25*2^4 = 400, ron 1600 */
    ippon_win w = W("11m22p55p77s99s33z6z", "6z", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 25, IPPON_LIMIT_NONE, 400, 1600);
    YAKU(s, IPPON_YAKU_CHIITOITSU, 2);
}

static void chiitoitsu_needs_distinct_pairs(void **state)
{
    (void)state;
    /* 1111m 22p 55p 77s 99s 33z: four of a kind is not two pairs, and no standard reading:
       not a win at all */
    ippon_win w = W("1111m22p55p77s99s3z", "3z", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_WIN);
}

static void toitoi(void **state)
{
    (void)state;
    /* pon 222p; 444m 777s 33s 99p, ron 9p (shanpon: 999p open terminal 4).
       toitoi 2 (444m 777s are only two concealed triplets: no sanankou);
       fu 20+2+4+4+4 = 34 -> 40: 40*2^4 = 640, ron 2560 -> 2600 */
    ippon_win w = W("444m777s33s99p", "9p", "1z");
    PON(&w, "2p", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_TOITOI, 2);
    NOT_YAKU(s, IPPON_YAKU_SANANKOU);
}

static void sanankou(void **state)
{
    (void)state;
    /* 222m 444p 666s 99s + 78m, ron 9m (two-sided): sanankou 2 han;
       fu 20+10+4+4+4 = 42 -> 50: 50*2^4 = 800, ron 3200 */
    ippon_win w = W("222m444p666s99s78m", "9m", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 50, IPPON_LIMIT_NONE, 800, 3200);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
}

static void sanankou_lost_by_shanpon_ron(void **state)
{
    (void)state;
    /* 222m 444p 789m 66s 99s, riichi, ron 6s: 666s was completed by the ron, so it is open:
       only two concealed triplets, no sanankou. riichi 1 han;
       fu 20+10+4+4+2 (666s open simple) = 40: 1300 */
    ippon_win w = W("222m444p789m66s99s", "6s", "1z");
    RIICHI(&w, "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 40, IPPON_LIMIT_NONE, 320, 1300);
    YAKU(s, IPPON_YAKU_RIICHI, 1);
    NOT_YAKU(s, IPPON_YAKU_SANANKOU);
    assert_int_equal(s.wait, IPPON_WAIT_SHANPON);
}

static void sanankou_by_shanpon_tsumo(void **state)
{
    (void)state;
    /* the same hand by tsumo: 666s stays concealed: riichi 1 + menzen tsumo 1 + sanankou 2 =
       4 han; fu 20+2+4+4+4 = 34 -> 40: 40*2^6 = 2560 -> mangan 2000: 4000/2000/2000 */
    ippon_win w = W("222m444p789m66s99s", "6s", "1z");
    RIICHI(&w, "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 40, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
    PAY(s, -4000, 8000, -2000, -2000);
}

static void sankantsu(void **state)
{
    (void)state;
    /* ankan 2m, daiminkan 6p (from E), ankan 8s, 123s + 9p tanki, ron.
       sankantsu 2 (two ankan only: no sanankou). Open hand, so no +10:
       fu 20+16 (closed simple kan)+8 (open simple kan)+16+2 tanki = 62 -> 70:
       70*2^4 = 1120, ron 4480 -> 4500 */
    ippon_win w = W("123s9p", "9p", "1z");
    ANKAN(&w, "2m", 1);
    DMK(&w, "6p", 0, 2);
    ANKAN(&w, "8s", 3);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 70, IPPON_LIMIT_NONE, 1120, 4500);
    YAKU(s, IPPON_YAKU_SANKANTSU, 2);
    NOT_YAKU(s, IPPON_YAKU_SANANKOU);
}

static void sanshoku_doukou(void **state)
{
    (void)state;
    /* pon 222m; 222p 222s 456m + 9s tanki: sanshoku doukou 2 (two concealed triplets only);
       fu 20+2+4+4+2 = 32 -> 40: 640 -> 2600 */
    ippon_win w = W("222p222s456m9s", "9s", "1z");
    PON(&w, "2m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_SANSHOKU_DOUKOU, 2);
}

static void shousangen(void **state)
{
    (void)state;
    /* 555z 666z 77z 123m 45p, ron 3p: haku 1 + hatsu 1 + shousangen 2 = 4 han;
       fu 20+10+8+8+2 (dragon pair) = 48 -> 50: 50*2^6 = 3200 -> mangan, ron 8000 */
    ippon_win w = W("555z666z77z123m45p", "3p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 50, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_SHOUSANGEN, 2);
    YAKU(s, IPPON_YAKU_HAKU, 1);
    YAKU(s, IPPON_YAKU_HATSU, 1);
    NOT_YAKU(s, IPPON_YAKU_CHUN);
}

static void honroutou_toitoi(void **state)
{
    (void)state;
    /* pon 111m; 999p 111s 33z 99s, ron 3z (shanpon, West = guest).
       toitoi 2 + honroutou 2 = 4 han (999p 111s: two concealed triplets, no sanankou);
       fu 20+4+8+8+4 = 44 -> 50: 3200 -> mangan 8000 */
    ippon_win w = W("999p111s33z99s", "3z", "5z");
    PON(&w, "1m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 50, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_TOITOI, 2);
    YAKU(s, IPPON_YAKU_HONROUTOU, 2);
    NOT_YAKU(s, IPPON_YAKU_CHANTA);
}

static void honroutou_chiitoitsu(void **state)
{
    (void)state;
    /* 11m 99m 11p 99p 11s 22z 77z: chiitoitsu 2 + honroutou 2 = 4 han, 25 fu:
       25*2^6 = 1600 (below mangan), ron 6400 */
    ippon_win w = W("11m99m11p99p11s22z7z", "7z", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 25, IPPON_LIMIT_NONE, 1600, 6400);
    YAKU(s, IPPON_YAKU_CHIITOITSU, 2);
    YAKU(s, IPPON_YAKU_HONROUTOU, 2);
}

static void honitsu_closed(void **state)
{
    (void)state;
    /* 123m 456m 888m 333z + 9m tanki: honitsu 3 han;
       fu 20+10+4 (888m)+8 (333z)+2 tanki = 44 -> 50: 50*2^5 = 1600, ron 6400 */
    ippon_win w = W("123m456m888m333z9m", "9m", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 50, IPPON_LIMIT_NONE, 1600, 6400);
    YAKU(s, IPPON_YAKU_HONITSU, 3);
}

static void honitsu_open(void **state)
{
    (void)state;
    /* pon 333z; 123m 456m 888m + 9m tanki: honitsu 2 han; fu 20+4+4+2 = 30:
       30*2^4 = 480, ron 1920 -> 2000 */
    ippon_win w = W("123m456m888m9m", "9m", "5z");
    PON(&w, "3z", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 30, IPPON_LIMIT_NONE, 480, 2000);
    YAKU(s, IPPON_YAKU_HONITSU, 2);
}

static void chinitsu_closed(void **state)
{
    (void)state;
    /* 2345566778999p + 2p: the only reading is 22 345 567 678 999 (2p tanki).
       chinitsu 6 (no honitsu): haneman 3000, ron 12000. fu 20+10+8+2 = 40 */
    ippon_win w = W("2345566778999p", "2p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 6, 40, IPPON_LIMIT_HANEMAN, 3000, 12000);
    YAKU(s, IPPON_YAKU_CHINITSU, 6);
    NOT_YAKU(s, IPPON_YAKU_HONITSU);
}

static void chinitsu_open(void **state)
{
    (void)state;
    /* pon 999p; 2345566778p + 2p: chinitsu 5 han -> mangan, ron 8000.
       fu 20+4+2 = 26 -> 30 */
    ippon_win w = W("2345566778p", "2p", "1z");
    PON(&w, "9p", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 5, 30, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_CHINITSU, 5);
}

static void sanshoku_closed(void **state)
{
    (void)state;
    /* 123m 123p 123s 456s + 9p tanki: sanshoku 2; fu 32 -> 40: 640 -> 2600 */
    ippon_win w = W("123m123p123s456s9p", "9p", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_SANSHOKU, 2);
}

static void sanshoku_open(void **state)
{
    (void)state;
    /* chi 123m; 123p 123s 456s + 9p tanki: sanshoku 1; fu 20+2 = 22 -> 30: 1000 */
    ippon_win w = W("123p123s456s9p", "9p", "5z");
    CHI(&w, "1m", "1m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_SANSHOKU, 1);
}

static void ittsu_closed(void **state)
{
    (void)state;
    /* 123p 456p 789p 234s + 9m tanki: ittsu 2; fu 40: 2600 */
    ippon_win w = W("123p456p789p234s9m", "9m", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_ITTSU, 2);
}

static void ittsu_open(void **state)
{
    (void)state;
    /* chi 123p; 456p 789p 234s + 9m tanki: ittsu 1; fu 30: 1000 */
    ippon_win w = W("456p789p234s9m", "9m", "5z");
    CHI(&w, "1p", "2p", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_ITTSU, 1);
}

static void chanta_closed(void **state)
{
    (void)state;
    /* 123m 789p 123s 333z + 9m tanki: chanta 2; fu 20+10+8+2 = 40: 2600 */
    ippon_win w = W("123m789p123s333z9m", "9m", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_CHANTA, 2);
    NOT_YAKU(s, IPPON_YAKU_JUNCHAN);
}

static void chanta_open(void **state)
{
    (void)state;
    /* chi 123m; 789p 123s 333z + 9m tanki: chanta 1; fu 20+8+2 = 30: 1000 */
    ippon_win w = W("789p123s333z9m", "9m", "5z");
    CHI(&w, "1m", "3m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    YAKU(s, IPPON_YAKU_CHANTA, 1);
}

static void junchan_closed(void **state)
{
    (void)state;
    /* 123m 999m 789p 123s + 1p tanki: junchan 3 (not chanta); fu 20+10+8+2 = 40:
       40*2^5 = 1280, ron 5120 -> 5200 */
    ippon_win w = W("123m999m789p123s1p", "1p", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 40, IPPON_LIMIT_NONE, 1280, 5200);
    YAKU(s, IPPON_YAKU_JUNCHAN, 3);
    NOT_YAKU(s, IPPON_YAKU_CHANTA);
}

static void junchan_open(void **state)
{
    (void)state;
    /* chi 123m; 999m 789p 123s + 1p tanki: junchan 2; fu 20+8+2 = 30: 480 -> 2000 */
    ippon_win w = W("999m789p123s1p", "1p", "5z");
    CHI(&w, "1m", "2m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 30, IPPON_LIMIT_NONE, 480, 2000);
    YAKU(s, IPPON_YAKU_JUNCHAN, 2);
}

/* ================================================================================= yakuman */

static void kokushi(void **state)
{
    (void)state;
    /* 1m twice, no 7z before the win; ron 7z: kokushi, 8000 base, ron 32000 */
    ippon_win w = W("119m19p19s123456z", "7z", "2m");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_KOKUSHI, 1);
    NOT_YAKU(s, IPPON_YAKU_KOKUSHI_13);
    PAY(s, 0, 32000, -32000, 0);
}

static void kokushi_13_sided_4p_single(void **state)
{
    (void)state;
    /* the 13 tiles before the win are one of each: 13-sided, but single in 4p: 32000 */
    ippon_win w = W("19m19p19s1234567z", "1m", "2m");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_KOKUSHI_13, 1);
    NOT_YAKU(s, IPPON_YAKU_KOKUSHI);
}

static void kokushi_13_sided_3p_double(void **state)
{
    (void)state;
    /* 3p: 13-sided kokushi is a double yakuman: base 16000, ron 4*16000 = 64000 */
    ippon_win w = W("19m19p19s1234567z", "1m", "2p");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    YAKUMAN(s, IPPON_YAKU_KOKUSHI_13, 2);
    PAY(s, 0, 64000, -64000, 0);
}

static void suuankou_tsumo(void **state)
{
    (void)state;
    /* 222m 444p 666s 88s 99p, tsumo 8s: four concealed triplets: suuankou.
       Non-dealer yakuman tsumo: E 16000, W 8000, N 8000 = 32000 */
    ippon_win w = W("222m444p666s88s99p", "8s", "1z");
    TSUMO(&w);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_SUUANKOU, 1);
    PAY(s, -16000, 32000, -8000, -8000);
}

static void suuankou_shanpon_ron_is_not_suuankou(void **state)
{
    (void)state;
    /* the same hand by ron on 8s: 888s counts as open: toitoi 2 + sanankou 2 = 4 han;
       fu 20+10+4+4+4+2 (888s open simple) = 44 -> 50: 3200 -> mangan, ron 8000 */
    ippon_win w = W("222m444p666s88s99p", "8s", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 4, 50, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_TOITOI, 2);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
    NOT_YAKU(s, IPPON_YAKU_SUUANKOU);
}

static void suuankou_tanki_4p_single(void **state)
{
    (void)state;
    /* 222m 444p 666s 888s + 9p, ron 9p: suuankou tanki, single in 4p: 32000 */
    ippon_win w = W("222m444p666s888s9p", "9p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_SUUANKOU_TANKI, 1);
    NOT_YAKU(s, IPPON_YAKU_SUUANKOU);
}

static void suuankou_tanki_3p_double(void **state)
{
    (void)state;
    /* 3p: 111m 444p 666s 888s + 9p, ron 9p: suuankou tanki is double: 4*16000 = 64000 */
    ippon_win w = W("111m444p666s888s9p", "9p", "1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    YAKUMAN(s, IPPON_YAKU_SUUANKOU_TANKI, 2);
}

static void daisangen(void **state)
{
    (void)state;
    /* pon haku (E), pon hatsu (N), chun triplet concealed; 123m + 9m tanki, ron from W:
       daisangen 32000, no liability (the third dragon set was never called) */
    ippon_win w = W("777z123m9m", "9m", "1z");
    PON(&w, "5z", 0);
    PON(&w, "6z", 3);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_DAISANGEN, 1);
    assert_int_equal(s.n_pao, 0);
    PAY(s, 0, 32000, -32000, 0);
}

static void shousuushii(void **state)
{
    (void)state;
    /* 111z 222z 333z 123m + 4z tanki: three wind sets and a wind pair: shousuushii 32000 */
    ippon_win w = W("111z222z333z123m4z", "4z", "5z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_SHOUSUUSHII, 1);
}

static void daisuushii_4p_single(void **state)
{
    (void)state;
    /* pon 1z (E), pon 2z (N), 333z 444z concealed, 9m tanki: daisuushii, single in 4p: 32000
       (only two wind sets exposed: no liability) */
    ippon_win w = W("333z444z9m", "9m", "5z");
    PON(&w, "1z", 0);
    PON(&w, "2z", 3);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_DAISUUSHII, 1);
    NOT_YAKU(s, IPPON_YAKU_SHOUSUUSHII);
    assert_int_equal(s.n_pao, 0);
}

static void daisuushii_3p_double(void **state)
{
    (void)state;
    /* 3p, the same shape (North triplet in hand counts): double yakuman: 4*16000 = 64000 */
    ippon_win w = W("333z444z9m", "9m", "5z");
    PON(&w, "1z", 0);
    PON(&w, "2z", 2);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    YAKUMAN(s, IPPON_YAKU_DAISUUSHII, 2);
    PAY(s, 0, 64000, -64000, 0);
}

static void tsuuiisou(void **state)
{
    (void)state;
    /* pon 1z; 222z 555z 66z 77z, ron 7z: all honors (777z + 66z pair: not daisangen): 32000 */
    ippon_win w = W("222z555z66z77z", "7z", "1p");
    PON(&w, "1z", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_TSUUIISOU, 1);
    NOT_YAKU(s, IPPON_YAKU_DAISANGEN);
}

static void tsuuiisou_seven_pairs(void **state)
{
    (void)state;
    /* 11z..77z as seven pairs: tsuuiisou, one yakuman (chiitoitsu is not counted): 32000 */
    ippon_win w = W("11z22z33z44z55z66z7z", "7z", "1p");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_TSUUIISOU, 1);
    NOT_YAKU(s, IPPON_YAKU_CHIITOITSU);
}

static void ryuuiisou_with_hatsu(void **state)
{
    (void)state;
    /* 234s 234s 666s 888s + 6z tanki: all green: 32000 */
    ippon_win w = W("234s234s666s888s6z", "6z", "1p");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_RYUUIISOU, 1);
}

static void ryuuiisou_without_hatsu(void **state)
{
    (void)state;
    /* 2233444s 666s 888s + 4s: 234s 234s 666s 888s 44s, no hatsu needed: one yakuman 32000 */
    ippon_win w = W("2233444s666s888s", "4s", "1p");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_RYUUIISOU, 1);
}

static void chinroutou(void **state)
{
    (void)state;
    /* pon 111m; 999m 111p 99p 11s, ron 1s: terminals only: 32000 */
    ippon_win w = W("999m111p99p11s", "1s", "1z");
    PON(&w, "1m", 0);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_CHINROUTOU, 1);
    NOT_YAKU(s, IPPON_YAKU_HONROUTOU);
}

static void chuuren(void **state)
{
    (void)state;
    /* 1112345567899p + 9p = 1112345678999 + 5: chuuren; the 13 before the win were not
       1112345678999, so not junsei: 32000 */
    ippon_win w = W("1112345567899p", "9p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_CHUUREN, 1);
    NOT_YAKU(s, IPPON_YAKU_JUNSEI_CHUUREN);
}

static void junsei_chuuren_4p_single(void **state)
{
    (void)state;
    /* 1112345678999p + 5p: 9-sided, single in 4p: 32000 */
    ippon_win w = W("1112345678999p", "5p", "1z");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_JUNSEI_CHUUREN, 1);
    NOT_YAKU(s, IPPON_YAKU_CHUUREN);
}

static void junsei_chuuren_3p_double(void **state)
{
    (void)state;
    /* 3p: junsei chuuren is double: 4*16000 = 64000 */
    ippon_win w = W("1112345678999p", "5p", "1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    YAKUMAN(s, IPPON_YAKU_JUNSEI_CHUUREN, 2);
}

static void chuuren_not_with_ankan(void **state)
{
    (void)state;
    /* chuuren needs a closed hand with no kan: ankan 1111p + 234p 567p 999p + 8p tanki is a
       closed chinitsu, not chuuren. chinitsu 6 (the ankan keeps the hand closed) -> haneman
       3000, ron 12000. fu 20+10+32 (closed terminal kan)+8 (999p)+2 tanki = 72 -> 80 */
    ippon_win w = W("2345679998p", "8p", "1z");
    ANKAN(&w, "1p", 1);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 6, 80, IPPON_LIMIT_HANEMAN, 3000, 12000);
    NOT_YAKU(s, IPPON_YAKU_CHUUREN);
    YAKU(s, IPPON_YAKU_CHINITSU, 6);
}

static void suukantsu(void **state)
{
    (void)state;
    /* daiminkan 2m (E), daiminkan 6s (N), ankan 4p, ankan 8s (the 4th kan is an ankan: no
       liability); 9p tanki ron from W: suukantsu 32000 */
    ippon_win w = W("9p", "9p", "1z");
    DMK(&w, "2m", 0, 1);
    DMK(&w, "6s", 3, 2);
    ANKAN(&w, "4p", 3);
    ANKAN(&w, "8s", 4);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_SUUKANTSU, 1);
    assert_int_equal(s.n_pao, 0);
    PAY(s, 0, 32000, -32000, 0);
}

static void tenhou(void **state)
{
    (void)state;
    /* dealer, tsumo on the first draw: tenhou; dealer yakuman tsumo 16000 all = 48000 */
    ippon_win w = W("123m456p789s234s5p", "5p", "1z");
    w.seat = 0;
    TSUMO(&w);
    w.tenhou = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 48000);
    YAKUMAN(s, IPPON_YAKU_TENHOU, 1);
    PAY(s, 48000, -16000, -16000, -16000);
}

static void chiihou(void **state)
{
    (void)state;
    /* S, tsumo on the first draw: chiihou; 16000 + 8000 + 8000 = 32000 */
    ippon_win w = W("123m456p789s234s5p", "5p", "1z");
    TSUMO(&w);
    w.chiihou = true;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    YAKUMAN(s, IPPON_YAKU_CHIIHOU, 1);
    PAY(s, -16000, 32000, -8000, -8000);
}

static void daisangen_tsuuiisou_stack(void **state)
{
    (void)state;
    /* pon 5z (E), pon 6z (N), 777z 111z concealed, 2z tanki ron from W:
       daisangen + tsuuiisou = 2 yakuman: base 16000, ron 64000; no liability */
    ippon_win w = W("777z111z2z", "2z", "1p");
    PON(&w, "5z", 0);
    PON(&w, "6z", 3);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 2, 16000, 64000);
    YAKUMAN(s, IPPON_YAKU_DAISANGEN, 1);
    YAKUMAN(s, IPPON_YAKU_TSUUIISOU, 1);
    assert_int_equal(s.n_pao, 0);
    PAY(s, 0, 64000, -64000, 0);
}

static void suuankou_tanki_tsuuiisou_daisuushii_stack(void **state)
{
    (void)state;
    /* 111z 222z 333z 444z + 5z tanki, ron: daisuushii + suuankou tanki + tsuuiisou.
       4p: each single: 3 yakuman, base 24000, ron 96000.
       3p: daisuushii 2 + suuankou tanki 2 + tsuuiisou 1 = 5, base 40000, ron 160000 */
    ippon_win w = W("111z222z333z444z5z", "5z", "1p");
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 3, 24000, 96000);
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 5, 40000, 160000);
    YAKUMAN(s, IPPON_YAKU_DAISUUSHII, 2);
    YAKUMAN(s, IPPON_YAKU_SUUANKOU_TANKI, 2);
    YAKUMAN(s, IPPON_YAKU_TSUUIISOU, 1);
}

static void yakuman_counts_no_dora(void **state)
{
    (void)state;
    /* suuankou tsumo with riichi, dora 1m (-> 2m x3) and 3p (-> 4p x3), ura 5s (-> 6s x3) and
       7s (-> 8s x3): none of it counts: still one yakuman, only suuankou listed, 32000,
       plus the stick */
    ippon_win w = W("222m444p666s88s99p", "8s", "1m3p");
    RIICHI(&w, "5s7s");
    TSUMO(&w);
    w.riichi_sticks = 1;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    assert_int_equal(s.n_yaku, 1);
    YAKUMAN(s, IPPON_YAKU_SUUANKOU, 1);
    NOT_YAKU(s, IPPON_YAKU_DORA);
    NOT_YAKU(s, IPPON_YAKU_RIICHI);
    PAY(s, -16000, 33000, -8000, -8000);
}

/* ============================================================================ 3p specifics */

static void sanma_dora_1m_points_at_9m(void **state)
{
    (void)state;
    /* 99m 234p 567p 678s 45s, ron 3s: pinfu. Indicator 1m: in 3p the dora is 9m (99m = 2):
       pinfu 1 + dora 2 = 3 han, 30 fu: 30*2^5 = 960, ron 3840 -> 3900.
       In 4p the dora of 1m is 2m: pinfu only, 1000. */
    ippon_win w = W("99m234p567p678s45s", "3s", "1m");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 3, 30, IPPON_LIMIT_NONE, 960, 3900);
    YAKU(s, IPPON_YAKU_DORA, 2);
    SCORE("yonma", w, s);
    EXPECT(s, 1, 30, IPPON_LIMIT_NONE, 240, 1000);
    NOT_YAKU(s, IPPON_YAKU_DORA);
}

static void sanma_dora_9m_points_at_1m(void **state)
{
    (void)state;
    /* 111m closed triplet, indicator 9m -> 1m in 3p: 3 dora. 111m 234p 567p 678s + 9p tanki,
       riichi (ura 5z -> 6z: none): riichi 1 + dora 3 = 4 han; fu 20+10+8+2 = 40:
       40*2^6 = 2560 -> mangan, ron 8000 */
    ippon_win w = W("111m234p567p678s9p", "9p", "9m");
    RIICHI(&w, "5z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 40, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_DORA, 3);
}

static void sanma_north_pair_is_not_a_value_pair(void **state)
{
    (void)state;
    /* 3p dealer: 234p 567p 234s 67s 44z, tsumo 8s: North pair = 0 fu and no value pair, so
       pinfu stands: pinfu 1 + menzen tsumo 1 = 2 han, 20 fu: 20*2^4 = 320;
       S and W each 640 -> 700: 1400 (no North seat to pay) */
    ippon_win w = W("234p567p234s67s44z", "8s", "1z");
    w.seat = 0;
    TSUMO(&w);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 2, 20, IPPON_LIMIT_NONE, 320, 1400);
    YAKU(s, IPPON_YAKU_PINFU, 1);
    PAY(s, 1400, -700, -700, 0);
}

static void sanma_north_triplet_is_not_yakuhai(void **state)
{
    (void)state;
    /* 3p, W seat in the West round, pon North from E, 123p 456p 789s + 1s tanki, ron from S:
       North is a guest wind for everyone in 3p: no yaku */
    ippon_win w = W("123p456p789s1s", "1s", "5z");
    w.seat = 2;
    w.round_wind = 2;
    w.from = 1;
    PON(&w, "4z", 0);
    ippon_score s;
    SCORE("sanma", w, s);
    assert_int_equal(s.result, IPPON_RESULT_NO_YAKU);
}

static void sanma_sanshoku_doukou_111m(void **state)
{
    (void)state;
    /* 3p: pon 111m; 111p 111s 456p + 9s tanki: sanshoku doukou 2 (two concealed triplets);
       fu 20+4 (open terminal)+8+8+2 = 42 -> 50: 50*2^4 = 800, ron 3200 */
    ippon_win w = W("111p111s456p9s", "9s", "5z");
    PON(&w, "1m", 0);
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 2, 50, IPPON_LIMIT_NONE, 800, 3200);
    YAKU(s, IPPON_YAKU_SANSHOKU_DOUKOU, 2);
}

static void sanma_sanshoku_doukou_999m(void **state)
{
    (void)state;
    /* 3p: 999m 999p 999s 234p + 1s tanki, ron: doukou 2 + sanankou 2 = 4 han;
       fu 20+10+8+8+8+2 = 56 -> 60: 60*2^6 = 3840 -> mangan, ron 8000 */
    ippon_win w = W("999m999p999s234p1s", "1s", "5z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 60, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_SANSHOKU_DOUKOU, 2);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
}

static void sanma_man_terminals_honroutou(void **state)
{
    (void)state;
    /* 3p: 1m and 9m are ordinary terminals: 11m 99m 11p 99p 11s 55z 77z as seven pairs:
       chiitoitsu 2 + honroutou 2 = 4 han 25 fu: 25*2^6 = 1600, ron 6400 */
    ippon_win w = W("11m99m11p99p11s55z7z", "7z", "1z");
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 25, IPPON_LIMIT_NONE, 1600, 6400);
    YAKU(s, IPPON_YAKU_HONROUTOU, 2);
}

static void sanma_kita_never_makes_winds(void **state)
{
    (void)state;
    /* 3p, S seat, E round, one North set aside: 111z 222z 333z 123p + 9p tanki. The kita North
       is no wind pair: no shousuushii. round East 1 + seat South 1 + sanankou 2 + closed
       honitsu 3 + chanta 2 = 9, + kita 1 = 10 han -> baiman 4000, ron 16000 */
    ippon_win w = W("111z222z333z123p9p", "9p", "5z");
    w.kita = 1;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 10, 60, IPPON_LIMIT_BAIMAN, 4000, 16000);
    NOT_YAKU(s, IPPON_YAKU_SHOUSUUSHII);
    YAKU(s, IPPON_YAKU_ROUND_EAST, 1);
    YAKU(s, IPPON_YAKU_SEAT_SOUTH, 1);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
    YAKU(s, IPPON_YAKU_HONITSU, 3);
    YAKU(s, IPPON_YAKU_CHANTA, 2);
    YAKU(s, IPPON_YAKU_KITA, 1);
}

static void sanma_tanyao_with_kita(void **state)
{
    (void)state;
    /* 3p: 234p 567p 345s 66s 78s, ron 6s, with 2 Norths set aside: the kita never spoils
       tanyao. pinfu 1 + tanyao 1 + kita 2 = 4 han, 30 fu: 1920, no kiriage in 3p: ron 7680 -> 7700 */
    ippon_win w = W("234p567p345s66s78s", "6s", "1z");
    w.kita = 2;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT(s, 4, 30, IPPON_LIMIT_NONE, 1920, 7700);
    YAKU(s, IPPON_YAKU_TANYAO, 1);
    YAKU(s, IPPON_YAKU_PINFU, 1);
    YAKU(s, IPPON_YAKU_KITA, 2);
}

static void sanankou_with_ankan(void **state)
{
    (void)state;
    /* ankan 2m, ankan 4p, 666s concealed, 123p + 9s tanki, riichi ron: ankan count as concealed
       triplets: sanankou 2 + riichi 1 = 3 han; fu 20+10+16+16+4+2 = 68 -> 70:
       70*2^5 = 2240 >= 2000 -> mangan, ron 8000 */
    ippon_win w = W("666s123p9s", "9s", "1z");
    ANKAN(&w, "2m", 1);
    ANKAN(&w, "4p", 2);
    RIICHI(&w, "1z1z");
    w.n_dora = indicators("1z1z", w.dora);
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 3, 70, IPPON_LIMIT_MANGAN, 2000, 8000);
    YAKU(s, IPPON_YAKU_SANANKOU, 2);
}

static void yakuhai_double_north_4p(void **state)
{
    (void)state;
    /* 4p, N seat in the North round, 444z: round North 1 + seat North 1 = 2 han;
       fu 20+10+8+2 tanki = 40: 640, ron 2560 -> 2600 paid by E */
    ippon_win w = W("123m456p789s444z1s", "1s", "5z");
    w.seat = 3;
    w.round_wind = 3;
    w.from = 0;
    ippon_score s;
    SCORE("yonma", w, s);
    EXPECT(s, 2, 40, IPPON_LIMIT_NONE, 640, 2600);
    YAKU(s, IPPON_YAKU_ROUND_NORTH, 1);
    YAKU(s, IPPON_YAKU_SEAT_NORTH, 1);
    PAY(s, -2600, 0, 0, 2600);
}

static void sanma_kokushi_robs_an_ankan(void **state)
{
    (void)state;
    /* 3p: a kokushi waiting on chun robs E's ankan of chun: paid as a ron by E: 32000
       (chankan is not listed: a yakuman hand counts no ordinary yaku) */
    ippon_win w = W("119m19p19s123456z", "7z", "2p");
    w.from = 0;
    w.chankan = true;
    ippon_score s;
    SCORE("sanma", w, s);
    EXPECT_YAKUMAN(s, 1, 8000, 32000);
    NOT_YAKU(s, IPPON_YAKU_CHANKAN);
    PAY(s, -32000, 32000, 0, 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(riichi_1han),
        cmocka_unit_test(double_riichi_instead_of_riichi),
        cmocka_unit_test(ippatsu),
        cmocka_unit_test(menzen_tsumo),
        cmocka_unit_test(menzen_tsumo_not_when_open),
        cmocka_unit_test(pinfu_ron),
        cmocka_unit_test(pinfu_tsumo),
        cmocka_unit_test(pinfu_not_with_value_pair),
        cmocka_unit_test(iipeikou),
        cmocka_unit_test(ryanpeikou_over_chiitoitsu),
        cmocka_unit_test(ryanpeikou_junchan),
        cmocka_unit_test(iipeikou_not_when_open),
        cmocka_unit_test(tanyao_closed),
        cmocka_unit_test(tanyao_open),
        cmocka_unit_test(yakuhai_haku),
        cmocka_unit_test(yakuhai_hatsu_open),
        cmocka_unit_test(yakuhai_chun_kan),
        cmocka_unit_test(yakuhai_seat_wind),
        cmocka_unit_test(yakuhai_round_wind),
        cmocka_unit_test(yakuhai_double_wind_counts_twice),
        cmocka_unit_test(guest_wind_no_yakuhai),
        cmocka_unit_test(yakuhai_seat_north_4p),
        cmocka_unit_test(yakuhai_double_north_4p),
        cmocka_unit_test(haitei),
        cmocka_unit_test(houtei),
        cmocka_unit_test(rinshan),
        cmocka_unit_test(rinshan_closed_with_ankan),
        cmocka_unit_test(chankan),
        cmocka_unit_test(riichi_ippatsu_chankan_combine),
        cmocka_unit_test(chiitoitsu),
        cmocka_unit_test(chiitoitsu_needs_distinct_pairs),
        cmocka_unit_test(toitoi),
        cmocka_unit_test(sanankou),
        cmocka_unit_test(sanankou_lost_by_shanpon_ron),
        cmocka_unit_test(sanankou_by_shanpon_tsumo),
        cmocka_unit_test(sanankou_with_ankan),
        cmocka_unit_test(sankantsu),
        cmocka_unit_test(sanshoku_doukou),
        cmocka_unit_test(shousangen),
        cmocka_unit_test(honroutou_toitoi),
        cmocka_unit_test(honroutou_chiitoitsu),
        cmocka_unit_test(honitsu_closed),
        cmocka_unit_test(honitsu_open),
        cmocka_unit_test(chinitsu_closed),
        cmocka_unit_test(chinitsu_open),
        cmocka_unit_test(sanshoku_closed),
        cmocka_unit_test(sanshoku_open),
        cmocka_unit_test(ittsu_closed),
        cmocka_unit_test(ittsu_open),
        cmocka_unit_test(chanta_closed),
        cmocka_unit_test(chanta_open),
        cmocka_unit_test(junchan_closed),
        cmocka_unit_test(junchan_open),
        cmocka_unit_test(kokushi),
        cmocka_unit_test(kokushi_13_sided_4p_single),
        cmocka_unit_test(kokushi_13_sided_3p_double),
        cmocka_unit_test(suuankou_tsumo),
        cmocka_unit_test(suuankou_shanpon_ron_is_not_suuankou),
        cmocka_unit_test(suuankou_tanki_4p_single),
        cmocka_unit_test(suuankou_tanki_3p_double),
        cmocka_unit_test(daisangen),
        cmocka_unit_test(shousuushii),
        cmocka_unit_test(daisuushii_4p_single),
        cmocka_unit_test(daisuushii_3p_double),
        cmocka_unit_test(tsuuiisou),
        cmocka_unit_test(tsuuiisou_seven_pairs),
        cmocka_unit_test(ryuuiisou_with_hatsu),
        cmocka_unit_test(ryuuiisou_without_hatsu),
        cmocka_unit_test(chinroutou),
        cmocka_unit_test(chuuren),
        cmocka_unit_test(junsei_chuuren_4p_single),
        cmocka_unit_test(junsei_chuuren_3p_double),
        cmocka_unit_test(chuuren_not_with_ankan),
        cmocka_unit_test(suukantsu),
        cmocka_unit_test(tenhou),
        cmocka_unit_test(chiihou),
        cmocka_unit_test(daisangen_tsuuiisou_stack),
        cmocka_unit_test(suuankou_tanki_tsuuiisou_daisuushii_stack),
        cmocka_unit_test(yakuman_counts_no_dora),
        cmocka_unit_test(sanma_dora_1m_points_at_9m),
        cmocka_unit_test(sanma_dora_9m_points_at_1m),
        cmocka_unit_test(sanma_north_pair_is_not_a_value_pair),
        cmocka_unit_test(sanma_north_triplet_is_not_yakuhai),
        cmocka_unit_test(sanma_sanshoku_doukou_111m),
        cmocka_unit_test(sanma_sanshoku_doukou_999m),
        cmocka_unit_test(sanma_man_terminals_honroutou),
        cmocka_unit_test(sanma_kita_never_makes_winds),
        cmocka_unit_test(sanma_tanyao_with_kita),
        cmocka_unit_test(sanma_kokushi_robs_an_ankan),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
