/*
 * ippon/agari.h — the readings of a complete concealed part: every way to split 3k + 2 tiles
 * into k sets (sequences or triplets) and one pair.
 *
 * Scoring tries each reading; the state machine uses them to test that an ankan after riichi
 * keeps its three tiles a triplet in every reading. Seven pairs and kokushi are not readings
 * here: they are whole-hand shapes the scorer checks on its own.
 */
#ifndef IPPON_AGARI_H
#define IPPON_AGARI_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/tile.h"

enum ippon_set_shape { IPPON_SET_SEQUENCE, IPPON_SET_TRIPLET };

typedef struct ippon_agari_set {
    uint8_t kind;  /* a sequence's lowest kind, or the triplet's kind */
    uint8_t shape; /* enum ippon_set_shape */
} ippon_agari_set;

typedef struct ippon_agari {
    uint8_t pair;    /* kind of the pair */
    uint8_t n_sets;  /* k */
    ippon_agari_set sets[4];
} ippon_agari;

enum { IPPON_AGARI_MAX = 32 };

/*
 * Writes every reading of counts (which must hold 3k + 2 tiles, k ≤ 4) into out, at most cap
 * of them, and returns how many there are (0 = not complete). Sequences are formed only in the
 * three suits, and in the man suit only when man_runs is true (3p has no man sequences).
 * Readings that differ only in the order of equal sets are listed once.
 */
int ippon_agari_readings(const uint8_t counts[IPPON_KINDS], bool man_runs, ippon_agari *out, int cap);

#endif
