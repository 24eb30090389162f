/*
 * agari_internal.h — the per-part splits behind ippon_agari_readings (agari.c), for the scorer,
 * which walks their product itself. Not a public header.
 *
 * A hand's concealed tiles fall into four parts: the man, pin and sou suits and the honors.
 * Each part splits into sets (and, in one part, the pair) in one or more ways; a reading of the
 * hand takes one split of every part, all with the same pair kind when the pair part has several.
 * Both agari.c and the scorer visit the readings through agari_walk, in the same order.
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

/*
 * The readings of split parts, one at a time: the product of the parts' splits, grouped by the
 * pair's kind, the last part turning fastest. at[s] is the split of part s in the current
 * reading, pair the pair's kind within the pair part.
 *
 *     struct agari_walk w;
 *     agari_walk_start(&w, parts, pair_part);
 *     do { … parts[s].split[w.at[s]] … } while (agari_walk_next(&w));
 */
struct agari_walk {
    const struct agari_part *parts;
    int pair_part, pair, g_end;
    int lo[4], hi[4], at[4];
};

/* the first reading of the pair group that starts at split g of the pair part */
static inline void agari_walk_group(struct agari_walk *w, int g)
{
    const struct agari_part *pp = &w->parts[w->pair_part];
    w->pair = agari_split_pair(pp->split[g]);
    w->g_end = g + 1;
    while (w->g_end < pp->n && agari_split_pair(pp->split[w->g_end]) == w->pair)
        w->g_end++;
    for (int s = 0; s < 4; s++) {
        w->lo[s] = s == w->pair_part ? g : 0;
        w->hi[s] = s == w->pair_part ? w->g_end : w->parts[s].n;
        w->at[s] = w->lo[s];
    }
}

/* starts at the first reading (pair_part as agari_parts_of returned it, not -1) */
static inline void agari_walk_start(struct agari_walk *w, const struct agari_part parts[4], int pair_part)
{
    w->parts = parts;
    w->pair_part = pair_part;
    agari_walk_group(w, 0);
}

/* moves to the next reading; false when there is none */
static inline bool agari_walk_next(struct agari_walk *w)
{
    int s = 3;
    while (s >= 0 && ++w->at[s] == w->hi[s]) {
        w->at[s] = w->lo[s];
        s--;
    }
    if (s >= 0)
        return true;
    if (w->g_end == w->parts[w->pair_part].n)
        return false;
    agari_walk_group(w, w->g_end);
    return true;
}

#endif
