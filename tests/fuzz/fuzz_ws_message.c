/*
 * fuzz_ws_message.c — libFuzzer target for the game's WebSocket message reader: the gateway's
 * dispatch of a client's JSON message (gateway.c: hello, ping, queue, unqueue, practice,
 * contribute, act, resume; rate and abuse limits) down to the table (table.c) and the action reader
 * (protocol.c, ippon_proto_read_action) of a running match.
 *
 * What it feeds: a session of up to four sockets (socket 1 from one client address, the others
 * from another, which may hold two) talking to a real gateway (no event loop: the fuzz target
 * is the loop), one line of input at a time:
 *
 *     {"type":"hello","token":"@G"}   a text message on the current socket ("@G" "@H": two
 *                                     guests' tokens, "@A" an administrator's, "@B" a banned
 *                                     guest's); longer than max_frame: refused as ws.c does
 *     #2                              switch to socket 2 (0..3), opening it if it is closed
 *     #x                              the current socket closes
 *     ~1500                           1.5 s pass: every table wakes up when it asked to (bots,
 *                                     clocks, call windows, next hands) and the lobby checks
 *                                     its queues, as the gateway's timers would
 *     !m  !d  !k                      maintenance on/off, drain (shutdown), an admin closes
 *                                     the first running table
 *
 * Time is virtual (this file defines lws_now_usecs, which the gateway reads its clock from)
 * and libsodium's random bytes come from a generator seeded afresh for each input, so an input
 * always plays the same: the same deals, the same first dealer, the same bot choices. Finished
 * matches are not stored (there is no store writer: fuzz_server.h).
 *
 * What it checks: every message the server sends is a JSON object with a "type", and every
 * "error" has a "code" and a "message"; every message gets at least one reply on its own
 * socket, except a valid "act" (whose effects may wait for the call window), a valid
 * "contribute" (the first deal waits for the table's other humans), a "resume" inside
 * the call window (whose view must then come once the window has passed) and what arrives
 * after the socket was told it is being closed; a message answered with an error changes
 * nothing — the gateway's connections, tables, queues and finished matches, who the socket
 * belongs to, where that user is seated, and the public view of the user's table are all as
 * before (PROTOCOL.md, "Errors"). At the end every socket closes and the gateway is freed:
 * leaks are caught by LeakSanitizer, other memory errors and undefined behaviour by ASan and
 * UBSan. A violation calls abort().
 * Also checked: a table never asks to be woken again and again at the same moment (the real
 * loop would spin).
 *
 * FUZZ_WS_TRACE=1 in the environment prints the session (-> sent, <- received) on stderr: run
 * the target on one file to see what an input does, or to write a seed that answers real asks.
 * Run by ctest (label fuzz) for 20 s on the seeds in corpus/fuzz_ws_message/.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>
#include <libwebsockets.h>
#include <sodium.h>

#include "fuzz_server.h"
#include "game/gateway_conn.h"
#include "game/gateway_lobby.h"
#include "game/gateway_tables.h"
#include "game/table.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { SOCKETS = 4, MAX_LINES = 96, MAX_TICKS_PER_STEP = 4000, MAX_STEP_MS = 120000, MAX_FRAME = 1024 };

/* socket 1 comes from its own address, the others share one (at most two of them are let in) */
#define FUZZ_ADDR "198.51.100.7"
#define FUZZ_ADDR_1 "203.0.113.50"

static void fail(const char *what, const char *detail)
{
    fprintf(stderr, "fuzz_ws_message: %s\n%s\n", what, detail ? detail : "");
    abort();
}

/* ---- the loop's clock, and libsodium's random bytes, both under the input's control ---- */

static lws_usec_t now_us;

lws_usec_t lws_now_usecs(void)
{
    return now_us;
}

static uint64_t rng_state;

static uint64_t rng_next(void)
{
    uint64_t z = (rng_state += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

static const char *rng_name(void) { return "fuzz"; }
static uint32_t rng_random(void) { return (uint32_t)(rng_next() >> 32); }
static void rng_buf(void *const buf, const size_t size)
{
    unsigned char *b = buf;
    for (size_t i = 0; i < size; i++)
        b[i] = (unsigned char)(rng_next() >> 56);
}
static randombytes_implementation rng_impl = {rng_name, rng_random, NULL, NULL, rng_buf, NULL};

/* ---- the session ---- */

static fuzz_server server;
static ippon_gateway *gw;
static ippon_conn *sockets[SOCKETS];
static int current;
static int replies; /* messages sent to the current socket since the last message */
static int error_replies;
static int trace;   /* FUZZ_WS_TRACE set: print the session */
static bool view_due[SOCKETS]; /* a resume inside a call window: its view comes when the window closes */

static int64_t now_ms(void)
{
    return (int64_t)(now_us / 1000);
}

/* every queued message of every socket: checked, counted, and a closing socket closed */
static void drain(void)
{
    for (int i = 0; i < SOCKETS; i++) {
        ippon_conn *c = sockets[i];
        if (!c)
            continue;
        size_t len;
        bool close_after = false, closed = false;
        unsigned char *buf;
        while ((buf = ippon_gateway_next_out(gw, c, &len, &close_after))) {
            const char *text = (const char *)buf + LWS_PRE;
            if (trace)
                fprintf(stderr, "<- %d %.*s%s\n", i, (int)len, text, close_after ? " (closes)" : "");
            json_error_t jerr;
            json_t *msg = json_loadb(text, len, JSON_REJECT_DUPLICATES, &jerr);
            const char *type = json_string_value(json_object_get(msg, "type"));
            if (!json_is_object(msg) || !type)
                fail("the server sent something that is not a JSON object with a type", strndup(text, len));
            if (!strcmp(type, "error") && (!json_is_string(json_object_get(msg, "code")) ||
                                           !json_is_string(json_object_get(msg, "message"))))
                fail("an error without a code and a message", strndup(text, len));
            if (i == current) {
                replies++;
                error_replies += !strcmp(type, "error");
            }
            if (!strcmp(type, "view"))
                view_due[i] = false;
            json_decref(msg);
            ippon_gateway_out_free(gw, buf);
            closed |= close_after;
        }
        if (closed) { /* ws.c closes the socket once that message is written */
            ippon_gateway_close(gw, c);
            sockets[i] = NULL;
            view_due[i] = false;
        }
    }
}

/* what a bad message must leave as it was */
typedef struct snapshot {
    ippon_gateway_stats stats;
    char user_id[40];
    const struct gw_table *table;
    char *view;
} snapshot;

static void take(snapshot *s, ippon_conn *c)
{
    ippon_gateway_stats_get(gw, &s->stats);
    snprintf(s->user_id, sizeof s->user_id, "%s", c->user_id);
    s->table = gw_table_of(gw, c->user_id);
    s->view = NULL;
    if (s->table) {
        json_t *v = ippon_table_public_view(gw_table_game(s->table), now_ms());
        s->view = json_dumps(v, JSON_COMPACT | JSON_SORT_KEYS);
        json_decref(v);
    }
}

static void compare(const snapshot *a, const snapshot *b, const char *message)
{
    if (a->stats.connections != b->stats.connections || a->stats.tables[0] != b->stats.tables[0] || a->stats.tables[1] != b->stats.tables[1] ||
        a->stats.queued[0] != b->stats.queued[0] || a->stats.queued[1] != b->stats.queued[1] ||
        a->stats.matches_finished != b->stats.matches_finished)
        fail("a message answered with an error changed the gateway", message);
    if (strcmp(a->user_id, b->user_id) != 0 || a->table != b->table)
        fail("a message answered with an error changed the socket's user or table", message);
    if ((a->view || b->view) && (!a->view || !b->view || strcmp(a->view, b->view) != 0))
        fail("a message answered with an error changed the table", message);
}

static void message(const char *text, size_t len)
{
    ippon_conn *c = sockets[current];
    if (!c)
        return; /* the socket is closed: nothing to send on */
    replies = error_replies = 0;
    if (trace)
        fprintf(stderr, "-> %d %.*s\n", current, (int)len, text);
    if (len > ippon_gateway_max_frame(gw)) {
        ippon_gateway_oversized(gw, c);
        drain();
        if (sockets[current])
            fail("an oversized message did not close the socket", NULL);
        return;
    }
    bool closing = c->closing;
    snapshot before, after;
    take(&before, c);
    ippon_gateway_message(gw, c, text, len);
    take(&after, c); /* c is still open: only drain() closes sockets */
    drain();
    if (error_replies)
        compare(&before, &after, text);
    if (!replies && !closing) {
        /* only a valid act (its effects wait for the call window), a valid contribution (the deal
           waits for the other humans') and a resume inside the window (its view comes when the
           window closes) may go unanswered for now */
        json_t *msg = json_loadb(text, len, 0, NULL);
        const char *type = json_string_value(json_object_get(msg, "type"));
        if (type && !strcmp(type, "resume"))
            view_due[current] = true;
        else if (!type || (strcmp(type, "act") != 0 && strcmp(type, "contribute") != 0))
            fail("a message got no reply", text);
        json_decref(msg);
    }
    free(before.view);
    free(after.view);
}

/* ms of virtual time pass: the tables and the lobby wake up when they would */
static void pass_time(long ms)
{
    int64_t target = now_ms() + ms;
    const struct gw_table *last = NULL;
    int64_t last_at = -1;
    int same = 0;
    if (trace)
        fprintf(stderr, "~ %ld ms\n", ms);
    for (int ticks = 0; ticks < MAX_TICKS_PER_STEP; ticks++) {
        struct gw_table *next = NULL;
        int64_t at = -1;
        for (struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt)) {
            int64_t w = gw_table_finished(gt) ? -1 : ippon_table_next_wakeup(gw_table_game(gt));
            if (w >= 0 && w <= target && (at < 0 || w < at)) {
                at = w;
                next = gt;
            }
        }
        if (!next)
            break;
        same = next == last && at == last_at ? same + 1 : 0;
        if (same > 100)
            fail("a table asks to be woken again and again at the same moment", NULL);
        last = next;
        last_at = at;
        if (at > now_ms())
            now_us = (lws_usec_t)at * 1000;
        ippon_table_tick(gw_table_game(next), now_ms());
        drain();
    }
    now_us = (lws_usec_t)target * 1000;
    for (ippon_mode mode = 0; mode < IPPON_MODES; mode++)
        gw_lobby_changed(gw, mode, now_ms());
    drain();
    /* a call window lasts call_window_ms: a view asked for inside it has come by now */
    ippon_game_settings set;
    ippon_gateway_settings_get(gw, &set);
    for (int i = 0; i < SOCKETS && ms > set.call_window_ms * set.time_scale; i++) {
        const struct gw_table *gt = sockets[i] ? gw_table_of(gw, sockets[i]->user_id) : NULL;
        if (view_due[i] && gt && !gw_table_finished(gt))
            fail("a resume inside a call window never got its view", NULL);
        view_due[i] = false;
    }
}

static void control(char what)
{
    if (what == 'm') {
        ippon_gateway_set_maintenance(gw, !ippon_gateway_maintenance(gw));
    } else if (what == 'd') {
        ippon_gateway_drain(gw, 60000);
    } else if (what == 'k') {
        for (struct gw_table *gt = gw_table_first(gw); gt; gt = gw_table_next(gt))
            if (!gw_table_finished(gt)) {
                gw_table_close(gw, gt, "closed by an administrator");
                break;
            }
    }
    drain();
}

static void open_socket(int i)
{
    if (!sockets[i])
        sockets[i] = ippon_gateway_open(gw, &sockets[i], i == 1 ? FUZZ_ADDR_1 : FUZZ_ADDR); /* NULL: refused */
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (!server.store) {
        if (randombytes_set_implementation(&rng_impl) != 0) /* before sodium_init (fuzz_server_open) */
            fail("randombytes_set_implementation failed", NULL);
        fuzz_server_quiet();
        trace = getenv("FUZZ_WS_TRACE") != NULL;
        fuzz_server_open(&server, NULL);
        ippon_gateway_free(server.app.gateway); /* each input gets its own */
        server.app.gateway = NULL;
    }
    rng_state = 0x1ee7;
    now_us = (lws_usec_t)1700000000000 * 1000;
    ippon_game_settings set;
    ippon_game_settings_default(&set);
    set.max_frame = MAX_FRAME;
    set.max_conns_per_addr = 2; /* of sockets 0, 2 and 3, the last one opened is refused */
    gw = ippon_gateway_new(&server.app, &set);
    server.app.gateway = gw;
    if (!gw)
        fail("ippon_gateway_new failed", NULL);
    memset(sockets, 0, sizeof sockets);
    memset(view_due, 0, sizeof view_due);
    current = 0;
    open_socket(0);

    const char *p = (const char *)data, *end = p + size;
    for (int lines = 0; p < end && lines < MAX_LINES; lines++) {
        const char *eol = memchr(p, '\n', (size_t)(end - p));
        size_t len = eol ? (size_t)(eol - p) : (size_t)(end - p);
        if (len >= 2 && p[0] == '#') {
            if (p[1] >= '0' && p[1] < '0' + SOCKETS) {
                current = p[1] - '0';
                open_socket(current);
            } else if (p[1] == 'x' && sockets[current]) {
                ippon_gateway_close(gw, sockets[current]);
                sockets[current] = NULL;
            }
        } else if (len >= 1 && p[0] == '~') {
            long ms = 0;
            for (size_t i = 1; i < len && i < 8 && p[i] >= '0' && p[i] <= '9'; i++)
                ms = ms * 10 + (p[i] - '0');
            pass_time(ms > MAX_STEP_MS ? MAX_STEP_MS : ms);
        } else if (len == 2 && p[0] == '!') {
            control(p[1]);
        } else {
            size_t n;
            char *text = fuzz_server_expand(&server, p, len, &n);
            if (!text)
                fail("out of memory", NULL);
            message(text, n);
            free(text);
        }
        p = eol ? eol + 1 : end;
    }

    for (int i = 0; i < SOCKETS; i++)
        if (sockets[i]) {
            ippon_gateway_close(gw, sockets[i]);
            sockets[i] = NULL;
        }
    ippon_gateway_stats stats;
    ippon_gateway_stats_get(gw, &stats);
    if (stats.connections != 0)
        fail("connections left after every socket closed", NULL);
    ippon_gateway_free(gw);
    server.app.gateway = gw = NULL;
    return 0;
}
