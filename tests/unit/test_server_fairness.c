/*
 * test_server_fairness.c — provably fair walls (src/fairness/fairness.c, src/core/RULES.md §8).
 *
 * The secret's commitment and the hand seeds are checked against values worked out with
 * Python's hashlib.blake2b (an implementation of its own: digest_size=32, key=secret, over the
 * message fairness.h defines), and the seeds must change with every contribution.
 *
 * The known-answer tests rebuild the wall here from the documentation alone (fairness.h and
 * ippon/wall.h), not from fairness.c: a ChaCha20 block function written from RFC 8439 (checked
 * against the RFC's own test vector first), keyed by the seed with a zero 96-bit nonce and
 * block counter 0, 1, …; the keystream read as little-endian 32-bit words; Fisher–Yates from
 * the last position down, j uniform in 0..i by rejection (a word w is used only when
 * w < 2^32 − (2^32 mod (i+1)), then j = w mod (i+1)), over the rule set's tile ids in
 * increasing order (136 ids in 4p; 108 in 3p, without the ids of 2m–8m, i.e. 4..31). The
 * commitment is checked against libsodium's crypto_generichash (BLAKE2b-256, no key) of
 * seed || wall bytes, built by the test.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <sodium.h>
#include <stdio.h>
#include <string.h>

#include "ippon/fairness.h"
#include "ippon/rules.h"

/* ---- ChaCha20 (RFC 8439 §2.3), written from the RFC ---- */

static uint32_t rotl(uint32_t x, int n) { return x << n | x >> (32 - n); }

static void quarter(uint32_t *s, int a, int b, int c, int d)
{
    s[a] += s[b]; s[d] ^= s[a]; s[d] = rotl(s[d], 16);
    s[c] += s[d]; s[b] ^= s[c]; s[b] = rotl(s[b], 12);
    s[a] += s[b]; s[d] ^= s[a]; s[d] = rotl(s[d], 8);
    s[c] += s[d]; s[b] ^= s[c]; s[b] = rotl(s[b], 7);
}

static uint32_t le32(const uint8_t *p) { return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

/* one 64-byte keystream block */
static void chacha20_block(const uint8_t key[32], uint32_t counter, const uint8_t nonce[12], uint8_t out[64])
{
    uint32_t init[16], s[16];
    init[0] = 0x61707865;
    init[1] = 0x3320646e;
    init[2] = 0x79622d32;
    init[3] = 0x6b206574;
    for (int i = 0; i < 8; i++)
        init[4 + i] = le32(key + 4 * i);
    init[12] = counter;
    for (int i = 0; i < 3; i++)
        init[13 + i] = le32(nonce + 4 * i);
    memcpy(s, init, sizeof s);
    for (int r = 0; r < 10; r++) {
        quarter(s, 0, 4, 8, 12);
        quarter(s, 1, 5, 9, 13);
        quarter(s, 2, 6, 10, 14);
        quarter(s, 3, 7, 11, 15);
        quarter(s, 0, 5, 10, 15);
        quarter(s, 1, 6, 11, 12);
        quarter(s, 2, 7, 8, 13);
        quarter(s, 3, 4, 9, 14);
    }
    for (int i = 0; i < 16; i++) {
        uint32_t v = s[i] + init[i];
        out[4 * i] = (uint8_t)v;
        out[4 * i + 1] = (uint8_t)(v >> 8);
        out[4 * i + 2] = (uint8_t)(v >> 16);
        out[4 * i + 3] = (uint8_t)(v >> 24);
    }
}

/* the documented word stream: keystream of (seed, zero nonce, counter 0, 1, …) as LE words */
struct words {
    uint8_t key[32];
    uint8_t block[64];
    uint32_t counter;
    int pos; /* bytes used of block */
    long taken;
};

static void words_init(struct words *w, const uint8_t seed[32])
{
    memcpy(w->key, seed, 32);
    w->counter = 0;
    w->pos = 64;
    w->taken = 0;
}

static uint32_t next_word(struct words *w)
{
    static const uint8_t zero_nonce[12];
    if (w->pos == 64) {
        chacha20_block(w->key, w->counter++, zero_nonce, w->block);
        w->pos = 0;
    }
    uint32_t v = le32(w->block + w->pos);
    w->pos += 4;
    w->taken++;
    return v;
}

/* the documented shuffle; returns the size */
static int reference_wall(bool sanma, const uint8_t seed[32], ippon_tile *wall, long *words_used)
{
    int n = 0;
    for (int id = 0; id < 136; id++)
        if (!(sanma && id >= 4 && id < 32)) /* 2m..8m are kinds 1..7 = ids 4..31 */
            wall[n++] = (ippon_tile)id;
    struct words w;
    words_init(&w, seed);
    for (int i = n - 1; i > 0; i--) {
        uint64_t bound = (uint64_t)i + 1;
        uint64_t limit = (1ull << 32) - (1ull << 32) % bound;
        uint32_t x;
        do
            x = next_word(&w);
        while ((uint64_t)x >= limit);
        int j = (int)(x % bound);
        ippon_tile t = wall[i];
        wall[i] = wall[j];
        wall[j] = t;
    }
    if (words_used)
        *words_used = w.taken;
    return n;
}

static void seed_0_to_31(uint8_t seed[32])
{
    for (int i = 0; i < 32; i++)
        seed[i] = (uint8_t)i;
}

static const ippon_rules *yonma(void)
{
    const ippon_rules *r = ippon_rules_preset("yonma");
    assert_non_null(r);
    assert_int_equal(r->players, 4);
    return r;
}

static const ippon_rules *sanma(void)
{
    const ippon_rules *r = ippon_rules_preset("sanma");
    assert_non_null(r);
    assert_int_equal(r->players, 3);
    return r;
}

/* ---- tests ---- */

/* the block function against RFC 8439 §2.3.2 before trusting it for anything else */
static void chacha_rfc_vector(void **state)
{
    (void)state;
    uint8_t key[32], out[64];
    seed_0_to_31(key);
    const uint8_t nonce[12] = { 0, 0, 0, 0x09, 0, 0, 0, 0x4a, 0, 0, 0, 0 };
    chacha20_block(key, 1, nonce, out);
    const uint8_t expect[64] = {
        0x10, 0xf1, 0xe7, 0xe4, 0xd1, 0x3b, 0x59, 0x15, 0x50, 0x0f, 0xdd, 0x1f, 0xa3, 0x20, 0x71, 0xc4,
        0xc7, 0xd1, 0xf4, 0xc7, 0x33, 0xc0, 0x68, 0x03, 0x04, 0x22, 0xaa, 0x9a, 0xc3, 0xd4, 0x6c, 0x4e,
        0xd2, 0x82, 0x64, 0x46, 0x07, 0x9f, 0xaa, 0x09, 0x14, 0xc2, 0xd7, 0x05, 0xd9, 0x8b, 0x02, 0xa2,
        0xb5, 0x12, 0x9c, 0xd1, 0xde, 0x16, 0x4e, 0xb9, 0xcb, 0xd0, 0x83, 0xe8, 0xa2, 0x50, 0x3c, 0x4e,
    };
    assert_memory_equal(out, expect, 64);
    /* and it agrees with libsodium's IETF stream for the fairness parameters (zero nonce, counter 0..3) */
    assert_true(sodium_init() >= 0);
    uint8_t zero_nonce[12] = { 0 }, ks[256], mine[256];
    crypto_stream_chacha20_ietf(ks, sizeof ks, zero_nonce, key);
    for (uint32_t b = 0; b < 4; b++)
        chacha20_block(key, b, zero_nonce, mine + 64 * b);
    assert_memory_equal(ks, mine, sizeof ks);
}

static void assert_permutation(const ippon_tile *wall, int n, bool sanma_ids)
{
    int seen[136] = { 0 };
    for (int i = 0; i < n; i++) {
        assert_true(wall[i] < 136);
        seen[wall[i]]++;
    }
    for (int id = 0; id < 136; id++) {
        bool present = !(sanma_ids && id >= 4 && id < 32);
        assert_int_equal(seen[id], present ? 1 : 0);
    }
}

static void same_seed_same_wall(void **state)
{
    (void)state;
    uint8_t seed[32];
    ippon_fairness_random(seed, sizeof seed);
    ippon_tile a[136], b[136];
    memset(a, 0xee, sizeof a);
    memset(b, 0xdd, sizeof b);
    assert_int_equal(ippon_fairness_wall(yonma(), seed, a), 136);
    assert_int_equal(ippon_fairness_wall(yonma(), seed, b), 136);
    assert_memory_equal(a, b, 136);
    assert_permutation(a, 136, false);
    /* not the identity */
    int fixed = 0;
    for (int i = 0; i < 136; i++)
        fixed += a[i] == i;
    assert_true(fixed < 136);

    memset(a, 0xee, sizeof a);
    memset(b, 0xdd, sizeof b);
    assert_int_equal(ippon_fairness_wall(sanma(), seed, a), 108);
    assert_int_equal(ippon_fairness_wall(sanma(), seed, b), 108);
    assert_memory_equal(a, b, 108);
    assert_permutation(a, 108, true);
    for (int i = 0; i < 108; i++) {
        int kind = a[i] / 4;
        assert_false(kind >= 1 && kind <= 7); /* no 2m..8m */
    }
    /* nothing written past the wall */
    assert_int_equal(a[108], 0xee);
}

static void different_seeds_different_walls(void **state)
{
    (void)state;
    uint8_t s1[32], s2[32];
    seed_0_to_31(s1);
    memcpy(s2, s1, 32);
    s2[31] ^= 1; /* one bit */
    ippon_tile a[136], b[136];
    ippon_fairness_wall(yonma(), s1, a);
    ippon_fairness_wall(yonma(), s2, b);
    assert_memory_not_equal(a, b, 136);
    ippon_fairness_wall(sanma(), s1, a);
    ippon_fairness_wall(sanma(), s2, b);
    assert_memory_not_equal(a, b, 108);
    /* fresh seeds differ, and so do their walls */
    ippon_fairness_random(s1, sizeof s1);
    ippon_fairness_random(s2, sizeof s2);
    assert_memory_not_equal(s1, s2, 32);
    ippon_fairness_wall(yonma(), s1, a);
    ippon_fairness_wall(yonma(), s2, b);
    assert_memory_not_equal(a, b, 136);
}

/* the whole wall, rebuilt from the documentation */
static void known_answer(void **state)
{
    (void)state;
    uint8_t seed[32];
    seed_0_to_31(seed);
    ippon_tile expect[136], got[136];
    long used = 0;

    assert_int_equal(reference_wall(false, seed, expect, &used), 136);
    assert_true(used >= 135); /* one word per position at least */
    assert_int_equal(ippon_fairness_wall(yonma(), seed, got), 136);
    assert_memory_equal(got, expect, 136);

    assert_int_equal(reference_wall(true, seed, expect, &used), 108);
    assert_int_equal(ippon_fairness_wall(sanma(), seed, got), 108);
    assert_memory_equal(got, expect, 108);

    /* a few other seeds, including all-zero and all-0xff */
    for (int k = 0; k < 8; k++) {
        for (int i = 0; i < 32; i++)
            seed[i] = k == 0 ? 0 : k == 1 ? 0xff : (uint8_t)(i * 37 + k * 101);
        reference_wall(false, seed, expect, NULL);
        ippon_fairness_wall(yonma(), seed, got);
        assert_memory_equal(got, expect, 136);
        reference_wall(true, seed, expect, NULL);
        ippon_fairness_wall(sanma(), seed, got);
        assert_memory_equal(got, expect, 108);
    }
}

/*
 * The first tiles for seed 00 01 … 1f, pinned: computed by a third, separate implementation
 * (a short Python script of RFC 8439 ChaCha20 and the documented shuffle, written for this test),
 * so that a change to both the C reference above and fairness.c is still noticed; and the last
 * position worked through from the first keystream word.
 */
static void known_answer_first_tiles(void **state)
{
    (void)state;
    uint8_t seed[32];
    seed_0_to_31(seed);
    /* the first words of the stream are the first keystream block of key 00..1f, nonce 0, counter 0 */
    struct words w;
    words_init(&w, seed);
    uint32_t w0 = next_word(&w), w1 = next_word(&w);
    assert_true(sodium_init() >= 0);
    uint8_t ks[8], zero_nonce[12] = { 0 };
    crypto_stream_chacha20_ietf(ks, sizeof ks, zero_nonce, seed);
    assert_int_equal(w0, le32(ks));
    assert_int_equal(w1, le32(ks + 4));
    /*
     * Position 135 is swapped with j = w0 mod 136 (w0 < 2^32 − 2^32 mod 136 = 4294967216 unless
     * rejected), then 134 with the next accepted word mod 135: so the last tile of the 4p wall is
     * id (w0 mod 136) when w0 is accepted, since the identity order holds id k at position k.
     */
    ippon_tile got[136];
    ippon_fairness_wall(yonma(), seed, got);
    if (w0 < 4294967216u)
        assert_int_equal(got[135], w0 % 136);
    /* and in 3p the id list is 0..3, 32..135, so position 107 takes list[w0 mod 108] */
    ippon_fairness_wall(sanma(), seed, got);
    uint32_t limit108 = (uint32_t)(4294967296ull - 4294967296ull % 108);
    if (w0 < limit108) {
        int j = (int)(w0 % 108);
        assert_int_equal(got[107], j < 4 ? j : j + 28);
    }
    /* the pinned values */
    ippon_tile ref[136];
    reference_wall(false, seed, ref, NULL);
    ippon_fairness_wall(yonma(), seed, got);
    static const ippon_tile pinned4[8] = { 63, 83, 21, 0, 56, 49, 28, 104 };
    assert_memory_equal(ref, pinned4, 8);
    assert_memory_equal(got, pinned4, 8);
    reference_wall(true, seed, ref, NULL);
    ippon_fairness_wall(sanma(), seed, got);
    static const ippon_tile pinned3[8] = { 36, 79, 69, 64, 74, 3, 87, 75 };
    assert_memory_equal(ref, pinned3, 8);
    assert_memory_equal(got, pinned3, 8);
}

static void commitment(void **state)
{
    (void)state;
    uint8_t seed[32];
    seed_0_to_31(seed);
    ippon_tile wall[136];
    for (int sanma_mode = 0; sanma_mode < 2; sanma_mode++) {
        int n = ippon_fairness_wall(sanma_mode ? sanma() : yonma(), seed, wall);
        uint8_t got[32], expect[32], buf[32 + 136];
        memcpy(buf, seed, 32);
        for (int i = 0; i < n; i++)
            buf[32 + i] = wall[i];
        assert_int_equal(crypto_generichash(expect, 32, buf, (unsigned long long)(32 + n), NULL, 0), 0);
        ippon_fairness_commitment(seed, wall, n, got);
        assert_memory_equal(got, expect, 32);
        /* any change to the wall changes it */
        ippon_tile t = wall[0];
        wall[0] = wall[1];
        wall[1] = t;
        uint8_t other[32];
        ippon_fairness_commitment(seed, wall, n, other);
        assert_memory_not_equal(other, expect, 32);
        /* and any change to the seed */
        seed[5] ^= 0x80;
        ippon_fairness_commitment(seed, wall, n, other);
        seed[5] ^= 0x80;
        wall[1] = wall[0];
        wall[0] = t;
        assert_memory_not_equal(other, expect, 32);
    }
    /* the empty-key BLAKE2b-256 of 32 zero bytes followed by no tiles: a fixed known input */
    uint8_t zero[32] = { 0 }, got[32], expect[32];
    crypto_generichash(expect, 32, zero, 32, NULL, 0);
    ippon_fairness_commitment(zero, wall, 0, got);
    assert_memory_equal(got, expect, 32);
}

static void hex(void **state)
{
    (void)state;
    uint8_t seed[32], back[32];
    seed_0_to_31(seed);
    char hex[65];
    memset(hex, 'x', sizeof hex);
    ippon_hex(seed, 32, hex);
    assert_string_equal(hex, "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f");
    assert_int_equal(ippon_unhex(hex, back, 32), 0);
    assert_memory_equal(back, seed, 32);
    uint8_t ff[3] = { 0xff, 0xa0, 0x0b };
    char h3[7];
    ippon_hex(ff, 3, h3);
    assert_string_equal(h3, "ffa00b");
    /* a random round trip */
    ippon_fairness_random(seed, sizeof seed);
    ippon_hex(seed, 32, hex);
    assert_int_equal(strlen(hex), 64);
    assert_int_equal(ippon_unhex(hex, back, 32), 0);
    assert_memory_equal(back, seed, 32);
    /* bad hex is refused */
    uint8_t b3[3];
    assert_int_equal(ippon_unhex(NULL, b3, 3), -1);
    assert_int_equal(ippon_unhex("", b3, 3), -1);
    assert_int_equal(ippon_unhex("ffa00", b3, 3), -1);   /* too short (odd) */
    assert_int_equal(ippon_unhex("ffa0", b3, 3), -1);    /* too short */
    assert_int_equal(ippon_unhex("ffa00b00", b3, 3), -1); /* too long */
    assert_int_equal(ippon_unhex("ffa0gb", b3, 3), -1);  /* not a hex digit */
    assert_int_equal(ippon_unhex("ff a00", b3, 3), -1);  /* a space */
    assert_int_equal(ippon_unhex("-1a00b", b3, 3), -1);
    assert_int_equal(ippon_unhex("ffa00b", b3, 3), 0);
    assert_memory_equal(b3, ff, 3);
}

/* Python: hashlib.blake2b(bytes(range(32)), digest_size=32).hexdigest() */
static void secret_commitment(void **state)
{
    (void)state;
    uint8_t secret[32], c[32];
    char hex[65];
    seed_0_to_31(secret);
    ippon_fairness_secret_commitment(secret, c);
    ippon_hex(c, 32, hex);
    assert_string_equal(hex, "cb2f5160fc1f7e05a55ef49d340b48da2e5a78099d53393351cd579dd42503d6");
}

/* Python: m = k.to_bytes(4, 'little') + b''.join(bytes([len(c)]) + c for c in contributions);
   hashlib.blake2b(m, digest_size=32, key=bytes(range(32))).hexdigest() */
static void hand_seed_known_answers(void **state)
{
    (void)state;
    uint8_t secret[32], seed[32];
    char hex[65];
    seed_0_to_31(secret);
    ippon_contribution c[4];
    memset(c, 0, sizeof c);
    memset(c[0].bytes, 0x11, 32);
    c[0].given = true;
    memset(c[2].bytes, 0xab, 32);
    c[2].given = true;
    ippon_fairness_hand_seed(secret, 0, c, 4, seed);
    ippon_hex(seed, 32, hex);
    assert_string_equal(hex, "72681552503a8fa03d6e848194b558a898d128309e51ccb80c192fb1e0f24f66");
    memset(c, 0, sizeof c); /* three seats, none contributed, hand 3 */
    ippon_fairness_hand_seed(secret, 3, c, 3, seed);
    ippon_hex(seed, 32, hex);
    assert_string_equal(hex, "4f92b296c76887bf17a0fbc2f9c291b4fdb409682bb61c66b6679271214c81e8");
    for (int i = 0; i < 32; i++) /* a zero contribution is not the same as none */
        c[0].bytes[i] = (uint8_t)(100 + i);
    c[0].given = c[1].given = true;
    ippon_fairness_hand_seed(secret, 1, c, 3, seed);
    ippon_hex(seed, 32, hex);
    assert_string_equal(hex, "8de9005201ded3dd59ab3e1f33b9118557c5c827668f0d59c6ac82922f4ba25d");
}

/* the wall changes when any seat's contribution changes in any byte, is given or withheld, and
   with the hand's number; the same inputs give the same wall */
static void every_contribution_counts(void **state)
{
    (void)state;
    const ippon_rules *r = ippon_rules_preset("yonma");
    uint8_t secret[32], base_seed[32], seed[32];
    ippon_tile base[136], wall[136];
    ippon_contribution c[4];
    ippon_fairness_random(secret, sizeof secret);
    for (int s = 0; s < 4; s++) {
        ippon_fairness_random(c[s].bytes, 32);
        c[s].given = s != 3; /* seat 3: a bot's, none */
    }
    ippon_fairness_hand_seed(secret, 0, c, 4, base_seed);
    int n = ippon_fairness_wall(r, base_seed, base);
    ippon_fairness_hand_seed(secret, 0, c, 4, seed);
    assert_memory_equal(seed, base_seed, 32);
    int changed = 0;
    for (int s = 0; s < 3; s++)
        for (int byte = 0; byte < 32; byte++) {
            c[s].bytes[byte] ^= 0x01;
            ippon_fairness_hand_seed(secret, 0, c, 4, seed);
            c[s].bytes[byte] ^= 0x01;
            ippon_fairness_wall(r, seed, wall);
            assert_memory_not_equal(seed, base_seed, 32);
            changed += memcmp(wall, base, (size_t)n) != 0;
        }
    assert_int_equal(changed, 3 * 32);
    for (int s = 0; s < 4; s++) { /* withheld (or, for seat 3, given) */
        c[s].given = !c[s].given;
        ippon_fairness_hand_seed(secret, 0, c, 4, seed);
        c[s].given = !c[s].given;
        ippon_fairness_wall(r, seed, wall);
        assert_memory_not_equal(wall, base, (size_t)n);
    }
    ippon_fairness_hand_seed(secret, 1, c, 4, seed); /* the next hand */
    ippon_fairness_wall(r, seed, wall);
    assert_memory_not_equal(wall, base, (size_t)n);
    secret[31] ^= 0x80; /* the secret */
    ippon_fairness_hand_seed(secret, 0, c, 4, seed);
    ippon_fairness_wall(r, seed, wall);
    assert_memory_not_equal(wall, base, (size_t)n);
}

int main(void)
{
    if (sodium_init() < 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(chacha_rfc_vector),
        cmocka_unit_test(same_seed_same_wall),
        cmocka_unit_test(different_seeds_different_walls),
        cmocka_unit_test(known_answer),
        cmocka_unit_test(known_answer_first_tiles),
        cmocka_unit_test(commitment),
        cmocka_unit_test(hex),
        cmocka_unit_test(secret_commitment),
        cmocka_unit_test(hand_seed_known_answers),
        cmocka_unit_test(every_contribution_counts),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
