/*
 * rest.c — the REST route table and JSON replies (see rest.h).
 *
 * How it works: rest_routes[] lists (method, path, handler). ippon_rest_handle scans it
 * for the request's path; a row with the request's method runs its handler, rows with
 * the path but other methods make a 405 listing them, no row makes a 404. Paths match
 * exactly for now; parameterised paths ("/api/players/{id}") will extend the matcher
 * here, not the handlers. To add a route: write the handler (in its own file, declared
 * in rest.h) and add a row.
 */
#include "rest.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct rest_route {
    ippon_http_method method;
    const char *path;
    ippon_rest_handler handler;
} rest_route;

static const rest_route rest_routes[] = {
    {IPPON_HTTP_GET, "/api/health", ippon_health_get},
};

const char *ippon_http_method_name(ippon_http_method method)
{
    static const char *const names[] = {
        [IPPON_HTTP_GET] = "GET",       [IPPON_HTTP_HEAD] = "HEAD",
        [IPPON_HTTP_POST] = "POST",     [IPPON_HTTP_PUT] = "PUT",
        [IPPON_HTTP_PATCH] = "PATCH",   [IPPON_HTTP_DELETE] = "DELETE",
        [IPPON_HTTP_OPTIONS] = "OPTIONS", [IPPON_HTTP_OTHER] = "OTHER",
    };
    if ((unsigned)method >= sizeof names / sizeof names[0])
        return "OTHER";
    return names[method];
}

void ippon_rest_reply_json(ippon_rest_response *res, int status, json_t *json)
{
    free(res->body);
    res->status = status;
    res->body = json ? json_dumps(json, JSON_COMPACT) : NULL;
    json_decref(json);
    if (!res->body) {
        static const char oom[] =
            "{\"error\":{\"code\":\"internal\",\"message\":\"out of memory\"}}";
        res->status = 500;
        res->body = malloc(sizeof oom);
        if (res->body)
            memcpy(res->body, oom, sizeof oom);
    }
    res->body_len = res->body ? strlen(res->body) : 0;
}

void ippon_rest_reply_error(ippon_rest_response *res, int status, const char *code,
                            const char *fmt, ...)
{
    char message[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(message, sizeof message, fmt, ap);
    va_end(ap);
    ippon_rest_reply_json(res, status,
                          json_pack("{s:{s:s, s:s}}", "error", "code", code, "message", message));
}

void ippon_rest_handle(ippon_app *app, const ippon_rest_request *req, ippon_rest_response *res)
{
    memset(res, 0, sizeof *res);
    size_t allow_len = 0;
    for (size_t i = 0; i < sizeof rest_routes / sizeof rest_routes[0]; i++) {
        const rest_route *r = &rest_routes[i];
        if (strcmp(r->path, req->path) != 0)
            continue;
        if (r->method == req->method) {
            r->handler(app, req, res);
            if (!res->body)
                ippon_rest_reply_error(res, 500, "internal", "the handler gave no reply");
            return;
        }
        int m = snprintf(res->allow + allow_len, sizeof res->allow - allow_len, "%s%s",
                         allow_len ? ", " : "", ippon_http_method_name(r->method));
        if (m > 0 && (size_t)m < sizeof res->allow - allow_len)
            allow_len += (size_t)m;
    }
    if (allow_len)
        ippon_rest_reply_error(res, 405, "method_not_allowed", "%s takes %s, not %s", req->path,
                               res->allow, ippon_http_method_name(req->method));
    else
        ippon_rest_reply_error(res, 404, "not_found", "no route %s %s",
                               ippon_http_method_name(req->method), req->path);
}

void ippon_rest_response_free(ippon_rest_response *res)
{
    free(res->body);
    res->body = NULL;
    res->body_len = 0;
}
