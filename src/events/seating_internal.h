/*
 * seating_internal.h — what the seating's files share (src/events/README.md "Seating"): the
 * round being seated (its entrants in standing order, the tables' entrant seats), the seeded
 * ChaCha20 stream, and how many times two entrants met. Not part of the library's interface.
 */
#ifndef IPPON_EVENTS_SEATING_INTERNAL_H
#define IPPON_EVENTS_SEATING_INTERNAL_H

#include <stddef.h>
#include <stdint.h>

#include "ippon/event.h"

/* a deterministic stream of random numbers: ChaCha20 keyed by the round's seed */
typedef struct seating_rng {
    uint8_t key[32];
    uint64_t block;           /* the next nonce */
    uint8_t buf[256];
    size_t used;
} seating_rng;

void seating_rng_init(seating_rng *r, const uint8_t seed[32]);
/* uniform in 0 … n − 1 (n ≥ 1), without modulo bias */
uint32_t seating_rng_below(seating_rng *r, uint32_t n);
/* a uniform permutation of a[0 … n − 1] (Fisher–Yates) */
void seating_rng_shuffle(seating_rng *r, int *a, int n);

/*
 * The round being seated. The entrants at tables (byes taken out) are numbered locally 0 … n − 1
 * in standing order (0 the leader); the tables' entrant seats are laid end to end, table 0 first:
 * slot k (0 … n − 1) belongs to table slot_table[k]. A rule fills slot[k] with a local entrant.
 */
typedef struct seating_round {
    const ippon_seating_input *in;
    int tables;
    int n;
    int id[IPPON_EVENT_MAX_ENTRANTS];         /* local entrant → entrant number */
    int first[IPPON_EVENT_MAX_TABLES + 1];    /* table t's slots are first[t] … first[t + 1] − 1 */
    int slot_table[IPPON_EVENT_MAX_ENTRANTS];
    int slot[IPPON_EVENT_MAX_ENTRANTS];
    seating_rng rng;
} seating_round;

/* how many times entrant numbers a and b met (the larger of met[a][b] and met[b][a]; 0 without met) */
int seating_met(const ippon_seating_input *in, int a, int b);

/* the rules: each fills r->slot */
void seating_random(seating_round *r);
void seating_swiss(seating_round *r);
int seating_min_repeat(seating_round *r); /* 0, or −1 when memory runs out */

#endif
