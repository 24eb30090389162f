/*
 * review_position.c — a seat's position at a discard decision, read from its view
 * (ippon_review_position_from_view): its tiles, its melds, the copies it cannot see and the kinds
 * it may discard.
 */
#include <string.h>

#include "ippon/error.h"
#include "ippon/review.h"

int ippon_review_position_from_view(const ippon_view *v, const ippon_rules *rules, ippon_review_position *pos)
{
    memset(pos, 0, sizeof *pos);
    if (v->phase != IPPON_PHASE_TURN || v->turn != v->seat || v->seat >= v->players || v->n_hand % 3 != 2)
        return IPPON_EILLEGAL;
    for (int i = 0; i < v->n_hand; i++)
        pos->concealed[ippon_tile_kind(v->hand[i])]++;
    pos->melds = v->seats[v->seat].n_melds;
    uint8_t seen[IPPON_KINDS];
    ippon_view_seen(v, seen);
    for (int k = 0; k < IPPON_KINDS; k++) {
        if (seen[k] > 4)
            return IPPON_ERANGE;
        pos->unseen[k] = ippon_rules_has_kind(rules, k) ? (uint8_t)(4 - seen[k]) : 0;
    }
    for (int i = 0; i < v->n_legal; i++)
        if (v->legal[i].type == IPPON_ACT_DISCARD)
            pos->legal |= UINT64_C(1) << ippon_tile_kind(v->legal[i].tile);
    return 0;
}
