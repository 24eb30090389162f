/*
 * counts_internal.h — word-at-a-time helpers over the 34 counts of a hand (one byte per kind):
 * which kinds are present or hold exactly v, whether any count is above four, their sum. The counts
 * are read eight at a time as 64-bit words (kinds 0–31) plus kinds 32 and 33 one by one, and
 * answers come back as masks with bit k for kind k.
 *
 * Reading back as a word bytes that were just stored one by one stalls the processor until the
 * stores complete, so callers apply these to counts they have not just changed.
 * Not a public header.
 */
#ifndef IPPON_COUNTS_INTERNAL_H
#define IPPON_COUNTS_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ippon/tile.h"

#define COUNTS_ONES 0x0101010101010101ull

static inline uint64_t counts_word(const uint8_t *c, int at)
{
    uint64_t w;
    memcpy(&w, c + at, 8);
    return w;
}

/* bit i of the result set when byte i of w is not zero (any byte values) */
static inline uint64_t counts_word_present(uint64_t w)
{
    uint64_t nonzero = ((((w & 0x7F * COUNTS_ONES) + 0x7F * COUNTS_ONES) | w) >> 7) & COUNTS_ONES;
    return (nonzero * 0x0102040810204080ull) >> 56; /* gathers bit 8i into bit 56 + i */
}

/* bit i of the result set when byte i of w equals v (a byte of w ^ v… is zero exactly there) */
static inline uint64_t counts_word_equal(uint64_t w, unsigned v)
{
    uint64_t x = w ^ v * COUNTS_ONES;
    uint64_t zero = ~(((x & 0x7F * COUNTS_ONES) + 0x7F * COUNTS_ONES) | x) & 0x80 * COUNTS_ONES;
    return ((zero >> 7) * 0x0102040810204080ull) >> 56;
}

/* bit k set when c[k] == v */
static inline uint64_t counts_equal(const uint8_t c[IPPON_KINDS], unsigned v)
{
    return counts_word_equal(counts_word(c, 0), v) | counts_word_equal(counts_word(c, 8), v) << 8 |
           counts_word_equal(counts_word(c, 16), v) << 16 | counts_word_equal(counts_word(c, 24), v) << 24 |
           (uint64_t)(c[32] == v) << 32 | (uint64_t)(c[33] == v) << 33;
}

/* bit k set when c[k] > 0 */
static inline uint64_t counts_present(const uint8_t c[IPPON_KINDS])
{
    return counts_word_present(counts_word(c, 0)) | counts_word_present(counts_word(c, 8)) << 8 |
           counts_word_present(counts_word(c, 16)) << 16 | counts_word_present(counts_word(c, 24)) << 24 |
           (uint64_t)(c[32] != 0) << 32 | (uint64_t)(c[33] != 0) << 33;
}

/* whether any of the 34 counts is above 4 (a byte + 123 sets bit 7 iff it is above 4) */
static inline bool counts_any_over_four(const uint8_t c[IPPON_KINDS])
{
    uint64_t over = 0;
    for (int at = 0; at < 32; at += 8) {
        uint64_t w = counts_word(c, at);
        over |= (w + 123 * COUNTS_ONES) | w;
    }
    return ((over & 0x80 * COUNTS_ONES) != 0) | (c[32] > 4) | (c[33] > 4);
}

/* the sum of the counts; every count must be at most 4 (no carries between bytes) */
static inline int counts_sum(const uint8_t c[IPPON_KINDS])
{
    uint64_t w = counts_word(c, 0) + counts_word(c, 8) + counts_word(c, 16) + counts_word(c, 24);
    return (int)((w * COUNTS_ONES) >> 56) + c[32] + c[33];
}

#endif
