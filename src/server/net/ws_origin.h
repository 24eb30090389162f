/*
 * ws_origin.h — which pages may open the game's WebSocket: the Origin header of the upgrade
 * (http.c asks at LWS_CALLBACK_HTTP_CONFIRM_UPGRADE and refuses with 403 origin_not_allowed).
 *
 * Allowed: a request with no Origin (not a browser's: bots, tools, the tests); the server's own
 * origin, an Origin whose host and port are the Host header's, by http or https (behind a TLS
 * proxy the page is https while the server is reached by http); and each origin of the config's
 * allowed_origins (web_origin.h). A browser always sends Origin with a WebSocket, so a page of
 * another site cannot open the game's socket in its visitor's browser.
 */
#ifndef IPPON_SERVER_WS_ORIGIN_H
#define IPPON_SERVER_WS_ORIGIN_H

#include <stdbool.h>

struct lws;

/* may the upgrade on wsi open the WebSocket? allowed: allowed_origins as config.h stores it */
bool ippon_ws_origin_allowed(struct lws *wsi, const char *allowed);

#endif
