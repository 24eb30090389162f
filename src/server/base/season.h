/*
 * season.h — the seasons of the point-sum leaderboard: calendar stretches of season_months
 * months (1, 2, 3, 4, 6 or 12: a divisor of 12, so every year holds whole seasons), aligned to
 * January and counted in UTC. A season is named by its first month, "YYYY-MM": with 3 months,
 * "2026-01" (January to March), "2026-04", "2026-07", "2026-10". A game belongs to the season its
 * match's ended_at (unix ms) falls in: from the first millisecond of the first month (00:00:00.000
 * UTC) to the last of the last month (23:59:59.999 UTC), both included.
 *
 * A season is held as its first month's number, year × 12 + (month − 1) (2026-04 → 24315), so
 * seasons compare and step as integers. One place for this arithmetic: the store's writes and
 * reads (store/season_writes.h, store_board.c), the REST route's parameter (api/leaderboard_rest.c)
 * and the configuration's check (config.c).
 */
#ifndef IPPON_SERVER_SEASON_H
#define IPPON_SERVER_SEASON_H

#include <stdbool.h>
#include <stdint.h>

#define IPPON_SEASON_TEXT 8 /* "YYYY-MM" and its '\0' */
#define IPPON_SEASON_MONTHS_CHOICES "1, 2, 3, 4, 6 or 12"

/* is months an allowed season length (a divisor of 12)? */
bool ippon_season_months_ok(int months);

/* the season (its first month's number) that the instant ms (unix ms, UTC) falls in */
int32_t ippon_season_of(int64_t ms, int months);
/* the first millisecond of a season, and the first one after it (the next season's start) */
int64_t ippon_season_start_ms(int32_t season);
int64_t ippon_season_end_ms(int32_t season, int months);

/* "YYYY-MM" into out (IPPON_SEASON_TEXT bytes) */
void ippon_season_format(int32_t season, char out[IPPON_SEASON_TEXT]);

typedef enum ippon_season_problem {
    IPPON_SEASON_OK,
    IPPON_SEASON_MALFORMED, /* not "YYYY-MM" with a year 1970..9999 and a month 01..12 */
    IPPON_SEASON_UNALIGNED, /* a month that starts no season of this length */
} ippon_season_problem;

/* parses "YYYY-MM" (a season's first month) into *season */
ippon_season_problem ippon_season_parse(const char *text, int months, int32_t *season);

#endif
