/*
 * shanten_internal.h — what shanten.c and wait.c share inside the core: the generated tables
 * (shanten_tables.h in the build tree; src/core/tables/gen_shanten_tables.c explains them),
 * the look-up of a suit's class, the argument check and the chiitoitsu/kokushi formulas.
 * Not a public header.
 *
 * A class stands for a distance vector: for k = 0..4 sets with and without the pair, the least
 * number of tiles a suit lacks. Standard-form distance of a hand:
 *   ippon_shanten_distance[melds][convolve[convolve[man][pin]][sou]][isolated]
 * where man/pin/sou are suit classes and isolated the class of the honors (+ 1m/9m in 3p).
 */
#ifndef IPPON_SHANTEN_INTERNAL_H
#define IPPON_SHANTEN_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ippon/error.h"
#include "ippon/rules.h"
#include "ippon/tile.h"

#include "shanten_tables.h"

enum { SHANTEN_MAX_TILES = 14, SHANTEN_SETS = 4 };

/* weight of an isolated kind holding c copies in the isolated-kinds key (n1 + 10 n2 + …) */
static const uint16_t shanten_isolated_weight[5] = { 0, 1, 10, 100, 1000 };

/* the class of one suit c[0..8]; needs c[i] ≤ 4 and Σ c ≤ 14 (rank: see the generator) */
static inline unsigned shanten_suit_class(const uint8_t c[9])
{
    unsigned high = ((c[3] * 5u + c[2]) * 5u + c[1]) * 5u + c[0];
    unsigned low = (((c[8] * 5u + c[7]) * 5u + c[6]) * 5u + c[5]) * 5u + c[4];
    unsigned low_tiles = (unsigned)c[4] + c[5] + c[6] + c[7] + c[8];
    return ippon_shanten_suit_class[ippon_shanten_rank_high[high][low_tiles] + ippon_shanten_rank_low[low]];
}

/* the isolated-kinds key of the honors, plus 1m and 9m when they cannot form shuntsu (3p) */
static inline unsigned shanten_isolated_key(const uint8_t counts[34], bool man_terminals_only)
{
    const uint16_t *w = shanten_isolated_weight;
    unsigned key = w[counts[27]] + w[counts[28]] + w[counts[29]] + w[counts[30]] + w[counts[31]]
                 + w[counts[32]] + w[counts[33]];
    if (man_terminals_only)
        key += w[counts[0]] + w[counts[8]];
    return key;
}

/* the class of the three suits combined (in 3p the man suit is part of the isolated kinds) */
static inline unsigned shanten_suits_class(const uint8_t counts[34], bool man_terminals_only)
{
    unsigned pin = shanten_suit_class(counts + 9), sou = shanten_suit_class(counts + 18);
    unsigned a = man_terminals_only ? pin : ippon_shanten_convolve[shanten_suit_class(counts)][pin];
    return ippon_shanten_convolve[a][sou];
}

/* what one pass over the counts tells: size, validity, and the chiitoitsu/kokushi counts */
typedef struct {
    int tiles;           /* tiles in the hand */
    int pairs, singles;  /* kinds held at least twice; held once */
    int kokushi_kinds;   /* terminal/honor kinds held */
    bool kokushi_paired; /* one of them at least twice */
} shanten_scan;

/* a mask with 0x01 in the byte that holds kind k (0..31) of a word loaded by memcpy */
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
#define SHANTEN_KIND_BIT(k) (UINT64_C(1) << (8 * (7 - (k) % 8)))
#else
#define SHANTEN_KIND_BIT(k) (UINT64_C(1) << (8 * ((k) % 8)))
#endif

/*
 * Scans the counts eight kinds at a time (SWAR: one byte per kind in a uint64). With every
 * count ≤ 4, a count is ≥ 2 iff bit 1 or 2 is set, 1 iff only bit 0 is, ≥ 1 iff any is.
 * Returns IPPON_OK, or IPPON_ERANGE if a kind holds more than 4, the hand more than 14 tiles or
 * melds is outside 0..4, or IPPON_EILLEGAL for a man tile 2m–8m under 3p rules.
 */
static inline int shanten_scan_hand(const uint8_t counts[IPPON_KINDS], int melds, bool man_terminals_only,
                                    shanten_scan *out)
{
    static const uint64_t ones = UINT64_C(0x0101010101010101);
    /* the kokushi kinds 1m 9m 1p 9p 1s 9s E S W N haku | hatsu chun, per word */
    static const uint64_t kokushi_mask[5] = {
        SHANTEN_KIND_BIT(0),
        SHANTEN_KIND_BIT(8) | SHANTEN_KIND_BIT(9),
        SHANTEN_KIND_BIT(17) | SHANTEN_KIND_BIT(18),
        SHANTEN_KIND_BIT(26) | SHANTEN_KIND_BIT(27) | SHANTEN_KIND_BIT(28) | SHANTEN_KIND_BIT(29)
            | SHANTEN_KIND_BIT(30) | SHANTEN_KIND_BIT(31),
        0x0101,
    };
    uint64_t w[5];
    memcpy(w, counts, 32);
    w[4] = (uint64_t)counts[32] | (uint64_t)counts[33] << 8;

    uint64_t over = 0, sum = 0, pairs = 0, singles = 0, kinds = 0, paired = 0;
    for (int i = 0; i < 5; i++) {
        uint64_t x = w[i];
        over |= (x + 123 * ones) | x;   /* bit 7 of a byte set iff that count is above 4 */
        sum += x;
        uint64_t two = ((x >> 1) | (x >> 2)) & ones;
        pairs += two;
        singles += x & ~((x >> 1) | (x >> 2)) & ones;
        kinds += (x | two) & ones & kokushi_mask[i];
        paired |= two & kokushi_mask[i];
    }
    if ((over & 0x80 * ones) || melds < 0 || melds > SHANTEN_SETS)
        return IPPON_ERANGE;
    out->tiles = (int)((sum * ones) >> 56);
    if (out->tiles > SHANTEN_MAX_TILES)
        return IPPON_ERANGE;
    if (man_terminals_only && (counts[1] | counts[2] | counts[3] | counts[4] | counts[5] | counts[6] | counts[7]))
        return IPPON_EILLEGAL;
    out->pairs = (int)((pairs * ones) >> 56);
    out->singles = (int)((singles * ones) >> 56);
    out->kokushi_kinds = (int)((kinds * ones) >> 56);
    out->kokushi_paired = paired != 0;
    return IPPON_OK;
}

/* chiitoitsu shanten from the number of kinds held at least twice and held once (majiang-core:
 * a kind held 3 or 4 times is one pair; singles only count up to seven kinds) */
static inline int shanten_chiitoi_of(int pairs, int singles)
{
    if (pairs > 7)
        pairs = 7;
    if (pairs + singles > 7)
        singles = 7 - pairs;
    return 13 - 2 * pairs - singles;
}

/* kokushi shanten from the number of its kinds held and whether one of them is paired */
static inline int shanten_kokushi_of(int kinds, bool paired)
{
    return 13 - kinds - (paired ? 1 : 0);
}

enum { SHANTEN_UNKNOWN = -128 };

/*
 * ippon_waits, also giving the shanten of the hand (as ippon_shanten) in *shanten, or
 * SHANTEN_UNKNOWN for bad counts or a hand not of 13 tiles with its melds (wait.c).
 */
uint64_t shanten_waits(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules, int *shanten);

#endif
