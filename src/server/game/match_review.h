/*
 * match_review.h — the review summaries of a stored match's human seats (store/review_writes.h's
 * hook, set by main.c): the match replayed into its tenhou.net/6 log (replay_logs.h), as
 * GET /api/matches/{id}/review rebuilds it, and each seat reviewed (include/ippon/review.h).
 */
#ifndef IPPON_SERVER_MATCH_REVIEW_H
#define IPPON_SERVER_MATCH_REVIEW_H

#include "store/review_writes.h"

/* an ippon_match_reviewer: thread-safe (it keeps to its arguments); a match that does not replay
   or a seat whose review fails is out[s].failed, logged */
void ippon_match_review_seats(const char *match_id, const char *rules, const json_t *seeds, const json_t *actions,
                              int players, const bool want[4], ippon_review_row out[4]);

#endif
