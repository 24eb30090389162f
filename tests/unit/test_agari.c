/*
 * test_agari.c — unit tests of ippon_agari_readings (include/ippon/agari.h): hand-worked
 * readings of a few hands, and random hands checked against an enumeration written here from
 * the definition (every multiset of sets plus one pair whose tiles are exactly the hand), which
 * shares nothing with the table the library looks readings up in.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <cmocka.h>

#include "ippon/agari.h"
#include "ippon/tile.h"

static void counts_of(const char *notation, uint8_t counts[IPPON_KINDS])
{
    ippon_code codes[20];
    int n = ippon_notation_parse(notation, codes, 20);
    assert_true(n >= 0);
    memset(counts, 0, IPPON_KINDS);
    assert_int_equal(ippon_counts_add(counts, codes, n), 0);
}

/* a reading as one comparable key: the pair, then the sets sorted (kind * 2 + triplet) */
typedef struct {
    uint8_t v[6];
} reading_key;

static int cmp_u8(const void *a, const void *b) { return *(const uint8_t *)a - *(const uint8_t *)b; }

static reading_key key_of(uint8_t pair, const uint8_t *sets, int n)
{
    reading_key k;
    memset(&k, 0xFF, sizeof k);
    k.v[0] = pair;
    memcpy(k.v + 1, sets, (size_t)n);
    qsort(k.v + 1, (size_t)n, 1, cmp_u8);
    return k;
}

static int cmp_key(const void *a, const void *b) { return memcmp(a, b, sizeof(reading_key)); }

/* sorts and removes repeats; returns the new length */
static int distinct(reading_key *keys, int n)
{
    qsort(keys, (size_t)n, sizeof keys[0], cmp_key);
    int m = 0;
    for (int i = 0; i < n; i++)
        if (m == 0 || cmp_key(&keys[m - 1], &keys[i]) != 0)
            keys[m++] = keys[i];
    return m;
}

/* the reference: choose the pair, then sets in non-decreasing order of (kind, shape) */
struct enumeration {
    uint8_t left[IPPON_KINDS];
    bool man_runs;
    uint8_t pair, sets[4];
    reading_key found[256];
    int n_found;
};

static bool all_used(const uint8_t c[IPPON_KINDS])
{
    for (int k = 0; k < IPPON_KINDS; k++)
        if (c[k])
            return false;
    return true;
}

static void enumerate_sets(struct enumeration *e, int n_sets, int from)
{
    if (all_used(e->left)) {
        assert_true(e->n_found < 256);
        e->found[e->n_found++] = key_of(e->pair, e->sets, n_sets);
        return;
    }
    if (n_sets == 4)
        return;
    for (int code = from; code < 2 * IPPON_KINDS; code++) {
        int k = code / 2;
        bool triplet = code % 2;
        if (triplet) {
            if (e->left[k] < 3)
                continue;
            e->left[k] -= 3;
        } else {
            bool runs = k < 27 && k % 9 <= 6 && (k >= 9 || e->man_runs);
            if (!runs || !e->left[k] || !e->left[k + 1] || !e->left[k + 2])
                continue;
            e->left[k]--, e->left[k + 1]--, e->left[k + 2]--;
        }
        e->sets[n_sets] = (uint8_t)code;
        enumerate_sets(e, n_sets + 1, code);
        if (triplet)
            e->left[k] += 3;
        else
            e->left[k]++, e->left[k + 1]++, e->left[k + 2]++;
    }
}

static int reference(const uint8_t counts[IPPON_KINDS], bool man_runs, reading_key *out)
{
    struct enumeration *e = calloc(1, sizeof *e);
    assert_non_null(e);
    int total = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        total += counts[k];
    if (total % 3 == 2 && total <= 14) {
        memcpy(e->left, counts, IPPON_KINDS);
        e->man_runs = man_runs;
        for (int p = 0; p < IPPON_KINDS; p++) {
            if (e->left[p] < 2)
                continue;
            e->left[p] -= 2;
            e->pair = (uint8_t)p;
            enumerate_sets(e, 0, 0);
            e->left[p] += 2;
        }
    }
    int n = distinct(e->found, e->n_found);
    memcpy(out, e->found, (size_t)n * sizeof out[0]);
    free(e);
    return n;
}

/* checks ippon_agari_readings against the reference: the same distinct readings, each of them
   exactly the hand */
static int check_hand(const uint8_t counts[IPPON_KINDS], bool man_runs)
{
    ippon_agari readings[IPPON_AGARI_MAX];
    int n = ippon_agari_readings(counts, man_runs, readings, IPPON_AGARI_MAX);
    assert_true(n >= 0 && n <= IPPON_AGARI_MAX);
    reading_key got[IPPON_AGARI_MAX], want[256];
    for (int i = 0; i < n; i++) {
        uint8_t used[IPPON_KINDS] = { 0 }, sets[4];
        used[readings[i].pair] += 2;
        assert_true(readings[i].n_sets <= 4);
        for (int j = 0; j < readings[i].n_sets; j++) {
            const ippon_agari_set *s = &readings[i].sets[j];
            if (s->shape == IPPON_SET_TRIPLET) {
                used[s->kind] += 3;
            } else {
                assert_true(s->kind < 27 && s->kind % 9 <= 6);
                used[s->kind]++, used[s->kind + 1]++, used[s->kind + 2]++;
            }
            sets[j] = (uint8_t)(s->kind * 2 + (s->shape == IPPON_SET_TRIPLET));
        }
        assert_memory_equal(used, counts, IPPON_KINDS);
        got[i] = key_of(readings[i].pair, sets, readings[i].n_sets);
    }
    int n_got = distinct(got, n), n_want = reference(counts, man_runs, want);
    assert_int_equal(n_got, n_want);
    for (int i = 0; i < n_got; i++)
        assert_memory_equal(&got[i], &want[i], sizeof got[i]);
    return n_got;
}

static void worked_hands(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS];
    ippon_agari r[IPPON_AGARI_MAX];
    /* 111222333m 456p 77s: three triplets or three runs of 123m */
    counts_of("111222333m456p77s", c);
    assert_int_equal(check_hand(c, true), 2);
    /* 1112345678999m + 5m: only 55m can be the pair: 111 234 55 678 999 */
    counts_of("11123455678999m", c);
    assert_int_equal(check_hand(c, true), 1);
    assert_int_equal(ippon_agari_readings(c, true, r, IPPON_AGARI_MAX), 1);
    assert_int_equal(r[0].pair, IPPON_5M);
    /* 22334455m 678s: 22 345 345, or 234 234 55 */
    counts_of("22334455m678s", c);
    assert_int_equal(check_hand(c, true), 2);
    /* 13 tiles are never complete */
    counts_of("22334455m66p678s", c);
    assert_int_equal(check_hand(c, true), 0);
    /* honors: triplets and one pair only */
    counts_of("111z222z333z44z555z", c);
    assert_int_equal(check_hand(c, true), 1);
    counts_of("11z22z", c);
    assert_int_equal(check_hand(c, true), 0);
    /* 3p: 123m is no run when man_runs is false */
    counts_of("123m111p222p333s", c);
    assert_int_equal(check_hand(c, true), 0); /* 3+9 = 12 tiles: no pair */
    counts_of("123m111p222p33s", c);
    assert_int_equal(check_hand(c, true), 1);
    assert_int_equal(check_hand(c, false), 0);
    counts_of("111m999m111p22p", c);
    assert_int_equal(check_hand(c, false), 1);
    /* not complete, wrong sizes, empty */
    counts_of("123m456p789s1122z", c);
    assert_int_equal(check_hand(c, true), 0);
    counts_of("", c);
    assert_int_equal(check_hand(c, true), 0);
    counts_of("55m", c);
    assert_int_equal(check_hand(c, true), 1);
}

/* a count above four is no real hand, but the function still lists its readings */
static void counts_above_four(void **state)
{
    (void)state;
    uint8_t c[IPPON_KINDS] = { 0 };
    c[IPPON_1M] = 6; /* 111111m 23m: 11 + 111 + 123 */
    c[IPPON_1M + 1] = 1;
    c[IPPON_1M + 2] = 1;
    assert_int_equal(check_hand(c, true), 1);
    c[IPPON_1M] = 8; /* 8 tiles of 1m: 11 + 111 + 111 */
    c[IPPON_1M + 1] = c[IPPON_1M + 2] = 0;
    assert_int_equal(check_hand(c, true), 1);
}

static uint64_t rng_state = 0x9E3779B97F4A7C15ull;
static unsigned rnd(unsigned n)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (unsigned)(rng_state % n);
}

/* random hands of 2..14 tiles, most of them built from sets and a pair so that many are complete */
static void random_hands(void **state)
{
    (void)state;
    int complete = 0, several = 0;
    for (int it = 0; it < 40000; it++) {
        uint8_t c[IPPON_KINDS] = { 0 };
        bool man_runs = rnd(4) != 0;
        int sets = (int)rnd(5), suits = (int)rnd(3) + 1, base[3];
        for (int i = 0; i < suits; i++)
            base[i] = (int)rnd(4) * 9;
        int b0 = base[rnd((unsigned)suits)];
        c[b0 + (int)rnd(b0 == 27 ? 7 : 9)] += 2;
        for (int i = 0; i < sets; i++) {
            int b = base[rnd((unsigned)suits)], kind = b + (int)rnd(b == 27 ? 7 : 9);
            if (b < 27 && kind % 9 <= 6 && rnd(2))
                c[kind]++, c[kind + 1]++, c[kind + 2]++;
            else
                c[kind] += 3;
        }
        if (rnd(4) == 0) { /* move one tile: mostly no longer complete */
            int from = (int)rnd(IPPON_KINDS), to = base[0] + (int)rnd(base[0] == 27 ? 7 : 9);
            if (c[from])
                c[from]--, c[to]++;
        }
        bool over = false;
        for (int i = 0; i < IPPON_KINDS; i++)
            over |= c[i] > 4;
        if (over && rnd(8)) /* keep a few counts above four */
            continue;
        int n = check_hand(c, man_runs);
        complete += n > 0;
        several += n > 1;
    }
    /* the generator must reach the interesting cases for the test to mean something */
    assert_true(complete > 10000);
    assert_true(several > 100);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(worked_hands),
        cmocka_unit_test(counts_above_four),
        cmocka_unit_test(random_hands),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
