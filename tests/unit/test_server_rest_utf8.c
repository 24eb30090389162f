/*
 * test_server_rest_utf8.c — REST error messages that echo a long path or parameter (rest.c).
 *
 * Found with fuzz_rest_url: a message is cut to its 1,024-byte buffer, and a cut inside a
 * UTF-8 sequence ("no route GET /api/x/ééé…" with a path of about a kilobyte) made it a string
 * JSON cannot hold, so the reply could not be made and the client got 500 "out of memory"
 * instead of the 404. The cut now drops the incomplete sequence.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <string.h>

#include "api/rest.h"

/* the reply's error message (valid JSON required), copied into out */
static void reply_message(const ippon_rest_response *res, int status, char *out, size_t cap)
{
    assert_int_equal(res->status, status);
    json_error_t jerr;
    json_t *json = json_loadb(res->body, res->body_len, 0, &jerr);
    if (!json)
        fail_msg("not JSON: %s", jerr.text);
    const char *message = json_string_value(json_object_get(json_object_get(json, "error"), "message"));
    assert_non_null(message);
    assert_true(strlen(message) < cap);
    strcpy(out, message);
    json_decref(json);
}

static void long_non_ascii_path_gets_its_404(void **state)
{
    (void)state;
    char path[1100] = "/api/x/";
    for (size_t n = strlen(path); n + 2 < 1024; n += 2)
        strcat(path, "\xc3\xa9"); /* é */
    ippon_app app = {0};
    ippon_rest_request req = {.method = IPPON_HTTP_GET, .path = path};
    ippon_rest_response res;
    ippon_rest_handle(&app, &req, &res);
    char message[1100];
    reply_message(&res, 404, message, sizeof message);
    assert_int_equal(strncmp(message, "no route GET /api/x/\xc3\xa9", 22), 0);
    assert_true(strlen(message) <= 1023);
    ippon_rest_response_free(&res);
}

/* every way a 2-, 3- or 4-byte character can straddle the end of the buffer */
static void cut_messages_stay_utf8(void **state)
{
    (void)state;
    static const char *const chars[] = {"\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x80\x84"};
    for (size_t c = 0; c < 3; c++) {
        for (size_t lead = 0; lead < 4; lead++) {
            char text[1300] = "";
            memset(text, 'a', lead);
            text[lead] = '\0';
            while (strlen(text) + 4 < sizeof text)
                strcat(text, chars[c]);
            ippon_rest_response res;
            memset(&res, 0, sizeof res);
            ippon_rest_reply_error(&res, 400, "bad_request", "%s", text);
            char message[1100];
            reply_message(&res, 400, message, sizeof message);
            size_t len = strlen(message), w = strlen(chars[c]);
            assert_true(len <= 1023 && len > 1023 - w);
            assert_int_equal((len - lead) % w, 0); /* whole characters only */
            ippon_rest_response_free(&res);
        }
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(long_non_ascii_path_gets_its_404),
        cmocka_unit_test(cut_messages_stay_utf8),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
