/*
 * selfplay.h — bot-only matches on seeded walls, with statistics and (optionally) a check of
 * every invariant after every action. Used by ippon-sim, the property tests and the benchmark.
 *
 * Walls come from ippon_wall_shuffle fed by splitmix64 seeded with (seed, match index, hand),
 * so a match is reproducible from the seed and its index alone.
 */
#ifndef IPPON_SELFPLAY_H
#define IPPON_SELFPLAY_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/bot.h"
#include "ippon/match.h"
#include "ippon/rules.h"

typedef struct ippon_selfplay_stats {
    long matches, hands, exhaustive_draws, aborts;
    long wins, deal_ins, tsumo_wins;   /* counted per winner */
    long long win_value_sum;           /* hand values (without honba and sticks) of all wins */
    long riichi, calls;
    long actions;
    long checks_failed;                /* invariant violations found (with check on) */
    long illegal_accepted;             /* illegal actions the match accepted (with check on) */
    long long result_sum;              /* sum of all players' results over all matches: must be 0 */
    char first_failure[256];
} ippon_selfplay_stats;

/* called with every event of the match in order (private ones included), for logs */
typedef void (*ippon_selfplay_event_fn)(void *ctx, const ippon_event *ev);

/*
 * Plays one match (match index `index` of the seed) and adds to *stats. With check, every
 * invariant of ippon_match_check is tested after every action and illegal actions are probed.
 * on_event (may be NULL) sees every event. Returns 0, or -1 if the match broke an invariant or
 * did not end within its bounds.
 */
int ippon_selfplay_match(const ippon_rules *rules, uint64_t seed, long index, bool check,
                         ippon_selfplay_stats *stats, ippon_selfplay_event_fn on_event, void *ctx);

/* the seats of one match: which bot plays each (in), and how the match ended for each (out) */
typedef struct ippon_selfplay_seats {
    ippon_bot_style style[IPPON_MAX_PLAYERS]; /* in: the bot of each table seat */
    int32_t points[IPPON_MAX_PLAYERS];        /* out: final points */
    int32_t result[IPPON_MAX_PLAYERS];        /* out: final − starting points */
    int first_dealer;                         /* out: the table seat that dealt the first hand */
    bool over;                                /* out: the match ended (points and results valid) */
} ippon_selfplay_seats;

/* ippon_selfplay_match with a bot of its own style in each seat, reporting each seat's end;
   ippon_selfplay_match is this with the standard bot everywhere */
int ippon_selfplay_match_seats(const ippon_rules *rules, uint64_t seed, long index, bool check,
                               ippon_selfplay_stats *stats, ippon_selfplay_event_fn on_event, void *ctx,
                               ippon_selfplay_seats *seats);

#endif
