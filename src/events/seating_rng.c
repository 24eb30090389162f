/*
 * seating_rng.c — the seating's randomness (src/events/README.md "Randomness"): a ChaCha20
 * keystream keyed by the round's 32-byte seed, read 256 bytes at a time (nonce = the block
 * number), so that one input and seed always give one seating.
 */
#include <sodium.h>
#include <string.h>

#include "seating_internal.h"

void seating_rng_init(seating_rng *r, const uint8_t seed[32])
{
    /* picks libsodium's fastest ChaCha20; the stream works without it, and a failure (no entropy
       source) would only matter to libsodium's random functions, which the seating does not use */
    int started = sodium_init();
    (void)started;
    memcpy(r->key, seed, sizeof r->key);
    r->block = 0;
    r->used = sizeof r->buf;
}

static uint32_t next_u32(seating_rng *r)
{
    if (r->used + 4 > sizeof r->buf) {
        uint8_t nonce[crypto_stream_chacha20_NONCEBYTES] = { 0 };
        for (size_t i = 0; i < sizeof nonce && i < 8; i++)
            nonce[i] = (uint8_t)(r->block >> (8 * i));
        r->block++;
        crypto_stream_chacha20(r->buf, sizeof r->buf, nonce, r->key);
        r->used = 0;
    }
    const uint8_t *b = r->buf + r->used;
    r->used += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

uint32_t seating_rng_below(seating_rng *r, uint32_t n)
{
    /* keep x ≤ 2³² − 1 − (2³² mod n): a multiple of n values, each remainder equally likely */
    uint32_t highest = UINT32_MAX - (uint32_t)(((uint64_t)UINT32_MAX + 1) % n);
    for (;;) {
        uint32_t x = next_u32(r);
        if (x <= highest)
            return x % n;
    }
}

void seating_rng_shuffle(seating_rng *r, int *a, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)seating_rng_below(r, (uint32_t)i + 1);
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
