/*
 * http_admit.c — the checks of every HTTP request before routing, and the replies that refuse
 * one on the spot (http_admit.h).
 */
#include "net/http_admit.h"

#include <libwebsockets.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "net/client_addr.h"
#include "net/http_reply.h"
#include "base/log.h"
#include "net/uri_check.h"

#define ADMIT_RETRY_S 5 /* Retry-After of a refusal for too many connections */

/* the address a connection counts under (its lws opaque user data) */
typedef struct admit_conn {
    char addr[64];
} admit_conn;

/* count wsi under addr, moving it from where it counted before: 0, or 1 if addr is full */
static int admit_count(struct lws *wsi, ippon_conn_count *open, const char *addr, int cap)
{
    admit_conn *c = lws_get_opaque_user_data(wsi);
    if (c && !strcmp(c->addr, addr))
        return 0; /* counted there already */
    int taken = ippon_conn_count_take(open, addr, cap);
    if (taken > 0)
        return 1; /* full: the connection closes (still counted where it was until then) */
    ippon_http_release(wsi, open);
    if (taken < 0 || !(c = calloc(1, sizeof *c))) {
        if (taken == 0)
            ippon_conn_count_give(open, addr);
        return 0; /* out of memory: served, counted nowhere, rather than refused */
    }
    snprintf(c->addr, sizeof c->addr, "%s", addr);
    lws_set_opaque_user_data(wsi, c);
    return 0;
}

void ippon_http_release(struct lws *wsi, ippon_conn_count *open)
{
    admit_conn *c = lws_get_opaque_user_data(wsi);
    if (!c)
        return;
    ippon_conn_count_give(open, c->addr);
    lws_set_opaque_user_data(wsi, NULL);
    free(c);
}

int ippon_http_admit(struct lws *wsi, ippon_app *app, ippon_conn_count *open, const char *uri,
                     size_t len)
{
    ippon_rest_response res;
    memset(&res, 0, sizeof res);
    const char *problem = ippon_path_problem(uri, len);
    if (problem) {
        ippon_rest_reply_error_fields(&res, 400, "bad_request", json_pack("{s:s}", "path", problem),
                                      "path: %s", problem);
        return ippon_http_reply_and_close(wsi, app, &res);
    }
    const ippon_config *cfg = app ? app->config : NULL;
    if (!cfg)
        return 0;
    char addr[64];
    ippon_client_address(wsi, cfg->trusted_proxy, addr, sizeof addr);
    if (!addr[0] || admit_count(wsi, open, addr, cfg->max_http_conns_per_addr) == 0)
        return 0;
    /* debug only: a client that keeps trying must not flood the log; /metrics counts the 503s */
    ippon_log_debug("http: refused a request from %s: %d connections open from there already", addr,
                    cfg->max_http_conns_per_addr);
    ippon_rest_reply_error(&res, 503, "too_many_connections",
                           "%d HTTP connections are open from your address already; close some first",
                           cfg->max_http_conns_per_addr);
    res.retry_after = ADMIT_RETRY_S;
    return ippon_http_reply_and_close(wsi, app, &res);
}
