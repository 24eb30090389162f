/*
 * shanten.c — shanten (how many tiles a hand is from tenpai) for the three winning forms,
 * counted by shape alone, exactly as majiang-core's Util.xiangting counts it.
 *
 * Standard form (four sets and a pair): table-driven. Each suit's counts are ranked into a
 * generated table that gives the class of its distance vector — the least number of missing
 * tiles for k = 0..4 sets of that suit, with and without the pair (src/core/tables/
 * gen_shanten_tables.c derives it). The honors (and in 3p the isolated 1m/9m) are looked up by
 * how many kinds hold 1, 2, 3, 4 copies. The vectors are combined by min-plus convolution —
 * itself tabulated over the 164 classes — and shanten = distance(4 − melds sets + pair) − 1.
 * No search, no branches on the hand's shape: about twenty table look-ups.
 *
 * Chiitoitsu: 6 − pairs, plus the singles missing to make seven kinds; a kind held 3 or 4 times
 * is one pair (no two identical pairs). Kokushi: 13 − the terminal/honor kinds held, − 1 if one
 * of them is paired. Both only for a closed hand with no melds.
 *
 * Bad input (a count above 4, more than 14 tiles, melds outside 0..4) gives IPPON_ERANGE, and a
 * man tile 2m–8m under 3p rules IPPON_EILLEGAL; both are below −1, the least shanten.
 */
#include <assert.h>

#include "ippon/shanten.h"
#include "shanten_internal.h"

/* the standard form, for arguments already checked */
static int standard_unchecked(const uint8_t counts[IPPON_KINDS], int melds, bool man_terminals_only)
{
    unsigned suits = shanten_suits_class(counts, man_terminals_only);
    unsigned isolated = ippon_shanten_isolated_class[shanten_isolated_key(counts, man_terminals_only)];
    return ippon_shanten_distance[melds][suits][isolated] - 1;
}

int ippon_shanten_standard(const uint8_t counts[IPPON_KINDS], int melds, bool man_terminals_only)
{
    shanten_scan scan;
    int err = shanten_scan_hand(counts, melds, man_terminals_only, &scan);
    return err < 0 ? err : standard_unchecked(counts, melds, man_terminals_only);
}

int ippon_shanten_chiitoi(const uint8_t counts[IPPON_KINDS])
{
    shanten_scan scan;
    int err = shanten_scan_hand(counts, 0, false, &scan);
    return err < 0 ? err : shanten_chiitoi_of(scan.pairs, scan.singles);
}

int ippon_shanten_kokushi(const uint8_t counts[IPPON_KINDS])
{
    shanten_scan scan;
    int err = shanten_scan_hand(counts, 0, false, &scan);
    return err < 0 ? err : shanten_kokushi_of(scan.kokushi_kinds, scan.kokushi_paired);
}

int ippon_shanten_forms(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                        ippon_shanten_all *out)
{
    assert(counts && out);
    bool man_terminals_only = rules && rules->man_terminals_only;
    shanten_scan scan;
    int err = shanten_scan_hand(counts, melds, man_terminals_only, &scan);
    if (err < 0)
        return err;
    int standard = standard_unchecked(counts, melds, man_terminals_only);
    int chiitoi = melds == 0 ? shanten_chiitoi_of(scan.pairs, scan.singles) : IPPON_SHANTEN_NONE;
    int kokushi = melds == 0 ? shanten_kokushi_of(scan.kokushi_kinds, scan.kokushi_paired) : IPPON_SHANTEN_NONE;
    int best = standard;
    best = chiitoi < best ? chiitoi : best;
    best = kokushi < best ? kokushi : best;
    out->shanten = (int8_t)best;
    out->standard = (int8_t)standard;
    out->chiitoi = (int8_t)chiitoi;
    out->kokushi = (int8_t)kokushi;
    return best;
}

int ippon_shanten(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules)
{
    ippon_shanten_all all;
    return ippon_shanten_forms(counts, melds, rules, &all);
}
