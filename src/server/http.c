/*
 * http.c — libwebsockets glue for the one listening port (see http.h).
 *
 * How it works: one lws context with one vhost. Two mounts split the URL space:
 *
 *     /      LWSMPRO_FILE      files from the web root (lws picks Content-Type from the
 *                              extension, serves index.html for "/", and normalises the
 *                              path, so "/../x" cannot leave the root)
 *     /api   LWSMPRO_CALLBACK  the "http" protocol's callback below -> rest.c
 *     /metrics LWSMPRO_CALLBACK the same (rest.c routes it to metrics.c; a text reply)
 *
 * The protocols array has "http" first (all plain HTTP lands there) and the game's WebSocket
 * protocol "ippon.v1" (ws.c) after it, reached by upgrading a request to /ws (a third mount).
 *
 * A REST request: LWS_CALLBACK_HTTP records method and path; a POST/PUT/PATCH with a
 * body collects it through LWS_CALLBACK_HTTP_BODY (up to HTTP_MAX_BODY) and dispatches
 * at LWS_CALLBACK_HTTP_BODY_COMPLETION, anything else dispatches at once. Dispatching
 * asks rest.c for the response and queues it; it goes out in LWS_CALLBACK_HTTP_WRITEABLE
 * (headers, then the body in chunks: nothing is written outside WRITEABLE), and the last
 * chunk ends the transaction so the connection can be kept alive. Every other callback
 * goes to lws_callback_http_dummy, which is what serves the file mount.
 *
 * Deferred replies (password hashing): the handler may answer "later" (rest.h). The
 * session then keeps the ippon_rest_deferred and waits; the request's deliver hook
 * (http_deliver) queues the reply when it arrives and asks for WRITEABLE. If the
 * connection closes first, http_session_clear abandons the deferred, and the late reply
 * is dropped by rest.c without touching this (freed) session. The worker thread wakes the
 * loop with lws_cancel_service; LWS_CALLBACK_EVENT_WAIT_CANCELLED, on the loop thread,
 * runs the finished jobs' completions (ippon_auth_poll). A waiting request gets a 60 s
 * timeout of its own, so nothing waits forever.
 *
 * What handlers see of the request besides method, path and body: the query's parameters
 * (decoded by lws), the Authorization header and the peer's address (lws_get_peer_simple).
 *
 * Known lws 4.1 limits: HTTP/1.1 pipelining after a POST without a body, and chunked
 * request bodies, are not handled well (no browser sends either); send Content-Length.
 */
#include "http.h"

#include <arpa/inet.h>
#include <errno.h>
#include <libwebsockets.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <unistd.h>

#include "auth.h"
#include "client_addr.h"
#include "log.h"
#include "metrics.h"
#include "rest.h"
#include "ws.h"

#define HTTP_MAX_BODY (64 * 1024) /* largest REST request body accepted */
#define HTTP_CHUNK 4096           /* bytes written per WRITEABLE callback */
#define HTTP_MAX_PATH 1024
#define HTTP_MAX_QUERY 2048 /* bytes of one query parameter */
#define HTTP_MAX_ARGS 32     /* query parameters kept */
#define HTTP_MAX_AUTHORIZATION 1024
#define HTTP_DEFERRED_TIMEOUT_S 60 /* longest wait for a deferred reply */

struct ippon_http {
    struct lws_context *context;
    struct lws_http_mount web_mount;
    struct lws_http_mount api_mount;
    struct lws_http_mount ws_mount;
    struct lws_http_mount metrics_mount; /* GET /metrics (metrics.c), through the REST glue */
    struct lws_protocols protocols[3]; /* "http", the game's WebSocket (ws.h), the end marker */
    char *web_root; /* the web root folder, as configured */
};

/* per-connection state of the "http" protocol (lws allocates and zeroes it) */
typedef struct http_session {
    struct lws *wsi;
    ippon_http_method method;
    char *path;
    char **args;         /* the query's parameters as lws decoded them */
    size_t arg_count;
    char *authorization; /* NULL if none */
    char *if_none_match; /* NULL if none */
    char address[64];    /* the peer's IP address, "" if unknown */
    char *body;
    size_t body_len;
    int body_too_large;
    int dispatched; /* the response is queued or being sent, or deferred */
    ippon_rest_deferred *deferred; /* waiting for a deferred reply */
    /* the response being sent */
    int status;
    char allow[64];
    int retry_after;
    int challenge;
    char etag[48];
    const char *content_type; /* static; NULL: application/json */
    char disposition[96];     /* "" or the Content-Disposition header's value */
    size_t content_length;
    int headers_sent;
    unsigned char *out; /* LWS_PRE bytes of headroom, then the response body */
    size_t out_len, out_sent;
} http_session;

static void http_session_clear(http_session *s)
{
    ippon_rest_abandon(s->deferred); /* a reply still to come is dropped when it comes */
    free(s->path);
    for (size_t i = 0; i < s->arg_count; i++)
        free(s->args[i]);
    free(s->args);
    free(s->authorization);
    free(s->if_none_match);
    free(s->body);
    free(s->out);
    memset(s, 0, sizeof *s);
}

/* a header's whole value (malloc'd), or NULL if absent, empty or longer than max */
static char *http_header_copy(struct lws *wsi, enum lws_token_indexes h, int max)
{
    int len = lws_hdr_total_length(wsi, h);
    if (len <= 0 || len > max)
        return NULL;
    char *text = malloc((size_t)len + 1);
    if (text && lws_hdr_copy(wsi, text, len + 1, h) < 0) {
        free(text);
        text = NULL;
    }
    return text;
}

/*
 * The query's parameters: lws splits the query at '&' into fragments and decodes each
 * (%XX, '+'), so a fragment is one "name=value" even if the value held an encoded '&'.
 * At most HTTP_MAX_ARGS, each up to HTTP_MAX_QUERY bytes; -1 if out of memory.
 */
static int http_args_copy(struct lws *wsi, http_session *s)
{
    char part[HTTP_MAX_QUERY + 1];
    for (int i = 0; i < HTTP_MAX_ARGS; i++) {
        if (lws_hdr_copy_fragment(wsi, part, sizeof part, WSI_TOKEN_HTTP_URI_ARGS, i) < 0)
            break;
        if (!s->args && !(s->args = calloc(HTTP_MAX_ARGS, sizeof *s->args)))
            return -1;
        if (!(s->args[s->arg_count] = strdup(part)))
            return -1;
        s->arg_count++;
    }
    return 0;
}

static ippon_http_method http_method_from_lws(struct lws *wsi, int meth)
{
    switch (meth) {
    case LWSHUMETH_GET: return IPPON_HTTP_GET;
    case LWSHUMETH_HEAD: return IPPON_HTTP_HEAD;
    case LWSHUMETH_POST: return IPPON_HTTP_POST;
    case LWSHUMETH_PUT: return IPPON_HTTP_PUT;
    case LWSHUMETH_PATCH: return IPPON_HTTP_PATCH;
    case LWSHUMETH_DELETE: return IPPON_HTTP_DELETE;
    case LWSHUMETH_OPTIONS: return IPPON_HTTP_OPTIONS;
    case LWSHUMETH_COLON_PATH: { /* HTTP/2: the method is a pseudo-header */
        char name[16];
        if (lws_hdr_copy(wsi, name, sizeof name, WSI_TOKEN_HTTP_COLON_METHOD) > 0) {
            static const ippon_http_method all[] = {
                IPPON_HTTP_GET,   IPPON_HTTP_HEAD,   IPPON_HTTP_POST,    IPPON_HTTP_PUT,
                IPPON_HTTP_PATCH, IPPON_HTTP_DELETE, IPPON_HTTP_OPTIONS,
            };
            for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
                if (strcmp(name, ippon_http_method_name(all[i])) == 0)
                    return all[i];
        }
        return IPPON_HTTP_OTHER;
    }
    default: return IPPON_HTTP_OTHER;
    }
}

static int http_has_body(struct lws *wsi, ippon_http_method method)
{
    char text[32];
    if (method != IPPON_HTTP_POST && method != IPPON_HTTP_PUT && method != IPPON_HTTP_PATCH)
        return 0;
    if (lws_hdr_copy(wsi, text, sizeof text, WSI_TOKEN_HTTP_CONTENT_LENGTH) <= 0)
        return 0;
    return strtoull(text, NULL, 10) > 0;
}

/* add one "name: value" header; name ends with ':' as lws wants */
static int http_header(struct lws *wsi, const char *name, const char *value, unsigned char **p,
                       unsigned char *end)
{
    return lws_add_http_header_by_name(wsi, (const unsigned char *)name,
                                       (const unsigned char *)value, (int)strlen(value), p, end);
}

/* queue res (freed here) to be sent on WRITEABLE; -1 if out of memory */
static int http_queue_response(http_session *s, ippon_rest_response *res)
{
    ippon_log_debug("%s %s -> %d", ippon_http_method_name(s->method), s->path, res->status);
    free(s->out);
    s->out = malloc(LWS_PRE + res->body_len + 1);
    if (s->out) {
        memcpy(s->out + LWS_PRE, res->body, res->body_len);
        s->out_len = s->method == IPPON_HTTP_HEAD ? 0 : res->body_len;
        s->out_sent = 0;
        s->status = res->status;
        s->content_length = res->body_len;
        s->headers_sent = 0;
        memcpy(s->allow, res->allow, sizeof s->allow);
        s->retry_after = res->retry_after;
        s->challenge = res->challenge;
        memcpy(s->etag, res->etag, sizeof s->etag);
        s->content_type = res->content_type;
        memcpy(s->disposition, res->disposition, sizeof s->disposition);
        ippon_app *app = lws_context_user(lws_get_context(s->wsi));
        if (app)
            ippon_metrics_http(app->metrics, res->status);
    }
    ippon_rest_response_free(res);
    if (!s->out)
        return -1;
    lws_callback_on_writable(s->wsi);
    return 0;
}

/* a deferred reply arrives (rest.c calls this only while the session still waits) */
static void http_deliver(void *conn, ippon_rest_response *res)
{
    http_session *s = conn;
    s->deferred = NULL;
    lws_set_timeout(s->wsi, NO_PENDING_TIMEOUT, 0);
    if (http_queue_response(s, res) != 0)
        lws_set_timeout(s->wsi, PENDING_TIMEOUT_HTTP_CONTENT, LWS_TO_KILL_ASYNC);
}

/* run the REST handler for the recorded request and queue its response */
static int http_dispatch(struct lws *wsi, http_session *s)
{
    ippon_app *app = lws_context_user(lws_get_context(wsi));
    ippon_rest_response res;
    s->dispatched = 1;
    if (s->body_too_large) {
        memset(&res, 0, sizeof res);
        ippon_rest_reply_error(&res, 413, "too_large", "request body over %d bytes",
                               HTTP_MAX_BODY);
    } else {
        ippon_rest_request req = {
            .method = s->method,
            .path = s->path,
            .body = s->body,
            .body_len = s->body_len,
            .args = (const char *const *)s->args,
            .arg_count = s->arg_count,
            .authorization = s->authorization,
            .if_none_match = s->if_none_match,
            .address = s->address[0] ? s->address : NULL,
            .deliver = http_deliver,
            .conn = s,
        };
        ippon_rest_handle(app, &req, &res);
        if (res.deferred) {
            s->deferred = res.deferred;
            lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, HTTP_DEFERRED_TIMEOUT_S);
            return 0;
        }
    }
    return http_queue_response(s, &res);
}

/*
 * Send the queued response, one write per WRITEABLE callback: first the headers, then
 * the body in chunks; the last chunk ends the transaction (keep-alive).
 */
static int http_write_response(struct lws *wsi, http_session *s)
{
    if (!s->headers_sent) {
        unsigned char headers[LWS_PRE + 1024];
        unsigned char *start = headers + LWS_PRE, *p = start;
        unsigned char *end = headers + sizeof headers - 1;
        if (lws_add_http_common_headers(wsi, (unsigned)s->status,
                                        s->content_type ? s->content_type : "application/json",
                                        s->content_length, &p, end) ||
            /* a reply with an ETag may be kept, but must be revalidated (If-None-Match) */
            http_header(wsi, "cache-control:", s->etag[0] ? "no-cache" : "no-store", &p, end) ||
            (s->etag[0] && http_header(wsi, "etag:", s->etag, &p, end)) ||
            (s->allow[0] && http_header(wsi, "allow:", s->allow, &p, end)) ||
            (s->disposition[0] && http_header(wsi, "content-disposition:", s->disposition, &p, end)) ||
            (s->challenge &&
             http_header(wsi, "www-authenticate:", "Bearer realm=\"ippon\"", &p, end)))
            return -1;
        if (s->retry_after > 0) {
            char seconds[16];
            snprintf(seconds, sizeof seconds, "%d", s->retry_after);
            if (http_header(wsi, "retry-after:", seconds, &p, end))
                return -1;
        }
        if (lws_finalize_write_http_header(wsi, start, &p, end))
            return -1;
        s->headers_sent = 1;
        lws_callback_on_writable(wsi);
        return 0;
    }

    size_t left = s->out_len - s->out_sent;
    size_t n = left > HTTP_CHUNK ? HTTP_CHUNK : left;
    int last = n == left;
    if (lws_write(wsi, s->out + LWS_PRE + s->out_sent, n,
                  last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP) != (int)n)
        return -1;
    s->out_sent += n;
    if (!last) {
        lws_callback_on_writable(wsi);
        return 0;
    }
    http_session_clear(s);
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                         size_t len)
{
    http_session *s = user;

    switch (reason) {
    case LWS_CALLBACK_HTTP: { /* a request under /api or /metrics (the callback mounts) */
        char *uri = NULL;
        int uri_len = 0;
        int meth = lws_http_get_uri_and_method(wsi, &uri, &uri_len);
        if (meth < 0 || !uri || uri_len <= 0 || uri_len > HTTP_MAX_PATH)
            return -1; /* nothing sensible to answer: drop the connection */
        http_session_clear(s);
        s->wsi = wsi;
        s->method = http_method_from_lws(wsi, meth);
        s->path = malloc((size_t)uri_len + 1);
        if (!s->path)
            return -1;
        memcpy(s->path, uri, (size_t)uri_len);
        s->path[uri_len] = '\0';
        if (http_args_copy(wsi, s) != 0)
            return -1;
        s->authorization = http_header_copy(wsi, WSI_TOKEN_HTTP_AUTHORIZATION,
                                            HTTP_MAX_AUTHORIZATION);
        s->if_none_match = http_header_copy(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH,
                                            HTTP_MAX_AUTHORIZATION);
        {
            ippon_app *app = lws_context_user(lws_get_context(wsi));
            ippon_client_address(wsi, app && app->config ? app->config->trusted_proxy : NULL, s->address,
                                 sizeof s->address);
        }
        if (http_has_body(wsi, s->method))
            return 0; /* dispatch at LWS_CALLBACK_HTTP_BODY_COMPLETION */
        return http_dispatch(wsi, s);
    }

    case LWS_CALLBACK_HTTP_BODY:
        if (!s || !s->path)
            break;
        if (!len)
            return 0;
        if (s->body_len + len > HTTP_MAX_BODY) {
            s->body_too_large = 1;
            return 0;
        }
        {
            char *body = realloc(s->body, s->body_len + len + 1);
            if (!body)
                return -1;
            memcpy(body + s->body_len, in, len);
            s->body = body;
            s->body_len += len;
            s->body[s->body_len] = '\0';
        }
        return 0;

    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        if (!s || !s->path)
            break;
        /* lws 4.1 repeats this callback while a pipelined request waits behind the body */
        if (s->dispatched)
            return 0;
        return http_dispatch(wsi, s);

    case LWS_CALLBACK_HTTP_WRITEABLE:
        if (!s || !s->out)
            break; /* not ours: a file being served */
        return http_write_response(wsi, s);

    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_WSI_DESTROY: { /* the last word before lws frees s, whatever happened */
        /* a connection upgraded to the game's WebSocket has that protocol's session data by
           now: it is not ours to clear */
        const struct lws_protocols *p = lws_get_protocol(wsi);
        if (s && (!p || !strcmp(p->name, "http")))
            http_session_clear(s);
        break;
    }

    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: { /* lws_cancel_service: a worker has results */
        ippon_app *app = lws_context_user(lws_get_context(wsi));
        if (app)
            ippon_auth_poll(app->auth);
        break;
    }

    default:
        break;
    }
    return lws_callback_http_dummy(wsi, reason, user, in, len);
}

static const struct lws_protocols http_protocol = {"http", http_callback, sizeof(http_session), 0, 0, NULL, 0};

/* types lws does not know by itself (it knows html, css, js, png, jpg, svg, ico, txt...) */
static const struct lws_protocol_vhost_options http_mimetypes[] = {
    {&http_mimetypes[1], NULL, ".json", "application/json"},
    {&http_mimetypes[2], NULL, ".mjs", "text/javascript"},
    {&http_mimetypes[3], NULL, ".webmanifest", "application/manifest+json"},
    {&http_mimetypes[4], NULL, ".woff2", "font/woff2"},
    {&http_mimetypes[5], NULL, ".webp", "image/webp"},
    {NULL, NULL, ".wasm", "application/wasm"},
};

/* route libwebsockets' own log lines into ours */
static void http_lws_log(int level, const char *line)
{
    ippon_log_level ours = level & LLL_ERR    ? IPPON_LOG_ERROR
                           : level & LLL_WARN ? IPPON_LOG_WARN
                                              : IPPON_LOG_DEBUG;
    ippon_log(ours, "lws: %s", line);
}

/*
 * Try to bind bind_addr:port the way lws will (SO_REUSEADDR), then let it go. lws only
 * logs why it could not listen; this gives the reason ("Address already in use") in
 * the start-up error instead.
 */
static int http_probe_listen(const char *bind_addr, int port, char *err, size_t errlen)
{
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    struct sockaddr *sa;
    socklen_t salen;
    memset(&v4, 0, sizeof v4);
    memset(&v6, 0, sizeof v6);
    if (inet_pton(AF_INET, bind_addr, &v4.sin_addr) == 1) {
        v4.sin_family = AF_INET;
        v4.sin_port = htons((uint16_t)port);
        sa = (struct sockaddr *)&v4;
        salen = sizeof v4;
    } else if (inet_pton(AF_INET6, bind_addr, &v6.sin6_addr) == 1) {
        v6.sin6_family = AF_INET6;
        v6.sin6_port = htons((uint16_t)port);
        sa = (struct sockaddr *)&v6;
        salen = sizeof v6;
    } else {
        return 0; /* not an address literal: leave it to lws */
    }
    int fd = socket(sa->sa_family, SOCK_STREAM, 0);
    if (fd < 0)
        return 0;
    int one = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
    int rc = bind(fd, sa, salen);
    int bind_errno = errno;
    close(fd);
    if (rc != 0) {
        snprintf(err, errlen, "cannot listen on %s port %d: %s", bind_addr, port,
                 strerror(bind_errno));
        return -1;
    }
    return 0;
}

int ippon_http_start(ippon_http **out, ippon_app *app, char *err, size_t errlen)
{
    const ippon_config *cfg = app->config;
    *out = NULL;

    ippon_http *h = calloc(1, sizeof *h);
    if (!h) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    struct stat st;
    int found = stat(cfg->web_root, &st) == 0;
    if (!found || !S_ISDIR(st.st_mode)) {
        snprintf(err, errlen, "web root %s (key \"web_root\"): %s", cfg->web_root,
                 found ? "not a folder" : strerror(errno));
        ippon_http_stop(h);
        return -1;
    }
    h->web_root = strdup(cfg->web_root);
    if (!h->web_root) {
        snprintf(err, errlen, "out of memory");
        ippon_http_stop(h);
        return -1;
    }

    if (http_probe_listen(cfg->bind, cfg->port, err, errlen) != 0) {
        ippon_http_stop(h);
        return -1;
    }

    h->ws_mount.mountpoint = "/ws"; /* the game: upgraded to the ippon.v1 protocol */
    h->ws_mount.mountpoint_len = 3;
    h->ws_mount.origin = IPPON_WS_PROTOCOL;
    h->ws_mount.origin_protocol = LWSMPRO_CALLBACK;

    h->metrics_mount.mountpoint = "/metrics";
    h->metrics_mount.mountpoint_len = 8;
    h->metrics_mount.origin = "http";
    h->metrics_mount.origin_protocol = LWSMPRO_CALLBACK;

    h->ws_mount.mount_next = &h->metrics_mount;
    h->api_mount.mount_next = &h->ws_mount;
    h->api_mount.mountpoint = "/api";
    h->api_mount.mountpoint_len = 4;
    h->api_mount.origin = "http"; /* the protocol whose callback handles it */
    h->api_mount.origin_protocol = LWSMPRO_CALLBACK;

    h->web_mount.mount_next = &h->api_mount;
    h->web_mount.mountpoint = "/";
    h->web_mount.mountpoint_len = 1;
    h->web_mount.origin = h->web_root;
    h->web_mount.def = "index.html";
    h->web_mount.origin_protocol = LWSMPRO_FILE;
    h->web_mount.extra_mimetypes = http_mimetypes;

    int lws_levels = LLL_ERR | LLL_WARN;
    if (ippon_log_level_get() <= IPPON_LOG_DEBUG)
        lws_levels |= LLL_NOTICE;
    else if (ippon_log_level_get() >= IPPON_LOG_ERROR)
        lws_levels = LLL_ERR;
    lws_set_log_level(lws_levels, http_lws_log);

    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = cfg->port;
    info.iface = cfg->bind;
    info.vhost_name = "ippon";
    h->protocols[0] = http_protocol;
    h->protocols[1] = ippon_ws_protocol();
    info.protocols = h->protocols;
    info.mounts = &h->web_mount;
    info.user = app;
    info.server_string = "ippon";
    /* CSP, X-Content-Type-Options, X-Frame-Options, Referrer-Policy on every response */
    info.options = LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE;

    h->context = lws_create_context(&info);
    if (!h->context) {
        snprintf(err, errlen, "cannot listen on %s port %d (in use, or not an address of "
                 "this machine?)", cfg->bind, cfg->port);
        ippon_http_stop(h);
        return -1;
    }
    *out = h;
    return 0;
}

struct lws_context *ippon_http_context(ippon_http *http)
{
    return http ? http->context : NULL;
}

int ippon_http_port(const ippon_http *http)
{
    struct lws_vhost *vh = lws_get_vhost_by_name(http->context, "ippon");
    return vh ? lws_get_vhost_listen_port(vh) : -1;
}

int ippon_http_service(ippon_http *http)
{
    return lws_service(http->context, 0);
}

void ippon_http_wake(ippon_http *http)
{
    if (http && http->context)
        lws_cancel_service(http->context);
}

void ippon_http_stop(ippon_http *http)
{
    if (!http)
        return;
    if (http->context)
        lws_context_destroy(http->context);
    free(http->web_root);
    free(http);
}
