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
#include <stdio.h>

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

/* the value of a tenpai option (src/review/README.md, "Value"): the average points a win on its
   waits pays the seat, weighted by the waits' unseen copies, honba and sticks left out */
typedef struct ippon_review_value {
    bool known;                     /* some wait has a copy unseen (else the rest is 0) */
    bool dama;                      /* some wait wins without riichi, by ron or tsumo */
    bool riichi;                    /* a closed hand: riichi is open to it */
    int32_t dama_ron, dama_tsumo;   /* a wait that cannot win that way counts 0 */
    int32_t riichi_ron, riichi_tsumo;
    /* src/review/README.md, "Win chance": the chance the hand wins, dama and with riichi, and the
       expected value: the chance times the points (a tsumo's share of the looks at the tsumo
       value), less the riichi stick's 1,000 when riichi does not win */
    double win_dama, win_riichi;
    int32_t ev_dama, ev_riichi;
    bool furiten;                   /* a wait is among the seat's own discards, this one included */
} ippon_review_value;

typedef struct ippon_review_option {
    uint8_t kind;         /* the discarded kind */
    int8_t shanten;       /* after the discard */
    uint64_t ukeire;      /* bit k: drawing kind k lowers the shanten */
    int ukeire_count;     /* unseen copies of those kinds */
    bool has_two_step;    /* false for a tenpai option (its next useful draw wins) */
    int two_step_weight;  /* Σ unseen[d] over the improving draws d with copies unseen */
    long two_step_sum;    /* Σ unseen[d] × (best ukeire after drawing d); two-step = sum / weight */
    uint64_t waits;       /* a tenpai option's waits (ippon_waits), else 0 */
    ippon_review_value value; /* a tenpai option's value in a game review (zero in ippon_review_options) */
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

/*
 * Danger (src/review/README.md, "Danger"): the chance that discarding a kind deals in to an
 * opponent who threatens: in riichi, or with an open hand that looks tenpai
 * (ippon_danger_looks_tenpai), from the discarding seat's view. The features of a candidate kind
 * against one such opponent are read from what the seat sees; a logistic model fitted offline
 * (review_danger_model.c, generated by src/review/fit/fit_danger.mjs; one block of inputs per
 * kind of threat) turns them into a probability, 0 for a genbutsu (a kind that can no longer ron:
 * in the opponent's pond, or passed by anyone after its riichi, or for an open hand since its
 * last discard).
 */
enum ippon_danger_why {
    IPPON_DANGER_GENBUTSU = 1 << 0,   /* in the opponent's pond, or passed after its riichi */
    IPPON_DANGER_SUJI = 1 << 1,       /* 1-3 / 7-9 whose suji (4-6) is genbutsu */
    IPPON_DANGER_HALF_SUJI = 1 << 2,  /* 4-6 with one of its two suji genbutsu */
    IPPON_DANGER_NAKASUJI = 1 << 3,   /* 4-6 with both suji genbutsu */
    IPPON_DANGER_NO_CHANCE = 1 << 4,  /* every two-sided wait on it needs a kind all 4 of which are visible */
    IPPON_DANGER_ONE_CHANCE = 1 << 5, /* not no-chance, but every such wait needs a kind 3 of which are visible */
    IPPON_DANGER_DORA = 1 << 6,       /* the kind is a dora */
    IPPON_DANGER_TSUMOGIRI_RIICHI = 1 << 7, /* the riichi was declared with the tile just drawn */
    IPPON_DANGER_NEAR_RIICHI_TILE = 1 << 8, /* suited, in the riichi tile's suit, 1 or 2 from it */
    IPPON_DANGER_FLUSH_SUIT = 1 << 9,  /* open: suited, in the one suit of the opponent's flush-shaped melds */
    IPPON_DANGER_OFF_FLUSH = 1 << 10,  /* open: suited, outside the suit of its flush-shaped melds */
    IPPON_DANGER_YAOCHU_VS_SIMPLES = 1 << 11, /* open: a terminal or honor against all-simples melds */
    IPPON_DANGER_YAKUHAI_KIND = 1 << 12, /* open: an honor that is a yakuhai of the opponent's */
};
enum { IPPON_DANGER_WHY_COUNT = 13 };

/* who threatens: an opponent in riichi, or one whose open hand looks tenpai */
enum ippon_danger_threat { IPPON_THREAT_RIICHI, IPPON_THREAT_OPEN };

/* the shape an open opponent's melds show (ippon_danger_features.shape) */
enum ippon_danger_shape {
    IPPON_SHAPE_FLUSH = 1 << 0,   /* every meld in one suit or honors, one suited meld at least */
    IPPON_SHAPE_TOITOI = 1 << 1,  /* every meld a pon or kan, two at least */
    IPPON_SHAPE_SIMPLES = 1 << 2, /* every meld all simples, two at least */
    IPPON_SHAPE_YAKUHAI = 1 << 3, /* a pon or kan of a yakuhai kind of the opponent */
    IPPON_SHAPE_DORA = 1 << 4,    /* a dora (by the indicators, or a red five) among its meld tiles */
};

/* the class of a kind for danger: honors (and 1m, 9m in 3p, whose man suit has no sequences), then
   suited tiles by distance from the edge */
enum ippon_danger_class { IPPON_DANGER_HONOR, IPPON_DANGER_19, IPPON_DANGER_28, IPPON_DANGER_37, IPPON_DANGER_456 };

typedef struct ippon_danger_features {
    uint8_t opp, kind;
    uint8_t threat;      /* enum ippon_danger_threat */
    uint8_t cls;         /* enum ippon_danger_class */
    uint8_t visible;     /* copies of the kind the seat sees, its own included (1..4) */
    uint8_t riichi_turn; /* the opponent's discards up to its riichi declaration, that one included */
    uint8_t since;       /* the opponent's discards after its declaration */
    uint8_t live_kinds;  /* kinds the rules have that are no genbutsu against the opponent */
    uint8_t suit_share;  /* percent of the opponent's discards in the kind's suit (0 for honors) */
    uint16_t why;        /* enum ippon_danger_why bits */
    /* an open threat's: */
    uint8_t calls;       /* its open melds (ankan not counted) */
    uint8_t turn;        /* its discards so far */
    uint8_t since_call;  /* its discards since its last call was seen */
    uint8_t shape;       /* enum ippon_danger_shape bits of its melds */
} ippon_danger_features;

/* what a view alone does not tell (the order of the ponds): when each seat's riichi was first seen,
   when each seat last discarded and last called */
typedef struct ippon_danger_watch {
    bool riichi[IPPON_MAX_PLAYERS];
    uint8_t before[IPPON_MAX_PLAYERS][IPPON_MAX_PLAYERS]; /* [r][t]: seat t's pond size when r's riichi
                                                              was first seen; t's later discards passed it */
    uint8_t ponds[IPPON_MAX_PLAYERS];                     /* each seat's pond size at the last view seen */
    uint8_t melds[IPPON_MAX_PLAYERS];                     /* each seat's melds at the last view seen */
    uint8_t last[IPPON_MAX_PLAYERS][IPPON_MAX_PLAYERS];   /* [o][t]: seat t's pond size when o last
                                                              discarded; t's later discards passed o */
    uint8_t call_at[IPPON_MAX_PLAYERS];                   /* seat o's pond size when its last call was seen */
} ippon_danger_watch;

/* a new hand: no riichi seen */
void ippon_danger_watch_start(ippon_danger_watch *w);
/* notes the riichi seats, the discards and the calls of this view (any seat's, at every turn action of
   the hand, in order) */
void ippon_danger_watch_see(ippon_danger_watch *w, const ippon_view *v);
/* whether seat opp, not in riichi, looks tenpai from what everyone sees (src/review/README.md,
   "Danger"): its open melds and its discards so far */
bool ippon_danger_looks_tenpai(const ippon_view *v, int opp);
/* the seats other than v's own that threaten: in riichi (as the watch saw them) or looking tenpai,
   in seat order, into out[3]; how many */
int ippon_danger_opponents(const ippon_view *v, const ippon_danger_watch *w, uint8_t out[IPPON_MAX_PLAYERS - 1]);
/* the features of discarding `kind` against threatening opponent opp, from v's seat */
void ippon_danger_features_of(const ippon_view *v, const ippon_danger_watch *w, const ippon_rules *rules, int opp,
                              int kind, ippon_danger_features *f);

/* the model's inputs: a block for riichi threats, then one for open ones (the other block's zero) */
enum { IPPON_DANGER_RIICHI_INPUTS = 22, IPPON_DANGER_OPEN_INPUTS = 26,
       IPPON_DANGER_INPUTS = IPPON_DANGER_RIICHI_INPUTS + IPPON_DANGER_OPEN_INPUTS };
/* the model's inputs for features f (ippon_danger_input_names[i] names input i) */
void ippon_danger_inputs(const ippon_danger_features *f, double x[IPPON_DANGER_INPUTS]);
extern const char *const ippon_danger_input_names[IPPON_DANGER_INPUTS];
/* the deal-in probability: 0 for a genbutsu, else the logistic model's */
double ippon_danger_p(const ippon_danger_features *f);
/* the name of one why bit ("genbutsu", "suji", …; src/review/README.md) */
const char *ippon_danger_why_name(int bit);
/* "riichi" or "open" */
const char *ippon_danger_threat_name(int threat);

typedef struct ippon_review_danger {
    ippon_danger_features f;
    double p;
} ippon_review_danger;

/*
 * The decisions beyond discards (src/review/README.md, "Other decisions") and the marks ("Marks").
 * A decision's `kind` says which part of its union holds its figures; a discard has only the
 * fields above the union.
 */
enum ippon_review_kind {
    IPPON_REVIEW_DISCARD, /* a discard with two or more legal kinds */
    IPPON_REVIEW_CALL,    /* chi / pon / daiminkan on another's discard, or the pass */
    IPPON_REVIEW_KAN,     /* ankan / kakan on the own turn, declared or not */
    IPPON_REVIEW_KITA,    /* a North set aside (3p), or not */
    IPPON_REVIEW_RIICHI,  /* riichi declared or not when it was legal */
    IPPON_REVIEW_WIN,     /* ron / tsumo taken or declined, or a complete shape that could not win */
};

/* how a hand keeps a yaku after a call (review_yaku.c); NONE = no way found */
enum ippon_review_yaku {
    IPPON_REVIEW_YAKU_NONE, IPPON_REVIEW_YAKU_TENPAI, IPPON_REVIEW_YAKU_YAKUHAI, IPPON_REVIEW_YAKU_TANYAO,
    IPPON_REVIEW_YAKU_HONITSU, IPPON_REVIEW_YAKU_TOITOI,
};

/* why a hand complete by shape on a tile could not win on it */
enum ippon_review_why {
    IPPON_REVIEW_WHY_NONE, IPPON_REVIEW_WHY_FURITEN_TEMPORARY, IPPON_REVIEW_WHY_FURITEN_PERMANENT,
    IPPON_REVIEW_WHY_FURITEN_RIICHI, IPPON_REVIEW_WHY_NO_YAKU,
};

/* shanten and ukeire of a hand of 3n+1 concealed tiles (after a discard, or before a draw) */
typedef struct ippon_review_figures {
    int8_t shanten;
    uint64_t ukeire;   /* bit k: drawing kind k lowers the shanten */
    int ukeire_count;  /* unseen copies of those kinds */
    uint8_t discard;   /* the discard that left the hand (the best one), 255: none was needed */
    ippon_review_value value; /* a tenpai hand's value (calls' with and without; zero elsewhere) */
} ippon_review_figures;

typedef struct ippon_review_call_option {
    uint8_t type;                  /* IPPON_ACT_CHI, _PON or _DAIMINKAN */
    uint8_t with[3];               /* the kinds of the hand tiles it uses (2, or 3 for a daiminkan) */
    ippon_review_figures after;    /* after the call and the best discard kuikae allows */
    uint8_t yaku;                  /* enum ippon_review_yaku after it */
} ippon_review_call_option;

enum { IPPON_REVIEW_MAX_CALLS = 6 };

typedef struct ippon_review_call {
    uint8_t tile;                  /* the offered tile's kind */
    int8_t from;                   /* its discarder (table seat) */
    ippon_review_figures without;  /* the hand as it is (the pass) */
    uint8_t n_calls;
    ippon_review_call_option calls[IPPON_REVIEW_MAX_CALLS];
    int8_t chosen;                 /* the index of the call made, −1 for the pass */
} ippon_review_call;

typedef struct ippon_review_kan {
    uint8_t type;                  /* IPPON_ACT_ANKAN or _KAKAN */
    uint8_t tile;                  /* its kind */
    bool declared;
    ippon_review_figures with;     /* the hand after the kan, before its replacement draw */
    ippon_review_figures without;  /* after the best discard instead */
} ippon_review_kan;

typedef struct ippon_review_riichi {
    bool declared;
    bool tenpai;                   /* the chosen discard left the closed hand tenpai */
    uint64_t waits;                /* then its waits */
    int wait_count;                /* their unseen copies */
    bool dama_yaku;                /* some wait wins by ron without riichi (a yaku of its own) */
} ippon_review_riichi;

typedef struct ippon_review_win {
    bool legal;                    /* the engine offered the win */
    bool taken;
    bool tsumo;                    /* on its own draw; else on another's discard */
    uint8_t tile;                  /* the winning kind */
    uint8_t why;                   /* enum ippon_review_why when it was not legal */
} ippon_review_win;

enum ippon_review_severity { IPPON_REVIEW_NO_MARK, IPPON_REVIEW_SMALL, IPPON_REVIEW_CLEAR, IPPON_REVIEW_BIG };
enum ippon_review_category { IPPON_REVIEW_EFFICIENCY, IPPON_REVIEW_DEFENCE, IPPON_REVIEW_CALLS, IPPON_REVIEW_RIICHIS,
                             IPPON_REVIEW_WINS, IPPON_REVIEW_CATEGORIES };

typedef struct ippon_review_mark {
    uint8_t severity;              /* enum ippon_review_severity */
    uint8_t category;              /* enum ippon_review_category */
} ippon_review_mark;

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
    uint8_t n_threats;       /* opponents in riichi or looking tenpai at the decision (ippon_danger_opponents) */
    ippon_review_danger danger[IPPON_REVIEW_MAX_OPTIONS][IPPON_MAX_PLAYERS - 1]; /* [option][opponent] */
    uint8_t kind;                  /* enum ippon_review_kind (0: a discard) */
    union {
        ippon_review_call call;
        ippon_review_kan kan;
        bool kita;                 /* IPPON_REVIEW_KITA: set aside */
        ippon_review_riichi riichi;
        ippon_review_win win;
    } u;
    ippon_review_mark mark;        /* ippon_review_mark_of, set by ippon_review_game */
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

/*
 * Whether the decision agrees: a discard when its chosen kind is among its best options
 * (ippon_review_is_best); another kind when it has no mark. A complete shape that could not win
 * (a WIN that was not legal) is no choice: false, and ippon_review_is_choice tells it apart.
 */
bool ippon_review_agrees(const ippon_review_decision *d);
bool ippon_review_is_choice(const ippon_review_decision *d);

/*
 * The mark of a decision (src/review/README.md, "Marks"): the worst of the categories the
 * review measures (efficiency, defence, call, riichi, win); severity IPPON_REVIEW_NO_MARK when none
 * applies.
 */
ippon_review_mark ippon_review_mark_of(const ippon_review_decision *d);

/* the mark's sentence in English ("en") or Japanese ("ja") into buf; returns its length, or −1 */
int ippon_review_mark_text(const ippon_review_decision *d, const char *lang, char *buf, size_t cap);

/*
 * The danger rows of a game (src/review/README.md, "Danger"), one CSV line per (discard decision of
 * any seat with two or more legal kinds, legal kind, threatening opponent): the ids, the features,
 * the model's inputs and probability and the label (1 when the kind would deal in: among the
 * opponent's waits and the opponent not furiten). With header, a first line naming the columns.
 * game_id names the game in the rows. Returns 0, or −1 with why in err (as ippon_review_game).
 */
int ippon_danger_rows(const json_t *game, const char *game_id, const ippon_rules *rules, bool header, FILE *out,
                      char *err, size_t err_cap);

/*
 * The win-chance rows of a game (src/review/README.md, "Win chance"): one CSV line per discard of
 * any seat that leaves its hand tenpai (forced ones too): the ids, the model's inputs, whether the
 * seat is in riichi after it, the model's chance and the labels (1 when that seat won the hand;
 * tsumo 1 when it won by its own draw).
 * Arguments and return as ippon_danger_rows.
 */
int ippon_win_rows(const json_t *game, const char *game_id, const ippon_rules *rules, bool header, FILE *out,
                   char *err, size_t err_cap);

/* the win-chance model's weights (review_win_model.c, generated by src/review/fit/fit_win.mjs): what
   one of the seat's own draws and one of another seat's discards (dama, riichi) count as looks */
typedef struct ippon_win_model {
    double own, ron_dama, ron_riichi;
} ippon_win_model;
extern const ippon_win_model ippon_win_weights;

/*
 * The version of the review's figures: it moves when a change to the library makes the same game's
 * decisions, agreement or marks come out differently, so that counts kept from an older version
 * (the server's per-match summaries) can be told apart and made again.
 */
#define IPPON_REVIEW_VERSION 1

/* the counts of a review's summary (src/review/README.md, "Output": "summary") */
typedef struct ippon_review_summary {
    int decisions;                              /* the decisions that were choices */
    int agreed;                                 /* ... of them that agree */
    int by_category[IPPON_REVIEW_CATEGORIES];   /* marked decisions per enum ippon_review_category */
    int by_severity[IPPON_REVIEW_BIG + 1];      /* ... per enum ippon_review_severity (index 0 unused) */
} ippon_review_summary;

/* the summary's counts of review r */
void ippon_review_summarize(const ippon_review *r, ippon_review_summary *s);

/* a review as JSON (src/review/README.md, "Output"); NULL only if out of memory */
json_t *ippon_review_json(const ippon_review *r);

#endif
