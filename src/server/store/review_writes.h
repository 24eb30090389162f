/*
 * review_writes.h — the review summary of each human seat of a finished match (0018_review_summaries.sql;
 * src/server/README.md, "A player's review trend"): written by the store writer, with the match or
 * later, never on the event loop.
 *
 * The store cannot replay a match itself (that is the game layer's: game/replay_logs.h), so the
 * review is a hook main.c sets (ippon_store_set_reviewer: game/match_review.h). Without one (the
 * tools, the unit tests), matches are stored without summaries, and a trend fills them later.
 *
 *   - With the match: the store writer reviews the human seats of each match it is about to store,
 *     before the transaction (the review reads nothing from the database), and writes the rows in
 *     the match's transaction, once its match row went in (the same match twice is reviewed once).
 *   - Later (ippon_review_fill): the seats a trend found without a summary, or with one of an older
 *     IPPON_REVIEW_VERSION, read back from the database and reviewed on the writer's thread.
 */
#ifndef IPPON_SERVER_REVIEW_WRITES_H
#define IPPON_SERVER_REVIEW_WRITES_H

#include <stdbool.h>

#include <jansson.h>

#include "ippon/review.h"
#include "store/store.h"

/* one seat's summary: the review's counts, or failed (the match did not replay, or its review
   failed: kept, so that it is not tried again, and counted as nothing) */
typedef struct ippon_review_row {
    bool failed;
    ippon_review_summary sum;
} ippon_review_row;

/*
 * The hook: reviews the table seats want[s] of a stored match (rules the preset's name, seeds and
 * actions as stored: store_matches.h) into out[s]. Called on the store writer's thread, so it must
 * keep to its arguments (no shared state).
 */
typedef void (*ippon_match_reviewer)(const char *match_id, const char *rules, const json_t *seeds,
                                     const json_t *actions, int players, const bool want[4],
                                     ippon_review_row out[4]);

/* sets the hook (before the writer starts); NULL: no reviews */
void ippon_store_set_reviewer(ippon_match_reviewer fn);
ippon_match_reviewer ippon_store_reviewer(void);

/* writes (or replaces) seat's row of match_id, in the caller's transaction: 0, or -1 noted */
int ippon_review_row_write(ippon_store *st, const char *match_id, int seat, const ippon_review_row *row);

/* a seat of a stored match whose summary is missing */
typedef struct ippon_review_gap {
    char match_id[33];
    int seat;
} ippon_review_gap;

/*
 * On the writer's thread: reviews each gap's seat (its match read from the database) and writes its
 * row, each in a transaction of its own. 0, or -1 (the store's last failure noted); a match gone
 * meanwhile (voided and deleted) is skipped. Without a hook, nothing is done.
 */
int ippon_review_fill(ippon_store *st, const ippon_review_gap *gaps, int n);

#endif
