/*
 * wall_clock.h — the time of day as the server writes it everywhere (records, tickets, audit
 * rows, leaderboard periods): milliseconds since the Unix epoch, from CLOCK_REALTIME. It may
 * step back or forth with the system clock; durations are measured on the monotonic clock
 * instead (ippon_mono_ms; the tables on the event loop's own).
 */
#ifndef IPPON_SERVER_WALL_CLOCK_H
#define IPPON_SERVER_WALL_CLOCK_H

#include <stdint.h>

/* now, in milliseconds since 1970-01-01T00:00:00Z */
int64_t ippon_wall_ms(void);

/* the monotonic clock (CLOCK_MONOTONIC) in milliseconds, for durations and for ages compared
   within this process; it means nothing to another process */
int64_t ippon_mono_ms(void);

#endif
