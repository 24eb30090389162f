/*
 * ippon/review.h — a review of one seat's decisions: for every discard the seat made, what each
 * legal discard would have left, by tile efficiency alone (issue 29's first, exact layer).
 *
 * A *position* is the seat at a discard decision: its concealed tiles (the drawn one included),
 * its melds, how many copies of each kind it cannot see, and which kinds it may discard. For each
 * legal discard kind an *option* gives, from the seat's own view:
 *   - shanten after the discard (ippon_shanten: the least of the three forms);
 *   - ukeire: the kinds whose draw lowers that shanten (ippon_ukeire) and how many copies of
 *     them the seat cannot see: unseen[k] = 4 − (copies visible to the seat) − (copies it holds),
 *     red fives counted as their kind, 0 for kinds the rules do not have (2m–8m in 3p);
 *   - the two-step measure (src/review/README.md, "Two-step"): the ukeire after the best next
 *     draw, averaged over the improving draws weighted by their unseen copies;
 *   - for a tenpai option, its waits (ippon_waits).
 * src/review/README.md documents these definitions and the JSON a review is written as.
 *
 * A *game review* walks a tenhou.net/6 game (include/ippon/tenhou_log.h), replaying each hand
 * through the engine (include/ippon/tenhou_replay.h) so that what the seat sees and may discard
 * is the engine's own, and keeps one decision per discard of the seat that had two or more legal
 * kinds (a discard in riichi is forced and is no decision).
 */
#ifndef IPPON_REVIEW_H
#define IPPON_REVIEW_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "ippon/match.h"
#include "ippon/rules.h"
#include "ippon/tile.h"

typedef struct ippon_review_position {
    uint8_t concealed[IPPON_KINDS]; /* the seat's concealed tiles per kind: 3n+2 of them */
    uint8_t melds;                  /* called or declared sets (kita is none) */
    uint8_t unseen[IPPON_KINDS];    /* copies of each kind the seat cannot see */
    uint64_t legal;                 /* bit k: the seat may discard a tile of kind k */
} ippon_review_position;

typedef struct ippon_review_option {
    uint8_t kind;         /* the discarded kind */
    int8_t shanten;       /* after the discard */
    uint64_t ukeire;      /* bit k: drawing kind k lowers the shanten */
    int ukeire_count;     /* unseen copies of those kinds */
    bool has_two_step;    /* false for a tenpai option (its next useful draw wins) */
    int two_step_weight;  /* Σ unseen[d] over the improving draws d with copies unseen */
    long two_step_sum;    /* Σ unseen[d] × (best ukeire after drawing d); two-step = sum / weight */
    uint64_t waits;       /* a tenpai option's waits (ippon_waits), else 0 */
} ippon_review_option;

enum { IPPON_REVIEW_MAX_OPTIONS = 14 };

/*
 * The position of the seat of view v (on its turn, 3n+2 concealed tiles): its tiles and melds,
 * unseen = 4 − ippon_view_seen for the kinds the rules have (0 for the others), and the kinds
 * among v's legal discards. Returns 0, or IPPON_EILLEGAL when v is not the seat's turn with
 * 3n+2 tiles, or IPPON_ERANGE when more than four copies of a kind are seen.
 */
int ippon_review_position_from_view(const ippon_view *v, const ippon_rules *rules, ippon_review_position *pos);

/*
 * The options of a position, one per legal discard kind the hand holds, in kind order, into
 * out[IPPON_REVIEW_MAX_OPTIONS]. Returns how many, or a negative IPPON_E* error: IPPON_ERANGE
 * for counts that are no hand of 3n+2 tiles with melds 0..4 (or an unseen count above 4),
 * IPPON_EILLEGAL for a kind the rules do not have.
 */
int ippon_review_options(const ippon_review_position *pos, const ippon_rules *rules, ippon_review_option *out);

/* the two-step measure of an option (0 when no improving draw has a copy unseen) */
double ippon_review_two_step(const ippon_review_option *o);

/* whether option i is among the best of the n by (least shanten, then most unseen ukeire) */
bool ippon_review_is_best(const ippon_review_option *opts, int n, int i);

typedef struct ippon_review_decision {
    int hand;                /* the hand's index in the game's "log" */
    int turn;                /* the seat's discards in that hand so far, this one included (1-based) */
    ippon_review_position pos;
    uint8_t n_held;
    ippon_code held[14];     /* the concealed tiles as codes (red fives kept), sorted */
    ippon_code chosen;       /* the tile discarded */
    bool riichi, tsumogiri;
    uint8_t n_options;
    ippon_review_option options[IPPON_REVIEW_MAX_OPTIONS];
} ippon_review_decision;

typedef struct ippon_review {
    int seat, players, hands;
    int n_decisions, cap;
    ippon_review_decision *decisions;
} ippon_review;

/*
 * Reviews `seat` (0..players−1, numbered as the log numbers them) of game (a tenhou.net/6 game
 * object with "log") under rules. Fills *out (free it with ippon_review_free, also after an
 * error). Returns 0, or −1 with a message naming the hand and why in err: no "log" array, a seat
 * outside the table, a hand the reader refuses (tenhou_hand_read) or a move the engine refuses,
 * or out of memory.
 */
int ippon_review_game(const json_t *game, int seat, const ippon_rules *rules, ippon_review *out, char *err,
                      size_t err_cap);
void ippon_review_free(ippon_review *r);

/* whether the decision's chosen kind is among its best options (ippon_review_is_best) */
bool ippon_review_agrees(const ippon_review_decision *d);

/* a review as JSON (src/review/README.md, "Output"); NULL only if out of memory */
json_t *ippon_review_json(const ippon_review *r);

#endif
