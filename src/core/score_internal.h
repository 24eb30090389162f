/*
 * score_internal.h — what the scoring files share inside the core: the reading-independent
 * facts about a winning hand, one reading as the scorer sees it (the four sets with their
 * concealment, the pair and the wait), and the functions that count its yaku, fu and points.
 * Not a public header.
 */
#ifndef IPPON_SCORE_INTERNAL_H
#define IPPON_SCORE_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>

#include "ippon/rules.h"
#include "ippon/score.h"

enum group_shape { GROUP_SEQUENCE, GROUP_TRIPLET, GROUP_KAN };

/* one set of a reading */
struct group {
    uint8_t kind;      /* lowest kind of a sequence, else the kind */
    uint8_t shape;     /* enum group_shape */
    bool concealed;    /* counts as concealed for fu and ankou (ankan, or a hand triplet not
                          completed by a ron tile) */
};

/* one reading of the whole hand */
struct reading {
    struct group sets[4];
    uint8_t pair;
    uint8_t wait;      /* enum ippon_wait */
    uint8_t shape;     /* READING_STANDARD, _CHIITOI or _KOKUSHI */
};
enum { READING_STANDARD, READING_CHIITOI, READING_KOKUSHI };

/* yaku as the score lists them, with their han */
struct yaku_list {
    ippon_yaku_han yaku[24];
    uint8_t n_yaku;
    int han;
};

/* what one reading is worth before dora: its yakuman (those kept), or else its own ordinary
   yaku — those every reading shares are in hand_facts.common — as bits of enum ippon_yaku;
   the yakuhai are not among the bits, only in han */
struct tally {
    uint64_t yaku;
    uint64_t yakuman_found; /* every yakuman of the reading, also those not kept because yakuman
                               do not stack (rules->yakuman_stack false): pao looks among them */
    int han;       /* the reading's own ordinary yaku; 0 = none */
    int yakuman;   /* total multiplier */
};

/* facts that do not depend on the reading */
struct hand_facts {
    uint8_t closed[IPPON_KINDS];  /* concealed tiles with the winning tile */
    uint8_t all[IPPON_KINDS];     /* closed plus every meld's tiles (a kan counts 4) */
    uint64_t closed_present;      /* bit k set when closed[k] > 0 */
    bool menzen;                  /* no chi, pon, daiminkan or kakan */
    uint8_t n_kans;
    bool all_simples, all_yaochu, all_honors, all_terminals, all_green;
    uint8_t suits;                /* bit s set when suit s (0 m, 1 p, 2 s, 3 honors) appears */
    uint8_t dora, ura, aka;       /* kita counts inside dora/ura where North is pointed at */
    uint8_t seat_wind_kind, round_wind_kind;
    uint8_t chuuren;              /* 0, 1 = chuuren poutou, 2 = junsei (9-sided) */
    uint64_t yakuman;             /* the yakuman every reading shares (tenhou, colours, chuuren), as bits */
    struct yaku_list common;      /* the ordinary yaku every reading shares (situation, colours) */
};


/* ippon_score_win without the input check, for callers that only build possible situations */
void ippon_score_unchecked(const ippon_rules *rules, const ippon_win *win, ippon_score *out);

void ippon_facts_build(const ippon_rules *rules, const ippon_win *win, struct hand_facts *facts);
/* the yaku of a reading: yakuman if any, else the reading's own ordinary yaku (not the shared
   ones in facts->common, not dora) */
void ippon_yaku_count(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *facts,
                      const struct reading *r, struct tally *t);
/* the yaku list of a reading counted by ippon_yaku_count: its yakuman, or the shared yaku then
   its own (without dora); returns the length */
int ippon_yaku_list(const ippon_rules *rules, const struct hand_facts *facts, const struct reading *r,
                    const struct tally *t, ippon_yaku_han list[24]);
/* the fu of a reading, rounded; pinfu says whether the reading took pinfu */
int ippon_fu_count(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *facts,
                   const struct reading *r, bool pinfu);
/* basic points after limits, and its limit name */
int ippon_base_points(const ippon_rules *rules, int han, int fu, int yakuman, uint8_t *limit);
/* how many yakuman one yakuman (enum ippon_yaku) is worth under the rules: 1, or 2 for the
   double ones when rules->double_yakuman_single */
int ippon_yakuman_mult(const ippon_rules *rules, int yaku);
/*
 * Finds the liabilities (RULES.md §7) for the yakuman of the kept reading, `found` (bits of enum
 * ippon_yaku: all of the reading's yakuman, also those not counted when yakuman do not stack), in
 * a hand worth `hand_yakuman` yakuman. Each liable player answers for their yakuman's own value,
 * pao_mult (1 or 2), taken out of the hand's value in the order the liabilities arose; when
 * yakuman do not stack and the hand is worth less than its yakuman together, a later liability
 * gets only what is left, and one left with nothing is no liability. Returns how many (0–2),
 * the first established first.
 */
int ippon_pao_find(const ippon_rules *rules, const ippon_win *win, uint64_t found, int hand_yakuman,
                   ippon_pao pao[2], int pao_mult[2]);
/* fills total, payments, honba_points and stick_points (pao, honba and sticks included); out->payments
   must be zero */
void ippon_settle(const ippon_rules *rules, const ippon_win *win, int base, const ippon_pao *pao,
                  const int *pao_mult, int n_pao, ippon_score *out);

#endif
