/*
 * listen.c — the listening socket and its accept loop (listen.h).
 *
 * Why the server does not let libwebsockets listen: lws 4.1 (Debian 12), built with IPv6,
 * binds an IPv4 "iface" on the IPv6 wildcard, so "bind": "127.0.0.1" listened on every
 * address (warmcat/libwebsockets#2290, fixed in 4.2); it keeps its listening socket to itself,
 * so the bound address cannot be read back; and when accept() fails (EMFILE at the descriptor
 * limit) it only logs "accept: errno 24" and polls the still-readable socket again at once,
 * about 1,600 times a second. So this file binds the socket, and lws gets each accepted
 * descriptor through lws_adopt_descriptor_vhost — the lws way for a server with its own
 * listener (the vhost is created with CONTEXT_PORT_NO_LISTEN_SERVER). The listening socket
 * itself is adopted as a raw descriptor: lws polls it and calls LWS_CALLBACK_RAW_RX_FILE of
 * the "ippon.listen" protocol when a connection waits.
 *
 * Each wake-up accepts up to LISTEN_BATCH connections (the rest wait for the next poll, so a
 * flood cannot starve the other sockets). A refused connection gets a fixed 503 reply written
 * straight to its socket, then is closed. Counts of refusals and errors go to one throttled
 * report: the first event is logged at once, what follows within the second is added up and
 * logged when the second is over (an lws timer).
 */
#define _GNU_SOURCE /* accept4 */
#include "net/listen.h"

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include "base/log.h"

#define LISTEN_BACKLOG SOMAXCONN       /* as lws would (the kernel caps it: net.core.somaxconn) */
#define LISTEN_BATCH 64                /* connections accepted per wake-up */
#define LISTEN_HEADROOM_MIN 16         /* descriptors kept free below RLIMIT_NOFILE ... */
#define LISTEN_HEADROOM_SHARE 64       /* ... or 1/64 of it, whichever is more */
#define LISTEN_REPORT_US LWS_US_PER_SEC /* refusals and errors are logged once per this */
#define LISTEN_PAUSE_US LWS_US_PER_SEC /* accept() failing and no way around it: stop this long */

/* what happened to connections since the last report */
typedef struct listen_report {
    long refused;   /* answered 503 and closed: no descriptor to spare */
    long failed;    /* accept() errors other than running out of descriptors */
    int last_errno; /* of the last failure */
    int pending;    /* the timer is set: the second is not over */
    lws_sorted_usec_list_t sul;
} listen_report;

struct ippon_listener {
    int fd;
    int attached;        /* lws owns fd (it closes it with the context) */
    int reserve;         /* an open descriptor released to accept when none is left, or -1 */
    int fd_ceiling;      /* an accepted descriptor at or above this is refused */
    int limit;           /* RLIMIT_NOFILE when opened */
    struct lws_vhost *vh;
    struct lws *wsi;     /* the listening socket in lws */
    lws_sorted_usec_list_t resume; /* ends a pause of accepting */
    listen_report report;
    char address[INET6_ADDRSTRLEN];
    int port;
    char refusal[512];   /* the 503 reply */
    size_t refusal_len;
};

/* ---- binding ---- */

typedef union listen_sa {
    struct sockaddr sa;
    struct sockaddr_in v4;
    struct sockaddr_in6 v6;
    struct sockaddr_storage any;
} listen_sa;

/* address:port as a socket address: its length, or 0 if address is not an IP literal */
static socklen_t listen_parse(const char *address, int port, listen_sa *out)
{
    memset(out, 0, sizeof *out);
    if (inet_pton(AF_INET, address, &out->v4.sin_addr) == 1) {
        out->v4.sin_family = AF_INET;
        out->v4.sin_port = htons((uint16_t)port);
        return sizeof out->v4;
    }
    if (inet_pton(AF_INET6, address, &out->v6.sin6_addr) == 1) {
        out->v6.sin6_family = AF_INET6;
        out->v6.sin6_port = htons((uint16_t)port);
        return sizeof out->v6;
    }
    return 0;
}

/* the text and port of a socket address */
static void listen_format(const listen_sa *sa, char *text, size_t cap, int *port)
{
    const void *addr = sa->sa.sa_family == AF_INET6 ? (const void *)&sa->v6.sin6_addr
                                                      : (const void *)&sa->v4.sin_addr;
    if (!inet_ntop(sa->sa.sa_family, addr, text, (socklen_t)cap))
        snprintf(text, cap, "?");
    *port = ntohs(sa->sa.sa_family == AF_INET6 ? sa->v6.sin6_port : sa->v4.sin_port);
}

/*
 * Is fd bound exactly to want (any port if want's is 0), and an IPv6 socket IPv6 only?
 * 0, or -1 with the difference in err. Fills l->address and l->port from the kernel.
 */
static int listen_verify(ippon_listener *l, const char *asked, const listen_sa *want, char *err,
                         size_t errlen)
{
    listen_sa got;
    socklen_t len = sizeof got;
    if (getsockname(l->fd, &got.sa, &len) != 0) {
        snprintf(err, errlen, "listening on %s: getsockname: %s", asked, strerror(errno));
        return -1;
    }
    listen_format(&got, l->address, sizeof l->address, &l->port);
    int want_port = ntohs(want->sa.sa_family == AF_INET6 ? want->v6.sin6_port : want->v4.sin_port);
    int same = got.sa.sa_family == want->sa.sa_family && (!want_port || want_port == l->port);
    if (same && got.sa.sa_family == AF_INET)
        same = got.v4.sin_addr.s_addr == want->v4.sin_addr.s_addr;
    if (same && got.sa.sa_family == AF_INET6) {
        int v6only = 0;
        socklen_t optlen = sizeof v6only;
        same = !memcmp(&got.v6.sin6_addr, &want->v6.sin6_addr, sizeof got.v6.sin6_addr) &&
               getsockopt(l->fd, IPPROTO_IPV6, IPV6_V6ONLY, &v6only, &optlen) == 0 && v6only;
    }
    if (!same) {
        snprintf(err, errlen, "asked to listen on %s port %d, but the socket is bound to %s port %d%s",
                 asked, want_port, l->address, l->port,
                 got.sa.sa_family == AF_INET6 ? " (or not IPv6 only)" : "");
        return -1;
    }
    return 0;
}

/* the descriptor limit and the ceiling under it that accepted connections must stay below */
static void listen_limits(ippon_listener *l)
{
    struct rlimit rl;
    long limit = 1 << 30; /* unlimited: as good as */
    if (getrlimit(RLIMIT_NOFILE, &rl) != 0)
        limit = 1024;
    else if (rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < (rlim_t)limit)
        limit = (long)rl.rlim_cur;
    long headroom = limit / LISTEN_HEADROOM_SHARE;
    if (headroom < LISTEN_HEADROOM_MIN)
        headroom = LISTEN_HEADROOM_MIN;
    l->limit = (int)limit;
    l->fd_ceiling = (int)(limit - headroom);
}

int ippon_listener_open(ippon_listener **out, const char *address, int port, char *err, size_t errlen)
{
    *out = NULL;
    listen_sa want;
    socklen_t len = listen_parse(address, port, &want);
    if (!len) {
        snprintf(err, errlen, "cannot listen on %s: not an IPv4 or IPv6 address", address);
        return -1;
    }
    ippon_listener *l = calloc(1, sizeof *l);
    if (!l) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    l->reserve = -1;
    l->fd = socket(want.sa.sa_family, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    int one = 1;
    const char *step = "socket";
    if (l->fd >= 0) {
        step = "SO_REUSEADDR"; /* restart at once even with old connections in TIME_WAIT */
        if (setsockopt(l->fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) == 0) {
            step = "IPV6_V6ONLY";
            if (want.sa.sa_family != AF_INET6 ||
                setsockopt(l->fd, IPPROTO_IPV6, IPV6_V6ONLY, &one, sizeof one) == 0) {
                step = NULL;
                if (bind(l->fd, &want.sa, len) != 0 || listen(l->fd, LISTEN_BACKLOG) != 0)
                    step = "";
            }
        }
    }
    if (step) {
        snprintf(err, errlen, "cannot listen on %s port %d: %s%s%s", address, port, step,
                 *step ? ": " : "", strerror(errno));
        ippon_listener_free(l);
        return -1;
    }
    if (listen_verify(l, address, &want, err, errlen) != 0) {
        ippon_listener_free(l);
        return -1;
    }
    listen_limits(l);
    l->reserve = open("/dev/null", O_RDONLY | O_CLOEXEC);
    static const char body[] = "{\"error\":{\"code\":\"busy\",\"message\":\"the server has no room for "
                               "another connection now; try again in a moment\"}}";
    int n = snprintf(l->refusal, sizeof l->refusal,
                     "HTTP/1.1 503 Service Unavailable\r\ncontent-type: application/json\r\n"
                     "content-length: %zu\r\nretry-after: 1\r\ncache-control: no-store\r\n"
                     "connection: close\r\n\r\n%s",
                     sizeof body - 1, body);
    l->refusal_len = (size_t)n;
    *out = l;
    return 0;
}

const char *ippon_listener_address(const ippon_listener *l) { return l->address; }
int ippon_listener_port(const ippon_listener *l) { return l->port; }

/* ---- the throttled report ---- */

static void listen_report_flush(lws_sorted_usec_list_t *sul)
{
    ippon_listener *l = lws_container_of(sul, ippon_listener, report.sul);
    listen_report *r = &l->report;
    r->pending = 0;
    if (r->refused)
        ippon_log_warn("listen: refused %ld connection%s with 503: no file descriptor to spare "
                       "(RLIMIT_NOFILE %d at start; connections are kept below descriptor %d); "
                       "reported once a second",
                       r->refused, r->refused == 1 ? "" : "s", l->limit, l->fd_ceiling);
    if (r->failed)
        ippon_log_warn("listen: accept failed %ld time%s: %s; reported once a second", r->failed,
                       r->failed == 1 ? "" : "s", strerror(r->last_errno));
    if (r->refused || r->failed) { /* what comes within the next second is added up until then */
        r->refused = r->failed = 0;
        r->pending = 1;
        lws_sul_schedule(lws_get_context(l->wsi), 0, &r->sul, listen_report_flush, LISTEN_REPORT_US);
    }
}

/* count one refusal (err 0) or accept error; the first of a quiet spell is logged at once */
static void listen_note(ippon_listener *l, int err)
{
    listen_report *r = &l->report;
    if (err) {
        r->failed++;
        r->last_errno = err;
    } else {
        r->refused++;
    }
    if (!r->pending)
        listen_report_flush(&r->sul);
}

/* ---- accepting ---- */

/* answer 503 on a connection that cannot be served, and close it */
static void listen_refuse(ippon_listener *l, int fd)
{
    char drain[512];
    ssize_t ignored = send(fd, l->refusal, l->refusal_len, MSG_NOSIGNAL | MSG_DONTWAIT);
    (void)ignored;
    shutdown(fd, SHUT_WR);
    /* what the client already sent: read it, so closing does not reset the reply away */
    while (recv(fd, drain, sizeof drain, MSG_DONTWAIT) > 0)
        ;
    close(fd);
    listen_note(l, 0);
}

static void listen_resume(lws_sorted_usec_list_t *sul)
{
    ippon_listener *l = lws_container_of(sul, ippon_listener, resume);
    if (l->reserve < 0) /* a descriptor may be free again: hold one in reserve again */
        l->reserve = open("/dev/null", O_RDONLY | O_CLOEXEC);
    lws_rx_flow_control(l->wsi, 1);
}

/* accept() keeps failing (err): note it and stop polling the socket for LISTEN_PAUSE_US, instead
   of being woken at once again by a socket that stays readable */
static void listen_pause(ippon_listener *l, int err)
{
    listen_note(l, err);
    lws_rx_flow_control(l->wsi, 0);
    lws_sul_schedule(lws_get_context(l->wsi), 0, &l->resume, listen_resume, LISTEN_PAUSE_US);
}

/*
 * accept() failed for want of a descriptor: free the reserve, accept one waiting connection
 * with it and refuse that, take the reserve again. 1 to go on accepting, 0 to stop for now.
 */
static int listen_shed(ippon_listener *l, int err)
{
    if (l->reserve >= 0) {
        close(l->reserve);
        l->reserve = -1;
        int fd = accept4(l->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        int accept_errno = errno;
        if (fd >= 0)
            listen_refuse(l, fd);
        l->reserve = open("/dev/null", O_RDONLY | O_CLOEXEC);
        if (fd >= 0)
            return 1;
        /* accept() wants a free descriptor before it looks at the queue: EMFILE with nobody
           waiting is the end of the queue, nothing to report */
        if (accept_errno == EAGAIN || accept_errno == EWOULDBLOCK)
            return 0;
    }
    listen_pause(l, err); /* nothing held in reserve, or it did not help */
    return 0;
}

/* hand one accepted connection to lws (which closes it if it cannot take it) */
static void listen_adopt(ippon_listener *l, int fd)
{
    int one = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    lws_sock_file_fd_type desc;
    desc.sockfd = fd;
    if (!lws_adopt_descriptor_vhost(l->vh, LWS_ADOPT_SOCKET | LWS_ADOPT_HTTP, desc, NULL, NULL))
        listen_note(l, 0); /* lws had no room for it (its table is full) and closed it */
}

/* the socket is readable: accept what waits, up to a batch */
static void listen_accept(ippon_listener *l)
{
    for (int i = 0; i < LISTEN_BATCH; i++) {
        int fd = accept4(l->fd, NULL, NULL, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            int err = errno;
            if (err == EAGAIN || err == EWOULDBLOCK)
                return;
            if (err == EINTR || err == ECONNABORTED || err == EPROTO)
                continue; /* that one connection is gone; others may wait */
            if (err == EMFILE || err == ENFILE) {
                if (listen_shed(l, err))
                    continue;
                return;
            }
            listen_pause(l, err); /* ENOBUFS, ENOMEM...: try again in a moment */
            return;
        }
        if (fd >= l->fd_ceiling)
            listen_refuse(l, fd);
        else
            listen_adopt(l, fd);
    }
}

/* the "ippon.listen" protocol: its session data is the listener of the socket */
static int listen_callback(struct lws *wsi, enum lws_callback_reasons reason, void *user, void *in,
                           size_t len)
{
    (void)in;
    (void)len;
    ippon_listener *l = user ? *(ippon_listener **)user : NULL;
    if (reason == LWS_CALLBACK_RAW_RX_FILE && l && l->wsi == wsi)
        listen_accept(l);
    return 0;
}

struct lws_protocols ippon_listener_protocol(void)
{
    struct lws_protocols p = {"ippon.listen", listen_callback, sizeof(ippon_listener *), 0, 0, NULL, 0};
    return p;
}

int ippon_listener_attach(ippon_listener *l, struct lws_vhost *vh, char *err, size_t errlen)
{
    lws_sock_file_fd_type desc;
    desc.filefd = l->fd;
    l->vh = vh;
    l->wsi = lws_adopt_descriptor_vhost(vh, LWS_ADOPT_RAW_FILE_DESC, desc, "ippon.listen", NULL);
    if (!l->wsi) {
        snprintf(err, errlen, "listening on %s port %d: libwebsockets did not take the socket",
                 l->address, l->port);
        return -1;
    }
    l->attached = 1;
    *(ippon_listener **)lws_wsi_user(l->wsi) = l;
    return 0;
}

void ippon_listener_free(ippon_listener *l)
{
    if (!l)
        return;
    if (l->fd >= 0 && !l->attached)
        close(l->fd);
    if (l->reserve >= 0)
        close(l->reserve);
    free(l);
}
