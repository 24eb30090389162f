/*
 * test_server_room_limits.c — the limits on room codes that lead nowhere
 * (src/server/game/room_limits.c) and the log's tally of them (src/server/base/log_tally.c), with
 * a clock the test moves by hand: ten failed joins from an address at once, then one a minute,
 * whatever the accounts; ten per account from any addresses; a refusal counts nothing; an attempt
 * given back (its code named a room) costs nothing; the buckets a cluster shares carry the same
 * limits. The tally: one report per key once its minute is over, never before, the counts of
 * each kind, everything at the end, the keys past its room summed together.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "base/ids.h"
#include "base/log_tally.h"
#include "game/room_limits.h"

#define MINUTE (60LL * 1000)
#define T0 1700000000000LL

static void address_burst_then_one_a_minute(void **state)
{
    (void)state;
    ippon_room_limits *rl = ippon_room_limits_new(10, 10);
    assert_non_null(rl);
    long long retry = -1;
    char account[16];
    for (int i = 0; i < 10; i++) { /* ten guests of one address: ten tries at once */
        snprintf(account, sizeof account, "guest%d", i);
        assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.1", account, T0, &retry), 1);
    }
    assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.1", "guest99", T0, &retry), 0);
    assert_int_equal(retry, MINUTE); /* 10 per 10 minutes: one back a minute */
    assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.1", "guest99", T0 + MINUTE - 1, &retry), 0);
    assert_int_equal(retry, 1);
    assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.1", "guest99", T0 + MINUTE, &retry), 1);
    assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.1", "guest99", T0 + MINUTE, &retry), 0);
    assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.2", "guest0", T0, &retry), 1); /* another address */
    /* the full ten again once the window has passed */
    for (int i = 0; i < 11; i++)
        assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.1", i < 5 ? "guest50" : "guest51", T0 + 11 * MINUTE, &retry),
                         i < 10);
    ippon_room_limits_free(rl);
}

static void account_from_many_addresses(void **state)
{
    (void)state;
    ippon_room_limits *rl = ippon_room_limits_new(10, 4);
    assert_non_null(rl);
    long long retry = -1;
    char address[32];
    for (int i = 0; i < 4; i++) {
        snprintf(address, sizeof address, "198.51.100.%d", i);
        assert_int_equal(ippon_room_limits_begin(rl, address, "u1", T0, &retry), 1);
    }
    assert_int_equal(ippon_room_limits_begin(rl, "198.51.100.200", "u1", T0, &retry), 0);
    assert_int_equal(retry, 10 * MINUTE / 4);
    /* that refusal took nothing from its address: ten left there for another account */
    for (int i = 0; i < 4; i++)
        assert_int_equal(ippon_room_limits_begin(rl, "198.51.100.200", i < 2 ? "u2" : "u3", T0, &retry), 1);
    ippon_room_limits_free(rl);
}

static void given_back(void **state)
{
    (void)state;
    ippon_room_limits *rl = ippon_room_limits_new(3, 3);
    assert_non_null(rl);
    long long retry;
    for (int i = 0; i < 20; i++) { /* joins whose codes name rooms cost nothing */
        assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.9", "host", T0 + i, &retry), 1);
        ippon_room_limits_give_back(rl, "192.0.2.9", "host", T0 + i);
    }
    for (int i = 0; i < 3; i++)
        assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.9", "host", T0 + 100, &retry), 1);
    assert_int_equal(ippon_room_limits_begin(rl, "192.0.2.9", "host", T0 + 100, &retry), 0);
    ippon_room_limits_free(rl);
}

static void shared_buckets_and_bad_limits(void **state)
{
    (void)state;
    ippon_room_limits *rl = ippon_room_limits_new(7, 9);
    assert_non_null(rl);
    ippon_bucket b[IPPON_ROOM_JOIN_BUCKETS];
    ippon_room_limits_buckets(rl, "203.0.113.5", "u7", b);
    assert_string_equal(b[0].name, "room_join_address");
    assert_string_equal(b[0].key, "203.0.113.5");
    assert_int_equal(b[0].burst, 7);
    assert_string_equal(b[1].name, "room_join_account");
    assert_string_equal(b[1].key, "u7");
    assert_int_equal(b[1].burst, 9);
    for (int i = 0; i < 2; i++) {
        assert_int_equal(b[i].window_ms, 10 * MINUTE);
        assert_int_equal(b[i].kind, IPPON_BUCKET_TAKE);
    }
    ippon_room_limits_free(rl);
    assert_null(ippon_room_limits_new(0, 10));
    assert_null(ippon_room_limits_new(10, 0));
    assert_null(ippon_room_limits_new(10, 2000000));
}

/* ---- the log's tally ---- */

typedef struct reported {
    char key[64][32];
    long long counts[64][IPPON_LOG_TALLY_KINDS];
    int n;
} reported;

static void note(void *ctx, const char *key, const long long counts[IPPON_LOG_TALLY_KINDS])
{
    reported *r = ctx;
    assert_true(r->n < 64);
    snprintf(r->key[r->n], sizeof r->key[r->n], "%s", key);
    memcpy(r->counts[r->n], counts, sizeof r->counts[r->n]);
    r->n++;
}

static int find(const reported *r, const char *key)
{
    for (int i = 0; i < r->n; i++)
        if (!strcmp(r->key[i], key))
            return i;
    return -1;
}

static void tally_one_line_a_minute(void **state)
{
    (void)state;
    ippon_log_tally *t = ippon_log_tally_new(MINUTE, 100);
    assert_non_null(t);
    reported r = {0};
    for (int i = 0; i < 12000; i++) /* a flood from one address within 20 s */
        ippon_log_tally_add(t, "192.0.2.1", i < 10 ? 0 : 1, T0 + i);
    ippon_log_tally_add(t, "192.0.2.2", 0, T0 + 30 * 1000);
    for (long long s = 0; s < 60; s++) { /* once a second: nothing before the minute is over */
        ippon_log_tally_report(t, T0 + s * 1000, false, note, &r);
        assert_int_equal(r.n, 0);
    }
    ippon_log_tally_report(t, T0 + MINUTE, false, note, &r);
    assert_int_equal(r.n, 1);
    assert_string_equal(r.key[0], "192.0.2.1");
    assert_int_equal(r.counts[0][0], 10);
    assert_int_equal(r.counts[0][1], 11990);
    ippon_log_tally_report(t, T0 + MINUTE + 1000, false, note, &r);
    assert_int_equal(r.n, 1); /* once */
    ippon_log_tally_add(t, "192.0.2.1", 1, T0 + MINUTE + 2000); /* a new minute for it */
    ippon_log_tally_report(t, T0 + 90 * 1000, false, note, &r);
    assert_int_equal(r.n, 2);
    assert_string_equal(r.key[1], "192.0.2.2");
    ippon_log_tally_report(t, T0 + 91 * 1000, true, note, &r); /* the end: everything left */
    assert_int_equal(r.n, 3);
    assert_string_equal(r.key[2], "192.0.2.1");
    assert_int_equal(r.counts[2][1], 1);
    assert_int_equal(ippon_log_tally_size(t), 0);
    ippon_log_tally_free(t);
}

static void tally_bounded(void **state)
{
    (void)state;
    ippon_log_tally *t = ippon_log_tally_new(MINUTE, 3);
    assert_non_null(t);
    char key[32];
    for (int i = 0; i < 10; i++) {
        snprintf(key, sizeof key, "10.0.0.%d", i);
        ippon_log_tally_add(t, key, 0, T0);
        ippon_log_tally_add(t, key, 1, T0);
    }
    assert_true(ippon_log_tally_size(t) <= 4);
    reported r = {0};
    ippon_log_tally_report(t, T0, true, note, &r);
    long long failed = 0, refused = 0;
    for (int i = 0; i < r.n; i++) {
        failed += r.counts[i][0];
        refused += r.counts[i][1];
    }
    assert_int_equal(failed, 10); /* nothing lost */
    assert_int_equal(refused, 10);
    int others = find(&r, "");
    assert_true(others >= 0);
    assert_int_equal(r.counts[others][0], 7);
    ippon_log_tally_add(t, "k", 5, T0); /* no such kind: ignored */
    assert_int_equal(ippon_log_tally_size(t), 0);
    ippon_log_tally_free(t);
}

int main(void)
{
    if (ippon_ids_init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(address_burst_then_one_a_minute),
        cmocka_unit_test(account_from_many_addresses),
        cmocka_unit_test(given_back),
        cmocka_unit_test(shared_buckets_and_bad_limits),
        cmocka_unit_test(tally_one_line_a_minute),
        cmocka_unit_test(tally_bounded),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
