/*
 * store_ratings.h — skill ratings and dan ranks as stored (migrations/0012_ratings.sql): a
 * player's standing in a mode. The model and the ladder are src/rating's (include/ippon/rating.h,
 * ladder.h); the store only keeps their results. Part of the store module: only store_ratings*.c
 * know this SQL.
 */
#ifndef IPPON_SERVER_STORE_RATINGS_H
#define IPPON_SERVER_STORE_RATINGS_H

#include <stdint.h>

#include "base/mode.h"
#include "ippon/ladder.h"
#include "ippon/rating.h"
#include "store/store.h"

/* a player's standing in one mode */
typedef struct ippon_standing {
    ippon_rating rating;
    ippon_rank rank;
    int64_t games; /* counted matches rated */
} ippon_standing;

/*
 * The standing of user_id in mode into *out: 1 if the player has one, 0 if it has never played a
 * counted game of the mode (*out is then the initial one: ippon_rating_defaults' mu0 and sigma0,
 * Novice with 0 points, 0 games), -1 on failure.
 */
int ippon_store_standing(ippon_store *st, ippon_mode mode, const char *user_id, ippon_standing *out);

#endif
