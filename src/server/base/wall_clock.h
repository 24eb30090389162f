/*
 * wall_clock.h — the time of day as the server writes it everywhere (records, tickets, audit
 * rows, leaderboard periods): milliseconds since the Unix epoch, from CLOCK_REALTIME. It may
 * step back or forth with the system clock; durations are measured on the event loop's
 * monotonic clock instead.
 */
#ifndef IPPON_SERVER_WALL_CLOCK_H
#define IPPON_SERVER_WALL_CLOCK_H

#include <stdint.h>

/* now, in milliseconds since 1970-01-01T00:00:00Z */
int64_t ippon_wall_ms(void);

#endif
