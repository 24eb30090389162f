/*
 * ippon-load — a load generator for the ippon server: N concurrent WebSocket players that
 * queue, play real matches through the game protocol (src/server/PROTOCOL.md) and queue
 * again, while it measures what the server delivers.
 *
 *   ippon-load [--host H] [--port P] [--players N] [--mode 4p|3p] [--pace realistic|fast]
 *              [--duration SECONDS] [--ramp CONNECTIONS_PER_SECOND] [--pid SERVER_PID[,PID…]]
 *              [--think-ms MS] [--play first|shanten] [--loop libev|poll] [--json]
 *
 * Prints: players connected and how many reached a table, matches finished per second,
 * messages received per second, the action-to-event latency (p50, p99, max), errors, and —
 * with --pid — the server's resident memory (at the end and its peak) and CPU use; a cluster's
 * nodes are several pids, summed. Against a cluster (through HAProxy) a player told "move" — its
 * table formed on another node — opens its socket again at the move's path and plays there.
 * tests/bench/load.sh starts a server configured for load and runs this against it.
 *
 * How it works. First every player gets a guest token (POST /api/auth/guest over one
 * blocking keep-alive HTTP/1.1 connection, load_http.c). Then one libwebsockets client context
 * opens the WebSockets at --ramp connections per second, all on one event loop (one thread):
 * libev through Debian's lws evlib plugin (epoll), since lws's own poll() loop costs a walk
 * over every descriptor per wakeup (--loop poll keeps it, for comparison). A player says hello
 * with its token, queues for --mode, and answers every "ask" with one of its options: with
 * --play first (the default) tsumo or ron when offered, else the first option; with --play
 * shanten it follows its own tiles and plays to win (load_play.c: lowest shanten, riichi, no
 * calls), which makes matches of one or two hands instead of ten or more. It answers at once
 * with --pace fast, after --think-ms (default 1000, ±20 % jitter) with --pace realistic, so
 * that a table makes about one action per second. The delayed answers wait in a timer wheel of 1 ms slots driven
 * by one lws timer (lws 4.1 keeps its timers in a sorted list: thousands of them would cost a
 * walk per insertion). On the event "match_end" (or "table_closed") the player queues again.
 *
 * Measuring. The measured window starts when the ramp is over (every connection attempted and
 * answered) and lasts --duration seconds; the ramp is excluded. Matches are counted once each,
 * by the table's lowest human seat. Latency is the time from writing an "act" that discards
 * (discard or riichi) to receiving this player's own "discard" event, on the load
 * generator's clock (so it includes both event loops: the two processes share the machine).
 * Errors: every {"type":"error"} received (by code), failed connections, closes the load
 * generator did not ask for; clock timeouts ("timeout" messages: the table acted for a player
 * too slow) are counted apart. The most common messages (events) are recognised by a quick
 * scan of their start (the server writes "type" first, jansson keeps key order); everything
 * else, and anything the scan does not recognise, is parsed with jansson.
 *
 * Exit status: 0 after a run (whatever its figures), 1 if the run could not start (no tokens,
 * no context), 2 for a bad command line. The process raises its own open-file limit to the
 * hard limit; the server needs `ulimit -n` above the number of players too (load.sh does it).
 */
#include <errno.h>
#include <jansson.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <time.h>

#include "load_http.h"
#include "load_play.h"
#include "load_stats.h"

#define EXIT_USAGE 2
#define WHEEL_SLOTS 8192 /* 1 ms each: delays up to 8 s */
#define MAX_CODES 24
#define MAX_PIDS 16

enum pstate { P_IDLE, P_CONNECTING, P_HELLO, P_QUEUED, P_SEATED, P_GONE };

typedef struct out_msg {
    struct out_msg *next;
    size_t len;
    bool discard; /* an act that discards: its write time starts a latency sample */
    bool act;
    unsigned char data[]; /* LWS_PRE bytes of headroom, then the text */
} out_msg;

typedef struct player {
    enum pstate state;
    struct lws *wsi;
    char token[65];
    int seat;
    bool counter; /* the lowest human seat of its table: counts the table's match */
    bool ever_seated;
    out_msg *out_head, *out_tail;
    char *rx;
    size_t rx_len, rx_cap;
    out_msg *pending; /* the delayed answer (realistic pace) */
    int64_t due_ms;
    bool in_wheel;
    struct player *wheel_next;
    uint64_t discard_sent_us; /* when the last discarding act was written; 0 = none pending */
    ippon_load_hand hand;     /* --play shanten: the concealed tiles */
    char path[128];           /* where its socket connects: "/ws", or a cluster's "move" path */
    bool moving;              /* told "move": the socket closes and opens again at path */
} player;

typedef struct counters {
    uint64_t msgs, acts, matches, hands, events, asks;
} counters;

static struct {
    /* options */
    const char *host;
    int port, players;
    const char *mode;
    bool fast, json;
    const char *loop; /* "libev" or "poll" */
    bool shanten;     /* --play shanten (else: the first option) */
    const ippon_rules *rules;
    bool evlib;       /* the context runs on libev (epoll) */
    double duration, ramp;
    long pids[MAX_PIDS];     /* --pid: the server's processes (a cluster's nodes) */
    int npids;
    int think_ms;
    /* the run */
    struct lws_context *ctx;
    player *p;
    char hostport[300];
    int attempted, pending_connects, connected, welcomed, seated, ever_seated;
    uint64_t connect_failed, closed_unexpected, timeouts, tables_closed, write_failed, bad_messages, rx_too_large;
    uint64_t moves; /* sockets sent to their table's node (a cluster's "move") */
    struct {
        char code[32];
        uint64_t n;
    } codes[MAX_CODES];
    int n_codes;
    uint64_t error_msgs;
    char first_failure[200];
    counters c, at_window, at_last_tick;
    ippon_load_samples lat;
    uint64_t lat_max;
    uint64_t t0_us, ramp_start_us, window_start_us, window_end_us, ramp_deadline_us;
    bool window, done, ramp_incomplete;
    long rss_kib, rss_peak_kib, rss_at_window_kib;
    double srv_cpu_at_window, srv_cpu_end, own_cpu_at_window;
    long srv_fds;
    /* timers */
    lws_sorted_usec_list_t sul_ramp, sul_tick, sul_wheel;
    player *wheel[WHEEL_SLOTS];
    int64_t wheel_cursor; /* the next ms slot to run */
    long wheel_count;
    uint64_t rng;
    int tick_n;
} G;

static volatile sig_atomic_t interrupted;

static uint64_t now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000u + (uint64_t)ts.tv_nsec / 1000u;
}

static double own_cpu_s(void)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    return (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 + (double)ru.ru_stime.tv_sec +
           ru.ru_stime.tv_usec / 1e6;
}

static uint64_t rnd(void) /* xorshift64* */
{
    G.rng ^= G.rng >> 12;
    G.rng ^= G.rng << 25;
    G.rng ^= G.rng >> 27;
    return G.rng * 2685821657736338717ull;
}

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* ---- errors ---- */

static void count_code(const char *code)
{
    G.error_msgs++;
    for (int i = 0; i < G.n_codes; i++)
        if (!strcmp(G.codes[i].code, code)) {
            G.codes[i].n++;
            return;
        }
    int i = G.n_codes < MAX_CODES ? G.n_codes++ : MAX_CODES - 1;
    if (i == MAX_CODES - 1 && G.n_codes == MAX_CODES && strcmp(G.codes[i].code, "other") != 0)
        snprintf(G.codes[i].code, sizeof G.codes[i].code, "other");
    else
        snprintf(G.codes[i].code, sizeof G.codes[i].code, "%s", code);
    G.codes[i].n++;
}

static void note_failure(const char *what, const char *detail)
{
    if (!G.first_failure[0])
        snprintf(G.first_failure, sizeof G.first_failure, "%.60s: %.130s", what, detail ? detail : "");
}

static uint64_t total_errors(void)
{
    return G.error_msgs + G.connect_failed + G.closed_unexpected + G.write_failed + G.bad_messages + G.rx_too_large;
}

/* ---- sending ---- */

static out_msg *make_msg(const char *text, size_t len, bool act, bool discard)
{
    out_msg *m = malloc(sizeof *m + LWS_PRE + len);
    if (!m)
        return NULL;
    m->next = NULL;
    m->len = len;
    m->act = act;
    m->discard = discard;
    memcpy(m->data + LWS_PRE, text, len);
    return m;
}

static void push_msg(player *p, out_msg *m)
{
    if (!m)
        return;
    if (!p->wsi || p->state == P_GONE) {
        free(m);
        return;
    }
    if (p->out_tail)
        p->out_tail->next = m;
    else
        p->out_head = m;
    p->out_tail = m;
    lws_callback_on_writable(p->wsi);
}

static void send_text(player *p, const char *text)
{
    push_msg(p, make_msg(text, strlen(text), false, false));
}

static void send_queue(player *p)
{
    char text[64];
    snprintf(text, sizeof text, "{\"type\":\"queue\",\"mode\":\"%s\"}", G.mode);
    send_text(p, text);
    p->state = P_QUEUED;
}

static void drop_pending(player *p)
{
    free(p->pending);
    p->pending = NULL; /* a wheel entry without a pending answer is skipped */
}

static void free_player_io(player *p)
{
    while (p->out_head) {
        out_msg *m = p->out_head;
        p->out_head = m->next;
        free(m);
    }
    p->out_tail = NULL;
    drop_pending(p);
    free(p->rx);
    p->rx = NULL;
    p->rx_len = p->rx_cap = 0;
}

/* ---- the timer wheel of delayed answers ---- */

static void wheel_add(player *p, int64_t due_ms)
{
    p->due_ms = due_ms;
    if (p->in_wheel)
        return; /* already waiting: it fires at its first time (an ask replaced an ask) */
    int64_t slot = due_ms < G.wheel_cursor ? G.wheel_cursor : due_ms;
    p->wheel_next = G.wheel[slot % WHEEL_SLOTS];
    G.wheel[slot % WHEEL_SLOTS] = p;
    p->in_wheel = true;
    G.wheel_count++;
}

static void wheel_run(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    int64_t now = (int64_t)(now_us() / 1000);
    for (; G.wheel_cursor <= now; G.wheel_cursor++) {
        player **slot = &G.wheel[G.wheel_cursor % WHEEL_SLOTS];
        player *list = *slot, *keep = NULL;
        *slot = NULL;
        while (list) {
            player *p = list;
            list = p->wheel_next;
            if (p->due_ms > now) { /* a later lap */
                p->wheel_next = keep;
                keep = p;
                continue;
            }
            p->in_wheel = false;
            G.wheel_count--;
            if (p->pending) {
                out_msg *m = p->pending;
                p->pending = NULL;
                push_msg(p, m);
            }
        }
        *slot = keep;
    }
    if (!G.done)
        lws_sul_schedule(G.ctx, 0, &G.sul_wheel, wheel_run, 2 * LWS_US_PER_MS);
}

/* ---- receiving ---- */

static const char *find(const char *hay, size_t n, const char *needle)
{
    size_t k = strlen(needle);
    for (size_t i = 0; i + k <= n; i++)
        if (hay[i] == needle[0] && !memcmp(hay + i, needle, k))
            return hay + i;
    return NULL;
}

static bool starts(const char *s, size_t n, const char *prefix)
{
    size_t k = strlen(prefix);
    return n >= k && !memcmp(s, prefix, k);
}

static void on_own_discard(player *p, uint64_t now)
{
    if (!p->discard_sent_us)
        return; /* a discard the table made (riichi auto-discard, timeout) */
    uint64_t us = now - p->discard_sent_us;
    if (G.window && p->discard_sent_us >= G.window_start_us && now <= G.window_end_us) {
        ippon_load_samples_add(&G.lat, us);
        if (us > G.lat_max)
            G.lat_max = us;
    }
    p->discard_sent_us = 0;
}

static void on_match_over(player *p, bool completed)
{
    if (completed && p->counter)
        G.c.matches++;
    if (p->state == P_SEATED)
        G.seated--;
    p->discard_sent_us = 0;
    drop_pending(p);
    send_queue(p);
}

/* the tile (short notation) after `"tile":"` in s, as a kind; -1 if absent */
static int tile_after(const char *s, size_t n)
{
    const char *t = find(s, n, "\"tile\":\"");
    if (!t)
        return -1;
    t += strlen("\"tile\":\"");
    return t + 2 < s + n && t[2] == '"' ? ippon_load_tile_kind(t, 2) : -1;
}

/*
 * One event of this player's match: its type (the text after `"type":"`, ending with a
 * quote), the seat it is about (-1 if none), the tile's kind (-1 if none or not read), and
 * the parsed event for the kinds the quick scan leaves to jansson (deal, call, kita), or NULL.
 */
static void on_event(player *p, const char *type, size_t n, int seat, int kind, json_t *ev, uint64_t now)
{
    G.c.events++;
    bool mine = seat == p->seat;
    if (starts(type, n, "discard\"")) {
        if (mine) {
            on_own_discard(p, now);
            if (G.shanten)
                ippon_load_hand_remove(&p->hand, kind);
        }
    } else if (starts(type, n, "draw\"")) {
        if (mine && G.shanten)
            ippon_load_hand_add(&p->hand, kind);
    } else if (starts(type, n, "hand_start\"")) {
        if (p->counter)
            G.c.hands++;
        ippon_load_hand_clear(&p->hand);
    } else if (starts(type, n, "deal\"")) {
        ippon_load_hand_clear(&p->hand);
        size_t i;
        json_t *t;
        json_array_foreach(json_object_get(ev, "hand"), i, t)
        {
            const char *s = json_string_value(t);
            ippon_load_hand_add(&p->hand, s ? ippon_load_tile_kind(s, (int)strlen(s)) : -1);
        }
    } else if (starts(type, n, "kita\"")) {
        if (mine)
            ippon_load_hand_remove(&p->hand, kind);
    } else if (starts(type, n, "call\"")) {
        if (mine)
            p->hand.known = false; /* never chosen by the shanten player: stop following */
    } else if (starts(type, n, "match_end\"")) {
        on_match_over(p, true);
    }
}

/* the quick path for {"type":"event",…,"event":{"type":"…",…}}; false if not recognised */
static bool quick_event(player *p, const char *msg, size_t len, uint64_t now)
{
    static const char pre[] = "{\"type\":\"event\",";
    static const char ev[] = "\"event\":{\"type\":\"";
    if (!starts(msg, len, pre))
        return false;
    const char *k = find(msg + sizeof pre - 1, len - (sizeof pre - 1), ev);
    if (!k)
        return false;
    const char *t = k + sizeof ev - 1;
    size_t left = (size_t)(msg + len - t);
    int seat = -1, kind = -1;
    bool discard = starts(t, left, "discard\"");
    if (G.shanten && (starts(t, left, "deal\"") || starts(t, left, "kita\"") || starts(t, left, "call\"")))
        return false; /* rare: jansson */
    if (discard || starts(t, left, "draw\"")) {
        const char *s = find(t, left, "\"seat\":");
        if (!s)
            return false;
        s += strlen("\"seat\":");
        if (s >= msg + len || *s < '0' || *s > '9')
            return false;
        seat = *s - '0';
        if (G.shanten && seat == p->seat) {
            kind = tile_after(t, left);
            if (kind < 0)
                return false;
        }
    }
    on_event(p, t, left, seat, kind, NULL, now);
    return true;
}

/* an option to play: a win if offered, else the first option */
static json_t *choose_first(json_t *options)
{
    static const char *const prefer[] = { "tsumo", "ron" };
    for (size_t k = 0; k < sizeof prefer / sizeof prefer[0]; k++) {
        size_t i;
        json_t *o;
        json_array_foreach(options, i, o)
        {
            const char *t = json_string_value(json_object_get(o, "type"));
            if (t && !strcmp(t, prefer[k]))
                return o;
        }
    }
    return json_array_get(options, 0);
}

/* --play shanten: the option load_play.c picks */
static json_t *choose_shanten(player *p, json_t *options)
{
    enum { MAX_OPTIONS = 64 };
    const char *types[MAX_OPTIONS];
    int kinds[MAX_OPTIONS];
    bool red[MAX_OPTIONS];
    int n = 0;
    size_t i;
    json_t *o;
    json_array_foreach(options, i, o)
    {
        if (n == MAX_OPTIONS)
            break;
        types[n] = json_string_value(json_object_get(o, "type"));
        const char *tile = json_string_value(json_object_get(o, "tile"));
        kinds[n] = tile ? ippon_load_tile_kind(tile, (int)strlen(tile)) : -1;
        red[n] = tile && tile[0] == '0';
        n++;
    }
    if (!n)
        return NULL;
    return json_array_get(options, (size_t)ippon_load_choose(&p->hand, G.rules, types, kinds, red, n));
}

static void on_ask(player *p, json_t *msg, uint64_t now)
{
    G.c.asks++;
    json_t *seq = json_object_get(msg, "seq");
    json_t *options = json_object_get(msg, "options");
    json_t *o = !json_is_array(options) ? NULL : G.shanten ? choose_shanten(p, options) : choose_first(options);
    if (!json_is_integer(seq) || !o) {
        G.bad_messages++;
        note_failure("an ask without seq or options", NULL);
        return;
    }
    char *action = json_dumps(o, JSON_COMPACT);
    if (!action)
        return;
    const char *type = json_string_value(json_object_get(o, "type"));
    bool discard = type && (!strcmp(type, "discard") || !strcmp(type, "riichi"));
    size_t cap = strlen(action) + 64;
    char *text = malloc(cap);
    if (!text) {
        free(action);
        return;
    }
    int n = snprintf(text, cap, "{\"type\":\"act\",\"seq\":%lld,\"action\":%s}", (long long)json_integer_value(seq),
                     action);
    out_msg *m = make_msg(text, (size_t)n, true, discard);
    free(text);
    free(action);
    if (G.fast) {
        push_msg(p, m);
        return;
    }
    drop_pending(p);
    p->pending = m;
    int64_t jitter = G.think_ms / 5;
    int64_t delay = G.think_ms - jitter + (jitter > 0 ? (int64_t)(rnd() % (uint64_t)(2 * jitter + 1)) : 0);
    wheel_add(p, (int64_t)(now / 1000) + delay);
}

/* the player's contribution to the walls, as the web client sends it on match_found (the load
   generator's own random words are enough: what is measured is the server's work) */
static void send_contribution(player *p)
{
    char text[128];
    int len = snprintf(text, sizeof text, "{\"type\":\"contribute\",\"bytes\":\"");
    for (int i = 0; i < 4; i++)
        len += snprintf(text + len, sizeof text - (size_t)len, "%016llx", (unsigned long long)rnd());
    snprintf(text + len, sizeof text - (size_t)len, "\"}");
    send_text(p, text);
}

/* the lowest seat of a human in seats ([{"seat", "bot"}...]: match_found's seats, a view's names):
   its player counts the table's matches and hands */
static int lowest_human(json_t *seats)
{
    int lowest = -1;
    size_t i;
    json_t *s;
    json_array_foreach(seats, i, s)
    {
        int k = (int)json_integer_value(json_object_get(s, "seat"));
        if (!json_is_true(json_object_get(s, "bot")) && (lowest < 0 || k < lowest))
            lowest = k;
    }
    return lowest;
}

/* p sits at a table now (match_found, or welcomed at its table's node after a move) */
static void seat_player(player *p, int seat)
{
    p->seat = seat;
    p->discard_sent_us = 0;
    if (p->state != P_SEATED)
        G.seated++;
    p->state = P_SEATED;
    if (!p->ever_seated) {
        p->ever_seated = true;
        G.ever_seated++;
    }
}

static void on_match_found(player *p, json_t *msg)
{
    json_t *seat = json_object_get(msg, "seat");
    seat_player(p, json_is_integer(seat) ? (int)json_integer_value(seat) : -1);
    p->counter = lowest_human(json_object_get(msg, "seats")) == p->seat;
    if (json_integer_value(json_object_get(json_object_get(msg, "fairness"), "contribute_ms")) > 0)
        send_contribution(p);
    ippon_load_hand_clear(&p->hand);
}

/* a cluster's "move": the player's table is on another node; its socket goes to path (through the
   same host: the proxy routes it) */
static void on_move(player *p, json_t *msg)
{
    const char *path = json_string_value(json_object_get(msg, "path"));
    if (!path || strncmp(path, "/ws?", 4) != 0 || strlen(path) >= sizeof p->path) {
        G.bad_messages++;
        note_failure("a move without a usable path", path);
        return;
    }
    snprintf(p->path, sizeof p->path, "%s", path);
    p->moving = true;
}

/* a view (after arriving at its table's node): which seat counts its match, and the concealed tiles */
static void on_view(player *p, json_t *msg)
{
    p->counter = lowest_human(json_object_get(msg, "names")) == p->seat;
    if (!G.shanten)
        return;
    json_t *you = json_object_get(msg, "you");
    ippon_load_hand_clear(&p->hand);
    size_t i;
    json_t *s;
    json_array_foreach(json_object_get(you, "hand"), i, s)
    {
        const char *t = json_string_value(s);
        ippon_load_hand_add(&p->hand, t ? ippon_load_tile_kind(t, (int)strlen(t)) : -1);
    }
    const char *drawn = json_string_value(json_object_get(you, "drawn"));
    if (drawn)
        ippon_load_hand_add(&p->hand, ippon_load_tile_kind(drawn, (int)strlen(drawn)));
}

static void handle(player *p, const char *text, size_t len)
{
    uint64_t now = now_us();
    G.c.msgs++;
    if (quick_event(p, text, len, now))
        return;
    json_error_t jerr;
    json_t *msg = json_loadb(text, len, 0, &jerr);
    const char *type = msg ? json_string_value(json_object_get(msg, "type")) : NULL;
    if (!type) {
        G.bad_messages++;
        note_failure("a message that is not a typed JSON object", jerr.text);
        json_decref(msg);
        return;
    }
    if (!strcmp(type, "event")) {
        json_t *ev = json_object_get(msg, "event");
        const char *et = json_string_value(json_object_get(ev, "type"));
        if (et) {
            char quoted[40];
            snprintf(quoted, sizeof quoted, "%s\"", et);
            json_t *seat = json_object_get(ev, "seat");
            const char *tile = json_string_value(json_object_get(ev, "tile"));
            on_event(p, quoted, strlen(quoted), json_is_integer(seat) ? (int)json_integer_value(seat) : -1,
                     tile ? ippon_load_tile_kind(tile, (int)strlen(tile)) : -1, ev, now);
        }
    } else if (!strcmp(type, "ask")) {
        on_ask(p, msg, now);
    } else if (!strcmp(type, "welcome")) {
        if (p->state == P_HELLO) {
            G.welcomed++;
            json_t *table = json_object_get(msg, "table"); /* at its table's node after a move */
            if (json_is_object(table))
                seat_player(p, (int)json_integer_value(json_object_get(table, "seat")));
            else
                send_queue(p);
        }
    } else if (!strcmp(type, "move")) {
        on_move(p, msg);
    } else if (!strcmp(type, "view")) {
        on_view(p, msg);
    } else if (!strcmp(type, "match_found")) {
        on_match_found(p, msg);
    } else if (!strcmp(type, "timeout")) {
        G.timeouts++;
        p->discard_sent_us = 0;
        drop_pending(p);
    } else if (!strcmp(type, "table_closed")) {
        G.tables_closed++;
        on_match_over(p, false);
    } else if (!strcmp(type, "error")) {
        const char *code = json_string_value(json_object_get(msg, "code"));
        count_code(code ? code : "(none)");
        const char *m = json_string_value(json_object_get(msg, "message"));
        char detail[160];
        snprintf(detail, sizeof detail, "%s: %s", code ? code : "?", m ? m : "");
        note_failure("error message", detail);
        p->discard_sent_us = 0;
    } /* queued, queue_status, pong, unqueued: nothing to do */
    json_decref(msg);
}

static int on_receive(struct lws *wsi, player *p, const char *in, size_t len)
{
    bool final = lws_is_final_fragment(wsi) && !lws_remaining_packet_payload(wsi);
    if (final && p->rx_len == 0) {
        handle(p, in, len);
        return p->moving ? -1 : 0; /* moving: this socket closes, another opens (CLIENT_CLOSED) */
    }
    if (p->rx_len + len > (1u << 22)) {
        G.rx_too_large++;
        note_failure("a message over 4 MiB", NULL);
        return -1;
    }
    if (p->rx_len + len > p->rx_cap) {
        size_t cap = (p->rx_len + len) * 2;
        char *grown = realloc(p->rx, cap);
        if (!grown)
            return -1;
        p->rx = grown;
        p->rx_cap = cap;
    }
    memcpy(p->rx + p->rx_len, in, len);
    p->rx_len += len;
    if (final) {
        handle(p, p->rx, p->rx_len);
        p->rx_len = 0;
    }
    return p->moving ? -1 : 0;
}

/* ---- the WebSocket callback ---- */

static void player_gone(player *p)
{
    if (p->state == P_SEATED)
        G.seated--;
    if (p->state >= P_HELLO && p->state <= P_SEATED)
        G.connected--;
    p->state = P_GONE;
    free_player_io(p);
}

static void move_socket(player *p);

static int ws_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    (void)user;
    player *p = wsi ? lws_get_opaque_user_data(wsi) : NULL;
    switch (reason) {
    case LWS_CALLBACK_CLIENT_CONNECTION_ERROR:
        if (p && p->state == P_CONNECTING) {
            G.connect_failed++;
            G.pending_connects--;
            note_failure("connection failed", in ? (const char *)in : "unknown reason");
            p->state = P_GONE;
            p->wsi = NULL;
        }
        break;
    case LWS_CALLBACK_CLIENT_ESTABLISHED:
        if (!p)
            break;
        G.pending_connects--;
        G.connected++;
        p->state = P_HELLO;
        p->wsi = wsi;
        {
            char hello[160];
            snprintf(hello, sizeof hello, "{\"type\":\"hello\",\"v\":1,\"token\":\"%s\"}", p->token);
            send_text(p, hello);
        }
        break;
    case LWS_CALLBACK_CLIENT_RECEIVE:
        if (p && p->state != P_GONE)
            return on_receive(wsi, p, in, len);
        break;
    case LWS_CALLBACK_CLIENT_WRITEABLE: {
        if (!p || !p->out_head)
            break;
        out_msg *m = p->out_head;
        int n = lws_write(wsi, m->data + LWS_PRE, m->len, LWS_WRITE_TEXT);
        if (n < (int)m->len) {
            G.write_failed++;
            note_failure("write failed", NULL);
            return -1;
        }
        if (m->discard)
            p->discard_sent_us = now_us();
        if (m->act)
            G.c.acts++;
        p->out_head = m->next;
        if (!p->out_head)
            p->out_tail = NULL;
        free(m);
        if (p->out_head)
            lws_callback_on_writable(wsi);
        break;
    }
    case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
        if (p && !G.done && len >= 2) {
            const unsigned char *b = in;
            char detail[160];
            snprintf(detail, sizeof detail, "close code %d %.*s", b[0] << 8 | b[1], (int)(len - 2 > 100 ? 100 : len - 2),
                     (const char *)in + 2);
            note_failure("the server closed a connection", detail);
        }
        break;
    case LWS_CALLBACK_CLIENT_CLOSED:
        if (p && p->moving && p->wsi == wsi && !G.done) {
            move_socket(p);
            break;
        }
        if (p && p->state != P_GONE) {
            if (!G.done) {
                G.closed_unexpected++;
                note_failure("connection closed", "by the server or the network");
            }
            player_gone(p);
        }
        break;
    case LWS_CALLBACK_WSI_DESTROY:
        if (p && p->wsi == wsi) { /* (a moved player's old socket is no longer its own) */
            if (p->state == P_CONNECTING) { /* destroyed before it connected or failed */
                G.connect_failed++;
                G.pending_connects--;
                note_failure("connection failed", "destroyed while connecting");
                p->state = P_GONE;
            }
            p->wsi = NULL;
        }
        break;
    default:
        break;
    }
    return 0;
}

static const struct lws_protocols protocols[] = {
    { "ippon.v1", ws_callback, 0, 4096, 0, NULL, 0 },
    { NULL, NULL, 0, 0, 0, NULL, 0 },
};

/* ---- ramp, ticks, the window ---- */

/* opens p's socket (at its path: "/ws" until a move) */
static void open_socket(player *p)
{
    struct lws_client_connect_info ci;
    memset(&ci, 0, sizeof ci);
    ci.context = G.ctx;
    ci.address = G.host;
    ci.port = G.port;
    ci.path = p->path[0] ? p->path : "/ws";
    ci.host = G.hostport;
    ci.origin = G.hostport;
    ci.protocol = "ippon.v1";
    ci.ietf_version_or_minus_one = -1;
    ci.opaque_user_data = p;
    ci.pwsi = &p->wsi;
    p->state = P_CONNECTING;
    G.pending_connects++;
    if (!lws_client_connect_via_info(&ci) && p->state == P_CONNECTING) {
        G.connect_failed++;
        G.pending_connects--;
        note_failure("connection failed", "lws_client_connect_via_info");
        p->state = P_GONE;
        p->wsi = NULL;
    }
}

static void connect_one(player *p)
{
    G.attempted++;
    open_socket(p);
}

/* a moved player's socket closed: it opens again at its table's node (the move's path) */
static void move_socket(player *p)
{
    if (p->state == P_SEATED)
        G.seated--;
    if (p->state >= P_HELLO && p->state <= P_SEATED)
        G.connected--;
    free_player_io(p);
    p->moving = false;
    p->wsi = NULL;
    G.moves++;
    open_socket(p);
}

static void ramp_run(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    double elapsed = (double)(now_us() - G.ramp_start_us) / 1e6;
    long allowed = (long)(elapsed * G.ramp) + 1;
    while (G.attempted < G.players && G.attempted < allowed)
        connect_one(&G.p[G.attempted]);
    if (G.attempted < G.players)
        lws_sul_schedule(G.ctx, 0, &G.sul_ramp, ramp_run, 10 * LWS_US_PER_MS);
}

/* ---- the server's processes (--pid: one, or a cluster's nodes): their sums ---- */

/* what read gives for each server, summed; -1 if any is gone (read answered < 0) */
static double servers_sum(double (*read)(pid_t pid, const char *field), const char *field)
{
    double sum = 0;
    for (int i = 0; i < G.npids; i++) {
        double v = read((pid_t)G.pids[i], field);
        if (v < 0)
            return -1;
        sum += v;
    }
    return sum;
}

static double read_kib(pid_t pid, const char *field) { return (double)ippon_load_proc_kib(pid, field); }
static double read_cpu_s(pid_t pid, const char *field) { (void)field; return ippon_load_proc_cpu_s(pid); }
static double read_fds(pid_t pid, const char *field) { (void)field; return (double)ippon_load_proc_fds(pid); }

/* a /proc/PID/status field (kB), the CPU time (s), the open descriptors: summed over the servers */
static long servers_kib(const char *field) { return (long)servers_sum(read_kib, field); }
static double servers_cpu_s(void) { return servers_sum(read_cpu_s, NULL); }
static long servers_fds(void) { return (long)servers_sum(read_fds, NULL); }

/* "pid 123" or "pids 123,456" */
static const char *servers_named(void)
{
    static char text[16 * MAX_PIDS + 8];
    int n = snprintf(text, sizeof text, "%s ", G.npids > 1 ? "pids" : "pid");
    for (int i = 0; i < G.npids && n < (int)sizeof text; i++)
        n += snprintf(text + n, sizeof text - (size_t)n, "%s%ld", i ? "," : "", G.pids[i]);
    return text;
}

static void start_window(uint64_t now)
{
    G.window = true;
    G.window_start_us = now;
    G.window_end_us = now + (uint64_t)(G.duration * 1e6);
    G.at_window = G.c;
    G.own_cpu_at_window = own_cpu_s();
    if (G.npids > 0) {
        G.srv_cpu_at_window = servers_cpu_s();
        G.rss_at_window_kib = servers_kib("VmRSS:");
    }
    fprintf(stderr, "ippon-load: ramp over after %.1f s: %d connected, %d failed; measuring for %.0f s\n",
            (double)(now - G.ramp_start_us) / 1e6, G.connected, (int)G.connect_failed, G.duration);
}

static void tick_run(lws_sorted_usec_list_t *sul)
{
    (void)sul;
    uint64_t now = now_us();
    G.tick_n++;
    if (G.npids > 0) {
        long rss = servers_kib("VmRSS:");
        if (rss >= 0) {
            G.rss_kib = rss;
            if (rss > G.rss_peak_kib)
                G.rss_peak_kib = rss;
        }
    }
    if (!G.window) {
        bool over = G.attempted == G.players && G.pending_connects == 0;
        if (!over && now >= G.ramp_deadline_us) {
            over = true;
            G.ramp_incomplete = true;
        }
        if (over)
            start_window(now);
    }
    if (G.tick_n % 5 == 0) {
        double dt = 5.0; /* approximately: the tick runs every second */
        fprintf(stderr,
                "ippon-load: %5.0fs connected %d seated %d | %.0f msg/s %.0f act/s | matches %llu | errors %llu "
                "timeouts %llu | server %.1f MB%s\n",
                (double)(now - G.t0_us) / 1e6, G.connected, G.seated, (double)(G.c.msgs - G.at_last_tick.msgs) / dt,
                (double)(G.c.acts - G.at_last_tick.acts) / dt, (unsigned long long)G.c.matches,
                (unsigned long long)total_errors(), (unsigned long long)G.timeouts, G.rss_kib / 1024.0,
                G.window ? "" : " (ramp)");
        G.at_last_tick = G.c;
    }
    if ((G.window && now >= G.window_end_us) || interrupted) {
        if (!G.window)
            start_window(now);
        if (now < G.window_end_us)
            G.window_end_us = now; /* interrupted: the window ends here */
        G.done = true;
        if (G.evlib)
            raise(SIGINT); /* lws's libev SIGINT watcher breaks the loop: lws_service returns */
        else
            lws_cancel_service(G.ctx);
        return;
    }
    lws_sul_schedule(G.ctx, 0, &G.sul_tick, tick_run, LWS_US_PER_SEC);
}

/* ---- the report ---- */

static void report(void)
{
    double secs = (double)(G.window_end_us - G.window_start_us) / 1e6;
    if (secs <= 0)
        secs = 1e-9;
    counters d = {
        .msgs = G.c.msgs - G.at_window.msgs, .acts = G.c.acts - G.at_window.acts,
        .matches = G.c.matches - G.at_window.matches, .hands = G.c.hands - G.at_window.hands,
        .events = G.c.events - G.at_window.events, .asks = G.c.asks - G.at_window.asks,
    };
    ippon_load_samples_sort(&G.lat);
    double p50 = ippon_load_samples_pct(&G.lat, 50) / 1000.0, p99 = ippon_load_samples_pct(&G.lat, 99) / 1000.0;
    double p999 = ippon_load_samples_pct(&G.lat, 99.9) / 1000.0, mx = G.lat_max / 1000.0;
    double mean = G.lat.count ? (double)G.lat.sum / (double)G.lat.count / 1000.0 : 0;
    double own_cpu = (own_cpu_s() - G.own_cpu_at_window) / secs * 100.0;
    double srv_cpu = G.npids > 0 && G.srv_cpu_end >= 0 && G.srv_cpu_at_window >= 0
                         ? (G.srv_cpu_end - G.srv_cpu_at_window) / secs * 100.0
                         : -1;
    /* the server's CPU time in the window over the acts sent in it: what one action costs it */
    double srv_ms_per_act = srv_cpu >= 0 && d.acts ? srv_cpu / 100.0 * secs * 1000.0 / (double)d.acts : -1;
    uint64_t errors = total_errors();

    printf("ippon-load: %d players, %s, %s pace, %s play, %.1f s measured after the ramp (%.0f conn/s), %s loop\n",
           G.players, G.mode, G.fast ? "fast" : "realistic", G.shanten ? "shanten" : "first-option", secs, G.ramp,
           G.loop);
    if (!G.fast)
        printf("  think time            %d ms ±20%% per answer\n", G.think_ms);
    printf("  players connected     %d of %d (%d reached a table; %d seated at the end)%s\n", G.connected, G.players,
           G.ever_seated, G.seated, G.ramp_incomplete ? " — ramp incomplete" : "");
    if (G.moves)
        printf("  moves                 %llu sockets sent to their table's node (a cluster)\n", (unsigned long long)G.moves);
    printf("  matches finished      %llu (%.2f /s), hands %llu (%.2f /s)\n", (unsigned long long)d.matches,
           (double)d.matches / secs, (unsigned long long)d.hands, (double)d.hands / secs);
    printf("  messages received     %llu (%.0f /s); acts sent %llu (%.0f /s)\n", (unsigned long long)d.msgs,
           (double)d.msgs / secs, (unsigned long long)d.acts, (double)d.acts / secs);
    printf("  act→discard latency   p50 %.2f ms, p99 %.2f ms, p99.9 %.2f ms, max %.2f ms, mean %.2f ms (%zu samples)\n",
           p50, p99, p999, mx, mean, G.lat.count);
    printf("  errors                %llu", (unsigned long long)errors);
    if (errors) {
        printf(" (");
        const char *sep = "";
        if (G.connect_failed)
            printf("%sconnect failed %llu", sep, (unsigned long long)G.connect_failed), sep = ", ";
        if (G.closed_unexpected)
            printf("%sunexpected closes %llu", sep, (unsigned long long)G.closed_unexpected), sep = ", ";
        if (G.write_failed)
            printf("%swrite failed %llu", sep, (unsigned long long)G.write_failed), sep = ", ";
        if (G.bad_messages)
            printf("%sunreadable messages %llu", sep, (unsigned long long)G.bad_messages), sep = ", ";
        if (G.rx_too_large)
            printf("%soversized messages %llu", sep, (unsigned long long)G.rx_too_large), sep = ", ";
        for (int i = 0; i < G.n_codes; i++)
            printf("%serror \"%s\" %llu", sep, G.codes[i].code, (unsigned long long)G.codes[i].n), sep = ", ";
        printf(")\n  first failure         %s", G.first_failure);
    }
    printf("\n  clock timeouts        %llu; tables closed %llu\n", (unsigned long long)G.timeouts,
           (unsigned long long)G.tables_closed);
    if (G.npids > 0 && G.srv_fds < 0)
        printf("  server (%s)      gone before the end; VmRSS %.1f MB when last seen, peak %.1f MB\n", servers_named(),
               G.rss_kib / 1024.0, G.rss_peak_kib / 1024.0);
    else if (G.npids > 0)
        printf("  server (%s)      VmRSS %.1f MB at the end, peak %.1f MB (%.1f MB after the ramp); CPU %.1f%% "
               "of one core (%.3f ms per act sent); %ld fds\n",
               servers_named(), G.rss_kib / 1024.0, G.rss_peak_kib / 1024.0, G.rss_at_window_kib / 1024.0, srv_cpu,
               srv_ms_per_act, G.srv_fds);
    printf("  load generator        CPU %.0f%% of one core (both share the machine's cores)\n", own_cpu);

    if (G.json) {
        json_t *codes = json_object();
        for (int i = 0; i < G.n_codes; i++)
            json_object_set_new(codes, G.codes[i].code, json_integer((json_int_t)G.codes[i].n));
        json_t *o = json_pack(
            "{s:s,s:i,s:s,s:s,s:s,s:f,s:f,s:i,s:i,s:i,s:b,s:I,s:f,s:I,s:f,s:I,s:f,s:I,s:f,s:{s:f,s:f,s:f,s:f,s:f,s:I},"
            "s:{s:I,s:I,s:I,s:I,s:I,s:I,s:o},s:I,s:I,s:f}",
            "tool", "ippon-load", "players", G.players, "mode", G.mode, "pace", G.fast ? "fast" : "realistic", "play",
            G.shanten ? "shanten" : "first", "seconds",
            secs, "ramp_per_s", G.ramp, "connected", G.connected, "reached_table", G.ever_seated, "seated_at_end",
            G.seated, "ramp_incomplete", G.ramp_incomplete, "matches", (json_int_t)d.matches, "matches_per_s",
            (double)d.matches / secs, "hands", (json_int_t)d.hands, "hands_per_s", (double)d.hands / secs, "messages",
            (json_int_t)d.msgs, "messages_per_s", (double)d.msgs / secs, "acts", (json_int_t)d.acts, "acts_per_s",
            (double)d.acts / secs, "latency_ms", "p50", p50, "p99", p99, "p999", p999, "max", mx, "mean", mean,
            "samples", (json_int_t)G.lat.count, "errors", "total", (json_int_t)errors, "connect_failed",
            (json_int_t)G.connect_failed, "closed_unexpected", (json_int_t)G.closed_unexpected, "write_failed",
            (json_int_t)G.write_failed, "unreadable", (json_int_t)G.bad_messages, "oversized",
            (json_int_t)G.rx_too_large, "codes", codes, "timeouts", (json_int_t)G.timeouts, "tables_closed",
            (json_int_t)G.tables_closed, "load_cpu_pct", own_cpu);
        if (o)
            json_object_set_new(o, "moves", json_integer((json_int_t)G.moves));
        if (o && G.npids > 0) {
            json_t *pids = json_array();
            for (int i = 0; i < G.npids; i++)
                json_array_append_new(pids, json_integer(G.pids[i]));
            json_object_set_new(o, "server_pid", json_integer(G.pids[0]));
            json_object_set_new(o, "server_pids", pids);
            json_object_set_new(o, "server_rss_mb", json_real(G.rss_kib / 1024.0));
            json_object_set_new(o, "server_rss_peak_mb", json_real(G.rss_peak_kib / 1024.0));
            json_object_set_new(o, "server_cpu_pct", json_real(srv_cpu));
            json_object_set_new(o, "server_cpu_ms_per_act", json_real(srv_ms_per_act));
            json_object_set_new(o, "server_fds", json_integer(G.srv_fds));
        }
        char *text = o ? json_dumps(o, JSON_COMPACT) : NULL;
        if (text)
            printf("%s\n", text);
        free(text);
        json_decref(o);
    }
    fflush(stdout);
}

/* ---- options ---- */

static int usage(FILE *to, int rc)
{
    fputs("usage: ippon-load [--host H] [--port P] [--players N] [--mode 4p|3p] [--pace realistic|fast]\n"
          "                  [--duration SECONDS] [--ramp CONNECTIONS_PER_SECOND] [--pid PID[,PID…]]\n"
          "                  [--think-ms MS] [--play first|shanten] [--loop libev|poll] [--json]\n"
          "\n"
          "N WebSocket players queue, play matches and queue again against an ippon server; prints\n"
          "players connected, matches/s, messages/s, act-to-event latency p50/p99, errors and, with\n"
          "--pid, the server's resident memory.\n"
          "\n"
          "  --host H        server address (default 127.0.0.1)\n"
          "  --port P        server port (default 8080)\n"
          "  --players N     concurrent players (default 100)\n"
          "  --mode M        4p or 3p (default 4p)\n"
          "  --pace P        realistic: answer each ask after --think-ms (about one action per second\n"
          "                  and table); fast: answer at once (default realistic)\n"
          "  --duration S    seconds measured after the ramp (default 60)\n"
          "  --ramp C        new connections per second (default 500)\n"
          "  --pid PIDS      the server's process id, or a cluster's nodes' (comma-separated: summed), to read\n"
          "                  their memory and CPU from /proc\n"
          "  --think-ms MS   the realistic answer delay, 0..5000 ms (default 1000)\n"
          "  --play S        first: win when offered, else the first option (default); shanten: win,\n"
          "                  riichi, pass on calls, discard for the lowest shanten (shorter matches)\n"
          "  --loop L        libev (epoll, the default) or poll (lws's own loop: O(connections) per wakeup)\n"
          "  --json          also print one JSON line with the figures\n",
          to);
    return rc;
}

static int bad(const char *opt, const char *value, const char *want)
{
    fprintf(stderr, "ippon-load: %s %s: %s (try --help)\n", opt, value ? value : "", want);
    return EXIT_USAGE;
}

static bool parse_num(const char *s, double lo, double hi, double *out)
{
    if (!s || !*s)
        return false;
    char *end;
    errno = 0;
    double v = strtod(s, &end);
    if (errno || *end || v != v || v < lo || v > hi)
        return false;
    *out = v;
    return true;
}

static int parse_args(int argc, char **argv)
{
    G.host = "127.0.0.1";
    G.port = 8080;
    G.players = 100;
    G.mode = "4p";
    G.duration = 60;
    G.ramp = 500;
    G.think_ms = 1000;
    G.loop = "libev";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout, -1);
        if (!strcmp(a, "--json")) {
            G.json = true;
            continue;
        }
        static const char *const with_value[] = { "--host",     "--port", "--players", "--mode",     "--pace",
                                                  "--duration", "--ramp", "--pid",     "--think-ms", "--loop", "--play", NULL };
        bool known = false;
        for (int k = 0; with_value[k]; k++)
            known |= !strcmp(a, with_value[k]);
        if (!known) {
            fprintf(stderr, "ippon-load: unknown option '%s' (try --help)\n", a);
            return EXIT_USAGE;
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "ippon-load: option '%s' needs a value (try --help)\n", a);
            return EXIT_USAGE;
        }
        const char *v = argv[++i];
        double x;
        if (!strcmp(a, "--host")) {
            if (!*v || strlen(v) > 253)
                return bad(a, v, "a host name or address");
            G.host = v;
        } else if (!strcmp(a, "--port")) {
            if (!parse_num(v, 1, 65535, &x) || x != (int)x)
                return bad(a, v, "an integer 1..65535");
            G.port = (int)x;
        } else if (!strcmp(a, "--players")) {
            if (!parse_num(v, 1, 1000000, &x) || x != (int)x)
                return bad(a, v, "an integer 1..1000000");
            G.players = (int)x;
        } else if (!strcmp(a, "--mode")) {
            if (strcmp(v, "4p") && strcmp(v, "3p"))
                return bad(a, v, "4p or 3p");
            G.mode = v;
        } else if (!strcmp(a, "--pace")) {
            if (strcmp(v, "realistic") && strcmp(v, "fast"))
                return bad(a, v, "realistic or fast");
            G.fast = !strcmp(v, "fast");
        } else if (!strcmp(a, "--duration")) {
            if (!parse_num(v, 1, 86400, &x))
                return bad(a, v, "seconds, 1..86400");
            G.duration = x;
        } else if (!strcmp(a, "--ramp")) {
            if (!parse_num(v, 1, 1000000, &x))
                return bad(a, v, "connections per second, 1..1000000");
            G.ramp = x;
        } else if (!strcmp(a, "--pid")) {
            G.npids = 0;
            for (const char *at = v; *at;) {
                char one[24];
                size_t len = strcspn(at, ",");
                snprintf(one, sizeof one, "%.*s", (int)(len < sizeof one ? len : sizeof one - 1), at);
                if (G.npids == MAX_PIDS || len >= sizeof one || !parse_num(one, 1, 4194304, &x) || x != (long)x)
                    return bad(a, v, "process ids, comma-separated (at most 16)");
                G.pids[G.npids++] = (long)x;
                at += len + (at[len] == ',');
            }
            if (G.npids == 0)
                return bad(a, v, "process ids, comma-separated (at most 16)");
        } else if (!strcmp(a, "--play")) {
            if (strcmp(v, "first") && strcmp(v, "shanten"))
                return bad(a, v, "first or shanten");
            G.shanten = !strcmp(v, "shanten");
        } else if (!strcmp(a, "--loop")) {
            if (strcmp(v, "libev") && strcmp(v, "poll"))
                return bad(a, v, "libev or poll");
            G.loop = v;
        } else if (!strcmp(a, "--think-ms")) {
            if (!parse_num(v, 0, 5000, &x) || x != (int)x)
                return bad(a, v, "an integer 0..5000");
            G.think_ms = (int)x;
        }
    }
    G.rules = ippon_rules_preset(!strcmp(G.mode, "3p") ? "sanma" : "yonma");
    return 0;
}

static void lws_log_line(int level, const char *line)
{
    static int shown;
    (void)level;
    if (shown++ < 20)
        fprintf(stderr, "ippon-load: lws: %s", line);
}

int main(int argc, char **argv)
{
    int rc = parse_args(argc, argv);
    if (rc)
        return rc < 0 ? 0 : rc;
    for (int i = 0; i < G.npids; i++) {
        if (ippon_load_proc_kib((pid_t)G.pids[i], "VmRSS:") < 0) {
            fprintf(stderr, "ippon-load: --pid %ld: no such process (or no VmRSS in /proc/%ld/status)\n", G.pids[i],
                    G.pids[i]);
            return EXIT_USAGE;
        }
    }
    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_sigint);
    signal(SIGTERM, on_sigint);
    G.t0_us = now_us();
    G.rng = G.t0_us | 1;

    /* one descriptor per player, and some: raise the soft limit to the hard one */
    struct rlimit rl;
    if (getrlimit(RLIMIT_NOFILE, &rl) == 0) {
        rl.rlim_cur = rl.rlim_max;
        setrlimit(RLIMIT_NOFILE, &rl);
        getrlimit(RLIMIT_NOFILE, &rl);
        if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)G.players + 64)
            fprintf(stderr, "ippon-load: warning: open files limited to %llu, fewer than %d players need\n",
                    (unsigned long long)rl.rlim_cur, G.players + 64);
    }

    G.p = calloc((size_t)G.players, sizeof *G.p);
    if (!G.p) {
        fprintf(stderr, "ippon-load: out of memory\n");
        return 1;
    }

    /* guest tokens, one keep-alive connection */
    ippon_load_http http;
    ippon_load_http_init(&http, G.host, G.port);
    uint64_t t = now_us();
    for (int i = 0; i < G.players; i++) {
        char err[300];
        if (ippon_load_guest_token(&http, G.p[i].token, err, sizeof err) != 0) {
            fprintf(stderr, "ippon-load: guest token %d of %d: %s\n", i + 1, G.players, err);
            return 1;
        }
        if (interrupted)
            return 1;
    }
    ippon_load_http_close(&http);
    double token_s = (double)(now_us() - t) / 1e6;
    fprintf(stderr, "ippon-load: %d guest tokens in %.1f s (%.0f /s)\n", G.players, token_s,
            G.players / (token_s > 0 ? token_s : 1e-9));

    lws_set_log_level(LLL_ERR | LLL_WARN, lws_log_line);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.gid = -1;
    info.uid = -1;
    info.timeout_secs = 30;
    info.connect_timeout_secs = 30;
    G.evlib = !strcmp(G.loop, "libev");
    if (G.evlib)
        info.options |= LWS_SERVER_OPTION_LIBEV; /* Debian's lws loads its libev plugin: epoll */
    G.ctx = lws_create_context(&info);
    if (!G.ctx && G.evlib) {
        fprintf(stderr, "ippon-load: libev event loop not available: falling back to poll\n");
        G.evlib = false;
        G.loop = "poll";
        info.options &= ~(uint64_t)LWS_SERVER_OPTION_LIBEV;
        G.ctx = lws_create_context(&info);
    }
    if (!G.ctx) {
        fprintf(stderr, "ippon-load: cannot create the libwebsockets context\n");
        return 1;
    }
    snprintf(G.hostport, sizeof G.hostport, "%s:%d", G.host, G.port);
    G.ramp_start_us = now_us();
    G.ramp_deadline_us = G.ramp_start_us + (uint64_t)((G.players / G.ramp + 30) * 1e6);
    G.wheel_cursor = (int64_t)(now_us() / 1000);
    lws_sul_schedule(G.ctx, 0, &G.sul_ramp, ramp_run, 1);
    lws_sul_schedule(G.ctx, 0, &G.sul_tick, tick_run, LWS_US_PER_SEC);
    if (!G.fast)
        lws_sul_schedule(G.ctx, 0, &G.sul_wheel, wheel_run, 2 * LWS_US_PER_MS);

    while (!G.done) {
        if (lws_service(G.ctx, 0) < 0)
            break;
        if (G.evlib && !G.done) { /* libev's loop returns only when broken: Ctrl-C (lws's SIGINT watcher) */
            fprintf(stderr, "ippon-load: interrupted: the window ends now\n");
            break;
        }
    }
    if (!G.window) /* the loop failed during the ramp */
        start_window(now_us());
    if (!G.done)
        G.window_end_us = now_us();
    if (G.npids > 0) { /* before any connection closes */
        long rss = servers_kib("VmRSS:");
        long hwm = servers_kib("VmHWM:");
        if (rss >= 0)
            G.rss_kib = rss;
        if (hwm > G.rss_peak_kib)
            G.rss_peak_kib = hwm;
        G.srv_cpu_end = servers_cpu_s();
        G.srv_fds = servers_fds();
    }
    report();
    /* the connections close with the process: tearing 10,000 down one by one buys nothing */
    return 0;
}
