/*
 * agari_internal.h — the per-part splits behind ippon_agari_readings (agari.c), for the scorer,
 * which walks their product itself. Not a public header.
 *
 * A hand's concealed tiles fall into four parts: the man, pin and sou suits and the honors.
 * Each part splits into sets (and, in one part, the pair) in one or more ways; a reading of the
 * hand takes one split of every part, all with the same pair kind when the pair part has several.
 */
#ifndef IPPON_AGARI_INTERNAL_H
#define IPPON_AGARI_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/tile.h"

enum { AGARI_NO_PAIR = 15, AGARI_MAX_SPLITS = 8 };

/*
 * The splits of one part, encoded as in the generated table (tables/gen_agari_tables.c): the
 * pair's kind within the part in bits 0–3 (AGARI_NO_PAIR = none), the number of sets in bits
 * 4–6, then 5 bits per set from bit 7: the kind within the part (4 bits) and 16 for a triplet.
 */
struct agari_part {
    uint32_t split[AGARI_MAX_SPLITS];
    int n;
    int base; /* the kind of the part's first kind */
};

static inline int agari_split_pair(uint32_t s) { return (int)(s & 15); }
static inline int agari_split_sets(uint32_t s) { return (int)(s >> 4 & 7); }
/* set i of a split: its kind within the part, and whether it is a triplet */
static inline int agari_split_set_kind(uint32_t s, int i) { return (int)(s >> (7 + 5 * i) & 15); }
static inline bool agari_split_set_triplet(uint32_t s, int i) { return s >> (7 + 5 * i) & 16; }

/*
 * Splits the four parts of counts (every count at most 4, 3k + 2 tiles with k ≤ 4). Returns the
 * index of the part holding the pair, or -1 when some part does not split or the pair is not in
 * exactly one part (the hand is not complete). The pair part's splits are ordered by pair kind.
 */
int agari_parts_of(const uint8_t counts[IPPON_KINDS], bool man_runs, struct agari_part parts[4]);

#endif
