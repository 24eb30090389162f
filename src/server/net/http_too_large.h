/*
 * http_too_large.h — a request whose body is announced too large is answered at its headers
 * (http.c calls this from LWS_CALLBACK_HTTP): 413 too_large with the usual JSON error
 * (http_reply.h) and "connection: close", without waiting for the body or reading it (lws would
 * wait for every announced byte before the body's end, the only place the reply was made). The
 * rest of what the client sent is not read: the kernel may answer it with a reset once the reply
 * is out.
 *
 * Headers too large have no such answer: libwebsockets 4.1 refuses a request whose line and
 * headers fill its header space (max_http_header_data, http.c's HTTP_MAX_HEADERS) inside its
 * parser, before any callback of the request, and shuts the connection before any callback
 * that could still write (src/server/README.md, "Connections and requests").
 */
#ifndef IPPON_SERVER_HTTP_TOO_LARGE_H
#define IPPON_SERVER_HTTP_TOO_LARGE_H

#include <stddef.h>

#include "app.h"

struct lws;

/*
 * The request on wsi announces a body (Content-Length) over max_body bytes (413), or a length
 * that is not a number (400): answered, and -1 for the caller to return to lws, which closes;
 * else 0.
 */
int ippon_http_too_large_body(struct lws *wsi, ippon_app *app, size_t max_body);

#endif
