/*
 * test_discard_ukeire.c — unit tests of the functions bots use on every turn
 * (include/ippon/shanten.h): ippon_shanten_with_discards, ippon_ukeire_discards and
 * ippon_waits, checked on random hands against their definitions worked out here with
 * ippon_shanten alone: the shanten after each discard; the kinds whose draw lowers the shanten
 * of the hand left by a discard; the kinds whose draw completes a tenpai hand.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/rules.h"
#include "ippon/shanten.h"
#include "ippon/tile.h"

static uint64_t rng_state = 0x2545F4914F6CDD1Dull;
static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* a random concealed hand of `tiles` tiles under the rules: half of them built from sets and a
   pair with one or two tiles changed (so that low shanten and ties are common), half drawn at
   random from the wall */
static void random_hand(const ippon_rules *r, int tiles, uint8_t c[IPPON_KINDS])
{
    memset(c, 0, IPPON_KINDS);
    int n = 0;
    while (n < tiles) {
        int k = (int)rnd(IPPON_KINDS), add = 1;
        if (!ippon_rules_has_kind(r, k))
            continue;
        if (rnd(2) && tiles - n >= 3) {
            if (k < 27 && k % 9 <= 6 && !(r->man_terminals_only && k < 9) && rnd(2)) {
                if (c[k] < 4 && c[k + 1] < 4 && c[k + 2] < 4) {
                    c[k]++, c[k + 1]++, c[k + 2]++;
                    n += 3;
                }
                continue;
            }
            add = 3;
        } else if (rnd(3) == 0 && tiles - n >= 2) {
            add = 2;
        }
        if (c[k] + add <= 4) {
            c[k] = (uint8_t)(c[k] + add);
            n += add;
        }
    }
}

static uint64_t existing(const ippon_rules *r)
{
    uint64_t kinds = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        kinds |= (uint64_t)ippon_rules_has_kind(r, k) << k;
    return kinds;
}

/* the ukeire of a hand by its definition: draws (of kinds held fewer than four times) that give
   a lower shanten */
static uint64_t ukeire_by_definition(const ippon_rules *r, uint8_t c[IPPON_KINDS], int melds, int shanten)
{
    uint64_t bits = 0, kinds = existing(r);
    for (int x = 0; x < IPPON_KINDS; x++) {
        if (!(kinds >> x & 1) || c[x] >= 4)
            continue;
        c[x]++;
        if (ippon_shanten(c, melds, r) < shanten)
            bits |= 1ull << x;
        c[x]--;
    }
    return bits;
}

static void check_turn(const ippon_rules *r, const uint8_t hand[IPPON_KINDS], int melds, int *ties)
{
    uint8_t c[IPPON_KINDS];
    memcpy(c, hand, IPPON_KINDS);
    int8_t after[IPPON_KINDS], plain[IPPON_KINDS];
    int shanten = ippon_shanten_with_discards(c, melds, r, after);
    assert_int_equal(shanten, ippon_shanten(c, melds, r));
    assert_int_equal(ippon_shanten_discards(c, melds, r, plain), 0);
    assert_memory_equal(after, plain, IPPON_KINDS);
    uint64_t held = 0;
    int least = IPPON_SHANTEN_NONE;
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (!c[k]) {
            assert_int_equal(after[k], IPPON_SHANTEN_NONE);
            continue;
        }
        held |= 1ull << k;
        c[k]--;
        assert_int_equal(after[k], ippon_shanten(c, melds, r));
        c[k]++;
        least = after[k] < least ? after[k] : least;
    }
    uint64_t out[IPPON_KINDS];
    for (int k = 0; k < IPPON_KINDS; k++)
        out[k] = 0xDEAD;
    /* every held kind, plus the first kind not held (which gets 0) */
    uint64_t not_held = ~held & ((1ull << IPPON_KINDS) - 1), ask = held | (not_held & (0 - not_held));
    ippon_ukeire_discards(c, melds, r, after, ask, out);
    int at_least = 0;
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (!(ask >> k & 1)) {
            assert_int_equal(out[k], 0xDEAD); /* left alone */
            continue;
        }
        if (!c[k]) {
            assert_int_equal(out[k], 0);
            continue;
        }
        c[k]--;
        assert_int_equal(out[k], ukeire_by_definition(r, c, melds, after[k]));
        assert_int_equal(out[k], ippon_ukeire_known(c, melds, r, after[k]));
        if (after[k] == 0) /* tenpai after the discard: the ukeire are the waits */
            assert_int_equal(ippon_waits(c, melds, r), out[k]);
        else
            assert_int_equal(ippon_waits(c, melds, r), 0);
        c[k]++;
        at_least += after[k] == least;
    }
    *ties += at_least > 1 && least <= 1;
}

static void random_turns(const ippon_rules *r)
{
    int ties = 0;
    for (int it = 0; it < 6000; it++) {
        int melds = (int)rnd(4);
        uint8_t c[IPPON_KINDS];
        random_hand(r, 14 - 3 * melds, c);
        check_turn(r, c, melds, &ties);
    }
    assert_true(ties > 500); /* the close decisions bots make were reached */
}

static void yonma_turns(void **state)
{
    (void)state;
    random_turns(ippon_rules_preset("yonma"));
}

static void sanma_turns(void **state)
{
    (void)state;
    random_turns(ippon_rules_preset("sanma"));
}

/* bad counts: each requested kind as ippon_ukeire_known would answer it, nothing else written */
static void bad_counts(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    uint8_t c[IPPON_KINDS] = { 0 };
    c[IPPON_1P] = 5; /* five 1p: refused until one leaves */
    c[IPPON_1P + 1] = 1, c[IPPON_1P + 2] = 1;
    int8_t after[IPPON_KINDS];
    assert_true(ippon_shanten_with_discards(c, 2, r, after) < -1);
    memset(after, 1, sizeof after);
    uint64_t out[IPPON_KINDS] = { 0 };
    out[IPPON_EAST] = 77;
    ippon_ukeire_discards(c, 2, r, after, 1ull << IPPON_1P | 1ull << (IPPON_1P + 1) | 1ull << IPPON_5S, out);
    c[IPPON_1P]--;
    assert_int_equal(out[IPPON_1P], ippon_ukeire_known(c, 2, r, 1));
    c[IPPON_1P]++;
    assert_int_equal(out[IPPON_1P + 1], 0); /* still five 1p */
    assert_int_equal(out[IPPON_5S], 0); /* not held */
    assert_int_equal(out[IPPON_EAST], 77);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(yonma_turns),
        cmocka_unit_test(sanma_turns),
        cmocka_unit_test(bad_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
