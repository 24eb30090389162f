/*
 * load_http.h — a tiny blocking HTTP/1.1 client for the load generator (ippon-load): one
 * keep-alive TCP connection, one request at a time, Content-Length bodies only. Enough to
 * ask the server for guest tokens and its health, nothing more (no TLS, no chunked replies,
 * no redirects).
 */
#ifndef IPPON_LOAD_HTTP_H
#define IPPON_LOAD_HTTP_H

#include <stddef.h>

typedef struct ippon_load_http {
    char host[256];
    int port;
    int fd; /* -1 when not connected */
} ippon_load_http;

/* sets up the client (no connection yet) */
void ippon_load_http_init(ippon_load_http *c, const char *host, int port);

/* closes the connection, if any */
void ippon_load_http_close(ippon_load_http *c);

/*
 * POST /api/auth/guest: a new guest's session token (64 hex characters) into token[65].
 * Returns 0, or -1 with the reason (status and body, or the socket error) in err.
 */
int ippon_load_guest_token(ippon_load_http *c, char token[65], char *err, size_t err_cap);

#endif
