/*
 * wall_clock.c — the time of day in Unix milliseconds, and the monotonic clock (wall_clock.h).
 */
#include "base/wall_clock.h"

#include <time.h>

static int64_t clock_ms(clockid_t which)
{
    struct timespec ts;
    clock_gettime(which, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

int64_t ippon_wall_ms(void) { return clock_ms(CLOCK_REALTIME); }
int64_t ippon_mono_ms(void) { return clock_ms(CLOCK_MONOTONIC); }
