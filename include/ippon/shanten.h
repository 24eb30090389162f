/*
 * ippon/shanten.h — how far a hand is from winning, and what a tenpai hand waits on.
 *
 * Shanten counts by shape alone, as the community's calculators do (majiang-core, Tenhou's
 * display): -1 = a complete hand, 0 = tenpai, 1 = iishanten, … A hand is given as counts per
 * kind of its *concealed* tiles (13 − 3·melds or 14 − 3·melds of them); `melds` is the number
 * of called or declared sets (kans count as one set; kita is not a meld).
 *
 * The standard form is table-driven: per-suit tables, generated at build time, give for every
 * suit pattern the distance to each number of sets with and without a pair; the suits are
 * combined by min-plus. In 3p (rules->man_terminals_only) the man suit has only 1m and 9m, which
 * cannot form sequences, and is scored like honors.
 *
 * Counting by shape follows majiang-core (@kobalab/majiang-core, Util.xiangting), which the
 * oracle tests compare against: a target may use a fifth copy of a suited kind (1111m reads as
 * the pair 11m + the toitsu 11m), an honor held four times is one koutsu, and for chiitoitsu a
 * kind held 3 or 4 times is one pair.
 *
 * Errors: the counts must hold at most 4 of a kind and at most 14 tiles, and melds must be
 * 0..4; otherwise the functions return IPPON_ERANGE. A man tile 2m–8m under 3p rules gives
 * IPPON_EILLEGAL. Both are below −1, so `shanten < -1` tells an error. A NULL `rules` means 4p.
 */
#ifndef IPPON_SHANTEN_H
#define IPPON_SHANTEN_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/tile.h"

/* four sets and a pair (melds count as sets) */
int ippon_shanten_standard(const uint8_t counts[IPPON_KINDS], int melds, bool man_terminals_only);
/* seven distinct pairs; only for a hand with no melds */
int ippon_shanten_chiitoi(const uint8_t counts[IPPON_KINDS]);
/* kokushi musou; only for a hand with no melds */
int ippon_shanten_kokushi(const uint8_t counts[IPPON_KINDS]);
/* the least of the three (chiitoi and kokushi only when melds == 0) */
int ippon_shanten(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules);

/* a form that does not apply (chiitoi or kokushi with melds) */
enum { IPPON_SHANTEN_NONE = 99 };

/* the shanten of each form and the least of them */
typedef struct ippon_shanten_all {
    int8_t shanten, standard, chiitoi, kokushi; /* chiitoi/kokushi IPPON_SHANTEN_NONE with melds */
} ippon_shanten_all;

/* fills *out with all three forms at once; returns out->shanten, or an error (*out untouched) */
int ippon_shanten_forms(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                        ippon_shanten_all *out);

/*
 * The waits of a hand of 13 − 3·melds concealed tiles: bit k of the result is set when adding
 * one tile of kind k makes a complete hand (any of the three forms), by shape alone — kinds
 * that the rules do not have, and kinds the hand already holds four of, are never set.
 * Returns 0 for a hand that is not tenpai, of another size, or bad input.
 */
uint64_t ippon_waits(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules);

/*
 * Ukeire, for bots: bit k is set when drawing one tile of kind k lowers the shanten (the
 * least of the three forms), like majiang-core's Util.tingpai. For a hand of at most 13 tiles;
 * kinds the hand already holds four of, and kinds the rules do not have, are never set. For a
 * tenpai hand this is its waits. Returns 0 for bad input or a hand of 14 tiles.
 */
uint64_t ippon_ukeire(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules);
/* the same when the caller already knows the hand's shanten (saves computing it again) */
uint64_t ippon_ukeire_known(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules, int shanten);
/*
 * The ukeire after each of several discards, at once: for every kind k set in `discards`,
 * out[k] = ippon_ukeire_known(counts without one tile of k, melds, rules, shanten_after[k]),
 * where counts is the hand before the discard (for example the 14 tiles on a turn) and
 * shanten_after[k] the shanten after discarding k (ippon_shanten_discards). Kinds in `discards`
 * that counts does not hold get 0; the other entries of out are left alone (bits above 33 are
 * ignored).
 */
void ippon_ukeire_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                           const int8_t shanten_after[IPPON_KINDS], uint64_t discards, uint64_t out[IPPON_KINDS]);

/*
 * For bots: the shanten after discarding one tile of each kind the hand holds, all at once
 * (out[k] = IPPON_SHANTEN_NONE for kinds not held). Only the discarded kind's suit is looked up
 * again, so this costs about as much as two shanten calls. Returns 0, or the error of
 * ippon_shanten for bad input (out all IPPON_SHANTEN_NONE).
 */
int ippon_shanten_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                           int8_t out[IPPON_KINDS]);
/* the same, and returns the shanten of the hand itself (ippon_shanten), which comes almost free */
int ippon_shanten_with_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                                int8_t out[IPPON_KINDS]);

/*
 * Karaten: keeps only the waits with at least one copy outside the player's own tiles.
 * `own` counts per kind what the rules' karaten scope counts as the player's own
 * (src/core/RULES.md: concealed hand + melds + Norths set aside; Tenhou: the concealed hand only).
 */
uint64_t ippon_waits_live(uint64_t waits, const uint8_t own[IPPON_KINDS]);

#endif
