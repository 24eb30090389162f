/*
 * seating_random.c — the random seating (src/events/README.md "random"): every assignment of
 * the entrants to the entrant seats equally likely, from the round's seed.
 */
#include "seating_internal.h"

void seating_random(seating_round *r)
{
    seating_rng_shuffle(&r->rng, r->slot, r->n);
}
