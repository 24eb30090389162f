/*
 * load_http.c — blocking HTTP/1.1 keep-alive client of the load generator (load_http.h).
 *
 * A request is written whole; the reply is read until the end of its headers, then exactly
 * Content-Length bytes of body. A reply without Content-Length, or a "Connection: close",
 * ends the connection after it (the next request reconnects).
 */
#include "load_http.h"

#include <errno.h>
#include <netdb.h>
#include <stdbool.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <unistd.h>

enum { HEAD_CAP = 8192 };

void ippon_load_http_init(ippon_load_http *c, const char *host, int port)
{
    snprintf(c->host, sizeof c->host, "%s", host);
    c->port = port;
    c->fd = -1;
    c->agent = "ippon-load";
    c->timeout_ms = 0;
}

void ippon_load_http_close(ippon_load_http *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}

static int http_connect(ippon_load_http *c, char *err, size_t err_cap)
{
    char port[16];
    snprintf(port, sizeof port, "%d", c->port);
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *res = NULL;
    int rc = getaddrinfo(c->host, port, &hints, &res);
    if (rc != 0) {
        snprintf(err, err_cap, "%s: %s", c->host, gai_strerror(rc));
        return -1;
    }
    int fd = -1, saved = 0;
    for (struct addrinfo *a = res; a; a = a->ai_next) {
        fd = socket(a->ai_family, a->ai_socktype, a->ai_protocol);
        if (fd < 0) {
            saved = errno;
            continue;
        }
        if (c->timeout_ms > 0) { /* (Linux bounds connect() by the send timeout too) */
            struct timeval tv = { .tv_sec = c->timeout_ms / 1000, .tv_usec = (c->timeout_ms % 1000) * 1000 };
            setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
            setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
        }
        if (connect(fd, a->ai_addr, a->ai_addrlen) == 0)
            break;
        saved = errno;
        close(fd);
        fd = -1;
    }
    freeaddrinfo(res);
    if (fd < 0) {
        snprintf(err, err_cap, "connect to %s:%d: %s", c->host, c->port, strerror(saved));
        return -1;
    }
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    c->fd = fd;
    return 0;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = send(fd, p, n, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

/* the value of header `name` (with its colon) in head, or NULL */
static const char *header(const char *head, const char *name)
{
    size_t n = strlen(name);
    for (const char *line = strstr(head, "\r\n"); line; line = strstr(line + 2, "\r\n")) {
        if (!strncasecmp(line + 2, name, n)) {
            const char *v = line + 2 + n;
            while (*v == ' ')
                v++;
            return v;
        }
    }
    return NULL;
}

/* one attempt; *retry is set when the failure looks like a stale kept-alive connection */
static int attempt(ippon_load_http *c, const char *req, size_t req_len, char *body_out, size_t cap, bool *retry,
                   char *err, size_t err_cap)
{
    *retry = false;
    bool fresh = c->fd < 0;
    if (fresh && http_connect(c, err, err_cap) != 0)
        return -1;
    if (write_all(c->fd, req, req_len) != 0) {
        snprintf(err, err_cap, "send: %s", strerror(errno));
        ippon_load_http_close(c);
        *retry = !fresh;
        return -1;
    }
    char head[HEAD_CAP + 1];
    size_t got = 0;
    char *end = NULL;
    while (!end) {
        if (got == HEAD_CAP) {
            snprintf(err, err_cap, "reply headers over %d bytes", HEAD_CAP);
            ippon_load_http_close(c);
            return -1;
        }
        ssize_t r = recv(c->fd, head + got, HEAD_CAP - got, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            snprintf(err, err_cap, "recv: %s", r == 0 ? "connection closed" : strerror(errno));
            ippon_load_http_close(c);
            *retry = !fresh && got == 0;
            return -1;
        }
        got += (size_t)r;
        head[got] = '\0';
        end = strstr(head, "\r\n\r\n");
    }
    int status = 0;
    if (sscanf(head, "HTTP/1.%*d %d", &status) != 1) {
        snprintf(err, err_cap, "not an HTTP reply");
        ippon_load_http_close(c);
        return -1;
    }
    size_t head_len = (size_t)(end + 4 - head);
    const char *cl = header(head, "content-length:");
    const char *conn = header(head, "connection:");
    bool keep = cl && !(conn && !strncasecmp(conn, "close", 5));
    long want = cl ? strtol(cl, NULL, 10) : -1;
    size_t have = got - head_len, out = 0;
    if (cap == 0)
        body_out = NULL;
    /* the part of the body that came with the headers */
    for (size_t i = 0; i < have && body_out && out + 1 < cap; i++)
        body_out[out++] = head[head_len + i];
    char buf[4096];
    while (want < 0 || (long)have < want) {
        size_t ask = sizeof buf;
        if (want >= 0 && (size_t)(want - (long)have) < ask)
            ask = (size_t)(want - (long)have);
        ssize_t r = recv(c->fd, buf, ask, 0);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (want < 0 && r == 0)
                break; /* the body ends with the connection */
            snprintf(err, err_cap, "recv body: %s", r == 0 ? "connection closed" : strerror(errno));
            ippon_load_http_close(c);
            return -1;
        }
        for (ssize_t i = 0; i < r && body_out && out + 1 < cap; i++)
            body_out[out++] = buf[i];
        have += (size_t)r;
    }
    if (body_out)
        body_out[out] = '\0';
    if (!keep)
        ippon_load_http_close(c);
    return status;
}

int ippon_load_http_request(ippon_load_http *c, const char *method, const char *path, const char *headers,
                            const char *body, char *body_out, size_t cap, char *err, size_t err_cap)
{
    size_t body_len = body ? strlen(body) : 0;
    if (!headers)
        headers = "";
    size_t req_cap = 512 + strlen(path) + strlen(c->host) + strlen(c->agent) + strlen(headers) + body_len;
    char *req = malloc(req_cap);
    if (!req) {
        snprintf(err, err_cap, "out of memory");
        return -1;
    }
    int n = snprintf(req, req_cap,
                     "%s %s HTTP/1.1\r\nHost: %s:%d\r\nUser-Agent: %s\r\nAccept: application/json\r\n%s"
                     "%s%zu\r\n\r\n%s",
                     method, path, c->host, c->port, c->agent, headers,
                     body ? "Content-Type: application/json\r\nContent-Length: " : "Content-Length: ", body_len,
                     body ? body : "");
    int status = -1;
    bool retry = false;
    for (int tries = 0; tries < 2; tries++) {
        status = attempt(c, req, (size_t)n, body_out, cap, &retry, err, err_cap);
        if (status >= 0 || !retry)
            break;
    }
    free(req);
    return status;
}

int ippon_load_guest_token(ippon_load_http *c, char token[65], char *err, size_t err_cap)
{
    char body[2048];
    int status = ippon_load_http_request(c, "POST", "/api/auth/guest", NULL, "{}", body, sizeof body, err, err_cap);
    if (status < 0)
        return -1;
    const char *t = status == 201 ? strstr(body, "\"token\":\"") : NULL;
    size_t n = 0;
    if (t) {
        t += strlen("\"token\":\"");
        while (n < 64 && t[n] && t[n] != '"')
            n++;
    }
    if (!t || n != 64 || t[n] != '"') {
        snprintf(err, err_cap, "POST /api/auth/guest: %d %.200s", status, body);
        return -1;
    }
    memcpy(token, t, 64);
    token[64] = '\0';
    return 0;
}
