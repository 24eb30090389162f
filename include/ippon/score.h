/*
 * ippon/score.h — what a win is worth and who pays what (src/core/RULES.md sections 5–7).
 *
 * The caller describes the winning hand and its situation in an ippon_win; ippon_score_win
 * tries every reading of the hand (four sets and a pair in each decomposition and each place
 * the winning tile can sit; seven pairs; kokushi), counts yaku, dora and fu for each, and keeps
 * the reading worth the most points (then most han, then most fu). It then applies the limits
 * (kiriage, counted yakuman), and settles the payments: ron or tsumo, tsumo loss, honba,
 * riichi sticks and pao.
 *
 * Seats here are seat winds for the hand: 0 = East = the dealer, 1 = South, 2 = West,
 * 3 = North (3p: 0–2). The state machine maps table seats to winds before it asks.
 */
#ifndef IPPON_SCORE_H
#define IPPON_SCORE_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/tile.h"
#include "ippon/yaku.h"

enum ippon_meld_type {
    IPPON_MELD_CHI,
    IPPON_MELD_PON,
    IPPON_MELD_DAIMINKAN, /* open kan on a discard */
    IPPON_MELD_ANKAN,     /* concealed kan */
    IPPON_MELD_KAKAN,     /* a pon with the fourth tile added */
};

typedef struct ippon_meld {
    uint8_t type;     /* enum ippon_meld_type */
    uint8_t kind;     /* the set's kind; for a chi its lowest kind */
    uint8_t called;   /* the kind taken from the discard (chi: which of the three) */
    int8_t from;      /* seat wind of the player who fed it; -1 for an ankan */
    uint8_t kan_seq;  /* for kans: 1-based order in which the kans were declared; 0 = unknown,
                         then the meld order is taken (a kakan at its pon's place) */
} ippon_meld;

static inline bool ippon_meld_is_kan(const ippon_meld *m)
{
    return m->type == IPPON_MELD_DAIMINKAN || m->type == IPPON_MELD_ANKAN || m->type == IPPON_MELD_KAKAN;
}
/* a call opens the hand; an ankan does not */
static inline bool ippon_meld_is_open(const ippon_meld *m) { return m->type != IPPON_MELD_ANKAN; }

typedef struct ippon_win {
    uint8_t hand[IPPON_KINDS]; /* concealed tiles without the winning tile */
    ippon_meld melds[4];       /* in the order they were made (this order decides pao) */
    uint8_t n_melds;
    uint8_t win;               /* kind of the winning tile */
    bool tsumo;
    int8_t from;               /* ron: the discarder (chankan: the kan's player); tsumo: ignored */
    uint8_t seat;              /* the winner's seat wind; 0 = dealer */
    uint8_t round_wind;        /* 0 = East … */
    bool riichi, double_riichi, ippatsu;
    bool haitei, houtei, rinshan, chankan;
    bool tenhou, chiihou;
    uint8_t kita;              /* Norths the winner set aside (3p) */
    uint8_t dora[5];           /* kinds of the dora indicators face up at the win */
    uint8_t n_dora;
    uint8_t ura[5];            /* kinds of the ura indicators (riichi winners only) */
    uint8_t n_ura;
    uint8_t red[3];            /* red fives the winner holds per suit m, p, s (hand, melds, win) */
    int32_t honba;
    int32_t riichi_sticks;     /* every stick the winner collects, their own included */
} ippon_win;

enum ippon_result { IPPON_RESULT_WIN, IPPON_RESULT_NO_YAKU, IPPON_RESULT_NO_WIN };

enum ippon_limit {
    IPPON_LIMIT_NONE, IPPON_LIMIT_MANGAN, IPPON_LIMIT_HANEMAN, IPPON_LIMIT_BAIMAN,
    IPPON_LIMIT_SANBAIMAN, IPPON_LIMIT_KAZOE_YAKUMAN, IPPON_LIMIT_YAKUMAN,
};

typedef struct ippon_yaku_han {
    uint8_t yaku;    /* enum ippon_yaku */
    uint8_t han;     /* han of an ordinary yaku or dora kind; 0 for a yakuman */
    uint8_t yakuman; /* 1 or 2 for a yakuman, else 0 */
} ippon_yaku_han;

typedef struct ippon_pao {
    int8_t seat;  /* the liable player */
    uint8_t yaku; /* IPPON_YAKU_DAISANGEN, _DAISUUSHII or _SUUKANTSU */
} ippon_pao;

/* how the winning tile completed the reading that was kept */
enum ippon_wait { IPPON_WAIT_RYANMEN, IPPON_WAIT_KANCHAN, IPPON_WAIT_PENCHAN,
                  IPPON_WAIT_SHANPON, IPPON_WAIT_TANKI, IPPON_WAIT_OTHER };

typedef struct ippon_score {
    uint8_t result;          /* enum ippon_result */
    int32_t han, fu;         /* dora and kita included; 0 for a yakuman hand */
    int32_t yakuman;         /* yakuman multiplier; 0 for ordinary hands and for counted yakuman */
    uint8_t limit;           /* enum ippon_limit */
    int32_t base;            /* basic points after limits */
    int32_t total;           /* hand value without honba and sticks */
    int32_t payments[4];     /* net change per seat wind, honba and sticks included */
    int32_t honba_points;    /* the honba bonus the winner collects (0 for a later winner of a
                                double ron, who is handed no honba) */
    int32_t stick_points;    /* the riichi-stick points the winner collects: every stick on the
                                table, earlier hands' and this hand's (win.riichi_sticks × the
                                stick); payments[winner] == total + honba_points + stick_points */
    uint8_t n_pao;
    ippon_pao pao[2];        /* first established first; that one pays the honba */
    uint8_t wait;            /* enum ippon_wait of the kept reading */
    uint8_t n_yaku;
    ippon_yaku_han yaku[24];
} ippon_score;

/*
 * Checks that a win situation is well formed and possible under the rules (tile counts, kinds
 * that exist, meld shapes, seats, flag combinations such as ippatsu without riichi). Returns 0,
 * or IPPON_EINVAL / IPPON_EILLEGAL with a one-line reason in why (if why is not NULL).
 */
int ippon_win_check(const ippon_rules *rules, const ippon_win *win, char *why, int why_cap);

/*
 * Scores a win. Returns 0 with *out filled (result WIN, NO_YAKU or NO_WIN), or a negative
 * error from ippon_win_check for an impossible situation (then *out is zeroed).
 */
int ippon_score_win(const ippon_rules *rules, const ippon_win *win, ippon_score *out);

/* "mangan", "haneman" … or NULL for IPPON_LIMIT_NONE */
const char *ippon_limit_name(int limit);

#endif
