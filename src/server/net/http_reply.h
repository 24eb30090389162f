/*
 * http_reply.h — a REST reply (rest.h) written on a libwebsockets HTTP connection right away:
 * the status line and headers (Content-Type, Content-Length, Cache-Control, and ETag, Allow,
 * Content-Disposition, WWW-Authenticate, Retry-After as the reply has them), then the body.
 * lws sends what the socket takes and keeps the rest, sending it as the socket drains, so a
 * reply can be written from any callback of the connection (http.c answers every request
 * within its callback; http_admit.c and ws.c refuse requests on the spot).
 */
#ifndef IPPON_SERVER_HTTP_REPLY_H
#define IPPON_SERVER_HTTP_REPLY_H

#include "app.h"
#include "api/rest.h"

struct lws;

/*
 * Write res on wsi: without its body if head_only (a HEAD request), with "connection: close" if
 * closing. 0, or -1 if the connection failed (or res has no body: out of memory).
 */
int ippon_http_write(struct lws *wsi, const ippon_rest_response *res, int head_only, int closing);

/*
 * Answer with res at once, with "connection: close", counted in /metrics; for refusing a request
 * from a callback after which the connection closes. Frees res's body. Returns -1 (for the
 * caller to return to lws, which closes the connection once the reply is out).
 */
int ippon_http_reply_and_close(struct lws *wsi, ippon_app *app, ippon_rest_response *res);

#endif
