/*
 * http.h — the one listening port: static files from the web root at /, the REST API
 * under /api, and the game's WebSocket at /ws, all through one libwebsockets
 * context. main starts it, runs ippon_http_service in a loop until asked to stop, and
 * stops it.
 */
#ifndef IPPON_SERVER_HTTP_H
#define IPPON_SERVER_HTTP_H

#include <stddef.h>

#include "app.h"

typedef struct ippon_http ippon_http;

/*
 * Listen on app->config's bind address and port, exactly (listen.h: an address the socket does
 * not report back as bound is an error). The web root must be an existing folder. Returns 0,
 * or -1 with a one-line message in err (port in use, no web root...). app must outlive the
 * returned server.
 */
int ippon_http_start(ippon_http **out, ippon_app *app, char *err, size_t errlen);

/* the port and address actually listened on, as the socket reports them (getsockname); the
   address as a URL's host: "127.0.0.1", "[::1]" */
int ippon_http_port(const ippon_http *http);
const char *ippon_http_host(const ippon_http *http);

/* the server's own timers on the event loop (base/timers.h); NULL before start */
struct ippon_timers;
struct ippon_timers *ippon_http_timers(ippon_http *http);

/* wait for and handle network events once; returns <0 if the event loop failed */
int ippon_http_service(ippon_http *http);

/* the event loop it runs on: "epoll" or "poll" (event_loop.h); the libev loop itself (a struct
   ev_loop *) for other clients' sockets, NULL on lws's own poll() */
const char *ippon_http_event_loop(const ippon_http *http);
void *ippon_http_ev_loop(ippon_http *http);

/* make a blocked ippon_http_service return soon; safe to call from a signal handler or
   another thread. On the loop, woken(ctx) is then called (set before the workers start) */
void ippon_http_wake(ippon_http *http);
void ippon_http_on_wake(ippon_http *http, void (*woken)(void *ctx), void *ctx);

/* close every connection and the listening socket, and free; http may be NULL */
void ippon_http_stop(ippon_http *http);

#endif
