/*
 * timers.c — the server's timers on lws's own loop or on libev (timers.h).
 *
 * On libev: the timers are an lws sorted list of our own (lws exports __lws_sul_insert for lists
 * kept outside its context; its __lws_sul_service_ripe is not usable on one: it takes the list for
 * a part of its context), earliest first, and one ev_timer armed for the head. Scheduling re-arms
 * it only when the new timer is the new head; the ev_timer's callback takes each timer that is
 * due at the pass's start off the list and calls it, earliest first (a callback may schedule
 * more; one due later than the pass's start waits for the next pass), then arms for the head left.
 */
#include "base/timers.h"

#include <ev.h>
#include <stdlib.h>

struct ippon_timers {
    struct lws_context *context;
    struct ev_loop *ev;        /* NULL: lws_sul_schedule on the context */
    lws_dll2_owner_t owner;    /* on libev: the scheduled timers, earliest first */
    ev_timer wake;             /* on libev: armed for the earliest */
};

static void timers_arm(ippon_timers *t, lws_usec_t now)
{
    ev_timer_stop(t->ev, &t->wake);
    if (!t->owner.head)
        return;
    lws_sorted_usec_list_t *first = lws_container_of(t->owner.head, lws_sorted_usec_list_t, list);
    lws_usec_t in = first->us > now ? first->us - now : 0;
    ev_timer_set(&t->wake, (ev_tstamp)in / 1e6, 0.);
    ev_timer_start(t->ev, &t->wake);
}

static void timers_due(struct ev_loop *loop, ev_timer *w, int revents)
{
    (void)loop;
    (void)revents;
    ippon_timers *t = w->data;
    lws_usec_t now = lws_now_usecs();
    while (t->owner.head) {
        lws_sorted_usec_list_t *first = lws_container_of(t->owner.head, lws_sorted_usec_list_t, list);
        if (first->us > now)
            break;
        lws_sul_cancel(first); /* off the list before its callback, which may schedule it again */
        first->cb(first);
    }
    timers_arm(t, lws_now_usecs());
}

ippon_timers *ippon_timers_new(struct lws_context *context, void *ev_loop)
{
    ippon_timers *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->context = context;
    t->ev = ev_loop;
    ev_timer_init(&t->wake, timers_due, 0., 0.);
    t->wake.data = t;
    return t;
}

void ippon_timers_schedule(ippon_timers *t, lws_sorted_usec_list_t *sul, sul_cb_t cb, lws_usec_t us)
{
    if (!t->ev) {
        lws_sul_schedule(t->context, 0, sul, cb, us);
        return;
    }
    lws_usec_t now = lws_now_usecs();
    lws_sul_cancel(sul);
    sul->cb = cb;
    sul->us = now + us;
    __lws_sul_insert(&t->owner, sul);
    if (t->owner.head == &sul->list) /* the new earliest: the wake-up moves */
        timers_arm(t, now);
}

void ippon_timers_cancel(lws_sorted_usec_list_t *sul)
{
    lws_sul_cancel(sul); /* the wake-up may stay armed for it: a turn with nothing ripe is harmless */
}

void ippon_timers_free(ippon_timers *t)
{
    if (!t)
        return;
    if (t->ev)
        ev_timer_stop(t->ev, &t->wake);
    free(t);
}
