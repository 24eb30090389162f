/*
 * review_internal.h — what the review's files share inside src/review: the unseen copies of a
 * set of kinds, the two-step measure of one option given the hand it leaves, the replay of a
 * game's hands with observers, the danger of a decision's options, the figures and yaku checks of
 * the decisions beyond discards.
 */
#ifndef IPPON_REVIEW_INTERNAL_H
#define IPPON_REVIEW_INTERNAL_H

#include "ippon/review.h"
#include "ippon/score.h"
#include "ippon/tenhou_log.h"
#include "ippon/tenhou_replay.h"

/* another seat's discard the reviewed seat's hand was complete on, until the offer shows
   whether it could take it (review_moves.c) */
typedef struct review_pending {
    bool set;
    uint8_t tile;       /* its kind */
    uint8_t furiten;    /* ippon_furiten of the seat then */
    ippon_code held[14];
    uint8_t n_held;
    ippon_review_position pos;
} review_pending;

/* unseen copies of the kinds in mask (review_options.c) */
int review_unseen_of(const uint8_t unseen[IPPON_KINDS], uint64_t mask);

/*
 * Fills o->has_two_step, two_step_weight and two_step_sum for the option whose discard left
 * `hand` (13 − 3·melds tiles, o->shanten and o->ukeire already set), under these unseen counts.
 */
void review_two_step(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                     const uint8_t unseen[IPPON_KINDS], ippon_review_option *o);

/* the seat's place at the table, for the yaku checks */
typedef struct review_table {
    const ippon_rules *rules;
    int wind, round_wind; /* the seat's wind and the round's (0 = East) */
} review_table;

/* review_position.c: the view's seat's tiles, melds, unseen copies and legal discard kinds, at
   any moment (ippon_review_position_from_view checks it is the seat's turn first) */
int review_position_read(const ippon_view *v, const ippon_rules *rules, ippon_review_position *pos);

/* review_hand.c: the copies the view's seat cannot see (IPPON_ERANGE if more than four are seen) */
int review_unseen_from_view(const ippon_view *v, const ippon_rules *rules, uint8_t unseen[IPPON_KINDS]);
/* shanten and ukeire of a hand of 3n+1 concealed tiles (discard 255) */
void review_figures(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                    const uint8_t unseen[IPPON_KINDS], ippon_review_figures *out);
/* the best discard of a hand of 3n+2 among the kinds of `legal` (least shanten, then most unseen
   ukeire, then the lowest kind); 0, or a negative IPPON_E* when it holds no legal kind */
int review_best_discard(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                        const uint8_t unseen[IPPON_KINDS], uint64_t legal, ippon_review_figures *out);
/* the view's seat's melds as the scorer reads them (sources as seat winds); returns how many */
int review_melds_of_view(const ippon_view *v, ippon_meld out[4]);
/* a table seat's wind in the view's hand */
int review_wind(const ippon_view *v, int seat);

/* review_yaku.c: whether a ron on one of `waits` counts a yaku (no riichi, dora or situation) */
bool review_ron_has_yaku(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds,
                         int n_melds, uint64_t waits);
bool review_is_yakuhai(const review_table *t, int kind);
/* a ron by the seat with these tiles (the winning tile still to set) from the next seat, with no
   dora, riichi or situation yet */
void review_win_start(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds, int n_melds,
                      ippon_win *w);

/* review_value.c: what a win is worth to the seat beyond its tiles: the dora indicators it sees,
   the red fives it holds per suit (melds included) and its kita */
typedef struct review_dora {
    uint8_t indicators[5]; /* kinds (1 to 5: the scorer wants one at least) */
    uint8_t n;
    uint8_t red[3];
    uint8_t kita;
} review_dora;
/* the value of a tenpai hand of 3n+1 tiles on its waits (src/review/README.md, "Value") */
void review_value(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds, int n_melds,
                  const review_dora *dora, const uint8_t unseen[IPPON_KINDS], uint64_t waits, ippon_review_value *out);
/* a known value's win chance and expected value, dama and riichi, from the option's win inputs
   (review_win.c; src/review/README.md, "Win chance") */
struct review_win_inputs;
void review_value_expect(const struct review_win_inputs *in, ippon_review_value *value);
/* the value of a hand of 3n+1 tiles with melds (none when it is not tenpai), seen from view v: the
   dora it sees, its kita, the red fives it holds kept as far as fives_kept (per suit: the fives
   among the hand and a new meld's tiles from it), and the win chance with `discard` just made (a
   kind, or −1 for none) */
void review_hand_value(const ippon_view *v, const ippon_rules *rules, const uint8_t hand[IPPON_KINDS],
                       const ippon_meld *melds, int n_melds, const uint8_t fives_kept[3],
                       const uint8_t unseen[IPPON_KINDS], int discard, ippon_review_value *out);
/* the value of each tenpai option of discard decision d (its options and held tiles set), from v */
void review_value_of(const ippon_view *v, const ippon_rules *rules, ippon_review_decision *d);
/* how a hand of 3n+1 tiles with these melds (after a call) keeps a yaku: enum ippon_review_yaku */
int review_call_yaku(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds, int n_melds,
                     int shanten);

/* review_moves.c: the decisions beyond discards, from the replay's observers (review_game.c) */
ippon_review_decision *review_push(ippon_review *r);
/* on a turn action of any seat (before the engine applies it) */
int review_turn_moves(ippon_review *r, const ippon_rules *rules, int hand, int turn, const ippon_match *m,
                      const tenhou_step *st, review_pending *pending);
/* on an answer of any seat, or the action that ends a log on a turn */
int review_answer_moves(ippon_review *r, const ippon_rules *rules, int hand, int turn, const ippon_match *m,
                        const ippon_action *a, review_pending *pending);
/* at the end of a hand: a complete shape on another's discard that was never offered */
int review_flush_pending(ippon_review *r, int hand, int turn, review_pending *pending);

/* what walks a game: a call at the start of each hand, the replay's two observers (answer may be
   NULL), and a call after each hand replayed without error (end_hand may be NULL; non-zero: out of
   memory; result: the replay's, tenhou_replay.h) */
typedef struct review_walker {
    tenhou_turn_observer observe;
    tenhou_answer_observer answer;
    void (*start_hand)(void *ctx, int hand);
    int (*end_hand)(void *ctx, const json_t *result);
    void *ctx;
} review_walker;

/* the players of a game under rules (3 or 4), or −1 with why in err: no "log" array, or the
   game's players differ from the rules' (review_game.c) */
int review_game_players(const json_t *game, const ippon_rules *rules, char *err, size_t err_cap);

/* replays every hand of a checked game through the walker, counting them in *hands; 0, or −1
   with why in err (the hand and the reader's or engine's refusal, or the observer's message) */
int review_game_replay(const json_t *game, const ippon_rules *rules, const review_walker *wk, int *hands, char *err,
                       size_t err_cap);

/* review_win.c: what the chance that a tenpai hand wins is computed from (src/review/README.md,
   "Win chance"), for one option: its waits' unseen copies, every unseen copy, the draws the seat
   has left, the other seats' draws left (their discards are its ron looks), discard furiten */
typedef struct review_win_inputs {
    int waits_unseen, unseen, own_draws, other_draws;
    bool furiten;
} review_win_inputs;
/* the inputs of the option discarding discard_kind (−1: no discard) with waits, from the seat's view v */
void review_win_inputs_of(const ippon_view *v, const uint8_t unseen[IPPON_KINDS], int discard_kind, uint64_t waits,
                          review_win_inputs *out);
/* the looks the hand gets: own draws and (not furiten) the others' discards, weighted by the model */
double review_win_looks(const review_win_inputs *in, bool riichi);
/* the chance the hand wins: 1 − (1 − waits_unseen / unseen)^looks */
double review_win_chance(const review_win_inputs *in, bool riichi);
/* the share of those looks that are the seat's own draws (its win would be a tsumo) */
double review_win_tsumo_share(const review_win_inputs *in, bool riichi);

/* the danger of each option of decision d against each threatening opponent (review_danger.c) */
void review_danger_of(const ippon_view *v, const ippon_danger_watch *w, const ippon_rules *rules,
                      ippon_review_decision *d);
/* review_danger_open.c: an open threat's own features (calls, turns, the shape of its melds and the
   why bits that follow; f's opp and kind set), and its block of the model's inputs */
void review_danger_open_features(const ippon_view *v, const ippon_danger_watch *w, const ippon_rules *rules,
                                 ippon_danger_features *f);
void review_danger_open_inputs(const ippon_danger_features *f, double x[IPPON_DANGER_OPEN_INPUTS]);
/* option i's chance of dealing in to any of the decision's threatening opponents: 1 − Π (1 − p), 0 with
   none (review_danger.c) */
double review_deal_in(const ippon_review_decision *d, int i);

#endif
