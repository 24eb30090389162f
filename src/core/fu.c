/*
 * fu.c — the fu of one reading (RULES.md §6).
 *
 * 20 base; +10 for a closed ron (chankan included); +2 for a tsumo unless the reading is pinfu;
 * the pair (dragon, seat wind, round wind 2 each; a double-wind pair as the rules say); +2 for
 * a kanchan, penchan or tanki wait; each triplet 2 (open simple) / 4 (closed simple, open
 * terminal or honor) / 8 (closed terminal or honor), a kan four times its triplet. Rounded up to
 * the next 10; pinfu tsumo stays 20, seven pairs are always 25, and an open hand that would
 * score 20 scores 30.
 */
#include "ippon/tile.h"
#include "score_internal.h"

static int pair_fu(const ippon_rules *rules, const struct hand_facts *f, int k)
{
    if (ippon_kind_is_dragon(k))
        return 2;
    bool seat = k == f->seat_wind_kind, round = k == f->round_wind_kind;
    if (seat && round)
        return rules->double_wind_pair_fu;
    return (seat || round) ? 2 : 0;
}

static int set_fu(const struct group *g)
{
    if (g->shape == GROUP_SEQUENCE)
        return 0;
    int fu = ippon_kind_is_yaochu(g->kind) ? 4 : 2;
    if (g->concealed)
        fu *= 2;
    if (g->shape == GROUP_KAN)
        fu *= 4;
    return fu;
}

int ippon_fu_count(const ippon_rules *rules, const ippon_win *win, const struct hand_facts *f,
                   const struct reading *r, bool pinfu)
{
    if (r->shape == READING_CHIITOI)
        return 25;
    if (pinfu)
        return win->tsumo ? 20 : 30;
    int fu = 20;
    if (f->menzen && !win->tsumo)
        fu += 10;
    if (win->tsumo)
        fu += 2;
    if (r->shape == READING_KOKUSHI)
        return (fu + 9) / 10 * 10; /* never shown: kokushi is a yakuman */
    fu += pair_fu(rules, f, r->pair);
    if (r->wait == IPPON_WAIT_KANCHAN || r->wait == IPPON_WAIT_PENCHAN || r->wait == IPPON_WAIT_TANKI)
        fu += 2;
    for (int i = 0; i < 4; i++)
        fu += set_fu(&r->sets[i]);
    fu = (fu + 9) / 10 * 10;
    if (fu == 20 && !f->menzen)
        fu = 30;
    return fu;
}
