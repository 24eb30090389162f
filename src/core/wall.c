/*
 * wall.c — the tile set of a rule set and its unbiased Fisher–Yates shuffle (ippon/wall.h).
 */
#include <assert.h>

#include "ippon/wall.h"

int ippon_wall_tiles(const ippon_rules *rules, ippon_tile *out)
{
    assert(rules && out);
    int n = 0;
    for (int t = 0; t < IPPON_TILE_IDS; t++)
        if (ippon_rules_has_kind(rules, ippon_tile_kind((ippon_tile)t)))
            out[n++] = (ippon_tile)t;
    return n;
}

uint32_t ippon_splitmix_word(void *ctx)
{
    uint64_t *state = ctx;
    uint64_t z = (*state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return (uint32_t)((z ^ (z >> 31)) >> 32);
}

/* a uniform integer in 0..bound-1 by rejection sampling */
static uint32_t uniform(uint32_t bound, ippon_random_word next, void *ctx)
{
    assert(bound > 0);
    uint32_t limit = (uint32_t)(0x100000000ull - 0x100000000ull % bound); /* a multiple of bound; 0 = 2^32 */
    for (;;) {
        uint32_t w = next(ctx);
        if (limit == 0 || w < limit)
            return w % bound;
    }
}

void ippon_wall_shuffle(ippon_tile *wall, int n, ippon_random_word next, void *ctx)
{
    assert((wall || n <= 0) && n <= IPPON_TILE_IDS && next);
    for (int i = n - 1; i > 0; i--) {
        uint32_t j = uniform((uint32_t)i + 1, next, ctx);
        ippon_tile t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
    }
}
