/*
 * mjai_link.h — one bot's WebSocket link to the server's mjai route (src/server/MJAI.md), as a
 * libwebsockets client: lines in (the server's messages), lines out (the bot's answers), and
 * everything the route asks of a client in between:
 *
 *   - the upgrade: GET PATH?room=ROOM[&mode=MODE][&resume=N], subprotocol "mjai", "Authorization: Bearer TOKEN";
 *   - counting: every message but "error" and "resume" is numbered, from 1 at start_game;
 *   - keeping the answers the server has not confirmed (the last MJAI_LINK_KEPT of them);
 *   - a drop: reconnecting after 0.2 s, doubling to 5 s, with resume=N (N the numbered messages
 *     of the match received); the server's {"type":"resume","answered":R} makes the link send
 *     again its answers R+1… (answers given while away wait and follow them, in order);
 *   - the end: the server's normal close (1000, after end_game), a replacement (4000), or an
 *     upgrade refused for good (4xx: bad_token, bot_suspended, bad_room, or bad_resume when the
 *     match is gone). libwebsockets 4.1 drops the body of a refused upgrade, so the link asks
 *     once more with a plain HTTP/1.1 request carrying the same headers (load_http.c) to read
 *     the server's {"error":{"code","message"}}. A 503 or any other failure is retried.
 *
 * The caller owns the lws context and its event loop (lws_service): it puts
 * MJAI_LINK_PROTOCOL (below) among the context's protocols, and may run other sockets on the
 * same loop (the bridge ippon-mjai runs its TCP listener there). Only ws:// is spoken.
 */
#ifndef IPPON_MJAI_LINK_H
#define IPPON_MJAI_LINK_H

#include <libwebsockets.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define MJAI_LINK_PROTOCOL_NAME "ippon-mjai-link"
#define MJAI_LINK_KEPT 512       /* answers kept for a resume */
#define MJAI_LINK_MAX_LINE 65536 /* a longer message from the server drops the connection */

/* the lws protocol entry of the link, for the context's protocol list */
int mjai_link_lws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len);
#define MJAI_LINK_PROTOCOL { MJAI_LINK_PROTOCOL_NAME, mjai_link_lws_callback, 0, 4096, 0, NULL, 0 }

/* where the link connects: parsed from a ws:// URL, then the room and the token */
typedef struct mjai_link_target {
    char host[256];
    int port;
    char path[256]; /* the route: the URL's path, "/mjai" when it has none */
    char room[64];
    char mode[8];   /* the ladder's mode= (4p or 3p), "" for none */
    char token[300];
} mjai_link_target;

/* whether mode is one the ladder takes as mode= ("4p" or "3p"): the tools check --mode with it */
bool mjai_link_mode_ok(const char *mode);

/*
 * Reads "ws://HOST[:PORT][/PATH]" (port 80 when absent) into t's host, port and path.
 * Returns 0, or -1 with the reason in err.
 */
int mjai_link_parse_url(const char *url, mjai_link_target *t, char *err, size_t err_cap);

typedef enum mjai_link_end {
    MJAI_LINK_FINISHED, /* the server closed normally (1000): the match is over */
    MJAI_LINK_REPLACED, /* another connection of the same bot took the seat (4000) */
    MJAI_LINK_GONE,     /* a resume was refused (400 bad_resume): the match is no longer there */
    MJAI_LINK_REFUSED,  /* the upgrade was refused for good (401, 403, 400 bad_room, 404…) */
} mjai_link_end;

/* why the server refused the upgrade: its status and its JSON body's error and message */
typedef struct mjai_link_refusal {
    int status;
    char code[64];     /* "bad_token"…; empty if the body said none */
    char message[512]; /* the server's message; empty if it could not be read */
} mjai_link_refusal;

typedef struct mjai_link_handler {
    void *user;
    /* a message from the server (without its trailing newline); numbered is false for "error" */
    void (*message)(void *user, const char *text, size_t len, bool numbered);
    /* something worth a line in a log: connected, dropped, resumed… (no newline) */
    void (*note)(void *user, const char *text);
    /* the link is over (refusal is set for GONE and REFUSED); it then frees itself: the
     * pointer must not be used again, mjai_link_close included */
    void (*ended)(void *user, mjai_link_end end, const mjai_link_refusal *refusal);
} mjai_link_handler;

typedef struct mjai_link mjai_link;

/* starts connecting at once; NULL if out of memory */
mjai_link *mjai_link_open(struct lws_context *ctx, const mjai_link_target *t, const mjai_link_handler *h);

/* the bot's next answer (one mjai message, without a newline): sent now, or after a resume */
void mjai_link_answer(mjai_link *l, const char *text, size_t len);

/* numbered messages received and answers taken, since the link opened */
uint64_t mjai_link_received(const mjai_link *l);
uint64_t mjai_link_answered(const mjai_link *l);

/*
 * Closes the WebSocket (1000) and frees the link once its socket is gone (at once if it has
 * none); no handler is called any more. Not from inside the link's own handlers.
 */
void mjai_link_close(mjai_link *l);

#endif
