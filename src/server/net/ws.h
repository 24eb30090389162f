/*
 * ws.h — the game's WebSocket protocol for libwebsockets ("ippon.v1", reached by upgrading a
 * request to /ws). http.c lists it after "http" in its protocols; everything it receives goes
 * to the gateway (gateway.h), and it writes what the gateway queues.
 */
#ifndef IPPON_SERVER_WS_H
#define IPPON_SERVER_WS_H

#include <libwebsockets.h>

#define IPPON_WS_PROTOCOL "ippon.v1"

/* asks for a writeable callback on the socket (a struct lws *): the gateway's want_write hook */
void ippon_ws_want_write(void *socket);

/* the lws protocol entry (name, callback, per-session size, rx buffer) */
struct lws_protocols ippon_ws_protocol(void);

#endif
