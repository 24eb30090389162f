/*
 * clock.h — the time control of a match (src/core/RULES.md §1): every decision gets a fresh 5 s; time
 * beyond that comes out of the player's bank (20 s at the start of the match, never reset,
 * +10 s after each exhaustive draw, capped at 20 s); when both are used up, plus a network
 * grace, the table acts for the player. Pure arithmetic on milliseconds that the caller
 * supplies, so it can be tested without a real clock; the durations are scaled by the table's
 * time scale before they get here.
 */
#ifndef IPPON_SERVER_CLOCK_H
#define IPPON_SERVER_CLOCK_H

#include <stdbool.h>
#include <stdint.h>

typedef struct ippon_clock_rules {
    int64_t move_ms;   /* per decision: 5,000 */
    int64_t bank_ms;   /* at the start of the match, and the cap: 20,000 */
    int64_t refill_ms; /* added after an exhaustive draw: 10,000 */
    int64_t grace_ms;  /* network grace before the table acts: 1,000 */
} ippon_clock_rules;

typedef struct ippon_clock {
    ippon_clock_rules rules;
    int64_t bank[4];    /* what is left of each seat's bank */
    int64_t started[4]; /* when the seat's current decision began, or -1 */
} ippon_clock;

void ippon_clock_init(ippon_clock *c, const ippon_clock_rules *rules);

/* a decision of `seat` begins at now */
void ippon_clock_start(ippon_clock *c, int seat, int64_t now);

/* whether the seat has a decision running */
bool ippon_clock_running(const ippon_clock *c, int seat);

/* when the table acts for the seat: start + move + bank + grace */
int64_t ippon_clock_deadline(const ippon_clock *c, int seat);

/* the seat answered at now: time over the per-move allowance leaves the bank (never below 0) */
void ippon_clock_stop(ippon_clock *c, int seat, int64_t now);

/* what is left now: of the per-move time, and of the bank (both ≥ 0) */
void ippon_clock_left(const ippon_clock *c, int seat, int64_t now, int64_t *move_left, int64_t *bank_left);

/* a decision that was running when the server stopped starts over at now (a restart, table.h
   "Journal"): a fresh per-move time after the network grace; the bank is as it was */
void ippon_clock_resume(ippon_clock *c, int seat, int64_t now);

/* after an exhaustive draw: every bank gains refill_ms, up to bank_ms */
void ippon_clock_refill(ippon_clock *c);

#endif
