/*
 * store_ratings.h — skill ratings and dan ranks as stored (migrations/0012_ratings.sql): a
 * player's standing in a mode. The model and the ladder are src/rating's (include/ippon/rating.h,
 * ladder.h); the store only keeps their results. Part of the store module: only store_ratings*.c
 * know this SQL.
 *
 * The reads here are what REST shows (api/ratings_rest.c; src/server/README.md, "Ratings"): a
 * player's standing, its history (one entry per rated match, newest first, paged by seq), and
 * the rating and dan boards of a mode. The boards read their order from an index of their own
 * (ratings_by_rating, ratings_by_dan in 0012_ratings.sql), and their replies are kept by the
 * store as the profiles' are (store_profiles.h): ratings change only when a counted match is
 * written or voided, and both move rank_version.data, which forgets them.
 */
#ifndef IPPON_SERVER_STORE_RATINGS_H
#define IPPON_SERVER_STORE_RATINGS_H

#include <stdbool.h>
#include <stddef.h>
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

/* one rated match of a player: its standing before and after (rating_history) */
typedef struct ippon_rating_entry {
    int64_t seq;                          /* the order of rating (rated_matches) */
    char match_id[IPPON_USER_ID_LEN + 1];
    int64_t ended_at;                     /* unix ms */
    ippon_rating rating_before, rating_after;
    ippon_rank rank_before, rank_after;
    int32_t rank_delta;                   /* the rank points the match gave, before promotion or demotion */
} ippon_rating_entry;

typedef struct ippon_rating_history {
    int n;
    ippon_rating_entry *rows;             /* malloc'd: ippon_rating_history_free */
    bool more;                            /* older entries follow the last row */
} ippon_rating_history;

/*
 * At most limit (1 …) entries of user_id's history in mode with seq < before (INT64_MAX: from
 * the newest), newest first, into *out. 0, IPPON_STORE_NOT_FOUND (no such user) or -1 (nothing to
 * free after an error).
 */
int ippon_store_rating_history(ippon_store *st, ippon_mode mode, const char *user_id, int64_t before, int limit,
                               ippon_rating_history *out);
void ippon_rating_history_free(ippon_rating_history *h);

/* which board: by rating (mu desc, user id) or by dan (tier desc, rank points desc, mu desc, user id) */
typedef enum ippon_rating_board_kind { IPPON_BOARD_RATING, IPPON_BOARD_DAN } ippon_rating_board_kind;

typedef struct ippon_rating_board_query {
    ippon_mode mode;
    ippon_rating_board_kind board;
    bool provisional; /* the provisional players (ippon_rating_provisional) instead of the established ones */
    int page, limit;  /* 1 …, rows per page 1 … */
} ippon_rating_board_query;

typedef struct ippon_rating_board_row {
    int64_t rank;                                        /* 1, 2, 3 … in the board's order */
    char user_id[IPPON_USER_ID_LEN + 1];
    char display_name[IPPON_DISPLAY_NAME_MAX_BYTES + 1]; /* the current one */
    bool bot;                                            /* a bot account (store_bots.h) */
    ippon_standing standing;
} ippon_rating_board_row;

typedef struct ippon_rating_board_page {
    int64_t total;                /* players on the board (every page) */
    int n;
    ippon_rating_board_row *rows; /* malloc'd: ippon_rating_board_page_free */
} ippon_rating_board_page;

/* One page of a board into *out: 0 or -1 (nothing to free then). */
int ippon_store_rating_board(ippon_store *st, const ippon_rating_board_query *q, ippon_rating_board_page *out);
void ippon_rating_board_page_free(ippon_rating_board_page *page);

/*
 * Board replies kept by the store (store_profiles.h): _kept gives the reply and its ETag kept for
 * the same query while no counted match was written or voided since, and returns 1; 0 if none;
 * -1 on failure. _keep keeps one (copied).
 */
int ippon_store_rating_board_kept(ippon_store *st, const ippon_rating_board_query *q, const char **body, size_t *len,
                                  const char **tag);
void ippon_store_rating_board_keep(ippon_store *st, const ippon_rating_board_query *q, const char *body, size_t len,
                                   const char *tag);

#endif
