/*
 * test_waits.c — unit tests of the waits (machi), ukeire and karaten filter of
 * include/ippon/shanten.h, with the waits of each hand worked out by hand in its comment.
 * Waits are compared as short notation ("147m"), so a failure reads like a rule book.
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

static void counts_of(const char *notation, uint8_t counts[IPPON_KINDS])
{
    ippon_code codes[20];
    int n = ippon_notation_parse(notation, codes, 20);
    assert_true(n >= 0);
    memset(counts, 0, IPPON_KINDS);
    assert_int_equal(ippon_counts_add(counts, codes, n), IPPON_OK);
}

/* a set of kinds in short notation */
static const char *kinds_notation(uint64_t bits, char *buf, size_t cap)
{
    ippon_code codes[IPPON_KINDS];
    int n = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (bits >> k & 1)
            codes[n++] = (ippon_code)k;
    assert_true(ippon_notation_format(codes, n, buf, cap) >= 0);
    return buf;
}

static void expect_waits(const char *hand, int melds, const char *rules, const char *waits)
{
    uint8_t c[IPPON_KINDS];
    char buf[128];
    counts_of(hand, c);
    const ippon_rules *r = ippon_rules_preset(rules);
    assert_non_null(r);
    assert_string_equal(kinds_notation(ippon_waits(c, melds, r), buf, sizeof buf), waits);
}

static void expect_ukeire(const char *hand, int melds, const char *rules, const char *ukeire)
{
    uint8_t c[IPPON_KINDS];
    char buf[128];
    counts_of(hand, c);
    assert_string_equal(kinds_notation(ippon_ukeire(c, melds, ippon_rules_preset(rules)), buf, sizeof buf), ukeire);
}

static void basic_shapes(void **state)
{
    (void)state;
    /* shanpon: 11z or 22z becomes the koutsu */
    expect_waits("123m456p789s1122z", 0, "yonma", "12z");
    /* tanki */
    expect_waits("123m456p789s111z2z", 0, "yonma", "2z");
    /* kanchan 2_4m */
    expect_waits("24m456p789s111z22z", 0, "yonma", "3m");
    /* penchan 12m waits 3m only */
    expect_waits("12m456p789s111z22z", 0, "yonma", "3m");
    /* ryanmen 45m */
    expect_waits("45m456p789s111z22z", 0, "yonma", "36m");
}

static void long_shapes(void **state)
{
    (void)state;
    /* nobetan 2345m: 234 + tanki 5, or 345 + tanki 2 */
    expect_waits("2345m123p456p789s", 0, "yonma", "25m");
    /* sanmenchan 23456m: 234 + 56 → 4 7, or 23 + 456 → 1 4 */
    expect_waits("23456m123p456s11z", 0, "yonma", "147m");
    /* 2345678p + 999p: 1p → 123 456 789 99; 4p → 234 456 789 99; 7p → 234 567 789 99;
     * 2p → 22 345 678 999; 5p → 234 55 678 999; 8p → 234 567 88 999 */
    expect_waits("2345678999p111z", 0, "yonma", "124578p");
    /* the same seven tiles beside two koutsu of other suits: only the tanki readings 2 5 8 */
    expect_waits("2345678p111m999s", 0, "yonma", "258p");
    /* junsei chuuren: 1112345678999m waits on all nine */
    expect_waits("1112345678999m", 0, "yonma", "123456789m");
}

static void closed_forms(void **state)
{
    (void)state;
    /* kokushi 13-sided */
    expect_waits("19m19p19s1234567z", 0, "yonma", "19m19p19s1234567z");
    /* kokushi with its pair: waits on the missing chun */
    expect_waits("19m19p19s123456z1m", 0, "yonma", "7z");
    /* chiitoitsu tanki */
    expect_waits("1122m3344p5566s7z", 0, "yonma", "7z");
    /* 112233m reads as 123m 123m too, but the standard form (123m 123m + toitsu 44p 55p + pair
     * 66s + 4z) is iishanten; as seven pairs it is tenpai on 4z */
    expect_waits("112233m4455p66s4z", 0, "yonma", "4z");
    /* kokushi in 3p uses 1m and 9m like 4p */
    expect_waits("19m19p19s1234567z", 0, "sanma", "19m19p19s1234567z");
}

static void melds_and_small_hands(void **state)
{
    (void)state;
    /* four melds, one tile: tanki on it */
    expect_waits("7z", 4, "yonma", "7z");
    /* three melds: 45m + 11z → 36m; 11z 22z → shanpon */
    expect_waits("45m11z", 3, "yonma", "36m");
    expect_waits("11z22z", 3, "yonma", "12z");
    /* one meld: nobetan */
    expect_waits("2345m123p456s", 1, "yonma", "25m");
    /* 1111m with three melds is tenpai by shape (11 + 11) but no fifth 1m exists: no waits */
    uint8_t c[IPPON_KINDS];
    counts_of("1111m", c);
    assert_int_equal(ippon_shanten(c, 3, NULL), 0);
    assert_true(ippon_waits(c, 3, NULL) == 0);
}

static void not_tenpai_or_wrong_size(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS];
    /* iishanten: no waits */
    counts_of("123m456p7899s115z", c);
    assert_true(ippon_waits(c, 0, NULL) == 0);
    /* a complete 14-tile hand is not a waiting hand */
    counts_of("123m456p789s11222z", c);
    assert_true(ippon_waits(c, 0, NULL) == 0);
    assert_true(ippon_ukeire(c, 0, NULL) == 0);
    /* 13 tiles given with a meld (16 in all) */
    counts_of("123m456p789s1122z", c);
    assert_true(ippon_waits(c, 1, NULL) == 0);
    /* bad counts */
    memset(c, 0, sizeof c);
    c[5] = 9;
    assert_true(ippon_waits(c, 0, NULL) == 0);
    assert_true(ippon_ukeire(c, 0, NULL) == 0);
}

static void sanma_waits(void **state)
{
    (void)state;
    /* shanpon on 1m / 9m */
    expect_waits("11m99m123p456s789s", 0, "sanma", "19m");
    /* tanki 1m */
    expect_waits("1m123p456p789s111z", 0, "sanma", "1m");
    /* 2m–8m never appear: 1m 9m with 123p 456s 789s 11z is iishanten; in 4p 2m 3m 7m 8m also
     * help (12m, 13m, 79m, 89m taatsu), in 3p only a second 1m or 9m, or a third 1z (koutsu) */
    expect_ukeire("19m123p456s789s11z", 0, "sanma", "19m1z");
    expect_ukeire("19m123p456s789s11z", 0, "yonma", "123789m1z");
}

static void ukeire_counts(void **state)
{
    (void)state;
    /* iishanten 123m 456p 789s 11z + 9s 5z. Tenpai after: 9s (toitsu 99s), 5z (toitsu 55z),
     * 1z (koutsu 111z), 6s (678s + pair 99s), 7s (789s + kanchan 79s), 8s (789s + 89s) */
    expect_ukeire("123m456p7899s115z", 0, "yonma", "6789s15z");
    /* for a tenpai hand ukeire are its waits */
    expect_ukeire("23456m123p456s11z", 0, "yonma", "147m");
}

static void karaten(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS], own[IPPON_KINDS];
    /* src/core/RULES.md §4: tanki on 5z while the player's own pon holds the other three 5z → every
     * copy is the player's own: karaten, not tenpai at a draw. */
    counts_of("123m456p789s5z", c);
    uint64_t waits = ippon_waits(c, 1, NULL);
    assert_true(waits == UINT64_C(1) << 31);
    counts_of("123m456p789s5555z", own); /* concealed hand + the pon */
    assert_true(ippon_waits_live(waits, own) == 0);
    /* Tenhou counts only the concealed hand: the wait stays live */
    counts_of("123m456p789s5z", own);
    assert_true(ippon_waits_live(waits, own) == waits);

    /* nobetan 2345m with a pon of 5m: 5m is used up, 2m still live */
    counts_of("2345m123p456s", c);
    waits = ippon_waits(c, 1, NULL);
    counts_of("2345555m123p456s", own);
    char buf[64];
    assert_string_equal(kinds_notation(ippon_waits_live(waits, own), buf, sizeof buf), "2m");

    /* kita (3p): Norths set aside count as the player's own */
    counts_of("123p456p789s11m44z", c);
    waits = ippon_waits(c, 0, ippon_rules_preset("sanma")); /* 1m 4z shanpon */
    assert_string_equal(kinds_notation(waits, buf, sizeof buf), "1m4z");
    counts_of("123p456p789s11m4444z", own); /* hand 44z + two kita */
    assert_string_equal(kinds_notation(ippon_waits_live(waits, own), buf, sizeof buf), "1m");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(basic_shapes),
        cmocka_unit_test(long_shapes),
        cmocka_unit_test(closed_forms),
        cmocka_unit_test(melds_and_small_hands),
        cmocka_unit_test(not_tenpai_or_wrong_size),
        cmocka_unit_test(sanma_waits),
        cmocka_unit_test(ukeire_counts),
        cmocka_unit_test(karaten),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
