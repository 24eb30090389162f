/*
 * wait.c — the waits of a tenpai hand (machi), ukeire for bots, and the karaten filter.
 *
 * A kind is a wait when one more tile of it brings the shanten to −1; it is ukeire when one
 * more tile of it lowers the shanten at all. Rather than recompute the whole hand 34 times,
 * the standard form is done per suit: the classes of the other suits are convolved once, and
 * for each kind of the suit only the suit's own class is looked up again for the pattern with
 * one more tile (two rank look-ups), then combined with that (two byte look-ups per kind).
 * Chiitoitsu and kokushi are updated from their counts (pairs, singles, kokushi kinds) in
 * constant time. For bots, the shanten after each discard comes in one pass, and the ukeire
 * after several discards at once, sharing what a discard leaves unchanged.
 *
 * Karaten (RULES.md §4) is a separate filter: a wait counts only while at least one copy of it
 * is outside what the rules call the player's own tiles.
 */
#include <string.h>

#include "ippon/shanten.h"
#include "counts_internal.h"
#include "shanten_internal.h"

/* closed[y][c]: the least shanten of chiitoitsu and kokushi after one more tile of a kind held
   c times (c = 0..3) that is (y = 1) or is not (y = 0) a terminal or honor, for a closed hand
   (no melds) with this scan */
static void closed_forms_after(int8_t closed[2][4], const shanten_scan *scan)
{
    for (int y = 0; y < 2; y++)
        for (int c = 0; c < 4; c++) {
            int best = shanten_chiitoi_of(scan->pairs + (c == 1), scan->singles + (c == 0) - (c == 1));
            int k = shanten_kokushi_of(scan->kokushi_kinds + (c == 0), scan->kokushi_paired || c == 1);
            best = y && k < best ? k : best;
            closed[y][c] = (int8_t)best;
        }
}

/* how many bits of x are set (baseline x86-64 has no popcount instruction; this is short) */
static int bits_set(uint64_t x)
{
    int n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
}

/* the kinds that exist under the rules (no 2m–8m in 3p) */
static uint64_t existing_kinds(bool man_terminals_only)
{
    uint64_t all = (UINT64_C(1) << IPPON_KINDS) - 1;
    return man_terminals_only ? all & ~UINT64_C(0xFE) : all;
}

/* the kinds (held fewer than four times) whose draw brings chiitoitsu or kokushi below `target`,
   from the closed-form table of the hand; held[c] are the kinds held c times (c = 0..3) */
static uint64_t closed_improvers(const uint64_t held[4], const int8_t closed[2][4], uint64_t kinds, int target)
{
    const uint64_t yaochu = IPPON_TERMINAL_MASK | IPPON_HONOR_MASK;
    uint64_t bits = 0;
    for (unsigned c = 0; c < 4; c++) {
        if (closed[1][c] < target)
            bits |= held[c] & kinds & yaochu;
        if (closed[0][c] < target)
            bits |= held[c] & kinds & ~yaochu;
    }
    return bits;
}

/*
 * Bit k set when one more tile of kind k gives a standard-form shanten below `target`, for the
 * nine kinds of the suit from `first` (c = counts + first; kinds held four times never);
 * `rest` is the class of the other two suits, `isolated` the isolated one. The rank of the suit
 * with one more tile of kind i moves the base-5 number of c[0..3] (i < 4) or of c[4..8] and
 * their tile count (i ≥ 4) by one step, so it costs two look-ups.
 */
static uint64_t suit_improvers(const uint8_t *c, int first, int melds, unsigned rest, unsigned isolated, int target)
{
    static const uint16_t step[9] = { 1, 5, 25, 125, 1, 5, 25, 125, 625 };
    unsigned high = ((c[3] * 5u + c[2]) * 5u + c[1]) * 5u + c[0];
    unsigned low = (((c[8] * 5u + c[7]) * 5u + c[6]) * 5u + c[5]) * 5u + c[4];
    unsigned low_tiles = (unsigned)c[4] + c[5] + c[6] + c[7] + c[8];
    const uint8_t(*distance)[SHANTEN_ISOLATED_CLASSES] = ippon_shanten_distance[melds];
    uint64_t bits = 0;
    for (int i = 0; i < 9; i++) {
        if (c[i] >= 4)
            continue;
        uint32_t rank = i < 4 ? ippon_shanten_rank_high[high + step[i]][low_tiles] + ippon_shanten_rank_low[low]
                              : ippon_shanten_rank_high[high][low_tiles + 1] + ippon_shanten_rank_low[low + step[i]];
        unsigned suits = ippon_shanten_convolve[rest][ippon_shanten_suit_class[rank]];
        bits |= (uint64_t)(distance[suits][isolated] - 1 < target) << (first + i);
    }
    return bits;
}

/* the same for the isolated kinds (honors, and 1m/9m in 3p); `suits` is the suits' class */
static uint64_t isolated_improvers(const uint8_t counts[IPPON_KINDS], bool man_terminals_only, int melds,
                                   unsigned suits, int target)
{
    static const uint8_t honors_and_man_terminals[9] = { 27, 28, 29, 30, 31, 32, 33, IPPON_1M, IPPON_9M };
    unsigned key = shanten_isolated_key(counts, man_terminals_only);
    int n = man_terminals_only ? 9 : 7;
    uint64_t bits = 0;
    for (int i = 0; i < n; i++) {
        int kind = honors_and_man_terminals[i], c = counts[kind];
        if (c >= 4)
            continue;
        unsigned after = key - shanten_isolated_weight[c] + shanten_isolated_weight[c + 1];
        int s = ippon_shanten_distance[melds][suits][ippon_shanten_isolated_class[after]] - 1;
        bits |= (uint64_t)(s < target) << kind;
    }
    return bits;
}

/* the kinds that bring the shanten below `target`, for a checked hand of at most 13 tiles: a
   kind improves when it lowers the standard form or, in a closed hand, chiitoitsu or kokushi */
static uint64_t improvers(const uint8_t counts[IPPON_KINDS], int melds, bool man_terminals_only,
                          const shanten_scan *scan, int target)
{
    const uint8_t(*conv)[SHANTEN_SUIT_CLASSES] = ippon_shanten_convolve;
    /* in 3p 1m/9m are isolated kinds and the man suit counts as empty (class 0) */
    unsigned man = man_terminals_only ? 0 : shanten_suit_class(counts + IPPON_1M);
    unsigned pin = shanten_suit_class(counts + IPPON_1P);
    unsigned sou = shanten_suit_class(counts + IPPON_1S);
    unsigned isolated = ippon_shanten_isolated_class[shanten_isolated_key(counts, man_terminals_only)];

    uint64_t bits = 0;
    if (!man_terminals_only)
        bits |= suit_improvers(counts + IPPON_1M, IPPON_1M, melds, conv[pin][sou], isolated, target);
    bits |= suit_improvers(counts + IPPON_1P, IPPON_1P, melds, conv[man][sou], isolated, target);
    bits |= suit_improvers(counts + IPPON_1S, IPPON_1S, melds, conv[man][pin], isolated, target);
    bits |= isolated_improvers(counts, man_terminals_only, melds, conv[conv[man][pin]][sou], target);
    if (melds == 0) {
        int8_t closed[2][4];
        closed_forms_after(closed, scan);
        uint64_t held[4] = { counts_equal(counts, 0), counts_equal(counts, 1), counts_equal(counts, 2),
                             counts_equal(counts, 3) };
        bits |= closed_improvers(held, closed, existing_kinds(man_terminals_only), target);
    }
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

/* standard-form improvers of one part already worked out for this hand, by context */
struct improvers_memo {
    int n;
    struct { uint16_t rest, isolated; int8_t target; uint64_t bits; } entry[16];
};

static uint64_t *memo_find(struct improvers_memo *memo, unsigned rest, unsigned isolated, int target, bool *found)
{
    for (int i = 0; i < memo->n; i++)
        if (memo->entry[i].rest == rest && memo->entry[i].isolated == isolated && memo->entry[i].target == target) {
            *found = true;
            return &memo->entry[i].bits;
        }
    *found = false;
    if (memo->n == 16)
        return NULL;
    memo->entry[memo->n].rest = (uint16_t)rest;
    memo->entry[memo->n].isolated = (uint16_t)isolated;
    memo->entry[memo->n].target = (int8_t)target;
    return &memo->entry[memo->n++].bits;
}

void ippon_ukeire_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                           const int8_t shanten_after[IPPON_KINDS], uint64_t discards, uint64_t out[IPPON_KINDS])
{
    bool man_terminals_only = rules && rules->man_terminals_only;
    discards &= (UINT64_C(1) << IPPON_KINDS) - 1;
    shanten_scan scan;
    if (shanten_scan_hand(counts, melds, man_terminals_only, &scan) < 0) {
        /* bad counts: one at a time, exactly as asked (a discard may even mend them) */
        for (; discards; discards &= discards - 1) {
            int k = __builtin_ctzll(discards);
            uint8_t c[IPPON_KINDS];
            memcpy(c, counts, IPPON_KINDS);
            c[k] = (uint8_t)(c[k] - (c[k] > 0));
            out[k] = counts[k] ? ippon_ukeire_known(c, melds, rules, shanten_after[k]) : 0;
        }
        return;
    }
    /*
     * As improvers() on the hand without k, sharing what does not change: the classes of the
     * suits k is not in, and — for a suit k is not in — its improvers, which depend only on its
     * own tiles and the classes of the rest (remembered per suit and context).
     */
    const uint8_t(*conv)[SHANTEN_SUIT_CLASSES] = ippon_shanten_convolve;
    unsigned cls[3] = {
        man_terminals_only ? 0 : shanten_suit_class(counts + IPPON_1M),
        shanten_suit_class(counts + IPPON_1P),
        shanten_suit_class(counts + IPPON_1S),
    };
    unsigned key = shanten_isolated_key(counts, man_terminals_only);
    struct improvers_memo memo[4] = { { 0 }, { 0 }, { 0 }, { 0 } }; /* man, pin, sou, isolated */
    uint64_t kinds = existing_kinds(man_terminals_only);
    uint64_t held[5]; /* held[c]: the kinds held c times */
    for (unsigned c = 0; c <= 4; c++)
        held[c] = counts_equal(counts, c);
    int yaochu_paired = bits_set((held[2] | held[3] | held[4]) & (IPPON_TERMINAL_MASK | IPPON_HONOR_MASK));
    for (; discards; discards &= discards - 1) {
        int k = __builtin_ctzll(discards);
        if (!counts[k] || scan.tiles - 1 > 13) {
            out[k] = 0;
            continue;
        }
        int c = counts[k], target = shanten_after[k];
        uint8_t without[IPPON_KINDS];
        memcpy(without, counts, IPPON_KINDS);
        without[k]--;
        /* the part k leaves: a suit (0–2), or the isolated kinds (3; 1m/9m too in 3p) */
        int part = k >= 27 || (man_terminals_only && k < 9) ? 3 : k / 9;
        unsigned c2[3] = { cls[0], cls[1], cls[2] }, key2 = key;
        if (part < 3)
            c2[part] = shanten_suit_class(without + 9 * part);
        else
            key2 = key - shanten_isolated_weight[c] + shanten_isolated_weight[c - 1];
        unsigned isolated = ippon_shanten_isolated_class[key2];
        unsigned rest[3] = { conv[c2[1]][c2[2]], conv[c2[0]][c2[2]], conv[c2[0]][c2[1]] };
        uint64_t bits = 0;
        for (int suit = man_terminals_only ? 1 : 0; suit < 3; suit++) {
            bool found = false;
            uint64_t *m = suit == part ? NULL : memo_find(&memo[suit], rest[suit], isolated, target, &found);
            if (!found) {
                uint64_t b = suit_improvers(without + 9 * suit, 9 * suit, melds, rest[suit], isolated, target);
                if (m)
                    *m = b;
                bits |= b;
            } else {
                bits |= *m;
            }
        }
        unsigned suits = conv[conv[c2[0]][c2[1]]][c2[2]];
        bool found = false;
        uint64_t *m = part == 3 ? NULL : memo_find(&memo[3], suits, 0, target, &found);
        if (!found) {
            uint64_t b = isolated_improvers(without, man_terminals_only, melds, suits, target);
            if (m)
                *m = b;
            bits |= b;
        } else {
            bits |= *m;
        }
        if (melds == 0) {
            /* the scan of the hand without one k, worked out from the scan of the hand */
            bool yaochu = ippon_kind_is_yaochu(k);
            shanten_scan after = {
                .tiles = scan.tiles - 1,
                .pairs = scan.pairs - (c == 2),
                .singles = scan.singles - (c == 1) + (c == 2),
                .kokushi_kinds = scan.kokushi_kinds - (yaochu && c == 1),
                .kokushi_paired = yaochu_paired - (yaochu && c == 2) > 0,
            };
            int8_t closed[2][4];
            closed_forms_after(closed, &after);
            /* the kinds by count without one k: k moves from c to c - 1 */
            uint64_t held_without[4] = { held[0], held[1], held[2], held[3] }, bit = UINT64_C(1) << k;
            if (c < 4)
                held_without[c] &= ~bit;
            held_without[c - 1] |= bit;
            bits |= closed_improvers(held_without, closed, kinds, target);
        }
        out[k] = bits;
    }
}

uint64_t ippon_ukeire(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules)
{
    return ippon_ukeire_known(counts, melds, rules, ippon_shanten(counts, melds, rules));
}

uint64_t shanten_waits(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules, int *shanten_out)
{
    bool man_terminals_only = rules && rules->man_terminals_only;
    shanten_scan scan;
    *shanten_out = SHANTEN_UNKNOWN;
    if (shanten_scan_hand(counts, melds, man_terminals_only, &scan) < 0 || scan.tiles + 3 * melds != 13)
        return 0;
    /* the shanten (as ippon_shanten) from the same scan */
    unsigned isolated = ippon_shanten_isolated_class[shanten_isolated_key(counts, man_terminals_only)];
    int shanten = ippon_shanten_distance[melds][shanten_suits_class(counts, man_terminals_only)][isolated] - 1;
    if (melds == 0) {
        int chiitoi = shanten_chiitoi_of(scan.pairs, scan.singles);
        int kokushi = shanten_kokushi_of(scan.kokushi_kinds, scan.kokushi_paired);
        shanten = chiitoi < shanten ? chiitoi : shanten;
        shanten = kokushi < shanten ? kokushi : shanten;
    }
    *shanten_out = shanten;
    if (shanten != 0)
        return 0;
    return improvers(counts, melds, man_terminals_only, &scan, 0);
}

uint64_t ippon_waits(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules)
{
    int shanten;
    return shanten_waits(counts, melds, rules, &shanten);
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
   the suit holds; `rest` is the class of the other two suits, `isolated` the isolated class.
   Returns the largest of them (-1 when the suit is empty). */
static int suit_without(const uint8_t *counts, int first, int melds, unsigned rest, unsigned isolated, int8_t *out)
{
    static const uint16_t step[9] = { 1, 5, 25, 125, 1, 5, 25, 125, 625 };
    const uint8_t *c = counts + first;
    unsigned high = ((c[3] * 5u + c[2]) * 5u + c[1]) * 5u + c[0];
    unsigned low = (((c[8] * 5u + c[7]) * 5u + c[6]) * 5u + c[5]) * 5u + c[4];
    unsigned low_tiles = (unsigned)c[4] + c[5] + c[6] + c[7] + c[8];
    const uint8_t(*distance)[SHANTEN_ISOLATED_CLASSES] = ippon_shanten_distance[melds];
    int worst = -1;
    for (int i = 0; i < 9; i++) {
        if (!c[i])
            continue;
        uint32_t rank = i < 4 ? ippon_shanten_rank_high[high - step[i]][low_tiles] + ippon_shanten_rank_low[low]
                              : ippon_shanten_rank_high[high][low_tiles - 1] + ippon_shanten_rank_low[low - step[i]];
        unsigned suits = ippon_shanten_convolve[rest][ippon_shanten_suit_class[rank]];
        int s = distance[suits][isolated] - 1;
        out[first + i] = (int8_t)s;
        worst = s > worst ? s : worst;
    }
    return worst;
}

/* ippon_shanten_discards into out; returns the shanten of the hand itself (as ippon_shanten) */
static int shanten_and_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                                int8_t out[IPPON_KINDS])
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
    /* the hand's own shanten, the way ippon_shanten combines the classes */
    unsigned own_suits = conv[man_terminals_only ? pin : conv[man][pin]][sou];
    int shanten = ippon_shanten_distance[melds][own_suits][isolated] - 1;
    int chiitoi = shanten_chiitoi_of(scan.pairs, scan.singles);
    int kokushi = shanten_kokushi_of(scan.kokushi_kinds, scan.kokushi_paired);
    if (melds == 0) {
        shanten = chiitoi < shanten ? chiitoi : shanten;
        shanten = kokushi < shanten ? kokushi : shanten;
    }
    /* worst: the largest standard result over the kinds held */
    int worst = -1;
    if (!man_terminals_only)
        worst = suit_without(counts, IPPON_1M, melds, conv[pin][sou], isolated, out);
    int w = suit_without(counts, IPPON_1P, melds, conv[man][sou], isolated, out);
    worst = w > worst ? w : worst;
    w = suit_without(counts, IPPON_1S, melds, conv[man][pin], isolated, out);
    worst = w > worst ? w : worst;
    static const uint8_t isolated_kinds[9] = { 27, 28, 29, 30, 31, 32, 33, IPPON_1M, IPPON_9M };
    for (int i = 0; i < (man_terminals_only ? 9 : 7); i++) {
        int k = isolated_kinds[i], c = counts[k];
        if (!c)
            continue;
        unsigned after = key - shanten_isolated_weight[c] + shanten_isolated_weight[c - 1];
        int s = ippon_shanten_distance[melds][suits][ippon_shanten_isolated_class[after]] - 1;
        out[k] = (int8_t)s;
        worst = s > worst ? s : worst;
    }
    /* chiitoitsu and kokushi may do better; a discard never brings a form below the shanten the
       14 tiles have in it, so when that is no better than every standard result, skip them */
    if (melds == 0 && (chiitoi < worst || kokushi < worst)) {
        const uint64_t yaochu = IPPON_TERMINAL_MASK | IPPON_HONOR_MASK;
        uint64_t held[5]; /* held[c]: the kinds held c times */
        for (unsigned c = 1; c <= 4; c++)
            held[c] = counts_equal(counts, c);
        int yaochu_paired = bits_set((held[2] | held[3] | held[4]) & yaochu);
        /* the closed forms after a discard depend only on the count and on whether it is a
           terminal or honor: eight cases */
        for (int c = 1; c <= 4; c++)
            for (int y = 0; y < 2; y++) {
                int cf = closed_forms_without(&scan, yaochu_paired, y ? IPPON_EAST : IPPON_5M, c);
                for (uint64_t ks = held[c] & (y ? yaochu : ~yaochu); ks; ks &= ks - 1) {
                    int k = __builtin_ctzll(ks);
                    out[k] = (int8_t)(cf < out[k] ? cf : out[k]);
                }
            }
    }
    return shanten;
}

int ippon_shanten_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules, int8_t out[IPPON_KINDS])
{
    int shanten = shanten_and_discards(counts, melds, rules, out);
    return shanten < -1 ? shanten : IPPON_OK; /* below -1: an error */
}

int ippon_shanten_with_discards(const uint8_t counts[IPPON_KINDS], int melds, const ippon_rules *rules,
                                int8_t out[IPPON_KINDS])
{
    return shanten_and_discards(counts, melds, rules, out);
}

uint64_t ippon_waits_live(uint64_t waits, const uint8_t own[IPPON_KINDS])
{
    for (int k = 0; k < IPPON_KINDS; k++)
        if (own[k] >= 4)
            waits &= ~(UINT64_C(1) << k);
    return waits;
}
