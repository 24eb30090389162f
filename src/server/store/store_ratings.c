/*
 * store_ratings.c — reading a player's stored standing (store_ratings.h).
 */
#include "store/store_ratings.h"

#include "store/store_private.h"

static ippon_standing initial_standing(void)
{
    return (ippon_standing){ ippon_rating_initial(&ippon_rating_defaults), { 0, 0 }, 0 };
}

int ippon_store_standing(ippon_store *st, ippon_mode mode, const char *user_id, ippon_standing *out)
{
    *out = initial_standing();
    ippon_sql_stmt *q = ippon_store_prepare(
        st, "SELECT mu, sigma, tier, rank_points, games FROM ratings WHERE mode = ? AND user_id = ?");
    if (!q) {
        ippon_store_failed(st, "read a standing");
        return -1;
    }
    ippon_sql_bind_text(q, 1, ippon_mode_name(mode));
    ippon_sql_bind_text(q, 2, user_id);
    int rc = ippon_sql_step(q), found = 0;
    if (rc == IPPON_SQL_ROW) {
        out->rating = (ippon_rating){ ippon_sql_column_double(q, 0), ippon_sql_column_double(q, 1) };
        out->rank = (ippon_rank){ ippon_sql_column_int(q, 2), ippon_sql_column_int(q, 3) };
        out->games = ippon_sql_column_int64(q, 4);
        found = 1;
    } else if (rc != IPPON_SQL_DONE) {
        ippon_store_failed(st, "read a standing");
        found = -1;
    }
    ippon_sql_finalize(q);
    return found;
}
