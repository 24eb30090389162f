/*
 * test_shanten.c — unit tests of the shanten calculator (include/ippon/shanten.h), with
 * expectations worked out by hand: the reasoning is in the comment next to each hand.
 * The differential test against majiang-core is tests/oracle/shanten.test.mjs.
 *
 * Hands are written in short notation and turned into counts per kind with the tile module.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/error.h"
#include "ippon/rules.h"
#include "ippon/shanten.h"
#include "ippon/tile.h"

/* counts of a hand in short notation (asserts it parses) */
static void counts_of(const char *notation, uint8_t counts[IPPON_KINDS])
{
    ippon_code codes[20];
    int n = ippon_notation_parse(notation, codes, 20);
    assert_true(n >= 0);
    memset(counts, 0, IPPON_KINDS);
    assert_int_equal(ippon_counts_add(counts, codes, n), IPPON_OK);
}

static const ippon_rules *yonma(void)
{
    return ippon_rules_preset("yonma");
}

static const ippon_rules *sanma(void)
{
    return ippon_rules_preset("sanma");
}

/* shanten of all forms for a closed 4p hand */
static void expect(const char *hand, int shanten, int standard, int chiitoi, int kokushi)
{
    uint8_t c[IPPON_KINDS];
    counts_of(hand, c);
    assert_int_equal(ippon_shanten(c, 0, yonma()), shanten);
    assert_int_equal(ippon_shanten_standard(c, 0, false), standard);
    assert_int_equal(ippon_shanten_chiitoi(c), chiitoi);
    assert_int_equal(ippon_shanten_kokushi(c), kokushi);
    ippon_shanten_all all;
    assert_int_equal(ippon_shanten_forms(c, 0, yonma(), &all), shanten);
    assert_int_equal(all.shanten, shanten);
    assert_int_equal(all.standard, standard);
    assert_int_equal(all.chiitoi, chiitoi);
    assert_int_equal(all.kokushi, kokushi);
}

static void complete_hands_are_minus_one(void **state)
{
    (void)state;
    /* 123m 456p 789s 222z + pair 11z. Chiitoi: pairs 1z 2z (2z×3 is one pair), singles 9 → 6 − 2
     * − (7 − 2 = 5 singles counted) = 13 − 4 − 5 = 4. Kokushi: 1m 9s 1z 2z held (4), 1z paired → 8. */
    expect("123m456p789s11222z", -1, -1, 4, 8);
    /* chinitsu: 111 234 567 888 99 */
    expect("11123456788899m", -1, -1, 3, 10);
    /* ryanpeikou is also seven pairs: standard −1 (112233 ×2 + 44), chiitoi −1 */
    expect("112233m112233p44s", -1, -1, -1, 10);
}

static void tenpai_hands_are_zero(void **state)
{
    (void)state;
    /* shanpon 1z/2z */
    expect("123m456p789s1122z", 0, 0, 4, 8);
    /* chuuren: 111 234 567 99 + 89 → 0; kokushi: 1m 9m, paired → 13 − 2 − 1 = 10 */
    expect("1112345678999m", 0, 0, 4, 10);
}

static void kokushi_and_chiitoi(void **state)
{
    (void)state;
    /* 13 orphans: kokushi tenpai (13-sided); 13 singles → chiitoi 13 − 7 = 6; standard: 1z..7z
     * and the six terminals are isolated: 4 set slots + pair slot hold one tile each → 14 − 5 − 1 = 8 */
    expect("19m19p19s1234567z", 0, 8, 6, 0);
    /* 13 orphans + a pair: complete kokushi; standard: pair 11m + 4 singles → 14 − 6 − 1 = 7 */
    expect("19m19p19s1234567z1m", -1, 7, 5, -1);
    /* seven pairs; standard: six ryanmen-like toitsu pairs 1122m → taatsu 12m twice: 4 taatsu
     * in the set slots + pair 77z → 14 − 10 − 1 = 3 */
    expect("1122m3344p5566s77z", -1, 3, -1, 10);
    /* a kind held four times is one pair for chiitoi: 1111m 22 33p 44 55s 66z → 6 pairs → 1.
     * Standard: the best reading holds 111m + 23p + 23p + 45s in the set slots and 66z as the
     * pair: 3 + 2 + 2 + 2 + 2 = 11 of 14 target tiles → 14 − 11 − 1 = 2. */
    expect("1111m2233p4455s66z", 1, 2, 1, 10);
    /* four copies of an honor: 1111z is one pair for chiitoi (6 pairs → 1); standard: 111z 345s
     * 345s + toitsu 22s + pair 66s = 13 of 14 → tenpai; kokushi: 1z held, paired → 11 */
    expect("1111z2233445566s", 0, 0, 1, 11);
}

static void iishanten_hands(void **state)
{
    (void)state;
    /* 123m 456p 789s + pair 11z + a single (9s or 5z) in the 4th slot: 3+3+3+2+1 = 12 of 14 → 1 */
    expect("123m456p7899s115z", 1, 1, 4, 8);
    /* 234p 567p 123s + 8p, 4s + 11z: three sets, a pair, one single in the 4th slot → 1 */
    expect("2345678p1234s11z", 1, 1, 5, 10);
}

static void far_hands(void **state)
{
    (void)state;
    /* all isolated: 1m 4m 7m 2p 5p 8p 3s 6s 9s 1z 2z 3z 4z: one tile in each of the 5 slots →
     * 14 − 5 − 1 = 8; chiitoi 13 − 7 = 6; kokushi: 1m 9s 1z 2z 3z 4z → 13 − 6 = 7 */
    expect("147m258p369s1234z", 6, 8, 6, 7);
    /* the worst chiitoi: singles never exceed what can still pair */
    uint8_t c[IPPON_KINDS];
    counts_of("111122223333m4z", c);
    /* 3 pairs (each 4-of-a-kind is one pair) + 1 single → 13 − 6 − 1 = 6 */
    assert_int_equal(ippon_shanten_chiitoi(c), 6);
}

static void fewer_tiles_and_melds(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS];
    /* four melds and a single tile: tanki tenpai; with its pair: complete */
    counts_of("7z", c);
    assert_int_equal(ippon_shanten(c, 4, yonma()), 0);
    assert_int_equal(ippon_shanten_standard(c, 4, false), 0);
    counts_of("77z", c);
    assert_int_equal(ippon_shanten(c, 4, yonma()), -1);
    /* three melds: 1111m reads as pair 11m + toitsu 11m (majiang-core, by shape) → tenpai */
    counts_of("1111m", c);
    assert_int_equal(ippon_shanten(c, 3, yonma()), 0);
    /* one meld, 10 tiles of seven pairs: chiitoi does not apply with melds; standard: 12m 12m
     * 34p 34p taatsu (three slots) + pair 55s → 11 − 8 − 1 = 2 */
    counts_of("1122m3344p55s", c);
    assert_int_equal(ippon_shanten(c, 1, yonma()), 2);
    ippon_shanten_all all;
    assert_int_equal(ippon_shanten_forms(c, 1, yonma(), &all), 2);
    assert_int_equal(all.chiitoi, IPPON_SHANTEN_NONE);
    assert_int_equal(all.kokushi, IPPON_SHANTEN_NONE);
    /* two melds, 8 tiles: 123m 456p + 11z → complete */
    counts_of("123m456p11z", c);
    assert_int_equal(ippon_shanten(c, 2, yonma()), -1);
    /* NULL rules mean 4p */
    assert_int_equal(ippon_shanten(c, 2, NULL), -1);
}

static void sanma_man_has_no_shuntsu(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS];
    /* 111m 999m koutsu + 123p 456s + pair 11z → complete in 3p */
    counts_of("111m999m123p456s11z", c);
    assert_int_equal(ippon_shanten(c, 0, sanma()), -1);
    /* 19m are two singles, never a taatsu: 123p 456s 789s + 11z + 1m, 9m → 1 (4p the same,
     * since 1m and 9m are far apart there too) */
    counts_of("19m123p456s789s11z", c);
    assert_int_equal(ippon_shanten(c, 0, sanma()), 1);
    assert_int_equal(ippon_shanten(c, 0, yonma()), 1);
    /* 11m + 99m in 3p: shanpon tenpai */
    counts_of("11m99m123p456s789s", c);
    assert_int_equal(ippon_shanten(c, 0, sanma()), 0);
    /* a man tile 3p does not have */
    counts_of("2m123p456s789s11z", c);
    assert_int_equal(ippon_shanten(c, 0, sanma()), IPPON_EILLEGAL);
    assert_int_equal(ippon_shanten_standard(c, 0, true), IPPON_EILLEGAL);
    /* kokushi uses 1m 9m in 3p too */
    counts_of("19m19p19s1234567z", c);
    assert_int_equal(ippon_shanten(c, 0, sanma()), 0);
}

static void bad_input(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS] = { 0 };
    c[0] = 5; /* five copies */
    assert_int_equal(ippon_shanten(c, 0, yonma()), IPPON_ERANGE);
    assert_int_equal(ippon_shanten_standard(c, 0, false), IPPON_ERANGE);
    assert_int_equal(ippon_shanten_chiitoi(c), IPPON_ERANGE);
    assert_int_equal(ippon_shanten_kokushi(c), IPPON_ERANGE);
    c[0] = 255;
    assert_int_equal(ippon_shanten(c, 0, yonma()), IPPON_ERANGE);
    /* fifteen tiles */
    counts_of("1111222233334m44z", c);
    assert_int_equal(ippon_shanten(c, 0, yonma()), IPPON_ERANGE);
    /* melds out of range */
    counts_of("1m", c);
    assert_int_equal(ippon_shanten(c, 5, yonma()), IPPON_ERANGE);
    assert_int_equal(ippon_shanten(c, -1, yonma()), IPPON_ERANGE);
    /* errors are below −1 */
    assert_true(IPPON_ERANGE < -1 && IPPON_EILLEGAL < -1);
}

/* a check that the SWAR scan reads every kind: one tile on each kind in turn */
static void every_kind_counts(void **state)
{
    (void)state;
    for (int k = 0; k < IPPON_KINDS; k++) {
        uint8_t c[IPPON_KINDS] = { 0 };
        c[k] = 4;
        /* one koutsu + a single in a slot... 4 tiles: chiitoi 13 − 2 = 11 */
        assert_int_equal(ippon_shanten_chiitoi(c), 11);
        /* kokushi: a yaochu kind held (and paired) → 11, else 13 */
        assert_int_equal(ippon_shanten_kokushi(c), ippon_kind_is_yaochu(k) ? 11 : 13);
        c[k] = 5;
        assert_int_equal(ippon_shanten_chiitoi(c), IPPON_ERANGE);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(complete_hands_are_minus_one),
        cmocka_unit_test(tenpai_hands_are_zero),
        cmocka_unit_test(kokushi_and_chiitoi),
        cmocka_unit_test(iishanten_hands),
        cmocka_unit_test(far_hands),
        cmocka_unit_test(fewer_tiles_and_melds),
        cmocka_unit_test(sanma_man_has_no_shuntsu),
        cmocka_unit_test(bad_input),
        cmocka_unit_test(every_kind_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
