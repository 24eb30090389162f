/*
 * test_server_login_limits.c — the arithmetic of failed password attempts
 * (src/server/auth/login_limits.c, and the leaky count of ratelimit.c it rests on), with a clock the
 * test moves by hand: the per-account wait (nothing below the limit, doubling past it, capped),
 * the account's failures counted from every address and never refused, the (account, address)
 * and per-address refusals with their waits, what a success and an unanswered attempt give
 * back, and the failures leaking away with time.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>

#include "base/ids.h"
#include "auth/login_limits.h"
#include "base/ratelimit.h"

#define MINUTE (60LL * 1000)
#define T0 1700000000000LL

static void delay_arithmetic(void **state)
{
    (void)state;
    /* 5 failures allowed, then 250 ms doubling, at most 4 s */
    const long long expected[] = {0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000};
    for (int f = 0; f < (int)(sizeof expected / sizeof expected[0]); f++)
        assert_int_equal(ippon_login_delay_ms(f, 5, 250, 4000), expected[f]);
    assert_int_equal(ippon_login_delay_ms(1000000, 5, 250, 4000), 4000); /* no overflow */
    assert_int_equal(ippon_login_delay_ms(7, 5, 300, 1000), 1000);        /* 1,200 capped */
    assert_int_equal(ippon_login_delay_ms(1, 1, 10, 10), 10);
}

static void leaky_count(void **state)
{
    (void)state;
    ippon_ratelimit *rl = ippon_ratelimit_create(5, 15 * MINUTE, 100);
    assert_non_null(rl);
    assert_int_equal(ippon_ratelimit_level(rl, "k", T0), 0);
    for (int i = 1; i <= 9; i++) /* never refused, past the burst */
        assert_int_equal(ippon_ratelimit_count(rl, "k", T0, 8), i <= 8 ? i : 8);
    assert_int_equal(ippon_ratelimit_level(rl, "k", T0), 8);
    assert_int_equal(ippon_ratelimit_level(rl, "k", T0 + 3 * MINUTE), 7); /* one leaks every 3 min */
    assert_int_equal(ippon_ratelimit_level(rl, "k", T0 + 3 * MINUTE - 1), 8);
    assert_int_equal(ippon_ratelimit_level(rl, "k", T0 + 24 * MINUTE), 0);
    ippon_ratelimit_free(rl);
}

static ippon_login_limits *limits(void)
{
    ippon_login_limits_config cfg = {.per_address = 20, .per_account_address = 5, .slow_after = 5,
                                     .delay_base_ms = 250, .delay_max_ms = 4000};
    ippon_login_limits *ll = ippon_login_limits_new(&cfg);
    assert_non_null(ll);
    return ll;
}

/* an attempt that fails: its wait */
static long long fail_once(ippon_login_limits *ll, const char *account, const char *address, long long now)
{
    long long delay = -1, retry = -1;
    int per_address = -1;
    assert_int_equal(ippon_login_limits_begin(ll, account, address, now, &delay, &retry, &per_address), 1);
    ippon_login_limits_end(ll, account, address, now, IPPON_LOGIN_FAILED);
    return delay;
}

static void account_failures_slow_but_never_refuse(void **state)
{
    (void)state;
    ippon_login_limits *ll = limits();
    char address[32];
    const long long expected[] = {0, 0, 0, 0, 0, 250, 500, 1000, 2000, 4000, 4000, 4000, 4000, 4000, 4000};
    for (int i = 0; i < (int)(sizeof expected / sizeof expected[0]); i++) { /* each from its own address */
        snprintf(address, sizeof address, "198.51.100.%d", i + 1);
        assert_int_equal(fail_once(ll, "u:owner", address, T0), expected[i]);
    }
    /* the owner from an address that has not been failing: admitted, after at most the cap */
    long long delay = -1, retry = 0;
    int per_address = -1;
    assert_int_equal(ippon_login_limits_begin(ll, "u:owner", "203.0.113.1", T0, &delay, &retry, &per_address), 1);
    assert_int_equal(delay, 4000);
    ippon_login_limits_end(ll, "u:owner", "203.0.113.1", T0, IPPON_LOGIN_SUCCEEDED);
    /* other accounts are not slowed */
    assert_int_equal(fail_once(ll, "u:other", "198.51.100.1", T0), 0);
    /* the failures leak away: 5 per 15 minutes */
    assert_int_equal(fail_once(ll, "u:owner", "203.0.113.2", T0 + 120 * MINUTE), 0);
    ippon_login_limits_free(ll);
}

static void pair_and_address_refuse(void **state)
{
    (void)state;
    ippon_login_limits *ll = limits();
    for (int i = 0; i < 5; i++)
        fail_once(ll, "u:victim", "192.0.2.7", T0);
    long long delay = -1, retry = -1;
    int per_address = -1;
    /* that address, that account: refused, even if it had the right password; nothing counted */
    assert_int_equal(ippon_login_limits_begin(ll, "u:victim", "192.0.2.7", T0, &delay, &retry, &per_address), 0);
    assert_int_equal(retry, 3 * MINUTE);
    assert_int_equal(per_address, 0);
    /* another address for that account: admitted (after the account's wait) */
    assert_int_equal(ippon_login_limits_begin(ll, "u:victim", "192.0.2.8", T0, &delay, &retry, &per_address), 1);
    assert_int_equal(delay, 250);
    ippon_login_limits_end(ll, "u:victim", "192.0.2.8", T0, IPPON_LOGIN_SUCCEEDED);
    /* the success gave its count back: the next attempt waits as before, not longer */
    assert_int_equal(ippon_login_limits_begin(ll, "u:victim", "192.0.2.8", T0, &delay, &retry, &per_address), 1);
    assert_int_equal(delay, 250);
    ippon_login_limits_end(ll, "u:victim", "192.0.2.8", T0, IPPON_LOGIN_NOT_COUNTED);
    /* that address, other accounts: 15 more failures, then the address as a whole is refused */
    char account[32];
    for (int i = 0; i < 15; i++) {
        snprintf(account, sizeof account, "u:someone%d", i);
        fail_once(ll, account, "192.0.2.7", T0);
    }
    assert_int_equal(ippon_login_limits_begin(ll, "u:fresh", "192.0.2.7", T0, &delay, &retry, &per_address), 0);
    assert_int_equal(per_address, 1);
    assert_int_equal(retry, 45 * 1000); /* 20 per 15 minutes: one back every 45 s */
    ippon_login_limits_free(ll);
}

static void success_forgets_the_pair(void **state)
{
    (void)state;
    ippon_login_limits *ll = limits();
    for (int i = 0; i < 4; i++)
        fail_once(ll, "u:typo", "192.0.2.9", T0);
    long long delay, retry;
    int per_address;
    assert_int_equal(ippon_login_limits_begin(ll, "u:typo", "192.0.2.9", T0, &delay, &retry, &per_address), 1);
    ippon_login_limits_end(ll, "u:typo", "192.0.2.9", T0, IPPON_LOGIN_SUCCEEDED);
    for (int i = 0; i < 4; i++) /* four typos again are fine: the pair was forgotten */
        fail_once(ll, "u:typo", "192.0.2.9", T0);
    assert_int_equal(ippon_login_limits_begin(ll, "u:typo", "192.0.2.9", T0, &delay, &retry, &per_address), 1);
    ippon_login_limits_free(ll);
}

static void bad_config(void **state)
{
    (void)state;
    ippon_login_limits_config cfg = {.per_address = 20, .per_account_address = 5, .slow_after = 5,
                                     .delay_base_ms = 5000, .delay_max_ms = 4000};
    assert_null(ippon_login_limits_new(&cfg));
    cfg.delay_base_ms = 250;
    cfg.slow_after = 0;
    assert_null(ippon_login_limits_new(&cfg));
}

int main(void)
{
    if (ippon_ids_init() != 0)
        return 1;
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(delay_arithmetic),
        cmocka_unit_test(leaky_count),
        cmocka_unit_test(account_failures_slow_but_never_refuse),
        cmocka_unit_test(pair_and_address_refuse),
        cmocka_unit_test(success_forgets_the_pair),
        cmocka_unit_test(bad_config),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
