/*
 * wait.c — the waits of a tenpai hand (machi), ukeire for bots, and the karaten filter.
 *
 * A kind is a wait when one more tile of it brings the shanten to −1; it is ukeire when one
 * more tile of it lowers the shanten at all. Rather than recompute the whole hand 34 times,
 * the standard form is done per suit: the classes of the other suits are convolved once, and
 * for each kind of the suit only the suit's own class is looked up again for the pattern with
 * one more tile (two rank look-ups), then combined with that (two byte look-ups per kind).
 * Chiitoitsu and kokushi are updated from their counts (pairs, singles, kokushi kinds) in
 * constant time.
 *
 * Karaten (RULES.md §4) is a separate filter: a wait counts only while at least one copy of it
 * is outside what the rules call the player's own tiles.
 */
#include "ippon/shanten.h"
#include "shanten_internal.h"

/* the part of a hand the incremental search keeps fixed */
struct hand_view {
    const uint8_t *counts;
    int melds;
    bool man_terminals_only;
    /* closed[y][c]: the least shanten of chiitoitsu and kokushi after one more tile of a kind
     * held c times (c = 0..3) that is (y = 1) or is not (y = 0) a terminal or honor;
     * IPPON_SHANTEN_NONE with melds */
    int8_t closed[2][4];
};

static void closed_forms_after(struct hand_view *h, const shanten_scan *scan)
{
    for (int y = 0; y < 2; y++)
        for (int c = 0; c < 4; c++) {
            int best = IPPON_SHANTEN_NONE;
            if (h->melds == 0) {
                best = shanten_chiitoi_of(scan->pairs + (c == 1), scan->singles + (c == 0) - (c == 1));
                int k = shanten_kokushi_of(scan->kokushi_kinds + (c == 0), scan->kokushi_paired || c == 1);
                best = y && k < best ? k : best;
            }
            h->closed[y][c] = (int8_t)best;
        }
}

/*
 * Bit k set when one more tile of kind k gives a shanten below `target`, for the nine kinds of
 * the suit from `first`; `rest` is the class of the other two suits, `isolated` the isolated one.
 * The rank of the suit with one more tile of kind i moves the base-5 number of c[0..3] (i < 4)
 * or of c[4..8] and their tile count (i ≥ 4) by one step, so it costs two look-ups.
 */
static uint64_t suit_improvers(const struct hand_view *h, int first, unsigned rest, unsigned isolated, int target)
{
    static const uint16_t step[9] = { 1, 5, 25, 125, 1, 5, 25, 125, 625 };
    const uint8_t *c = h->counts + first;
    unsigned high = ((c[3] * 5u + c[2]) * 5u + c[1]) * 5u + c[0];
    unsigned low = (((c[8] * 5u + c[7]) * 5u + c[6]) * 5u + c[5]) * 5u + c[4];
    unsigned low_tiles = (unsigned)c[4] + c[5] + c[6] + c[7] + c[8];
    const uint8_t(*distance)[SHANTEN_ISOLATED_CLASSES] = ippon_shanten_distance[h->melds];
    uint64_t bits = 0;
    for (int i = 0; i < 9; i++) {
        if (c[i] >= 4)
            continue;
        uint32_t rank = i < 4 ? ippon_shanten_rank_high[high + step[i]][low_tiles] + ippon_shanten_rank_low[low]
                              : ippon_shanten_rank_high[high][low_tiles + 1] + ippon_shanten_rank_low[low + step[i]];
        unsigned suits = ippon_shanten_convolve[rest][ippon_shanten_suit_class[rank]];
        int s = distance[suits][isolated] - 1;
        int cf = h->closed[i == 0 || i == 8][c[i]];
        if ((cf < s ? cf : s) < target)
            bits |= UINT64_C(1) << (first + i);
    }
    return bits;
}

/* the same for the isolated kinds (honors, and 1m/9m in 3p); `suits` is the suits' class */
static uint64_t isolated_improvers(const struct hand_view *h, unsigned suits, int target)
{
    static const uint8_t honors_and_man_terminals[9] = { 27, 28, 29, 30, 31, 32, 33, IPPON_1M, IPPON_9M };
    unsigned key = shanten_isolated_key(h->counts, h->man_terminals_only);
    int n = h->man_terminals_only ? 9 : 7;
    uint64_t bits = 0;
    for (int i = 0; i < n; i++) {
        int kind = honors_and_man_terminals[i], c = h->counts[kind];
        if (c >= 4)
            continue;
        unsigned after = key - shanten_isolated_weight[c] + shanten_isolated_weight[c + 1];
        int s = ippon_shanten_distance[h->melds][suits][ippon_shanten_isolated_class[after]] - 1;
        int cf = h->closed[1][c];
        if ((cf < s ? cf : s) < target)
            bits |= UINT64_C(1) << kind;
    }
    return bits;
}

/* the kinds that bring the shanten below `target`, for a checked hand of at most 13 tiles */
static uint64_t improvers(const uint8_t counts[IPPON_KINDS], int melds, bool man_terminals_only,
                          const shanten_scan *scan, int target)
{
    struct hand_view h = { .counts = counts, .melds = melds, .man_terminals_only = man_terminals_only };
    closed_forms_after(&h, scan);

    const uint8_t(*conv)[SHANTEN_SUIT_CLASSES] = ippon_shanten_convolve;
    /* in 3p 1m/9m are isolated kinds and the man suit counts as empty (class 0) */
    unsigned man = man_terminals_only ? 0 : shanten_suit_class(counts + IPPON_1M);
    unsigned pin = shanten_suit_class(counts + IPPON_1P);
    unsigned sou = shanten_suit_class(counts + IPPON_1S);
    unsigned isolated = ippon_shanten_isolated_class[shanten_isolated_key(counts, man_terminals_only)];

    uint64_t bits = 0;
    if (!man_terminals_only)
        bits |= suit_improvers(&h, IPPON_1M, conv[pin][sou], isolated, target);
    bits |= suit_improvers(&h, IPPON_1P, conv[man][sou], isolated, target);
    bits |= suit_improvers(&h, IPPON_1S, conv[man][pin], isolated, target);
    bits |= isolated_improvers(&h, conv[conv[man][pin]][sou], target);
    return bits;
}

uint64_t ippon_ukeire_known(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules, int shanten)
{
    bool man_terminals_only = rules && rules->man_terminals_only;
    shanten_scan scan;
    if (shanten_scan_hand(counts, melds, man_terminals_only, &scan) < 0 || scan.tiles > 13)
        return 0;
    return improvers(counts, melds, man_terminals_only, &scan, shanten);
}

uint64_t ippon_ukeire(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules)
{
    return ippon_ukeire_known(counts, melds, rules, ippon_shanten(counts, melds, rules));
}

uint64_t ippon_waits(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules)
{
    bool man_terminals_only = rules && rules->man_terminals_only;
    shanten_scan scan;
    if (shanten_scan_hand(counts, melds, man_terminals_only, &scan) < 0 || scan.tiles + 3 * melds != 13)
        return 0;
    if (ippon_shanten(counts, melds, rules) != 0)
        return 0;
    return improvers(counts, melds, man_terminals_only, &scan, 0);
}

/* the shanten of the chiitoitsu and kokushi forms after one tile of `kind` (held c times) leaves */
static int closed_forms_without(const shanten_scan *scan, int yaochu_paired, int kind, int c)
{
    int pairs = scan->pairs - (c == 2), singles = scan->singles - (c == 1) + (c == 2);
    int best = shanten_chiitoi_of(pairs, singles);
    if (ippon_kind_is_yaochu(kind)) {
        int k = shanten_kokushi_of(scan->kokushi_kinds - (c == 1), yaochu_paired - (c == 2) > 0);
        best = k < best ? k : best;
    } else {
        int k = shanten_kokushi_of(scan->kokushi_kinds, yaochu_paired > 0);
        best = k < best ? k : best;
    }
    return best;
}

/* out[first+i]: the standard-form shanten after one tile of suit kind first+i leaves, for each kind
   the suit holds; `rest` is the class of the other two suits, `isolated` the isolated class */
static void suit_without(const uint8_t *counts, int first, int melds, unsigned rest, unsigned isolated, int8_t *out)
{
    static const uint16_t step[9] = { 1, 5, 25, 125, 1, 5, 25, 125, 625 };
    const uint8_t *c = counts + first;
    unsigned high = ((c[3] * 5u + c[2]) * 5u + c[1]) * 5u + c[0];
    unsigned low = (((c[8] * 5u + c[7]) * 5u + c[6]) * 5u + c[5]) * 5u + c[4];
    unsigned low_tiles = (unsigned)c[4] + c[5] + c[6] + c[7] + c[8];
    const uint8_t(*distance)[SHANTEN_ISOLATED_CLASSES] = ippon_shanten_distance[melds];
    for (int i = 0; i < 9; i++) {
        if (!c[i])
            continue;
        uint32_t rank = i < 4 ? ippon_shanten_rank_high[high - step[i]][low_tiles] + ippon_shanten_rank_low[low]
                              : ippon_shanten_rank_high[high][low_tiles - 1] + ippon_shanten_rank_low[low - step[i]];
        unsigned suits = ippon_shanten_convolve[rest][ippon_shanten_suit_class[rank]];
        out[first + i] = (int8_t)(distance[suits][isolated] - 1);
    }
}

int ippon_shanten_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules, int8_t out[IPPON_KINDS])
{
    bool man_terminals_only = rules && rules->man_terminals_only;
    shanten_scan scan;
    int err = shanten_scan_hand(counts, melds, man_terminals_only, &scan);
    memset(out, IPPON_SHANTEN_NONE, IPPON_KINDS);
    if (err < 0)
        return err;
    const uint8_t(*conv)[SHANTEN_SUIT_CLASSES] = ippon_shanten_convolve;
    unsigned man = man_terminals_only ? 0 : shanten_suit_class(counts + IPPON_1M);
    unsigned pin = shanten_suit_class(counts + IPPON_1P);
    unsigned sou = shanten_suit_class(counts + IPPON_1S);
    unsigned key = shanten_isolated_key(counts, man_terminals_only);
    unsigned isolated = ippon_shanten_isolated_class[key];
    unsigned suits = conv[conv[man][pin]][sou];
    if (!man_terminals_only)
        suit_without(counts, IPPON_1M, melds, conv[pin][sou], isolated, out);
    suit_without(counts, IPPON_1P, melds, conv[man][sou], isolated, out);
    suit_without(counts, IPPON_1S, melds, conv[man][pin], isolated, out);
    static const uint8_t isolated_kinds[9] = { 27, 28, 29, 30, 31, 32, 33, IPPON_1M, IPPON_9M };
    for (int i = 0; i < (man_terminals_only ? 9 : 7); i++) {
        int k = isolated_kinds[i], c = counts[k];
        if (!c)
            continue;
        unsigned after = key - shanten_isolated_weight[c] + shanten_isolated_weight[c - 1];
        out[k] = (int8_t)(ippon_shanten_distance[melds][suits][ippon_shanten_isolated_class[after]] - 1);
    }
    /* chiitoitsu and kokushi may do better; a discard never brings a form below the shanten the
       14 tiles have in it, so when that is no better than every standard result, skip them */
    int worst = -1;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (counts[k] && out[k] > worst)
            worst = out[k];
    int chiitoi = shanten_chiitoi_of(scan.pairs, scan.singles);
    int kokushi = shanten_kokushi_of(scan.kokushi_kinds, scan.kokushi_paired);
    if (melds == 0 && (chiitoi < worst || kokushi < worst)) {
        int yaochu_paired = 0;
        for (int k = 0; k < IPPON_KINDS; k++)
            yaochu_paired += counts[k] >= 2 && ippon_kind_is_yaochu(k);
        for (int k = 0; k < IPPON_KINDS; k++) {
            if (!counts[k])
                continue;
            int cf = closed_forms_without(&scan, yaochu_paired, k, counts[k]);
            out[k] = (int8_t)(cf < out[k] ? cf : out[k]);
        }
    }
    return IPPON_OK;
}

uint64_t ippon_waits_live(uint64_t waits, const uint8_t own[IPPON_KINDS])
{
    for (int k = 0; k < IPPON_KINDS; k++)
        if (own[k] >= 4)
            waits &= ~(UINT64_C(1) << k);
    return waits;
}
