/*
 * timer_heap.h — many deadlines, one wake-up: a binary min-heap of timers keyed by a time in
 * milliseconds, with each timer knowing its place so that moving or cancelling it is O(log n).
 *
 * The gateway keeps one of these for all its tables and a single libwebsockets timer at the
 * earliest deadline (lws keeps its timers in a sorted list, so thousands of them cost a walk
 * of the list on every change). Single-threaded, like the rest of the event loop.
 */
#ifndef IPPON_SERVER_TIMER_HEAP_H
#define IPPON_SERVER_TIMER_HEAP_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ippon_timer {
    int64_t due;  /* when, in ms (valid while set) */
    int index;    /* place in the heap, -1 when not set */
} ippon_timer;

typedef struct ippon_timer_heap {
    ippon_timer **items;
    int count, cap;
} ippon_timer_heap;

/* a timer that is not set (or use ippon_timer_init) */
#define IPPON_TIMER_INIT { 0, -1 }
void ippon_timer_init(ippon_timer *t);
void ippon_timer_heap_free(ippon_timer_heap *h);

/* sets (or moves) the timer to `due`; 0, or -1 out of memory (the timer is then not set) */
int ippon_timer_set(ippon_timer_heap *h, ippon_timer *t, int64_t due);
/* unsets the timer if set */
void ippon_timer_cancel(ippon_timer_heap *h, ippon_timer *t);
bool ippon_timer_is_set(const ippon_timer *t);
/* the earliest timer, or NULL */
ippon_timer *ippon_timer_first(const ippon_timer_heap *h);
/* removes and returns the earliest timer if it is due at `now` (due <= now), else NULL */
ippon_timer *ippon_timer_pop_due(ippon_timer_heap *h, int64_t now);

#endif
