/*
 * test_server_timer_heap.c — the gateway's heap of deadlines (src/server/base/timer_heap.h) against
 * a plain model: an array of (due, set) searched by brute force. Random sets, moves (earlier
 * and later), cancels and pops of due timers; after every step the heap's first timer has the
 * model's earliest due time and the heap holds exactly the timers the model says are set.
 * Ties: any of the timers with the earliest due time may come first.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdlib.h>

#include "base/timer_heap.h"

enum { N = 300, STEPS = 200000 };

static uint64_t rng = 0x9e3779b97f4a7c15u;
static uint32_t next_rand(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 7;
    rng ^= rng << 17;
    return (uint32_t)rng;
}

static int64_t model_first(const ippon_timer *t, const bool *set, int *count)
{
    int64_t best = -1;
    *count = 0;
    for (int i = 0; i < N; i++)
        if (set[i]) {
            (*count)++;
            if (best < 0 || t[i].due < best)
                best = t[i].due;
        }
    return best;
}

static void against_model(void **state)
{
    (void)state;
    ippon_timer_heap heap = { 0 };
    static ippon_timer timers[N];
    static bool set[N];
    for (int i = 0; i < N; i++) {
        ippon_timer_init(&timers[i]);
        set[i] = false;
    }
    int64_t now = 0;
    int pops = 0, moves = 0, cancels = 0;
    for (int step = 0; step < STEPS; step++) {
        int i = (int)(next_rand() % N);
        uint32_t op = next_rand() % 10;
        if (op < 5) { /* set or move, around now (ties are common: a coarse range) */
            if (set[i])
                moves++;
            assert_int_equal(ippon_timer_set(&heap, &timers[i], now + (int64_t)(next_rand() % 50)), 0);
            set[i] = true;
        } else if (op < 7) {
            cancels += set[i];
            ippon_timer_cancel(&heap, &timers[i]);
            set[i] = false;
        } else { /* time moves on; everything due comes out, earliest first */
            now += next_rand() % 8;
            int64_t last = -1;
            ippon_timer *t;
            while ((t = ippon_timer_pop_due(&heap, now))) {
                int k = (int)(t - timers);
                assert_true(k >= 0 && k < N);
                assert_true(set[k]);
                assert_true(t->due <= now);
                assert_true(t->due >= last);
                last = t->due;
                set[k] = false;
                assert_false(ippon_timer_is_set(t));
                pops++;
            }
        }
        int count;
        int64_t first = model_first(timers, set, &count);
        assert_int_equal(heap.count, count);
        if (count == 0) {
            assert_null(ippon_timer_first(&heap));
        } else {
            assert_int_equal(ippon_timer_first(&heap)->due, first);
            assert_true(first >= now);
            if (op >= 7)
                assert_true(first > now); /* everything due came out */
        }
        for (int k = 0; k < N; k++)
            assert_int_equal(ippon_timer_is_set(&timers[k]), set[k]);
    }
    assert_true(pops > 1000 && moves > 1000 && cancels > 1000);
    ippon_timer_heap_free(&heap);
    for (int k = 0; k < N; k++)
        assert_false(ippon_timer_is_set(&timers[k]));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(against_model),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
