/*
 * test_server_uri_check.c — what a decoded request path and query text may hold
 * (src/server/net/uri_check.c): well-formed UTF-8 by RFC 3629's table (every boundary of every
 * row, overlong forms, surrogates, values over U+10FFFF, truncated and stray bytes), NUL and
 * control characters, and ".." segments in paths.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <string.h>

#include "net/uri_check.h"

#define VALID(s) assert_true(ippon_utf8_valid(s, sizeof s - 1))
#define INVALID(s) assert_false(ippon_utf8_valid(s, sizeof s - 1))

static void utf8_well_formed(void **state)
{
    (void)state;
    VALID("");
    VALID("plain ASCII /api/health");
    VALID("\x7f");
    VALID("\xc2\x80");             /* U+0080, the first two-byte value */
    VALID("\xdf\xbf");             /* U+07FF */
    VALID("\xe0\xa0\x80");         /* U+0800, the first three-byte value */
    VALID("\xe3\x81\x82");         /* あ */
    VALID("\xed\x9f\xbf");         /* U+D7FF, just below the surrogates */
    VALID("\xee\x80\x80");         /* U+E000, just above them */
    VALID("\xef\xbf\xbf");         /* U+FFFF */
    VALID("\xf0\x90\x80\x80");     /* U+10000, the first four-byte value */
    VALID("\xf4\x8f\xbf\xbf");     /* U+10FFFF, the last */
    VALID("\xe9\xba\xbb\xe9\x9b\x80"); /* 麻雀 */
}

static void utf8_ill_formed(void **state)
{
    (void)state;
    INVALID("\xc0\xae");           /* overlong '.': the %c0%ae of a traversal */
    INVALID("\xc1\xbf");           /* overlong */
    INVALID("\xe0\x80\xae");       /* overlong '.' in three bytes */
    INVALID("\xe0\x9f\xbf");       /* overlong U+07FF */
    INVALID("\xf0\x80\x80\xae");   /* overlong in four bytes */
    INVALID("\xf0\x8f\xbf\xbf");   /* overlong U+FFFF */
    INVALID("\xed\xa0\x80");       /* U+D800, a surrogate */
    INVALID("\xed\xbf\xbf");       /* U+DFFF */
    INVALID("\xf4\x90\x80\x80");   /* U+110000 */
    INVALID("\xf5\x80\x80\x80");
    INVALID("\xff");
    INVALID("\x80");               /* a continuation byte alone */
    INVALID("a\xbf");
    INVALID("\xc2");               /* truncated */
    INVALID("\xe3\x81");
    INVALID("\xf0\x90\x80");
    INVALID("\xe3\x41\x82");       /* a continuation byte missing */
    INVALID("\xe3\x81\x82\x80");   /* one too many */
}

static void text_problems(void **state)
{
    (void)state;
    assert_null(ippon_text_problem("mode=4p", 7));
    assert_null(ippon_text_problem("q=\xe9\xba\xbb", 5));
    assert_null(ippon_text_problem("", 0));
    const char nul[] = "q=a\0b";
    assert_non_null(strstr(ippon_text_problem(nul, sizeof nul - 1), "NUL"));
    assert_non_null(strstr(ippon_text_problem("q=a\nb", 5), "control"));
    assert_non_null(strstr(ippon_text_problem("q=\x7f", 3), "control"));
    assert_non_null(strstr(ippon_text_problem("q=\x01", 3), "control"));
    assert_non_null(strstr(ippon_text_problem("q=\xc0\xae", 4), "UTF-8"));
}

static void path_problems(void **state)
{
    (void)state;
    static const char *const good[] = {
        "/", "/api/health", "/js/app.js", "/a/..b/c", "/a/b../c", "/.well-known/x", "/a/.../b",
        "/players/\xe9\xba\xbb",
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++)
        assert_null(ippon_path_problem(good[i], strlen(good[i])));

    assert_non_null(strstr(ippon_path_problem("/js/..", 6), ".."));
    assert_non_null(strstr(ippon_path_problem("/../etc/passwd", 14), ".."));
    assert_non_null(strstr(ippon_path_problem("/a/../b", 7), ".."));
    assert_non_null(strstr(ippon_path_problem("/js/\xc0\xae\xc0\xae/x", 10), "UTF-8"));
    const char nul[] = "/api/\0x";
    assert_non_null(strstr(ippon_path_problem(nul, sizeof nul - 1), "NUL"));
    assert_non_null(strstr(ippon_path_problem("/a\rb", 4), "control"));
    assert_non_null(strstr(ippon_path_problem("api/health", 10), "start"));
    assert_non_null(ippon_path_problem("", 0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(utf8_well_formed),
        cmocka_unit_test(utf8_ill_formed),
        cmocka_unit_test(text_problems),
        cmocka_unit_test(path_problems),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
