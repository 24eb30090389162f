/*
 * ws.c — libwebsockets glue of the game's WebSocket (ws.h).
 *
 * How it works: each socket's per-session data holds its gateway connection and the message
 * being assembled. Frames are appended until the final fragment of a message; a message that
 * grows past the gateway's max_frame is refused at once (the client is told, the socket
 * closes, close code 1009). Complete text messages go to ippon_gateway_message. Writing happens
 * only in LWS_CALLBACK_SERVER_WRITEABLE: up to WS_WRITES_PER_TURN queued messages per callback,
 * asking for another while more wait; a message marked close_after closes the socket once sent.
 * Each message written is reported to the gateway (ippon_gateway_out_written: the mjai relay's
 * timing).
 *
 * Closing so that the last word arrives: after that message, lws's own close: a close frame
 * (1008 with the reason, 1009 for a message too large), then up to 5 s reading and dropping what
 * the client still sends until its own close frame, and only then the socket closed. The
 * writable callback answers -1 once for it: a second -1 (a writable turn asked for meanwhile)
 * would make lws cut its close short and shut the socket at once, and what the client had sent
 * meanwhile, unread, made the kernel answer with a reset — a client still writing (a flood of
 * bad messages, the rest of an oversized fragmented message) lost the error and the close frame.
 *
 * A plain HTTP request to /ws or /mjai (no upgrade) is answered 400 and closed, not left waiting;
 * to /mjai with a token, room or resume the upgrade would refuse, that refusal instead (lws 4.1's
 * client drops a refused upgrade's body: the bridge asks again this way to read why).
 *
 * The AIs' WebSocket at /mjai (src/server/MJAI.md) is a second protocol with the same callback: its
 * bot token, room and resume are checked at the upgrade (ippon_mjai_ws_admit, called by http.c,
 * which answers a refusal with its HTTP status) and again when it opens, where the gateway seats it
 * (ippon_gateway_open_mjai); it says no hello, and its last message may close it normally (1000).
 *
 * A new socket must say hello within hello_timeout_s: a timer on the socket (lws_set_timer_usecs)
 * fires once at the deadline, and one that is still anonymous then gets the error
 * "hello_timeout" and a close frame saying why (1008, "no hello in time").
 */
#include "net/ws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "app.h"
#include "net/client_addr.h"
#include "game/gateway.h"
#include "net/http_reply.h"
#include "api/rest.h"

_Static_assert(IPPON_GATEWAY_HEAD_ROOM >= LWS_PRE, "the gateway's head room must hold lws' frame header");

#define WS_WRITES_PER_TURN 16 /* messages written to one socket in one writable callback at most */

struct ws_session {
    ippon_conn *conn;
    char *rx;
    size_t rx_len;
    bool rx_too_large;
    bool close_now;  /* the last message is out: the close frame is next */
    bool closing;    /* lws is closing the socket (ws.c's top comment) */
    int close_code;  /* the close frame's status; 0: 1008 (policy violation) */
    const char *close_reason; /* the close frame's text (static); NULL: "closing" */
};

void ippon_ws_want_write(void *socket)
{
    lws_callback_on_writable((struct lws *)socket);
}

static ippon_gateway *gateway_of(struct lws *wsi)
{
    ippon_app *app = lws_context_user(lws_get_context(wsi));
    return app ? app->gateway : NULL;
}

static int on_receive(struct lws *wsi, struct ws_session *s, ippon_gateway *gw, const char *in, size_t len)
{
    if (!gw || !s->conn) /* a socket the gateway never took (closed at ESTABLISHED) */
        return -1;
    size_t max = ippon_gateway_max_frame(gw);
    if (!s->rx_too_large && s->rx_len + len > max) {
        s->rx_too_large = true;
        free(s->rx);
        s->rx = NULL;
        s->rx_len = 0;
        if (!s->close_code) {
            s->close_code = LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE;
            s->close_reason = "message too big";
        }
        ippon_gateway_oversized(gw, s->conn);
    }
    if (!s->rx_too_large) {
        char *grown = realloc(s->rx, s->rx_len + len + 1);
        if (!grown)
            return -1;
        s->rx = grown;
        memcpy(s->rx + s->rx_len, in, len);
        s->rx_len += len;
    }
    if (!lws_is_final_fragment(wsi) || lws_remaining_packet_payload(wsi))
        return 0;
    if (!s->rx_too_large && !lws_frame_is_binary(wsi))
        ippon_gateway_message(gw, s->conn, s->rx ? s->rx : "", s->rx_len);
    else if (!s->rx_too_large)
        ippon_gateway_message(gw, s->conn, "binary", 6); /* answered as bad JSON */
    free(s->rx);
    s->rx = NULL;
    s->rx_len = 0;
    return 0;
}

/*
 * Writes what is queued for the socket, up to WS_WRITES_PER_TURN messages (then the other sockets
 * get their turn first), and asks for another writable callback only when something is left:
 * lws buffered part of a write (the socket is full), the budget is spent, or the socket is to
 * close. An emptied queue asks for nothing, so a message costs one writable turn, not two.
 */
static int on_writeable(struct lws *wsi, struct ws_session *s, ippon_gateway *gw)
{
    if (s->closing)
        return 0; /* lws's close is under way: answering -1 again would cut it short */
    if (s->close_now) { /* lws sends the close frame, then waits for the client's */
        const char *why = s->close_reason ? s->close_reason : "closing";
        lws_close_reason(wsi, s->close_code ? s->close_code : LWS_CLOSE_STATUS_POLICY_VIOLATION,
                         (unsigned char *)why, strlen(why));
        s->closing = true;
        return -1;
    }
    for (int written = 0; written < WS_WRITES_PER_TURN; written++) {
        size_t len;
        bool close_after;
        unsigned char *buf = ippon_gateway_next_out(gw, s->conn, &len, &close_after);
        if (!buf)
            return 0; /* all sent; the gateway asks again when it queues more */
        int n = lws_write(wsi, buf + IPPON_GATEWAY_HEAD_ROOM, len, LWS_WRITE_TEXT);
        ippon_gateway_out_free(gw, buf);
        if (n < (int)len)
            return -1;
        ippon_gateway_out_written(gw, s->conn);
        if (close_after) {
            s->close_now = true;
            if (!s->close_code)
                s->close_code = ippon_gateway_close_status(s->conn);
            break;
        }
        if (lws_partial_buffered(wsi))
            break; /* lws holds the rest of this one until the socket drains */
    }
    lws_callback_on_writable(wsi);
    return 0;
}

enum { URL_ARG_CAP = 64 }; /* a query argument's "key=value", its NUL included */

/* a query parameter of the upgrade's URL ("room"), or NULL. lws copies each "key=value" of the
   query into buf in turn and stops at the first that does not fit: buf must hold every argument
   an AI may send before the one asked for (URL_ARG_CAP) */
static const char *url_arg(struct lws *wsi, const char *name, char *buf, int cap)
{
    char key[16];
    snprintf(key, sizeof key, "%s=", name);
    return lws_get_urlarg_by_name(wsi, key, buf, cap);
}

int ippon_mjai_ws_admit(struct lws *wsi, ippon_app *app, ippon_mjai_entry *who, ippon_rest_response *res)
{
    char authorization[160] = "", room_buf[URL_ARG_CAP], mode_buf[URL_ARG_CAP], resume_buf[URL_ARG_CAP];
    if (lws_hdr_copy(wsi, authorization, sizeof authorization, WSI_TOKEN_HTTP_AUTHORIZATION) < 0)
        authorization[0] = '\0';
    const char *room = url_arg(wsi, "room", room_buf, sizeof room_buf);
    const char *mode = url_arg(wsi, "mode", mode_buf, sizeof mode_buf);
    const char *resume = url_arg(wsi, "resume", resume_buf, sizeof resume_buf);
    const char *code = "unavailable";
    char message[200] = "the server is starting or stopping";
    int status = app && app->gateway ? ippon_gateway_mjai_admit(app->gateway, authorization, room, mode, resume, who, &code,
                                                                message, sizeof message)
                                     : 503;
    if (status == 0)
        return 0;
    ippon_rest_reply_error(res, status, code, "%s", message);
    return -1;
}

/* a new socket: a player's (it says hello in time) or an admitted AI's */
static int on_established(struct lws *wsi, struct ws_session *s, ippon_gateway *gw)
{
    char addr[64];
    ippon_app *app = lws_context_user(lws_get_context(wsi));
    ippon_client_address(wsi, app && app->config ? app->config->trusted_proxy : NULL, addr, sizeof addr);
    if (!addr[0])
        snprintf(addr, sizeof addr, "unknown");
    memset(s, 0, sizeof *s);
    if (!strcmp(lws_get_protocol(wsi)->name, IPPON_MJAI_PROTOCOL)) {
        ippon_mjai_entry who;
        ippon_rest_response res;
        memset(&res, 0, sizeof res);
        int admitted = gw ? ippon_mjai_ws_admit(wsi, app, &who, &res) : -1;
        free(res.body);
        s->conn = admitted == 0 ? ippon_gateway_open_mjai(gw, wsi, addr, &who) : NULL;
        if (!s->conn) {
            lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"refused", 7);
            return -1;
        }
        return 0;
    }
    s->conn = gw ? ippon_gateway_open(gw, wsi, addr) : NULL;
    if (!s->conn) {
        lws_close_reason(wsi, LWS_CLOSE_STATUS_POLICY_VIOLATION, (unsigned char *)"too many connections", 20);
        return -1;
    }
    if (app && app->config)
        lws_set_timer_usecs(wsi, (lws_usec_t)app->config->hello_timeout_s * LWS_US_PER_SEC);
    return 0;
}

static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    struct ws_session *s = user;
    ippon_gateway *gw = gateway_of(wsi);
    switch (reason) {
    case LWS_CALLBACK_ESTABLISHED:
        return on_established(wsi, s, gw);
    case LWS_CALLBACK_HTTP: { /* a plain request to /ws or /mjai, not an upgrade: say what it takes */
        ippon_rest_response res;
        memset(&res, 0, sizeof res);
        bool mjai = !strcmp(lws_get_protocol(wsi)->name, IPPON_MJAI_PROTOCOL);
        ippon_mjai_entry who; /* an AI's client may ask again without the upgrade to read why it was refused */
        if (mjai && ippon_mjai_ws_admit(wsi, lws_context_user(lws_get_context(wsi)), &who, &res) != 0)
            return ippon_http_reply_and_close(wsi, lws_context_user(lws_get_context(wsi)), &res);
        ippon_rest_reply_error(&res, 400, "bad_request",
                               mjai ? "/mjai is the AIs' WebSocket: upgrade to it (Upgrade: websocket, "
                                      "Sec-WebSocket-Protocol: " IPPON_MJAI_PROTOCOL ", Authorization: Bearer <token>)"
                                    : "/ws is the game's WebSocket: upgrade to it (Upgrade: websocket, "
                                      "Sec-WebSocket-Protocol: " IPPON_WS_PROTOCOL ")");
        return ippon_http_reply_and_close(wsi, lws_context_user(lws_get_context(wsi)), &res);
    }
    case LWS_CALLBACK_TIMER: { /* the hello deadline */
        ippon_app *app = lws_context_user(lws_get_context(wsi));
        int seconds = app && app->config ? app->config->hello_timeout_s : 0;
        if (gw && s->conn && seconds && ippon_gateway_hello_overdue(gw, s->conn, seconds))
            s->close_reason = "no hello in time";
        return 0;
    }
    case LWS_CALLBACK_RECEIVE:
        return s->conn ? on_receive(wsi, s, gw, in, len) : -1;
    case LWS_CALLBACK_SERVER_WRITEABLE:
        return s->conn ? on_writeable(wsi, s, gw) : -1;
    case LWS_CALLBACK_CLOSED:
        if (s->conn)
            ippon_gateway_close(gw, s->conn);
        s->conn = NULL;
        free(s->rx);
        s->rx = NULL;
        return 0;
    default:
        return 0;
    }
}

struct lws_protocols ippon_ws_protocol(void)
{
    struct lws_protocols p = { IPPON_WS_PROTOCOL, ws_callback, sizeof(struct ws_session), 4096, 0, NULL, 0 };
    return p;
}

struct lws_protocols ippon_mjai_ws_protocol(void)
{
    struct lws_protocols p = { IPPON_MJAI_PROTOCOL, ws_callback, sizeof(struct ws_session), 4096, 0, NULL, 0 };
    return p;
}
