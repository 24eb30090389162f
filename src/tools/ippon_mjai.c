/*
 * ippon-mjai — seats an existing mjai client at an ippon table, unmodified: it listens on TCP
 * the way gimite/mjai's server does and relays the client's lines to the server's mjai route
 * (src/server/MJAI.md) over one WebSocket, and back.
 *
 *   ippon-mjai --url ws://HOST:PORT --token TOKEN --room ROOM [--mode 4p|3p] [--listen HOST:PORT]
 *   ippon-mjai --url ws://HOST:PORT --token-file PATH --room ROOM [--mode 4p|3p] [--listen HOST:PORT]
 *
 *   --url         the server (ws:// only; a path, if given, replaces the route's /mjai)
 *   --token       the bot's token (README "Bring your own AI"); --token-file reads it from the
 *                 first line of a file instead, so that it is not on a command line
 *   --room        practice-4p, practice-3p, ladder or invitations (MJAI.md)
 *   --listen      where the mjai client connects (default 127.0.0.1:11600, gimite/mjai's port;
 *                 port 0 takes a free one, printed at start)
 *
 * To each client that connects it says {"type":"hello","protocol":"mjsonp","protocol_version":3};
 * the client answers {"type":"join",…}, whose room is ignored (akochan's mjai_client always joins
 * "default": the room is the bridge's own --room); then the bridge opens the WebSocket (the mjai
 * link, common/mjai_link.c: bearer token, subprotocol "mjai", resume after a drop) and relays
 * lines both ways: one line on TCP (newline-terminated) is one frame on the WebSocket. The
 * server's {"type":"error"} messages are not numbered and need no answer, so they are not
 * passed on (a client would answer them and shift its answers by one): they are printed.
 * One client at a time (another is refused while one plays). When the client leaves, the
 * WebSocket is closed; when the server closes it after end_game (or takes the match away), the
 * client gets EOF and the bridge waits for the next client. A line per connection and per
 * match goes to stderr.
 *
 * Exit status: 1 when the server refuses the bot for good (a bad token, a suspended bot, a bad
 * room: "ippon-mjai: the server refused the token (bad_token): <its message>") or the bridge
 * cannot listen; 2 for a bad command line; 0 after Ctrl-C or SIGTERM.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <errno.h>
#include <inttypes.h>
#include <jansson.h>
#include <libwebsockets.h>
#include <signal.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mjai_link.h"

#define EXIT_USAGE 2
#define TCP_PROTOCOL "ippon-mjai-tcp"
#define HELLO "{\"type\":\"hello\",\"protocol\":\"mjsonp\",\"protocol_version\":3}"
#define DRAIN_US (5 * LWS_US_PER_SEC) /* how long a client that has had EOF may take to close */

typedef struct out_line {
    struct out_line *next;
    size_t len;
    unsigned char data[]; /* LWS_PRE bytes of headroom, then the line and its newline */
} out_line;

enum client_state {
    C_JOINING,  /* hello sent, waiting for join */
    C_RELAYING, /* the WebSocket is open (or reopening) */
    C_CLOSING,  /* the match is over: the client gets what is queued, then EOF */
    C_DRAINING, /* EOF sent: what the client still answers is read and dropped until it closes
                   (at most DRAIN_US), so its last answers never meet a reset */
};

static struct {
    mjai_link_target target;
    const char *url;
    char listen_host[256];
    int listen_port;
    struct lws_context *ctx;
    struct lws *client; /* the mjai client's TCP connection (one at a time) */
    char client_addr[128];
    enum client_state state;
    char *rx;
    size_t rx_len, rx_cap;
    out_line *out_head, *out_tail;
    mjai_link *link;
    uint64_t clients;
    int exit_code;
    bool done;
} B;

static volatile sig_atomic_t interrupted;

static void on_signal(int sig)
{
    (void)sig;
    interrupted = 1;
}

static void say(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void say(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fputs("ippon-mjai: ", stderr);
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
}

/* ---- the TCP client ---- */

static void send_line(const char *text, size_t len)
{
    if (!B.client || B.state == C_CLOSING)
        return;
    out_line *o = malloc(sizeof *o + LWS_PRE + len + 1);
    if (!o) {
        say("out of memory: a line for the client was dropped");
        return;
    }
    o->next = NULL;
    o->len = len + 1;
    memcpy(o->data + LWS_PRE, text, len);
    o->data[LWS_PRE + len] = '\n';
    if (B.out_tail)
        B.out_tail->next = o;
    else
        B.out_head = o;
    B.out_tail = o;
    lws_callback_on_writable(B.client);
}

/* the client gets what is queued, then EOF */
static void end_client(void)
{
    if (!B.client)
        return;
    B.state = C_CLOSING;
    lws_callback_on_writable(B.client);
}

static void client_gone(void)
{
    if (B.link) {
        say("the client left: closing the WebSocket (%" PRIu64 " messages received, %" PRIu64 " answers)",
            mjai_link_received(B.link), mjai_link_answered(B.link));
        mjai_link_close(B.link);
        B.link = NULL;
    }
    while (B.out_head) {
        out_line *o = B.out_head;
        B.out_head = o->next;
        free(o);
    }
    B.out_tail = NULL;
    free(B.rx);
    B.rx = NULL;
    B.rx_len = B.rx_cap = 0;
    B.client = NULL;
    say("client %s disconnected%s", B.client_addr, B.done ? "" : "; waiting for the next client");
}

/* ---- the WebSocket (the mjai link) ---- */

static void link_message(void *user, const char *text, size_t len, bool numbered)
{
    (void)user;
    if (numbered)
        send_line(text, len);
    else
        say("the server says: %.*s", (int)len, text);
}

static void link_note(void *user, const char *text)
{
    (void)user;
    say("%s", text);
}

/* the fatal refusal's line: "the server refused the token (bad_token): …" */
static void report_refusal(const mjai_link_refusal *r)
{
    const char *what = "the connection";
    if (!strcmp(r->code, "bad_token") || (!r->code[0] && r->status == 401))
        what = "the token";
    else if (!strcmp(r->code, "bot_suspended") || (!r->code[0] && r->status == 403))
        what = "the bot";
    else if (!strcmp(r->code, "bad_room"))
        what = "the room";
    char why[96];
    if (r->code[0])
        snprintf(why, sizeof why, "%s", r->code);
    else
        snprintf(why, sizeof why, "HTTP %d", r->status);
    say("the server refused %s (%s)%s%s", what, why, r->message[0] ? ": " : "", r->message);
}

static void link_ended(void *user, mjai_link_end end, const mjai_link_refusal *refusal)
{
    (void)user;
    uint64_t received = B.link ? mjai_link_received(B.link) : 0, answered = B.link ? mjai_link_answered(B.link) : 0;
    B.link = NULL; /* the link frees itself */
    switch (end) {
    case MJAI_LINK_FINISHED:
        say("the match is over (%" PRIu64 " messages, %" PRIu64 " answers): the client gets EOF", received, answered);
        break;
    case MJAI_LINK_REPLACED:
        say("another connection of this bot took its seat: the client gets EOF");
        break;
    case MJAI_LINK_GONE:
        say("the server no longer has the match (%s%s%s): the client gets EOF", refusal->code,
            refusal->message[0] ? ": " : "", refusal->message);
        break;
    case MJAI_LINK_REFUSED:
        report_refusal(refusal);
        B.exit_code = 1;
        B.done = true;
        break;
    }
    end_client();
}

static void on_join(const char *line, size_t len)
{
    json_t *root = json_loadb(line, len, 0, NULL);
    const char *type = json_string_value(json_object_get(root, "type"));
    if (!type || strcmp(type, "join") != 0) {
        say("client %s: expected {\"type\":\"join\",…}, got %.200s", B.client_addr, line);
        const char *err = "{\"type\":\"error\",\"message\":\"ippon-mjai: the first message must be join\"}";
        send_line(err, strlen(err));
        end_client();
        json_decref(root);
        return;
    }
    const char *name = json_string_value(json_object_get(root, "name"));
    const char *room = json_string_value(json_object_get(root, "room"));
    say("client %s joined as %s (its room %s%s%s is not used): playing in room %s at %s", B.client_addr,
        name ? name : "(no name)", room ? "\"" : "", room ? room : "(none)", room ? "\"" : "", B.target.room, B.url);
    json_decref(root);
    mjai_link_handler h = { .user = NULL, .message = link_message, .note = link_note, .ended = link_ended };
    B.link = mjai_link_open(B.ctx, &B.target, &h);
    if (!B.link) {
        say("out of memory");
        end_client();
        return;
    }
    B.state = C_RELAYING;
}

static void on_line(char *line, size_t len)
{
    if (len > 0 && line[len - 1] == '\r')
        line[--len] = '\0';
    if (len == 0)
        return;
    if (B.state == C_JOINING)
        on_join(line, len);
    else if (B.state == C_RELAYING && B.link)
        mjai_link_answer(B.link, line, len);
}

static int on_receive(const char *in, size_t len)
{
    if (B.rx_len + len + 1 > MJAI_LINK_MAX_LINE) {
        say("client %s sent a line over %d bytes: closing it", B.client_addr, MJAI_LINK_MAX_LINE);
        return -1;
    }
    if (B.rx_len + len + 1 > B.rx_cap) {
        size_t cap = B.rx_cap ? B.rx_cap : 4096;
        while (cap < B.rx_len + len + 1)
            cap *= 2;
        char *grown = realloc(B.rx, cap);
        if (!grown)
            return -1;
        B.rx = grown;
        B.rx_cap = cap;
    }
    memcpy(B.rx + B.rx_len, in, len);
    B.rx_len += len;
    size_t start = 0;
    for (size_t i = 0; i < B.rx_len; i++) {
        if (B.rx[i] != '\n')
            continue;
        B.rx[i] = '\0';
        on_line(B.rx + start, i - start);
        start = i + 1;
    }
    memmove(B.rx, B.rx + start, B.rx_len - start);
    B.rx_len -= start;
    return 0;
}

/* the client's address and port ("127.0.0.1:54321"; an IPv4 client of an IPv6 socket as IPv4) */
static void peer_name(struct lws *wsi, char *out, size_t cap)
{
    struct sockaddr_storage sa;
    socklen_t n = sizeof sa;
    char host[INET6_ADDRSTRLEN] = "?";
    int port = 0;
    if (getpeername(lws_get_socket_fd(wsi), (struct sockaddr *)&sa, &n) == 0) {
        if (sa.ss_family == AF_INET) {
            const struct sockaddr_in *v4 = (const struct sockaddr_in *)&sa;
            inet_ntop(AF_INET, &v4->sin_addr, host, sizeof host);
            port = ntohs(v4->sin_port);
        } else if (sa.ss_family == AF_INET6) {
            const struct sockaddr_in6 *v6 = (const struct sockaddr_in6 *)&sa;
            if (IN6_IS_ADDR_V4MAPPED(&v6->sin6_addr))
                inet_ntop(AF_INET, &v6->sin6_addr.s6_addr[12], host, sizeof host);
            else
                inet_ntop(AF_INET6, &v6->sin6_addr, host, sizeof host);
            port = ntohs(v6->sin6_port);
        }
    }
    snprintf(out, cap, strchr(host, ':') ? "[%s]:%d" : "%s:%d", host, port);
}

static int tcp_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in, size_t len)
{
    (void)user;
    switch (reason) {
    case LWS_CALLBACK_RAW_ADOPT: {
        char addr[128];
        peer_name(wsi, addr, sizeof addr);
        if (B.client || B.done) {
            say("client %s refused: one client at a time (%s is playing)", addr, B.client_addr);
            return -1;
        }
        B.client = wsi;
        B.clients++;
        snprintf(B.client_addr, sizeof B.client_addr, "%s", addr);
        B.state = C_JOINING;
        say("client %s connected (client %" PRIu64 ")", addr, B.clients);
        send_line(HELLO, strlen(HELLO));
        break;
    }
    case LWS_CALLBACK_RAW_RX:
        if (wsi == B.client && B.state != C_CLOSING && B.state != C_DRAINING)
            return on_receive(in, len);
        break;
    case LWS_CALLBACK_TIMER: /* a draining client that never closed */
        if (wsi == B.client && B.state == C_DRAINING)
            return -1;
        break;
    case LWS_CALLBACK_RAW_WRITEABLE:
        if (wsi != B.client)
            break;
        if (B.out_head) {
            out_line *o = B.out_head;
            if (lws_write(wsi, o->data + LWS_PRE, o->len, LWS_WRITE_RAW) < (int)o->len)
                return -1;
            B.out_head = o->next;
            if (!B.out_head)
                B.out_tail = NULL;
            free(o);
        }
        if (B.out_head)
            lws_callback_on_writable(wsi);
        else if (B.state == C_CLOSING) { /* EOF: the client reads every line, answers, and closes */
            shutdown(lws_get_socket_fd(wsi), SHUT_WR);
            B.state = C_DRAINING;
            lws_set_timer_usecs(wsi, DRAIN_US);
        }
        break;
    case LWS_CALLBACK_RAW_CLOSE:
        if (wsi == B.client)
            client_gone();
        break;
    default:
        break;
    }
    return 0;
}

/* ---- the command line ---- */

static int usage(FILE *to, int rc)
{
    fputs("usage: ippon-mjai --url ws://HOST:PORT (--token TOKEN | --token-file PATH) --room ROOM\n"
          "                  [--mode 4p|3p] [--listen HOST:PORT]\n"
          "Listens for an mjai client (gimite/mjai's TCP protocol: hello, join, one JSON line per message)\n"
          "and relays it to the ippon server's mjai route over a WebSocket.\n"
          "  --url URL          the server: ws://HOST:PORT[/PATH] (the route's path defaults to /mjai)\n"
          "  --token TOKEN      the bot's token\n"
          "  --token-file PATH  the bot's token, from the first line of a file\n"
          "  --room ROOM        practice-4p, practice-3p, ladder or invitations\n"
          "  --mode MODE        the ladder's or invitations' mode: 4p (the default) or 3p\n"
          "  --listen HOST:PORT where the client connects (default 127.0.0.1:11600; port 0: any free port)\n",
          to);
    return rc;
}

/* a token: printable ASCII without spaces (it goes into a header), 1 to 256 characters */
static bool token_ok(const char *t)
{
    size_t n = strlen(t);
    if (n == 0 || n > 256)
        return false;
    for (const char *c = t; *c; c++)
        if (*c <= ' ' || *c > '~')
            return false;
    return true;
}

static bool read_token_file(const char *path, char *out, size_t cap)
{
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "ippon-mjai: --token-file %s: %s\n", path, strerror(errno));
        return false;
    }
    char line[1024];
    bool got = fgets(line, sizeof line, f) != NULL;
    fclose(f);
    size_t n = got ? strcspn(line, "\r\n") : 0;
    while (n > 0 && (line[n - 1] == ' ' || line[n - 1] == '\t'))
        n--;
    line[n] = '\0';
    const char *t = line + strspn(line, " \t");
    if (!token_ok(t) || strlen(t) >= cap) {
        fprintf(stderr, "ippon-mjai: --token-file %s: the first line is not a token (1 to 256 printable "
                        "characters, no spaces)\n", path);
        return false;
    }
    snprintf(out, cap, "%s", t);
    return true;
}

static bool room_ok(const char *r)
{
    size_t n = strlen(r);
    return n > 0 && n < sizeof B.target.room && strspn(r, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") == n;
}

/* HOST:PORT ([IPv6]:PORT): an IP address (or localhost) and a port from 0 to 65535 */
static bool parse_listen(const char *s)
{
    const char *colon = strrchr(s, ':');
    if (!colon)
        return false;
    const char *h = s, *h_end = colon;
    if (*h == '[' && h_end > h && h_end[-1] == ']') {
        h++;
        h_end--;
    }
    if (h_end <= h || (size_t)(h_end - h) >= sizeof B.listen_host)
        return false;
    snprintf(B.listen_host, sizeof B.listen_host, "%.*s", (int)(h_end - h), h);
    if (!strcmp(B.listen_host, "localhost"))
        snprintf(B.listen_host, sizeof B.listen_host, "127.0.0.1");
    unsigned char addr[16];
    if (inet_pton(AF_INET, B.listen_host, addr) != 1 && inet_pton(AF_INET6, B.listen_host, addr) != 1)
        return false;
    char *stop;
    long port = strtol(colon + 1, &stop, 10);
    if (colon[1] == '\0' || *stop || port < 0 || port > 65535)
        return false;
    B.listen_port = (int)port;
    return true;
}

static void lws_log_line(int level, const char *line)
{
    (void)level;
    fprintf(stderr, "ippon-mjai: lws: %s", line);
}

int main(int argc, char **argv)
{
    const char *token = NULL, *token_file = NULL, *room = NULL, *mode = NULL, *listen = "127.0.0.1:11600";
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--help") || !strcmp(a, "-h"))
            return usage(stdout, 0);
        const char **slot = !strcmp(a, "--url")          ? &B.url
                            : !strcmp(a, "--token")      ? &token
                            : !strcmp(a, "--token-file") ? &token_file
                            : !strcmp(a, "--room")       ? &room
                            : !strcmp(a, "--mode")       ? &mode
                            : !strcmp(a, "--listen")     ? &listen
                                                         : NULL;
        if (!slot) {
            fprintf(stderr, "ippon-mjai: unknown option %s\n", a);
            return usage(stderr, EXIT_USAGE);
        }
        if (i + 1 >= argc) {
            fprintf(stderr, "ippon-mjai: %s needs a value\n", a);
            return usage(stderr, EXIT_USAGE);
        }
        *slot = argv[++i];
    }
    if (!B.url || !room || !token == !token_file) {
        fprintf(stderr, "ippon-mjai: %s\n", !B.url ? "--url is required"
                                          : !room  ? "--room is required"
                                                   : "give the token once: --token or --token-file");
        return usage(stderr, EXIT_USAGE);
    }
    char err[400];
    if (mjai_link_parse_url(B.url, &B.target, err, sizeof err) != 0) {
        fprintf(stderr, "ippon-mjai: --url %s\n", err);
        return EXIT_USAGE;
    }
    if (!room_ok(room)) {
        fprintf(stderr, "ippon-mjai: --room %s: letters, digits, '.', '_' and '-' only (practice-4p, practice-3p, ladder, invitations)\n",
                room);
        return EXIT_USAGE;
    }
    snprintf(B.target.room, sizeof B.target.room, "%s", room);
    if (mode && !mjai_link_mode_ok(mode)) {
        fprintf(stderr, "ippon-mjai: --mode is 4p or 3p (the ladder's or invitations'), not \"%s\"\n", mode);
        return EXIT_USAGE;
    }
    snprintf(B.target.mode, sizeof B.target.mode, "%s", mode ? mode : "");
    if (token && !token_ok(token)) {
        fprintf(stderr, "ippon-mjai: --token: 1 to 256 printable characters, no spaces\n");
        return EXIT_USAGE;
    }
    if (token)
        snprintf(B.target.token, sizeof B.target.token, "%s", token);
    else if (!read_token_file(token_file, B.target.token, sizeof B.target.token))
        return EXIT_USAGE;
    if (!parse_listen(listen)) {
        fprintf(stderr, "ippon-mjai: --listen %s: not HOST:PORT (an IP address and a port from 0 to 65535)\n", listen);
        return EXIT_USAGE;
    }

    signal(SIGPIPE, SIG_IGN);
    signal(SIGINT, on_signal);
    signal(SIGTERM, on_signal);
    lws_set_log_level(LLL_ERR, lws_log_line);
    static const struct lws_protocols protocols[] = {
        { TCP_PROTOCOL, tcp_callback, 0, 4096, 0, NULL, 0 },
        MJAI_LINK_PROTOCOL,
        { NULL, NULL, 0, 0, 0, NULL, 0 },
    };
    struct lws_context_creation_info info;
    memset(&info, 0, sizeof info);
    info.port = B.listen_port;
    info.iface = B.listen_host;
    info.protocols = protocols;
    info.options = LWS_SERVER_OPTION_ADOPT_APPLY_LISTEN_ACCEPT_CONFIG;
    info.listen_accept_role = "raw-skt";
    info.listen_accept_protocol = TCP_PROTOCOL;
    info.gid = -1;
    info.uid = -1;
    B.ctx = lws_create_context(&info);
    struct lws_vhost *vh = B.ctx ? lws_get_vhost_by_name(B.ctx, "default") : NULL;
    int port = vh ? lws_get_vhost_listen_port(vh) : -1;
    if (port <= 0) {
        fprintf(stderr, "ippon-mjai: cannot listen on %s\n", listen);
        if (B.ctx)
            lws_context_destroy(B.ctx);
        return 1;
    }
    say("listening on %s:%d for an mjai client; it plays in room %s at %s", B.listen_host, port, B.target.room, B.url);

    while (!B.done && !interrupted)
        if (lws_service(B.ctx, 0) < 0)
            break;
    if (B.link) {
        mjai_link_close(B.link);
        B.link = NULL;
    }
    lws_context_destroy(B.ctx);
    return B.exit_code;
}
