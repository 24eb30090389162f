/*
 * rank_period.c — the leaderboards' periods: names and windows (rank_period.h).
 */
#include "store/rank_period.h"

#include <string.h>

static const char *const period_names[IPPON_PERIODS] = {"all", "month", "week", "day"};

int ippon_rank_period_parse(const char *name)
{
    for (int i = 0; i < IPPON_PERIODS; i++)
        if (!strcmp(name, period_names[i]))
            return i;
    return -1;
}

const char *ippon_rank_period_name(ippon_rank_period period)
{
    return (unsigned)period < IPPON_PERIODS ? period_names[period] : "all";
}

int64_t ippon_rank_period_since(ippon_rank_period period, int64_t now_ms)
{
    static const int64_t day = 86400000;
    switch (period) {
    case IPPON_PERIOD_DAY: return now_ms - day;
    case IPPON_PERIOD_WEEK: return now_ms - 7 * day;
    case IPPON_PERIOD_MONTH: return now_ms - 30 * day;
    default: return INT64_MIN;
    }
}
