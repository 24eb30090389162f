/*
 * ladder.c — the dan ladder's table and its arithmetic (include/ippon/ladder.h explains both).
 */
#include "ippon/ladder.h"

/* id, English, Japanese, promote at, start, last place's penalty, demotes */
const ippon_tier ippon_ladder_tiers[IPPON_LADDER_TIERS] = {
    { "novice", "Novice", "新人", 20, 0, 0, false },
    { "9k", "9 kyu", "9級", 20, 0, 0, false },
    { "8k", "8 kyu", "8級", 20, 0, 0, false },
    { "7k", "7 kyu", "7級", 20, 0, 0, false },
    { "6k", "6 kyu", "6級", 40, 0, 0, false },
    { "5k", "5 kyu", "5級", 60, 0, 0, false },
    { "4k", "4 kyu", "4級", 80, 0, 0, false },
    { "3k", "3 kyu", "3級", 100, 0, 0, false },
    { "2k", "2 kyu", "2級", 100, 0, 0, false },
    { "1k", "1 kyu", "1級", 100, 50, 0, false },
    { "1d", "1 dan", "初段", 400, 200, 20, true },
    { "2d", "2 dan", "二段", 800, 400, 20, true },
    { "3d", "3 dan", "三段", 1200, 600, 30, true },
    { "4d", "4 dan", "四段", 1600, 800, 30, true },
    { "5d", "5 dan", "五段", 2000, 1000, 40, true },
    { "6d", "6 dan", "六段", 2400, 1200, 40, true },
    { "7d", "7 dan", "七段", 2800, 1400, 50, true },
    { "8d", "8 dan", "八段", 3200, 1600, 50, true },
    { "9d", "9 dan", "九段", 3600, 1800, 60, true },
    { "10d", "10 dan", "十段", 0, 2000, 60, true },
};

int32_t ippon_ladder_base(int players, int32_t tier, int place)
{
    if (tier < 0 || tier >= IPPON_LADDER_TIERS || place < 1 || place > players)
        return 0;
    int32_t last = -ippon_ladder_tiers[tier].penalty;
    if (players == 4) {
        static const int32_t top[3] = { 20, 10, 0 };
        return place == 4 ? last : top[place - 1];
    }
    if (players == 3) {
        static const int32_t top[2] = { 30, 0 };
        return place == 3 ? last : top[place - 1];
    }
    return 0;
}

/* num / den (den > 0) rounded half away from zero */
static int32_t rounded_ratio(int64_t num, int64_t den)
{
    int64_t mag = num >= 0 ? num : -num, q = (2 * mag + den) / (2 * den);
    return (int32_t)(num >= 0 ? q : -q);
}

int ippon_ladder_deltas(int n, const int32_t *final_points, const int32_t *results, const int32_t *tiers,
                        int32_t *delta)
{
    if (n != 3 && n != 4)
        return -1;
    for (int i = 0; i < n; i++) {
        if (tiers[i] < 0 || tiers[i] >= IPPON_LADDER_TIERS)
            return -1;
        int better = 0, same = 0;
        for (int j = 0; j < n; j++) {
            better += final_points[j] > final_points[i];
            same += final_points[j] == final_points[i];
        }
        /* the shared places are better + 1 … better + same */
        int64_t sum = 0;
        for (int place = better + 1; place <= better + same; place++)
            sum += ippon_ladder_base(n, tiers[i], place);
        delta[i] = rounded_ratio(sum, same) + rounded_ratio(results[i], 1000);
    }
    return 0;
}

ippon_rank ippon_ladder_apply(ippon_rank r, int32_t delta)
{
    if (r.tier < 0 || r.tier >= IPPON_LADDER_TIERS)
        return r;
    const ippon_tier *t = &ippon_ladder_tiers[r.tier];
    int32_t points = r.points + delta;
    if (t->promote_at > 0 && points >= t->promote_at && r.tier + 1 < IPPON_LADDER_TIERS)
        return (ippon_rank){ r.tier + 1, ippon_ladder_tiers[r.tier + 1].start };
    if (points < 0)
        return t->demotes ? (ippon_rank){ r.tier - 1, ippon_ladder_tiers[r.tier - 1].start } : (ippon_rank){ r.tier, 0 };
    return (ippon_rank){ r.tier, points };
}
