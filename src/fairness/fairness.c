/*
 * fairness.c — seeds, walls and commitments (fairness.h). The random words come from
 * libsodium's ChaCha20 (crypto_stream_chacha20_ietf) keyed by the seed, produced a block of
 * 64 bytes at a time; the shuffle itself is the core's (ippon_wall_shuffle).
 */
#include "ippon/fairness.h"

#include <sodium.h>
#include <string.h>

#include "ippon/wall.h"

struct chacha_words {
    const uint8_t *seed;
    uint8_t block[64];
    uint64_t counter; /* next block number */
    int used;         /* bytes of block already handed out */
};

static uint32_t next_word(void *ctx)
{
    struct chacha_words *c = ctx;
    if (c->used == (int)sizeof c->block) {
        static const uint8_t zero_nonce[crypto_stream_chacha20_ietf_NONCEBYTES];
        memset(c->block, 0, sizeof c->block);
        crypto_stream_chacha20_ietf_xor_ic(c->block, c->block, sizeof c->block, zero_nonce, (uint32_t)c->counter,
                                           c->seed);
        c->counter++;
        c->used = 0;
    }
    const uint8_t *b = c->block + c->used;
    c->used += 4;
    return (uint32_t)b[0] | (uint32_t)b[1] << 8 | (uint32_t)b[2] << 16 | (uint32_t)b[3] << 24;
}

void ippon_fairness_random(uint8_t *out, size_t n)
{
    randombytes_buf(out, n);
}

void ippon_fairness_secret_commitment(const uint8_t secret[IPPON_SECRET_BYTES], uint8_t out[IPPON_COMMITMENT_BYTES])
{
    crypto_generichash(out, IPPON_COMMITMENT_BYTES, secret, IPPON_SECRET_BYTES, NULL, 0);
}

void ippon_fairness_hand_seed(const uint8_t secret[IPPON_SECRET_BYTES], uint32_t k,
                              const ippon_contribution *contributions, int players, uint8_t seed[IPPON_SEED_BYTES])
{
    crypto_generichash_state st;
    crypto_generichash_init(&st, secret, IPPON_SECRET_BYTES, IPPON_SEED_BYTES);
    const uint8_t index[4] = { (uint8_t)k, (uint8_t)(k >> 8), (uint8_t)(k >> 16), (uint8_t)(k >> 24) };
    crypto_generichash_update(&st, index, sizeof index);
    for (int s = 0; s < players; s++) {
        const uint8_t length = contributions[s].given ? IPPON_CONTRIBUTION_BYTES : 0;
        crypto_generichash_update(&st, &length, 1);
        if (length)
            crypto_generichash_update(&st, contributions[s].bytes, length);
    }
    crypto_generichash_final(&st, seed, IPPON_SEED_BYTES);
}

int ippon_fairness_wall(const ippon_rules *rules, const uint8_t seed[IPPON_SEED_BYTES], ippon_tile *wall)
{
    struct chacha_words words = { .seed = seed, .counter = 0, .used = 64 };
    int n = ippon_wall_tiles(rules, wall);
    ippon_wall_shuffle(wall, n, next_word, &words);
    sodium_memzero(words.block, sizeof words.block);
    return n;
}

void ippon_fairness_commitment(const uint8_t seed[IPPON_SEED_BYTES], const ippon_tile *wall, int n,
                               uint8_t out[IPPON_COMMITMENT_BYTES])
{
    crypto_generichash_state st;
    crypto_generichash_init(&st, NULL, 0, IPPON_COMMITMENT_BYTES);
    crypto_generichash_update(&st, seed, IPPON_SEED_BYTES);
    crypto_generichash_update(&st, wall, (unsigned long long)n);
    crypto_generichash_final(&st, out, IPPON_COMMITMENT_BYTES);
}

void ippon_hex(const uint8_t *bytes, size_t n, char *out)
{
    sodium_bin2hex(out, 2 * n + 1, bytes, n);
}

int ippon_unhex(const char *text, uint8_t *bytes, size_t n)
{
    size_t got = 0;
    if (!text || strlen(text) != 2 * n)
        return -1;
    if (sodium_hex2bin(bytes, n, text, 2 * n, NULL, &got, NULL) != 0 || got != n)
        return -1;
    return 0;
}
