/*
 * ippon-mjai-bot — the built-in bot as an mjai client (issue 28, item 6): it plays one seat of any
 * server that speaks mjai the way gimite/mjai's TCP server does.
 *
 *   ippon-mjai-bot --connect HOST:PORT [--name NAME] [--room ROOM] [--style standard|plain|tsumogiri]
 *                  [--rules yonma|sanma|tenhou4|tenhou3|FILE.json] [--verbose]
 *   ippon-mjai-bot --url ws://HOST:PORT --token TOKEN [--room ROOM] [--mode 4p|3p] [--matches N] …
 *
 * Over the WebSocket (ippon's /mjai, with a bot's token) it plays --matches matches one after
 * another (default 1; 0: until stopped, as a bot on the ladder does), each on a new connection.
 *
 * It connects, reads the server's hello ("protocol":"mjsonp"), joins with
 * {"type":"join","name":NAME,"room":ROOM} (NAME ippon-bot, ROOM default) and answers every line
 * with one line — none, or the bot's action when the line asks for a decision — until it has
 * answered end_game (exit 0) or the server closes the connection (exit 0 after end_game, else 1); the
 * answer to end_game is sent if the connection still takes it (a server may close after end_game).
 * A line the client cannot read is answered none and reported on stderr, as is every error the
 * server sends. The seat is read by ippon_mjai_client (include/ippon/mjai_client.h); the rules
 * are --rules, or the product's preset for the players start_game names (yonma, sanma).
 *
 * A transport is a pair of functions, read a line and write a line: TCP, and the WebSocket.
 */
#include <errno.h>
#include <netdb.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include <jansson.h>
#include <libwebsockets.h>

#include "ippon/bot.h"
#include "ippon/mjai_client.h"
#include "mjai_link.h"
#include "rules_json.h"

enum { MAX_LINE = 1 << 20 };

typedef struct transport {
    void *ctx;
    /* the next line without its newline (*line lives until the next call); 0, 1 at the end of the
       stream, -1 on an error (errno) */
    int (*read_line)(void *ctx, char **line);
    int (*write_line)(void *ctx, const char *line); /* 0 or -1 */
    bool greet; /* gimite/mjai's TCP handshake (hello, join) comes first */
} transport;

/* ---- TCP: lines ending in '\n' ---- */

typedef struct tcp {
    int fd;
    char *buf;
    size_t len, cap, start; /* buf[start..len) is read and not yet taken */
} tcp;

static int tcp_connect(tcp *t, const char *target)
{
    char host[256];
    const char *colon = strrchr(target, ':');
    if (!colon || colon == target || (size_t)(colon - target) >= sizeof host || !colon[1]) {
        fprintf(stderr, "ippon-mjai-bot: --connect wants HOST:PORT, not \"%s\"\n", target);
        return -1;
    }
    memcpy(host, target, (size_t)(colon - target));
    host[colon - target] = '\0';
    struct addrinfo hints = { .ai_family = AF_UNSPEC, .ai_socktype = SOCK_STREAM }, *res, *ai;
    int rc = getaddrinfo(host, colon + 1, &hints, &res);
    if (rc) {
        fprintf(stderr, "ippon-mjai-bot: %s: %s\n", target, gai_strerror(rc));
        return -1;
    }
    t->fd = -1;
    for (ai = res; ai && t->fd < 0; ai = ai->ai_next) {
        t->fd = socket(ai->ai_family, ai->ai_socktype, ai->ai_protocol);
        if (t->fd >= 0 && connect(t->fd, ai->ai_addr, ai->ai_addrlen) < 0) {
            close(t->fd);
            t->fd = -1;
        }
    }
    freeaddrinfo(res);
    if (t->fd < 0) {
        fprintf(stderr, "ippon-mjai-bot: cannot connect to %s: %s\n", target, strerror(errno));
        return -1;
    }
    return 0;
}

static int tcp_read_line(void *ctx, char **line)
{
    tcp *t = ctx;
    for (;;) {
        char *nl = t->len > t->start ? memchr(t->buf + t->start, '\n', t->len - t->start) : NULL;
        if (nl) {
            *nl = '\0';
            if (nl > t->buf + t->start && nl[-1] == '\r')
                nl[-1] = '\0';
            *line = t->buf + t->start;
            t->start = (size_t)(nl - t->buf) + 1;
            return 0;
        }
        if (t->start) { /* keep the unfinished line at the front */
            memmove(t->buf, t->buf + t->start, t->len - t->start);
            t->len -= t->start;
            t->start = 0;
        }
        if (t->len + 4096 > t->cap) {
            if (t->cap >= MAX_LINE) {
                errno = EMSGSIZE;
                return -1;
            }
            size_t cap = t->cap ? 2 * t->cap : 8192;
            char *buf = realloc(t->buf, cap);
            if (!buf)
                return -1;
            t->buf = buf;
            t->cap = cap;
        }
        ssize_t n = recv(t->fd, t->buf + t->len, t->cap - t->len - 1, 0);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return n == 0 ? 1 : -1;
        t->len += (size_t)n;
    }
}

static int tcp_write_line(void *ctx, const char *line)
{
    tcp *t = ctx;
    size_t n = strlen(line);
    char *out = malloc(n + 1);
    if (!out)
        return -1;
    memcpy(out, line, n);
    out[n] = '\n';
    size_t done = 0;
    while (done < n + 1) {
        ssize_t w = send(t->fd, out + done, n + 1 - done, MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0) {
            free(out);
            return -1;
        }
        done += (size_t)w;
    }
    free(out);
    return 0;
}

/* ---- the game ---- */

typedef struct options {
    const char *connect, *name, *room;
    const char *mode; /* --mode: the ladder's or invitations' (WebSocket), NULL: none */
    long matches;     /* --matches: how many to play over the WebSocket, one after another (0: until stopped) */
    const char *url, *token; /* the WebSocket transport: ippon's /mjai route */
    ippon_bot_style style;
    const ippon_rules *rules;
    bool verbose;
} options;

static int send_line(const transport *tr, const options *o, const char *line)
{
    if (o->verbose)
        fprintf(stderr, "> %s\n", line);
    if (tr->write_line(tr->ctx, line) < 0) {
        fprintf(stderr, "ippon-mjai-bot: cannot send: %s\n", strerror(errno));
        return -1;
    }
    return 0;
}

/* the server's hello, answered with join (gimite/mjai's TCP handshake) */
static int join(const transport *tr, const options *o)
{
    char *line;
    int rc = tr->read_line(tr->ctx, &line);
    if (rc) {
        fprintf(stderr, "ippon-mjai-bot: the server closed before its hello\n");
        return -1;
    }
    json_t *hello = json_loads(line, 0, NULL);
    const char *type = json_string_value(json_object_get(hello, "type"));
    const char *protocol = json_string_value(json_object_get(hello, "protocol"));
    bool ok = type && !strcmp(type, "hello") && protocol && !strcmp(protocol, "mjsonp");
    json_decref(hello);
    if (!ok) {
        fprintf(stderr, "ippon-mjai-bot: expected {\"type\":\"hello\",\"protocol\":\"mjsonp\"}, got %.200s\n", line);
        return -1;
    }
    json_t *msg = json_pack("{s:s,s:s,s:s}", "type", "join", "name", o->name, "room", o->room);
    char *text = json_dumps(msg, JSON_COMPACT);
    json_decref(msg);
    rc = text ? send_line(tr, o, text) : -1;
    free(text);
    return rc;
}

/* every line answered until end_game; the exit status */
static int play(const transport *tr, const options *o)
{
    ippon_mjai_client *c = ippon_mjai_client_new(o->rules);
    if (!c || (tr->greet && join(tr, o) < 0)) {
        ippon_mjai_client_free(c);
        return 1;
    }
    long decisions = 0;
    int status = 1;
    for (;;) {
        char *line, error[256];
        int rc = tr->read_line(tr->ctx, &line);
        if (rc) {
            if (rc < 0)
                fprintf(stderr, "ippon-mjai-bot: reading: %s\n", strerror(errno));
            else if (!ippon_mjai_client_over(c))
                fprintf(stderr, "ippon-mjai-bot: the server closed the connection before end_game\n");
            status = ippon_mjai_client_over(c) ? 0 : 1;
            break;
        }
        if (o->verbose)
            fprintf(stderr, "< %s\n", line);
        if (!*line)
            continue;
        int read = ippon_mjai_client_read(c, line, error, sizeof error);
        ippon_action chosen, *a = NULL;
        switch (read) {
        case IPPON_MJAI_CLIENT_SILENT:
            fprintf(stderr, "ippon-mjai-bot: the server says: %.500s\n", line);
            continue;
        case IPPON_MJAI_CLIENT_BAD:
            fprintf(stderr, "ippon-mjai-bot: cannot read %.200s: %s\n", line, error);
            break;
        case IPPON_MJAI_CLIENT_DECIDE:
            if (ippon_bot_choose_styled(ippon_mjai_client_view(c), ippon_mjai_client_rules(c), o->style, &chosen) == 0)
                a = &chosen;
            decisions++;
            break;
        default: break;
        }
        if (ippon_mjai_client_over(c)) { /* end_game: its answer is a courtesy (ippon's route closes after it) */
            if (o->verbose)
                fprintf(stderr, "> %s\n", ippon_mjai_client_answer(c, a));
            tr->write_line(tr->ctx, ippon_mjai_client_answer(c, a));
            status = 0;
            break;
        }
        if (send_line(tr, o, ippon_mjai_client_answer(c, a)) < 0)
            break;
    }
    if (o->verbose || status == 0)
        fprintf(stderr, "ippon-mjai-bot: %s after %ld decisions\n", status == 0 ? "end_game" : "stopped", decisions);
    ippon_mjai_client_free(c);
    return status;
}

static int usage(FILE *to, int rc)
{
    fputs("usage: ippon-mjai-bot --connect HOST:PORT [--name NAME] [--room ROOM] [--style standard|plain|tsumogiri]\n"
          "                      [--rules yonma|sanma|tenhou4|tenhou3|FILE.json] [--verbose]\n"
          "       ippon-mjai-bot --url ws://HOST:PORT --token TOKEN [--room practice-4p|practice-3p|ladder|invitations]\n"
          "                      [--mode 4p|3p] [--matches N] [--style …] [--rules …] [--verbose]\n"
          "  --matches N  matches to play one after another, connecting again after each (default 1;\n"
          "               0: until stopped, as a bot on the ladder does)\n",
          to);
    return rc;
}

/* ---- WebSocket: ippon's /mjai route (src/server/MJAI.md), through the mjai link ---- */

typedef struct ws_side {
    struct lws_context *ctx;
    mjai_link *link;
    char **queue; /* the numbered messages not read yet */
    size_t head, n, cap;
    char *current;
    bool ended, verbose;
    int refused;  /* the exit status of a refusal: 1 */
} ws_side;

static void ws_message(void *user, const char *text, size_t len, bool numbered)
{
    ws_side *w = user;
    if (!numbered) { /* error and resume need no answer */
        fprintf(stderr, "ippon-mjai-bot: the server says: %.*s\n", (int)(len < 500 ? len : 500), text);
        return;
    }
    if (w->n == w->cap) {
        size_t cap = w->cap ? 2 * w->cap : 64;
        char **grown = realloc(w->queue, cap * sizeof *grown);
        if (!grown)
            return;
        w->queue = grown;
        w->cap = cap;
    }
    char *copy = malloc(len + 1);
    if (!copy)
        return;
    memcpy(copy, text, len);
    copy[len] = '\0';
    w->queue[w->n++] = copy;
}

static void ws_note(void *user, const char *text)
{
    if (((ws_side *)user)->verbose)
        fprintf(stderr, "ippon-mjai-bot: %s\n", text);
}

static void ws_ended(void *user, mjai_link_end end, const mjai_link_refusal *r)
{
    ws_side *w = user;
    w->ended = true;
    w->link = NULL; /* it frees itself */
    if (end == MJAI_LINK_REFUSED || end == MJAI_LINK_GONE) {
        fprintf(stderr, "ippon-mjai-bot: the server refused the bot (%s%s%d)%s%s\n", r->code, r->code[0] ? ", HTTP " : "HTTP ",
                r->status, r->message[0] ? ": " : "", r->message);
        w->refused = 1;
    } else if (end == MJAI_LINK_REPLACED) {
        fprintf(stderr, "ippon-mjai-bot: another connection of this bot took its seat\n");
    }
}

static int ws_read_line(void *ctx, char **line)
{
    ws_side *w = ctx;
    free(w->current);
    w->current = NULL;
    while (w->head == w->n && !w->ended)
        if (lws_service(w->ctx, 0) < 0)
            return -1;
    if (w->head == w->n)
        return 1;
    *line = w->current = w->queue[w->head++];
    if (w->head == w->n)
        w->head = w->n = 0;
    return 0;
}

static int ws_write_line(void *ctx, const char *line)
{
    ws_side *w = ctx;
    if (!w->link)
        return -1;
    mjai_link_answer(w->link, line, strlen(line));
    return 0;
}

/* plays one match over the WebSocket: the exit status */
static int play_ws(const options *o)
{
    static const struct lws_protocols protocols[] = { MJAI_LINK_PROTOCOL, { NULL, NULL, 0, 0, 0, NULL, 0 } };
    mjai_link_target target;
    char err[256];
    memset(&target, 0, sizeof target);
    if (mjai_link_parse_url(o->url, &target, err, sizeof err) != 0) {
        fprintf(stderr, "ippon-mjai-bot: --url %s\n", err);
        return 2;
    }
    snprintf(target.room, sizeof target.room, "%s", o->room);
    snprintf(target.mode, sizeof target.mode, "%s", o->mode ? o->mode : "");
    snprintf(target.token, sizeof target.token, "%s", o->token);
    lws_set_log_level(LLL_ERR, NULL);
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = CONTEXT_PORT_NO_LISTEN;
    info.protocols = protocols;
    info.gid = -1;
    info.uid = -1;
    ws_side w = { .verbose = o->verbose };
    w.ctx = lws_create_context(&info);
    if (!w.ctx) {
        fprintf(stderr, "ippon-mjai-bot: cannot create the libwebsockets context\n");
        return 1;
    }
    mjai_link_handler h = { .user = &w, .message = ws_message, .note = ws_note, .ended = ws_ended };
    w.link = mjai_link_open(w.ctx, &target, &h);
    int status = 1;
    if (w.link) {
        transport tr = { .ctx = &w, .read_line = ws_read_line, .write_line = ws_write_line, .greet = false };
        status = play(&tr, o);
        if (w.refused)
            status = 1;
        for (int i = 0; i < 200 && w.link && !w.ended; i++) /* the last answers go out before the close */
            lws_service(w.ctx, 0);
        if (w.link)
            mjai_link_close(w.link);
    }
    lws_context_destroy(w.ctx);
    free(w.current);
    for (size_t i = w.head; i < w.n; i++)
        free(w.queue[i]);
    free(w.queue);
    return status;
}

int main(int argc, char **argv)
{
    options o = { .name = "ippon-bot", .room = "default", .style = IPPON_BOT_STANDARD, .matches = 1 };
    ippon_rules rules_storage;
    bool room_given = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout, 0);
        if (!strcmp(a, "--verbose")) {
            o.verbose = true;
        } else if (!strcmp(a, "--connect") && has) {
            o.connect = argv[++i];
        } else if (!strcmp(a, "--url") && has) {
            o.url = argv[++i];
        } else if (!strcmp(a, "--token") && has) {
            o.token = argv[++i];
        } else if (!strcmp(a, "--name") && has) {
            o.name = argv[++i];
        } else if (!strcmp(a, "--room") && has) {
            o.room = argv[++i];
            room_given = true;
        } else if (!strcmp(a, "--mode") && has) {
            o.mode = argv[++i];
            if (!mjai_link_mode_ok(o.mode)) {
                fprintf(stderr, "ippon-mjai-bot: --mode is 4p or 3p (the ladder's or invitations'), not \"%s\"\n", o.mode);
                return 2;
            }
        } else if (!strcmp(a, "--matches") && has) {
            char *end;
            o.matches = strtol(argv[++i], &end, 10);
            if (!*argv[i] || *end || o.matches < 0) {
                fprintf(stderr, "ippon-mjai-bot: --matches is a count (0: until stopped), not \"%s\"\n", argv[i]);
                return 2;
            }
        } else if (!strcmp(a, "--style") && has) {
            const char *s = argv[++i];
            if (!strcmp(s, "standard"))
                o.style = IPPON_BOT_STANDARD;
            else if (!strcmp(s, "plain"))
                o.style = IPPON_BOT_PLAIN;
            else if (!strcmp(s, "tsumogiri"))
                o.style = IPPON_BOT_TSUMOGIRI;
            else {
                fprintf(stderr, "ippon-mjai-bot: --style is standard, plain or tsumogiri, not \"%s\"\n", s);
                return 2;
            }
        } else if (!strcmp(a, "--rules") && has) {
            char err[256];
            o.rules = ippon_rules_resolve(argv[++i], &rules_storage, err, sizeof err);
            if (!o.rules) {
                fprintf(stderr, "ippon-mjai-bot: --rules: %s\n", err);
                return 2;
            }
        } else {
            fprintf(stderr, "ippon-mjai-bot: unknown or incomplete option %s\n", a);
            return usage(stderr, 2);
        }
    }
    if (!o.connect == !o.url || (o.url && !o.token)) {
        fprintf(stderr, "ippon-mjai-bot: either --connect HOST:PORT, or --url ws://HOST:PORT with --token TOKEN\n");
        return usage(stderr, 2);
    }
    signal(SIGPIPE, SIG_IGN);
    if (o.url) {
        if (!room_given)
            o.room = "practice-4p";
        int status = 0;
        for (long k = 0; status == 0 && (o.matches == 0 || k < o.matches); k++)
            status = play_ws(&o);
        return status;
    }
    tcp t = { .fd = -1 };
    if (tcp_connect(&t, o.connect) < 0)
        return 1;
    transport tr = { .ctx = &t, .read_line = tcp_read_line, .write_line = tcp_write_line, .greet = true };
    int status = play(&tr, &o);
    close(t.fd);
    free(t.buf);
    return status;
}
