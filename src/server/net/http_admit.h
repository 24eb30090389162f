/*
 * http_admit.h — the gate every HTTP request passes before libwebsockets routes it, the API's
 * and the static files' alike (http.c calls it from LWS_CALLBACK_FILTER_HTTP_CONNECTION).
 *
 * Two checks: the decoded path must be text the server can use (uri_check.h), and the
 * connection is counted under its client's address (client_addr.h) against
 * max_http_conns_per_addr. A request that fails either is answered at once with the usual JSON
 * error — 400 bad_request naming the path's problem, 503 too_many_connections — and
 * "connection: close" (http_reply.h), and its connection is closed; it counts in /metrics
 * like any reply.
 *
 * A connection counts from its first request until it closes or becomes a WebSocket (the
 * gateway counts those, under max_conns_per_addr). Behind the trusted proxy, whose kept-alive
 * connections carry one client's request after another's, each request moves its connection
 * to that request's client. The record of which address a connection counts under hangs on
 * the connection itself (lws's opaque user data) until ippon_http_release.
 */
#ifndef IPPON_SERVER_HTTP_ADMIT_H
#define IPPON_SERVER_HTTP_ADMIT_H

#include <stddef.h>

#include "app.h"
#include "base/conn_count.h"

struct lws;

/*
 * The request on wsi whose decoded path is uri (len bytes): 0 to go on, or -1 when it has
 * been answered and the connection must close (return it to lws).
 */
int ippon_http_admit(struct lws *wsi, ippon_app *app, ippon_conn_count *open, const char *uri,
                     size_t len);

/* the connection closes or becomes a WebSocket: it no longer counts (nothing if it never did) */
void ippon_http_release(struct lws *wsi, ippon_conn_count *open);

#endif
