/*
 * rank_period.h — the periods of the leaderboards: rolling windows ending now. day = the last
 * 24 hours, week = the last 7 × 24 h, month = the last 30 × 24 h, all = every game; a match
 * counts in a period if now − window ≤ ended_at (the edge included). One place for the names and
 * the windows: the REST route parses them (api/leaderboard_rest.c), the boards hold one standing
 * per period (store_board.c).
 */
#ifndef IPPON_SERVER_RANK_PERIOD_H
#define IPPON_SERVER_RANK_PERIOD_H

#include <stdint.h>

typedef enum ippon_rank_period {
    IPPON_PERIOD_ALL,
    IPPON_PERIOD_MONTH, /* the last 30 days */
    IPPON_PERIOD_WEEK,  /* the last 7 days */
    IPPON_PERIOD_DAY,   /* the last 24 hours */
    IPPON_PERIODS
} ippon_rank_period;

/* "all", "month", "week", "day" → the period, or -1 */
int ippon_rank_period_parse(const char *name);
const char *ippon_rank_period_name(ippon_rank_period period);
/* the first ended_at (unix ms) that counts in period at now_ms (INT64_MIN for all) */
int64_t ippon_rank_period_since(ippon_rank_period period, int64_t now_ms);

#endif
