/*
 * store_seasons.c — a player's season history and the profile's stamp (store_seasons.h): the
 * rows read from season_totals by the player's index (season_totals_user), the ranks asked of
 * the standings in memory (store_board.h).
 */
#include "store/store_seasons.h"

#include "store/store_board.h"
#include "store/store_private.h"

int ippon_store_player_seasons(ippon_store *st, const char *user_id, ippon_mode mode, int months, int min_games,
                               int64_t now_ms, ippon_season_standing out[IPPON_PROFILE_SEASONS], int *n)
{
    *n = 0;
    ippon_sql_stmt *q = ippon_store_prepare(st, "SELECT season, total, games FROM season_totals"
                                                " WHERE user_id = ?1 AND mode = ?2 ORDER BY season DESC LIMIT ?3");
    if (!q)
        return -1;
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_text(q, 2, ippon_mode_name(mode));
    ippon_sql_bind_int64(q, 3, IPPON_PROFILE_SEASONS);
    int rc;
    while (*n < IPPON_PROFILE_SEASONS && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW)
        out[(*n)++] = (ippon_season_standing){.season = ippon_sql_column_int(q, 0),
                                              .total = ippon_sql_column_int64(q, 1),
                                              .games = ippon_sql_column_int64(q, 2)};
    if (*n < IPPON_PROFILE_SEASONS && rc != IPPON_SQL_DONE) {
        ippon_store_failed(st, "read a player's seasons");
        ippon_sql_finalize(q);
        return -1;
    }
    ippon_sql_finalize(q);
    for (int i = 0; i < *n; i++)
        if (ippon_board_season_rank(st, now_ms, mode, out[i].season, months, user_id, min_games, &out[i].rank,
                                    &out[i].of) != 0)
            return -1;
    return 0;
}

int ippon_store_season_stamp(ippon_store *st, int64_t now_ms, int months, const char *user_id, uint64_t *stamp)
{
    return ippon_board_season_stamp(st, now_ms, months, user_id, stamp);
}
