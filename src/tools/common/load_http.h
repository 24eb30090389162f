/*
 * load_http.h — a tiny blocking HTTP/1.1 client for the tools: one keep-alive TCP connection,
 * one request at a time, Content-Length bodies (or a body ending with the connection). Enough
 * for the load generator (ippon-load) to ask the server for guest tokens and for the mjai
 * link (mjai_link.c) to read why the server refused a WebSocket upgrade, nothing more (no TLS,
 * no chunked replies, no redirects).
 */
#ifndef IPPON_LOAD_HTTP_H
#define IPPON_LOAD_HTTP_H

#include <stddef.h>

typedef struct ippon_load_http {
    char host[256];
    int port;
    int fd;            /* -1 when not connected */
    const char *agent; /* the User-Agent: "ippon-load" unless set after init */
    int timeout_ms;    /* a connect, send or receive slower than this fails; 0 (the default): none */
} ippon_load_http;

/* sets up the client (no connection yet) */
void ippon_load_http_init(ippon_load_http *c, const char *host, int port);

/* closes the connection, if any */
void ippon_load_http_close(ippon_load_http *c);

/*
 * Sends one request (body may be NULL; headers, if not NULL, are extra header lines, each ending
 * with CRLF) and reads the reply into body_out (NUL-terminated, cut at cap - 1). Reconnects once
 * if the kept-alive connection was closed by the server. Returns the HTTP status, or -1 with the
 * reason in err.
 */
int ippon_load_http_request(ippon_load_http *c, const char *method, const char *path, const char *headers,
                            const char *body, char *body_out, size_t cap, char *err, size_t err_cap);

/*
 * POST /api/auth/guest: a new guest's session token (64 hex characters) into token[65].
 * Returns 0, or -1 with the reason (status and body, or the socket error) in err.
 */
int ippon_load_guest_token(ippon_load_http *c, char token[65], char *err, size_t err_cap);

#endif
