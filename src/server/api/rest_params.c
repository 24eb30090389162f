/*
 * rest_params.c — query parameters and the pieces every list route shares (rest_params.h).
 */
#include "api/rest_params.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LIST_DEFAULT_LIMIT 50
#define LIST_MAX_LIMIT 100
#define LIST_MAX_PAGE 1000000

void ippon_rest_bad_param(ippon_rest_response *res, const char *name, const char *problem)
{
    ippon_rest_reply_error_fields(res, 400, "bad_request", json_pack("{s:s}", name, problem), "%s: %s", name,
                                  problem);
}

int ippon_rest_param(const ippon_rest_request *req, const char *name, char *out, size_t outlen)
{
    if (ippon_rest_query(req, name, out, outlen) >= 0)
        return 1;
    size_t n = strlen(name);
    for (size_t i = 0; i < req->arg_count; i++)
        if (!strncmp(req->args[i], name, n) && (req->args[i][n] == '=' || req->args[i][n] == '\0'))
            return -1;
    return 0;
}

int ippon_rest_int_param(const ippon_rest_request *req, ippon_rest_response *res, const char *name, int def, int min,
                         int max)
{
    char text[16];
    int got = ippon_rest_param(req, name, text, sizeof text);
    if (got == 0)
        return def;
    long v = -1;
    if (got > 0 && text[0] && strspn(text, "0123456789") == strlen(text) && strlen(text) <= 9)
        v = strtol(text, NULL, 10);
    if (v < min || v > max) {
        char problem[48];
        snprintf(problem, sizeof problem, "an integer %d..%d", min, max);
        ippon_rest_bad_param(res, name, problem);
        return -1;
    }
    return (int)v;
}

bool ippon_rest_mode_param(const ippon_rest_request *req, ippon_rest_response *res, ippon_mode *mode)
{
    char text[8];
    *mode = IPPON_MODE_4P;
    int got = ippon_rest_param(req, "mode", text, sizeof text);
    if (got < 0 || (got > 0 && ippon_mode_parse(text, mode) != 0)) {
        ippon_rest_bad_param(res, "mode", IPPON_MODE_CHOICES);
        return false;
    }
    return true;
}

bool ippon_rest_before_param(const ippon_rest_request *req, ippon_rest_response *res, const char *what,
                             int64_t *before)
{
    char text[24];
    *before = INT64_MAX;
    int got = ippon_rest_param(req, "before", text, sizeof text);
    if (got == 0)
        return true;
    size_t len = got > 0 ? strlen(text) : 0;
    int64_t v = 0;
    bool ok = len > 0 && len <= 18 && strspn(text, "0123456789") == len;
    for (size_t i = 0; ok && i < len; i++)
        v = v * 10 + (text[i] - '0');
    if (!ok || v < 1) {
        char problem[120];
        snprintf(problem, sizeof problem, "a positive integer (%s)", what);
        ippon_rest_bad_param(res, "before", problem);
        return false;
    }
    *before = v;
    return true;
}

int ippon_rest_id_param(const char *text, char out[IPPON_USER_ID_LEN + 1])
{
    if (!text || strlen(text) != IPPON_USER_ID_LEN)
        return -1;
    for (int i = 0; i < IPPON_USER_ID_LEN; i++) {
        if (!isxdigit((unsigned char)text[i]))
            return -1;
        out[i] = (char)tolower((unsigned char)text[i]);
    }
    out[IPPON_USER_ID_LEN] = '\0';
    return 0;
}

int ippon_rest_have_store(ippon_app *app, ippon_rest_response *res)
{
    if (app && app->store)
        return 1;
    ippon_rest_reply_error(res, 503, "unavailable", "no database");
    return 0;
}

void ippon_rest_store_failed(ippon_rest_response *res)
{
    ippon_rest_reply_error(res, 500, "internal", "the database failed");
}

bool ippon_rest_paging(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res, int *page, int *limit)
{
    *page = ippon_rest_int_param(req, res, "page", 1, 1, LIST_MAX_PAGE);
    if (*page < 0)
        return false;
    *limit = ippon_rest_int_param(req, res, "limit", LIST_DEFAULT_LIMIT, 1, LIST_MAX_LIMIT);
    return *limit >= 0 && ippon_rest_have_store(app, res);
}

bool ippon_rest_sent_kept(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                          const ippon_kept_query *kq)
{
    const char *kept, *tag;
    size_t len;
    int found = ippon_store_reply_kept(app->store, kq, &kept, &len, &tag);
    if (found > 0)
        ippon_rest_reply_tagged_text(req, res, NULL, kept, len, tag);
    else if (found < 0)
        ippon_rest_store_failed(res);
    return found != 0;
}

char *ippon_rest_send_json(const ippon_rest_request *req, ippon_rest_response *res, json_t *reply)
{
    char *text = json_dumps(reply, JSON_COMPACT);
    json_decref(reply);
    if (!text) {
        ippon_rest_reply_error(res, 500, "internal", "out of memory");
        return NULL;
    }
    ippon_rest_reply_cached_text(req, res, NULL, text, strlen(text));
    if (res->status == 200 || res->status == 304)
        return text;
    free(text);
    return NULL;
}

void ippon_rest_send_and_keep(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res,
                              const ippon_kept_query *kq, json_t *reply)
{
    char *text = ippon_rest_send_json(req, res, reply);
    if (text)
        ippon_store_reply_keep(app->store, kq, text, strlen(text), res->etag);
    free(text);
}
