/*
 * mjai_link.c — the bot's WebSocket link to the server's mjai route (mjai_link.h).
 *
 * Counting is global over the link's life: received counts numbered messages, answered counts
 * the bot's answers, and answer g answers message g. The match's start_game is message
 * match_first, so the resume asked is received - match_first + 1, and the server's "answered R"
 * means its next missing answer is the global answer match_first + R. Answers are kept in a
 * ring (answer g in slot g % MJAI_LINK_KEPT); next_write is the next one to write on the
 * current socket: a resume moves it back, a new answer waits behind it, so the server always
 * gets them in order.
 */
#include "mjai_link.h"

#include <ctype.h>
#include <inttypes.h>
#include <jansson.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "load_http.h"

#define BACKOFF_FIRST_MS 200
#define BACKOFF_MAX_MS 5000
#define PROBE_TIMEOUT_MS 5000
#define CLOSE_REPLACED 4000

enum link_state {
    L_WAITING,    /* no socket: the reconnect timer runs (or the link has ended) */
    L_CONNECTING, /* the upgrade is under way */
    L_RESUMING,   /* upgraded with resume=N: waiting for the server's "resume" */
    L_LIVE,       /* answers flow */
};

struct mjai_link {
    lws_sorted_usec_list_t sul; /* the reconnect timer */
    struct lws_context *ctx;
    mjai_link_target t;
    mjai_link_handler h;
    char hostport[300];
    char path[512]; /* the current connection's path and query */
    struct lws *wsi;
    enum link_state state;
    bool established; /* the current socket passed the upgrade */
    bool closing;     /* closed by the user or ended: freed when its socket is gone */
    int backoff_ms;
    int http_status; /* the upgrade's reply (0: none yet) */
    int close_code;  /* the server's close frame (0: none) */
    uint64_t resume_n;
    uint64_t received, match_first, answered, next_write;
    char *kept[MJAI_LINK_KEPT];
    size_t kept_len[MJAI_LINK_KEPT];
    char *rx;
    size_t rx_len, rx_cap;
};

static void note(mjai_link *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void note(mjai_link *l, const char *fmt, ...)
{
    if (l->closing || !l->h.note)
        return;
    char text[700];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    l->h.note(l->h.user, text);
}

int mjai_link_parse_url(const char *url, mjai_link_target *t, char *err, size_t err_cap)
{
    if (strncmp(url, "ws://", 5) != 0) {
        snprintf(err, err_cap, "%s: not a ws:// URL%s", url,
                 strncmp(url, "wss://", 6) ? "" : " (TLS is not spoken: give the server's ws:// address)");
        return -1;
    }
    const char *h = url + 5, *end = h + strcspn(h, "/");
    const char *colon = NULL;
    if (*h == '[') { /* [IPv6] */
        const char *close = memchr(h, ']', (size_t)(end - h));
        if (!close) {
            snprintf(err, err_cap, "%s: an IPv6 address without its ]", url);
            return -1;
        }
        colon = close[1] == ':' ? close + 1 : NULL;
        if (!colon && close + 1 != end) {
            snprintf(err, err_cap, "%s: unexpected text after ]", url);
            return -1;
        }
        snprintf(t->host, sizeof t->host, "%.*s", (int)(close - h - 1), h + 1);
    } else {
        colon = memchr(h, ':', (size_t)(end - h));
        const char *host_end = colon ? colon : end;
        if ((size_t)(host_end - h) >= sizeof t->host) {
            snprintf(err, err_cap, "%s: the host name is too long", url);
            return -1;
        }
        snprintf(t->host, sizeof t->host, "%.*s", (int)(host_end - h), h);
    }
    if (!t->host[0]) {
        snprintf(err, err_cap, "%s: no host", url);
        return -1;
    }
    t->port = 80;
    if (colon) {
        char *stop;
        long port = strtol(colon + 1, &stop, 10);
        if (stop != end || colon + 1 == end || port < 1 || port > 65535) {
            snprintf(err, err_cap, "%s: the port is not a number from 1 to 65535", url);
            return -1;
        }
        t->port = (int)port;
    }
    if (!*end || !strcmp(end, "/"))
        snprintf(t->path, sizeof t->path, "/mjai");
    else if (strlen(end) >= sizeof t->path || strpbrk(end, "?# \t\r\n")) {
        snprintf(err, err_cap, "%s: the path must be a plain path (no query: the room comes from its own option)", url);
        return -1;
    } else
        snprintf(t->path, sizeof t->path, "%s", end);
    return 0;
}

/* ---- the kept answers ---- */

static void link_free(mjai_link *l)
{
    lws_sul_cancel(&l->sul);
    for (int i = 0; i < MJAI_LINK_KEPT; i++)
        free(l->kept[i]);
    free(l->rx);
    free(l);
}

/* the numbered messages of the current match received (what resume=N says) */
static uint64_t match_received(const mjai_link *l)
{
    return l->received >= l->match_first ? l->received - l->match_first + 1 : 0;
}

/* writes the next answer due on the socket; -1 if the socket failed */
static int write_next(mjai_link *l, struct lws *wsi)
{
    if (l->next_write > l->answered)
        return 0;
    if (l->answered - l->next_write >= MJAI_LINK_KEPT) {
        uint64_t oldest = l->answered - MJAI_LINK_KEPT + 1;
        note(l, "answers %" PRIu64 " to %" PRIu64 " are no longer kept: not sent", l->next_write, oldest - 1);
        l->next_write = oldest;
    }
    size_t i = l->next_write % MJAI_LINK_KEPT, len = l->kept_len[i];
    /* lws masks a client's payload in place: the kept copy must stay as it is, for a resume */
    unsigned char *buf = malloc(LWS_PRE + len);
    if (!buf)
        return -1;
    memcpy(buf + LWS_PRE, l->kept[i], len);
    int n = lws_write(wsi, buf + LWS_PRE, len, LWS_WRITE_TEXT);
    free(buf);
    if (n < (int)len)
        return -1;
    l->next_write++;
    if (l->next_write <= l->answered)
        lws_callback_on_writable(wsi);
    return 0;
}

void mjai_link_answer(mjai_link *l, const char *text, size_t len)
{
    if (l->closing)
        return;
    char *copy = malloc(len ? len : 1);
    if (!copy) {
        note(l, "out of memory: an answer was dropped");
        return;
    }
    memcpy(copy, text, len);
    l->answered++;
    size_t i = l->answered % MJAI_LINK_KEPT;
    free(l->kept[i]);
    l->kept[i] = copy;
    l->kept_len[i] = len;
    if (l->state == L_LIVE && l->wsi)
        lws_callback_on_writable(l->wsi);
}

uint64_t mjai_link_received(const mjai_link *l)
{
    return l->received;
}

uint64_t mjai_link_answered(const mjai_link *l)
{
    return l->answered;
}

/* ---- connecting ---- */

bool mjai_link_mode_ok(const char *mode)
{
    return mode && (!strcmp(mode, "4p") || !strcmp(mode, "3p"));
}

/* room, mode and resume into the query; characters outside RFC 3986's unreserved set are %-escaped */
static void build_path(mjai_link *l)
{
    size_t n = (size_t)snprintf(l->path, sizeof l->path, "%s?room=", l->t.path);
    for (const unsigned char *c = (const unsigned char *)l->t.room; *c && n + 4 < sizeof l->path; c++) {
        if (isalnum(*c) || strchr("-._~", *c))
            l->path[n++] = (char)*c;
        else
            n += (size_t)snprintf(l->path + n, sizeof l->path - n, "%%%02X", *c);
    }
    l->path[n] = '\0';
    if (mjai_link_mode_ok(l->t.mode))
        n += (size_t)snprintf(l->path + n, sizeof l->path - n, "&mode=%s", l->t.mode);
    if (n >= sizeof l->path)
        n = sizeof l->path - 1;
    if (l->resume_n > 0)
        snprintf(l->path + n, sizeof l->path - n, "&resume=%" PRIu64, l->resume_n);
}

static void socket_gone(mjai_link *l, struct lws *wsi, const char *why);

static void connect_now(mjai_link *l)
{
    l->resume_n = match_received(l);
    build_path(l);
    l->http_status = 0;
    l->close_code = 0;
    l->established = false;
    l->rx_len = 0;
    l->state = L_CONNECTING;
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = l->ctx;
    ci.address = l->t.host;
    ci.port = l->t.port;
    ci.path = l->path;
    ci.host = l->hostport;
    ci.origin = l->hostport;
    ci.protocol = "mjai";
    ci.local_protocol_name = MJAI_LINK_PROTOCOL_NAME;
    ci.ietf_version_or_minus_one = -1;
    ci.opaque_user_data = l;
    struct lws *wsi = lws_client_connect_via_info(&ci);
    if (l->state != L_CONNECTING) /* a callback has already said it failed */
        return;
    if (wsi)
        l->wsi = wsi;
    else
        socket_gone(l, NULL, "the connection could not be started");
}

static void reconnect_due(lws_sorted_usec_list_t *sul)
{
    mjai_link *l = lws_container_of(sul, mjai_link, sul);
    connect_now(l);
}

mjai_link *mjai_link_open(struct lws_context *ctx, const mjai_link_target *t, const mjai_link_handler *h)
{
    mjai_link *l = calloc(1, sizeof *l);
    if (!l)
        return NULL;
    l->ctx = ctx;
    l->t = *t;
    l->h = *h;
    l->match_first = 1;
    l->next_write = 1;
    if (strchr(t->host, ':'))
        snprintf(l->hostport, sizeof l->hostport, "[%s]:%d", t->host, t->port);
    else
        snprintf(l->hostport, sizeof l->hostport, "%s:%d", t->host, t->port);
    connect_now(l);
    return l;
}

void mjai_link_close(mjai_link *l)
{
    if (!l)
        return;
    l->closing = true;
    lws_sul_cancel(&l->sul);
    if (!l->wsi) {
        link_free(l);
        return;
    }
    if (l->established)
        lws_callback_on_writable(l->wsi); /* the close frame goes out from there */
    else
        lws_set_timeout(l->wsi, PENDING_TIMEOUT_USER_OK, LWS_TO_KILL_ASYNC);
}

/* ---- the end of a socket ---- */

/* the link is over: the handler hears it, then the link is freed */
static void end_link(mjai_link *l, mjai_link_end end, const mjai_link_refusal *refusal)
{
    l->closing = true;
    if (l->h.ended)
        l->h.ended(l->h.user, end, refusal);
    link_free(l);
}

/* asks the refused upgrade again as plain HTTP, for the server's {"error":{"code","message"}} */
static void read_refusal(mjai_link *l, mjai_link_refusal *r)
{
    memset(r, 0, sizeof *r);
    r->status = l->http_status;
    ippon_load_http c;
    ippon_load_http_init(&c, l->t.host, l->t.port);
    c.agent = "ippon-mjai";
    c.timeout_ms = PROBE_TIMEOUT_MS;
    char headers[600], body[2048], err[300];
    snprintf(headers, sizeof headers,
             "Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: aXBwb24tbWphaS1saW5rIQ==\r\n"
             "Sec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: mjai\r\nAuthorization: Bearer %s\r\n",
             l->t.token);
    int status = ippon_load_http_request(&c, "GET", l->path, headers, NULL, body, sizeof body, err, sizeof err);
    ippon_load_http_close(&c);
    if (status < 400)
        return; /* it answered otherwise this time (or not at all): the status alone is known */
    json_t *root = json_loads(body, 0, NULL);
    const json_t *error = json_object_get(root, "error"); /* {"error":{"code","message"}}, as every ippon error */
    const char *code = json_string_value(json_object_get(error, "code"));
    const char *message = json_string_value(json_object_get(error, "message"));
    if (code)
        snprintf(r->code, sizeof r->code, "%s", code);
    if (message)
        snprintf(r->message, sizeof r->message, "%s", message);
    else if (!root) { /* not JSON: the text itself, on one line */
        snprintf(r->message, sizeof r->message, "%.*s", (int)sizeof r->message - 1, body);
        for (char *p = r->message; *p; p++)
            if (*p == '\r' || *p == '\n')
                *p = ' ';
    }
    json_decref(root);
}

/* the current socket is gone (failed, dropped or closed): end, or reconnect after the backoff */
static void socket_gone(mjai_link *l, struct lws *wsi, const char *why)
{
    if (wsi)
        lws_set_opaque_user_data(wsi, NULL); /* lws's last callbacks for it must not reach l */
    bool was_established = l->established;
    l->wsi = NULL;
    l->established = false;
    if (l->closing) {
        link_free(l);
        return;
    }
    if (l->state == L_WAITING)
        return;
    l->state = L_WAITING;
    if (l->close_code == LWS_CLOSE_STATUS_NORMAL) {
        end_link(l, MJAI_LINK_FINISHED, NULL);
        return;
    }
    if (l->close_code == CLOSE_REPLACED) {
        end_link(l, MJAI_LINK_REPLACED, NULL);
        return;
    }
    int s = l->http_status;
    if (!was_established && s >= 400 && s < 500 && s != 408 && s != 429) {
        mjai_link_refusal r;
        read_refusal(l, &r);
        end_link(l, !strcmp(r.code, "bad_resume") ? MJAI_LINK_GONE : MJAI_LINK_REFUSED, &r);
        return;
    }
    l->backoff_ms = l->backoff_ms ? l->backoff_ms * 2 : BACKOFF_FIRST_MS;
    if (l->backoff_ms > BACKOFF_MAX_MS)
        l->backoff_ms = BACKOFF_MAX_MS;
    if (s && s != 101)
        note(l, "the server answered the upgrade with HTTP %d: trying again in %.1f s", s, l->backoff_ms / 1000.0);
    else if (l->close_code)
        note(l, "the server closed the WebSocket (%d): reconnecting in %.1f s", l->close_code, l->backoff_ms / 1000.0);
    else
        note(l, "%s (%s): %s in %.1f s", was_established ? "the WebSocket dropped" : "no connection", why,
             was_established ? "reconnecting" : "trying again", l->backoff_ms / 1000.0);
    lws_sul_schedule(l->ctx, 0, &l->sul, reconnect_due, (lws_usec_t)l->backoff_ms * LWS_US_PER_MS);
}

/* ---- receiving ---- */

static void on_resume(mjai_link *l, json_t *msg)
{
    json_t *r = json_object_get(msg, "answered");
    if (!json_is_integer(r) || json_integer_value(r) < 0) {
        note(l, "a resume message without a count of answers: ignored");
        return;
    }
    uint64_t answered_in_match = (uint64_t)json_integer_value(r);
    l->next_write = l->match_first + answered_in_match;
    uint64_t again = l->answered >= l->next_write ? l->answered - l->next_write + 1 : 0;
    note(l, "resumed after message %" PRIu64 ": the server has answers up to %" PRIu64 ", %" PRIu64 " sent again",
         l->resume_n, answered_in_match, again);
    l->state = L_LIVE;
    if (l->wsi && l->next_write <= l->answered)
        lws_callback_on_writable(l->wsi);
}

static void on_message(mjai_link *l, char *text, size_t len)
{
    while (len > 0 && isspace((unsigned char)text[len - 1]))
        len--;
    for (size_t i = 0; i < len; i++) /* whitespace between JSON tokens: one line whatever the sender did */
        if (text[i] == '\n' || text[i] == '\r')
            text[i] = ' ';
    text[len] = '\0';
    json_t *root = json_loadb(text, len, 0, NULL);
    const char *type = json_string_value(json_object_get(root, "type"));
    if (type && !strcmp(type, "resume")) {
        on_resume(l, root);
        json_decref(root);
        return;
    }
    bool numbered = !type || strcmp(type, "error") != 0;
    if (numbered) {
        l->received++;
        if (type && !strcmp(type, "start_game"))
            l->match_first = l->received;
        if (l->state == L_RESUMING) { /* no "resume" came first: nothing is sent again */
            note(l, "the server resumed without saying how many answers it has: none sent again");
            l->state = L_LIVE;
            if (l->wsi && l->next_write <= l->answered)
                lws_callback_on_writable(l->wsi);
        }
    }
    json_decref(root);
    if (l->h.message)
        l->h.message(l->h.user, text, len, numbered);
}

/* ---- the lws callback ---- */

int mjai_link_lws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    (void)user;
    mjai_link *l = wsi ? lws_get_opaque_user_data(wsi) : NULL;
    if (!l)
        return 0;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_APPEND_HANDSHAKE_HEADER: {
        unsigned char **p = in, *end = *p + len;
        char bearer[320];
        int n = snprintf(bearer, sizeof bearer, "Bearer %s", l->t.token);
        if (lws_add_http_header_by_token(wsi, WSI_TOKEN_HTTP_AUTHORIZATION, (unsigned char *)bearer, n, p, end))
            return -1;
        break;
    }
    case LWS_CALLBACK_ESTABLISHED_CLIENT_HTTP:
        l->http_status = (int)lws_http_client_http_response(wsi);
        break;
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR: {
        char why[200];
        snprintf(why, sizeof why, "%.*s", in && len ? (int)strnlen(in, len) : 0, in ? (const char *)in : "");
        socket_gone(l, wsi, why[0] ? why : "connection failed");
        break;
    }
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        l->wsi = wsi;
        l->established = true;
        l->backoff_ms = 0;
        if (l->closing) {
            lws_callback_on_writable(wsi);
            break;
        }
        if (l->resume_n > 0) {
            l->state = L_RESUMING;
            note(l, "connected again to ws://%s%s", l->hostport, l->path);
        } else {
            l->state = L_LIVE;
            note(l, "connected to ws://%s%s", l->hostport, l->path);
            if (l->next_write <= l->answered)
                lws_callback_on_writable(wsi);
        }
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (l->closing)
            break;
        if (l->rx_len + len + 1 > MJAI_LINK_MAX_LINE) {
            note(l, "a message from the server over %d bytes: dropping the connection", MJAI_LINK_MAX_LINE);
            return -1;
        }
        if (l->rx_len + len + 1 > l->rx_cap) {
            size_t cap = l->rx_cap ? l->rx_cap : 4096;
            while (cap < l->rx_len + len + 1)
                cap *= 2;
            char *grown = realloc(l->rx, cap);
            if (!grown)
                return -1;
            l->rx = grown;
            l->rx_cap = cap;
        }
        memcpy(l->rx + l->rx_len, in, len);
        l->rx_len += len;
        if (lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi)) {
            size_t n = l->rx_len;
            l->rx_len = 0;
            on_message(l, l->rx, n);
        }
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE:
        if (l->closing) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_NORMAL, (unsigned char *)"the client left", 15);
            return -1;
        }
        if (l->state == L_LIVE)
            return write_next(l, wsi);
        break;
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (len >= 2) {
            const unsigned char *b = in;
            l->close_code = b[0] << 8 | b[1];
        }
        break;
    case LWS_CALLBACK_CLIENT_CLOSED:
        socket_gone(l, wsi, "closed");
        break;
    default:
        break;
    }
    return 0;
}
