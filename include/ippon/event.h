/*
 * event.h — events (tournaments, src/server/EVENTS.md): the seating of a round's entrants into
 * tables by the event's rule, its check, and the standings from the rounds' results. Pure
 * arithmetic over plain arrays (src/events/README.md gives the rules): the server's scheduler,
 * its REST replies, the unit tests and the benchmark share one definition.
 *
 * Entrants are numbered 0..n−1 by the caller (the event's registration order: a lower number
 * registered earlier, which is the standings' last tie-breaker).
 */
#ifndef IPPON_EVENT_H
#define IPPON_EVENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum {
    IPPON_EVENT_MAX_ENTRANTS = 512,
    IPPON_EVENT_MAX_TABLES = IPPON_EVENT_MAX_ENTRANTS / 3 + 1,
    IPPON_EVENT_MAX_ROUNDS = 20,
};

typedef enum ippon_seating_rule {
    IPPON_SEATING_RANDOM,     /* a random seating (round 1 always) */
    IPPON_SEATING_SWISS,      /* by standings: the leaders together, then the next, … */
    IPPON_SEATING_MIN_REPEAT, /* the fewest pairs of entrants who have met before */
} ippon_seating_rule;

typedef enum ippon_fill_rule {
    IPPON_FILL_BOTS,          /* entrants that do not divide into tables: bots fill the last seats */
    IPPON_FILL_BYES,          /* ... or some entrants sit the round out (a bye) */
} ippon_fill_rule;

/* a seat of a table: an entrant's number, or a bot; a 3-player table's fourth seat is NO_SEAT */
enum { IPPON_EVENT_BOT = -1, IPPON_EVENT_NO_SEAT = -2 };

/* what a round is seated from */
typedef struct ippon_seating_input {
    int players;              /* 3 or 4 a table */
    ippon_seating_rule rule;
    ippon_fill_rule fill;
    int n;                    /* the entrants to seat (2 … IPPON_EVENT_MAX_ENTRANTS) */
    const int *ids;           /* their numbers (each in 0 … IPPON_EVENT_MAX_ENTRANTS − 1, distinct) */
    const int64_t *total;     /* per entrant number: the standings' total so far (swiss; NULL: all 0) */
    const int *rank;          /* per entrant number: the standings' rank so far, 1 = first (swiss;
                                 NULL: by total, then number) */
    const uint8_t *met;       /* IPPON_EVENT_MAX_ENTRANTS² by entrant number: how many times a and b
                                 sat at one table before (met[a·MAX + b]; the larger of met[a·MAX + b]
                                 and met[b·MAX + a] is read); NULL: never */
    const uint8_t *byes;      /* per entrant number: byes so far (NULL: none) */
    uint8_t seed[32];         /* the round's randomness (a ChaCha20 key: random seating, the seat order
                                 within each table, min_repeat's search); the same input and seed
                                 give the same seating */
} ippon_seating_input;

/* a round's seating */
typedef struct ippon_seating {
    int tables;
    int seat[IPPON_EVENT_MAX_TABLES][4]; /* table t, seat s: an entrant number or IPPON_EVENT_BOT;
                                            seat 3 of a 3-player table IPPON_EVENT_NO_SEAT */
    int n_byes;
    int bye[IPPON_EVENT_MAX_ENTRANTS];   /* the entrants sitting out */
    int repeats;              /* pairs at one table who had met before (met > 0), counted once each */
} ippon_seating;

/*
 * Seats the round: every entrant of in->ids at exactly one seat or given a bye, each table
 * in->players seats. With fill BOTS the tables are ⌈n / players⌉ and bots take the empty seats
 * (at most players − 1 in all, on the last tables, at most one bot a table while that suffices);
 * with BYES the tables are ⌊n / players⌋ and n mod players entrants get a bye (the fewest byes so
 * far, then the lowest standing, then the highest number). The order within a table (its seats,
 * bots included) is shuffled from the seed. out->repeats counts the pairs who met before.
 * Returns 0, or −1 for an input it cannot seat (n out of range, players not 3 or 4, a rule out of
 * range, ids NULL, an id repeated or out of range, fewer entrants than one table with BYES) or
 * when memory runs out (min_repeat's work space).
 */
int ippon_seat_round(const ippon_seating_input *in, ippon_seating *out);

/*
 * Checks a seating against the entrants of a round: each of ids seated exactly once or given a
 * bye, no other entrant anywhere, every table `players` seats, bots only where fill BOTS allows
 * (no table of bots alone). Returns true when it holds; else false with why in err (one line).
 */
bool ippon_seating_check(const ippon_seating_input *in, const ippon_seating *s, char *err, size_t err_cap);

/* one entrant's result in one round */
typedef struct ippon_event_result {
    int entrant;              /* the entrant's number */
    int round;                /* 1 … */
    int32_t result;           /* final − start points (0 for a bye or a voided stand-in) */
    uint8_t place;            /* 1 … players at its table by final points (0: a bye) */
    bool last;                /* last place at its table */
} ippon_event_result;

/* one line of the standings */
typedef struct ippon_event_standing {
    int entrant;
    int rank;                 /* 1 … n, distinct */
    int64_t total;            /* sum of results */
    int played;               /* rounds with a result (a bye counts) */
    int tops;                 /* first places */
    int32_t best;             /* best single result (INT32_MIN: none) */
    int lasts;                /* last places */
} ippon_event_standing;

/*
 * The standings of entrants 0 … n−1 from their results (any order; an entrant with none has total
 * 0): sorted by total, then most tops, then best single result, then fewest lasts, then the lower
 * number (earlier registration). out has n lines, rank order. Returns 0, or −1 for a result whose
 * entrant is out of range.
 */
int ippon_event_standings(int n, const ippon_event_result *results, int n_results, ippon_event_standing *out);

#endif
