/*
 * store_seasons.h — what the REST routes read of the seasons (base/season.h): a player's season
 * history for its profile, and the stamp that keeps a profile reply only while its current season
 * ranks hold. The season boards themselves are leaderboard pages (store_rankings.h:
 * ippon_leaderboard_query.season_months). Rows from season_totals (season_writes.h); ranks from
 * the season standings held in memory (store_board.c), with the leaderboards' tie rules.
 */
#ifndef IPPON_SERVER_STORE_SEASONS_H
#define IPPON_SERVER_STORE_SEASONS_H

#include <stdint.h>

#include "base/mode.h"
#include "store/store.h"

#define IPPON_PROFILE_SEASONS 24 /* the seasons of each mode a profile lists, newest first */

/* a player's season of one mode */
typedef struct ippon_season_standing {
    int32_t season;     /* its first month (base/season.h) */
    int64_t rank;       /* 1 … among the season's players with at least min_games games; 0: not one of them */
    int64_t of;         /* how many those players are */
    int64_t total;      /* the sum of the player's results in the season */
    int64_t games;
} ippon_season_standing;

/*
 * The player's last IPPON_PROFILE_SEASONS seasons of mode with counted games, newest first, into
 * out and *n, seasons of months months (the configuration's, which season_totals is counted with
 * since the start). 0 or -1.
 */
int ippon_store_player_seasons(ippon_store *st, const char *user_id, ippon_mode mode, int months, int min_games,
                               int64_t now_ms, ippon_season_standing out[IPPON_PROFILE_SEASONS], int *n);

/* the stamp a profile reply is kept with (ippon_kept_query.stamp; store_board.h says why): 0 or -1 */
int ippon_store_season_stamp(ippon_store *st, int64_t now_ms, int months, const char *user_id, uint64_t *stamp);

#endif
