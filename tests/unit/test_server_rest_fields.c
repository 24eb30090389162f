/*
 * test_server_rest_fields.c — a REST body's fields checked one by one (src/server/api/rest_fields.c):
 * members the route does not take, missing, null and non-string fields, a rule's own words, the
 * first problem of a field kept, every problem in one 400 (the "fields" object and the message,
 * in the order found), nothing replied when all is well, and bodies that are not an object.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <string.h>

#include "api/rest.h"
#include "api/rest_fields.h"

static const char *const KNOWN[] = {"username", "password", "nick", NULL};
#define KNOWN_LIST "username, password, nick (optional)"

static ippon_rest_request post(const char *body)
{
    return (ippon_rest_request){.method = IPPON_HTTP_POST, .path = "/api/test", .body = body,
                                .body_len = body ? strlen(body) : 0};
}

/* the reply's JSON (the caller decrefs); the response is freed */
static json_t *reply_json(ippon_rest_response *res)
{
    assert_non_null(res->body);
    json_t *j = json_loadb(res->body, res->body_len, 0, NULL);
    if (!j)
        fail_msg("not JSON: %s", res->body);
    ippon_rest_response_free(res);
    return j;
}

/* start checking body (it must parse) against KNOWN; req keeps the body's pointer */
static void begin(ippon_rest_fields *f, ippon_rest_request *req, ippon_rest_response *res, const char *body)
{
    *req = post(body);
    memset(res, 0, sizeof *res);
    assert_int_equal(ippon_rest_fields_begin(f, req, res, 0, KNOWN, KNOWN_LIST), 0);
}

/* the problems noted must make a 400: its JSON (the caller decrefs); f is ended */
static json_t *end_400(ippon_rest_fields *f, ippon_rest_response *res)
{
    assert_int_equal(ippon_rest_fields_reply(f, res), -1);
    ippon_rest_fields_end(f);
    assert_int_equal(res->status, 400);
    return reply_json(res);
}

static const char *error_field(json_t *reply, const char *name)
{
    return json_string_value(json_object_get(json_object_get(json_object_get(reply, "error"), "fields"), name));
}

static void every_problem_named_in_one_400(void **state)
{
    (void)state;
    ippon_rest_request req;
    ippon_rest_response res;
    ippon_rest_fields f;
    begin(&f, &req, &res, "{\"username\": 5, \"colour\": \"red\", \"nick\": null}");
    size_t len = 99;
    assert_null(ippon_rest_fields_string(&f, "username", 1, &len));
    assert_int_equal(len, 0);
    assert_null(ippon_rest_fields_string(&f, "password", 1, &len));
    assert_null(ippon_rest_fields_string(&f, "nick", 0, &len)); /* optional: null is absent, no problem */
    json_t *j = end_400(&f, &res);
    json_t *error = json_object_get(j, "error");
    assert_string_equal(json_string_value(json_object_get(error, "code")), "bad_request");
    assert_int_equal(json_object_size(json_object_get(error, "fields")), 3);
    assert_string_equal(error_field(j, "colour"), "unknown field (this route takes username, password, nick (optional))");
    assert_string_equal(error_field(j, "username"), "must be a string");
    assert_string_equal(error_field(j, "password"), "missing");
    assert_string_equal(json_string_value(json_object_get(error, "message")),
                        "colour: unknown field (this route takes username, password, nick (optional)); "
                        "username: must be a string; password: missing");
    json_decref(j);
}

static void a_required_null_is_named_as_null(void **state)
{
    (void)state;
    ippon_rest_request req;
    ippon_rest_response res;
    ippon_rest_fields f;
    begin(&f, &req, &res, "{\"nick\": null}");
    size_t len;
    assert_null(ippon_rest_fields_string(&f, "nick", 1, &len));
    json_t *j = end_400(&f, &res);
    assert_string_equal(error_field(j, "nick"), "must be a string, not null");
    json_decref(j);
}

/* at least three bytes, in the rule's own words */
static int three_or_more(const char *text, size_t len, char *why, size_t whylen)
{
    (void)text;
    if (len >= 3)
        return 0;
    snprintf(why, whylen, "too short (%zu bytes)", len);
    return -1;
}

static void a_rule_speaks_for_its_field(void **state)
{
    (void)state;
    ippon_rest_request req;
    ippon_rest_response res;
    ippon_rest_fields f;
    begin(&f, &req, &res, "{\"username\": \"ab\", \"password\": \"abcd\"}");
    assert_null(ippon_rest_fields_checked(&f, "username", 1, three_or_more));
    assert_string_equal(ippon_rest_fields_checked(&f, "password", 1, three_or_more), "abcd");
    assert_null(ippon_rest_fields_checked(&f, "nick", 0, three_or_more)); /* absent and optional */
    json_t *j = end_400(&f, &res);
    assert_string_equal(error_field(j, "username"), "too short (2 bytes)");
    assert_null(error_field(j, "password"));
    assert_null(error_field(j, "nick"));
    json_decref(j);
}

static void the_first_problem_of_a_field_stays(void **state)
{
    (void)state;
    ippon_rest_request req;
    ippon_rest_response res;
    ippon_rest_fields f;
    begin(&f, &req, &res, "{\"username\": 1}");
    ippon_rest_fields_problem(&f, "username", "taken by a test");
    size_t len;
    assert_null(ippon_rest_fields_string(&f, "username", 1, &len));
    json_t *j = end_400(&f, &res);
    assert_string_equal(error_field(j, "username"), "taken by a test");
    json_decref(j);
}

static void all_well_replies_nothing(void **state)
{
    (void)state;
    ippon_rest_request req;
    ippon_rest_response res;
    ippon_rest_fields f;
    begin(&f, &req, &res, "{\"username\": \"anna\", \"password\": \"p\\u00e4ss\"}");
    size_t len;
    assert_string_equal(ippon_rest_fields_string(&f, "username", 1, &len), "anna");
    assert_int_equal(len, 4);
    assert_string_equal(ippon_rest_fields_string(&f, "password", 1, &len), "p\xc3\xa4ss");
    assert_int_equal(len, 5); /* bytes, not characters */
    assert_int_equal(ippon_rest_fields_reply(&f, &res), 0);
    assert_null(res.body);
    ippon_rest_fields_end(&f);
}

static void empty_and_wrong_bodies(void **state)
{
    (void)state;
    ippon_rest_fields f;
    /* empty: {} where the route allows it, else a 400 about the body */
    ippon_rest_request empty = post(NULL);
    ippon_rest_response res = {0};
    assert_int_equal(ippon_rest_fields_begin(&f, &empty, &res, 1, KNOWN, KNOWN_LIST), 0);
    assert_int_equal(json_object_size(f.body), 0);
    assert_int_equal(ippon_rest_fields_reply(&f, &res), 0);
    ippon_rest_fields_end(&f);
    assert_null(res.body);

    const char *bodies[] = {NULL, "[1, 2]", "{\"username\": ", "\"anna\""};
    for (size_t i = 0; i < sizeof bodies / sizeof bodies[0]; i++) {
        ippon_rest_request req = post(bodies[i]);
        memset(&res, 0, sizeof res);
        assert_int_equal(ippon_rest_fields_begin(&f, &req, &res, 0, KNOWN, KNOWN_LIST), -1);
        assert_int_equal(res.status, 400);
        json_t *j = reply_json(&res);
        const char *message = json_string_value(json_object_get(json_object_get(j, "error"), "message"));
        assert_non_null(message);
        if (strncmp(message, "body", 4) != 0)
            fail_msg("body %zu: the message does not name the body: %s", i, message);
        json_decref(j);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(every_problem_named_in_one_400),
        cmocka_unit_test(a_required_null_is_named_as_null),
        cmocka_unit_test(a_rule_speaks_for_its_field),
        cmocka_unit_test(the_first_problem_of_a_field_stays),
        cmocka_unit_test(all_well_replies_nothing),
        cmocka_unit_test(empty_and_wrong_bodies),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
