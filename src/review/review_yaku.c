/*
 * review_yaku.c — whether a hand keeps a yaku (review_internal.h): exactly, for a tenpai hand, by
 * asking the core's scorer whether a ron on one of its waits counts a yaku (no riichi, no dora,
 * no situational yaku; review_win_start builds that win, the value of a tenpai hand in
 * review_value.c starts from it too); and, for a hand after a call that is not yet tenpai, by the conservative
 * routes src/review/README.md lists ("Yaku after a call").
 */
#include <string.h>

#include "ippon/score.h"
#include "ippon/shanten.h"
#include "review_internal.h"

void review_win_start(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds, int n_melds,
                      ippon_win *w)
{
    memset(w, 0, sizeof *w);
    memcpy(w->hand, hand, IPPON_KINDS);
    if (n_melds)
        memcpy(w->melds, melds, (size_t)n_melds * sizeof *melds);
    w->n_melds = (uint8_t)n_melds;
    w->seat = (uint8_t)t->wind;
    w->round_wind = (uint8_t)t->round_wind;
    w->from = (int8_t)((t->wind + 1) % t->rules->players);
}

bool review_ron_has_yaku(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds,
                         int n_melds, uint64_t waits)
{
    ippon_win w;
    review_win_start(t, hand, melds, n_melds, &w);
    /* the scorer wants one dora indicator: a kind the hand, its melds and its waits leave alone
       (a dora adds no yaku) */
    uint64_t used = waits;
    for (int i = 0; i < n_melds; i++)
        used |= melds[i].type == IPPON_MELD_CHI ? UINT64_C(7) << melds[i].kind : UINT64_C(1) << melds[i].kind;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (!hand[k] && !(used >> k & 1) && ippon_rules_has_kind(t->rules, k)) {
            w.dora[0] = (uint8_t)k;
            w.n_dora = 1;
            break;
        }
    for (; waits; waits &= waits - 1) {
        w.win = (uint8_t)__builtin_ctzll(waits);
        ippon_score sc;
        if (ippon_score_win(t->rules, &w, &sc) == 0 && sc.result == IPPON_RESULT_WIN)
            return true;
    }
    return false;
}

enum { ROUTE_SLACK = 2 };

bool review_is_yakuhai(const review_table *t, int kind)
{
    return ippon_kind_is_dragon(kind) || kind == 27 + t->wind || kind == 27 + t->round_wind;
}

/* shanten toward four triplets and a pair, the melds being triplets already */
static int toitoi_shanten(const uint8_t hand[IPPON_KINDS], int melds)
{
    int triplets = 0, pairs = 0;
    for (int k = 0; k < IPPON_KINDS; k++) {
        triplets += hand[k] >= 3;
        pairs += hand[k] == 2;
    }
    int sets = melds + triplets, head = pairs > 0;
    int partial = pairs - head < 4 - sets ? pairs - head : 4 - sets;
    return 8 - 2 * sets - (partial > 0 ? partial : 0) - head;
}

/* tiles of the hand outside the kinds of mask */
static int outside(const uint8_t hand[IPPON_KINDS], uint64_t mask)
{
    int n = 0;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (!(mask >> k & 1))
            n += hand[k];
    return n;
}

static uint64_t meld_kinds(const ippon_meld *m)
{
    uint64_t k = UINT64_C(1) << m->kind;
    return m->type == IPPON_MELD_CHI ? k | k << 1 | k << 2 : k;
}

int review_call_yaku(const review_table *t, const uint8_t hand[IPPON_KINDS], const ippon_meld *melds, int n_melds,
                     int shanten)
{
    if (shanten == 0 && review_ron_has_yaku(t, hand, melds, n_melds, ippon_waits(hand, n_melds, t->rules)))
        return IPPON_REVIEW_YAKU_TENPAI;
    uint64_t melded = 0;
    bool all_triplets = true;
    for (int i = 0; i < n_melds; i++) {
        melded |= meld_kinds(&melds[i]);
        all_triplets &= melds[i].type != IPPON_MELD_CHI;
        if (melds[i].type != IPPON_MELD_CHI && review_is_yakuhai(t, melds[i].kind))
            return IPPON_REVIEW_YAKU_YAKUHAI;
    }
    for (int k = 27; k < IPPON_KINDS; k++)
        if (hand[k] >= 2 && review_is_yakuhai(t, k))
            return IPPON_REVIEW_YAKU_YAKUHAI;
    /* a route is open when the tiles it must still replace are at most ROUTE_SLACK more than the
       shanten (a call's hand after a kan has its replacement draw and discard still ahead) */
    const int slack = shanten + ROUTE_SLACK;
    uint64_t simples = ~(IPPON_TERMINAL_MASK | IPPON_HONOR_MASK) & ((UINT64_C(1) << IPPON_KINDS) - 1);
    if (t->rules->open_tanyao && !(melded & ~simples) && outside(hand, simples) <= slack)
        return IPPON_REVIEW_YAKU_TANYAO;
    for (int suit = 0; suit < 3; suit++) {
        uint64_t kinds = (UINT64_C(0x1ff) << 9 * suit) | IPPON_HONOR_MASK;
        if (!(melded & ~kinds) && outside(hand, kinds) <= slack)
            return IPPON_REVIEW_YAKU_HONITSU;
    }
    if (all_triplets && toitoi_shanten(hand, n_melds) <= slack)
        return IPPON_REVIEW_YAKU_TOITOI;
    return IPPON_REVIEW_YAKU_NONE;
}
