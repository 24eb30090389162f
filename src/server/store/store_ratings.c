/*
 * store_ratings.c — reading stored standings, a player's rating history and the rating and dan
 * boards (store_ratings.h). The boards' replies are kept with the profiles' (store_profiles.c),
 * as replies about every player: forgotten whenever a counted match is written or voided.
 */
#include "store/store_ratings.h"

#include <stdio.h>
#include <stdlib.h>

#include "store/store_private.h"
#include "store/store_profiles.h"

static ippon_standing initial_standing(void)
{
    return (ippon_standing){ ippon_rating_initial(&ippon_rating_defaults), { 0, 0 }, 0 };
}

/* the columns STANDING_COLUMNS of a ratings row, from column `first` on */
#define STANDING_COLUMNS "r.mu, r.sigma, r.tier, r.rank_points, r.games"
static ippon_standing standing_columns(ippon_sql_stmt *q, int first)
{
    return (ippon_standing){
        { ippon_sql_column_double(q, first), ippon_sql_column_double(q, first + 1) },
        { ippon_sql_column_int(q, first + 2), ippon_sql_column_int(q, first + 3) },
        ippon_sql_column_int64(q, first + 4),
    };
}

int ippon_store_standing(ippon_store *st, ippon_mode mode, const char *user_id, ippon_standing *out)
{
    *out = initial_standing();
    ippon_sql_stmt *q = ippon_store_prepare(st, "SELECT " STANDING_COLUMNS " FROM ratings r"
                                                " WHERE r.mode = ? AND r.user_id = ?");
    if (!q) {
        ippon_store_failed(st, "read a standing");
        return -1;
    }
    ippon_sql_bind_text(q, 1, ippon_mode_name(mode));
    ippon_sql_bind_text(q, 2, user_id);
    int rc = ippon_sql_step(q), found = 0;
    if (rc == IPPON_SQL_ROW) {
        *out = standing_columns(q, 0);
        found = 1;
    } else if (rc != IPPON_SQL_DONE) {
        ippon_store_failed(st, "read a standing");
        found = -1;
    }
    ippon_sql_finalize(q);
    return found;
}

/* ---- a player's history ------------------------------------------------------------------ */

int ippon_store_rating_history(ippon_store *st, ippon_mode mode, const char *user_id, int64_t before, int limit,
                               ippon_rating_history *out)
{
    /* the primary key (user_id, mode, seq) alone gives the order: a page reads its rows only */
    static const char sql[] = "SELECT seq, match_id, ended_at, mu_before, sigma_before, mu_after, sigma_after,"
                              " tier_before, points_before, tier_after, points_after, rank_delta"
                              " FROM rating_history WHERE user_id = ?1 AND mode = ?2 AND seq < ?3"
                              " ORDER BY seq DESC LIMIT ?4";
    *out = (ippon_rating_history){ 0 };
    ippon_user user;
    int rc = ippon_store_user_get(st, user_id, &user);
    if (rc != 0)
        return rc;
    ippon_sql_stmt *q = ippon_store_prepare(st, sql);
    ippon_rating_entry *rows = limit > 0 ? calloc((size_t)limit, sizeof *rows) : NULL;
    if (!q || !rows) {
        ippon_sql_finalize(q);
        free(rows);
        return -1;
    }
    ippon_sql_bind_text(q, 1, user_id);
    ippon_sql_bind_text(q, 2, ippon_mode_name(mode));
    ippon_sql_bind_int64(q, 3, before);
    ippon_sql_bind_int64(q, 4, (int64_t)limit + 1); /* one more says whether older entries follow */
    int n = 0;
    bool more = false;
    while ((rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        if (n == limit) {
            more = true;
            rc = IPPON_SQL_DONE;
            break;
        }
        ippon_rating_entry *e = &rows[n++];
        e->seq = ippon_sql_column_int64(q, 0);
        const char *id = ippon_sql_column_text(q, 1);
        snprintf(e->match_id, sizeof e->match_id, "%s", id ? id : "");
        e->ended_at = ippon_sql_column_int64(q, 2);
        e->rating_before = (ippon_rating){ ippon_sql_column_double(q, 3), ippon_sql_column_double(q, 4) };
        e->rating_after = (ippon_rating){ ippon_sql_column_double(q, 5), ippon_sql_column_double(q, 6) };
        e->rank_before = (ippon_rank){ ippon_sql_column_int(q, 7), ippon_sql_column_int(q, 8) };
        e->rank_after = (ippon_rank){ ippon_sql_column_int(q, 9), ippon_sql_column_int(q, 10) };
        e->rank_delta = ippon_sql_column_int(q, 11);
    }
    ippon_sql_finalize(q);
    if (rc != IPPON_SQL_DONE) {
        free(rows);
        return -1;
    }
    *out = (ippon_rating_history){ .n = n, .rows = rows, .more = more };
    return 0;
}

void ippon_rating_history_free(ippon_rating_history *h)
{
    if (h) {
        free(h->rows);
        *h = (ippon_rating_history){ 0 };
    }
}

/* ---- the rating and dan boards ----------------------------------------------------------- */

/*
 * A page is found in the board's index alone (its order and sigma, so the rows skipped before
 * the page are never read from the table), then its rows are read by key: a deep page costs the
 * index entries it steps over, not a table row each. Established players: sigma at most the
 * provisional bound; provisional: above it. The count reads ratings_by_rating (sigma is in it).
 */
#define ESTABLISHED "mode = ?1 AND sigma <= ?2"
#define PROVISIONAL "mode = ?1 AND sigma > ?2"
#define RATING_ORDER(r) r "mu DESC, " r "user_id"
#define DAN_ORDER(r) r "tier DESC, " r "rank_points DESC, " r "mu DESC, " r "user_id"
#define BOARD_PAGE(filter, ORDER)                                                                              \
    "SELECT r.user_id, u.display_name, u.is_bot, " STANDING_COLUMNS " FROM (SELECT user_id FROM ratings WHERE " filter \
    " ORDER BY " ORDER("") " LIMIT ?3 OFFSET ?4) p JOIN ratings r ON r.mode = ?1 AND r.user_id = p.user_id"    \
    " JOIN users u ON u.id = p.user_id ORDER BY " ORDER("r.")

int ippon_store_rating_board(ippon_store *st, const ippon_rating_board_query *bq, ippon_rating_board_page *out)
{
    static const char *const page_sql[2][2] = {
        { BOARD_PAGE(ESTABLISHED, RATING_ORDER), BOARD_PAGE(PROVISIONAL, RATING_ORDER) },
        { BOARD_PAGE(ESTABLISHED, DAN_ORDER), BOARD_PAGE(PROVISIONAL, DAN_ORDER) },
    };
    static const char *const count_sql[2] = {
        "SELECT count(*) FROM ratings WHERE " ESTABLISHED,
        "SELECT count(*) FROM ratings WHERE " PROVISIONAL,
    };
    *out = (ippon_rating_board_page){ 0 };
    int kind = bq->board == IPPON_BOARD_DAN, prov = bq->provisional ? 1 : 0;
    ippon_sql_stmt *qc = ippon_store_prepare(st, count_sql[prov]), *q = ippon_store_prepare(st, page_sql[kind][prov]);
    ippon_rating_board_row *rows = bq->limit > 0 ? calloc((size_t)bq->limit, sizeof *rows) : NULL;
    int n = 0, rc = IPPON_SQL_ERROR;
    int64_t total = -1;
    if (!qc || !q || !rows)
        goto done;
    const char *mode = ippon_mode_name(bq->mode);
    double bound = ippon_rating_defaults.provisional_sigma;
    ippon_sql_bind_text(qc, 1, mode);
    ippon_sql_bind_double(qc, 2, bound);
    if (ippon_sql_step(qc) != IPPON_SQL_ROW)
        goto done;
    int64_t count = ippon_sql_column_int64(qc, 0), offset = (int64_t)(bq->page - 1) * bq->limit;
    ippon_sql_bind_text(q, 1, mode);
    ippon_sql_bind_double(q, 2, bound);
    ippon_sql_bind_int64(q, 3, bq->limit);
    ippon_sql_bind_int64(q, 4, offset);
    while (n < bq->limit && (rc = ippon_sql_step(q)) == IPPON_SQL_ROW) {
        ippon_rating_board_row *r = &rows[n];
        r->rank = offset + ++n;
        const char *id = ippon_sql_column_text(q, 0), *name = ippon_sql_column_text(q, 1);
        snprintf(r->user_id, sizeof r->user_id, "%s", id ? id : "");
        snprintf(r->display_name, sizeof r->display_name, "%s", name ? name : "");
        r->bot = ippon_sql_column_int(q, 2) != 0;
        r->standing = standing_columns(q, 3);
    }
    if (n == bq->limit || rc == IPPON_SQL_DONE)
        total = count;
done:
    ippon_sql_finalize(qc);
    ippon_sql_finalize(q);
    if (total < 0) {
        ippon_store_failed(st, "read a rating board");
        free(rows);
        return -1;
    }
    *out = (ippon_rating_board_page){ .total = total, .n = n, .rows = rows };
    return 0;
}

void ippon_rating_board_page_free(ippon_rating_board_page *page)
{
    if (page) {
        free(page->rows);
        *page = (ippon_rating_board_page){ 0 };
    }
}

/* what a board reply answers, for the kept replies: "rating 4p e 1 50" (e: established, p: provisional) */
static void board_what(const ippon_rating_board_query *bq, char what[IPPON_KEPT_WHAT])
{
    snprintf(what, IPPON_KEPT_WHAT, "%s %s %c %d %d", bq->board == IPPON_BOARD_DAN ? "dan" : "rating",
             ippon_mode_name(bq->mode), bq->provisional ? 'p' : 'e', bq->page, bq->limit);
}

int ippon_store_rating_board_kept(ippon_store *st, const ippon_rating_board_query *bq, const char **body, size_t *len,
                                  const char **tag)
{
    char what[IPPON_KEPT_WHAT];
    board_what(bq, what);
    return ippon_profiles_kept(st, "", what, body, len, tag);
}

void ippon_store_rating_board_keep(ippon_store *st, const ippon_rating_board_query *bq, const char *body, size_t len,
                                   const char *tag)
{
    char what[IPPON_KEPT_WHAT];
    board_what(bq, what);
    ippon_profiles_keep(st, "", what, body, len, tag);
}
