/*
 * timers.h — the server's own timers (the tables' deadlines, the lobby, the drain, the sessions'
 * expiry, the login holds), kept exactly on whichever loop the process runs.
 *
 * A timer is an lws_sorted_usec_list_t, as lws's own timers are, so the code that owns one
 * reads the same either way. On lws's own poll() loop, ippon_timers_schedule is lws_sul_schedule.
 * On libev (net/event_loop.h) the timers are kept in a list of their own, served by one ev_timer
 * that is re-armed whenever the earliest timer changes: lws 4.1's libev plugin re-arms its own
 * timer with ev_timer_set on a watcher that may still be running, which libev ignores, so a timer
 * due sooner than the one already armed fired only when that one did (a bot's 600 ms move waited
 * for a 30 s keep-alive). lws's internal timeouts stay with lws (event_loop.c keeps them within a
 * second).
 *
 * Single-threaded: the loop's thread only. A timer's callback may schedule or cancel any timer.
 */
#ifndef IPPON_SERVER_TIMERS_H
#define IPPON_SERVER_TIMERS_H

#include <libwebsockets.h>

typedef struct ippon_timers ippon_timers;

/* timers for context's loop: ev_loop is the libev loop lws runs on (a struct ev_loop *), or NULL
   for lws's own poll(); NULL if out of memory */
ippon_timers *ippon_timers_new(struct lws_context *context, void *ev_loop);

/* (re)schedule sul to call cb in us microseconds (0: on the next turn of the loop) */
void ippon_timers_schedule(ippon_timers *t, lws_sorted_usec_list_t *sul, sul_cb_t cb, lws_usec_t us);

/* unschedule sul (nothing if it is not scheduled) */
void ippon_timers_cancel(lws_sorted_usec_list_t *sul);

/* every timer must be cancelled first; t may be NULL */
void ippon_timers_free(ippon_timers *t);

#endif
