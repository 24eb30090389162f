/*
 * test_server_web_origin.c — a web origin's text (src/server/base/web_origin.h): what is an
 * origin, when two are the same, when one is the Host a request came to.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cmocka.h>

#include "base/web_origin.h"

static ippon_origin origin_of(const char *text)
{
    ippon_origin o;
    if (!ippon_origin_parse(text, strlen(text), &o))
        fail_msg("not read as an origin: %s", text);
    return o;
}

static void origins_read(void **state)
{
    (void)state;
    ippon_origin o = origin_of("HTTPS://Ippon.Example");
    assert_true(o.https);
    assert_string_equal(o.host, "ippon.example");
    assert_int_equal(o.port, 443);
    o = origin_of("http://127.0.0.1:8080");
    assert_false(o.https);
    assert_string_equal(o.host, "127.0.0.1");
    assert_int_equal(o.port, 8080);
    o = origin_of("http://[::1]:9000");
    assert_string_equal(o.host, "[::1]");
    assert_int_equal(o.port, 9000);
    assert_int_equal(origin_of("http://a-b.example").port, 80);
}

static void not_origins(void **state)
{
    (void)state;
    static const char *const bad[] = {
        "", "null", "ippon.example", "ftp://ippon.example", "https://", "https://ippon.example/",
        "https://ippon.example/path", "https://ippon.example:0", "https://ippon.example:65536",
        "https://ippon.example:", "https://ippon.example:80a", "https://user@ippon.example",
        "https://ippon example", "https://[::1", "https://[::1]x", "https://ippon.example:123456",
    };
    ippon_origin o;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        if (ippon_origin_parse(bad[i], strlen(bad[i]), &o))
            fail_msg("read as an origin: \"%s\"", bad[i]);
    /* the length counts, not a NUL */
    assert_false(ippon_origin_parse("https://a.example", 8, &o));
    assert_true(ippon_origin_parse("https://a.example/x", 17, &o));
}

static void same(void **state)
{
    (void)state;
    ippon_origin a = origin_of("https://ippon.example"), b = origin_of("https://IPPON.example:443");
    assert_true(ippon_origin_same(&a, &b));
    b = origin_of("http://ippon.example:443");
    assert_false(ippon_origin_same(&a, &b)); /* the scheme counts */
    b = origin_of("https://ippon.example:8443");
    assert_false(ippon_origin_same(&a, &b));
    b = origin_of("https://play.ippon.example");
    assert_false(ippon_origin_same(&a, &b));
}

static void is_host(void **state)
{
    (void)state;
    ippon_origin o = origin_of("http://127.0.0.1:8080");
    assert_true(ippon_origin_is_host(&o, "127.0.0.1:8080", 14));
    assert_false(ippon_origin_is_host(&o, "127.0.0.1:8081", 14));
    assert_false(ippon_origin_is_host(&o, "127.0.0.1", 9)); /* no port: http's 80 */
    o = origin_of("https://ippon.example");
    assert_true(ippon_origin_is_host(&o, "Ippon.Example", 13)); /* no port: https's 443 */
    assert_true(ippon_origin_is_host(&o, "ippon.example:443", 17));
    assert_false(ippon_origin_is_host(&o, "ippon.example:80", 16));
    assert_false(ippon_origin_is_host(&o, "evil.example", 12));
    assert_false(ippon_origin_is_host(&o, "", 0));
    o = origin_of("http://[::1]:8080");
    assert_true(ippon_origin_is_host(&o, "[::1]:8080", 10));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(origins_read),
        cmocka_unit_test(not_origins),
        cmocka_unit_test(same),
        cmocka_unit_test(is_host),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
