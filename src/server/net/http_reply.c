/*
 * http_reply.c — a REST reply written on an lws HTTP connection (http_reply.h).
 */
#include "net/http_reply.h"

#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "metrics.h"

/* add one "name: value" header; name ends with ':' as lws wants */
static int reply_header(struct lws *wsi, const char *name, const char *value, unsigned char **p,
                        unsigned char *end)
{
    return lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                       (const unsigned char *)value, (int)strlen(value), p, end);
}

int ippon_http_write(struct lws *wsi, const ippon_rest_response *res, int head_only, int closing)
{
    unsigned char headers[LWS_PRE + 1024];
    unsigned char *start = headers + LWS_PRE, *p = start;
    unsigned char *end = headers + sizeof headers - 1;
    char seconds[16];
    snprintf(seconds, sizeof seconds, "%d", res->retry_after);
    if (!res->body ||
        lws_add_http_common_headers(wsi, (unsigned)res->status,
                                    res->content_type ? res->content_type : "application/json",
                                    res->body_len, &p, end) ||
        /* a reply with an ETag may be kept, but must be revalidated (If-None-Match) */
        reply_header(wsi, "cache-control:", res->etag[0] ? "no-cache" : "no-store", &p, end) ||
        (res->etag[0] && reply_header(wsi, "etag:", res->etag, &p, end)) ||
        (res->allow[0] && reply_header(wsi, "allow:", res->allow, &p, end)) ||
        (res->disposition[0] && reply_header(wsi, "content-disposition:", res->disposition, &p, end)) ||
        (res->challenge && reply_header(wsi, "www-authenticate:", "Bearer realm=\"ippon\"", &p, end)) ||
        (res->retry_after > 0 && reply_header(wsi, "retry-after:", seconds, &p, end)) ||
        (closing && reply_header(wsi, "connection:", "close", &p, end)) ||
        lws_finalize_write_http_header(wsi, start, &p, end))
        return -1;
    size_t len = head_only ? 0 : res->body_len;
    unsigned char *body = malloc(LWS_PRE + len + 1);
    if (!body)
        return -1;
    memcpy(body + LWS_PRE, res->body, len);
    int n = lws_write(wsi, body + LWS_PRE, len, LWS_WRITE_HTTP_FINAL);
    free(body);
    return n < 0 || (size_t)n != len ? -1 : 0;
}

int ippon_http_reply_and_close(struct lws *wsi, ippon_app *app, ippon_rest_response *res)
{
    if (ippon_http_write(wsi, res, 0, 1) == 0 && app)
        ippon_metrics_http(app->metrics, res->status);
    ippon_rest_response_free(res);
    return -1;
}
