/*
 * http.c — libwebsockets glue for the one listening port (see http.h).
 *
 * How it works: one lws context with one vhost, which does not listen itself: listen.c binds
 * the socket exactly where "bind" says and hands each accepted connection to the vhost (see
 * listen.h for why). Two mounts split the URL space:
 *
 *     /      LWSMPRO_FILE      files from the web root (lws picks Content-Type from the
 *                              extension, serves index.html for "/", and normalises the
 *                              path, so "/../x" cannot leave the root)
 *     /api   LWSMPRO_CALLBACK  the "http" protocol's callback below -> rest.c
 *     /metrics LWSMPRO_CALLBACK the same (rest.c routes it to metrics.c; a text reply)
 *
 * The protocols array has "http" first (all plain HTTP lands there), the game's WebSocket
 * protocol "ippon.v1" (ws.c) after it, reached by upgrading a request to /ws (a third mount),
 * and "ippon.listen", which services the listening socket (listen.c). Each protocol's user
 * pointer is this server (http_of).
 *
 * Every request, to a file or the API, first passes http_admit.h (its path's text checked,
 * its connection counted against max_http_conns_per_addr; a refusal is answered at once and
 * the connection closed). The only upgrade taken is a WebSocket at /ws (any other would make
 * a WebSocket of "http", open forever, or switch to h2c), and only from a page the Origin
 * check lets in (ws_origin.h: else 403). A connection idle for http_idle_s
 * between requests is closed (the vhost's keepalive_timeout); a new one gets at most
 * HTTP_HEADERS_TIMEOUT_S for its first request's headers (timeout_secs_ah_idle).
 *
 * A REST request: LWS_CALLBACK_HTTP records method and path; a POST/PUT/PATCH with a
 * body collects it through LWS_CALLBACK_HTTP_BODY (up to HTTP_MAX_BODY) and dispatches
 * at LWS_CALLBACK_HTTP_BODY_COMPLETION, anything else dispatches at once. Dispatching
 * asks rest.c for the response and writes it at once (headers, then the body: lws sends what
 * the socket takes and keeps the rest, sending it as the socket drains), then ends the
 * transaction, so the connection can be kept alive. Every other callback goes to
 * lws_callback_http_dummy, which is what serves the file mount.
 *
 * Pipelining: lws 4.1 parses a request that arrived behind another (in the same read) as
 * soon as the first one's callback returns and the transaction is not complete yet; the
 * first one's state is clobbered and neither is ever answered. Hence the reply within the
 * callback and the transaction completed there: lws then takes up the waiting request after
 * the reply, in order. A deferred reply keeps the connection flow-controlled
 * (lws_rx_flow_control) until it is written, so nothing is parsed behind it meanwhile. A reply
 * too big for the socket at once is still draining when lws parses what follows it: that
 * request is not answered; the connection closes once the reply is out (FILTER below).
 *
 * Deferred replies (password hashing): the handler may answer "later" (rest.h). The
 * session then keeps the ippon_rest_deferred and waits; the request's deliver hook
 * (http_deliver) writes the reply when it arrives and ends the transaction. If the
 * connection closes first, http_session_clear abandons the deferred, and the late reply
 * is dropped by rest.c without touching this (freed) session. The worker threads (password
 * hashing, the store writer) wake the loop with lws_cancel_service;
 * LWS_CALLBACK_EVENT_WAIT_CANCELLED, on the loop thread, calls the woken hook (ippon_http_on_wake:
 * main.c's, which runs the finished jobs' completions: ippon_auth_poll, ippon_writer_poll). A waiting
 * request gets a 60 s timeout of its own, so
 * nothing waits forever.
 *
 * What handlers see of the request besides method, path and body: the query's parameters
 * (decoded by lws, each checked: at most HTTP_MAX_ARGS of at most HTTP_MAX_QUERY bytes, text
 * uri_check.h accepts; else 400 naming the parameter), the Authorization, If-None-Match and
 * Content-Type headers and the client's address (client_addr.h).
 *
 * Known lws 4.1 limits: chunked request bodies are not handled well (no browser sends them);
 * send Content-Length. lws's parser refuses some requests before any callback: a bad %-escape
 * ("%zz") gets its own 403 page, a %00 that does not follow a '/' closes the connection, a
 * request line and headers over HTTP_MAX_HEADERS close it without a reply (no 431 can be sent:
 * http_too_large.h), and a request pipelined behind a static file gets 403. A body announced
 * over HTTP_MAX_BODY is answered 413 at once (http_too_large.h).
 */
#include "net/http.h"

#include <errno.h>
#include <libwebsockets.h>
#include <netinet/in.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "net/client_addr.h"
#include "base/conn_count.h"
#include "net/event_loop.h"
#include "base/timers.h"
#include "net/http_admit.h"
#include "net/http_reply.h"
#include "net/http_too_large.h"
#include "net/listen.h"
#include "base/log.h"
#include "metrics.h"
#include "api/rest.h"
#include "net/uri_check.h"
#include "net/ws.h"
#include "net/ws_origin.h"
#include "game/gateway.h"

#define HTTP_MAX_BODY (64 * 1024) /* largest REST request body accepted */
#define HTTP_MAX_HEADERS 4096     /* lws's space for a request's line and headers (http_too_large.h) */
#define HTTP_MAX_PATH 1024
#define HTTP_MAX_QUERY 2048 /* bytes of one query parameter */
#define HTTP_MAX_ARGS 32     /* query parameters kept */
#define HTTP_MAX_AUTHORIZATION 1024
#define HTTP_MAX_CONTENT_TYPE 256
#define HTTP_HEADERS_TIMEOUT_S 10  /* a new connection's wait for its first request (at most) */
#define HTTP_DEFERRED_TIMEOUT_S 60 /* longest wait for a deferred reply */

struct ippon_http {
    ippon_app *app;
    struct lws_context *context;
    ippon_event_loop *loop;    /* libev on epoll, or lws's own poll() (event_loop.h) */
    ippon_timers *timers;      /* the server's own timers on that loop (base/timers.h) */
    ippon_listener *listener;  /* the listening socket (listen.h) */
    ippon_conn_count *open;    /* open HTTP connections per client address (http_admit.h) */
    char host[INET6_ADDRSTRLEN + 2]; /* the bound address as a URL's host: "127.0.0.1", "[::1]" */
    struct lws_http_mount web_mount;
    struct lws_http_mount api_mount;
    struct lws_http_mount ws_mount;
    struct lws_http_mount metrics_mount; /* GET /metrics (metrics.c), through the REST glue */
    struct lws_http_mount mjai_mount;    /* the AIs' WebSocket (ws.h, src/server/MJAI.md) */
    struct lws_protocols protocols[5]; /* "http", the game's WebSocket and the AIs' (ws.h), the listener, the end */
    char *web_root; /* the web root folder, as configured */
    void (*woken)(void *ctx); /* ippon_http_on_wake: the workers' results are in */
    void *woken_ctx;
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
    char *request_type;  /* the request's Content-Type, NULL if none */
    char address[64];    /* the client's IP address, "" if unknown */
    char *body;
    size_t body_len;
    int body_too_large;
    ippon_rest_response early; /* a reply decided before the handler (a bad query): body set */
    int dispatched; /* answered, or waiting for a deferred reply */
    ippon_rest_deferred *deferred; /* waiting for a deferred reply */
} http_session;

/* the server a connection belongs to: every protocol of ours carries it as its user pointer */
static ippon_http *http_of(struct lws *wsi)
{
    const struct lws_protocols *p = lws_get_protocol(wsi);
    return p ? p->user : NULL;
}

static void http_session_clear(http_session *s)
{
    ippon_rest_abandon(s->deferred); /* a reply still to come is dropped when it comes */
    free(s->path);
    for (size_t i = 0; i < s->arg_count; i++)
        free(s->args[i]);
    free(s->args);
    free(s->authorization);
    free(s->if_none_match);
    free(s->request_type);
    ippon_rest_response_free(&s->early);
    free(s->body);
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
 * The query's parameter i (0 on), copied (malloc'd, *len bytes, NUL-terminated), or NULL if
 * there is none; *len is -1 if out of memory.
 */
static char *http_arg(struct lws *wsi, int i, int *len)
{
    /* a fragment's length is 0 both when it is empty and when it is not there: copy to tell */
    int n = lws_hdr_fragment_length(wsi, WSI_TOKEN_HTTP_URI_ARGS, i);
    char *part = malloc((size_t)n + 1);
    *len = part ? lws_hdr_copy_fragment(wsi, part, n + 1, WSI_TOKEN_HTTP_URI_ARGS, i) : -1;
    if (*len < 0) {
        free(part);
        if (part)
            *len = 0;
        return NULL;
    }
    return part;
}

/* reply 400 about query parameter i ("name=value", len bytes) with its problem */
static void http_bad_arg(http_session *s, int i, const char *arg, int len, const char *problem)
{
    char name[80];
    int name_len = (int)(strchr(arg, '=') ? strchr(arg, '=') - arg : len);
    if (name_len > 0 && name_len < (int)sizeof name - 1 && !ippon_text_problem(arg, (size_t)name_len))
        snprintf(name, sizeof name, "%.*s", name_len, arg);
    else /* a name that cannot be shown as it is */
        snprintf(name, sizeof name, "query parameter %d", i + 1);
    ippon_rest_reply_error_fields(&s->early, 400, "bad_request", json_pack("{s:s}", name, problem), "%s: %s",
                                  name, problem);
}

/*
 * The query's parameters: lws splits the query at '&' and decodes each (%XX, '+'), so a
 * fragment is one "name=value" even if the value held an encoded '&'. At most HTTP_MAX_ARGS,
 * each up to HTTP_MAX_QUERY bytes of text uri_check.h accepts: the first one that is not
 * leaves a 400 naming it in s->early. -1 if out of memory.
 */
static int http_args_copy(struct lws *wsi, http_session *s)
{
    char problem[80];
    for (int i = 0;; i++) {
        int len;
        char *arg = http_arg(wsi, i, &len);
        if (!arg)
            return len < 0 ? -1 : 0;
        if (i == HTTP_MAX_ARGS) {
            free(arg);
            ippon_rest_reply_error(&s->early, 400, "bad_request", "query: more than %d parameters",
                                   HTTP_MAX_ARGS);
            return 0;
        }
        const char *bad = ippon_text_problem(arg, (size_t)len);
        if (len > HTTP_MAX_QUERY) {
            snprintf(problem, sizeof problem, "longer than %d bytes", HTTP_MAX_QUERY);
            bad = problem;
        }
        if (bad) {
            http_bad_arg(s, i, arg, len, bad);
            free(arg);
            return 0;
        }
        if (!s->args && !(s->args = calloc(HTTP_MAX_ARGS, sizeof *s->args))) {
            free(arg);
            return -1;
        }
        s->args[s->arg_count++] = arg;
    }
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

/*
 * Answer the request of s with res (freed here) and end the transaction, so the connection
 * can take its next request (a pipelined one waiting included). -1 when the connection is to
 * be closed (a failed write; "Connection: close"), for the caller to hand to lws.
 */
static int http_answer(struct lws *wsi, http_session *s, ippon_rest_response *res)
{
    ippon_log_debug("%s %s -> %d", ippon_http_method_name(s->method), s->path, res->status);
    ippon_app *app = lws_context_user(lws_get_context(wsi));
    if (app)
        ippon_metrics_http(app->metrics, res->status);
    int rc = ippon_http_write(wsi, res, s->method == IPPON_HTTP_HEAD, 0);
    ippon_rest_response_free(res);
    http_session_clear(s);
    if (rc != 0)
        return -1;
    return lws_http_transaction_completed(wsi) ? -1 : 0;
}

/* a deferred reply arrives (rest.c calls this only while the session still waits) */
static void http_deliver(void *conn, ippon_rest_response *res)
{
    http_session *s = conn;
    struct lws *wsi = s->wsi;
    s->deferred = NULL;
    lws_set_timeout(wsi, NO_PENDING_TIMEOUT, 0);
    lws_rx_flow_control(wsi, 1); /* reading again: a pipelined request waits behind this one */
    if (http_answer(wsi, s, res) != 0)
        lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, LWS_TO_KILL_ASYNC);
}

/* run the REST handler for the recorded request and answer it (or wait for its deferred reply) */
static int http_dispatch(struct lws *wsi, http_session *s)
{
    ippon_app *app = lws_context_user(lws_get_context(wsi));
    ippon_rest_response res;
    s->dispatched = 1;
    if (s->body_too_large) {
        memset(&res, 0, sizeof res);
        ippon_rest_reply_error(&res, 413, "too_large", "request body over %d bytes",
                               HTTP_MAX_BODY);
    } else if (s->early.body) {
        res = s->early;
        memset(&s->early, 0, sizeof s->early);
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
            .content_type = s->request_type,
            .address = s->address[0] ? s->address : NULL,
            .deliver = http_deliver,
            .conn = s,
        };
        ippon_rest_handle(app, &req, &res);
        if (res.deferred) {
            /* lws would parse a pipelined request behind this one meanwhile: read nothing until
               the reply is out (a flow-controlled h1 connection is not written either, so this
               is for the wait only) */
            s->deferred = res.deferred;
            lws_rx_flow_control(wsi, 0);
            lws_set_timeout(wsi, PENDING_TIMEOUT_HTTP_CONTENT, HTTP_DEFERRED_TIMEOUT_S);
            return 0;
        }
    }
    return http_answer(wsi, s, &res);
}

/*
 * Will lws call LWS_CALLBACK_HTTP_BODY_COMPLETION for this request? For a body (Content-Length
 * over 0), and for a POST that says Content-Length: 0; any other request is answered at once.
 */
static int http_awaits_body(struct lws *wsi, ippon_http_method method)
{
    char text[32];
    if (method != IPPON_HTTP_POST && method != IPPON_HTTP_PUT && method != IPPON_HTTP_PATCH)
        return 0;
    if (lws_hdr_copy(wsi, text, sizeof text, WSI_TOKEN_HTTP_CONTENT_LENGTH) <= 0)
        return 0;
    return strtoull(text, NULL, 10) > 0 || method == IPPON_HTTP_POST;
}

static int http_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                         size_t len)
{
    http_session *s = user;

    switch (reason) {
    case LWS_CALLBACK_FILTER_HTTP_CONNECTION: { /* any request, before lws routes it */
        /* pipelined behind a reply lws is still sending (or, defensively, one not given yet):
           lws has already clobbered the earlier request's state, so the only clean way out is
           to finish sending and close. The client asks again on a new connection. */
        if (lws_partial_buffered(wsi) || (s && s->path && s->dispatched))
            return -1;
        ippon_http *h = http_of(wsi);
        if (h && ippon_http_admit(wsi, h->app, h->open, in, len) != 0)
            return -1; /* answered (400 or 503): lws closes the connection */
        break;
    }

    case LWS_CALLBACK_HTTP_CONFIRM_UPGRADE: { /* in: the Upgrade header's protocol */
        /* the one upgrade there is: a WebSocket at /ws (the game). Else lws would make any path
           a WebSocket of the "http" protocol, open forever, or switch to h2c */
        char *uri = NULL;
        int uri_len = 0;
        if (lws_http_get_uri_and_method(wsi, &uri, &uri_len) < 0)
            uri_len = 0;
        ippon_http *h = http_of(wsi);
        bool game = uri_len == 3 && !strncmp(uri, "/ws", 3), mjai = uri_len == 5 && !strncmp(uri, "/mjai", 5);
        if (!in || strcasecmp(in, "websocket") != 0 || (!game && !mjai)) {
            ippon_rest_response res;
            memset(&res, 0, sizeof res);
            ippon_rest_reply_error(&res, 400, "bad_request",
                                   "only /ws and /mjai upgrade, and only to a WebSocket (Upgrade: websocket)");
            return ippon_http_reply_and_close(wsi, h ? h->app : NULL, &res);
        }
        const ippon_config *cfg = h && h->app ? h->app->config : NULL;
        if (cfg && !ippon_ws_origin_allowed(wsi, cfg->allowed_origins)) {
            ippon_rest_response res;
            memset(&res, 0, sizeof res);
            ippon_rest_reply_error(&res, 403, "origin_not_allowed",
                                   "pages of this origin may not open the game's WebSocket (allowed_origins)");
            return ippon_http_reply_and_close(wsi, h->app, &res);
        }
        if (mjai) { /* an AI: its token, room and resume are checked before the upgrade */
            ippon_mjai_entry who;
            ippon_rest_response res;
            memset(&res, 0, sizeof res);
            if (ippon_mjai_ws_admit(wsi, h ? h->app : NULL, &who, &res) != 0)
                return ippon_http_reply_and_close(wsi, h ? h->app : NULL, &res);
        }
        if (h) /* becoming a WebSocket: the gateway counts it from now on */
            ippon_http_release(wsi, h->open);
        break;
    }

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
        s->request_type = http_header_copy(wsi, WSI_TOKEN_HTTP_CONTENT_TYPE, HTTP_MAX_CONTENT_TYPE);
        {
            ippon_app *app = lws_context_user(lws_get_context(wsi));
            ippon_client_address(wsi, app && app->config ? app->config->trusted_proxy : NULL, s->address,
                                 sizeof s->address);
        }
        if (ippon_http_too_large_body(wsi, lws_context_user(lws_get_context(wsi)), HTTP_MAX_BODY) != 0)
            return -1; /* answered 413 (or 400) before the body, which is not read */
        if (http_awaits_body(wsi, s->method))
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
        if (s->dispatched) /* waiting for its deferred reply already */
            return 0;
        return http_dispatch(wsi, s);

    case LWS_CALLBACK_CLOSED_HTTP:
    case LWS_CALLBACK_HTTP_DROP_PROTOCOL:
    case LWS_CALLBACK_WSI_DESTROY: { /* the last word before lws frees s, whatever happened */
        /* a connection upgraded to the game's WebSocket has that protocol's session data by
           now: it is not ours to clear */
        const struct lws_protocols *p = lws_get_protocol(wsi);
        if (s && (!p || !strcmp(p->name, "http")))
            http_session_clear(s);
        /* every connection's end comes here (lws sends WSI_DESTROY to protocols[0]) */
        ippon_http *h = reason == LWS_CALLBACK_WSI_DESTROY ? http_of(wsi) : NULL;
        if (h)
            ippon_http_release(wsi, h->open);
        break;
    }

    case LWS_CALLBACK_EVENT_WAIT_CANCELLED: { /* lws_cancel_service: a worker has results */
        ippon_http *h = http_of(wsi);
        if (h && h->woken)
            h->woken(h->woken_ctx);
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

/* the security headers on every response: lws's "best practices" set
   (LWS_SERVER_OPTION_HTTP_HEADERS_SECURITY_BEST_PRACTICES_ENFORCE, whose policy is fixed), with
   the web app's manifest and its service worker allowed from this origin (manifest-src,
   worker-src: under default-src 'none' the browser would refuse them) */
static const struct lws_protocol_vhost_options http_security_headers[] = {
    {&http_security_headers[1], NULL, "content-security-policy:",
     "default-src 'none'; img-src 'self' data: ; script-src 'self'; font-src 'self'; style-src 'self'; "
     "connect-src 'self' ws: wss:; manifest-src 'self'; worker-src 'self'; frame-ancestors 'none'; "
     "base-uri 'none'; form-action 'self';"},
    {&http_security_headers[2], NULL, "x-content-type-options:", "nosniff"},
    {&http_security_headers[3], NULL, "x-xss-protection:", "1; mode=block"},
    {&http_security_headers[4], NULL, "x-frame-options:", "deny"},
    {NULL, NULL, "referrer-policy:", "no-referrer"},
};

/* route libwebsockets' own log lines into ours */
static void http_lws_log(int level, const char *line)
{
    ippon_log_level ours = level & LLL_ERR    ? IPPON_LOG_ERROR
                           : level & LLL_WARN ? IPPON_LOG_WARN
                                              : IPPON_LOG_DEBUG;
    ippon_log(ours, "lws: %s", line);
}

int ippon_http_start(ippon_http **out, ippon_app *app, char *err, size_t errlen)
{
    const ippon_config *cfg = app->config;
    *out = NULL;

    ippon_http *h = calloc(1, sizeof *h);
    if (!h || !(h->open = ippon_conn_count_new())) {
        snprintf(err, errlen, "out of memory");
        ippon_http_stop(h);
        return -1;
    }
    h->app = app;
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

    if (ippon_listener_open(&h->listener, cfg->bind, cfg->port, err, errlen) != 0) {
        ippon_http_stop(h);
        return -1;
    }
    const char *bound = ippon_listener_address(h->listener);
    snprintf(h->host, sizeof h->host, strchr(bound, ':') ? "[%s]" : "%s", bound);

    h->ws_mount.mountpoint = "/ws"; /* the game: upgraded to the ippon.v1 protocol */
    h->ws_mount.mountpoint_len = 3;
    h->ws_mount.origin = IPPON_WS_PROTOCOL;
    h->ws_mount.origin_protocol = LWSMPRO_CALLBACK;

    h->metrics_mount.mountpoint = "/metrics";
    h->metrics_mount.mountpoint_len = 8;
    h->metrics_mount.origin = "http";
    h->metrics_mount.origin_protocol = LWSMPRO_CALLBACK;

    h->mjai_mount.mountpoint = "/mjai"; /* AIs: upgraded to the mjai protocol */
    h->mjai_mount.mountpoint_len = 5;
    h->mjai_mount.origin = IPPON_MJAI_PROTOCOL;
    h->mjai_mount.origin_protocol = LWSMPRO_CALLBACK;
    h->metrics_mount.mount_next = &h->mjai_mount;

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
    info.port = CONTEXT_PORT_NO_LISTEN_SERVER; /* listen.c listens and hands connections over */
    info.vhost_name = "ippon";
    h->protocols[0] = http_protocol;
    h->protocols[1] = ippon_ws_protocol();
    h->protocols[2] = ippon_mjai_ws_protocol();
    h->protocols[3] = ippon_listener_protocol();
    for (int i = 0; i < 4; i++)
        h->protocols[i].user = h;
    info.protocols = h->protocols;
    info.keepalive_timeout = cfg->http_idle_s; /* idle between requests on a kept-alive connection */
    info.max_http_header_data = HTTP_MAX_HEADERS;
    info.timeout_secs_ah_idle = (unsigned)(cfg->http_idle_s < HTTP_HEADERS_TIMEOUT_S ? cfg->http_idle_s
                                                                                     : HTTP_HEADERS_TIMEOUT_S);
    info.mounts = &h->web_mount;
    info.user = app;
    info.server_string = "ippon";
    /* CSP, X-Content-Type-Options, X-Frame-Options, Referrer-Policy on every response */
    info.headers = http_security_headers;

    h->loop = ippon_event_loop_new(cfg->event_loop);
    if (!h->loop) {
        snprintf(err, errlen, "event loop \"%s\": cannot create it (out of memory, or no epoll)", cfg->event_loop);
        ippon_http_stop(h);
        return -1;
    }
    void *foreign_loops[1] = {ippon_event_loop_foreign(h->loop)};
    if (foreign_loops[0]) { /* lws on our libev loop, through its plugin (event_loop.h) */
        info.options |= LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = foreign_loops;
    }
    h->context = lws_create_context(&info);
    if (!h->context && foreign_loops[0]) {
        ippon_log_warn("libwebsockets cannot run on libev (is libwebsockets-evlib-ev installed?): "
                       "the event loop is lws's own poll()");
        ippon_event_loop_fall_back(h->loop);
        info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
        info.foreign_loops = NULL;
        h->context = lws_create_context(&info);
    }
    struct lws_vhost *vh = h->context ? lws_get_vhost_by_name(h->context, "ippon") : NULL;
    if (vh) {
        ippon_event_loop_attach(h->loop, h->context);
        h->timers = ippon_timers_new(h->context, ippon_event_loop_foreign(h->loop));
    }
    if (!vh || !h->timers) {
        snprintf(err, errlen, "libwebsockets: cannot create the server (out of memory?)");
        ippon_http_stop(h);
        return -1;
    }
    if (ippon_listener_attach(h->listener, vh, err, errlen) != 0) {
        ippon_http_stop(h);
        return -1;
    }
    *out = h;
    return 0;
}

int ippon_http_port(const ippon_http *http)
{
    return ippon_listener_port(http->listener);
}

const char *ippon_http_host(const ippon_http *http)
{
    return http->host;
}

int ippon_http_service(ippon_http *http)
{
    return ippon_event_loop_turn(http->loop, http->context);
}

ippon_timers *ippon_http_timers(ippon_http *http)
{
    return http ? http->timers : NULL;
}

void *ippon_http_ev_loop(ippon_http *http)
{
    return http ? ippon_event_loop_foreign(http->loop) : NULL;
}

const char *ippon_http_event_loop(const ippon_http *http)
{
    return ippon_event_loop_kind(http->loop);
}

void ippon_http_on_wake(ippon_http *http, void (*woken)(void *ctx), void *ctx)
{
    http->woken = woken;
    http->woken_ctx = ctx;
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
    ippon_event_loop_detach(http->loop);
    if (http->context) {
        lws_context_destroy(http->context); /* its connections' last callbacks use what follows */
    }
    ippon_timers_free(http->timers); /* every timer on it is cancelled by now (their owners are gone) */
    ippon_event_loop_free(http->loop); /* after the context: lws stops its watchers on it */
    ippon_listener_free(http->listener);
    ippon_conn_count_free(http->open);
    free(http->web_root);
    free(http);
}
