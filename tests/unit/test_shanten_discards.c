/*
 * test_shanten_discards.c — ippon_shanten_discards (the shanten after each possible discard, all
 * at once) must equal ippon_shanten of the hand with that tile removed: checked on a hand worked
 * by hand and on random 14-tile hands of both modes, with and without melds.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/shanten.h"
#include "ippon/wall.h"

static uint32_t next_word(void *ctx)
{
    uint64_t *s = ctx;
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    return (uint32_t)(*s >> 16);
}

static void worked_example(void **state)
{
    (void)state;
    /* 123m 456p 789s 11z + single 2z 3z 5z. Discarding a single honor leaves three sets, the
       pair and two singles: the fourth set needs two more tiles on one single, distance 2,
       shanten 1. Discarding 1m leaves 23m (one tile short) and the fourth set still two tiles
       away: distance 3, shanten 2. Discarding an East breaks the pair: a pair (1 tile) and a set
       (2 tiles) are missing: shanten 2. */
    uint8_t c[IPPON_KINDS] = { 0 };
    ippon_code codes[14];
    int n = ippon_notation_parse("123m456p789s11235z", codes, 14);
    assert_int_equal(n, 14);
    assert_int_equal(ippon_counts_add(c, codes, n), 0);
    int8_t out[IPPON_KINDS];
    assert_int_equal(ippon_shanten_discards(c, 0, ippon_rules_preset("yonma"), out), 0);
    assert_int_equal(out[IPPON_SOUTH], 1);
    assert_int_equal(out[IPPON_WEST], 1);
    assert_int_equal(out[IPPON_HAKU], 1);
    assert_int_equal(out[IPPON_1M], 2);
    assert_int_equal(out[IPPON_EAST], 2);
    assert_int_equal(out[IPPON_9M], IPPON_SHANTEN_NONE);
}

static void check_random(const char *preset, int melds, int hands)
{
    const ippon_rules *r = ippon_rules_preset(preset);
    uint64_t seed = 0x1234567 + (uint64_t)melds;
    ippon_tile wall[IPPON_TILE_IDS];
    for (int h = 0; h < hands; h++) {
        int n = ippon_wall_tiles(r, wall);
        ippon_wall_shuffle(wall, n, next_word, &seed);
        uint8_t c[IPPON_KINDS] = { 0 };
        for (int i = 0; i < 14 - 3 * melds; i++)
            c[ippon_tile_kind(wall[i])]++;
        int8_t out[IPPON_KINDS];
        assert_int_equal(ippon_shanten_discards(c, melds, r, out), 0);
        for (int k = 0; k < IPPON_KINDS; k++) {
            if (!c[k]) {
                assert_int_equal(out[k], IPPON_SHANTEN_NONE);
                continue;
            }
            c[k]--;
            assert_int_equal(out[k], ippon_shanten(c, melds, r));
            c[k]++;
        }
    }
}

static void random_hands_agree_with_shanten(void **state)
{
    (void)state;
    for (int melds = 0; melds <= 3; melds++) {
        check_random("yonma", melds, 3000);
        check_random("sanma", melds, 3000);
    }
}

static void bad_input_is_refused(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS] = { 0 };
    c[0] = 5;
    int8_t out[IPPON_KINDS];
    assert_true(ippon_shanten_discards(c, 0, ippon_rules_preset("yonma"), out) < 0);
    assert_int_equal(out[0], IPPON_SHANTEN_NONE);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_example),
        cmocka_unit_test(random_hands_agree_with_shanten),
        cmocka_unit_test(bad_input_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
