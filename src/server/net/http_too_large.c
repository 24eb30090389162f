/*
 * http_too_large.c — a body announced too large, answered at the request's headers
 * (http_too_large.h).
 */
#include "net/http_too_large.h"

#include <errno.h>
#include <libwebsockets.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "api/rest.h"
#include "net/http_reply.h"

int ippon_http_too_large_body(struct lws *wsi, ippon_app *app, size_t max_body)
{
    char text[32];
    if (lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH) <= 0)
        return 0; /* none announced */
    int len = lws_hdr_copy(wsi, text, sizeof text, WSI_TOKEN_HTTP_CONTENT_LENGTH);
    char *end = text;
    errno = 0;
    unsigned long long announced = len > 0 && text[0] >= '0' && text[0] <= '9' ? strtoull(text, &end, 10) : 0;
    bool number = end != text && !*end;
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    if (len > 0 && !number)
        ippon_rest_reply_error(&res, 400, "bad_request", "Content-Length: not a number of bytes");
    else if (len < 0 || errno == ERANGE || announced > max_body) /* (len < 0: 32 digits or more) */
        ippon_rest_reply_error(&res, 413, "too_large", "request body over %zu bytes", max_body);
    else
        return 0;
    return ippon_http_reply_and_close(wsi, app, &res);
}
