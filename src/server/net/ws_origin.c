/*
 * ws_origin.c — the Origin header of the WebSocket's upgrade against the server's own origin
 * and allowed_origins (ws_origin.h).
 */
#include "net/ws_origin.h"

#include <libwebsockets.h>
#include <string.h>

#include "base/web_origin.h"

#define ORIGIN_MAX 512 /* bytes of an Origin or Host header read (a longer one is refused) */

/* header h's value into text (at most ORIGIN_MAX bytes): its length, or -1 when longer or unreadable */
static int header_text(struct lws *wsi, enum lws_token_indexes h, char text[ORIGIN_MAX + 1])
{
    int len = lws_hdr_total_length(wsi, h);
    if (len <= 0)
        return len < 0 ? -1 : 0;
    if (len > ORIGIN_MAX || lws_hdr_copy(wsi, text, ORIGIN_MAX + 1, h) != len)
        return -1;
    return len;
}

bool ippon_ws_origin_allowed(struct lws *wsi, const char *allowed)
{
    char text[ORIGIN_MAX + 1], host[ORIGIN_MAX + 1];
    int len = header_text(wsi, WSI_TOKEN_ORIGIN, text);
    if (len == 0)
        return true; /* no Origin: not a browser */
    ippon_origin origin;
    if (len < 0 || !ippon_origin_parse(text, (size_t)len, &origin))
        return false; /* "null" (a sandboxed or local page) and anything else that is no origin */
    int host_len = header_text(wsi, WSI_TOKEN_HOST, host);
    if (host_len > 0 && ippon_origin_is_host(&origin, host, (size_t)host_len))
        return true;
    for (const char *at = allowed ? allowed : ""; *at;) {
        size_t n = strcspn(at, " ");
        ippon_origin listed;
        if (ippon_origin_parse(at, n, &listed) && ippon_origin_same(&origin, &listed))
            return true;
        at += n + (at[n] == ' ');
    }
    return false;
}
