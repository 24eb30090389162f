/*
 * review_hand.c — the figures the decisions beyond discards compare (review_internal.h): the
 * copies a seat cannot see at any moment of its view, the shanten and ukeire of a hand of 3n+1
 * concealed tiles, the best discard of a hand of 3n+2 among the kinds it may discard, and the
 * seat's melds as the scorer reads them.
 */
#include <string.h>

#include "ippon/error.h"
#include "ippon/shanten.h"
#include "review_internal.h"

int review_unseen_from_view(const ippon_view *v, const ippon_rules *rules, uint8_t unseen[IPPON_KINDS])
{
    uint8_t seen[IPPON_KINDS];
    ippon_view_seen(v, seen);
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (seen[k] > 4)
            return IPPON_ERANGE;
        unseen[k] = ippon_rules_has_kind(rules, k) ? (uint8_t)(4 - seen[k]) : 0;
    }
    return 0;
}

void review_figures(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                    const uint8_t unseen[IPPON_KINDS], ippon_review_figures *out)
{
    out->shanten = (int8_t)ippon_shanten(hand, melds, rules);
    out->ukeire = out->shanten >= 0 ? ippon_ukeire_known(hand, melds, rules, out->shanten) : 0;
    out->ukeire_count = review_unseen_of(unseen, out->ukeire);
    out->discard = 255;
}

int review_best_discard(const uint8_t hand[IPPON_KINDS], int melds, const ippon_rules *rules,
                        const uint8_t unseen[IPPON_KINDS], uint64_t legal, ippon_review_figures *out)
{
    int8_t after[IPPON_KINDS];
    int rc = ippon_shanten_discards(hand, melds, rules, after);
    if (rc < 0)
        return rc;
    uint64_t kinds = 0;
    int least = IPPON_SHANTEN_NONE;
    for (int k = 0; k < IPPON_KINDS; k++)
        if (hand[k] && (legal >> k & 1) && after[k] <= least) {
            kinds = after[k] < least ? 0 : kinds;
            kinds |= UINT64_C(1) << k;
            least = after[k];
        }
    if (!kinds)
        return IPPON_EILLEGAL;
    uint64_t ukeire[IPPON_KINDS];
    ippon_ukeire_discards(hand, melds, rules, after, kinds, ukeire);
    out->ukeire_count = -1;
    for (; kinds; kinds &= kinds - 1) {
        int k = __builtin_ctzll(kinds), count = review_unseen_of(unseen, ukeire[k]);
        if (count > out->ukeire_count) {
            out->shanten = (int8_t)least;
            out->ukeire = ukeire[k];
            out->ukeire_count = count;
            out->discard = (uint8_t)k;
        }
    }
    return 0;
}

int review_melds_of_view(const ippon_view *v, ippon_meld out[4])
{
    const ippon_seat_public *me = &v->seats[v->seat];
    for (int i = 0; i < me->n_melds && i < 4; i++) {
        const ippon_meld_tiles *mt = &me->melds[i];
        int lowest = ippon_tile_kind(mt->tiles[0]);
        for (int j = 1; j < mt->n; j++)
            if (ippon_tile_kind(mt->tiles[j]) < lowest)
                lowest = ippon_tile_kind(mt->tiles[j]);
        out[i] = (ippon_meld){
            .type = mt->type,
            .kind = (uint8_t)lowest,
            .called = (uint8_t)(mt->type == IPPON_MELD_ANKAN ? lowest : ippon_tile_kind(mt->called)),
            .from = (int8_t)(mt->from < 0 ? -1 : review_wind(v, mt->from)),
            .kan_seq = mt->kan_seq,
        };
    }
    return me->n_melds;
}

int review_wind(const ippon_view *v, int seat)
{
    return (seat - v->dealer + v->players) % v->players;
}
