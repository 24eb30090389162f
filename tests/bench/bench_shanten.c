/*
 * bench_shanten.c — how long the shanten calculator takes per hand, on one core.
 *
 * Deals random 13- and 14-tile hands (alternately) from a shuffled 136-tile wall with the same
 * fixed-seed PRNG (mulberry32) and shuffle as tests/bench/majiang_shanten.mjs, so both time the
 * very same hands. The hands are dealt into an array first (not timed); then each function runs
 * over the whole array several times and the best pass is reported in ns per hand. A checksum
 * of the results is printed so the work cannot be optimised away.
 *
 * Usage: bench_shanten [HANDS] [PASSES]   (defaults 100000 and 20). Run from a Release build.
 * The last line is machine-readable for majiang_shanten.mjs: "ippon_shanten_ns <ns>".
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "ippon/rules.h"
#include "ippon/shanten.h"
#include "ippon/tile.h"

typedef struct {
    uint8_t counts[IPPON_KINDS];
    uint8_t tiles;
} hand;

/* mulberry32, as in the Node scripts: returns the next 32-bit output */
static uint32_t mulberry32(uint32_t *state)
{
    uint32_t t = (*state += 0x6d2b79f5u);
    t = (t ^ (t >> 15)) * (t | 1u);
    t ^= t + (t ^ (t >> 7)) * (t | 61u);
    return t ^ (t >> 14);
}

/* Math.floor(rand() * n) of the Node scripts, exactly */
static uint32_t below(uint32_t *state, uint32_t n)
{
    return (uint32_t)(((uint64_t)mulberry32(state) * n) >> 32);
}

static void deal(hand *hands, int n, uint32_t seed)
{
    uint32_t state = seed;
    for (int i = 0; i < n; i++) {
        uint8_t wall[IPPON_TILE_IDS];
        for (int t = 0; t < IPPON_TILE_IDS; t++)
            wall[t] = (uint8_t)t;
        for (int t = IPPON_TILE_IDS - 1; t > 0; t--) {
            uint32_t j = below(&state, (uint32_t)t + 1);
            uint8_t tmp = wall[t];
            wall[t] = wall[j];
            wall[j] = tmp;
        }
        memset(&hands[i], 0, sizeof hands[i]);
        hands[i].tiles = (uint8_t)(13 + (i & 1));
        for (int t = 0; t < hands[i].tiles; t++)
            hands[i].counts[wall[t] >> 2]++;
    }
}

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec * 1e9 + ts.tv_nsec;
}

enum { SHANTEN, STANDARD, WAITS, UKEIRE };

/* best ns per hand over `passes` runs of function `which` over all hands */
static double time_it(const hand *hands, int n, int passes, int which, long *checksum)
{
    const ippon_rules *rules = ippon_rules_preset("yonma");
    double best = 1e300;
    for (int pass = 0; pass < passes; pass++) {
        long sum = 0;
        double t0 = now_ns();
        for (int i = 0; i < n; i++) {
            const uint8_t *c = hands[i].counts;
            switch (which) {
            case SHANTEN: sum += ippon_shanten(c, 0, rules); break;
            case STANDARD: sum += ippon_shanten_standard(c, 0, false); break;
            case WAITS: sum += (long)(ippon_waits(c, 0, rules) & 0xFFFF); break;
            default: sum += (long)(ippon_ukeire(c, 0, rules) & 0xFFFF); break;
            }
        }
        double per = (now_ns() - t0) / n;
        best = per < best ? per : best;
        *checksum += sum;
    }
    return best;
}

int main(int argc, char **argv)
{
    int n = argc > 1 ? atoi(argv[1]) : 100000;
    int passes = argc > 2 ? atoi(argv[2]) : 20;
    if (n <= 0 || passes <= 0) {
        fprintf(stderr, "usage: bench_shanten [HANDS] [PASSES]\n");
        return 2;
    }
    hand *hands = malloc(sizeof *hands * (size_t)n);
    if (!hands)
        return 1;
    deal(hands, n, 20240601);

    /* the 13-tile hands alone, for waits and ukeire */
    int n13 = 0;
    hand *hands13 = malloc(sizeof *hands13 * (size_t)n);
    if (!hands13)
        return 1;
    for (int i = 0; i < n; i++)
        if (hands[i].tiles == 13)
            hands13[n13++] = hands[i];

    /* the sum of the shanten of all hands: majiang_shanten.mjs prints the same sum for its hands */
    const ippon_rules *yonma = ippon_rules_preset("yonma");
    long shanten_sum = 0;
    for (int i = 0; i < n; i++)
        shanten_sum += ippon_shanten(hands[i].counts, 0, yonma);

    long checksum = 0;
    double shanten = time_it(hands, n, passes, SHANTEN, &checksum);
    double standard = time_it(hands, n, passes, STANDARD, &checksum);
    double waits = time_it(hands13, n13, passes, WAITS, &checksum);
    double ukeire = time_it(hands13, n13, passes, UKEIRE, &checksum);

    printf("hands: %d (13 and 14 tiles), shanten sum %ld, best of %d passes, checksum %ld\n", n, shanten_sum,
           passes, checksum);
    printf("ippon_shanten (all three forms)  %8.1f ns/hand\n", shanten);
    printf("ippon_shanten_standard           %8.1f ns/hand\n", standard);
    printf("ippon_waits (13-tile hands)      %8.1f ns/hand\n", waits);
    printf("ippon_ukeire (13-tile hands)     %8.1f ns/hand\n", ukeire);
    printf("ippon_shanten_ns %.2f\n", shanten);
    free(hands13);
    free(hands);
    return 0;
}
