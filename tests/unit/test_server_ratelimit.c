/*
 * test_server_ratelimit.c — the generic limiter (src/server/base/ratelimit.c) with a clock the
 * test moves by hand: a burst then refusal with the exact wait, refill one token at a
 * time (also for intervals that are not whole milliseconds), peek counting nothing, keys
 * independent, give-back and reset, bounded memory (full buckets dropped first, then the
 * least recently used key), long keys, bad arguments, and a clock that goes backwards.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/ids.h"
#include "base/ratelimit.h"

#define MINUTE (60LL * 1000)
#define T0 1700000000000LL /* an arbitrary "now", ms */

static void burst_then_refill(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(5, 15 * MINUTE, 100); /* 5 per 15 min */
    assert_non_null(rl);
    long long retry = -1;
    for (int i = 0; i < 5; i++)
        assert_int_equal(ippon_ratelimit_take(rl, "alice", T0, &retry), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "alice", T0, &retry), 0);
    assert_int_equal(retry, 3 * MINUTE); /* one token back every 3 minutes */
    assert_int_equal(ippon_ratelimit_peek(rl, "alice", T0 + 3 * MINUTE - 1, &retry), 0);
    assert_int_equal(retry, 1);
    assert_int_equal(ippon_ratelimit_take(rl, "alice", T0 + 3 * MINUTE, &retry), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "alice", T0 + 3 * MINUTE, &retry), 0);
    assert_int_equal(retry, 3 * MINUTE);
    /* after a whole window with nothing, the whole burst is back (and no more) */
    long long later = T0 + 3 * MINUTE + 15 * MINUTE;
    for (int i = 0; i < 5; i++)
        assert_int_equal(ippon_ratelimit_take(rl, "alice", later, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "alice", later, NULL), 0);
    ippon_ratelimit_free(rl);
}

static void fractional_interval(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(3, 1000, 10); /* one per 333.3 ms */
    long long retry = 0;
    for (int i = 0; i < 3; i++)
        assert_int_equal(ippon_ratelimit_take(rl, "k", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "k", T0, &retry), 0);
    assert_int_equal(retry, 334); /* 333.33 rounded up */
    assert_int_equal(ippon_ratelimit_take(rl, "k", T0 + 333, &retry), 0);
    assert_int_equal(retry, 1);
    assert_int_equal(ippon_ratelimit_take(rl, "k", T0 + 334, NULL), 1);
    /* three more intervals give back exactly three tokens in a second */
    int allowed = 0;
    for (long long t = T0 + 334; t <= T0 + 1334; t++)
        allowed += ippon_ratelimit_take(rl, "k", t, NULL);
    assert_int_equal(allowed, 3);
    ippon_ratelimit_free(rl);
}

static void peek_counts_nothing_and_keys_are_independent(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(2, MINUTE, 10);
    for (int i = 0; i < 10; i++)
        assert_int_equal(ippon_ratelimit_peek(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_size(rl), 0);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_peek(rl, "a", T0, NULL), 0);
    assert_int_equal(ippon_ratelimit_take(rl, "b", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "A", T0, NULL), 1); /* keys are exact bytes */
    assert_int_equal(ippon_ratelimit_size(rl), 3);
    ippon_ratelimit_free(rl);
}

static void give_back_and_reset(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(2, MINUTE, 10);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 0);
    ippon_ratelimit_give_back(rl, "a", T0);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 0);
    ippon_ratelimit_give_back(rl, "a", T0);
    ippon_ratelimit_give_back(rl, "a", T0); /* full again: the key is dropped */
    assert_int_equal(ippon_ratelimit_size(rl), 0);
    ippon_ratelimit_give_back(rl, "a", T0); /* unknown key: nothing happens */
    ippon_ratelimit_give_back(rl, "nobody", T0);
    assert_int_equal(ippon_ratelimit_size(rl), 0);

    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    ippon_ratelimit_reset(rl, "a");
    assert_int_equal(ippon_ratelimit_size(rl), 0);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0, NULL), 1);
    ippon_ratelimit_reset(rl, "unknown");
    ippon_ratelimit_free(rl);
}

static void bounded_memory_evicts_least_recently_used(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(1, MINUTE, 4);
    char key[16];
    for (int i = 0; i < 100; i++) {
        snprintf(key, sizeof key, "k%d", i);
        assert_int_equal(ippon_ratelimit_take(rl, key, T0, NULL), 1);
        assert_true(ippon_ratelimit_size(rl) <= 4);
    }
    /* the last four are remembered (and limited); the first ones were forgotten */
    assert_int_equal(ippon_ratelimit_take(rl, "k99", T0, NULL), 0);
    assert_int_equal(ippon_ratelimit_take(rl, "k96", T0, NULL), 0);
    assert_int_equal(ippon_ratelimit_peek(rl, "k0", T0, NULL), 1);
    ippon_ratelimit_free(rl);
}

static void full_buckets_go_first(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(2, 10000, 3); /* a token back every 5 s */
    for (int i = 0; i < 2; i++) {
        assert_int_equal(ippon_ratelimit_take(rl, "b", T0, NULL), 1);
        assert_int_equal(ippon_ratelimit_take(rl, "c", T0, NULL), 1);
    }
    assert_int_equal(ippon_ratelimit_take(rl, "a", T0 + 100, NULL), 1); /* full again at +5.1 s */
    assert_int_equal(ippon_ratelimit_size(rl), 3);
    /* at +6 s b and c have one token of two; a has both, so forgetting a changes nothing:
       a new key pushes out a, although b is the least recently used */
    assert_int_equal(ippon_ratelimit_take(rl, "d", T0 + 6000, NULL), 1);
    assert_int_equal(ippon_ratelimit_size(rl), 3);
    assert_int_equal(ippon_ratelimit_take(rl, "b", T0 + 6000, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "b", T0 + 6000, NULL), 0);
    assert_int_equal(ippon_ratelimit_take(rl, "c", T0 + 6000, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "c", T0 + 6000, NULL), 0);
    ippon_ratelimit_free(rl);
}

static void long_keys_and_bad_arguments(void **state)
{
    (void)state;
    char a[400], b[400];
    memset(a, 'x', sizeof a - 1);
    a[sizeof a - 1] = '\0';
    memcpy(b, a, sizeof b);
    b[300] = 'y'; /* differs only after IPPON_RATELIMIT_MAX_KEY bytes */
    ippon_ratelimit *rl = ippon_ratelimit_create(1, MINUTE, 10);
    assert_int_equal(ippon_ratelimit_take(rl, a, T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, b, T0, NULL), 0);
    assert_int_equal(ippon_ratelimit_take(rl, "", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "", T0, NULL), 0);
    ippon_ratelimit_free(rl);
    ippon_ratelimit_free(NULL);

    assert_null(ippon_ratelimit_create(0, MINUTE, 10));
    assert_null(ippon_ratelimit_create(IPPON_RATELIMIT_MAX_BURST + 1, MINUTE, 10));
    assert_null(ippon_ratelimit_create(1, 0, 10));
    assert_null(ippon_ratelimit_create(1, MINUTE, 0));
    rl = ippon_ratelimit_create(IPPON_RATELIMIT_MAX_BURST, 1000000000LL, 1);
    assert_non_null(rl); /* the largest values do not overflow */
    assert_int_equal(ippon_ratelimit_take(rl, "k", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "k", T0 + 10LL * 365 * 24 * 3600 * 1000, NULL), 1);
    ippon_ratelimit_free(rl);
}

static void clock_going_backwards(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(1, MINUTE, 10);
    long long retry = 0;
    assert_int_equal(ippon_ratelimit_take(rl, "k", T0, NULL), 1);
    assert_int_equal(ippon_ratelimit_take(rl, "k", T0 - 5000, &retry), 0);
    assert_int_equal(retry, MINUTE + 5000); /* the wait is still to the same moment */
    assert_int_equal(ippon_ratelimit_take(rl, "other", T0 - 5000, NULL), 1);
    ippon_ratelimit_free(rl);
}

int main(void)
{
    if (ippon_ids_init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(burst_then_refill),
        cmocka_unit_test(fractional_interval),
        cmocka_unit_test(peek_counts_nothing_and_keys_are_independent),
        cmocka_unit_test(give_back_and_reset),
        cmocka_unit_test(bounded_memory_evicts_least_recently_used),
        cmocka_unit_test(full_buckets_go_first),
        cmocka_unit_test(long_keys_and_bad_arguments),
        cmocka_unit_test(clock_going_backwards),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
