/*
 * ippon/rules.h — a rule set as data.
 *
 * Every difference between 4-player and 3-player play, and between the product presets and
 * Tenhou's lobby rules, is a field here; the core reads fields, never "is this sanma".
 * Built-in presets: "yonma" and "sanma" (the product, src/core/RULES.md), "tenhou4" and "tenhou3"
 * (Tenhou's ranked rules, for replaying real logs). The JSON presets under config/ are
 * loaded into this same struct by the tools and the server.
 */
#ifndef IPPON_RULES_H
#define IPPON_RULES_H

#include <stdbool.h>
#include <stdint.h>

/* how the karaten test counts "the player's own" copies of a wait */
enum ippon_karaten {
    IPPON_KARATEN_OWN_ALL = 0,    /* concealed hand + melds + kita (src/core/RULES.md §4) */
    IPPON_KARATEN_CONCEALED = 1,  /* only four copies in the concealed hand (Tenhou) */
};

/* what an ankan after riichi must preserve */
enum ippon_riichi_ankan {
    IPPON_RIICHI_ANKAN_STRICT = 0, /* drawn tile only, same waits, a triplet in every reading */
    IPPON_RIICHI_ANKAN_WAITS = 1,  /* drawn tile only, the waits must not change (Tenhou) */
};

typedef struct ippon_rules {
    char name[16];               /* preset name, e.g. "yonma" */
    uint8_t players;             /* 4 or 3 */
    bool man_terminals_only;     /* 3p: no 2m–8m, so no man sequences; 1m ↔ 9m dora cycle */
    uint8_t red_fives[3];        /* red fives per suit m, p, s (0 or 1) */
    bool chi;                    /* chi allowed at all */
    bool kita;                   /* North may be set aside for kita dora */
    int32_t start_points;        /* 25,000 / 35,000 */

    /* scoring */
    uint8_t double_wind_pair_fu; /* fu of a pair that is both seat and round wind: 2 or 4 */
    bool kiriage;                /* 30 fu 4 han and 60 fu 3 han are mangan */
    bool counted_yakuman;        /* 13+ han (all dora and kita included) = yakuman */
    bool double_yakuman_single;  /* 13-sided kokushi, suuankou tanki, junsei chuuren, daisuushii are 2x */
    bool yakuman_stack;          /* different yakuman in one hand add up; false: only the largest
                                    counts, and a liability (pao) still answers for its own
                                    yakuman out of it (points.c) */
    bool open_tanyao;            /* kuitan */
    bool pao_daisangen, pao_daisuushii;
    bool pao_suukantsu;          /* 4th kan a daiminkan */
    int32_t honba_ron;           /* per honba on a ron: 300 / 200 */
    int32_t honba_tsumo_each;    /* per honba from each tsumo payer: 100 */
    bool tsumo_loss;             /* 3p: the absent North seat's share of a tsumo is simply not paid;
                                    false: it is split evenly between the two payers, each
                                    payment rounded up to 100 (src/core/points.c) */
    int32_t riichi_stick;        /* 1,000 */
    int32_t noten_pool;          /* 3,000 / 2,000 */

    /* play */
    uint8_t riichi_min_live;     /* live tiles needed to declare riichi: 4 / 3 */
    int32_t riichi_min_points;   /* points needed to declare riichi: 1,000 */
    uint8_t dead_wall;           /* 14 */
    uint8_t max_kans;            /* 4 */
    uint8_t replacement_tiles;   /* 4 (4p) or 8 (3p, shared by kans and kita) */
    bool open_kan_dora_delayed;  /* daiminkan/kakan indicator revealed at the kan player's next discard */
    bool pending_dora_at_declaration; /* with the delay: a pending indicator is revealed when its player
                                         declares another kan, before any chance to rob it (M.League);
                                         false = only once that next kan stands (Tenhou) */
    uint8_t max_ron_winners;     /* 1 = head bump, 2 = double ron, 3 = triple ron */
    bool triple_ron_aborts;      /* three rons on one tile = abortive draw (Tenhou 4p) */
    bool abortive_draws;         /* kyuushu kyuuhai, suufon renda, suucha riichi, suukaikan */
    bool nagashi_mangan;
    bool kokushi_robs_ankan;     /* chankan on an ankan by a kokushi wait */
    bool kita_ronnable;          /* a North set aside may be ronned (Tenhou 3p) */
    uint8_t karaten;             /* enum ippon_karaten */
    uint8_t riichi_ankan;        /* enum ippon_riichi_ankan */
    bool tobi;                   /* a player below zero ends the game (Tenhou; no effect on results here) */
} ippon_rules;

/* the built-in preset of that name, or NULL */
const ippon_rules *ippon_rules_preset(const char *name);

/* whether a kind exists under these rules (2m–8m do not in 3p) */
static inline bool ippon_rules_has_kind(const ippon_rules *rules, int kind)
{
    if (kind < 0 || kind >= 34)
        return false;
    return !(rules->man_terminals_only && kind > 0 && kind < 8);
}
/* the dora that an indicator of this kind points at (1m → 9m → 1m in 3p) */
int ippon_rules_dora_of(const ippon_rules *rules, int indicator_kind);

/* the tiles of a wall under these rules: four of every kind that exists (136, or 108 without
   2m–8m) */
int ippon_rules_wall_tiles(const ippon_rules *rules);
/* the live tiles when a hand is dealt, the dealer's first draw included: the wall less the dead
   wall and 13 tiles a seat (4p 70, 3p 55) */
int ippon_rules_live_tiles(const ippon_rules *rules);

#endif
