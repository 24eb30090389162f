/*
 * ws.h — the game's WebSocket protocol for libwebsockets ("ippon.v1", reached by upgrading a
 * request to /ws). http.c lists it after "http" in its protocols; everything it receives goes
 * to the gateway (gateway.h), and it writes what the gateway queues.
 */
#ifndef IPPON_SERVER_WS_H
#define IPPON_SERVER_WS_H

#include <libwebsockets.h>

#define IPPON_WS_PROTOCOL "ippon.v1"
#define IPPON_MJAI_PROTOCOL "mjai" /* the AIs' WebSocket at /mjai (src/server/MJAI.md) */

/* asks for a writeable callback on the socket (a struct lws *): the gateway's want_write hook */
void ippon_ws_want_write(void *socket);

/* the lws protocol entries (name, callback, per-session size, rx buffer): the game's, the AIs' */
struct lws_protocols ippon_ws_protocol(void);
struct lws_protocols ippon_mjai_ws_protocol(void);

struct ippon_app;
struct ippon_rest_response;
struct ippon_mjai_entry;
/* an upgrade to /mjai (http.c asks before it happens): 0 with *who, else -1 with the refusal in *res */
int ippon_mjai_ws_admit(struct lws *wsi, struct ippon_app *app, struct ippon_mjai_entry *who,
                        struct ippon_rest_response *res);

#endif
