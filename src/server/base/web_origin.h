/*
 * web_origin.h — a web origin's text (RFC 6454: "scheme://host[:port]", as a browser's Origin
 * header and the allowed_origins setting write it), read and compared in one place for the
 * config (config.c) and the WebSocket's upgrade (net/ws_origin.c).
 *
 * Only http and https origins: the scheme and host are compared without regard to case, the
 * port as a number (a missing one is the scheme's: 80, 443). A host is a name of letters, digits,
 * '.' and '-', or an IPv6 literal in brackets; nothing may follow the port (no path, no '/').
 */
#ifndef IPPON_SERVER_WEB_ORIGIN_H
#define IPPON_SERVER_WEB_ORIGIN_H

#include <stdbool.h>
#include <stddef.h>

#define IPPON_ORIGIN_HOST_MAX 256

typedef struct ippon_origin {
    bool https;                       /* the scheme: https, else http */
    char host[IPPON_ORIGIN_HOST_MAX]; /* lower case, an IPv6 literal with its brackets */
    int port;                         /* 1..65535, the scheme's when the text has none */
} ippon_origin;

/* text (len bytes) as an origin into *out; false if it is not one */
bool ippon_origin_parse(const char *text, size_t len, ippon_origin *out);

/* the same origin: scheme, host and port */
bool ippon_origin_same(const ippon_origin *a, const ippon_origin *b);

/*
 * Is o the origin of a page served by the host a request came to, its Host header (len bytes,
 * "host[:port]"), by http or https? A Host without a port stands for the origin's scheme's
 * (80, 443); with a port, the origin's port must be that one.
 */
bool ippon_origin_is_host(const ippon_origin *o, const char *host, size_t len);

#endif
