/*
 * queue_window.h — the ranked queue's rating window: which players are equal enough to share a
 * table. A group's spread is the highest minus the lowest rating (mu of the mode) of its humans;
 * it fits while the spread is at most the window's width after t seconds of waiting,
 *
 *     width(t) = min(cap, start + per_second × t)
 *
 * t being how long the group's anchor has waited (lobby.h: each waiting player is tried as the
 * anchor of a group, in queue order). Times are the game's: t is the wait divided by time_scale,
 * as every clock is (tests run fast). The cluster's shared take (cluster/coord.c, QUEUE_TAKE)
 * computes the same width and spread in Lua with the same operations in the same order, so the
 * two agree to the bit; tests/unit/test_server_queue_window.c and tests/cluster/queue_window
 * .test.mjs check them on the same cases. The values and why: src/server/README.md, "The ranked
 * queue's window".
 */
#ifndef IPPON_SERVER_QUEUE_WINDOW_H
#define IPPON_SERVER_QUEUE_WINDOW_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ippon_queue_window {
    double start;      /* queue_window_start: the width at once */
    double per_second; /* queue_window_growth: added per second of waiting */
    double cap;        /* queue_window_cap: the widest it gets */
    double time_scale; /* time_scale: a second of waiting is this many real seconds */
} ippon_queue_window;

/* the width after waited_ms (real milliseconds; a negative wait counts as none) */
double ippon_queue_window_width(const ippon_queue_window *w, int64_t waited_ms);

/* whether ratings lo..hi (the group's lowest and highest) fit a window of this width */
bool ippon_queue_window_fits(double lo, double hi, double width);

#endif
