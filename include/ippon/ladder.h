/*
 * ladder.h — the dan ladder of one mode: what a player climbs, as on Tenhou and Mahjong Soul.
 *
 * Tiers, lowest first: Novice (新人), 9 kyu … 1 kyu (9級 … 1級), 1 dan … 10 dan (初段 … 十段).
 * A player starts at Novice with 0 rank points. Each ranked match gives rank points:
 *
 *   delta = base(place) + round(result / 1000)         result = final − starting points
 *
 * base(place) from the table below; players tied on final points share their places and each
 * gets the average of the shared places' bases, rounded half away from zero (after a ron in
 * 4-player the bystanders tie for 2nd–3rd: (10 + 0) / 2 = 5 each). The last place's base is
 * minus the tier's penalty, so the higher a player stands the more a last place costs, and an
 * average player's climb slows down around 3 dan.
 *
 *   4-player: 1st +20, 2nd +10, 3rd 0, 4th −penalty      3-player: 1st +30, 2nd 0, 3rd −penalty
 *
 * Reaching the tier's threshold promotes: the next tier starts at its start points. Below zero:
 * in a tier that demotes (1 dan and up) the player drops one tier, to that tier's start; in one
 * that does not (Novice and kyu) the points stay at 0. 10 dan has no threshold.
 *
 * The table (ippon_ladder_tiers) is the one place these numbers live; the rules page (web) and
 * the README print it, and the ladder's unit test works through it.
 */
#ifndef IPPON_LADDER_H
#define IPPON_LADDER_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ippon_tier {
    const char *id;       /* "novice", "9k" … "1k", "1d" … "10d" */
    const char *name_en;  /* "Novice", "9 kyu", … "1 dan", … */
    const char *name_ja;  /* "新人", "9級", … "初段", "二段", … "十段" */
    int32_t promote_at;   /* points that promote to the next tier; 0 for the top tier */
    int32_t start;        /* points on entering the tier, by promotion or demotion */
    int32_t penalty;      /* the last place's base is −penalty */
    bool demotes;         /* below 0 points drops one tier */
} ippon_tier;

enum { IPPON_LADDER_TIERS = 20 };

/* the tiers, lowest first: [0] Novice, [1] 9 kyu … [9] 1 kyu, [10] 1 dan … [19] 10 dan */
extern const ippon_tier ippon_ladder_tiers[IPPON_LADDER_TIERS];

/* where a player stands in one mode */
typedef struct ippon_rank {
    int32_t tier;   /* index into ippon_ladder_tiers */
    int32_t points; /* rank points within the tier */
} ippon_rank;

/* the base of a place (1 … players) in a tier, for 3 or 4 players; 0 for a bad place */
int32_t ippon_ladder_base(int players, int32_t tier, int place);

/*
 * The rank points of every seat of one match, from its final points and results (final − start),
 * the seats' tiers: delta[i] as the header explains (ties share places). n is 3 or 4; -1 for a
 * bad n, else 0.
 */
int ippon_ladder_deltas(int n, const int32_t *final_points, const int32_t *results, const int32_t *tiers,
                        int32_t *delta);

/* r after a match that gave delta rank points (promotion and demotion as above) */
ippon_rank ippon_ladder_apply(ippon_rank r, int32_t delta);

#endif
