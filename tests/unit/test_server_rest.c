/*
 * test_server_rest.c — the REST layer without a network (src/server/api/rest.c, health.c):
 * routing to a handler, 404 and 405 with the JSON error shape and the Allow list, 415 for a
 * body not sent as JSON, and the health reply with and without a database (and with its file
 * removed under the server). Also the random ids (ids.c) it reports.
 */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/ids.h"
#include "base/log.h"
#include "api/rest.h"
#include "store/store_writer.h"

/* call the REST layer and parse its JSON reply (the caller decrefs) */
static json_t *call(ippon_app *app, ippon_http_method method, const char *path, int *status,
                    ippon_rest_response *keep)
{
    ippon_rest_request req = {.method = method, .path = path};
    ippon_rest_response res;
    ippon_rest_handle(app, &req, &res);
    assert_non_null(res.body);
    assert_int_equal(strlen(res.body), res.body_len);
    json_error_t jerr;
    json_t *json = json_loads(res.body, 0, &jerr);
    if (!json)
        fail_msg("not JSON: %s", res.body);
    *status = res.status;
    if (keep)
        *keep = res;
    else
        ippon_rest_response_free(&res);
    return json;
}

static void assert_error(json_t *json, const char *code)
{
    const char *got = NULL, *message = NULL;
    assert_int_equal(json_unpack(json, "{s:{s:s, s:s}}", "error", "code", &got, "message",
                                 &message),
                     0);
    assert_string_equal(got, code);
    assert_true(strlen(message) > 0);
}

static void health_ok(void **state)
{
    (void)state;
    char err[256], dir[64], db[128];
    snprintf(dir, sizeof dir, "/tmp/ippon-test-rest-XXXXXX");
    assert_non_null(mkdtemp(dir));
    snprintf(db, sizeof db, "%s/h.db", dir);
    ippon_app app = {0};
    assert_int_equal(ippon_store_open(&app.store, db, err, sizeof err), 0);
    assert_int_equal(ippon_writer_start(&app.writer, db, NULL, NULL, err, sizeof err), 0);
    strcpy(app.instance, "0123456789abcdef0123456789abcdef");
    int status;
    json_t *json = call(&app, IPPON_HTTP_GET, "/api/health", &status, NULL);
    assert_int_equal(status, 200);
    const char *s, *v, *db_state, *inst;
    int waiting, queue;
    assert_int_equal(json_unpack(json, "{s:s, s:s, s:s, s:s, s:i, s:i}", "status", &s, "version", &v, "db",
                                 &db_state, "instance", &inst, "matches_waiting", &waiting, "writer_queue", &queue),
                     0);
    assert_string_equal(s, "ok");
    assert_string_equal(v, IPPON_VERSION);
    assert_string_equal(db_state, "ok");
    assert_string_equal(inst, app.instance);
    assert_int_equal(waiting, 0);
    assert_int_equal(queue, 0);
    assert_int_equal(json_object_size(json), 6); /* no "reason" when ok */
    json_decref(json);

    /* the database file removed under the server: it cannot store anything there any more */
    assert_int_equal(unlink(db), 0);
    json = call(&app, IPPON_HTTP_GET, "/api/health", &status, NULL);
    assert_int_equal(status, 503);
    assert_int_equal(json_unpack(json, "{s:s, s:s}", "status", &s, "db", &db_state), 0);
    assert_string_equal(s, "error");
    assert_string_equal(db_state, "unwritable");
    assert_non_null(strstr(json_string_value(json_object_get(json, "reason")), "is gone"));
    json_decref(json);
    ippon_writer_free(app.writer);
    ippon_store_close(app.store);
    char path[160];
    snprintf(path, sizeof path, "%s-wal", db);
    unlink(path);
    snprintf(path, sizeof path, "%s-shm", db);
    unlink(path);
    rmdir(dir);
}

static void health_without_database(void **state)
{
    (void)state;
    ippon_app app = {0};
    int status;
    json_t *json = call(&app, IPPON_HTTP_GET, "/api/health", &status, NULL);
    assert_int_equal(status, 503);
    const char *s, *db, *reason;
    assert_int_equal(json_unpack(json, "{s:s, s:s, s:s}", "status", &s, "db", &db, "reason", &reason), 0);
    assert_string_equal(s, "error");
    assert_string_equal(db, "unwritable");
    assert_string_equal(reason, "no database");
    json_decref(json);
}

static void not_found(void **state)
{
    (void)state;
    ippon_app app = {0};
    int status;
    const char *paths[] = {"/api/nope", "/api", "/api/", "/api/health/", "/api/HEALTH"};
    for (size_t i = 0; i < sizeof paths / sizeof paths[0]; i++) {
        json_t *json = call(&app, IPPON_HTTP_GET, paths[i], &status, NULL);
        assert_int_equal(status, 404);
        assert_error(json, "not_found");
        json_decref(json);
    }
    json_t *json = call(&app, IPPON_HTTP_DELETE, "/api/nope", &status, NULL);
    assert_int_equal(status, 404);
    json_decref(json);
}

static void method_not_allowed(void **state)
{
    (void)state;
    ippon_app app = {0};
    const ippon_http_method methods[] = {IPPON_HTTP_POST, IPPON_HTTP_PUT,     IPPON_HTTP_DELETE,
                                         IPPON_HTTP_HEAD, IPPON_HTTP_OPTIONS, IPPON_HTTP_PATCH};
    for (size_t i = 0; i < sizeof methods / sizeof methods[0]; i++) {
        int status;
        ippon_rest_response res;
        json_t *json = call(&app, methods[i], "/api/health", &status, &res);
        assert_int_equal(status, 405);
        assert_string_equal(res.allow, "GET");
        assert_error(json, "method_not_allowed");
        json_decref(json);
        ippon_rest_response_free(&res);
    }
}

static void json_content_type(void **state)
{
    (void)state;
    static const char *const json[] = {
        "application/json", "Application/JSON", " application/json ", "application/json;charset=utf-8",
        "application/json; charset=UTF-8", "application/json ; charset=\"utf-8\"",
    };
    for (size_t i = 0; i < sizeof json / sizeof json[0]; i++)
        assert_true(ippon_rest_json_content_type(json[i]));
    static const char *const other[] = {
        "text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "",
        "application/jsonx", "application/json-seq", "application/json; charset=latin1",
        "application/json; foo=bar", "application/json; charset=\"utf-8", "application/json; charset=utf-8x",
        "application/json;", "text/json",
    };
    for (size_t i = 0; i < sizeof other / sizeof other[0]; i++)
        assert_false(ippon_rest_json_content_type(other[i]));
    assert_false(ippon_rest_json_content_type(NULL));
}

/* a body that is not declared JSON is refused before its handler runs; an empty body needs no type */
static void body_needs_json_type(void **state)
{
    (void)state;
    ippon_app app = {0}; /* no auth: the logout handler answers 503 when it runs */
    static const char body[] = "{}";
    const struct {
        const char *type;
        const char *body;
        int status;
    } cases[] = {
        {"text/plain", body, 415},
        {NULL, body, 415},
        {"application/x-www-form-urlencoded", body, 415},
        {"application/json", body, 503},
        {"application/json; charset=utf-8", body, 503},
        {NULL, NULL, 503},
        {"text/plain", NULL, 503},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        ippon_rest_request req = {.method = IPPON_HTTP_POST, .path = "/api/auth/logout",
                                  .body = cases[i].body, .body_len = cases[i].body ? strlen(cases[i].body) : 0,
                                  .content_type = cases[i].type};
        ippon_rest_response res;
        ippon_rest_handle(&app, &req, &res);
        assert_int_equal(res.status, cases[i].status);
        if (res.status == 415) {
            json_t *json = json_loads(res.body, 0, NULL);
            assert_error(json, "unsupported_media_type");
            json_decref(json);
        }
        ippon_rest_response_free(&res);
    }
}

static void error_reply_escapes(void **state)
{
    (void)state;
    ippon_rest_response res = {0};
    ippon_rest_reply_error(&res, 400, "bad_request", "quote \" backslash \\ newline \n end");
    json_t *json = json_loads(res.body, 0, NULL);
    assert_non_null(json);
    const char *message;
    assert_int_equal(json_unpack(json, "{s:{s:s}}", "error", "message", &message), 0);
    assert_string_equal(message, "quote \" backslash \\ newline \n end");
    json_decref(json);
    ippon_rest_response_free(&res);
}

static void ids(void **state)
{
    (void)state;
    assert_int_equal(ippon_ids_init(), 0);
    ippon_id a, b, back;
    char hex[IPPON_ID_HEX_LEN + 1], hex2[IPPON_ID_HEX_LEN + 1];
    ippon_id_generate(&a);
    ippon_id_generate(&b);
    assert_memory_not_equal(a.bytes, b.bytes, sizeof a.bytes);
    ippon_id_format(&a, hex);
    assert_int_equal(strlen(hex), 32);
    assert_int_equal(strspn(hex, "0123456789abcdef"), 32);
    assert_int_equal(ippon_id_parse(&back, hex), 0);
    assert_memory_equal(back.bytes, a.bytes, sizeof a.bytes);
    ippon_id_format(&back, hex2);
    assert_string_equal(hex, hex2);

    assert_int_equal(ippon_id_parse(&back, ""), -1);
    assert_int_equal(ippon_id_parse(&back, "0123456789abcdef0123456789abcde"), -1);
    assert_int_equal(ippon_id_parse(&back, "0123456789abcdef0123456789abcdef0"), -1);
    assert_int_equal(ippon_id_parse(&back, "0123456789abcdef0123456789abcdeg"), -1);
    assert_int_equal(ippon_id_parse(&back, "0123456789ABCDEF0123456789ABCDEF"), 0);
}

int main(void)
{
    ippon_log_level_set(IPPON_LOG_ERROR);
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(health_ok),
        cmocka_unit_test(health_without_database),
        cmocka_unit_test(not_found),
        cmocka_unit_test(method_not_allowed),
        cmocka_unit_test(json_content_type),
        cmocka_unit_test(body_needs_json_type),
        cmocka_unit_test(error_reply_escapes),
        cmocka_unit_test(ids),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
