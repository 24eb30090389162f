/*
 * review_internal.h — what the review's files share inside src/review: the unseen copies of a
 * set of kinds, and the two-step measure of one option given the hand it leaves.
 */
#ifndef IPPON_REVIEW_INTERNAL_H
#define IPPON_REVIEW_INTERNAL_H

#include "ippon/review.h"

/* unseen copies of the kinds in mask (review_options.c) */
int review_unseen_of(const uint8_t unseen[IPPON_KINDS], uint64_t mask);

/*
 * Fills o->has_two_step, two_step_weight and two_step_sum for the option whose discard left
 * `hand` (13 − 3·melds tiles, o->shanten and o->ukeire already set), under these unseen counts.
 */
void review_two_step(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                     const uint8_t unseen[IPPON_KINDS], ippon_review_option *o);

#endif
