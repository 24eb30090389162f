/*
 * store_reviews.h — a player's review summaries read back (0018_review_summaries.sql;
 * review_writes.h writes them): the seats of the player's last stored matches, newest first, each
 * with its summary if it has one of the current IPPON_REVIEW_VERSION. GET
 * /api/players/{id}/review-stats (api/review_stats_rest.c) makes its trend of them.
 */
#ifndef IPPON_SERVER_STORE_REVIEWS_H
#define IPPON_SERVER_STORE_REVIEWS_H

#include <stdbool.h>
#include <stdint.h>

#include "store/review_writes.h"
#include "store/store.h"

/* one of the player's match seats */
typedef struct ippon_review_seat {
    char match_id[33];
    int seat;
    int64_t ended_at;        /* Unix ms */
    char mode[4];            /* "4p" or "3p" */
    bool summarized;         /* row holds its summary (else it has none, or one of an older version) */
    ippon_review_row row;
} ippon_review_seat;

typedef struct ippon_review_seats {
    bool bot;                /* the player is a bot account: no seat is listed */
    int n;
    ippon_review_seat *rows;
} ippon_review_seats;

/*
 * The seats of user_id's last `limit` stored matches, newest first (ties by match id), into *out
 * (free with ippon_review_seats_free). 0, IPPON_STORE_NOT_FOUND (no such user) or -1.
 */
int ippon_store_review_seats(ippon_store *st, const char *user_id, int limit, ippon_review_seats *out);
void ippon_review_seats_free(ippon_review_seats *s);

#endif
