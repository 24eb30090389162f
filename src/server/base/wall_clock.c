/*
 * wall_clock.c — the time of day in Unix milliseconds (wall_clock.h).
 */
#include "base/wall_clock.h"

#include <time.h>

int64_t ippon_wall_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}
