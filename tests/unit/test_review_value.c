/*
 * test_review_value.c — unit tests of a tenpai hand's value in the review (review_value.c,
 * src/review/README.md "Value"), on hands whose points are worked by hand from the rule book's
 * tables (src/core/RULES.md §6): base = fu × 2^(2 + han); a non-dealer's ron is 4 × base, its tsumo
 * 2 × base from the dealer and 1 × base from each other, each rounded up to 100.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/rules.h"
#include "ippon/tile.h"
#include "review_internal.h"

static void counts_of(const char *tiles, uint8_t counts[IPPON_KINDS])
{
    ippon_code codes[14];
    int n = ippon_notation_parse(tiles, codes, 14);
    assert_true(n > 0);
    memset(counts, 0, IPPON_KINDS);
    assert_int_equal(ippon_counts_add(counts, codes, n), 0);
}

static int kind_of(const char *tile)
{
    ippon_code c;
    assert_int_equal(ippon_notation_parse(tile, &c, 1), 1);
    return ippon_code_kind(c);
}

static uint64_t bit(const char *tile)
{
    return UINT64_C(1) << kind_of(tile);
}

/* unseen = 4 − held for every kind */
static void unseen_of(const uint8_t hand[IPPON_KINDS], uint8_t unseen[IPPON_KINDS])
{
    for (int k = 0; k < IPPON_KINDS; k++)
        unseen[k] = (uint8_t)(4 - hand[k]);
}

/* South (a non-dealer) in the East round */
static review_table south(const char *rules)
{
    return (review_table){ .rules = ippon_rules_preset(rules), .wind = 1, .round_wind = 0 };
}

/*
 * 234m456m345p88p67s, closed, waiting on 5s-8s: pinfu + tanyao. The indicator 7s makes 8s a dora.
 *   5s: dama ron 2 han 30 fu: base 480, ron 1,920 → 2,000; dama tsumo 3 han 20 fu: base 640,
 *       1,300 + 700 + 700 = 2,700; riichi ron 3 han 30 fu: base 960 → 3,840 → 3,900; riichi tsumo
 *       4 han 20 fu: base 1,280, 2,600 + 1,300 + 1,300 = 5,200.
 *   8s (one dora more): dama ron 3 han 30 fu 3,900; dama tsumo 4 han 20 fu 5,200; riichi ron 4 han
 *       30 fu: base 1,920 → 7,680 → 7,700 (tenhou4: no kiriage); riichi tsumo 5 han: mangan,
 *       4,000 + 2,000 + 2,000 = 8,000.
 * Unseen 5s 4, 8s 2 (two more seen elsewhere): dama ron (4·2,000 + 2·3,900) / 6 = 2,633.3 → 2,633;
 * dama tsumo (4·2,700 + 2·5,200) / 6 = 3,533.3 → 3,533; riichi ron (4·3,900 + 2·7,700) / 6 =
 * 5,166.7 → 5,167; riichi tsumo (4·5,200 + 2·8,000) / 6 = 6,133.3 → 6,133.
 */
static void pinfu_tanyao_with_a_dora_wait(void **state)
{
    (void)state;
    review_table t = south("tenhou4");
    uint8_t hand[IPPON_KINDS], unseen[IPPON_KINDS];
    counts_of("234456m34588p67s", hand);
    unseen_of(hand, unseen);
    unseen[kind_of("8s")] = 2;
    review_dora dora = { .indicators = { (uint8_t)kind_of("7s") }, .n = 1 };
    ippon_review_value v;
    review_value(&t, hand, NULL, 0, &dora, unseen, bit("5s") | bit("8s"), &v);
    assert_true(v.known && v.dama && v.riichi);
    assert_int_equal(v.dama_ron, 2633);
    assert_int_equal(v.dama_tsumo, 3533);
    assert_int_equal(v.riichi_ron, 5167);
    assert_int_equal(v.riichi_tsumo, 6133);

    /* yonma has kiriage: 4 han 30 fu is a mangan, riichi ron on 8s 8,000:
       (4·3,900 + 2·8,000) / 6 = 5,266.7 → 5,267 */
    t = south("yonma");
    review_value(&t, hand, NULL, 0, &dora, unseen, bit("5s") | bit("8s"), &v);
    assert_int_equal(v.riichi_ron, 5267);

    /* a wait with no copy unseen counts for nothing: 5s alone, with a red five held (one han more:
       dama ron 3 han 30 fu 3,900, riichi tsumo 5 han 8,000) */
    t = south("tenhou4");
    unseen[kind_of("8s")] = 0;
    dora.red[0] = 1;
    review_value(&t, hand, NULL, 0, &dora, unseen, bit("5s") | bit("8s"), &v);
    assert_int_equal(v.dama_ron, 3900);
    assert_int_equal(v.dama_tsumo, 5200);
    assert_int_equal(v.riichi_ron, 7700);
    assert_int_equal(v.riichi_tsumo, 8000);

    /* no wait left unseen: no value */
    unseen[kind_of("5s")] = 0;
    review_value(&t, hand, NULL, 0, &dora, unseen, bit("5s") | bit("8s"), &v);
    assert_false(v.known);
}

/*
 * 123m456m345p88p68s, closed, kanchan on 7s, no dora: a ron has no yaku (0), a tsumo has menzen
 * tsumo: 1 han, 20 + 2 (tsumo) + 2 (kanchan) → 30 fu, base 240, 500 + 300 + 300 = 1,100. Riichi ron
 * 1 han 20 + 10 + 2 → 40 fu, base 320 → 1,280 → 1,300; riichi tsumo 2 han 30 fu, base 480,
 * 1,000 + 500 + 500 = 2,000.
 */
static void closed_hand_without_a_ron_yaku(void **state)
{
    (void)state;
    review_table t = south("tenhou4");
    uint8_t hand[IPPON_KINDS], unseen[IPPON_KINDS];
    counts_of("123456m34588p68s", hand);
    unseen_of(hand, unseen);
    review_dora dora = { .indicators = { (uint8_t)kind_of("1z") }, .n = 1 }; /* dora 2z: none */
    ippon_review_value v;
    review_value(&t, hand, NULL, 0, &dora, unseen, bit("7s"), &v);
    assert_true(v.known && v.dama && v.riichi);
    assert_int_equal(v.dama_ron, 0);
    assert_int_equal(v.dama_tsumo, 1100);
    assert_int_equal(v.riichi_ron, 1300);
    assert_int_equal(v.riichi_tsumo, 2000);
}

/*
 * Open hands: no riichi. After a chi of 234m (from the left: East), 456m345p88p67s on 5s-8s keeps
 * open tanyao: 1 han; an open hand's 20 fu count 30: base 240, ron 960 → 1,000, tsumo 500 + 300 +
 * 300 = 1,100. After a chi of 123m instead, no yaku: dama null.
 */
static void open_hands(void **state)
{
    (void)state;
    review_table t = south("tenhou4");
    uint8_t hand[IPPON_KINDS], unseen[IPPON_KINDS];
    counts_of("456m34588p67s", hand);
    unseen_of(hand, unseen);
    review_dora dora = { .indicators = { (uint8_t)kind_of("1z") }, .n = 1 }; /* dora 2z: none */
    ippon_meld chi = { .type = IPPON_MELD_CHI, .kind = (uint8_t)kind_of("2m"), .called = (uint8_t)kind_of("2m"),
                       .from = 0 };
    ippon_review_value v;
    review_value(&t, hand, &chi, 1, &dora, unseen, bit("5s") | bit("8s"), &v);
    assert_true(v.known && v.dama);
    assert_false(v.riichi);
    assert_int_equal(v.dama_ron, 1000);
    assert_int_equal(v.dama_tsumo, 1100);

    chi.kind = chi.called = (uint8_t)kind_of("1m");
    review_value(&t, hand, &chi, 1, &dora, unseen, bit("5s") | bit("8s"), &v);
    assert_true(v.known);
    assert_false(v.dama || v.riichi);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(pinfu_tanyao_with_a_dora_wait),
        cmocka_unit_test(closed_hand_without_a_ron_yaku),
        cmocka_unit_test(open_hands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
