/*
 * ippon/wall.h — the tiles of a rule set, and an unbiased shuffle of them.
 *
 * The shuffle is Fisher–Yates from the last position down: position i is swapped with a
 * position j drawn uniformly from 0..i. Each j comes from 32-bit words of the caller's random
 * source by rejection (a word w is used only when w < 2^32 − (2^32 mod (i+1)), and then
 * j = w mod (i+1)), so every order of the wall is equally likely. Given the same words, the
 * same wall: the server feeds it a ChaCha20 stream keyed by the hand's 32-byte seed (see the
 * fairness notes), the simulator a seeded PRNG.
 */
#ifndef IPPON_WALL_H
#define IPPON_WALL_H

#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/tile.h"

/* a source of uniformly random 32-bit words */
typedef uint32_t (*ippon_random_word)(void *ctx);

/* writes the rule set's tile ids in increasing order (136, or 108 without 2m–8m); returns the count */
int ippon_wall_tiles(const ippon_rules *rules, ippon_tile *out);

/* a seeded, reproducible ippon_random_word for simulations and tests: ctx is a uint64_t state,
   stepped by SplitMix64, whose output's upper 32 bits are the word (a match's real walls come
   from src/fairness/, never from this) */
uint32_t ippon_splitmix_word(void *ctx);

/* shuffles wall[0..n-1] in place, unbiased, with words from next(ctx) */
void ippon_wall_shuffle(ippon_tile *wall, int n, ippon_random_word next, void *ctx);

/*
 * A wall laid out from a script, for tests and for replaying recorded games: the tiles each
 * seat is dealt, the normal draws in order, the replacement draws in order, the dora and ura
 * indicators, all as tile codes (ippon/tile.h; red fives as their red codes). Every other
 * position is filled with the remaining tiles in increasing id order. The layout is the one of
 * ippon/match.h. Codes are turned into distinct tile ids: a red code takes copy 0 of its five,
 * a plain five takes copies 1–3 first (copy 0 too when the rules have no red five there).
 */
typedef struct ippon_wall_script {
    const ippon_code *deal[4];   /* 13 codes per seat wind (0 = dealer); NULL = fill */
    const ippon_code *draws;     /* normal draws in order */
    int n_draws;
    const ippon_code *replacements; /* replacement draws in order */
    int n_replacements;
    const ippon_code *dora;      /* indicators 0..n_dora-1 */
    int n_dora;
    const ippon_code *ura;
    int n_ura;
} ippon_wall_script;

/*
 * Writes the scripted wall (136 or 108 ids). Returns the wall size, or IPPON_ERANGE when the
 * script asks for a fifth copy of a kind or more draws than the wall has, IPPON_EINVAL for a
 * code the rules do not have (2m in 3p, a red five the rules lack).
 */
int ippon_wall_from_script(const ippon_rules *rules, const ippon_wall_script *script, ippon_tile *wall);

#endif
