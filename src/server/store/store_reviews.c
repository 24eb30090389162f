/*
 * store_reviews.c — a player's review summaries read back (store_reviews.h). The player's index
 * (match_players_user_games: user_id, ended_at, match_id) gives the order; each seat's summary is
 * one primary-key lookup.
 */
#include "store/store_reviews.h"

#include <stdio.h>
#include <stdlib.h>

#include "store/store_private.h"

int ippon_store_review_seats(ippon_store *st, const char *user_id, int limit, ippon_review_seats *out)
{
    static const char sql[] =
        "SELECT mp.match_id, mp.seat, mp.ended_at, mp.mode, rs.version, rs.failed, rs.decisions, rs.agreed,"
        " rs.marks_efficiency, rs.marks_defence, rs.marks_call, rs.marks_riichi, rs.marks_win, rs.marks_small,"
        " rs.marks_clear, rs.marks_big"
        " FROM match_players mp LEFT JOIN review_summaries rs ON rs.match_id = mp.match_id AND rs.seat = mp.seat"
        " WHERE mp.user_id = ?1 AND mp.is_bot = 0 ORDER BY mp.ended_at DESC, mp.match_id DESC LIMIT ?2";
    *out = (ippon_review_seats){0};
    ippon_user user;
    int rc = ippon_store_user_get(st, user_id, &user);
    if (rc != 0)
        return rc;
    out->bot = user.is_bot;
    if (user.is_bot || limit <= 0)
        return 0;
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    ippon_review_seat *rows = calloc((size_t)limit, sizeof *rows);
    if (!q || !rows) {
        ippon_sql_finalize(q);
        free(rows);
        return -1;
    }
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_int64(q, 2, limit);
    int n = 0;
    while (n < limit && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_review_seat *r = &rows[n++];
        const char *id = ippon_sql_column_text(q, 0), *mode = ippon_sql_column_text(q, 3);
        snprintf(r->match_id, sizeof r->match_id, "%s", id ? id : "");
        r->seat = ippon_sql_column_int(q, 1);
        r->ended_at = ippon_sql_column_int64(q, 2);
        snprintf(r->mode, sizeof r->mode, "%s", mode ? mode : "");
        r->summarized = !ippon_sql_column_is_null(q, 4) && ippon_sql_column_int(q, 4) == IPPON_REVIEW_VERSION;
        if (!r->summarized)
            continue;
        ippon_review_summary *s = &r->row.sum;
        r->row.failed = ippon_sql_column_int(q, 5) != 0;
        s->decisions = ippon_sql_column_int(q, 6);
        s->agreed = ippon_sql_column_int(q, 7);
        for (int c = 0; c < IPPON_REVIEW_CATEGORIES; c++)
            s->by_category[c] = ippon_sql_column_int(q, 8 + c);
        for (int v = IPPON_REVIEW_SMALL; v <= IPPON_REVIEW_BIG; v++)
            s->by_severity[v] = ippon_sql_column_int(q, 8 + IPPON_REVIEW_CATEGORIES + v - IPPON_REVIEW_SMALL);
    }
    if (n == limit)
        rc = IPPON_SQL_DONE;
    ippon_sql_finalize(q);
    if (rc != IPPON_SQL_DONE) {
        free(rows);
        return -1;
    }
    out->n = n;
    out->rows = rows;
    return 0;
}

void ippon_review_seats_free(ippon_review_seats *s)
{
    if (s) {
        free(s->rows);
        *s = (ippon_review_seats){0};
    }
}
