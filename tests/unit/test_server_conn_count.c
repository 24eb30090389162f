/*
 * test_server_conn_count.c — open connections per client address with a cap
 * (src/server/base/conn_count.c): taking up to the cap and no further, addresses counted apart,
 * giving back, an address with none left forgotten (so it can fill up again), and many
 * addresses at once.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <stdio.h>

#include "base/conn_count.h"

static void cap(void **state)
{
    (void)state;
    ippon_conn_count *cc = ippon_conn_count_new();
    assert_non_null(cc);
    assert_int_equal(ippon_conn_count_get(cc, "203.0.113.5"), 0);
    for (int i = 0; i < 3; i++)
        assert_int_equal(ippon_conn_count_take(cc, "203.0.113.5", 3), 0);
    assert_int_equal(ippon_conn_count_take(cc, "203.0.113.5", 3), 1); /* full */
    assert_int_equal(ippon_conn_count_get(cc, "203.0.113.5"), 3);     /* the refusal did not count */
    assert_int_equal(ippon_conn_count_take(cc, "2001:db8::1", 3), 0);  /* another address */
    ippon_conn_count_give(cc, "203.0.113.5");
    assert_int_equal(ippon_conn_count_get(cc, "203.0.113.5"), 2);
    assert_int_equal(ippon_conn_count_take(cc, "203.0.113.5", 3), 0); /* room again */
    assert_int_equal(ippon_conn_count_take(cc, "203.0.113.5", 3), 1);
    ippon_conn_count_free(cc);
    ippon_conn_count_free(NULL);
}

static void give_back_to_zero(void **state)
{
    (void)state;
    ippon_conn_count *cc = ippon_conn_count_new();
    assert_int_equal(ippon_conn_count_take(cc, "198.51.100.7", 1), 0);
    ippon_conn_count_give(cc, "198.51.100.7");
    assert_int_equal(ippon_conn_count_get(cc, "198.51.100.7"), 0);
    ippon_conn_count_give(cc, "198.51.100.7"); /* nothing left to give: stays at zero */
    assert_int_equal(ippon_conn_count_get(cc, "198.51.100.7"), 0);
    assert_int_equal(ippon_conn_count_take(cc, "198.51.100.7", 1), 0);
    assert_int_equal(ippon_conn_count_take(cc, "198.51.100.7", 1), 1);
    ippon_conn_count_free(cc);
}

static void many_addresses(void **state)
{
    (void)state;
    ippon_conn_count *cc = ippon_conn_count_new();
    char addr[32];
    for (int round = 0; round < 2; round++)
        for (int i = 0; i < 5000; i++) {
            snprintf(addr, sizeof addr, "10.0.%d.%d", i / 256, i % 256);
            assert_int_equal(ippon_conn_count_take(cc, addr, 2), 0);
        }
    for (int i = 0; i < 5000; i++) {
        snprintf(addr, sizeof addr, "10.0.%d.%d", i / 256, i % 256);
        assert_int_equal(ippon_conn_count_take(cc, addr, 2), 1);
        assert_int_equal(ippon_conn_count_get(cc, addr), 2);
        ippon_conn_count_give(cc, addr);
        ippon_conn_count_give(cc, addr);
        assert_int_equal(ippon_conn_count_get(cc, addr), 0);
    }
    ippon_conn_count_free(cc);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(cap),
        cmocka_unit_test(give_back_to_zero),
        cmocka_unit_test(many_addresses),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
