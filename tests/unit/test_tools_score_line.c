/*
 * test_tools_score_line.c — one line of ippon-score (src/tools/common/hand_json.c,
 * ippon_score_line) that is not a hand always gets an error verdict with its message: here lines
 * whose bytes are not UTF-8 (the fuzzer found one whose parser message quoted the bad bytes, and
 * the verdict lost its message), a line that is not JSON, and a hand with an unknown field.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdlib.h>
#include <string.h>

#include "hand_json.h"
#include "ippon/rules.h"

/* the verdict of a line: an error with a non-empty message */
static void expect_error(const char *line, size_t len)
{
    char *text = ippon_score_line(line, len, ippon_rules_preset("yonma"), 7);
    assert_non_null(text);
    json_t *v = json_loads(text, 0, NULL);
    assert_non_null(v);
    assert_string_equal(json_string_value(json_object_get(v, "result")), "error");
    const char *message = json_string_value(json_object_get(v, "error"));
    assert_non_null(message);
    assert_true(strlen(message) > 0);
    json_decref(v);
    free(text);
}

static void bad_lines(void **state)
{
    (void)state;
    static const char bad_key[] = "{\"id\":\"x\",\"rules\":\"sanma\",\"ha\\\xcd\x9b\x45\xfd\x7f\":1}";
    expect_error(bad_key, sizeof bad_key - 1);
    static const char bad_value[] = "{\"hand\":\"\xff\xfe\"}";
    expect_error(bad_value, sizeof bad_value - 1);
    expect_error("not json", 8);
    expect_error("{\"hand\":\"123m\",\"colour\":1}", 26);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(bad_lines),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
