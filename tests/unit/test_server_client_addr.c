/*
 * test_server_client_addr.c — whose address a request carries (src/server/net/client_addr.c):
 * the TCP peer, or the last X-Forwarded-For literal when — and only when — the peer is the
 * trusted proxy, however the same address is written (IPv4, IPv4-mapped IPv6, IPv6 shorthand).
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "net/client_addr.h"

static const char *client(const char *peer, const char *proxy, const char *forwarded)
{
    static char out[64];
    ippon_client_address_from(peer, proxy, forwarded, out, sizeof out);
    return out;
}

static void the_proxy_forwards(void **state)
{
    (void)state;
    assert_string_equal(client("127.0.0.1", "127.0.0.1", "198.51.100.7"), "198.51.100.7");
    /* the proxy's own address is the last; earlier ones came from the client */
    assert_string_equal(client("127.0.0.1", "127.0.0.1", "10.9.9.9, 198.51.100.7"), "198.51.100.7");
    /* an IPv4 proxy seen through an IPv6 socket */
    assert_string_equal(client("::ffff:127.0.0.1", "127.0.0.1", "2001:db8::1"), "2001:db8::1");
    /* an IPv6 proxy written two ways */
    assert_string_equal(client("2001:db8:0:0::5", "2001:db8::5", "203.0.113.4"), "203.0.113.4");
}

static void anyone_else_is_the_peer(void **state)
{
    (void)state;
    assert_string_equal(client("203.0.113.9", "127.0.0.1", "198.51.100.7"), "203.0.113.9");
    assert_string_equal(client("127.0.0.1", NULL, "198.51.100.7"), "127.0.0.1");
    assert_string_equal(client("127.0.0.1", "", "198.51.100.7"), "127.0.0.1");
    assert_string_equal(client("::ffff:127.0.0.2", "127.0.0.1", "198.51.100.7"), "::ffff:127.0.0.2");
    /* not addresses at all: the mapped prefix twice (found by fuzz_rest_url), a name, junk */
    assert_string_equal(client("::ffff:::ffff:127.0.0.1", "127.0.0.1", "2001:db8::1"), "::ffff:::ffff:127.0.0.1");
    assert_string_equal(client("::ffff:localhost", "localhost", "2001:db8::1"), "::ffff:localhost");
    assert_string_equal(client("127.0.0.1x", "127.0.0.1", "2001:db8::1"), "127.0.0.1x");
}

static void a_bad_header_is_ignored(void **state)
{
    (void)state;
    assert_string_equal(client("127.0.0.1", "127.0.0.1", "not-an-address"), "127.0.0.1");
    assert_string_equal(client("127.0.0.1", "127.0.0.1", "198.51.100.7 junk"), "127.0.0.1");
    assert_string_equal(client("127.0.0.1", "127.0.0.1", ""), "127.0.0.1");
    assert_string_equal(client("127.0.0.1", "127.0.0.1", NULL), "127.0.0.1");
    char out[8];
    assert_int_equal(ippon_forwarded_last("198.51.100.7", out, sizeof out), -1); /* no room */
    assert_int_equal(ippon_forwarded_last(" 10.0.0.1 ,\t198.51.100.7 ", out, sizeof out), -1);
    char wide[64];
    assert_int_equal(ippon_forwarded_last(" 10.0.0.1 ,\t198.51.100.7 ", wide, sizeof wide), 0);
    assert_string_equal(wide, "198.51.100.7");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(the_proxy_forwards),
        cmocka_unit_test(anyone_else_is_the_peer),
        cmocka_unit_test(a_bad_header_is_ignored),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
