/*
 * review_internal.h — what the review's files share inside src/review: the unseen copies of a
 * set of kinds, the two-step measure of one option given the hand it leaves, the replay of a
 * game's hands with an observer, and the danger of a decision's options.
 */
#ifndef IPPON_REVIEW_INTERNAL_H
#define IPPON_REVIEW_INTERNAL_H

#include "ippon/review.h"
#include "ippon/tenhou_replay.h"

/* unseen copies of the kinds in mask (review_options.c) */
int review_unseen_of(const uint8_t unseen[IPPON_KINDS], uint64_t mask);

/*
 * Fills o->has_two_step, two_step_weight and two_step_sum for the option whose discard left
 * `hand` (13 − 3·melds tiles, o->shanten and o->ukeire already set), under these unseen counts.
 */
void review_two_step(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                     const uint8_t unseen[IPPON_KINDS], ippon_review_option *o);

/* what walks a game: a call at the start of each hand, and the replay's observer */
typedef struct review_walker {
    tenhou_turn_observer observe;
    void (*start_hand)(void *ctx, int hand);
    void *ctx;
} review_walker;

/* the players of a game under rules (3 or 4), or −1 with why in err: no "log" array, or the
   game's players differ from the rules' (review_game.c) */
int review_game_players(const json_t *game, const ippon_rules *rules, char *err, size_t err_cap);

/* replays every hand of a checked game through the walker, counting them in *hands; 0, or −1
   with why in err (the hand and the reader's or engine's refusal, or the observer's message) */
int review_game_replay(const json_t *game, const ippon_rules *rules, const review_walker *wk, int *hands, char *err,
                       size_t err_cap);

/* the danger of each option of decision d against each opponent in riichi (review_danger.c) */
void review_danger_of(const ippon_view *v, const ippon_danger_watch *w, const ippon_rules *rules,
                      ippon_review_decision *d);

#endif
