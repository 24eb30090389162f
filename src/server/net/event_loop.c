/*
 * event_loop.c — libev on epoll, or lws's own poll() loop (event_loop.h).
 *
 * The libev loop is made with EVBACKEND_EPOLL only (no silent fall-back to select or poll:
 * a kernel without epoll is an error at start) and EVFLAG_NOSIGMASK (main.c's signal handlers
 * stay as they are; libev never touches the signal mask). A signal interrupts epoll_wait and
 * its handler also wakes the loop (ippon_http_wake), so a turn ends either way.
 */
#include "net/event_loop.h"

#include <ev.h>
#include <libwebsockets.h>
#include <stdlib.h>
#include <string.h>

#define EVENT_LOOP_LWS_BEAT_US LWS_US_PER_SEC /* the longest an lws timeout waits past due on libev */

struct ippon_event_loop {
    struct ev_loop *ev; /* NULL: lws's own poll() loop */
    struct lws_context *context; /* attached: the beat runs on it */
    lws_sorted_usec_list_t beat;
};

/* an lws timer that is always due within a second, so lws's libev timer fires at least that often
   and is re-armed for the earliest of lws's timeouts each time */
static void event_loop_beat(lws_sorted_usec_list_t *sul)
{
    ippon_event_loop *loop = lws_container_of(sul, ippon_event_loop, beat);
    lws_sul_schedule(loop->context, 0, &loop->beat, event_loop_beat, EVENT_LOOP_LWS_BEAT_US);
}

void ippon_event_loop_attach(ippon_event_loop *loop, struct lws_context *context)
{
    loop->context = context;
    if (loop->ev)
        lws_sul_schedule(context, 0, &loop->beat, event_loop_beat, EVENT_LOOP_LWS_BEAT_US);
}

void ippon_event_loop_detach(ippon_event_loop *loop)
{
    if (!loop || !loop->context)
        return;
    lws_sul_cancel(&loop->beat);
    loop->context = NULL;
}

ippon_event_loop *ippon_event_loop_new(const char *kind)
{
    ippon_event_loop *loop = calloc(1, sizeof *loop);
    if (!loop)
        return NULL;
    if (kind && strcmp(kind, IPPON_EVENT_LOOP_EPOLL) == 0) {
        loop->ev = ev_loop_new(EVBACKEND_EPOLL | EVFLAG_NOSIGMASK | EVFLAG_NOENV);
        if (!loop->ev) {
            free(loop);
            return NULL;
        }
    }
    return loop;
}

void *ippon_event_loop_foreign(ippon_event_loop *loop)
{
    return loop ? loop->ev : NULL;
}

const char *ippon_event_loop_kind(const ippon_event_loop *loop)
{
    return loop && loop->ev ? IPPON_EVENT_LOOP_EPOLL : IPPON_EVENT_LOOP_POLL;
}

void ippon_event_loop_fall_back(ippon_event_loop *loop)
{
    if (loop && loop->ev) {
        ev_loop_destroy(loop->ev);
        loop->ev = NULL;
    }
}

int ippon_event_loop_turn(ippon_event_loop *loop, struct lws_context *context)
{
    if (loop->ev) {
        /* one turn: waits for the first event or timer, handles what is ready, returns */
        ev_run(loop->ev, EVRUN_ONCE);
        return 0;
    }
    return lws_service(context, 0);
}

void ippon_event_loop_free(ippon_event_loop *loop)
{
    if (!loop)
        return;
    if (loop->ev)
        ev_loop_destroy(loop->ev);
    free(loop);
}
