/*
 * ippon-mjai-bot — the built-in bot as an mjai client (issue 28, item 6): it plays one seat of any
 * server that speaks mjai the way gimite/mjai's TCP server does.
 *
 *   ippon-mjai-bot --connect HOST:PORT [--name NAME] [--room ROOM] [--style standard|plain|tsumogiri]
 *                  [--rules yonma|sanma|tenhou4|tenhou3|FILE.json] [--verbose]
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
 * A transport is a pair of functions, read a line and write a line: TCP here; another transport
 * (the WebSocket of src/server/MJAI.md) is one more such pair and one more option.
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

#include "ippon/bot.h"
#include "ippon/mjai_client.h"
#include "rules_json.h"

enum { MAX_LINE = 1 << 20 };

typedef struct transport {
    void *ctx;
    /* the next line without its newline (*line lives until the next call); 0, 1 at the end of the
       stream, -1 on an error (errno) */
    int (*read_line)(void *ctx, char **line);
    int (*write_line)(void *ctx, const char *line); /* 0 or -1 */
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
    if (!c || join(tr, o) < 0) {
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
          "                      [--rules yonma|sanma|tenhou4|tenhou3|FILE.json] [--verbose]\n",
          to);
    return rc;
}

int main(int argc, char **argv)
{
    options o = { .name = "ippon-bot", .room = "default", .style = IPPON_BOT_STANDARD };
    ippon_rules rules_storage;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool has = i + 1 < argc;
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout, 0);
        if (!strcmp(a, "--verbose")) {
            o.verbose = true;
        } else if (!strcmp(a, "--connect") && has) {
            o.connect = argv[++i];
        } else if (!strcmp(a, "--name") && has) {
            o.name = argv[++i];
        } else if (!strcmp(a, "--room") && has) {
            o.room = argv[++i];
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
    if (!o.connect) {
        fprintf(stderr, "ippon-mjai-bot: --connect HOST:PORT is needed\n");
        return usage(stderr, 2);
    }
    signal(SIGPIPE, SIG_IGN);
    tcp t = { .fd = -1 };
    if (tcp_connect(&t, o.connect) < 0)
        return 1;
    transport tr = { .ctx = &t, .read_line = tcp_read_line, .write_line = tcp_write_line };
    int status = play(&tr, &o);
    close(t.fd);
    free(t.buf);
    return status;
}
